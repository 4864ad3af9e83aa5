package jtc.agent;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One run of one program: fresh class loader, resolution of every statement up front (so a bad
 * program runs nothing), then the statements in order under the recorder and the watchdog.
 *
 * <p>A statement that throws an exception does not end the program: the exception is caught, as a
 * test would catch it, and later statements see whatever state the failed call left behind. The
 * program ends at an abort (budget, watchdog, System.exit), after a {@link VirtualMachineError}
 * (stack or heap exhausted: the state is no longer worth observing), or before the first statement
 * that needs the result of a statement that threw. Uninstrumented runs write no harness records
 * either, so their trace is empty. What each statement prints to System.out and System.err is
 * captured ({@link Console}) and reported with it.
 */
final class Execution {
    private final UserClasspath classpath;
    private final boolean instrument;
    private final int budget;
    private final int timeoutMillis;
    private final Map<String, byte[]> replaced;
    private final ClassLoader dependencies;
    private final Result result = new Result();

    Execution(UserClasspath classpath, ClassLoader dependencies, boolean instrument, int budget, int timeoutMillis) {
        this(classpath, dependencies, instrument, budget, timeoutMillis, Map.of());
    }

    /**
     * An execution whose loader defines {@code replaced} (binary name → class file) instead of the
     * classpath's; {@code dependencies} loads the project's dependency jars, shared by all executions.
     */
    Execution(UserClasspath classpath, ClassLoader dependencies, boolean instrument, int budget, int timeoutMillis,
              Map<String, byte[]> replaced) {
        this.classpath = classpath;
        this.dependencies = dependencies;
        this.instrument = instrument;
        this.replaced = replaced;
        this.budget = budget;
        this.timeoutMillis = timeoutMillis;
    }

    Result run(String text) {
        try {
            if (budget <= 0 || budget > Integer.MAX_VALUE - Trace.SLACK) {
                throw HarnessError.badProgram("record budget out of range: " + budget);
            }
            List<Program.Statement> statements = Program.parse(text);
            try (IsolatingClassLoader loader = new IsolatingClassLoader(classpath, instrument, replaced, dependencies)) {
                List<Action> targets = new ArrayList<>();
                for (Program.Statement statement : statements) {
                    targets.add(Members.resolve(statement, loader));
                }
                execute(statements, targets);
            }
        } catch (HarnessError e) {
            result.error = e.getMessage();
        } catch (IOException e) {
            throw new IllegalStateException("closing the execution's class loader failed", e);
        }
        result.newTables = Registry.drain();
        return result;
    }

    /**
     * Runs the statements. After an OutOfMemoryError the heap stays full until {@link Trace#finish}
     * lets go of the objects the recorder has seen, so an OutOfMemoryError first releases the
     * recorder's memory reserve, and nothing between the throw and finish allocates more than that.
     */
    private void execute(List<Program.Statement> statements, List<Action> targets) {
        int count = statements.size();
        String[] status = new String[count];
        String[] values = new String[count];
        Object[] variables = new Object[count];
        Throwable[] thrown = new Throwable[count];
        String[] out = new String[count];
        String[] err = new String[count];
        int executed = 0;
        Thread self = Thread.currentThread();
        Trace.begin(self, budget);
        Watchdog.arm(self, timeoutMillis);
        try (Console console = Console.capture()) {
            for (int k = 0; k < count; k++) {
                Program.Statement statement = statements.get(k);
                if (needsMissingResult(statement, thrown)) {
                    break;
                }
                Action target = targets.get(k);
                Object[] arguments = arguments(statement, target, variables);
                Object receiver = receiver(statement, target, variables);
                executed = k + 1;
                Object value = null;
                try {
                    value = perform(k, target, receiver, arguments);
                } catch (Action.Refused bug) {
                    throw new IllegalStateException("harness bug: reflection refused a checked call", bug.getCause());
                } catch (Throwable e) {
                    if (e instanceof OutOfMemoryError) {
                        Trace.releaseReserve();
                    }
                    thrown[k] = e;
                }
                out[k] = console.takeOut();
                err[k] = console.takeErr();
                if (Trace.stopReason() != Result.ABORT_NONE) {
                    status[k] = Result.ABORTED;
                    thrown[k] = null;
                    break;
                }
                Class<?> type = target.resultType();
                if (thrown[k] != null) {
                    if (instrument) {
                        Trace.statementEnd(k, 1, Trace.idOf(thrown[k]));
                    }
                    status[k] = Result.THREW;
                    if (thrown[k] instanceof VirtualMachineError) {
                        break;
                    }
                } else {
                    if (instrument) {
                        Trace.statementEnd(k, 0, Tokens.encode(value, type));
                    }
                    status[k] = Result.OK;
                    values[k] = Tokens.of(value, type);
                    variables[k] = value;
                }
            }
        } catch (HarnessError e) {
            result.error = e.getMessage();
        } finally {
            Watchdog.disarm();
            Thread.interrupted();
            result.trace = Trace.finish();
        }
        result.abort = Trace.stopReason();
        result.exitStatus = Trace.exitStatus();
        finishStatements(executed, status, values, thrown);
        result.out = Arrays.copyOf(out, executed);
        result.err = Arrays.copyOf(err, executed);
    }

