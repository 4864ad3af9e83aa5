package com.example.modern21;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SequencedMap;
import java.util.SequencedSet;

/**
 * The undo history of a text field, on Java 21's sequenced collections: a bounded undo stack, a
 * redo stack, the recently used words (most recent first) and named checkpoints in order.
 */
public final class EditHistory {

    private final int capacity;
    private final Deque<String> undo = new ArrayDeque<>();
    private final Deque<String> redo = new ArrayDeque<>();
    private final SequencedSet<String> recent = new LinkedHashSet<>();
    private final SequencedMap<String, String> checkpoints = new LinkedHashMap<>();
    private String text = "";

    public EditHistory(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1: " + capacity);
        }
        this.capacity = capacity;
    }

    public String text() {
        return text;
    }

    /** Replaces the text; the old one can be undone (the oldest beyond the capacity is dropped). */
    public void type(String newText) {
        if (newText == null || newText.equals(text)) {
            return;
        }
        undo.addFirst(text);
        if (undo.size() > capacity) {
            undo.removeLast();
        }
        redo.clear();
        text = newText;
        remember(newText);
    }

    private void remember(String word) {
        recent.remove(word);
        recent.addFirst(word);
        if (recent.size() > capacity) {
            recent.removeLast();
        }
    }

    public boolean undo() {
        if (undo.isEmpty()) {
            return false;
        }
        redo.addFirst(text);
        text = undo.removeFirst();
        return true;
    }

    public boolean redo() {
        if (redo.isEmpty()) {
            return false;
        }
        undo.addFirst(text);
        text = redo.removeFirst();
        return true;
    }

    /** The most recently typed text, or null. */
    public String lastTyped() {
        return recent.isEmpty() ? null : recent.getFirst();
    }

    /** The typed texts, oldest first. */
    public List<String> recentOldestFirst() {
        return new ArrayList<>(recent.reversed());
    }

    /** Names the current text; naming it again moves the checkpoint to the end. */
    public void checkpoint(String name) {
        if (checkpoints.containsKey(name)) {
            checkpoints.remove(name);
        }
        checkpoints.putLast(name, text);
    }

    /** Goes back to the latest checkpoint and forgets it; false when there is none. */
    public boolean rollback() {
        if (checkpoints.isEmpty()) {
            return false;
        }
        var latest = checkpoints.pollLastEntry();
        type(latest.getValue());
        return true;
    }

    /** The name of the first checkpoint, or "none". */
    public String firstCheckpoint() {
        return checkpoints.isEmpty() ? "none" : checkpoints.firstEntry().getKey();
    }

    public int undoDepth() {
        return undo.size();
    }
}
