package jtc.mutate;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Mutation analysis of the class files under one folder (the classes under test), driven by jtc.
 *
 * <ul>
 * <li>{@code list <classes dir> <out>}: the mutants, one {@code M} row each.</li>
 * <li>{@code write <classes dir> <mutant id> <out dir>}: the mutated class file of one mutant.</li>
 * <li>{@code write-all <classes dir> <out dir> <limit>}: the class files of the mutants, every one or,
 * with more than {@code limit}, that many spread evenly over them, as {@code <n>.class} for the n-th
 * {@code M} row of {@code <out dir>/mutants.tsv}.</li>
 * <li>{@code verify <classes dir> <out>}: defines every mutant in a fresh loader and links and
 * initialises it: a {@code V} row per mutant, {@code ok} or the error.</li>
 * <li>{@code run <classes dir> <classpath> <out> <base ms> <factor> <test class>...}: runs the tests
 * once on probed classes (which tests run which mutated instruction, and which fail on the original
 * code), then each mutant against the passing tests that run its instruction, in a fresh loader with a
 * time limit of base + factor × their baseline time.</li>
 * <li>{@code kills <classes dir> <classpath> <out> <base ms> <factor> <test class>...}: the same, but each
 * mutant runs every test that runs its instruction, each with its own time limit, and every test that
 * fails is reported with the line of the test class where it failed: which assertions kill which
 * mutants, for choosing assertions.</li>
 * </ul>
 *
 * <p>Rows are tab-separated: {@code M id class method line index operator description};
 * {@code T test PASSED|FAILED|TIMED_OUT millis message}; {@code R id KILLED|TIMED_OUT|SURVIVED|NO_COVERAGE
 * test message}; in {@code kills} mode, {@code K id test KILLED|TIMED_OUT line} for each test that kills a
 * mutant; {@code END} when {@code run} or {@code kills} finished. Every class the tests load from the
 * classpath runs guarded ({@link Guard}): an exit of the code under test fails its test, and a test over
 * its time limit is stopped. An exit the guard cannot see (through reflection, or by the JDK's own
 * code) still ends the JVM: a shutdown hook says on stderr what was running, and {@code END} is missing.
 */
public final class MutationRunner {

    /** A test that runs longer on the original code is taken as hanging (and excluded). */
    private static final long BASELINE_LIMIT_MILLIS = 60_000;

    private final Map<String, byte[]> originals = new LinkedHashMap<>();  // binary name → bytes, sorted
    private final Map<String, byte[]> guarded = new HashMap<>();  // binary name → the original guarded
    private final List<Mutant> mutants = new ArrayList<>();
    private volatile String running;  // what the tests run on now, for the shutdown hook; null when done

