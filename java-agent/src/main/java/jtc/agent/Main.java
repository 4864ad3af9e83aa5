package jtc.agent;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Debugging CLI over the {@link Harness}: runs programs and describes classes in one JVM, and
 * prints each Result followed by its trace decoded one record per line.
 *
 * <pre>
 * java -javaagent:AGENT.jar -cp AGENT.jar:ASM-JARS jtc.agent.Main --classpath CP
 *      [--budget N] [--timeout MS] [--no-instrument] (--describe BINARY_NAME | --program FILE)...
 * </pre>
 *
 * Actions run in the order given, so repeating {@code --program} runs several executions in one JVM.
 */
public final class Main {
    private static final Pattern TABLE_NAME = Pattern.compile("\"name\":\"([^\"]*)\"");

    private Main() {
    }

    public static void main(String[] args) throws IOException {
        String classpath = null;
        int budget = 1_000_000;
        int timeout = 10_000;
        boolean instrument = true;
        List<String[]> actions = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (option.equals("--no-instrument")) {
                instrument = false;
                continue;
            }
            if (i + 1 >= args.length) {
                usage("missing value after " + option);
            }
            String value = args[++i];
            switch (option) {
                case "--classpath":
                    classpath = value;
                    break;
                case "--budget":
                    budget = Integer.parseInt(value);
                    break;
                case "--timeout":
                    timeout = Integer.parseInt(value);
                    break;
                case "--describe":
                case "--program":
                    actions.add(new String[] {option, value});
                    break;
                default:
                    usage("unknown option " + option);
            }
        }
        if (classpath == null || actions.isEmpty()) {
            usage("--classpath and at least one --describe or --program are required");
        }
        Harness.configure(classpath.split(java.io.File.pathSeparator), instrument);
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        for (String[] action : actions) {
            if (action[0].equals("--describe")) {
                describe(out, action[1]);
            } else {
                String program = new String(Files.readAllBytes(Paths.get(action[1])), StandardCharsets.UTF_8);
                print(out, action[1], Harness.run(program, budget, timeout));
            }
        }
        out.flush();
    }

    private static void usage(String problem) {
        System.err.println("jtc.agent.Main: " + problem);
        System.err.println("usage: jtc.agent.Main --classpath CP [--budget N] [--timeout MS] [--no-instrument]"
                + " (--describe BINARY_NAME | --program FILE)...");
        System.exit(2);
    }

    private static void describe(PrintStream out, String binaryName) {
        out.println("== describe " + binaryName);
        try {
            out.println(Harness.describe(binaryName));
        } catch (IllegalArgumentException e) {
            out.println("error " + e.getMessage());
        }
    }

    private static void print(PrintStream out, String file, Result result) {
        out.println("== program " + file);
        out.println("executed " + result.executed);
        out.println("abort " + result.abort);
        out.println("exitStatus " + result.exitStatus);
        out.println("error " + (result.error == null ? "-" : escape(result.error)));
        out.println("nanos " + result.nanos);
        for (int k = 0; k < result.executed; k++) {
            out.println("statement " + k + " " + result.status[k] + " " + result.values[k]);
            if (result.messages[k] != null) {
                out.println("message " + k + " " + escape(result.messages[k]));
            }
            if (result.throwSites[k] != null) {
                out.println("site " + k + " " + result.throwSites[k]);
            }
            if (result.out[k] != null) {
                out.println("out " + k + " " + escape(result.out[k]));
            }
            if (result.err[k] != null) {
                out.println("err " + k + " " + escape(result.err[k]));
            }
        }
        for (String table : result.newTables) {
            Matcher name = TABLE_NAME.matcher(table);
            out.println("table " + (name.find() ? name.group(1) : "?"));
        }
        printTrace(out, result.trace);
    }

    /** One line per record: tag, site, opcode at the site, payload. */
    private static void printTrace(PrintStream out, long[] trace) {
        List<String> lines = new ArrayList<>();
        int p = 0;
        while (p < trace.length) {
            long header = trace[p];
            int tag = (int) (header & 0xFF);
            int count = (int) ((header >>> 8) & 0xFF);
            int insn = (int) ((header >>> 16) & 0xFFFF);
            int method = (int) (header >>> 32);
            StringBuilder line = new StringBuilder(tagName(tag)).append(' ');
            Registry.MethodRef ref = Registry.method(method);
            if (ref == null) {
                line.append(method == 0 ? "harness" : "m" + method).append('#').append(insn).append(" -");
            } else {
                line.append(ref.owner.replace('/', '.')).append('.').append(ref.name).append(ref.desc)
                        .append('#').append(insn).append(' ')
                        .append(insn < ref.opcodes.length ? OpcodeNames.of(ref.opcodes[insn]) : "-");
            }
            for (int i = 1; i <= count && p + i < trace.length; i++) {
                line.append(' ').append(trace[p + i]);
            }
            lines.add(line.toString());
            p += 1 + count;
        }
        out.println("records " + lines.size());
        for (String line : lines) {
            out.println(line);
        }
    }

    private static String tagName(int tag) {
        switch (tag) {
            case Trace.ENTER: return "ENTER";
            case Trace.BRANCH: return "BRANCH";
            case Trace.SWITCH: return "SWITCH";
            case Trace.FIELD: return "FIELD";
            case Trace.ARRAY: return "ARRAY";
            case Trace.LENGTH: return "LENGTH";
            case Trace.VALUE: return "VALUE";
            case Trace.DONE: return "DONE";
            case Trace.CHECK: return "CHECK";
            case Trace.NEWARRAY: return "NEWARRAY";
            case Trace.HANDLER: return "HANDLER";
            case Trace.READY: return "READY";
            case Trace.STMT: return "STMT";
            case Trace.STMT_END: return "STMT_END";
            case Trace.ARGS: return "ARGS";
            default: return "TAG" + tag;
        }
    }

    /** Messages on one line: backslash, newline and carriage return escaped. */
    private static String escape(String text) {
        return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
    }
}
