package com.example.dungeon.level;

/**
 * Is told when a level ends. Register one with {@link Level#registerObserver(LevelObserver)}.
 */
public interface LevelObserver {

    /** All gold on the level has been collected. */
    void levelWon();

    /** Every hero on the level is dead. */
    void levelLost();
}
