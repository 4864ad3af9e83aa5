package jtc.agent;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Where an exception was thrown, as {@code class.method(desc):line} of its top stack frame.
 *
 * <p>Stack frames carry no descriptor, so it is recovered from the class file: the only method
 * of that name, or the one whose line table contains the frame's line. Frames of jtc's own
 * classes are skipped (a StackOverflowError may strike inside a record call). The descriptor is
 * empty when the class file cannot be found (hidden classes such as lambda proxies).
 */
final class ThrowSites {
    private static final int CACHE_LIMIT = 4096;
    private static final int STACK_LIMIT = 24;
    private static final Map<String, String> descriptors = new ConcurrentHashMap<>();

    private ThrowSites() {
    }

    /** The throw site of {@code thrown}, or null when its stack trace is empty. */
    static String of(Throwable thrown, UserClasspath classpath) {
        for (StackTraceElement frame : thrown.getStackTrace()) {
            if (!isAgent(frame)) {
                return site(frame, classpath);
            }
        }
        return null;
    }

    /**
     * The frames between where {@code thrown} was raised and the harness call that ran the statement,
     * top first, one site a line (at most {@link #STACK_LIMIT}), or null when there are none: the
     * oracle tells a crash inside the code under test from an exception a check threw by them.
     */
    static String stack(Throwable thrown, UserClasspath classpath) {
        StringBuilder frames = new StringBuilder();
        int count = 0;
        for (StackTraceElement frame : thrown.getStackTrace()) {
            if (isAgent(frame)) {
                if (count > 0) {
                    break;
                }
                continue;
            }
            if (count == STACK_LIMIT) {
                break;
            }
            frames.append(count > 0 ? "\n" : "").append(site(frame, classpath));
            count++;
        }
        return count == 0 ? null : frames.toString();
    }

    private static boolean isAgent(StackTraceElement frame) {
        return frame.getClassName().startsWith("jtc.agent.");
    }

    private static String site(StackTraceElement frame, UserClasspath classpath) {
        return frame.getClassName() + "." + frame.getMethodName() + descriptor(frame, classpath) + ":"
                + frame.getLineNumber();
    }

    private static String descriptor(StackTraceElement frame, UserClasspath classpath) {
        String key = frame.getClassName() + "." + frame.getMethodName() + ":" + frame.getLineNumber();
        String known = descriptors.get(key);
        if (known == null) {
            known = lookUp(frame, classpath);
            if (descriptors.size() >= CACHE_LIMIT) {
                descriptors.clear();
            }
            descriptors.put(key, known);
        }
        return known;
    }

    private static String lookUp(StackTraceElement frame, UserClasspath classpath) {
        byte[] classFile = classFile(frame.getClassName().replace('.', '/'), classpath);
        if (classFile == null) {
            return "";
        }
        ClassNode node = new ClassNode();
        try {
            new ClassReader(classFile).accept(node, ClassReader.SKIP_FRAMES);
        } catch (RuntimeException malformed) {
            return "";
        }
        List<MethodNode> candidates = new ArrayList<>();
        for (MethodNode method : node.methods) {
            if (method.name.equals(frame.getMethodName())) {
                candidates.add(method);
            }
        }
        if (candidates.isEmpty()) {
            return "";
        }
        for (MethodNode method : candidates) {
            if (hasLine(method, frame.getLineNumber())) {
                return method.desc;
            }
        }
        return candidates.get(0).desc;
    }

    private static boolean hasLine(MethodNode method, int line) {
        for (AbstractInsnNode node = method.instructions.getFirst(); node != null; node = node.getNext()) {
            if (node instanceof LineNumberNode && ((LineNumberNode) node).line == line) {
                return true;
            }
        }
        return false;
    }

    private static byte[] classFile(String internalName, UserClasspath classpath) {
        byte[] user = classpath.read(internalName);
        if (user != null) {
            return user;
        }
        try (InputStream in = ClassLoader.getSystemResourceAsStream(internalName + ".class")) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            return null;
        }
    }
}
