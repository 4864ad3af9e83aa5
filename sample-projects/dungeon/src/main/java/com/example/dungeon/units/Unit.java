package com.example.dungeon.units;

import com.example.dungeon.board.Direction;
import com.example.dungeon.board.Square;

/**
 * Something that stands on the board and can move, fight and die: the hero or a monster.
 */
public abstract class Unit {

    private Square square;
    private Direction facing = Direction.SOUTH;
    private final int maxHitPoints;
    private int hitPoints;

    protected Unit(int maxHitPoints) {
        if (maxHitPoints <= 0) {
            throw new IllegalArgumentException("hit points must be positive: " + maxHitPoints);
        }
        this.maxHitPoints = maxHitPoints;
        this.hitPoints = maxHitPoints;
    }

    /** @return the square this unit stands on, or {@code null} if it is not on the board. */
    public Square getSquare() {
        return square;
    }

    public boolean hasSquare() {
        return square != null;
    }

    /** Moves this unit onto the target square, leaving the square it was on. */
    public void occupy(Square target) {
        if (target == null) {
            throw new IllegalArgumentException("cannot occupy nothing");
        }
        leaveSquare();
        square = target;
        target.addOccupant(this);
    }

    /** Takes this unit off the board. */
    public void leaveSquare() {
        if (square != null) {
            square.removeOccupant(this);
            square = null;
        }
    }

    public Direction getFacing() {
        return facing;
    }

    public void setFacing(Direction facing) {
        if (facing == null) {
            throw new IllegalArgumentException("a unit must face some direction");
        }
        this.facing = facing;
    }

    /** @return the square this unit is facing, or {@code null} if there is none. */
    public Square squareAhead() {
        if (square == null) {
            return null;
        }
        return square.getNeighbour(facing);
    }

    public int getHitPoints() {
        return hitPoints;
    }

    public int getMaxHitPoints() {
        return maxHitPoints;
    }

    public boolean isAlive() {
        return hitPoints > 0;
    }

    public boolean isWounded() {
        return hitPoints < maxHitPoints;
    }

    /**
     * Loses hit points. A unit that dies is taken off the board.
     *
     * @return true if this blow killed the unit
     */
    public boolean takeDamage(int amount) {
        if (amount < 0) {
            throw new IllegalArgumentException("negative damage: " + amount);
        }
        if (!isAlive()) {
            return false;
        }
        hitPoints = Math.max(0, hitPoints - amount);
        if (hitPoints == 0) {
            leaveSquare();
            return true;
        }
        return false;
    }

    /**
     * Regains hit points, up to the maximum. The dead are not healed.
     *
     * @return the number of hit points actually regained
     */
    public int heal(int amount) {
        if (amount < 0) {
            throw new IllegalArgumentException("negative healing: " + amount);
        }
        if (!isAlive()) {
            return 0;
        }
        int before = hitPoints;
        hitPoints = Math.min(maxHitPoints, hitPoints + amount);
        return hitPoints - before;
    }

    /** @return whether this unit may step onto the square, judging by its tile only. */
    public abstract boolean canEnter(Square target);

    /** @return the damage this unit deals with one blow. */
    public abstract int getAttackPower();

    /** @return the character that shows this unit on a map. */
    public abstract char getSymbol();
}
