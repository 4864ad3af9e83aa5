package com.example.basics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WeekdayTest {

    private static final String[] NAMES = {
        "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"
    };
    private static final String[] ABBREVIATIONS = {"mon", "tue", "wed", "thu", "fri", "sat", "sun"};

    @Test
    void namesAllSevenDays() {
        for (int day = 1; day <= 7; day++) {
            assertEquals(NAMES[day - 1], Weekday.name(day));
        }
    }

    @Test
    void rejectsDaysOutsideTheWeek() {
        assertThrows(IllegalArgumentException.class, () -> Weekday.name(0));
        assertThrows(IllegalArgumentException.class, () -> Weekday.name(8));
    }

    @Test
    void decodesEverySingleDayFlag() {
        for (int day = 1; day <= 7; day++) {
            assertEquals(day, Weekday.fromFlag(1 << (day - 1)));
        }
    }

    @Test
    void flagsThatAreNotOneDayGiveMinusOne() {
        assertEquals(-1, Weekday.fromFlag(0));
        assertEquals(-1, Weekday.fromFlag(3));
        assertEquals(-1, Weekday.fromFlag(128));
    }

    @Test
    void parsesAbbreviations() {
        for (int day = 1; day <= 7; day++) {
            assertEquals(day, Weekday.parse(ABBREVIATIONS[day - 1]));
        }
    }

    @Test
    void unknownAbbreviationsGiveMinusOne() {
        assertEquals(-1, Weekday.parse("Mon"));
        assertEquals(-1, Weekday.parse(""));
    }

    @Test
    void weekendIsSaturdayAndSunday() {
        assertFalse(Weekday.isWeekend(5));
        assertTrue(Weekday.isWeekend(6));
        assertTrue(Weekday.isWeekend(7));
    }
}
