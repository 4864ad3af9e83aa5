package com.example.containers;

import java.util.NoSuchElementException;

/**
 * A doubly linked list with a sentinel header: the header's {@code next} is the first element and its
 * {@code previous} the last, so an empty list is the header linked to itself.
 */
public class LinkedList<E> {

    private static final class Entry<E> {
        E element;
        Entry<E> next;
        Entry<E> previous;

        Entry(E element, Entry<E> next, Entry<E> previous) {
            this.element = element;
            this.next = next;
            this.previous = previous;
        }
    }

    private final Entry<E> header = new Entry<>(null, null, null);
    private int size;

    public LinkedList() {
        header.next = header;
        header.previous = header;
    }

    /** Appends {@code element} at the end of the list. */
    public void add(E element) {
        addBefore(element, header);
    }

    /** Removes the first occurrence of {@code o} (which may be null); returns false if there is none. */
    public boolean remove(Object o) {
        if (o == null) {
            for (Entry<E> e = header.next; e != header; e = e.next) {
                if (e.element == null) {
                    unlink(e);
                    return true;
                }
            }
        } else {
            for (Entry<E> e = header.next; e != header; e = e.next) {
                if (o.equals(e.element)) {
                    unlink(e);
                    return true;
                }
            }
        }
        return false;
    }

    /** Removes and returns the last element. */
    public E removeLast() {
        if (size == 0) {
            throw new NoSuchElementException("list is empty");
        }
        Entry<E> last = header.previous;
        unlink(last);
        return last.element;
    }

    public E getFirst() {
        if (size == 0) {
            throw new NoSuchElementException("list is empty");
        }
        return header.next.element;
    }

    public E getLast() {
        if (size == 0) {
            throw new NoSuchElementException("list is empty");
        }
        return header.previous.element;
    }

    public boolean contains(Object o) {
        return indexOf(o) >= 0;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    private int indexOf(Object o) {
        int index = 0;
        for (Entry<E> e = header.next; e != header; e = e.next) {
            if (o == null ? e.element == null : o.equals(e.element)) {
                return index;
            }
            index++;
        }
        return -1;
    }

    private void addBefore(E element, Entry<E> successor) {
        Entry<E> entry = new Entry<>(element, successor, successor.previous);
        entry.previous.next = entry;
        successor.previous = entry;
        size++;
    }

    private void unlink(Entry<E> entry) {
        entry.previous.next = entry.next;
        entry.next.previous = entry.previous;
        size--;
    }
}
