package com.example.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class BinSearchTreeTest {

    private BinSearchTree tree;

    /** Builds      50
     *            /    \
     *          30      70
     *         /  \    /
     *       20   40  60
     *                  \
     *                  65
     */
    @BeforeEach
    void buildTree() {
        tree = new BinSearchTree();
        for (int value : new int[] {50, 30, 70, 20, 40, 60, 65}) {
            assertTrue(tree.insert(value));
        }
    }

    @Test
    void newTreeIsEmpty() {
        BinSearchTree empty = new BinSearchTree();
        assertTrue(empty.isEmpty());
        assertFalse(empty.contains(1));
        assertFalse(empty.remove(1));
    }

    @Test
    void containsWhatWasInserted() {
        assertEquals(7, tree.size());
        assertFalse(tree.isEmpty());
        for (int value : new int[] {50, 30, 70, 20, 40, 60, 65}) {
            assertTrue(tree.contains(value));
        }
        assertFalse(tree.contains(45));
    }

    @Test
    void duplicatesAreNotInserted() {
        assertFalse(tree.insert(40));
        assertEquals(7, tree.size());
    }

    @Test
    void removingAMissingValueChangesNothing() {
        assertFalse(tree.remove(45));
        assertFalse(tree.remove(10));
        assertEquals(7, tree.size());
    }

    @Test
    void removeLeaf() {
        assertTrue(tree.remove(20));
        assertFalse(tree.contains(20));
        assertEquals(6, tree.size());
    }

    @Test
    void removeNodeWithOnlyARightChild() {
        assertTrue(tree.remove(60));
        assertTrue(tree.contains(65));
        assertFalse(tree.contains(60));
    }

    @Test
    void removeNodeWithOnlyALeftChild() {
        assertTrue(tree.remove(65));
        assertTrue(tree.remove(70));
        assertTrue(tree.contains(60));
        assertEquals(5, tree.size());
    }

    @Test
    void removeNodeWithTwoChildren() {
        assertTrue(tree.remove(50));
        assertFalse(tree.contains(50));
        for (int value : new int[] {30, 70, 20, 40, 60, 65}) {
            assertTrue(tree.contains(value));
        }
        assertTrue(tree.remove(30));
        assertEquals(5, tree.size());
    }
}
