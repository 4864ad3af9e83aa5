package com.example.dungeon.units;

/**
 * A weak, quick monster.
 */
public class Goblin extends Monster {

    static final int HIT_POINTS = 3;

    Goblin(MoveStrategy strategy) {
        super(HIT_POINTS, strategy);
    }

    @Override
    public int getAttackPower() {
        return 1;
    }

    @Override
    public int getReward() {
        return 10;
    }

    @Override
    public char getSymbol() {
        return 'G';
    }
}
