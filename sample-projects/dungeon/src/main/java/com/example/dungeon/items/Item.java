package com.example.dungeon.items;

import com.example.dungeon.units.Hero;

/**
 * Something lying on the floor that a hero picks up by walking onto it.
 */
public interface Item {

    /** @return a short lower-case name, the same for all items of a kind. */
    String getName();

    /** @return the character that shows this item on a map. */
    char getSymbol();

    /** Gives the item to the hero who stepped on it; what that means depends on the item. */
    void collect(Hero hero);
}
