package com.example.dungeon.items;

import com.example.dungeon.units.Hero;

/**
 * A pile of gold coins. Collecting all gold on a level wins it.
 */
public class Gold implements Item {

    public static final String NAME = "gold";

    private final int amount;

    public Gold(int amount) {
        if (amount <= 0) {
            throw new IllegalArgumentException("gold must be worth something: " + amount);
        }
        this.amount = amount;
    }

    public int getAmount() {
        return amount;
    }

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public char getSymbol() {
        return '$';
    }

    /** Gold counts towards the score and is kept in the inventory. */
    @Override
    public void collect(Hero hero) {
        hero.addScore(amount);
        hero.getInventory().add(this);
    }

    @Override
    public String toString() {
        return amount + " gold";
    }
}
