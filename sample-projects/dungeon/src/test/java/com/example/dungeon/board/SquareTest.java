package com.example.dungeon.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.dungeon.items.Gold;
import com.example.dungeon.items.Key;
import com.example.dungeon.units.Hero;
import com.example.dungeon.units.Monster;
import com.example.dungeon.units.UnitFactory;

import java.util.Random;

import org.junit.jupiter.api.Test;

class SquareTest {

    private final UnitFactory units = new UnitFactory(new Random(1));

    @Test
    void newSquareIsEmptyAndOffTheBoard() {
        Square square = new Square(TileType.FLOOR);
        assertEquals(TileType.FLOOR, square.getType());
        assertFalse(square.isOccupied());
        assertFalse(square.hasItem());
        assertEquals(-1, square.getX());
        assertNull(square.getNeighbour(Direction.NORTH));
    }

    @Test
    void itemCanBePlacedAndTaken() {
        Square square = new Square(TileType.FLOOR);
        Gold gold = new Gold(3);
        square.placeItem(gold);
        assertTrue(square.hasItem());
        assertEquals('$', square.getSymbol());
        assertSame(gold, square.takeItem());
        assertNull(square.takeItem());
    }

    @Test
    void onlyOneItemPerSquare() {
        Square square = new Square(TileType.FLOOR);
        square.placeItem(new Key());
        assertThrows(IllegalStateException.class, () -> square.placeItem(new Gold(1)));
    }

    @Test
    void openingADoorMakesFloor() {
        Square door = new Square(TileType.DOOR);
        door.openDoor();
        assertEquals(TileType.FLOOR, door.getType());
        assertThrows(IllegalStateException.class, door::openDoor);
    }

    @Test
    void unitsAreTrackedAsOccupants() {
        Square square = new Square(TileType.FLOOR);
        Hero hero = units.createHero("ann");
        hero.occupy(square);
        assertTrue(square.isOccupied());
        assertSame(hero, square.findOccupant(Hero.class));
        assertNull(square.findOccupant(Monster.class));
        assertEquals('P', square.getSymbol());

        hero.leaveSquare();
        assertFalse(square.isOccupied());
        assertEquals('.', square.getSymbol());
    }
}
