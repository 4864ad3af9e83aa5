package jtc.agent;

/**
 * Thrown instead of ending the JVM when code under test calls System.exit, Runtime.exit or
 * Runtime.halt: the worker JVM must survive to run the next execution.
 */
public final class ExitRequest extends Error {
    private static final long serialVersionUID = 1L;

    private final int status;

    ExitRequest(int status) {
        super("jtc: System.exit(" + status + ") intercepted", null, false, false);
        this.status = status;
    }

    public int status() {
        return status;
    }
}
