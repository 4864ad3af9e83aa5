package jtc.agent;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;

/**
 * Instruments exactly the classes an {@link IsolatingClassLoader} defines from the user classpath,
 * and redirects the exit calls of the dependencies a {@link DependencyClassLoader} defines; every
 * other class (the JDK, jtc, classes other loaders define) passes through untouched.
 */
final class UserClassTransformer implements ClassFileTransformer {
    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> redefined,
                            ProtectionDomain domain, byte[] classFile) {
        if (className == null || redefined != null) {
            return null;
        }
        if (loader instanceof DependencyClassLoader) {
            return Instrumenter.sandboxed(className, classFile);
        }
        if (loader instanceof IsolatingClassLoader) {
            return ((IsolatingClassLoader) loader).replacement(className, classFile);
        }
        return null;
    }
}
