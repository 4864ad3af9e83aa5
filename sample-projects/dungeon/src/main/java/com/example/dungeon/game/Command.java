package com.example.dungeon.game;

import com.example.dungeon.board.Direction;

import java.util.Locale;
import java.util.Objects;

/**
 * A player's typed command, such as {@code move north 3}, {@code wait}, or {@code drink}.
 */
public final class Command {

    /** What a command does. */
    public enum Action {
        MOVE, WAIT, DRINK
    }

    /** The most steps or turns one command may ask for. */
    public static final int MAX_REPEAT = 9;

    private final Action action;
    private final Direction direction;
    private final int count;

    private Command(Action action, Direction direction, int count) {
        this.action = action;
        this.direction = direction;
        this.count = count;
    }

    public static Command move(Direction direction, int steps) {
        if (direction == null) {
            throw new IllegalArgumentException("a move needs a direction");
        }
        return new Command(Action.MOVE, direction, checkCount(steps));
    }

    public static Command waitTurns(int turns) {
        return new Command(Action.WAIT, null, checkCount(turns));
    }

    public static Command drink() {
        return new Command(Action.DRINK, null, 1);
    }

    /**
     * Reads a command. Accepted forms, case-insensitive: {@code move <direction> [steps]} (or
     * {@code go}), {@code wait [turns]}, {@code drink}.
     *
     * @throws IllegalArgumentException if the text is not a valid command
     */
    public static Command parse(String text) {
        if (text == null || text.trim().isEmpty()) {
            throw new IllegalArgumentException("empty command");
        }
        String[] words = text.trim().toLowerCase(Locale.ROOT).split("\\s+");
        switch (words[0]) {
            case "move":
            case "go":
                if (words.length < 2 || words.length > 3) {
                    throw new IllegalArgumentException("usage: move <direction> [steps]");
                }
                return move(Direction.parse(words[1]), words.length == 3 ? parseCount(words[2]) : 1);
            case "wait":
                if (words.length > 2) {
                    throw new IllegalArgumentException("usage: wait [turns]");
                }
                return waitTurns(words.length == 2 ? parseCount(words[1]) : 1);
            case "drink":
                if (words.length != 1) {
                    throw new IllegalArgumentException("usage: drink");
                }
                return drink();
            default:
                throw new IllegalArgumentException("unknown command: " + words[0]);
        }
    }

    private static int parseCount(String word) {
        try {
            return Integer.parseInt(word);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a number: " + word);
        }
    }

    private static int checkCount(int count) {
        if (count < 1 || count > MAX_REPEAT) {
            throw new IllegalArgumentException("count must be between 1 and " + MAX_REPEAT + ": " + count);
        }
        return count;
    }

    public Action getAction() {
        return action;
    }

    /** @return the direction of a move, or {@code null} for other commands. */
    public Direction getDirection() {
        return direction;
    }

    public int getCount() {
        return count;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Command)) {
            return false;
        }
        Command other = (Command) o;
        return action == other.action && direction == other.direction && count == other.count;
    }

    @Override
    public int hashCode() {
        return Objects.hash(action, direction, count);
    }

    @Override
    public String toString() {
        switch (action) {
            case MOVE:
                return "move " + direction.name().toLowerCase(Locale.ROOT) + " " + count;
            case WAIT:
                return "wait " + count;
            default:
                return "drink";
        }
    }
}
