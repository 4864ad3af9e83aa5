package com.example.shelf;

/** An ISBN-10: nine digits and a check digit (0-9 or X) whose weighted sum is divisible by 11. */
public final class Isbn {
    private final String digits;

    private Isbn(String digits) {
        this.digits = digits;
    }

    public static Isbn parse(String text) {
        String digits = text.replace("-", "");
        if (digits.length() != 10) {
            throw new IllegalArgumentException("an ISBN has 10 digits: " + text);
        }
        int sum = 0;
        for (int i = 0; i < 10; i++) {
            char c = digits.charAt(i);
            int value;
            if (c >= '0' && c <= '9') {
                value = c - '0';
            } else if (c == 'X' && i == 9) {
                value = 10;
            } else {
                throw new IllegalArgumentException("not a digit: " + c);
            }
            sum += (10 - i) * value;
        }
        if (sum % 11 != 0) {
            throw new IllegalArgumentException("bad check digit: " + text);
        }
        return new Isbn(digits);
    }

    public String group() {
        return digits.substring(0, 1);
    }

    @Override
    public String toString() {
        return digits;
    }
}
