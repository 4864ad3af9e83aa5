package com.example.dungeon.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.example.dungeon.board.Direction;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CommandTest {

    @Test
    void moveWithSteps() {
        Command command = Command.parse("move north 3");
        assertEquals(Command.Action.MOVE, command.getAction());
        assertEquals(Direction.NORTH, command.getDirection());
        assertEquals(3, command.getCount());
    }

    @Test
    void moveDefaultsToOneStep() {
        assertEquals(Command.move(Direction.WEST, 1), Command.parse("  GO  w "));
    }

    @Test
    void waitAndDrink() {
        assertEquals(Command.waitTurns(1), Command.parse("wait"));
        assertEquals(4, Command.parse("wait 4").getCount());
        Command drink = Command.parse("Drink");
        assertEquals(Command.Action.DRINK, drink.getAction());
        assertNull(drink.getDirection());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "jump", "move", "move north two", "move sideways"})
    void rejectsBadCommands(String text) {
        assertThrows(IllegalArgumentException.class, () -> Command.parse(text));
    }
}
