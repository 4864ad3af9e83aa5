package com.example.modern25;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;

/**
 * A music queue on sequenced collections: songs play from the front, "play next" puts a song at
 * the front, the history keeps the last songs played (most recent last), ratings in the order
 * they were given.
 */
public final class Playlist {

    public record Song(String title, int seconds) {
        public Song {
            if (title == null || title.isEmpty()) {
                throw new IllegalArgumentException("a song needs a title");
            }
            if (seconds <= 0) {
                throw new IllegalArgumentException("a song needs a length");
            }
        }
    }

    private final List<Song> queue = new ArrayList<>();
    private final List<Song> history = new ArrayList<>();
    private final SequencedMap<String, Integer> ratings = new LinkedHashMap<>();
    private final int historySize;

    public Playlist(int historySize) {
        if (historySize < 1) {
            throw new IllegalArgumentException("history size must be at least 1");
        }
        this.historySize = historySize;
    }

    public void add(Song song) {
        queue.addLast(song);
    }

    public void playNext(Song song) {
        queue.remove(song);
        queue.addFirst(song);
    }

    /** Plays the first song of the queue; null when it is empty. */
    public Song play() {
        if (queue.isEmpty()) {
            return null;
        }
        Song song = queue.removeFirst();
        history.addLast(song);
        if (history.size() > historySize) {
            history.removeFirst();
        }
        return song;
    }

    /** The song played before the current one, or null. */
    public Song previous() {
        return history.size() < 2 ? null : history.reversed().get(1);
    }

    public Song upNext() {
        return queue.isEmpty() ? null : queue.getFirst();
    }

    public Song last() {
        return queue.isEmpty() ? null : queue.getLast();
    }

    /** Rates a song from 1 to 5; a new rating moves it to the end. */
    public void rate(String title, int stars) {
        if (stars < 1 || stars > 5) {
            throw new IllegalArgumentException("stars from 1 to 5: " + stars);
        }
        ratings.remove(title);
        ratings.putLast(title, stars);
    }

    /** The title rated most recently, or "none". */
    public String lastRated() {
        return ratings.isEmpty() ? "none" : ratings.lastEntry().getKey();
    }

    public int totalSeconds() {
        int total = 0;
        for (Song song : queue) {
            total += song.seconds();
        }
        return total;
    }
}
