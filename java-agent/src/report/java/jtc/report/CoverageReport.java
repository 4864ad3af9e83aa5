package jtc.report;

import java.io.BufferedWriter;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.jacoco.core.analysis.Analyzer;
import org.jacoco.core.analysis.CoverageBuilder;
import org.jacoco.core.analysis.IClassCoverage;
import org.jacoco.core.analysis.ICounter;
import org.jacoco.core.analysis.ILine;
import org.jacoco.core.tools.ExecFileLoader;
import org.jacoco.report.DirectorySourceFileLocator;
import org.jacoco.report.FileMultiReportOutput;
import org.jacoco.report.IReportVisitor;
import org.jacoco.report.ISourceFileLocator;
import org.jacoco.report.MultiSourceFileLocator;
import org.jacoco.report.html.HTMLFormatter;
import org.jacoco.report.xml.XMLFormatter;

/**
 * Turns a JaCoCo execution data file into the reports jtc reads.
 *
 * <p>Usage: {@code CoverageReport <exec files> <class files dir> <xml out> <lines out> [<html out dir>
 * <title> <source dirs>]}, the exec files (and source dirs) separated by the path separator; their
 * execution data is merged (a probe hit in any run counts), which is how the union of several test
 * suites is measured. With an HTML folder JaCoCo also writes its own HTML report there, titled
 * {@code <title>}, showing the classes' sources when the source folders hold them.
 *
 * <p>The XML file is JaCoCo's standard report (per class and method counters; any JaCoCo tool reads
 * it). Its line data is per source file, which mixes a class with the nested classes declared in the
 * same file, so the lines file adds each class's own lines, one tab-separated row per line:
 * {@code L <class> <line> <missed instr> <covered instr> <missed branches> <covered branches>}.
 * A row {@code M <class>} names a class whose execution data came from different class bytes (the
 * tests ran another build of it), which JaCoCo reports as not covered.
 */
public final class CoverageReport {

    private CoverageReport() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 4 && args.length != 7) {
            System.err.println("usage: CoverageReport <exec files> <class files dir> <xml out> <lines out>"
                    + " [<html out dir> <title> <source dirs>]");
            System.exit(2);
        }
        ExecFileLoader loader = new ExecFileLoader();
        for (String path : args[0].split(File.pathSeparator)) {
            File exec = new File(path);
            if (exec.isFile()) {
                loader.load(exec);
            }
        }
        CoverageBuilder builder = new CoverageBuilder();
        new Analyzer(loader.getExecutionDataStore(), builder).analyzeAll(new File(args[1]));
        writeXml(loader, builder, new File(args[2]));
        writeLines(builder, new File(args[3]));
        if (args.length == 7) {
            writeHtml(loader, builder, new File(args[4]), args[5], sourceLocator(args[6]));
        }
    }

    private static void writeHtml(ExecFileLoader loader, CoverageBuilder builder, File target, String title,
                                  ISourceFileLocator sources) throws IOException {
        HTMLFormatter formatter = new HTMLFormatter();
        formatter.setOutputEncoding("UTF-8");
        IReportVisitor visitor = formatter.createVisitor(new FileMultiReportOutput(target));
        visitor.visitInfo(loader.getSessionInfoStore().getInfos(), loader.getExecutionDataStore().getContents());
        visitor.visitBundle(builder.getBundle(title), sources);
        visitor.visitEnd();
    }

    /** The source folders, searched in order, as JaCoCo looks up a source: package path and file name. */
    private static ISourceFileLocator sourceLocator(String folders) {
        MultiSourceFileLocator locator = new MultiSourceFileLocator(TAB_WIDTH);
        for (String folder : folders.split(File.pathSeparator)) {
            if (!folder.isEmpty()) {
                locator.add(new DirectorySourceFileLocator(new File(folder), "UTF-8", TAB_WIDTH));
            }
        }
        return locator;
    }

    private static void writeXml(ExecFileLoader loader, CoverageBuilder builder, File target) throws IOException {
        XMLFormatter formatter = new XMLFormatter();
        formatter.setOutputEncoding("UTF-8");
        try (OutputStream out = new FileOutputStream(target)) {
            IReportVisitor visitor = formatter.createVisitor(out);
            visitor.visitInfo(loader.getSessionInfoStore().getInfos(), loader.getExecutionDataStore().getContents());
            visitor.visitBundle(builder.getBundle("jtc"), NO_SOURCES);
            visitor.visitEnd();
        }
    }

    private static void writeLines(CoverageBuilder builder, File target) throws IOException {
        List<IClassCoverage> classes = new ArrayList<>(builder.getClasses());
        classes.sort(Comparator.comparing(IClassCoverage::getName));
        OutputStream file = new FileOutputStream(target);
        try (Writer out = new BufferedWriter(new OutputStreamWriter(file, StandardCharsets.UTF_8))) {
            for (IClassCoverage coverage : builder.getNoMatchClasses()) {
                out.write("M\t" + coverage.getName() + "\n");
            }
            for (IClassCoverage coverage : classes) {
                for (int nr = coverage.getFirstLine(); nr > 0 && nr <= coverage.getLastLine(); nr++) {
                    ILine line = coverage.getLine(nr);
                    if (line.getStatus() == ICounter.EMPTY) {
                        continue;
                    }
                    out.write("L\t" + coverage.getName() + "\t" + nr
                            + "\t" + line.getInstructionCounter().getMissedCount()
                            + "\t" + line.getInstructionCounter().getCoveredCount()
                            + "\t" + line.getBranchCounter().getMissedCount()
                            + "\t" + line.getBranchCounter().getCoveredCount() + "\n");
                }
            }
        }
    }

    private static final int TAB_WIDTH = 4;

    /** The XML report needs no source text: counters and line numbers come from the class files. */
    private static final ISourceFileLocator NO_SOURCES = new ISourceFileLocator() {
        @Override
        public java.io.Reader getSourceFile(String packageName, String fileName) {
            return null;
        }

        @Override
        public int getTabWidth() {
            return TAB_WIDTH;
        }
    };
}
