package com.example.shelf;

import java.util.ArrayList;
import java.util.List;

/** Books in the order they were put on the shelf, with at most `capacity` of them. */
public class Shelf {
    private final List<Book> books = new ArrayList<>();
    private final int capacity;

    public Shelf(int capacity) {
        this.capacity = capacity;
    }

    public boolean put(Book book) {
        if (book == null || books.size() >= capacity) {
            return false;
        }
        books.add(book);
        return true;
    }

    public Book find(String title) {
        for (Book book : books) {
            if (book.getTitle().equals(title)) {
                return book;
            }
        }
        return null;
    }

    public int available() {
        int total = 0;
        for (Book book : books) {
            total += book.available();
        }
        return total;
    }

    public int size() {
        return books.size();
    }
}
