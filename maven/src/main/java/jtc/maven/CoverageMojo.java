package jtc.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Execute;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * {@code mvn jtc:coverage}: measures the project's own tests ("hand-written", src/test/java) and
 * jtc's ("generated", src/jtcTest/java) side by side with JaCoCo, and writes the comparison to
 * target/jtc/ (index.html, coverage.json). Each failing test is named in the output and the JSON.
 */
@Mojo(name = "coverage", requiresDependencyResolution = ResolutionScope.RUNTIME, threadSafe = true)
@Execute(phase = LifecyclePhase.COMPILE)
public class CoverageMojo extends JtcMojo {

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        Path classes = new File(project.getBuild().getOutputDirectory()).toPath();
        List<String> names = topLevelClasses(classes);
        if (names.isEmpty()) {
            throw new MojoFailureException("jtc:coverage: " + classes + " holds no classes");
        }
        List<String> arguments = new ArrayList<>(List.of("coverage", "--classpath", underTestClasspath(),
                "--html", reportsDirectory.getPath(), "--json", new File(reportsDirectory, "coverage.json").getPath()));
        suite(arguments, "hand-written", new File(project.getBuild().getTestSourceDirectory()));
        suite(arguments, "generated", testsDirectory);
        for (String root : project.getCompileSourceRoots()) {
            if (new File(root).isDirectory()) {
                arguments.addAll(List.of("--sources", root));
            }
        }
        arguments.addAll(names);
        runJtc(arguments);
    }

    private static void suite(List<String> arguments, String name, File folder) {
        if (folder.isDirectory()) {
            arguments.addAll(List.of("--tests", name + "=" + folder.getPath()));
        }
    }

    /** The binary names of the top-level classes under {@code root} (nested ones are measured with them). */
    private static List<String> topLevelClasses(Path root) throws MojoExecutionException {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(root)) {
            return files.map(file -> root.relativize(file).toString())
                    .filter(name -> name.endsWith(".class") && !name.contains("$")
                            && !name.endsWith("module-info.class") && !name.endsWith("package-info.class"))
                    .map(name -> name.substring(0, name.length() - ".class".length()).replace(File.separatorChar, '.'))
                    .sorted()
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new MojoExecutionException("cannot list the classes in " + root + ": " + e.getMessage(), e);
        }
    }
}
