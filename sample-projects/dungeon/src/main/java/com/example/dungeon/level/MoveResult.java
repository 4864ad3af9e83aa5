package com.example.dungeon.level;

/**
 * What came of a unit's attempt to step.
 */
public enum MoveResult {
    /** The level was not running, or the unit may not move. */
    IGNORED,
    /** A wall, the edge of the board or a friendly unit was in the way. */
    BLOCKED,
    /** The unit stepped onto an empty square. */
    MOVED,
    /** The hero stepped onto an item and took it. */
    PICKED_UP,
    /** The hero used a key on a door; the door is open now but the hero stays where it was. */
    OPENED_DOOR,
    /** The unit struck another one, which survived. */
    ATTACKED,
    /** The unit struck another one dead. */
    KILLED,
    /** The unit walked into a pit. */
    FELL
}
