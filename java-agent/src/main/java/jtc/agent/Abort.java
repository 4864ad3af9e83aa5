package jtc.agent;

/**
 * Thrown by a record when the execution ran out of record budget or time.
 *
 * <p>An {@code Error}, so ordinary {@code catch (Exception e)} blocks let it through; the two
 * instances are shared and carry no stack trace, because they are thrown again by every later
 * record (user code that catches {@code Throwable} cannot keep going) and possibly while the heap
 * or the stack is exhausted.
 */
public final class Abort extends Error {
    private static final long serialVersionUID = 1L;

    static final Abort BUDGET_SPENT = new Abort("jtc: record budget spent");
    static final Abort TIMED_OUT = new Abort("jtc: execution timed out");

    private Abort(String message) {
        super(message, null, false, false);
    }
}
