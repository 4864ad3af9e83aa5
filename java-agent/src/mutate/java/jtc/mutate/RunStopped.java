package jtc.mutate;

/**
 * Thrown by guarded code whose run was stopped at its time limit (see {@link TestRunner}), at its next
 * method entry or loop back edge: the way to end an endless loop on JDKs without {@code Thread.stop}
 * (Java 20 on). No stack trace: it is thrown again at every check until the thread has left guarded code.
 */
final class RunStopped extends Error {

    private static final long serialVersionUID = 1L;

    RunStopped() {
        super("stopped at its time limit", null, false, false);
    }
}
