package jtc.agent;

/**
 * The outcome of one {@link Harness#run} call (docs/trace-format.md §6). Public fields, because
 * the Python side reads them through JPype and nothing else touches them.
 */
public final class Result {
    public static final int ABORT_NONE = 0;
    public static final int ABORT_BUDGET = 1;
    public static final int ABORT_TIMEOUT = 2;
    public static final int ABORT_EXIT = 3;

    public static final String OK = "ok";
    public static final String THREW = "threw";
    public static final String ABORTED = "abort";

    /** The records, trimmed to length. */
    public long[] trace = new long[0];
    /** Number of statements started. */
    public int executed;
    /** Per started statement: ok, threw or abort. */
    public String[] status = new String[0];
    /** ok: the value as an argument token, V, or O:class#id; threw: the exception class. */
    public String[] values = new String[0];
    /** threw: the exception message; otherwise null. */
    public String[] messages = new String[0];
    /** threw: class.method(desc):line of the top frame; otherwise null. */
    public String[] throwSites = new String[0];
    /** threw: the frames from the top one to the statement's own call, one site a line; otherwise null. */
    public String[] throwStacks = new String[0];
    /** Per started statement: what it printed to System.out, null when nothing. */
    public String[] out = new String[0];
    /** Per started statement: what it printed to System.err, null when nothing. */
    public String[] err = new String[0];
    public int abort;
    public int exitStatus;
    /** Non-null when the program could not run; one of the error strings of the contract. */
    public String error;
    /** Class tables registered since the previous run. */
    public String[] newTables = new String[0];
    /** Wall time of the statements themselves. */
    public long nanos;
}
