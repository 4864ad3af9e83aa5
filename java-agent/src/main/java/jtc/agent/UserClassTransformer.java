package jtc.agent;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;

/**
 * Instruments exactly the classes an {@link IsolatingClassLoader} defines from the user classpath;
 * every other class (the JDK, jtc, classes other loaders define) passes through untouched.
 */
final class UserClassTransformer implements ClassFileTransformer {
    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> redefined,
                            ProtectionDomain domain, byte[] classFile) {
        if (!(loader instanceof IsolatingClassLoader) || className == null || redefined != null) {
            return null;
        }
        return ((IsolatingClassLoader) loader).replacement(className, classFile);
    }
}
