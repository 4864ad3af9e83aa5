package com.example.dungeon.units;

/**
 * A big, slow monster: it only moves on even turns, but hits hard, and harder still once it is hurt.
 */
public class Troll extends Monster {

    static final int HIT_POINTS = 8;

    Troll(MoveStrategy strategy) {
        super(HIT_POINTS, strategy);
    }

    @Override
    protected boolean isActiveOn(int turn) {
        return turn % 2 == 0;
    }

    @Override
    public int getAttackPower() {
        return getHitPoints() <= getMaxHitPoints() / 2 ? 4 : 3;
    }

    @Override
    public int getReward() {
        return 50;
    }

    @Override
    public char getSymbol() {
        return 'T';
    }
}
