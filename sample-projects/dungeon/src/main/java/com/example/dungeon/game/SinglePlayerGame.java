package com.example.dungeon.game;

import com.example.dungeon.board.Direction;
import com.example.dungeon.level.Level;
import com.example.dungeon.level.MoveResult;
import com.example.dungeon.units.Hero;

import java.util.Collections;
import java.util.List;

/**
 * A game with one hero. Made by {@link GameFactory}.
 */
public class SinglePlayerGame extends Game {

    private final Hero hero;
    private final Level level;

    SinglePlayerGame(Hero hero, Level level) {
        this.hero = hero;
        this.level = level;
        level.registerHero(hero);
    }

    public Hero getHero() {
        return hero;
    }

    @Override
    public List<Hero> getHeroes() {
        return Collections.singletonList(hero);
    }

    @Override
    public Level getLevel() {
        return level;
    }

    /** Moves the hero one step. */
    public MoveResult move(Direction direction) {
        return move(hero, direction);
    }

    /**
     * Parses and carries out a typed command.
     *
     * @throws IllegalArgumentException if the command cannot be parsed
     */
    public int execute(String commandLine) {
        return execute(hero, Command.parse(commandLine));
    }

    /** @return the hero's score so far. */
    public Score getScore() {
        return scoreOf(hero);
    }
}
