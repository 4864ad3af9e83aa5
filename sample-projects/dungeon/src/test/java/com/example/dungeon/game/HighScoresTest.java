package com.example.dungeon.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

class HighScoresTest {

    @Test
    void keepsTheBestScores() {
        HighScores table = new HighScores(2);
        assertTrue(table.submit(new Score("amy", 10)));
        assertTrue(table.submit(new Score("bob", 30)));
        assertTrue(table.submit(new Score("cat", 20)));
        assertFalse(table.submit(new Score("dan", 5)));

        assertEquals(2, table.size());
        assertEquals(Arrays.asList("bob:30", "cat:20"), table.format());
        assertEquals(new Score("bob", 30), table.best());
    }

    @Test
    void parsesSavedTable() {
        HighScores table = HighScores.parse(
                Arrays.asList("# best of the week", "amy:40", "", "bob:55", "amy:70"), 10);
        assertEquals(3, table.size());
        assertEquals(Arrays.asList(new Score("amy", 70), new Score("bob", 55)), table.top(2));

        Map<String, Integer> best = new LinkedHashMap<>();
        best.put("amy", 70);
        best.put("bob", 55);
        assertEquals(best, table.bestByPlayer());
        assertEquals("[amy, bob]", table.players().toString());
    }
}
