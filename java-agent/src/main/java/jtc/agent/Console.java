package jtc.agent;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;

/**
 * What the statements of one execution print to {@code System.out} and {@code System.err}: both are
 * swapped for in-memory streams while the program runs, so that nothing reaches the worker's console
 * and what each statement printed is part of its result (a test states it). The streams are made
 * the way a generated test makes them ({@code new PrintStream(buffer)}, read by {@code toString()},
 * the default charset both ways), so the text read here is the text the test reads.
 */
final class Console implements AutoCloseable {
    /** The worker's own standard error, taken before any capture: jtc's diagnostics are no output of the code. */
    static final PrintStream DIAGNOSTICS = System.err;

    private final PrintStream savedOut = System.out;
    private final PrintStream savedErr = System.err;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final PrintStream capturingOut = new PrintStream(out);
    private final PrintStream capturingErr = new PrintStream(err);

    private Console() {
    }

    /** Captures both streams until {@link #close}. */
    static Console capture() {
        Console console = new Console();
        System.setOut(console.capturingOut);
        System.setErr(console.capturingErr);
        return console;
    }

    /** What was printed to System.out since the last call; null when nothing. */
    String takeOut() {
        return take(capturingOut, out);
    }

    /** What was printed to System.err since the last call; null when nothing. */
    String takeErr() {
        return take(capturingErr, err);
    }

    private static String take(PrintStream stream, ByteArrayOutputStream buffer) {
        stream.flush();
        if (buffer.size() == 0) {
            return null;
        }
        String text = buffer.toString();
        buffer.reset();
        return text;
    }

    /** Puts the streams back that were there before {@link #capture}. */
    @Override
    public void close() {
        System.setOut(savedOut);
        System.setErr(savedErr);
    }
}
