package com.example.modern;

/**
 * Support tickets: how soon they must be answered. Tickets are records; priorities an enum that
 * the rules switch over (switch expressions, compiled through a synthetic {@code $SwitchMap$}).
 */
public final class Triage {

    public enum Priority {
        LOW, NORMAL, HIGH, CRITICAL;

        /** Level 1 (low) to 4 (critical). */
        public static Priority ofLevel(int level) {
            if (level < 1 || level > 4) {
                throw new IllegalArgumentException("no priority level " + level);
            }
            return values()[level - 1];
        }
    }

    public record Ticket(String title, Priority priority, int ageHours) {
        public Ticket {
            if (title == null || title.isEmpty()) {
                throw new IllegalArgumentException("a ticket needs a title");
            }
            if (priority == null) {
                throw new IllegalArgumentException("a ticket needs a priority");
            }
            if (ageHours < 0) {
                throw new IllegalArgumentException("negative age: " + ageHours);
            }
        }
    }

    private final int escalateAfterHours;

    public Triage(int escalateAfterHours) {
        if (escalateAfterHours <= 0) {
            throw new IllegalArgumentException("escalation time must be positive: " + escalateAfterHours);
        }
        this.escalateAfterHours = escalateAfterHours;
    }

    /** A ticket left waiting too long counts one priority higher. */
    public Priority effectivePriority(Ticket ticket) {
        if (ticket.ageHours() < escalateAfterHours) {
            return ticket.priority();
        }
        return switch (ticket.priority()) {
            case LOW -> Priority.NORMAL;
            case NORMAL -> Priority.HIGH;
            case HIGH, CRITICAL -> Priority.CRITICAL;
        };
    }

    /** Hours left to answer; negative when overdue. */
    public int hoursLeft(Ticket ticket) {
        int allowed = switch (effectivePriority(ticket)) {
            case CRITICAL -> 1;
            case HIGH -> 4;
            case NORMAL -> 24;
            case LOW -> 72;
        };
        return allowed - ticket.ageHours();
    }

    /** "[HIGH] Printer on fire (overdue)". */
    public String label(Ticket ticket) {
        int left = hoursLeft(ticket);
        String state = left < 0 ? "overdue" : left == 0 ? "due now" : left + "h left";
        return "[" + effectivePriority(ticket) + "] " + ticket.title() + " (" + state + ")";
    }
}
