package com.example.containers;

import java.util.NoSuchElementException;

/**
 * A binomial min-heap of ints: a list of binomial trees ordered by increasing degree, at most one of each degree.
 */
public class BinomialHeap {

    private static final class Node {
        int key;
        int degree;
        Node parent;
        Node child;
        Node sibling;

        Node(int key) {
            this.key = key;
        }
    }

    private Node head;
    private int size;

    public void insert(int key) {
        head = union(head, new Node(key));
        size++;
    }

    /** The smallest key, without removing it. */
    public int min() {
        return minRoot().key;
    }

    /** Removes and returns the smallest key. */
    public int extractMin() {
        Node min = minRoot();
        removeRoot(min);
        return min.key;
    }

    /**
     * Removes one occurrence of {@code key}; returns false if the heap does not contain it.
     * As in the textbook, the key is treated as decreased to minus infinity: it rises to the root of its tree,
     * and that root is removed.
     */
    public boolean delete(int key) {
        Node node = find(head, key);
        if (node == null) {
            return false;
        }
        while (node.parent != null) {
            node.key = node.parent.key;
            node.parent.key = key;
            node = node.parent;
        }
        removeRoot(node);
        return true;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return head == null;
    }

    private Node minRoot() {
        if (head == null) {
            throw new NoSuchElementException("heap is empty");
        }
        Node min = head;
        for (Node root = head.sibling; root != null; root = root.sibling) {
            if (root.key < min.key) {
                min = root;
            }
        }
        return min;
    }

    /** Detaches the root {@code root} and merges its children back into the heap. */
    private void removeRoot(Node root) {
        if (root == head) {
            head = root.sibling;
        } else {
            Node before = head;
            while (before.sibling != root) {
                before = before.sibling;
            }
            before.sibling = root.sibling;
        }
        // children are kept by decreasing degree: reverse them into a root list
        Node children = null;
        Node child = root.child;
        while (child != null) {
            Node next = child.sibling;
            child.parent = null;
            child.sibling = children;
            children = child;
            child = next;
        }
        head = union(head, children);
        size--;
    }

    /** Finds a node holding {@code key}, skipping subtrees whose root is already larger. */
    private static Node find(Node roots, int key) {
        for (Node node = roots; node != null; node = node.sibling) {
            if (node.key == key) {
                return node;
            }
            if (node.key < key) {
                Node found = find(node.child, key);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /** Merges two root lists and links trees of equal degree until every degree occurs at most once. */
    private static Node union(Node a, Node b) {
        Node first = mergeByDegree(a, b);
        if (first == null) {
            return null;
        }
        Node previous = null;
        Node current = first;
        Node next = current.sibling;
        while (next != null) {
            if (current.degree != next.degree
                    || (next.sibling != null && next.sibling.degree == current.degree)) {
                previous = current;
                current = next;
            } else if (current.key <= next.key) {
                current.sibling = next.sibling;
                link(next, current);
            } else {
                if (previous == null) {
                    first = next;
                } else {
                    previous.sibling = next;
                }
                link(current, next);
                current = next;
            }
            next = current.sibling;
        }
        return first;
    }

    private static Node mergeByDegree(Node a, Node b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        Node first;
        if (a.degree <= b.degree) {
            first = a;
            a = a.sibling;
        } else {
            first = b;
            b = b.sibling;
        }
        Node last = first;
        while (a != null && b != null) {
            if (a.degree <= b.degree) {
                last.sibling = a;
                a = a.sibling;
            } else {
                last.sibling = b;
                b = b.sibling;
            }
            last = last.sibling;
        }
        last.sibling = a != null ? a : b;
        return first;
    }

    /** Makes {@code child} the leftmost child of {@code parent}; both have the same degree. */
    private static void link(Node child, Node parent) {
        child.parent = parent;
        child.sibling = parent.child;
        parent.child = child;
        parent.degree++;
    }
}
