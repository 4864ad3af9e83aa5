package jtc.agent;

import java.util.List;
import java.util.Map;

/**
 * The entry points Python calls (through JPype, one call per execution): configure once,
 * describe classes, run programs. See docs/trace-format.md §5–§6.
 */
public final class Harness {
    private static UserClasspath classpath;
    private static ClassLoader dependencies;
    private static boolean instrument;

    private Harness() {
    }

    /** {@link #configure(String[], String[], boolean)} without dependency jars. */
    public static synchronized void configure(String[] userClasspath, boolean instrumentClasses) {
        configure(userClasspath, new String[0], instrumentClasses);
    }

    /**
     * Sets the user classpath (once per JVM): the project's classes, defined afresh for every
     * execution, and its dependency jars, loaded once and never instrumented; and whether executions
     * use instrumented classes. Both modes need the agent: uninstrumented classes still get their
     * exit calls sandboxed.
     *
     * @throws IllegalStateException without the agent, or when asked to change the classpath
     */
    public static synchronized void configure(String[] userClasspath, String[] dependencyJars,
                                              boolean instrumentClasses) {
        if (!Agent.installed()) {
            throw new IllegalStateException(
                    "the jtc agent is not installed; start the JVM with -javaagent:<jtc agent jar>");
        }
        if (classpath == null) {
            classpath = new UserClasspath(userClasspath);
            dependencies = new DependencyClassLoader(new UserClasspath(dependencyJars).urls(),
                    Harness.class.getClassLoader());
        } else if (!classpath.entries().equals(List.of(userClasspath))) {
            throw new IllegalStateException("the user classpath is set once per JVM");
        }
        instrument = instrumentClasses;
    }

    /**
     * The class table of a user class, registering the class.
     *
     * @throws IllegalArgumentException with {@code class-not-found X}, {@code class-too-new X major}
     *                                  or {@code link-error …} as message
     */
    public static synchronized String describe(String binaryName) {
        String internalName = binaryName.replace('.', '/');
        byte[] classFile = configured().read(internalName);
        if (classFile == null) {
            throw new IllegalArgumentException("class-not-found " + binaryName);
        }
        int major = ClassTooNewError.majorOf(classFile);
        if (major > ClassTooNewError.MAX_MAJOR) {
            throw new IllegalArgumentException("class-too-new " + binaryName + " " + major);
        }
        try {
            return Instrumenter.instrument(internalName, classFile).table;
        } catch (IllegalArgumentException malformed) {
            throw new IllegalArgumentException("link-error " + malformed.getMessage(), malformed);
        }
    }

    /** Runs one program on fresh classes; problems of the program come back in {@link Result#error}. */
    public static synchronized Result run(String program, int budget, int timeoutMillis) {
        return new Execution(configured(), dependencies, instrument, budget, timeoutMillis).run(program);
    }

    /**
     * Runs one program uninstrumented with {@code classFile} defined for {@code binaryName} instead
     * of the classpath's class (a mutant of a class under test): what each statement returned or
     * threw, to compare with a run on the original (see jtc/amplification/cuts.py).
     */
    public static synchronized Result runReplacing(String program, int budget, int timeoutMillis, String binaryName,
                                                   byte[] classFile) {
        return new Execution(configured(), dependencies, false, budget, timeoutMillis, Map.of(binaryName, classFile))
                .run(program);
    }

    private static UserClasspath configured() {
        if (classpath == null) {
            throw new IllegalStateException("Harness.configure must be called first");
        }
        return classpath;
    }
}
