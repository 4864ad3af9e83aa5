package jtc.agent;

import java.util.Arrays;

/**
 * The recorder that instrumented code calls (docs/trace-format.md §3, §4).
 *
 * <p>Every record goes into one preallocated {@code long[]}: a record costs a thread check, a
 * bounds check against the budget and a few array stores, with no allocation, boxing or locking,
 * so the JIT can inline each call into the instrumented method. The instrumenter passes the method
 * id and instruction index as two int constants (no constant-pool entry per site); once inlined
 * the header folds to a constant. Tag and payload count are fixed by the method called.
 *
 * <p>Only the harness thread records. The first record at or beyond the budget, or after the
 * watchdog fired or an exit call, throws the execution's stop error; every later one (HANDLER
 * excepted, see {@link #handler}) throws it again. The budget counts buffer entries.
 */
public final class Trace {
    /** Version of the class table and trace formats; Python checks it against its own. */
    public static final int FORMAT_VERSION = 2;

    static final int ENTER = 1;
    static final int BRANCH = 2;
    static final int SWITCH = 3;
    static final int FIELD = 4;
    static final int ARRAY = 5;
    static final int LENGTH = 6;
    static final int VALUE = 7;
    static final int DONE = 8;
    static final int CHECK = 9;
    static final int NEWARRAY = 10;
    static final int HANDLER = 11;
    static final int READY = 12;
    static final int STMT = 20;
    static final int STMT_END = 21;
    static final int ARGS = 22;

    /**
     * Entries past the budget that are always free: the record that crosses the budget (at most
     * 256 longs), an ENTER payload staged beyond the position, and the harness's STMT_END.
     */
    static final int SLACK = 4096;

    private static long[] buffer = new long[SLACK];
    private static int position;
    /** A record starting at or beyond this position stops the execution; -1 once stopped. */
    private static volatile int limit = -1;
    private static int backEdges;
    private static Thread owner;
    /** Static initializers running now: their records (and their callees') are not kept. */
    private static int suspended;
    private static final IdMap ids = new IdMap();

    /**
     * Heap kept back for the harness: when the code under test runs out of memory, the recorder
     * still holds every object it has seen, so the harness frees this before it does anything else.
     */
    private static final int RESERVE_BYTES = 4 << 20;
    private static byte[] reserve;

    /** Why and with what the current execution stopped; guarded by the class lock. */
    private static Error stop;
    private static int stopReason;
    private static int exitStatus;

    private Trace() {
    }

    // ---------------------------------------------------------------- record writers

    private static long header(int method, int insn, int count, int tag) {
        return ((long) method << 32) | ((long) insn << 16) | (count << 8) | tag;
    }

    private static boolean recording() {
        return Thread.currentThread() == owner && suspended == 0;
    }

    /**
     * A static initializer starts: nothing it (or what it calls) does is recorded until it ends. It
     * takes no input, so its trace would only be replayed to learn nothing, in every execution.
     */
    public static void suspend() {
        if (Thread.currentThread() == owner) {
            suspended++;
        }
    }

    /** A static initializer ends, normally or by a throw. */
    public static void resume() {
        if (Thread.currentThread() == owner && suspended > 0) {
            suspended--;
        }
    }

    private static void put(long header) {
        int p = position;
        if (p >= limit) {
            throw halt();
        }
        buffer[p] = header;
        position = p + 1;
    }

    private static void put(long header, long a) {
        int p = position;
        if (p >= limit) {
            throw halt();
        }
        long[] b = buffer;
        b[p] = header;
        b[p + 1] = a;
        position = p + 2;
    }

    private static void put(long header, long a, long b) {
        int p = position;
        if (p >= limit) {
            throw halt();
        }
        long[] buf = buffer;
        buf[p] = header;
        buf[p + 1] = a;
        buf[p + 2] = b;
        position = p + 3;
    }

    private static void put(long header, long a, long b, long c) {
        int p = position;
        if (p >= limit) {
            throw halt();
        }
        long[] buf = buffer;
        buf[p] = header;
        buf[p + 1] = a;
        buf[p + 2] = b;
        buf[p + 3] = c;
        position = p + 4;
    }

    private static long id(Object value) {
        return value == null ? 0 : ids.id(value);
    }

    private static long bits(float value) {
        return Float.floatToRawIntBits(value);
    }

    private static long bits(double value) {
        return Double.doubleToRawLongBits(value);
    }

    // ---------------------------------------------------------------- ENTER

    public static void enter(int method) {
        if (recording()) {
            put(header(method, 0, 0, ENTER));
        }
    }

    public static void enterI(int value, int method) {
        if (recording()) {
            put(header(method, 0, 1, ENTER), value);
        }
    }

    public static void enterJ(long value, int method) {
        if (recording()) {
            put(header(method, 0, 1, ENTER), value);
        }
    }

    public static void enterF(float value, int method) {
        if (recording()) {
            put(header(method, 0, 1, ENTER), bits(value));
        }
    }

    public static void enterD(double value, int method) {
        if (recording()) {
            put(header(method, 0, 1, ENTER), bits(value));
        }
    }

