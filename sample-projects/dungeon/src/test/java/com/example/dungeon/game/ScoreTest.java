package com.example.dungeon.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ScoreTest {

    @Test
    void parsesNameAndPoints() {
        Score score = Score.parse("alice:120");
        assertEquals("alice", score.getPlayer());
        assertEquals(120, score.getPoints());
        assertEquals("alice:120", score.toString());
    }

    @Test
    void ignoresSpacesAroundParts() {
        assertEquals(new Score("bob", 7), Score.parse(" bob : 7 "));
    }

    @Test
    void rejectsMalformedScores() {
        assertThrows(IllegalArgumentException.class, () -> Score.parse("alice"));
        assertThrows(IllegalArgumentException.class, () -> Score.parse("a:b:3"));
        assertThrows(IllegalArgumentException.class, () -> Score.parse("alice:lots"));
    }

    @Test
    void higherPointsComeFirst() {
        assertTrue(new Score("zed", 50).compareTo(new Score("amy", 10)) < 0);
        assertTrue(new Score("amy", 10).compareTo(new Score("bob", 10)) < 0);
        assertNotEquals(new Score("amy", 10), new Score("amy", 11));
    }
}
