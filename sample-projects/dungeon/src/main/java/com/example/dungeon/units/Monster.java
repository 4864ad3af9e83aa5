package com.example.dungeon.units;

import com.example.dungeon.board.Direction;
import com.example.dungeon.board.Square;
import com.example.dungeon.board.TileType;

import java.util.List;

/**
 * A hostile unit. How a monster walks is decided by its {@link MoveStrategy}; how often, how hard it
 * hits and what it is worth is up to the subclass.
 */
public abstract class Monster extends Unit {

    private final MoveStrategy strategy;

    protected Monster(int maxHitPoints, MoveStrategy strategy) {
        super(maxHitPoints);
        if (strategy == null) {
            throw new IllegalArgumentException("a monster needs a move strategy");
        }
        this.strategy = strategy;
    }

    public MoveStrategy getStrategy() {
        return strategy;
    }

    /**
     * Decides where to step on the given turn.
     *
     * @return the direction to step in, or {@code null} to stay put
     */
    public Direction nextMove(int turn, List<Hero> heroes) {
        if (!isAlive() || !hasSquare() || !isActiveOn(turn)) {
            return null;
        }
        Direction direction = strategy.nextMove(this, heroes);
        if (direction != null) {
            setFacing(direction);
        }
        return direction;
    }

    /**
     * Strikes a hero. Monsters hit wounded heroes one point harder.
     *
     * @return true if the hero died of it
     */
    public boolean attack(Hero hero) {
        if (!isAlive() || !hero.isAlive()) {
            return false;
        }
        int damage = getAttackPower();
        if (hero.isWounded()) {
            damage++;
        }
        return hero.takeDamage(damage);
    }

    /** Monsters keep to plain floor: they cannot open doors and avoid pits. */
    @Override
    public boolean canEnter(Square target) {
        return target.getType() == TileType.FLOOR;
    }

    /** @return whether the monster moves on the given turn; by default it moves every turn. */
    protected boolean isActiveOn(int turn) {
        return true;
    }

    /** @return the points a hero earns for slaying this monster. */
    public abstract int getReward();
}
