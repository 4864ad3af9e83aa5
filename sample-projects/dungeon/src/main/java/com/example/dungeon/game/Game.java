package com.example.dungeon.game;

import com.example.dungeon.board.Direction;
import com.example.dungeon.level.Level;
import com.example.dungeon.level.MoveResult;
import com.example.dungeon.units.Hero;

import java.util.List;

/**
 * A game being played on one level. Subclasses say who plays; this class runs their commands.
 */
public abstract class Game {

    /** Points for each hit point a hero has left when the level is won. */
    public static final int HEALTH_BONUS = 5;

    /** @return the heroes taking part. */
    public abstract List<Hero> getHeroes();

    /** @return the level being played. */
    public abstract Level getLevel();

    /**
     * Starts or resumes the game. Does nothing if it is running already.
     *
     * @throws IllegalStateException if the game is over
     */
    public void start() {
        if (isInProgress()) {
            return;
        }
        if (isOver()) {
            throw new IllegalStateException("the game is over");
        }
        getLevel().start();
    }

    /** Pauses the game. */
    public void stop() {
        getLevel().stop();
    }

    public boolean isInProgress() {
        return getLevel().isInProgress();
    }

    /** @return true once the level has been won or lost. */
    public boolean isOver() {
        return getLevel().isFinished();
    }

    /** @return true if the game is over and some hero survived it. */
    public boolean isWon() {
        return isOver() && getLevel().isAnyHeroAlive();
    }

    /** Moves a hero one step; ignored while the game is not running. */
    public MoveResult move(Hero hero, Direction direction) {
        if (!isInProgress()) {
            return MoveResult.IGNORED;
        }
        return getLevel().moveHero(hero, direction);
    }

    /**
     * Carries out a command for a hero. A multi-step move stops early at the first step that does
     * anything other than walk, and every command stops when the game ends.
     *
     * @return the number of turns the command used
     */
    public int execute(Hero hero, Command command) {
        if (!isInProgress()) {
            return 0;
        }
        int turns = 0;
        switch (command.getAction()) {
            case MOVE:
                while (turns < command.getCount() && isInProgress()) {
                    MoveResult result = move(hero, command.getDirection());
                    if (result == MoveResult.BLOCKED || result == MoveResult.IGNORED) {
                        break;
                    }
                    turns++;
                    if (result != MoveResult.MOVED) {
                        break;
                    }
                }
                return turns;
            case WAIT:
                while (turns < command.getCount() && isInProgress()) {
                    getLevel().waitTurn();
                    turns++;
                }
                return turns;
            case DRINK:
                if (!hero.drinkPotion()) {
                    return 0;
                }
                getLevel().waitTurn();
                return 1;
            default:
                throw new IllegalArgumentException("unsupported command " + command);
        }
    }

    /**
     * @return the hero's score: points collected, plus a bonus for health left if the game is won
     */
    public Score scoreOf(Hero hero) {
        int points = hero.getScore();
        if (isWon() && hero.isAlive()) {
            points += hero.getHitPoints() * HEALTH_BONUS;
        }
        return new Score(hero.getName(), points);
    }
}
