package com.example.basics;

/**
 * Day-of-week helpers; days are numbered 1 (Monday) to 7 (Sunday).
 */
public final class Weekday {

    private Weekday() {
    }

    /** Dense switch: compiled to a tableswitch. */
    public static String name(int day) {
        switch (day) {
            case 1:
                return "Monday";
            case 2:
                return "Tuesday";
            case 3:
                return "Wednesday";
            case 4:
                return "Thursday";
            case 5:
                return "Friday";
            case 6:
                return "Saturday";
            case 7:
                return "Sunday";
            default:
                throw new IllegalArgumentException("no such day: " + day);
        }
    }

    /**
     * Sparse switch (compiled to a lookupswitch): the day whose bit is set in a one-day mask,
     * where Monday is bit 0 and Sunday bit 6, or -1 when the mask is not a single day.
     */
    public static int fromFlag(int flag) {
        switch (flag) {
            case 1:
                return 1;
            case 2:
                return 2;
            case 4:
                return 3;
            case 8:
                return 4;
            case 16:
                return 5;
            case 32:
                return 6;
            case 64:
                return 7;
            default:
                return -1;
        }
    }

    /** String switch: parses a three-letter abbreviation such as "tue"; -1 when it is not one. */
    public static int parse(String abbreviation) {
        switch (abbreviation) {
            case "mon":
                return 1;
            case "tue":
                return 2;
            case "wed":
                return 3;
            case "thu":
                return 4;
            case "fri":
                return 5;
            case "sat":
                return 6;
            case "sun":
                return 7;
            default:
                return -1;
        }
    }

    public static boolean isWeekend(int day) {
        return day == 6 || day == 7;
    }
}
