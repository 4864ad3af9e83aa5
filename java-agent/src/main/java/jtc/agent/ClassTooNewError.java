package jtc.agent;

/**
 * A user class compiled for a newer Java than the running JVM. Raised before the class reaches
 * ASM or the JVM, so that the harness can name the class and its version.
 */
final class ClassTooNewError extends UnsupportedClassVersionError {
    private static final long serialVersionUID = 1L;

    /** The newest class file major version this JVM runs (Java 17: 61). */
    static final int MAX_MAJOR = Runtime.version().feature() + 44;

    final String binaryName;
    final int major;

    ClassTooNewError(String binaryName, int major) {
        super(binaryName + " has class file version " + major + ", this JVM runs up to " + MAX_MAJOR);
        this.binaryName = binaryName;
        this.major = major;
    }

    /** The major version of a class file, or -1 when the bytes are not a class file. */
    static int majorOf(byte[] classFile) {
        if (classFile.length < 8 || (classFile[0] & 0xFF) != 0xCA || (classFile[1] & 0xFF) != 0xFE) {
            return -1;
        }
        return ((classFile[6] & 0xFF) << 8) | (classFile[7] & 0xFF);
    }

    /** Throws when {@code classFile} is too new for this JVM. */
    static void check(String binaryName, byte[] classFile) {
        int major = majorOf(classFile);
        if (major > MAX_MAJOR) {
            throw new ClassTooNewError(binaryName, major);
        }
    }
}
