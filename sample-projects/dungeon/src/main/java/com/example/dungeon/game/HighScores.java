package com.example.dungeon.game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A table of the best scores, best first, holding at most a fixed number of entries.
 */
public class HighScores {

    private final int capacity;
    private final List<Score> scores = new ArrayList<>();

    public HighScores(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("the table must hold at least one score");
        }
        this.capacity = capacity;
    }

    /**
     * Reads a table saved with {@link #format()}. Blank lines and lines starting with {@code #} are
     * skipped.
     *
     * @throws IllegalArgumentException if a line is not a valid score
     */
    public static HighScores parse(List<String> lines, int capacity) {
        HighScores table = new HighScores(capacity);
        for (String line : lines) {
            String trimmed = line.trim();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            table.submit(Score.parse(trimmed));
        }
        return table;
    }

    /**
     * Adds a score if it is good enough.
     *
     * @return true if the score is in the table afterwards
     */
    public boolean submit(Score score) {
        if (score == null) {
            throw new IllegalArgumentException("no score given");
        }
        scores.add(score);
        Collections.sort(scores);
        if (scores.size() > capacity) {
            Score dropped = scores.remove(scores.size() - 1);
            return dropped != score;
        }
        return true;
    }

    public int size() {
        return scores.size();
    }

    /** @return the best score, or {@code null} if the table is empty. */
    public Score best() {
        return scores.isEmpty() ? null : scores.get(0);
    }

    /** @return the best {@code n} scores (fewer if the table is shorter), best first. */
    public List<Score> top(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative count: " + n);
        }
        return new ArrayList<>(scores.subList(0, Math.min(n, scores.size())));
    }

    /** @return each player's best points, best player first. */
    public Map<String, Integer> bestByPlayer() {
        Map<String, Integer> best = new LinkedHashMap<>();
        for (Score score : scores) {
            best.putIfAbsent(score.getPlayer(), score.getPoints());
        }
        return best;
    }

    /** @return the names of everyone in the table, sorted. */
    public Set<String> players() {
        return new TreeSet<>(bestByPlayer().keySet());
    }

    /** @return the table as lines of {@code name:points}, best first. */
    public List<String> format() {
        List<String> lines = new ArrayList<>();
        for (Score score : scores) {
            lines.add(score.toString());
        }
        return lines;
    }
}
