package jtc.mutate;

import java.util.Objects;

/**
 * What guarded code (every class a {@link MutantLoader} defines, see {@link Guard}) calls: instead of
 * the JVM's exit methods, and at each method entry and loop back edge to learn whether its run was
 * stopped.
 */
public final class Guarded {

    private Guarded() {
    }

    /** Replaces {@code System.exit(int)}. */
    public static void exit(int status) {
        throw new ExitCalled("System.exit", status);
    }

    /** Replaces {@code Runtime.exit(int)}; a null receiver fails as the real call would. */
    public static void runtimeExit(Runtime runtime, int status) {
        Objects.requireNonNull(runtime);
        throw new ExitCalled("Runtime.exit", status);
    }

    /** Replaces {@code Runtime.halt(int)}. */
    public static void runtimeHalt(Runtime runtime, int status) {
        Objects.requireNonNull(runtime);
        throw new ExitCalled("Runtime.halt", status);
    }

    /** Throws {@link RunStopped} when the loader that defined {@code owner} (the caller) was stopped. */
    public static void check(Class<?> owner) {
        ClassLoader loader = owner.getClassLoader();
        if (loader instanceof MutantLoader && ((MutantLoader) loader).stopped()) {
            throw new RunStopped();
        }
    }
}
