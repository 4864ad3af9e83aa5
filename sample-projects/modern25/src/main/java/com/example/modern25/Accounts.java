package com.example.modern25;

/**
 * Bank accounts whose constructors check and prepare their arguments before they call the
 * superclass's constructor, and set the fields the superclass's constructor reads (JEP 513:
 * flexible constructor bodies, final in Java 25).
 */
public final class Accounts {

    private Accounts() {
    }

    /** The common part: the superclass constructor asks the subclass for its limit. */
    public abstract static class Account {
        private final String id;
        private final String grade;
        private int balance;

        protected Account(String id) {
            this.id = id;
            this.grade = overdraftLimit() >= 1_000 ? "gold" : overdraftLimit() > 0 ? "silver" : "basic";
        }

        /** How far the balance may go below zero; read by this constructor. */
        protected abstract int overdraftLimit();

        public String id() {
            return id;
        }

        public String grade() {
            return grade;
        }

        public int balance() {
            return balance;
        }

        public void deposit(int amount) {
            if (amount <= 0) {
                throw new IllegalArgumentException("deposit must be positive: " + amount);
            }
            balance += amount;
        }

        /** Takes money out when the limit allows it; false (and nothing changes) otherwise. */
        public boolean withdraw(int amount) {
            if (amount <= 0) {
                throw new IllegalArgumentException("withdrawal must be positive: " + amount);
            }
            if (balance - amount < -overdraftLimit()) {
                return false;
            }
            balance -= amount;
            return true;
        }
    }

    /** A current account: its limit is set before super(...), which reads it. */
    public static final class Current extends Account {
        private static final int MAX_LIMIT = 5_000;
        private final int limit;

        public Current(String owner, int number, int limit) {
            if (owner == null || owner.isBlank()) {
                throw new IllegalArgumentException("an account needs an owner");
            }
            if (number < 0) {
                throw new IllegalArgumentException("negative account number: " + number);
            }
            this.limit = Math.min(Math.max(limit, 0), MAX_LIMIT);
            String id = owner.strip().toUpperCase() + "-" + number;
            super(id);
        }

        /** An account without an overdraft. */
        public Current(String owner, int number) {
            this(owner, number, 0);
        }

        @Override
        protected int overdraftLimit() {
            return limit;
        }
    }

    /** A savings account, made from a text such as "SAV-12": parsed before this(...). */
    public static final class Savings extends Account {
        private final int rate;

        public Savings(String owner, int number, int rate) {
            if (rate < 0 || rate > 20) {
                throw new IllegalArgumentException("rate out of range: " + rate);
            }
            this.rate = rate;
            super("SAV-" + owner + "-" + number);
        }

        public Savings(String reference) {
            int dash = reference.indexOf('-');
            if (dash <= 0) {
                throw new IllegalArgumentException("not a reference: " + reference);
            }
            int number = Integer.parseInt(reference.substring(dash + 1));
            this(reference.substring(0, dash), number, number % 2 == 0 ? 2 : 3);
        }

        @Override
        protected int overdraftLimit() {
            return 0;
        }

        /** A year's interest on the balance, in whole units. */
        public int interest() {
            return balance() > 0 ? balance() * rate / 100 : 0;
        }
    }
}
