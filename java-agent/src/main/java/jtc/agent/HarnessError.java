package jtc.agent;

/**
 * A program the harness cannot run; the message is one of the error strings of
 * docs/trace-format.md §6 ({@code class-not-found X}, {@code bad-program …}, …).
 */
final class HarnessError extends Exception {
    private static final long serialVersionUID = 1L;

    HarnessError(String message) {
        super(message);
    }

    static HarnessError badProgram(String message) {
        return new HarnessError("bad-program " + message);
    }

    /** The error string of a class that could not be loaded or linked. */
    static HarnessError ofLinkage(LinkageError error) {
        if (error instanceof ClassTooNewError) {
            ClassTooNewError tooNew = (ClassTooNewError) error;
            return new HarnessError("class-too-new " + tooNew.binaryName + " " + tooNew.major);
        }
        return new HarnessError("link-error " + error);
    }
}
