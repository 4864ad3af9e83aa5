package jtc.compile;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * javac kept warm for the many small compilations of one jtc run (each class's tests are compiled
 * two to four times). A fresh javac spends most of a second starting and loading itself; a warm one
 * compiles a test class in a fraction of that.
 *
 * <p>A request is a javac command line without the {@code javac}: the number of arguments on a line,
 * then each argument on a line of its own (an empty one is an empty argument). The answer is javac's exit code on a line, the length in bytes of what it printed on the
 * next, then those bytes (UTF-8). The server ends when its input does.
 */
public final class CompileServer {
    private CompileServer() {
    }

    public static void main(String[] args) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            System.err.println("no javac in this Java runtime");
            System.exit(2);
        }
        BufferedReader requests = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        OutputStream answers = new FileOutputStream(FileDescriptor.out);
        String count;
        while ((count = requests.readLine()) != null) {
            List<String> arguments = new ArrayList<>();
            for (int i = Integer.parseInt(count.trim()); i > 0; i--) {
                String argument = requests.readLine();
                if (argument == null) {
                    return;
                }
                arguments.add(argument);
            }
            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            int code = javac.run(null, printed, printed, arguments.toArray(new String[0]));
            byte[] bytes = printed.toByteArray();
            answers.write((code + "\n" + bytes.length + "\n").getBytes(StandardCharsets.UTF_8));
            answers.write(bytes);
            answers.flush();
        }
    }
}
