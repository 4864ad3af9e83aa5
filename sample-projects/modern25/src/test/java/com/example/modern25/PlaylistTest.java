package com.example.modern25;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.example.modern25.Playlist.Song;
import org.junit.jupiter.api.Test;

class PlaylistTest {

    private static final Song INTRO = new Song("intro", 60);
    private static final Song BALLAD = new Song("ballad", 240);
    private static final Song ENCORE = new Song("encore", 180);

    @Test
    void validatesItsArguments() {
        assertThrows(IllegalArgumentException.class, () -> new Playlist(0));
        assertThrows(IllegalArgumentException.class, () -> new Song(null, 1));
        assertThrows(IllegalArgumentException.class, () -> new Song("", 1));
        assertThrows(IllegalArgumentException.class, () -> new Song("a", 0));
        Playlist playlist = new Playlist(1);
        assertThrows(IllegalArgumentException.class, () -> playlist.rate("a", 0));
        assertThrows(IllegalArgumentException.class, () -> playlist.rate("a", 6));
    }

    @Test
    void playsFromTheFront() {
        Playlist playlist = new Playlist(2);
        assertNull(playlist.play());
        assertNull(playlist.upNext());
        assertNull(playlist.last());
        playlist.add(INTRO);
        playlist.add(BALLAD);
        playlist.playNext(ENCORE);
        assertEquals(ENCORE, playlist.upNext());
        assertEquals(BALLAD, playlist.last());
        assertEquals(480, playlist.totalSeconds());
        assertEquals(ENCORE, playlist.play());
        assertNull(playlist.previous());
        playlist.play();
        assertEquals(ENCORE, playlist.previous());
        playlist.play();
        assertEquals(INTRO, playlist.previous());
    }

    @Test
    void remembersTheLatestRating() {
        Playlist playlist = new Playlist(3);
        assertEquals("none", playlist.lastRated());
        playlist.rate("intro", 4);
        playlist.rate("ballad", 5);
        playlist.rate("intro", 3);
        assertEquals("intro", playlist.lastRated());
    }
}
