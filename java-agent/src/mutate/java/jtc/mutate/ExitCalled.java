package jtc.mutate;

/**
 * Thrown instead of ending the runner's JVM when guarded code calls {@code System.exit},
 * {@code Runtime.exit} or {@code Runtime.halt}: the test that made the call fails (a mutant that exits
 * is killed, a test that exits on the original code is reported and left out) and the runner goes on.
 * An Error, so that code catching {@code Exception} does not swallow it.
 */
final class ExitCalled extends Error {

    private static final long serialVersionUID = 1L;

    ExitCalled(String method, int status) {
        super(method + "(" + status + ") called by the code under test");
    }
}
