package com.example.containers;

/**
 * An unbalanced binary search tree of distinct ints.
 */
public class BinSearchTree {

    private static final class Node {
        int value;
        Node left;
        Node right;

        Node(int value) {
            this.value = value;
        }
    }

    private Node root;
    private int size;

    /** Adds {@code value}; returns false if it was already present. */
    public boolean insert(int value) {
        if (root == null) {
            root = new Node(value);
            size++;
            return true;
        }
        Node current = root;
        while (true) {
            if (value < current.value) {
                if (current.left == null) {
                    current.left = new Node(value);
                    break;
                }
                current = current.left;
            } else if (value > current.value) {
                if (current.right == null) {
                    current.right = new Node(value);
                    break;
                }
                current = current.right;
            } else {
                return false;
            }
        }
        size++;
        return true;
    }

    /** Removes {@code value}; returns false if it was not present. */
    public boolean remove(int value) {
        int before = size;
        root = remove(root, value);
        return size < before;
    }

    public boolean contains(int value) {
        Node current = root;
        while (current != null) {
            if (value == current.value) {
                return true;
            }
            current = value < current.value ? current.left : current.right;
        }
        return false;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    private Node remove(Node node, int value) {
        if (node == null) {
            return null;
        }
        if (value < node.value) {
            node.left = remove(node.left, value);
        } else if (value > node.value) {
            node.right = remove(node.right, value);
        } else if (node.left == null) {
            size--;
            return node.right;
        } else if (node.right == null) {
            size--;
            return node.left;
        } else {
            // two children: take the smallest value of the right subtree, then remove that one instead
            node.value = smallest(node.right);
            node.right = remove(node.right, node.value);
        }
        return node;
    }

    private static int smallest(Node node) {
        while (node.left != null) {
            node = node.left;
        }
        return node.value;
    }
}
