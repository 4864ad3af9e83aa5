package com.example.modern25;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.example.modern25.Commands.Heading;
import com.example.modern25.Commands.Jump;
import com.example.modern25.Commands.Move;
import com.example.modern25.Commands.Robot;
import com.example.modern25.Commands.Stop;
import com.example.modern25.Commands.Turn;
import java.util.List;
import org.junit.jupiter.api.Test;

class CommandsTest {

    private static final Robot CENTRE = new Robot(2, 2, Heading.NORTH);

    @Test
    void validatesItsRecords() {
        assertThrows(IllegalArgumentException.class, () -> new Move(0));
        assertThrows(IllegalArgumentException.class, () -> new Robot(0, 0, null));
    }

    @Test
    void parsesCommands() {
        assertEquals(new Move(3), Commands.parse(" move 3"));
        assertEquals(new Turn(false), Commands.parse("left"));
        assertEquals(new Turn(true), Commands.parse("right"));
        assertEquals(new Jump(2, -1), Commands.parse("jump 2 -1"));
        assertEquals(new Stop(), Commands.parse("stop"));
        assertThrows(IllegalArgumentException.class, () -> Commands.parse("move"));
        assertThrows(IllegalArgumentException.class, () -> Commands.parse("jump 1"));
        assertThrows(IllegalArgumentException.class, () -> Commands.parse("fly"));
    }

    @Test
    void movesUpToTheFence() {
        assertEquals(new Robot(2, 4, Heading.NORTH), Commands.step(CENTRE, new Move(5), 5));
        assertEquals(new Robot(2, 0, Heading.SOUTH), Commands.step(new Robot(2, 2, Heading.SOUTH), new Move(5), 5));
        assertEquals(new Robot(4, 2, Heading.EAST), Commands.step(new Robot(2, 2, Heading.EAST), new Move(5), 5));
        assertEquals(new Robot(0, 2, Heading.WEST), Commands.step(new Robot(2, 2, Heading.WEST), new Move(5), 5));
    }

    @Test
    void turnsBothWays() {
        Heading[] rightOf = {Heading.EAST, Heading.SOUTH, Heading.WEST, Heading.NORTH};
        Heading[] leftOf = {Heading.WEST, Heading.NORTH, Heading.EAST, Heading.SOUTH};
        for (Heading heading : Heading.values()) {
            Robot robot = new Robot(0, 0, heading);
            assertEquals(rightOf[heading.ordinal()], Commands.step(robot, new Turn(true), 5).heading());
            assertEquals(leftOf[heading.ordinal()], Commands.step(robot, new Turn(false), 5).heading());
        }
    }

    @Test
    void jumpsInsideTheGridOnly() {
        assertEquals(new Robot(1, 3, Heading.NORTH), Commands.step(CENTRE, new Jump(1, 3), 5));
        assertSame(CENTRE, Commands.step(CENTRE, new Jump(-1, 0), 5));
        assertSame(CENTRE, Commands.step(CENTRE, new Jump(0, -1), 5));
        assertSame(CENTRE, Commands.step(CENTRE, new Jump(5, 0), 5));
        assertSame(CENTRE, Commands.step(CENTRE, new Jump(0, 5), 5));
        assertSame(CENTRE, Commands.step(CENTRE, new Stop(), 5));
    }

    @Test
    void runsUntilTheFirstStop() {
        Robot end = Commands.run(CENTRE, List.of(new Move(1), new Turn(true), new Stop(), new Move(1)), 5);
        assertEquals(new Robot(2, 3, Heading.EAST), end);
        assertEquals(new Robot(2, 4, Heading.NORTH), Commands.run(CENTRE, List.of(new Move(1), new Move(1)), 5));
    }
}
