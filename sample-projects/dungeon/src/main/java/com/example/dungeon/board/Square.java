package com.example.dungeon.board;

import com.example.dungeon.items.Item;
import com.example.dungeon.units.Unit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One cell of the board. A square knows its tile, its neighbours, the units standing on it and at
 * most one item lying on it.
 */
public class Square {

    private TileType type;
    private Item item;
    private final List<Unit> occupants = new ArrayList<>();
    private final Map<Direction, Square> neighbours = new EnumMap<>(Direction.class);
    private int x = -1;
    private int y = -1;

    /** Creates a square that is not on a board yet. */
    public Square(TileType type) {
        if (type == null) {
            throw new IllegalArgumentException("a square needs a tile type");
        }
        this.type = type;
    }

    public TileType getType() {
        return type;
    }

    /** @return the column on the board, or -1 if the square is not on a board. */
    public int getX() {
        return x;
    }

    /** @return the row on the board, or -1 if the square is not on a board. */
    public int getY() {
        return y;
    }

    void place(int column, int row) {
        this.x = column;
        this.y = row;
    }

    void link(Square neighbour, Direction direction) {
        neighbours.put(direction, neighbour);
    }

    /** @return the adjacent square in that direction, or {@code null} at the edge of the board. */
    public Square getNeighbour(Direction direction) {
        return neighbours.get(direction);
    }

    /**
     * Unlocks a door; the square becomes floor.
     *
     * @throws IllegalStateException if this square is not a door
     */
    public void openDoor() {
        if (type != TileType.DOOR) {
            throw new IllegalStateException("not a door: " + this);
        }
        type = TileType.FLOOR;
    }

    /** @return the units on this square, in the order they arrived. */
    public List<Unit> getOccupants() {
        return Collections.unmodifiableList(occupants);
    }

    public boolean isOccupied() {
        return !occupants.isEmpty();
    }

    /** @return the first occupant of the given kind, or {@code null} if there is none. */
    public <T extends Unit> T findOccupant(Class<T> kind) {
        for (Unit unit : occupants) {
            if (kind.isInstance(unit)) {
                return kind.cast(unit);
            }
        }
        return null;
    }

    /**
     * Records that a unit now stands here. Called by {@link Unit#occupy(Square)}, which sets the
     * unit's square first.
     */
    public void addOccupant(Unit unit) {
        if (unit.getSquare() != this) {
            throw new IllegalArgumentException(unit + " is not on " + this);
        }
        if (!occupants.contains(unit)) {
            occupants.add(unit);
        }
    }

    /** Forgets a unit that left this square. */
    public void removeOccupant(Unit unit) {
        occupants.remove(unit);
    }

    public Item getItem() {
        return item;
    }

    public boolean hasItem() {
        return item != null;
    }

    /**
     * Drops an item here.
     *
     * @throws IllegalStateException if there is already an item, or the square is not floor
     */
    public void placeItem(Item newItem) {
        if (newItem == null) {
            throw new IllegalArgumentException("no item given");
        }
        if (item != null) {
            throw new IllegalStateException(this + " already holds " + item.getName());
        }
        if (type != TileType.FLOOR) {
            throw new IllegalStateException("items can only lie on the floor, not on " + type);
        }
        item = newItem;
    }

    /** Removes and returns the item lying here, or {@code null} if there is none. */
    public Item takeItem() {
        Item taken = item;
        item = null;
        return taken;
    }

    /** @return the character that shows this square on a map: a unit, else an item, else the tile. */
    public char getSymbol() {
        if (!occupants.isEmpty()) {
            return occupants.get(occupants.size() - 1).getSymbol();
        }
        if (item != null) {
            return item.getSymbol();
        }
        return type.getSymbol();
    }

    @Override
    public String toString() {
        return type + "(" + x + "," + y + ")";
    }
}
