package jtc.maven;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Execute;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * {@code mvn jtc:generate}: compiles the project, then writes JUnit 5 tests for its main classes to
 * src/jtcTest/java, the run's figures to target/jtc/generate.json and its likely bugs to
 * target/jtc/likely-bugs.json (and .txt). Unchanged classes are taken from target/jtc-cache.
 */
@Mojo(name = "generate", requiresDependencyResolution = ResolutionScope.RUNTIME, threadSafe = true)
@Execute(phase = LifecyclePhase.COMPILE)
public class GenerateMojo extends JtcMojo {

    /** Seconds of search per class. */
    @Parameter(property = "jtc.timeBudget", defaultValue = "60")
    private double timeBudget;

    /** Worker processes (0: one per core). */
    @Parameter(property = "jtc.jobs", defaultValue = "0")
    private int jobs;

    /** Packages to generate tests for (with their subpackages); none: every main class. */
    @Parameter
    private List<String> packages = new ArrayList<>();

    /** Executions per class at most, a budget that does not depend on the machine's speed. */
    @Parameter(property = "jtc.maxExecutions")
    private Integer maxExecutions;

    /** Fold tests of one shape into parameterized tests (they need junit-jupiter-params to run). */
    @Parameter(property = "jtc.fold", defaultValue = "true")
    private boolean fold;

    /** More arguments for {@code jtc generate}, e.g. --select-assertions. */
    @Parameter
    private List<String> extraArgs = new ArrayList<>();

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        File build = new File(project.getBuild().getDirectory());
        List<String> arguments = new ArrayList<>(List.of("generate", "--classpath", underTestClasspath(),
                "--output", testsDirectory.getPath(), "--time-budget", Double.toString(timeBudget),
                "-j", Integer.toString(jobs > 0 ? jobs : Runtime.getRuntime().availableProcessors()),
                "--cache-dir", new File(build, "jtc-cache").getPath(),
                "--report", new File(reportsDirectory, "generate.json").getPath(),
                "--likely-bugs-report", new File(reportsDirectory, "likely-bugs.json").getPath()));
        if (maxExecutions != null) {
            arguments.addAll(List.of("--max-executions", maxExecutions.toString()));
        }
        if (!fold) {
            arguments.add("--no-fold");
        }
        if (packages.isEmpty()) {
            arguments.add("--all"); // every class of the classpath's first entry: target/classes
        } else {
            packages.forEach(name -> arguments.addAll(List.of("--package", name)));
        }
        arguments.addAll(extraArgs);
        runJtc(arguments);
    }
}
