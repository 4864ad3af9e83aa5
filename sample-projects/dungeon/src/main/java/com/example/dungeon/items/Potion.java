package com.example.dungeon.items;

import com.example.dungeon.units.Hero;

/**
 * A healing potion. A wounded hero drinks it at once; a healthy one keeps it for later.
 */
public class Potion implements Item {

    public static final String NAME = "potion";

    private final int strength;

    public Potion(int strength) {
        if (strength <= 0) {
            throw new IllegalArgumentException("a potion must heal something: " + strength);
        }
        this.strength = strength;
    }

    /** @return the hit points this potion restores. */
    public int getStrength() {
        return strength;
    }

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public char getSymbol() {
        return '!';
    }

    @Override
    public void collect(Hero hero) {
        if (hero.isWounded()) {
            hero.heal(strength);
        } else {
            hero.getInventory().add(this);
        }
    }
}
