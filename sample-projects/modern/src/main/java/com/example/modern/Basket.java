package com.example.modern;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A shopping basket: lines of (item, quantity, unit price in cents), summed up with streams and
 * lambdas. The lambdas are private methods of this class that the JDK's stream code calls back.
 */
public final class Basket {

    public record Line(String item, int quantity, long unitCents) {
        public Line {
            if (quantity <= 0) {
                throw new IllegalArgumentException("quantity must be positive: " + quantity);
            }
            if (unitCents < 0) {
                throw new IllegalArgumentException("negative price: " + unitCents);
            }
        }

        public long subtotal() {
            return quantity * unitCents;
        }
    }

    private final List<Line> lines = new ArrayList<>();
    private final long freeShippingFromCents;

    public Basket(long freeShippingFromCents) {
        this.freeShippingFromCents = freeShippingFromCents;
    }

    public void add(String item, int quantity, long unitCents) {
        lines.add(new Line(item, quantity, unitCents));
    }

    public int size() {
        return lines.size();
    }

    public long total() {
        return lines.stream().mapToLong(Line::subtotal).sum();
    }

    /** How many lines cost at least `minimumCents` each (per unit). */
    public long countPricierThan(long minimumCents) {
        return lines.stream().filter(line -> line.unitCents() >= minimumCents).count();
    }

    /** Items bought in bulk (at least `bulk` pieces), comma-separated in the order they were added. */
    public String bulkItems(int bulk) {
        if (bulk <= 1) {
            throw new IllegalArgumentException("bulk means more than one: " + bulk);
        }
        return lines.stream()
                .filter(line -> line.quantity() >= bulk)
                .map(line -> line.item() + " x" + line.quantity())
                .collect(Collectors.joining(", "));
    }

    public long shippingCents() {
        if (lines.isEmpty()) {
            return 0;
        }
        return total() >= freeShippingFromCents ? 0 : 495;
    }
}
