package com.example.containers;

/**
 * A sorted map from int keys to values, kept balanced as a red-black tree:
 * the root is black, a red node has no red child, and every path from a node down to a missing child
 * passes the same number of black nodes.
 */
public class TreeMap<V> {

    private static final boolean RED = false;
    private static final boolean BLACK = true;

    private static final class Node<V> {
        int key;
        V value;
        Node<V> left;
        Node<V> right;
        Node<V> parent;
        boolean color = RED;

        Node(int key, V value, Node<V> parent) {
            this.key = key;
            this.value = value;
            this.parent = parent;
        }
    }

    private Node<V> root;
    private int size;

    /** The value stored for {@code key}, or null if there is none. */
    public V get(int key) {
        Node<V> node = find(key);
        return node == null ? null : node.value;
    }

    public boolean containsKey(int key) {
        return find(key) != null;
    }

    /** Stores {@code value} under {@code key}; returns the value it replaces, or null. */
    public V put(int key, V value) {
        Node<V> parent = null;
        Node<V> current = root;
        while (current != null) {
            parent = current;
            if (key < current.key) {
                current = current.left;
            } else if (key > current.key) {
                current = current.right;
            } else {
                V old = current.value;
                current.value = value;
                return old;
            }
        }
        Node<V> node = new Node<>(key, value, parent);
        if (parent == null) {
            root = node;
        } else if (key < parent.key) {
            parent.left = node;
        } else {
            parent.right = node;
        }
        size++;
        fixAfterInsertion(node);
        return null;
    }

    /** Removes the entry for {@code key}; returns its value, or null if there was none. */
    public V remove(int key) {
        Node<V> node = find(key);
        if (node == null) {
            return null;
        }
        V old = node.value;
        deleteNode(node);
        return old;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    private Node<V> find(int key) {
        Node<V> node = root;
        while (node != null) {
            if (key < node.key) {
                node = node.left;
            } else if (key > node.key) {
                node = node.right;
            } else {
                return node;
            }
        }
        return null;
    }

    private void deleteNode(Node<V> node) {
        size--;
        if (node.left != null && node.right != null) {
            // two children: move the in-order successor's entry here and delete the successor instead
            Node<V> successor = node.right;
            while (successor.left != null) {
                successor = successor.left;
            }
            node.key = successor.key;
            node.value = successor.value;
            node = successor;
        }
        Node<V> child = node.left != null ? node.left : node.right;
        if (child != null) {
            // a node with a single child is black and the child is red: the child takes its place, painted black
            replace(node, child);
            child.color = BLACK;
        } else if (node.parent == null) {
            root = null;
        } else {
            // a leaf: restore the black heights while it is still in the tree, then cut it off
            if (node.color == BLACK) {
                fixAfterDeletion(node);
            }
            replace(node, null);
        }
    }

    /** Puts {@code replacement} where {@code node} hangs in the tree. */
    private void replace(Node<V> node, Node<V> replacement) {
        Node<V> parent = node.parent;
        if (parent == null) {
            root = replacement;
        } else if (node == parent.left) {
            parent.left = replacement;
        } else {
            parent.right = replacement;
        }
        if (replacement != null) {
            replacement.parent = parent;
        }
        node.parent = null;
    }

    private void fixAfterInsertion(Node<V> node) {
        while (node != root && node.parent.color == RED) {
            Node<V> parent = node.parent;
            Node<V> grandparent = parent.parent;
            if (parent == grandparent.left) {
                Node<V> uncle = grandparent.right;
                if (colorOf(uncle) == RED) {
                    parent.color = BLACK;
                    uncle.color = BLACK;
                    grandparent.color = RED;
                    node = grandparent;
                } else {
                    if (node == parent.right) {
                        node = parent;
                        rotateLeft(node);
                        parent = node.parent;
                    }
                    parent.color = BLACK;
                    grandparent.color = RED;
                    rotateRight(grandparent);
                }
            } else {
                Node<V> uncle = grandparent.left;
                if (colorOf(uncle) == RED) {
                    parent.color = BLACK;
                    uncle.color = BLACK;
                    grandparent.color = RED;
                    node = grandparent;
                } else {
                    if (node == parent.left) {
                        node = parent;
                        rotateRight(node);
                        parent = node.parent;
                    }
                    parent.color = BLACK;
                    grandparent.color = RED;
                    rotateLeft(grandparent);
                }
            }
        }
        root.color = BLACK;
    }

    /** {@code node} is black and one black short on its side; it never is a missing child here. */
    private void fixAfterDeletion(Node<V> node) {
        while (node != root && node.color == BLACK) {
            Node<V> parent = node.parent;
            if (node == parent.left) {
                Node<V> sibling = parent.right;
                if (sibling.color == RED) {
                    sibling.color = BLACK;
                    parent.color = RED;
                    rotateLeft(parent);
                    sibling = parent.right;
                }
                if (colorOf(sibling.left) == BLACK && colorOf(sibling.right) == BLACK) {
                    sibling.color = RED;
                    node = parent;
                } else {
                    if (colorOf(sibling.right) == BLACK) {
                        sibling.left.color = BLACK;
                        sibling.color = RED;
                        rotateRight(sibling);
                        sibling = parent.right;
                    }
                    sibling.color = parent.color;
                    parent.color = BLACK;
                    sibling.right.color = BLACK;
                    rotateLeft(parent);
                    node = root;
                }
            } else {
                Node<V> sibling = parent.left;
                if (sibling.color == RED) {
                    sibling.color = BLACK;
                    parent.color = RED;
                    rotateRight(parent);
                    sibling = parent.left;
                }
                if (colorOf(sibling.right) == BLACK && colorOf(sibling.left) == BLACK) {
                    sibling.color = RED;
                    node = parent;
                } else {
                    if (colorOf(sibling.left) == BLACK) {
                        sibling.right.color = BLACK;
                        sibling.color = RED;
                        rotateLeft(sibling);
                        sibling = parent.left;
                    }
                    sibling.color = parent.color;
                    parent.color = BLACK;
                    sibling.left.color = BLACK;
                    rotateRight(parent);
                    node = root;
                }
            }
        }
        node.color = BLACK;
    }

    private static boolean colorOf(Node<?> node) {
        return node == null ? BLACK : node.color;
    }

    private void rotateLeft(Node<V> node) {
        Node<V> pivot = node.right;
        node.right = pivot.left;
        if (pivot.left != null) {
            pivot.left.parent = node;
        }
        replace(node, pivot);
        pivot.left = node;
        node.parent = pivot;
    }

    private void rotateRight(Node<V> node) {
        Node<V> pivot = node.left;
        node.left = pivot.right;
        if (pivot.right != null) {
            pivot.right.parent = node;
        }
        replace(node, pivot);
        pivot.right = node;
        node.parent = pivot;
    }
}
