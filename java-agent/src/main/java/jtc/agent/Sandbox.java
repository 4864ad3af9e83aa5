package jtc.agent;

import java.util.Objects;

/**
 * What instrumented code calls instead of the JVM's exit methods. Each signature matches the
 * stack of the call it replaces, so the rewrite swaps one invoke instruction for another.
 */
public final class Sandbox {
    private Sandbox() {
    }

    /** Replaces {@code System.exit(int)}. */
    public static void exit(int status) {
        throw Trace.exitRequested(status);
    }

    /** Replaces {@code Runtime.exit(int)}; a null receiver fails as the real call would. */
    public static void runtimeExit(Runtime runtime, int status) {
        Objects.requireNonNull(runtime);
        throw Trace.exitRequested(status);
    }

    /** Replaces {@code Runtime.halt(int)}. */
    public static void runtimeHalt(Runtime runtime, int status) {
        Objects.requireNonNull(runtime);
        throw Trace.exitRequested(status);
    }
}
