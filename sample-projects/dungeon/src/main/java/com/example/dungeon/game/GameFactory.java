package com.example.dungeon.game;

import com.example.dungeon.level.Level;
import com.example.dungeon.units.UnitFactory;

/**
 * Creates games.
 */
public class GameFactory {

    private final UnitFactory units;

    public GameFactory(UnitFactory units) {
        this.units = units;
    }

    /**
     * Creates a one-player game on a level that has not started yet; the new hero is placed on the
     * level's first free start square.
     */
    public SinglePlayerGame createSinglePlayerGame(Level level, String heroName) {
        if (level.isInProgress() || level.isFinished()) {
            throw new IllegalStateException("the level has already been played");
        }
        return new SinglePlayerGame(units.createHero(heroName), level);
    }
}
