package com.example.basics;

/**
 * Branches on string contents.
 */
public final class Strings {

    private Strings() {
    }

    private static final int MAX_SHOWN = 10;

    public static String greet(String name) {
        if (name == null || name.isEmpty()) {
            return "Hello, stranger";
        }
        if (name.equals("admin")) {
            return "Welcome back, administrator";
        }
        if (name.charAt(0) == '@') {
            return "Hello, bot";
        }
        if (name.length() > MAX_SHOWN) {
            return "Hello, " + name.substring(0, MAX_SHOWN) + "...";
        }
        return "Hello, " + name;
    }

    public static boolean isPalindrome(String s) {
        int i = 0;
        int j = s.length() - 1;
        while (i < j) {
            if (s.charAt(i) != s.charAt(j)) {
                return false;
            }
            i++;
            j--;
        }
        return true;
    }
}
