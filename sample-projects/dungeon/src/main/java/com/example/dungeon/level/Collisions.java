package com.example.dungeon.level;

import com.example.dungeon.units.Hero;
import com.example.dungeon.units.Monster;
import com.example.dungeon.units.Unit;

/**
 * Decides what happens when a unit tries to step onto a square where another unit stands.
 */
public class Collisions {

    /**
     * Resolves one unit running into another. Heroes and monsters fight; units of the same side
     * block each other.
     *
     * @return the result for the unit that moved
     */
    public MoveResult collide(Unit mover, Unit other) {
        if (mover instanceof Hero && other instanceof Monster) {
            return heroStrikes((Hero) mover, (Monster) other);
        }
        if (mover instanceof Monster && other instanceof Hero) {
            return monsterStrikes((Monster) mover, (Hero) other);
        }
        return MoveResult.BLOCKED;
    }

    /** The hero hits first; a monster that survives hits back. */
    private MoveResult heroStrikes(Hero hero, Monster monster) {
        if (monster.takeDamage(hero.getAttackPower())) {
            hero.recordKill(monster);
            return MoveResult.KILLED;
        }
        monster.attack(hero);
        return MoveResult.ATTACKED;
    }

    private MoveResult monsterStrikes(Monster monster, Hero hero) {
        return monster.attack(hero) ? MoveResult.KILLED : MoveResult.ATTACKED;
    }
}
