package com.example.dungeon.items;

import com.example.dungeon.units.Hero;

/**
 * Opens one door, and is used up doing so.
 */
public class Key implements Item {

    public static final String NAME = "key";

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public char getSymbol() {
        return 'k';
    }

    @Override
    public void collect(Hero hero) {
        hero.getInventory().add(this);
    }
}
