package jtc.mutate;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs JUnit tests inside this JVM, against the classes of a given loader, with a time limit.
 *
 * <p>A run that overstays its limit is stopped through its loader ({@link MutantLoader#stop}): its
 * guarded code throws {@link RunStopped} at the next method entry or loop back edge, and the thread is
 * interrupted to wake it from a sleep or a wait. A thread still alive after that (stuck in the JDK's
 * own code) is stopped with {@code Thread.stop} where the JDK still has it (up to Java 19), else left
 * behind as a daemon. The loader is not used again either way.
 */
final class TestRunner {

    enum Status { PASSED, FAILED, TIMED_OUT }

    /** How often a launch of several tests is checked for one that overstays its limit. */
    private static final long POLL_MILLIS = 20;
    private static final long DRAIN_MILLIS = 2;
    /** How long a stopped run may take to leave guarded code. */
    private static final long STOP_GRACE_MILLIS = 2_000;

    static final class Outcome {
        final Status status;
        final String message;  // the first failure, '<exception>: <message>'
        final long millis;
        final int line;  // where the first failure left the test class (the failing assertion), or -1

        Outcome(Status status, String message, long millis, int line) {
            this.status = status;
            this.message = message;
            this.millis = millis;
            this.line = line;
        }
    }

    private final Launcher launcher = LauncherFactory.create();

    /** The test methods of the test classes, in JUnit's order. */
    List<TestUnit> discover(ClassLoader loader, List<String> testClasses) throws ClassNotFoundException {
        List<DiscoverySelector> selectors = new ArrayList<>();
        for (String name : testClasses) {
            selectors.add(selectClass(Class.forName(name, false, loader)));
        }
        Map<String, TestUnit> units = new LinkedHashMap<>();
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(loader);
        try {
            TestPlan plan = launcher.discover(LauncherDiscoveryRequestBuilder.request().selectors(selectors).build());
            for (TestIdentifier root : plan.getRoots()) {
                for (TestIdentifier id : plan.getDescendants(root)) {
                    if (id.getSource().orElse(null) instanceof MethodSource) {
                        MethodSource source = (MethodSource) id.getSource().get();
                        TestUnit unit = new TestUnit(source.getClassName(), source.getMethodName(),
                                source.getMethodParameterTypes());
                        units.putIfAbsent(unit.key(), unit);
                    }
                }
            }
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
        return new ArrayList<>(units.values());
    }

    /** Runs `unit` with classes from `loader`; FAILED when any test or container of it failed. */
    Outcome run(MutantLoader loader, TestUnit unit, long limitMillis) {
        String[] failure = {null};
        int[] line = {-1};
        TestExecutionListener listener = new TestExecutionListener() {
            @Override
            public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                if (result.getStatus() == TestExecutionResult.Status.FAILED && failure[0] == null) {
                    failure[0] = result.getThrowable().map(TestRunner::describe).orElse("failed");
                    line[0] = result.getThrowable().map(t -> lineIn(t, unit.className)).orElse(-1);
                }
            }
        };
        Thread thread = new Thread(() -> {
            try {
                LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                        .selectors(selectMethod(Class.forName(unit.className, false, loader), unit.methodName,
                                unit.parameterTypes))
                        .build();
                launcher.execute(request, listener);
            } catch (Throwable e) {  // the test class does not load: it fails
                failure[0] = describe(e);
            }
        }, "jtc-mutant-test");
        thread.setContextClassLoader(loader);
        thread.setDaemon(true);
        long start = System.nanoTime();
        thread.start();
        try {
            thread.join(limitMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        if (thread.isAlive()) {
            stop(loader, thread);
            return new Outcome(Status.TIMED_OUT, "did not finish within " + limitMillis + " ms", millis, -1);
        }
        return new Outcome(failure[0] == null ? Status.PASSED : Status.FAILED, failure[0] == null ? "" : failure[0],
                millis, line[0]);
    }

    /**
     * Runs `units` in one launch (one discovery and one thread for all of them, where a launch per test
     * cost more than most tests), each within its own limit: the outcome of each test that ran to its
     * end, and of the one that overstayed its limit (which ends the launch: the tests after it have no
     * outcome, and the caller runs them on their own). A test whose class failed to start has none
     * either.
     */
    Map<TestUnit, Outcome> runAll(MutantLoader loader, List<TestUnit> units, Map<TestUnit, Long> limitMillis) {
        Map<String, TestUnit> byKey = new HashMap<>();
        for (TestUnit unit : units) {
            byKey.put(unit.key(), unit);
        }
        Map<TestUnit, Outcome> outcomes = new ConcurrentHashMap<>();
        Map<TestUnit, String> outermost = new ConcurrentHashMap<>();  // the method, or a parameterised test's container
        Map<TestUnit, Long> started = new ConcurrentHashMap<>();
        Map<TestUnit, Outcome> failures = new ConcurrentHashMap<>();  // the first failure of each (any invocation)
        AtomicReference<TestUnit> running = new AtomicReference<>();
        AtomicBoolean abandoned = new AtomicBoolean();  // stopped: what the launch reports after is not heard
        TestExecutionListener listener = new TestExecutionListener() {
            @Override
            public void executionStarted(TestIdentifier id) {
                TestUnit unit = abandoned.get() ? null : unitOf(id, byKey);
                if (unit != null && outermost.putIfAbsent(unit, id.getUniqueId()) == null) {
                    started.put(unit, System.nanoTime());
                    running.set(unit);
                }
            }

            @Override
            public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                TestUnit unit = abandoned.get() ? null : unitOf(id, byKey);
                if (unit == null) {
                    return;
                }
                long millis = (System.nanoTime() - started.getOrDefault(unit, System.nanoTime())) / 1_000_000;
                if (result.getStatus() == TestExecutionResult.Status.FAILED) {
                    failures.putIfAbsent(unit, new Outcome(Status.FAILED,
                            result.getThrowable().map(TestRunner::describe).orElse("failed"), millis,
                            result.getThrowable().map(t -> lineIn(t, unit.className)).orElse(-1)));
                }
                if (id.getUniqueId().equals(outermost.get(unit))) {
                    outcomes.put(unit, failures.getOrDefault(unit, new Outcome(Status.PASSED, "", millis, -1)));
                    running.compareAndSet(unit, null);
                }
            }
        };
        Thread thread = new Thread(() -> {
            try {
                List<DiscoverySelector> selectors = new ArrayList<>();
                for (TestUnit unit : units) {
                    selectors.add(selectMethod(Class.forName(unit.className, false, loader), unit.methodName,
                            unit.parameterTypes));
                }
                launcher.execute(LauncherDiscoveryRequestBuilder.request().selectors(selectors).build(), listener);
            } catch (Throwable e) {  // a test class that does not load: its tests get no outcome
            }
        }, "jtc-mutant-tests");
        thread.setContextClassLoader(loader);
        thread.setDaemon(true);
        thread.start();
        long total = limitMillis.values().stream().mapToLong(Long::longValue).sum();
        long end = System.nanoTime() + total * 1_000_000;
        try {
            while (thread.isAlive()) {
                thread.join(POLL_MILLIS);
                TestUnit unit = running.get();
                Long since = unit == null ? null : started.get(unit);
                boolean overdue = since != null && (System.nanoTime() - since) / 1_000_000 > limitMillis.get(unit);
                if (thread.isAlive() && (overdue || System.nanoTime() > end)) {
                    abandoned.set(true);
                    stop(loader, thread);
                    if (unit != null) {
                        outcomes.put(unit, new Outcome(Status.TIMED_OUT, "did not finish within "
                                + limitMillis.get(unit) + " ms", limitMillis.get(unit), -1));
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return outcomes;
    }

    /** The unit of `units` that a test or container of the plan stands for, or null. */
    private static TestUnit unitOf(TestIdentifier id, Map<String, TestUnit> byKey) {
        if (!(id.getSource().orElse(null) instanceof MethodSource)) {
            return null;
        }
        MethodSource source = (MethodSource) id.getSource().get();
        return byKey.get(TestUnit.key(source.getClassName(), source.getMethodName(), source.getMethodParameterTypes()));
    }

    /** The line of the first stack frame in the test class (its lambdas included), or -1. */
    private static int lineIn(Throwable throwable, String testClass) {
        for (StackTraceElement frame : throwable.getStackTrace()) {
            if (frame.getClassName().equals(testClass)) {
                return frame.getLineNumber();
            }
        }
        return -1;
    }

    /**
     * Stops a run or a launch: its loader's code throws at its next check (JUnit reports the test as
     * failed and goes on with the next, which fails at its first call), the thread is woken from sleeps
     * and waits, and where that does not end it within the grace period, {@code Thread.stop} does on
     * the JDKs that still have it.
     */
    private static void stop(MutantLoader loader, Thread thread) {
        loader.stop();
        long end = System.nanoTime() + STOP_GRACE_MILLIS * 1_000_000;
        try {
            while (thread.isAlive() && System.nanoTime() < end) {
                thread.interrupt();
                thread.join(DRAIN_MILLIS);
            }
            drain(thread);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Thread.stop until the thread ends; nothing on Java 20 and later, where it throws. */
    @SuppressWarnings({"deprecation", "removal"})
    private static void drain(Thread thread) throws InterruptedException {
        try {
            while (thread.isAlive()) {
                thread.stop();
                thread.join(DRAIN_MILLIS);
            }
        } catch (UnsupportedOperationException gone) {
            // the thread stays behind, a daemon spinning in code the guard does not reach
        }
    }

    private static String describe(Throwable throwable) {
        String message = throwable.getMessage();
        return throwable.getClass().getSimpleName() + (message == null ? "" : ": " + message.split("\n")[0]);
    }
}
