package com.example.modern25;

import java.util.List;

/**
 * A robot on a grid, driven by commands: a sealed hierarchy of records parsed from text and
 * executed by pattern switches with guards, on an enum of headings (switches with patterns on an
 * enum compile to SwitchBootstraps.enumSwitch from Java 23 on).
 */
public final class Commands {

    public enum Heading { NORTH, EAST, SOUTH, WEST }

    public sealed interface Command permits Move, Turn, Jump, Stop {}

    public record Move(int steps) implements Command {
        public Move {
            if (steps <= 0) {
                throw new IllegalArgumentException("steps must be positive: " + steps);
            }
        }
    }

    public record Turn(boolean right) implements Command {}

    public record Jump(int x, int y) implements Command {}

    public record Stop() implements Command {}

    public record Robot(int x, int y, Heading heading) {
        public Robot {
            if (heading == null) {
                throw new IllegalArgumentException("a robot needs a heading");
            }
        }
    }

    private Commands() {
    }

    /** "move 3", "left", "right", "jump 2 -1", "stop". */
    public static Command parse(String line) {
        String[] words = line.strip().split(" ");
        return switch (words[0]) {
            case "left" -> new Turn(false);
            case "right" -> new Turn(true);
            case "stop" -> new Stop();
            case String verb when verb.equals("move") && words.length == 2 -> new Move(Integer.parseInt(words[1]));
            case String verb when verb.equals("jump") && words.length == 3 ->
                    new Jump(Integer.parseInt(words[1]), Integer.parseInt(words[2]));
            default -> throw new IllegalArgumentException("unknown command: " + line);
        };
    }

    private static Heading turn(Heading heading, boolean right) {
        return switch (heading) {
            case NORTH -> right ? Heading.EAST : Heading.WEST;
            case EAST -> right ? Heading.SOUTH : Heading.NORTH;
            case WEST -> right ? Heading.NORTH : Heading.SOUTH;
            case Heading south when right -> Heading.WEST;
            default -> Heading.EAST;
        };
    }

    /** The robot after one command; moves stop at the fence of a size x size grid. */
    public static Robot step(Robot robot, Command command, int size) {
        return switch (command) {
            case Move(int steps) when robot.heading() == Heading.NORTH ->
                    new Robot(robot.x(), Math.min(robot.y() + steps, size - 1), robot.heading());
            case Move(int steps) when robot.heading() == Heading.SOUTH ->
                    new Robot(robot.x(), Math.max(robot.y() - steps, 0), robot.heading());
            case Move(int steps) -> new Robot(robot.heading() == Heading.EAST
                    ? Math.min(robot.x() + steps, size - 1) : Math.max(robot.x() - steps, 0), robot.y(), robot.heading());
            case Turn(boolean right) -> new Robot(robot.x(), robot.y(), turn(robot.heading(), right));
            case Jump(int x, int y) when x < 0 || y < 0 || x >= size || y >= size -> robot;
            case Jump(int x, int y) -> new Robot(x, y, robot.heading());
            case Stop s -> robot;
        };
    }

    /** Runs commands until the first stop. */
    public static Robot run(Robot start, List<Command> commands, int size) {
        Robot robot = start;
        for (Command command : commands) {
            if (command instanceof Stop) {
                break;
            }
            robot = step(robot, command, size);
        }
        return robot;
    }
}