    /** Whether the statement's receiver or an argument is the result of a statement that threw. */
    private static boolean needsMissingResult(Program.Statement statement, Throwable[] thrown) {
        if (statement.receiver >= 0 && thrown[statement.receiver] != null) {
            return true;
        }
        for (Argument argument : statement.arguments) {
            if (argument.variable >= 0 && thrown[argument.variable] != null) {
                return true;
            }
        }
        return false;
    }

    /** The arguments of statement k; variables are checked here, literals were at resolution. */
    private static Object[] arguments(Program.Statement statement, Action target, Object[] variables)
            throws HarnessError {
        Class<?>[] parameters = target.parameterTypes();
        Object[] arguments = new Object[parameters.length];
        for (int i = 0; i < arguments.length; i++) {
            Argument argument = statement.arguments.get(i);
            arguments[i] = argument.value(variables);
            if (argument.variable >= 0 && !Argument.accepts(parameters[i], arguments[i])) {
                throw HarnessError.badProgram("statement " + statement.index + " argument " + i + ": v"
                        + argument.variable + " does not fit a " + parameters[i].getName() + " parameter");
            }
        }
        return arguments;
    }

    /** Statement k itself: its STMT record (which fails once the budget is spent), the call, its time. */
    private Object perform(int k, Action target, Object receiver, Object[] arguments) throws Throwable {
        if (instrument) {
            Trace.statement(k);
            if (arguments.length > 0) {
                Trace.arguments(k, arguments, target.parameterTypes());
            }
        }
        long start = System.nanoTime();
        try {
            return target.perform(receiver, arguments);
        } finally {
            result.nanos += System.nanoTime() - start;
        }
    }

    /** The receiver of an instance member: null (the statement then throws NPE) or an instance of the owner. */
    private static Object receiver(Program.Statement statement, Action target, Object[] variables)
            throws HarnessError {
        if (statement.receiver < 0) {
            return null;
        }
        Object receiver = variables[statement.receiver];
        Class<?> owner = target.receiverType();
        if (receiver != null && owner != null && !owner.isInstance(receiver)) {
            throw HarnessError.badProgram("statement " + statement.index + ": receiver v" + statement.receiver
                    + " is a " + receiver.getClass().getName() + ", not a " + owner.getName());
        }
        return receiver;
    }

    private void finishStatements(int executed, String[] status, String[] values, Throwable[] thrown) {
        result.executed = executed;
        result.status = Arrays.copyOf(status, executed);
        result.values = Arrays.copyOf(values, executed);
        result.messages = new String[executed];
        result.throwSites = new String[executed];
        result.throwStacks = new String[executed];
        for (int k = 0; k < executed; k++) {
            if (thrown[k] != null) {
                result.values[k] = thrown[k].getClass().getName();
                result.messages[k] = message(thrown[k]);
                result.throwSites[k] = ThrowSites.of(thrown[k], classpath);
                result.throwStacks[k] = ThrowSites.stack(thrown[k], classpath);
            }
        }
    }

    /** getMessage may be user code; a message that cannot be had is reported as none. */
    private static String message(Throwable thrown) {
        try {
            return thrown.getMessage();
        } catch (Throwable e) {
            return null;
        }
    }
}