    public static void enterA(Object value, int method) {
        if (recording()) {
            put(header(method, 0, 1, ENTER), id(value));
        }
    }

    /*
     * ENTER records with two or more values are staged: each argN call writes payload slot k just
     * past the current position, then enterN writes the header and moves the position. A value
     * that fails half way (an id lookup out of memory) leaves no partial record behind.
     */

    public static void argI(int value, int slot) {
        if (recording()) {
            buffer[position + 1 + slot] = value;
        }
    }

    public static void argJ(long value, int slot) {
        if (recording()) {
            buffer[position + 1 + slot] = value;
        }
    }

    public static void argF(float value, int slot) {
        if (recording()) {
            buffer[position + 1 + slot] = bits(value);
        }
    }

    public static void argD(double value, int slot) {
        if (recording()) {
            buffer[position + 1 + slot] = bits(value);
        }
    }

    public static void argA(Object value, int slot) {
        if (recording()) {
            buffer[position + 1 + slot] = id(value);
        }
    }

    public static void enterN(int count, int method) {
        if (recording()) {
            int p = position;
            if (p >= limit) {
                throw halt();
            }
            buffer[p] = header(method, 0, count, ENTER);
            position = p + 1 + count;
        }
    }

    // ---------------------------------------------------------------- BRANCH, SWITCH

    public static void branchI(int value, int method, int insn) {
        if (recording()) {
            put(header(method, insn, 1, BRANCH), value);
        }
    }

    public static void branchII(int left, int right, int method, int insn) {
        if (recording()) {
            put(header(method, insn, 2, BRANCH), left, right);
        }
    }

    public static void branchA(Object value, int method, int insn) {
        if (recording()) {
            put(header(method, insn, 1, BRANCH), id(value));
        }
    }

    public static void branchAA(Object left, Object right, int method, int insn) {
        if (recording()) {
            put(header(method, insn, 2, BRANCH), id(left), id(right));
        }
    }

    public static void switchKey(int key, int method, int insn) {
        if (recording()) {
            put(header(method, insn, 1, SWITCH), key);
        }
    }

    /**
     * Not a record: a backward goto counts against the budget and sees a timeout, so a loop whose
     * body records nothing (say {@code for (;;) i++;}) still stops deterministically.
     */
    public static void backEdge() {
        if (Thread.currentThread() == owner && ++backEdges >= limit) {  // in a static initializer too
            throw halt();
        }
    }

    // ---------------------------------------------------------------- heap access

    public static void field(Object target, int method, int insn) {
        if (recording()) {
            put(header(method, insn, 1, FIELD), id(target));
        }
    }

    /** A putfield on the not-yet-initialised {@code this}, which cannot be passed to a method. */
    public static void fieldOfUninitialized(int method, int insn) {
        if (recording()) {
            put(header(method, insn, 1, FIELD), -1L);
        }
    }

    public static void arrayI(int[] array, int index, int method, int insn) {
        if (recording()) {
            put(header(method, insn, 3, ARRAY), id(array), index, array == null ? -1 : array.length);
        }
    }

    public static void arrayJ(long[] array, int index, int method, int insn) {
        if (recording()) {
            put(header(method, insn, 3, ARRAY), id(array), index, array == null ? -1 : array.length);
        }
    }

    public static void arrayF(float[] array, int index, int method, int insn) {
        if (recording()) {
            put(header(method, insn, 3, ARRAY), id(array), index, array == null ? -1 : array.length);
        }
    }

    public static void arrayD(double[] array, int index, int method, int insn) {
        if (recording()) {
            put(header(method, insn, 3, ARRAY), id(array), index, array == null ? -1 : array.length);
        }
    }

    public static void arrayA(Object[] array, int index, int method, int insn) {
        if (recording()) {
            put(header(method, insn, 3, ARRAY), id(array), index, array == null ? -1 : array.length);
        }
    }

    public static void arrayC(char[] array, int index, int method, int insn) {
        if (recording()) {
            put(header(method, insn, 3, ARRAY), id(array), index, array == null ? -1 : array.length);
        }
    }

    public static void arrayS(short[] array, int index, int method, int insn) {
        if (recording()) {
            put(header(method, insn, 3, ARRAY), id(array), index, array == null ? -1 : array.length);
        }
    }

    /** baload/bastore serve both byte[] and boolean[], so the array arrives untyped. */
    public static void arrayB(Object array, int index, int method, int insn) {
        if (recording()) {
            put(header(method, insn, 3, ARRAY), id(array), index, lengthOf(array));
        }
    }

    public static void length(Object array, int method, int insn) {
        if (recording()) {
            put(header(method, insn, 2, LENGTH), id(array), lengthOf(array));
        }
    }

    private static int lengthOf(Object array) {
        return array == null ? -1 : java.lang.reflect.Array.getLength(array);
    }

    public static void newArray(Object array, int method, int insn) {
        if (recording()) {
            put(header(method, insn, 1, NEWARRAY), id(array));
        }
    }

