package com.example.shelf;

/** A title with a number of copies, some of them lent out. */
public class Book {
    private final String title;
    private final int copies;
    private int lent;

    public Book(String title, int copies) {
        if (copies < 1) {
            throw new IllegalArgumentException("a book needs a copy");
        }
        this.title = title;
        this.copies = copies;
    }

    public String getTitle() {
        return title;
    }

    public int available() {
        return copies - lent;
    }

    public boolean lend() {
        if (lent == copies) {
            return false;
        }
        lent++;
        Loans.record();
        return true;
    }

    public void giveBack() {
        if (lent == 0) {
            throw new IllegalStateException("no copy of " + title + " is lent");
        }
        lent--;
    }

    /** The title's first letter, for the shelf's index. */
    public char initial() {
        return Character.toUpperCase(title.charAt(0));
    }
}