    private MutationRunner(Path classesDir) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(classesDir)) {
            files = walk.filter(p -> p.toString().endsWith(".class")).sorted().collect(Collectors.toList());
        }
        for (Path file : files) {
            String relative = classesDir.relativize(file).toString().replace('\\', '/');
            originals.put(relative.substring(0, relative.length() - ".class".length()).replace('/', '.'),
                    Files.readAllBytes(file));
        }
        for (Map.Entry<String, byte[]> entry : originals.entrySet()) {
            guarded.put(entry.getKey(), Guard.apply(entry.getValue()));
        }
        for (byte[] bytes : originals.values()) {
            List<Mutant> found = Mutants.of(bytes, mutants.isEmpty() ? 0 : mutants.get(mutants.size() - 1).site + 1);
            mutants.addAll(found);
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: MutationRunner list|write|write-all|verify|run|kills <classes dir> ...");
            System.exit(2);
        }
        MutationRunner runner = new MutationRunner(Paths.get(args[1]));
        switch (args[0]) {
            case "list":
                try (PrintWriter out = writer(args[2])) {
                    list(runner.mutants, out);
                }
                break;
            case "write":
                runner.write(args[2], Paths.get(args[3]));
                break;
            case "write-all":
                runner.writeAll(Paths.get(args[2]), Integer.parseInt(args[3]));
                break;
            case "verify":
                try (PrintWriter out = writer(args[2])) {
                    runner.verify(new ClassBytes(args[1]), out);
                }
                break;
            case "run":
            case "kills":
                Runtime.getRuntime().addShutdownHook(new Thread(runner::reportUnfinished));
                try (PrintWriter out = writer(args[3])) {
                    list(runner.mutants, out);
                    runner.run(new ClassBytes(args[2]), Long.parseLong(args[4]), Double.parseDouble(args[5]),
                            Arrays.asList(args).subList(6, args.length), args[0].equals("kills"), out);
                    row(out, "END");
                }
                runner.running = null;
                break;
            default:
                System.err.println("unknown mode " + args[0]);
                System.exit(2);
        }
        System.exit(0);  // threads of stopped tests may linger
    }

    /** On an exit that the guard did not see: what ended the JVM, for jtc to say (jtc/mutate/runner.py). */
    private void reportUnfinished() {
        String what = running;
        if (what != null) {
            System.err.println("jtc: the code under test ended the mutation runner's JVM while it ran " + what
                    + " (an exit through reflection or the JDK's own code)");
        }
    }

    private static PrintWriter writer(String path) throws IOException {
        return new PrintWriter(Files.newBufferedWriter(Paths.get(path), StandardCharsets.UTF_8), true);
    }

    private static void list(List<Mutant> listed, PrintWriter out) {
        for (Mutant m : listed) {
            row(out, "M", m.id(), m.binaryName(), m.method, m.line, m.insnIndex, m.operator, m.change.description);
        }
    }

    private Mutant find(String id) {
        for (Mutant m : mutants) {
            if (m.id().equals(id)) {
                return m;
            }
        }
        throw new IllegalArgumentException("no mutant " + id);
    }

    private byte[] mutated(Mutant mutant) {
        return Mutants.mutate(originals.get(mutant.binaryName()), mutant);
    }

    /** The guarded classes under test, the mutant's class mutated. */
    private Map<String, byte[]> withMutant(Mutant mutant) {
        Map<String, byte[]> classes = new HashMap<>(guarded);
        classes.put(mutant.binaryName(), Guard.apply(mutated(mutant)));
        return classes;
    }

    private void write(String id, Path outDir) throws IOException {
        Mutant mutant = find(id);
        Path target = outDir.resolve(mutant.className + ".class");
        Files.createDirectories(target.getParent());
        Files.write(target, mutated(mutant));
    }

    private void writeAll(Path outDir, int limit) throws IOException {
        List<Mutant> chosen = new ArrayList<>();
        for (int n = 0; n < Math.min(limit, mutants.size()); n++) {
            chosen.add(mutants.get((int) ((long) n * mutants.size() / Math.min(limit, mutants.size()))));
        }
        Files.createDirectories(outDir);
        try (PrintWriter out = writer(outDir.resolve("mutants.tsv").toString())) {
            list(chosen, out);
        }
        for (int n = 0; n < chosen.size(); n++) {
            Files.write(outDir.resolve(n + ".class"), mutated(chosen.get(n)));
        }
    }

    private void verify(ClassBytes classpath, PrintWriter out) {
        for (Mutant mutant : mutants) {
            String verdict = "ok";
            try {
                Class.forName(mutant.binaryName(), true,
                        new MutantLoader(classpath, withMutant(mutant), getClass().getClassLoader()));
            } catch (Throwable e) {
                verdict = e.toString();
            }
            row(out, "V", mutant.id(), verdict);
        }
    }

    private void run(ClassBytes classpath, long baseMillis, double factor, List<String> testClasses, boolean everyTest,
            PrintWriter out) throws ClassNotFoundException {
        TestRunner tests = new TestRunner();
        Map<String, byte[]> probed = new HashMap<>();
        for (Map.Entry<String, byte[]> entry : originals.entrySet()) {
            List<Mutant> own = mutants.stream().filter(m -> m.binaryName().equals(entry.getKey()))
                    .collect(Collectors.toList());
            probed.put(entry.getKey(),
                    own.isEmpty() ? guarded.get(entry.getKey()) : Guard.apply(Mutants.probe(entry.getValue(), own)));
        }
        MutantLoader baseline = new MutantLoader(classpath, probed, getClass().getClassLoader());
        List<TestUnit> units = tests.discover(baseline, testClasses);
        Map<TestUnit, BitSet> hits = new LinkedHashMap<>();
        Map<TestUnit, Long> millis = new HashMap<>();
        for (TestUnit unit : units) {
            running = "the test " + unit.name() + " on the original code";
            Probe.take();
            TestRunner.Outcome outcome = tests.run(baseline, unit, BASELINE_LIMIT_MILLIS);
            BitSet sites = Probe.take();
            row(out, "T", unit.name(), outcome.status, outcome.millis, outcome.message);
            if (outcome.status == TestRunner.Status.PASSED) {
                hits.put(unit, sites);
                millis.put(unit, outcome.millis);
            } else if (outcome.status == TestRunner.Status.TIMED_OUT) {
                baseline = new MutantLoader(classpath, probed, getClass().getClassLoader());  // the stopped one is done
            }
        }
        for (Mutant mutant : mutants) {
            List<TestUnit> covering = new ArrayList<>();
            long budget = baseMillis;
            for (Map.Entry<TestUnit, BitSet> entry : hits.entrySet()) {
                if (entry.getValue().get(mutant.site)) {
                    covering.add(entry.getKey());
                    budget += (long) (factor * millis.get(entry.getKey()));
                }
            }
            if (covering.isEmpty()) {
                row(out, "R", mutant.id(), "NO_COVERAGE", "", "");
                continue;
            }
            running = "mutant " + mutant.id();
            Map<String, byte[]> classes = withMutant(mutant);
            MutantLoader loader = new MutantLoader(classpath, classes, getClass().getClassLoader());
            long deadline = System.nanoTime() + budget * 1_000_000;
            String[] verdict = {"SURVIVED", "", ""};
            Map<TestUnit, Long> limits = new HashMap<>();
            for (TestUnit unit : covering) {
                limits.put(unit, baseMillis + (long) (factor * millis.get(unit)));
            }
            // every test runs: one launch for all, and the tests a timeout left unrun each on their own
            Map<TestUnit, TestRunner.Outcome> launched = everyTest ? tests.runAll(loader, covering, limits) : Map.of();
            boolean stopped = launched.values().stream().anyMatch(o -> o.status == TestRunner.Status.TIMED_OUT);
            if (stopped) {
                loader = new MutantLoader(classpath, classes, getClass().getClassLoader());
            }
            for (TestUnit unit : covering) {
                long left = everyTest ? limits.get(unit) : Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
                TestRunner.Outcome outcome = launched.containsKey(unit) ? launched.get(unit) : tests.run(loader, unit, left);
                if (outcome.status == TestRunner.Status.PASSED) {
                    continue;
                }
                String status = outcome.status == TestRunner.Status.FAILED ? "KILLED" : "TIMED_OUT";
                if (verdict[0].equals("SURVIVED")) {
                    verdict = new String[] {status, unit.name(), outcome.message};
                }
                if (!everyTest) {
                    break;
                }
                row(out, "K", mutant.id(), unit.name(), status, outcome.line);
                if (outcome.status == TestRunner.Status.TIMED_OUT) {
                    // the stopped loader is done: the next tests get a fresh one
                    loader = new MutantLoader(classpath, classes, getClass().getClassLoader());
                }
            }
            row(out, "R", mutant.id(), verdict[0], verdict[1], verdict[2]);
        }
    }

    private static void row(PrintWriter out, Object... cells) {
        StringBuilder line = new StringBuilder();
        for (Object cell : cells) {
            if (line.length() > 0) {
                line.append('\t');
            }
            line.append(String.valueOf(cell).replace('\t', ' ').replace('\n', ' ').replace('\r', ' '));
        }
        out.println(line);
    }
}
