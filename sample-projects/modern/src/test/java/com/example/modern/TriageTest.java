package com.example.modern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.example.modern.Triage.Priority;
import com.example.modern.Triage.Ticket;
import org.junit.jupiter.api.Test;

class TriageTest {

    private final Triage triage = new Triage(48);

    @Test
    void validatesItsInputs() {
        assertThrows(IllegalArgumentException.class, () -> new Triage(0));
        assertThrows(IllegalArgumentException.class, () -> Priority.ofLevel(0));
        assertThrows(IllegalArgumentException.class, () -> Priority.ofLevel(5));
        assertThrows(IllegalArgumentException.class, () -> new Ticket(null, Priority.LOW, 0));
        assertThrows(IllegalArgumentException.class, () -> new Ticket("", Priority.LOW, 0));
        assertThrows(IllegalArgumentException.class, () -> new Ticket("t", null, 0));
        assertThrows(IllegalArgumentException.class, () -> new Ticket("t", Priority.LOW, -1));
    }

    @Test
    void levelsNamePriorities() {
        assertEquals(Priority.LOW, Priority.ofLevel(1));
        assertEquals(Priority.CRITICAL, Priority.ofLevel(4));
    }

    @Test
    void oldTicketsAreEscalated() {
        assertEquals(Priority.LOW, triage.effectivePriority(new Ticket("t", Priority.LOW, 47)));
        assertEquals(Priority.NORMAL, triage.effectivePriority(new Ticket("t", Priority.LOW, 48)));
        assertEquals(Priority.HIGH, triage.effectivePriority(new Ticket("t", Priority.NORMAL, 48)));
        assertEquals(Priority.CRITICAL, triage.effectivePriority(new Ticket("t", Priority.HIGH, 48)));
        assertEquals(Priority.CRITICAL, triage.effectivePriority(new Ticket("t", Priority.CRITICAL, 48)));
    }

    @Test
    void hoursLeftByPriority() {
        assertEquals(72, triage.hoursLeft(new Ticket("t", Priority.LOW, 0)));
        assertEquals(24, triage.hoursLeft(new Ticket("t", Priority.NORMAL, 0)));
        assertEquals(4, triage.hoursLeft(new Ticket("t", Priority.HIGH, 0)));
        assertEquals(1, triage.hoursLeft(new Ticket("t", Priority.CRITICAL, 0)));
    }

    @Test
    void labels() {
        assertEquals("[HIGH] Printer on fire (3h left)", triage.label(new Ticket("Printer on fire", Priority.HIGH, 1)));
        assertEquals("[HIGH] Printer on fire (due now)", triage.label(new Ticket("Printer on fire", Priority.HIGH, 4)));
        assertEquals("[HIGH] Printer on fire (overdue)", triage.label(new Ticket("Printer on fire", Priority.HIGH, 5)));
    }
}
