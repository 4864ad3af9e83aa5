package jtc.maven;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * What jtc's goals share: the project, the {@code jtc} command they run, the folder of the generated
 * tests and of the reports, and the classpath of the classes under test.
 *
 * <p>The goals run the {@code jtc} command rather than jtc's Python code: jtc is a Python program, and
 * the command is what the Gradle wrapper (gradle/jtc.gradle) runs too, so both build tools behave alike.
 */
abstract class JtcMojo extends AbstractMojo {

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    protected MavenProject project;

    /** The jtc command, when {@code jtc} is not on the PATH. */
    @Parameter(property = "jtc.executable", defaultValue = "jtc")
    private String executable;

    /** Where jtc:generate writes the tests and jtc:coverage finds them. */
    @Parameter(property = "jtc.testsDirectory", defaultValue = "${project.basedir}/src/jtcTest/java")
    protected File testsDirectory;

    /** Where the goals write their reports (the likely bugs, the coverage comparison). */
    @Parameter(property = "jtc.reportsDirectory", defaultValue = "${project.build.directory}/jtc")
    protected File reportsDirectory;

    /** The compiled main classes, then their runtime dependencies: what the tests run against. */
    protected String underTestClasspath() throws MojoExecutionException {
        try {
            return project.getRuntimeClasspathElements().stream()
                    .filter(element -> new File(element).exists())
                    .collect(Collectors.joining(File.pathSeparator));
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("the project's runtime classpath is not resolved: " + e.getMessage(), e);
        }
    }

    /** Runs {@code jtc <arguments>} in the project's folder, its output going to Maven's. */
    protected void runJtc(List<String> arguments) throws MojoExecutionException, MojoFailureException {
        List<String> command = new ArrayList<>();
        command.add(executable);
        command.addAll(arguments);
        getLog().debug("jtc: running " + String.join(" ", command));
        int exitCode;
        try {
            exitCode = new ProcessBuilder(command).directory(project.getBasedir()).inheritIO().start().waitFor();
        } catch (IOException e) {
            throw new MojoExecutionException("cannot run " + executable + " (set -Djtc.executable=/path/to/jtc when "
                    + "jtc is not on the PATH): " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("interrupted while jtc ran", e);
        }
        if (exitCode != 0) {
            throw new MojoFailureException("jtc " + arguments.get(0) + " failed with exit code " + exitCode
                    + " (its error is printed above)");
        }
    }
}
