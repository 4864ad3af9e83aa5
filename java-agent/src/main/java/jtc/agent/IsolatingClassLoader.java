package jtc.agent;

import java.net.URLClassLoader;
import java.util.Map;

/**
 * One execution's view of the user classes: a fresh loader per execution gives every execution
 * fresh static state, while the bytes (raw and instrumented) are cached for the JVM's lifetime.
 *
 * <p>Child-first for classes found on the user classpath, parent-first for everything else (the
 * project's dependency jars, the JDK, jtc's own classes). Resources come from the user classpath through {@link URLClassLoader}.
 * Assertions are enabled, as under {@code java -ea}, because tests run that way.
 */
final class IsolatingClassLoader extends URLClassLoader {
    private final UserClasspath classpath;
    private final boolean instrument;
    private final Map<String, byte[]> replaced;  // binary name → the bytes defined instead of the classpath's

    IsolatingClassLoader(UserClasspath classpath, boolean instrument, Map<String, byte[]> replaced, ClassLoader parent) {
        super("jtc-execution", classpath.urls(), parent);
        this.classpath = classpath;
        this.instrument = instrument;
        this.replaced = replaced;
        setDefaultAssertionStatus(true);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> loaded = findLoadedClass(name);
            if (loaded == null) {
                byte[] bytes = parentOnly(name) ? null
                        : replaced.getOrDefault(name, classpath.read(name.replace('.', '/')));
                loaded = bytes == null ? getParent().loadClass(name) : define(name, bytes);
            }
            if (resolve) {
                resolveClass(loaded);
            }
            return loaded;
        }
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        throw new ClassNotFoundException(name);
    }

    /** Defines a stub class (see {@link Stubs}) in this loader, once. */
    Class<?> defineStub(String name, byte[] bytes) {
        synchronized (getClassLoadingLock(name)) {
            Class<?> loaded = findLoadedClass(name);
            return loaded != null ? loaded : defineClass(name, bytes, 0, bytes.length);
        }
    }

    private static boolean parentOnly(String name) {
        return name.startsWith("java.") || name.startsWith("jtc.agent.");
    }

    private Class<?> define(String name, byte[] bytes) {
        ClassTooNewError.check(name, bytes);
        return defineClass(name, bytes, 0, bytes.length);
    }

    /**
     * The bytes to define instead of {@code bytes} for a class this loader is defining, or null to
     * keep them: instrumented, or only sandboxed when this execution runs uninstrumented. Called
     * by {@link UserClassTransformer} from inside {@code defineClass}.
     */
    byte[] replacement(String internalName, byte[] bytes) {
        if (!classpath.contains(internalName)) {
            return null;
        }
        try {
            if (replaced.containsKey(internalName.replace('/', '.'))) {
                return Instrumenter.exitsRedirected(bytes);  // never instrumented: its table is the original's
            }
            return instrument ? Instrumenter.instrument(internalName, bytes).bytes
                    : Instrumenter.sandboxed(internalName, bytes);
        } catch (IllegalArgumentException malformed) {
            return null; // defineClass then reports the ClassFormatError itself
        }
    }
}
