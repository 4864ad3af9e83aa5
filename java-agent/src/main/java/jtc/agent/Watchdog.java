package jtc.agent;

/**
 * Wall-clock limit of one execution: a daemon thread that, at the deadline, makes the next record
 * throw {@link Abort} and interrupts the harness thread (which wakes it from sleep and wait).
 *
 * <p>One thread serves every execution; arming and disarming go through its monitor, so a deadline
 * that passes while the harness disarms can never hit the next execution.
 */
final class Watchdog implements Runnable {
    private static Watchdog instance;

    private Thread target;
    private long deadline;

    private Watchdog() {
    }

    private static synchronized Watchdog get() {
        if (instance == null) {
            instance = new Watchdog();
            Thread thread = new Thread(instance, "jtc-watchdog");
            thread.setDaemon(true);
            thread.start();
        }
        return instance;
    }

    /** Starts watching {@code thread}; {@code millis <= 0} means no limit. */
    static void arm(Thread thread, long millis) {
        if (millis > 0) {
            get().watch(thread, System.nanoTime() + millis * 1_000_000L);
        }
    }

    static void disarm() {
        Watchdog watchdog;
        synchronized (Watchdog.class) {
            watchdog = instance;
        }
        if (watchdog != null) {
            watchdog.watch(null, 0);
        }
    }

    private synchronized void watch(Thread thread, long nanoDeadline) {
        target = thread;
        deadline = nanoDeadline;
        notifyAll();
    }

    @Override
    public synchronized void run() {
        while (true) {
            try {
                if (target == null) {
                    wait();
                    continue;
                }
                long remaining = deadline - System.nanoTime();
                if (remaining > 0) {
                    wait(remaining / 1_000_000L + 1);
                    continue;
                }
                Trace.timeOut(target);
                target.interrupt();
                target = null;
            } catch (InterruptedException e) {
                // Nobody interrupts the watchdog on purpose; keep watching.
            }
        }
    }
}
