package jtc.agent;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassTooLargeException;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodTooLargeException;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

import jtc.common.ExitCalls;

/**
 * Turns a user class into its instrumented bytes and its class table, once per class name per JVM.
 *
 * <p>The class is read twice: the copy that gets instrumented, and an untouched copy that the
 * class table describes, so both share one instruction numbering (they come from the same bytes).
 * The writer keeps the original stack-map frames (the inserted code never needs new ones) and
 * only recomputes the maximum stack. A method that grows beyond the 64 KB limit is put back as it
 * was and marked {@code "instrumented": false}; so is every method if the class as a whole
 * overflows, or if instrumenting fails outright.
 */
final class Instrumenter {
    /** Exit calls of code under test go to {@link Sandbox}, which throws instead. The replacement has
     * the same stack effect and size, so it is applied even to methods otherwise left uninstrumented,
     * and to the classes of executions that run without instrumentation. */
    static final ExitCalls EXIT_CALLS = new ExitCalls("jtc/agent/Sandbox");

    /** What the loader defines and what Python reads for one class. */
    static final class InstrumentedClass {
        final byte[] bytes;
        final String table;

        InstrumentedClass(byte[] bytes, String table) {
            this.bytes = bytes;
            this.table = table;
        }
    }

    private static final Map<String, InstrumentedClass> cache = new HashMap<>();
    private static final Map<String, byte[]> sandboxedCache = new HashMap<>();

    private Instrumenter() {
    }

    /**
     * The instrumented form of a user class, registering it on first use.
     *
     * @throws IllegalArgumentException when the bytes are not a class file ASM can read
     */
    static synchronized InstrumentedClass instrument(String internalName, byte[] classFile) {
        InstrumentedClass known = cache.get(internalName);
        if (known == null) {
            known = build(internalName, classFile);
            cache.put(internalName, known);
        }
        return known;
    }

    /**
     * The class without instrumentation but with its exit calls redirected, for executions that
     * run uninstrumented: they must not end the worker JVM either. The original bytes when the
     * class has no exit call.
     */
    static synchronized byte[] sandboxed(String internalName, byte[] classFile) {
        return sandboxedCache.computeIfAbsent(internalName, name -> exitsRedirected(classFile));
    }

    /**
     * The class with its exit calls redirected, not cached: for bytes that stand in for a user
     * class in one execution only (a mutant, see {@link Harness#runReplacing}).
     */
    static byte[] exitsRedirected(byte[] classFile) {
        ClassNode node = read(classFile);
        boolean changed = false;
        for (MethodNode method : node.methods) {
            changed |= EXIT_CALLS.redirectAll(method);
        }
        if (!changed) {
            return classFile;
        }
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        node.accept(writer);
        return writer.toByteArray();
    }

    private static InstrumentedClass build(String internalName, byte[] classFile) {
        ClassNode original = read(classFile);
        ClassNode working = read(classFile);
        List<Registry.MethodRef> refs = new ArrayList<>();
        for (MethodNode method : original.methods) {
            refs.add(new Registry.MethodRef(original.name, method.name, method.desc, opcodes(method)));
        }
        int classId = Registry.newClassId();
        int[] ids = Registry.newMethodIds(refs);
        boolean[] instrumented = new boolean[ids.length];
        byte[] bytes;
        try {
            for (int i = 0; i < ids.length; i++) {
                instrumented[i] = new MethodInstrumenter(working.name, working.methods.get(i), ids[i]).instrument();
            }
            bytes = write(working, classFile, instrumented);
        } catch (RuntimeException e) {
            // A class ASM cannot rewrite still runs, as an opaque class the trace says nothing about.
            Console.DIAGNOSTICS.println("jtc: running " + internalName + " uninstrumented: " + e);
            Arrays.fill(instrumented, false);
            bytes = classFile;
        }
        String table = ClassTable.render(original, classId, ids, instrumented);
        Registry.publish(table);
        return new InstrumentedClass(bytes, table);
    }

    private static ClassNode read(byte[] classFile) {
        ClassNode node = new ClassNode();
        try {
            new ClassReader(classFile).accept(node, 0);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("malformed class file: " + e, e);
        }
        return node;
    }

    private static int[] opcodes(MethodNode method) {
        InsnIndex index = new InsnIndex(method.instructions);
        int[] opcodes = new int[index.size()];
        for (int i = 0; i < opcodes.length; i++) {
            opcodes[i] = index.get(i).getOpcode();
        }
        return opcodes;
    }

    /** Writes the class, reverting methods (or the whole class) that no longer fit. */
    private static byte[] write(ClassNode working, byte[] classFile, boolean[] instrumented) {
        while (true) {
            try {
                ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
                working.accept(writer);
                return writer.toByteArray();
            } catch (MethodTooLargeException e) {
                int i = indexOf(working, e.getMethodName(), e.getDescriptor());
                if (i < 0 || !instrumented[i]) {
                    throw e;
                }
                revert(working, classFile, i);
                instrumented[i] = false;
            } catch (ClassTooLargeException e) {
                boolean any = false;
                for (int i = 0; i < instrumented.length; i++) {
                    if (instrumented[i]) {
                        revert(working, classFile, i);
                        instrumented[i] = false;
                        any = true;
                    }
                }
                if (!any) {
                    throw e;
                }
            }
        }
    }

    private static int indexOf(ClassNode node, String name, String desc) {
        for (int i = 0; i < node.methods.size(); i++) {
            MethodNode method = node.methods.get(i);
            if (method.name.equals(name) && method.desc.equals(desc)) {
                return i;
            }
        }
        return -1;
    }

    /** Puts method i back as it was in the class file, except for the exit-call redirection. */
    private static void revert(ClassNode working, byte[] classFile, int i) {
        MethodNode pristine = read(classFile).methods.get(i);
        EXIT_CALLS.redirectAll(pristine);
        working.methods.set(i, pristine);
    }
}
