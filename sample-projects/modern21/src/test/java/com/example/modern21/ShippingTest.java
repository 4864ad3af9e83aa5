package com.example.modern21;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.example.modern21.Shipping.Abroad;
import com.example.modern21.Shipping.Destination;
import com.example.modern21.Shipping.Domestic;
import com.example.modern21.Shipping.Item;
import com.example.modern21.Shipping.Order;
import com.example.modern21.Shipping.Pickup;
import com.example.modern21.Shipping.Service;
import com.example.modern21.Shipping.Tier;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShippingTest {

    private static final Item BOOK = new Item("book", 400, 2_000);
    private static final Item LAMP = new Item("lamp", 1_500, 4_000);
    private static final Item STOVE = new Item("stove", 25_000, 90_000);

    private static Order order(Tier tier, Destination destination, Item... items) {
        return new Order(tier, List.of(items), destination);
    }

    @Test
    void validatesItsRecords() {
        assertThrows(IllegalArgumentException.class, () -> new Domestic(null));
        assertThrows(IllegalArgumentException.class, () -> new Domestic("123"));
        assertThrows(IllegalArgumentException.class, () -> new Item("x", 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new Item("x", 1, -1));
    }

    @Test
    void choosesTheService() {
        assertEquals(Service.COUNTER, Shipping.service(order(Tier.GUEST, new Pickup("main"), STOVE)));
        assertEquals(Service.FREIGHT, Shipping.service(order(Tier.GUEST, new Domestic("1234"), STOVE)));
        assertEquals(Service.LETTER, Shipping.service(order(Tier.GUEST, new Domestic("1234"), BOOK)));
        assertEquals(Service.PARCEL, Shipping.service(order(Tier.GUEST, new Domestic("1234"), LAMP)));
        assertEquals(Service.PARCEL, Shipping.service(order(Tier.GUEST, new Abroad("FR", true), BOOK)));
    }

    @Test
    void pricesByDestination() {
        assertEquals(0, Shipping.price(order(Tier.GUEST, new Pickup("main"), BOOK)));
        assertEquals(900, Shipping.price(order(Tier.GUEST, new Domestic("9000"), BOOK)));
        assertEquals(500, Shipping.price(order(Tier.GUEST, new Domestic("1000"), BOOK)));
        assertEquals(1500, Shipping.price(order(Tier.GUEST, new Abroad("FR", true), BOOK)));
        assertEquals(2500, Shipping.price(order(Tier.GUEST, new Abroad("CH", false), BOOK)));
        assertEquals(4000, Shipping.price(order(Tier.GUEST, new Abroad("US", false), BOOK)));
        assertEquals(1500, Shipping.price(order(Tier.GUEST, new Domestic("1000"), STOVE)));
    }

    @Test
    void discountsByTier() {
        assertEquals(0, Shipping.price(order(Tier.PARTNER, new Domestic("1000"), BOOK)));
        assertEquals(0, Shipping.price(order(Tier.MEMBER, new Domestic("1000"), BOOK, LAMP)));
        assertEquals(250, Shipping.price(order(Tier.MEMBER, new Domestic("1000"), BOOK)));
    }

    @Test
    void sortsMessages() {
        assertEquals("empty", Shipping.triage(null));
        assertEquals("empty", Shipping.triage("  "));
        assertEquals("order 42", Shipping.triage("#42"));
        assertEquals("question", Shipping.triage("where is it?"));
        assertEquals("carrier error", Shipping.triage(503));
        assertEquals("status 200", Shipping.triage(200));
        assertEquals("order of 2", Shipping.triage(order(Tier.GUEST, new Pickup("main"), BOOK, LAMP)));
        assertEquals("unknown", Shipping.triage(4.5));
    }
}
