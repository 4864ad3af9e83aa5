package com.example.containers;

/**
 * Parses decimal numbers, falling back to a default when the text is not one.
 */
public class Catcher {

    public int parseOrDefault(String text, int fallback) {
        try {
            return parse(text);
        } catch (NumberFormatException e) {
            return fallback; // target
        }
    }

    private static int parse(String text) {
        if (text == null || text.isEmpty()) {
            throw new NumberFormatException("no digits");
        }
        int value = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                throw new NumberFormatException("not a digit: " + c);
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