    /** @param isInstance the result of instanceof on the same value (0 for null) */
    public static void check(Object value, int isInstance, int method, int insn) {
        if (recording()) {
            put(header(method, insn, 1, CHECK), value == null || isInstance != 0 ? 1 : 0);
        }
    }

    // ---------------------------------------------------------------- results of instructions

    public static void valueI(int value, int method, int insn) {
        if (recording()) {
            put(header(method, insn, 1, VALUE), value);
        }
    }

    public static void valueJ(long value, int method, int insn) {
        if (recording()) {
            put(header(method, insn, 1, VALUE), value);
        }
    }

    public static void valueF(float value, int method, int insn) {
        if (recording()) {
            put(header(method, insn, 1, VALUE), bits(value));
        }
    }

    public static void valueD(double value, int method, int insn) {
        if (recording()) {
            put(header(method, insn, 1, VALUE), bits(value));
        }
    }

    public static void valueA(Object value, int method, int insn) {
        if (recording()) {
            put(header(method, insn, 1, VALUE), id(value));
        }
    }

    public static void done(int method, int insn) {
        if (recording()) {
            put(header(method, insn, 0, DONE));
        }
    }

    /**
     * The one record that never throws the stop error: once the execution is stopped it is simply
     * not written. javac's cleanup handler of {@code synchronized} covers its own first
     * instructions, so a throwing HANDLER record would catch itself forever; skipped, the handler
     * runs on to its rethrow, and the next record anywhere else throws instead.
     */
    public static void handler(Object caught, int method, int insn) {
        if (recording()) {
            int p = position;
            if (p < limit) {
                long[] b = buffer;
                b[p] = header(method, insn, 1, HANDLER);
                b[p + 1] = id(caught);
                position = p + 2;
            }
        }
    }

    public static void ready(Object self, int method, int insn) {
        if (recording()) {
            put(header(method, insn, 1, READY), id(self));
        }
    }

    // ---------------------------------------------------------------- execution control (harness side)

    /** Starts recording on {@code thread}: empty buffer, fresh object ids, no stop. */
    static synchronized void begin(Thread thread, int budget) {
        if (buffer.length < budget + SLACK) {
            buffer = new long[budget + SLACK];
        }
        if (reserve == null) {
            reserve = new byte[RESERVE_BYTES];
        }
        position = 0;
        backEdges = 0;
        ids.clear();
        stop = null;
        stopReason = 0;
        exitStatus = 0;
        limit = budget;
        suspended = 0;
        owner = thread;
    }

    /** Stops recording and returns the records; object ids are forgotten (their objects freed). */
    static synchronized long[] finish() {
        owner = null;
        limit = -1;
        ids.clear();
        return Arrays.copyOf(buffer, position);
    }

    /** Gives the memory reserve back to the heap (reallocated by the next {@link #begin}). */
    static void releaseReserve() {
        reserve = null;
    }

    /** STMT for statement k; throws the stop error when the budget is already spent. */
    static void statement(int k) {
        put(header(0, k, 0, STMT));
    }

    /**
     * ARGS for statement k, right after its STMT: the object id of each argument (0 for a primitive
     * parameter and for null), so that the VM knows the objects the harness made (Strings, arrays,
     * boxes, collections) even when no instrumented code receives them. Like STMT_END it never fails:
     * at most 255 entries, within the slack.
     */
    static void arguments(int k, Object[] values, Class<?>[] types) {
        int count = Math.min(values.length, 255);
        int p = position;
        buffer[p] = header(0, k, count, ARGS);
        for (int i = 0; i < count; i++) {
            buffer[p + 1 + i] = types[i].isPrimitive() ? 0 : id(values[i]);
        }
        position = p + 1 + count;
    }

    /** STMT_END never fails: it fits in the slack whatever the budget. */
    static void statementEnd(int k, int status, long value) {
        int p = position;
        buffer[p] = header(0, k, 2, STMT_END);
        buffer[p + 1] = status;
        buffer[p + 2] = value;
        position = p + 3;
    }

    /** The object id of a harness value (statement results, thrown exceptions). */
    static long idOf(Object value) {
        return id(value);
    }

    static synchronized int stopReason() {
        return stopReason;
    }

    static synchronized int exitStatus() {
        return exitStatus;
    }

    private static synchronized Error halt() {
        if (stop == null) {
            stop = Abort.BUDGET_SPENT;
            stopReason = Result.ABORT_BUDGET;
        }
        limit = -1;
        return stop;
    }

    /** Called by the watchdog thread when the execution is over time. */
    static synchronized void timeOut(Thread thread) {
        if (owner == thread && stop == null) {
            stop = Abort.TIMED_OUT;
            stopReason = Result.ABORT_TIMEOUT;
            limit = -1;
        }
    }

    /**
     * The error a System.exit call throws. On the harness thread it also stops the execution, so
     * that catching the error does not let the program go on; other threads just get the error.
     */
    static synchronized Error exitRequested(int status) {
        if (Thread.currentThread() != owner) {
            return new ExitRequest(status);
        }
        if (stop == null) {
            stop = new ExitRequest(status);
            stopReason = Result.ABORT_EXIT;
            exitStatus = status;
        }
        limit = -1;
        return stop;
    }
}
