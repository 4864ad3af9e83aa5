package com.example.dungeon.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;

class UnitFactoryTest {

    private final UnitFactory factory = new UnitFactory(new Random(0));

    @Test
    void monstersByMapSymbol() {
        assertTrue(factory.createMonster('G') instanceof Goblin);
        assertTrue(factory.createMonster('T') instanceof Troll);
        assertEquals('T', factory.createMonster('T').getSymbol());
    }

    @Test
    void unknownMonsterSymbol() {
        assertThrows(IllegalArgumentException.class, () -> factory.createMonster('x'));
    }

    @Test
    void heroNeedsAName() {
        assertThrows(IllegalArgumentException.class, () -> factory.createHero(" "));
        assertThrows(IllegalArgumentException.class, () -> factory.createHero(null));
    }
}
