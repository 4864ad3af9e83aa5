package com.example.dungeon.level;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.dungeon.units.Goblin;
import com.example.dungeon.units.Hero;
import com.example.dungeon.units.Troll;
import com.example.dungeon.units.UnitFactory;

import java.util.Random;

import org.junit.jupiter.api.Test;

class CollisionsTest {

    private final UnitFactory units = new UnitFactory(new Random(2));
    private final Collisions collisions = new Collisions();

    @Test
    void heroHitsMonsterAndGetsHitBack() {
        Hero hero = units.createHero("ann");
        Troll troll = units.createTroll();
        assertEquals(MoveResult.ATTACKED, collisions.collide(hero, troll));
        assertEquals(6, troll.getHitPoints());
        assertEquals(7, hero.getHitPoints());
    }

    @Test
    void monsterHitsHero() {
        Hero hero = units.createHero("ann");
        Goblin goblin = units.createGoblin();
        assertEquals(MoveResult.ATTACKED, collisions.collide(goblin, hero));
        assertEquals(9, hero.getHitPoints());
    }
}
