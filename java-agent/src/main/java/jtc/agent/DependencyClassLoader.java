package jtc.agent;

import java.net.URL;
import java.net.URLClassLoader;

/**
 * The project's dependency jars, loaded once per JVM and never instrumented: library code, like the
 * JDK, which the search does not reason about. Defining them afresh for every execution (as the
 * project's classes are) would cost each run milliseconds per class used, and tracing them would
 * fill the trace with records nobody replays. Their exit calls are still redirected (see
 * {@link UserClassTransformer}), so a dependency cannot end the worker JVM; their static state
 * lives as long as the JVM, as the JDK's does.
 */
final class DependencyClassLoader extends URLClassLoader {
    DependencyClassLoader(URL[] jars, ClassLoader parent) {
        super("jtc-dependencies", jars, parent);
        setDefaultAssertionStatus(true);
    }
}
