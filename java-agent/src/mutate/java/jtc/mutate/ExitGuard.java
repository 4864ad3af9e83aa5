package jtc.mutate;

import java.security.Permission;

/**
 * Turns {@code System.exit} of code under test into a SecurityException: a mutant that exits fails
 * its test (and is killed) instead of ending the runner's JVM. Only exits are checked.
 */
@SuppressWarnings("removal")
final class ExitGuard extends SecurityManager {

    private volatile boolean open;

    /** The installed guard, or null on a JVM that no longer allows security managers (Java 24 on). */
    @SuppressWarnings("removal")
    static ExitGuard install() {
        ExitGuard guard = new ExitGuard();
        try {
            System.setSecurityManager(guard);
        } catch (UnsupportedOperationException e) {
            return null;
        }
        return guard;
    }

    /** Lets the runner itself exit. */
    void open() {
        open = true;
    }

    @Override
    public void checkExit(int status) {
        if (!open) {
            throw new SecurityException("System.exit(" + status + ") called by the code under test");
        }
    }

    @Override
    public void checkPermission(Permission permission) {
    }

    @Override
    public void checkPermission(Permission permission, Object context) {
    }
}
