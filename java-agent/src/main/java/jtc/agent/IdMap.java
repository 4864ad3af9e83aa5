package jtc.agent;

import java.util.Arrays;

/**
 * Object ids for the trace: 1, 2, 3 … in order of first sight, by identity.
 *
 * <p>An open-addressing table over two parallel arrays, so a lookup allocates nothing and an
 * insert only when the table doubles. The table holds its objects strongly until {@link #clear},
 * which is what makes an id unique within one execution (a dead object's id is never handed to a
 * new one). When the heap is exhausted a failed doubling is tolerated while free slots remain, so
 * recording keeps working while the code under test runs out of memory.
 */
final class IdMap {
    private static final int INITIAL_BITS = 10;
    /** Tables larger than this are dropped rather than wiped, so one big execution does not slow later ones. */
    private static final int RETAINED_CAPACITY = 1 << 16;

    private Object[] keys;
    private int[] ids;
    private int shift;
    private int size;

    IdMap() {
        install(new Object[1 << INITIAL_BITS], new int[1 << INITIAL_BITS]);
    }

    private void install(Object[] newKeys, int[] newIds) {
        keys = newKeys;
        ids = newIds;
        shift = 32 - Integer.numberOfTrailingZeros(newKeys.length);
    }

    private static int home(Object value, int shift) {
        return (System.identityHashCode(value) * 0x9E3779B9) >>> shift;
    }

    long id(Object value) {
        Object[] table = keys;
        int mask = table.length - 1;
        int slot = home(value, shift);
        while (true) {
            Object current = table[slot];
            if (current == value) {
                return ids[slot];
            }
            if (current == null) {
                return insert(value, slot);
            }
            slot = (slot + 1) & mask;
        }
    }

    private long insert(Object value, int slot) {
        if (2 * (size + 1) > keys.length && grew()) {
            return id(value);
        }
        size++;
        keys[slot] = value;
        ids[slot] = size;
        return size;
    }

    /** Doubles the table; false when memory is short but one more insert still leaves a free slot. */
    private boolean grew() {
        Object[] newKeys;
        int[] newIds;
        try {
            newKeys = new Object[keys.length * 2];
            newIds = new int[keys.length * 2];
        } catch (OutOfMemoryError e) {
            if (size + 2 > keys.length) {
                throw e;
            }
            return false;
        }
        int mask = newKeys.length - 1;
        int newShift = 32 - Integer.numberOfTrailingZeros(newKeys.length);
        for (int i = 0; i < keys.length; i++) {
            Object key = keys[i];
            if (key != null) {
                int slot = home(key, newShift);
                while (newKeys[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                newKeys[slot] = key;
                newIds[slot] = ids[i];
            }
        }
        install(newKeys, newIds);
        return true;
    }

    /** Forgets every object: first lets go of them, then (memory being free again) shrinks the table. */
    void clear() {
        if (size > 0) {
            Arrays.fill(keys, null);
            size = 0;
        }
        if (keys.length > RETAINED_CAPACITY) {
            install(new Object[1 << INITIAL_BITS], new int[1 << INITIAL_BITS]);
        }
    }
}
