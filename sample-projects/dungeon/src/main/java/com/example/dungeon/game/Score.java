package com.example.dungeon.game;

import java.util.Objects;

/**
 * A player's result, written as {@code name:points}. Scores sort best first, then by name.
 */
public final class Score implements Comparable<Score> {

    private final String player;
    private final int points;

    public Score(String player, int points) {
        if (player == null || player.trim().isEmpty()) {
            throw new IllegalArgumentException("a score needs a player name");
        }
        if (player.indexOf(':') >= 0) {
            throw new IllegalArgumentException("player names cannot contain ':': " + player);
        }
        if (points < 0) {
            throw new IllegalArgumentException("points cannot be negative: " + points);
        }
        this.player = player.trim();
        this.points = points;
    }

    /**
     * Reads a score written as {@code name:points}; spaces around either part are ignored.
     *
     * @throws IllegalArgumentException if the text is not in that form
     */
    public static Score parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("no score given");
        }
        int colon = text.indexOf(':');
        if (colon < 0 || colon != text.lastIndexOf(':')) {
            throw new IllegalArgumentException("expected name:points, got \"" + text + "\"");
        }
        String digits = text.substring(colon + 1).trim();
        int points;
        try {
            points = Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("points are not a number: \"" + digits + "\"");
        }
        return new Score(text.substring(0, colon), points);
    }

    public String getPlayer() {
        return player;
    }

    public int getPoints() {
        return points;
    }

    @Override
    public int compareTo(Score other) {
        if (points != other.points) {
            return Integer.compare(other.points, points);
        }
        return player.compareTo(other.player);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Score)) {
            return false;
        }
        Score other = (Score) o;
        return points == other.points && player.equals(other.player);
    }

    @Override
    public int hashCode() {
        return Objects.hash(player, points);
    }

    @Override
    public String toString() {
        return player + ":" + points;
    }
}
