package com.example.dungeon.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.dungeon.board.Square;
import com.example.dungeon.board.TileType;
import com.example.dungeon.items.Gold;
import com.example.dungeon.items.Key;
import com.example.dungeon.items.Potion;

import java.util.Random;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class HeroTest {

    private final UnitFactory factory = new UnitFactory(new Random(3));
    private Hero hero;

    @BeforeEach
    void createHero() {
        hero = factory.createHero("  Ann ");
    }

    @Test
    void startsHealthyAndPoor() {
        assertEquals("Ann", hero.getName());
        assertEquals(Hero.MAX_HIT_POINTS, hero.getHitPoints());
        assertTrue(hero.isAlive());
        assertFalse(hero.isWounded());
        assertEquals(0, hero.getScore());
        assertTrue(hero.getInventory().isEmpty());
    }

    @Test
    void damageAndHealing() {
        assertFalse(hero.takeDamage(4));
        assertEquals(6, hero.getHitPoints());
        assertTrue(hero.isWounded());
        assertEquals(4, hero.heal(100));
        assertEquals(Hero.MAX_HIT_POINTS, hero.getHitPoints());
    }

    @Test
    void dyingTakesTheHeroOffTheBoard() {
        Square square = new Square(TileType.FLOOR);
        hero.occupy(square);
        assertTrue(hero.takeDamage(50));
        assertFalse(hero.isAlive());
        assertFalse(hero.hasSquare());
        assertFalse(square.isOccupied());
        assertEquals(0, hero.heal(5));
        assertFalse(hero.takeDamage(1));
    }

    @Test
    void goldAddsToTheScore() {
        hero.pickUp(new Gold(25));
        assertEquals(25, hero.getScore());
        assertEquals(25, hero.getInventory().totalGold());
    }

    @Test
    void healthyHeroKeepsPotionForLater() {
        hero.pickUp(new Potion(3));
        assertEquals(1, hero.getInventory().count(Potion.NAME));
        assertFalse(hero.drinkPotion());

        hero.takeDamage(5);
        assertTrue(hero.drinkPotion());
        assertEquals(8, hero.getHitPoints());
        assertTrue(hero.getInventory().isEmpty());
    }

    @Test
    void doorsNeedAKey() {
        Square door = new Square(TileType.DOOR);
        assertFalse(hero.canEnter(door));
        hero.pickUp(new Key());
        assertTrue(hero.canEnter(door));
        assertTrue(hero.useKey());
        assertFalse(hero.useKey());
    }

    @Test
    void killsMakeTheHeroStronger() {
        assertEquals(2, hero.getAttackPower());
        Goblin goblin = factory.createGoblin();
        hero.recordKill(goblin);
        hero.recordKill(goblin);
        assertEquals(3, hero.getAttackPower());
        assertEquals(2, hero.getKills());
        assertEquals(20, hero.getScore());
    }
}
