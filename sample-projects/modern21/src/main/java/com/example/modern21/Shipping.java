package com.example.modern21;

import java.util.List;

/**
 * Shipping rules of a small web shop: where an order goes and who orders decide the price and
 * the service, by guarded pattern switches over a sealed hierarchy of destinations.
 */
public final class Shipping {

    public enum Tier { GUEST, MEMBER, PARTNER }

    public sealed interface Destination permits Domestic, Abroad, Pickup {}

    /** A postcode of four digits. */
    public record Domestic(String postcode) implements Destination {
        public Domestic {
            if (postcode == null || postcode.length() != 4) {
                throw new IllegalArgumentException("a postcode has four digits: " + postcode);
            }
        }
    }

    public record Abroad(String country, boolean insideUnion) implements Destination {}

    public record Pickup(String store) implements Destination {}

    public record Item(String sku, int grams, int cents) {
        public Item {
            if (grams <= 0 || cents < 0) {
                throw new IllegalArgumentException("bad item " + sku);
            }
        }
    }

    public record Order(Tier tier, List<Item> items, Destination destination) {
        public Order {
            items = List.copyOf(items);
        }

        public int grams() {
            int grams = 0;
            for (Item item : items) {
                grams += item.grams();
            }
            return grams;
        }

        public int cents() {
            int cents = 0;
            for (Item item : items) {
                cents += item.cents();
            }
            return cents;
        }
    }

    public enum Service { LETTER, PARCEL, FREIGHT, COUNTER }

    private Shipping() {
    }

    /** The service that carries an order. */
    public static Service service(Order order) {
        return switch (order.destination()) {
            case Pickup p -> Service.COUNTER;
            case Destination d when order.grams() > 20_000 -> Service.FREIGHT;
            case Domestic d when order.grams() <= 500 -> Service.LETTER;
            case Domestic d -> Service.PARCEL;
            case Abroad a -> Service.PARCEL;
        };
    }

    /** The shipping price in cents. */
    public static int price(Order order) {
        int base = switch (order.destination()) {
            case Pickup p -> 0;
            case Domestic(String code) when code.startsWith("9") -> 900;  // the islands
            case Domestic d -> 500;
            case Abroad(String country, boolean union) when union -> 1500;
            case Abroad(String country, boolean union) when country.equals("CH") -> 2500;
            case Abroad a -> 4000;
        };
        if (service(order) == Service.FREIGHT) {
            base *= 3;
        }
        return switch (order.tier()) {
            case PARTNER -> 0;
            case Tier t when t == Tier.MEMBER && order.cents() >= 5_000 -> 0;
            case MEMBER -> base / 2;
            case GUEST -> base;
        };
    }

    /** A customer's message about an order, as the help desk sorts it. */
    public static String triage(Object message) {
        return switch (message) {
            case null -> "empty";
            case String s when s.isBlank() -> "empty";
            case String s when s.startsWith("#") -> "order " + s.substring(1);
            case String s -> "question";
            case Integer code when code >= 500 -> "carrier error";
            case Integer code -> "status " + code;
            case Order o -> "order of " + o.items().size();
            default -> "unknown";
        };
    }
}
