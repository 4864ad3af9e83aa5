package jtc.mutate;

import java.net.URL;
import java.util.Map;
import java.util.Set;

/**
 * A fresh loader per mutant (and per baseline run): it defines the tests and the user's classes
 * itself, the classes under test from the given bytes (one mutated, or all probed), so static state
 * starts fresh and no other run sees the change. JUnit, the JDK and jtc come from the parent (a class of
 * those packages the parent lacks, such as {@code javax.inject} in a user's jar, from the classpath).
 * JUnit 3's {@code junit.framework} is JUnit's too (the console launcher carries it): a {@code TestCase}
 * of the classpath's JUnit jar is not the one the vintage engine looks for, and a JUnit 3 test class would
 * have no tests. Of Hamcrest only the interfaces JUnit 4's API takes come from the parent (see
 * {@link #SHARED_CLASSES}). Every class it defines is guarded ({@link Guard}): once
 * the loader is stopped, its code throws {@link RunStopped} at the next method entry or loop back edge,
 * in whatever thread runs it.
 */
final class MutantLoader extends ClassLoader {

    private static final String[] SHARED = {"java.", "javax.", "jdk.", "sun.", "org.junit.", "org.opentest4j.",
        "org.apiguardian.", "junit.", "jtc.mutate."};
    /**
     * Hamcrest's interfaces in JUnit 4's API ({@code Assert.assertThat}, {@code Assume.assumeThat}): one
     * copy, the parent's, so that the test's matcher is the {@code Matcher} JUnit takes (two would break
     * a loader constraint). The rest of Hamcrest comes from the classpath, the version the suite chose
     * (the console launcher carries Hamcrest 1.3, whose {@code CoreMatchers} lack 2.x's methods); these
     * three are the same in 1.3 and 2.x.
     */
    private static final Set<String> SHARED_CLASSES = Set.of("org.hamcrest.Matcher", "org.hamcrest.Description",
        "org.hamcrest.SelfDescribing");

    static {
        registerAsParallelCapable();
    }

    private final ClassBytes classpath;
    private final Map<String, byte[]> underTest;  // binary name → the guarded bytes to define
    private volatile boolean stopped;

    MutantLoader(ClassBytes classpath, Map<String, byte[]> underTest, ClassLoader parent) {
        super("jtc-mutant", parent);
        this.classpath = classpath;
        this.underTest = underTest;
    }

    /** Ends the runs of this loader's code (see {@link Guarded#check}); the loader is not used again. */
    void stop() {
        stopped = true;
    }

    boolean stopped() {
        return stopped;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> loaded = findLoadedClass(name);
            if (loaded == null && shared(name)) {
                loaded = fromParent(name);
            }
            if (loaded == null) {
                byte[] bytes = underTest.getOrDefault(name, classpath.get(name));
                loaded = bytes == null ? getParent().loadClass(name) : defineClass(name, bytes, 0, bytes.length);
            }
            if (resolve) {
                resolveClass(loaded);
            }
            return loaded;
        }
    }

    private Class<?> fromParent(String name) {
        try {
            return getParent().loadClass(name);
        } catch (ClassNotFoundException absent) {
            return null;
        }
    }

    @Override
    protected URL findResource(String name) {
        return classpath.resource(name);
    }

    private static boolean shared(String name) {
        if (SHARED_CLASSES.contains(name)) {
            return true;
        }
        for (String prefix : SHARED) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
