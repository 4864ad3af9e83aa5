package jtc.agent;

import java.util.ArrayList;
import java.util.List;

/**
 * The statements of a harness program (docs/trace-format.md §5): {@code new owner desc args…}
 * and {@code call owner name desc receiver args…}, one per line, tokens separated by one space.
 */
final class Program {
    /** One statement; statement k defines variable v&lt;k&gt;. */
    static final class Statement {
        final int index;
        final boolean construct;
        final String owner;
        final String name;
        final String desc;
        /** Index of the receiver's statement, or -1 (constructor or static method). */
        final int receiver;
        final List<Argument> arguments;

        Statement(int index, boolean construct, String owner, String name, String desc, int receiver,
                  List<Argument> arguments) {
            this.index = index;
            this.construct = construct;
            this.owner = owner;
            this.name = name;
            this.desc = desc;
            this.receiver = receiver;
            this.arguments = arguments;
        }

        /** owner.name desc, with the owner as a binary name, as error strings show members. */
        String member() {
            return owner.replace('/', '.') + "." + name + desc;
        }
    }

    private Program() {
    }

    static List<Statement> parse(String text) throws HarnessError {
        List<Statement> statements = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            if (!line.isEmpty()) {
                statements.add(statement(statements.size(), line));
            }
        }
        if (statements.isEmpty()) {
            throw HarnessError.badProgram("empty program");
        }
        return statements;
    }

    private static Statement statement(int index, String line) throws HarnessError {
        String[] tokens = line.split(" ", -1);
        boolean construct = tokens[0].equals("new");
        if (!construct && !tokens[0].equals("call")) {
            throw HarnessError.badProgram("statement " + index + " is neither new nor call: " + line);
        }
        int fixed = construct ? 3 : 5;
        if (tokens.length < fixed) {
            throw HarnessError.badProgram("statement " + index + " is incomplete: " + line);
        }
        String owner = tokens[1];
        String name = construct ? "<init>" : tokens[2];
        String desc = construct ? tokens[2] : tokens[3];
        int receiver = -1;
        if (!construct && !tokens[4].equals("_")) {
            Argument target = Argument.parse(tokens[4], index);
            if (target.variable < 0) {
                throw HarnessError.badProgram("statement " + index + " has receiver " + tokens[4] + ", not v<k> or _");
            }
            receiver = target.variable;
        }
        List<Argument> arguments = new ArrayList<>();
        for (int i = fixed; i < tokens.length; i++) {
            arguments.add(Argument.parse(tokens[i], index));
        }
        return new Statement(index, construct, owner, name, desc, receiver, arguments);
    }
}
