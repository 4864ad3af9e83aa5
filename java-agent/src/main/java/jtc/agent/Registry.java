package jtc.agent;

import java.util.ArrayList;
import java.util.List;

/**
 * Class and method ids of this JVM, and the class tables not yet handed to Python.
 *
 * <p>Ids are dense and start at 1 (method id 0 marks harness records); a class keeps its ids for
 * the JVM's lifetime, since its instrumented bytes are cached. Each table is queued once, when the
 * class is first instrumented, and leaves the queue with the next {@link #drain}.
 */
final class Registry {
    /** What the debugging CLI needs to print a record's site. */
    static final class MethodRef {
        final String owner;
        final String name;
        final String desc;
        final int[] opcodes;

        MethodRef(String owner, String name, String desc, int[] opcodes) {
            this.owner = owner;
            this.name = name;
            this.desc = desc;
            this.opcodes = opcodes;
        }
    }

    private static int nextClassId = 1;
    private static final List<MethodRef> methods = new ArrayList<>();
    private static final List<String> pending = new ArrayList<>();

    private Registry() {
    }

    static synchronized int newClassId() {
        return nextClassId++;
    }

    /** Registers the methods of one class; returns their ids, in order. */
    static synchronized int[] newMethodIds(List<MethodRef> refs) {
        int[] ids = new int[refs.size()];
        for (int i = 0; i < ids.length; i++) {
            methods.add(refs.get(i));
            ids[i] = methods.size();
        }
        return ids;
    }

    static synchronized void publish(String table) {
        pending.add(table);
    }

    /** The tables published since the previous call. */
    static synchronized String[] drain() {
        String[] tables = pending.toArray(new String[0]);
        pending.clear();
        return tables;
    }

    /** The method with this id, or null for 0 and unknown ids. */
    static synchronized MethodRef method(int id) {
        return id >= 1 && id <= methods.size() ? methods.get(id - 1) : null;
    }
}
