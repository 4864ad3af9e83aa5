package jtc.agent;

import java.util.ArrayList;
import java.util.List;

/**
 * The statements of a harness program (docs/trace-format.md §5), one per line, tokens separated by
 * one space: {@code new owner desc args…}, {@code call owner name desc receiver args…},
 * {@code putfield owner name desc receiver arg}, {@code putstatic owner name desc arg},
 * {@code getfield owner name desc receiver}, {@code getstatic owner name desc},
 * {@code array desc elements…}, {@code collection class elements…}
 * and {@code stub type ctorDesc|- methods|- args…}.
 */
final class Program {
    /** One statement; statement k defines variable v&lt;k&gt;. */
    static final class Statement {
        final int index;
        /**
         * The statement's keyword: new, call, putfield, putstatic, getfield, getstatic, array,
         * collection or stub.
         */
        final String kind;
        final boolean construct;
        final String owner;
        final String name;
        final String desc;
        /** Index of the receiver's statement, or -1 (constructor or static method). */
        final int receiver;
        final List<Argument> arguments;
        /** For a stub: the abstract methods answered, by name and descriptor, in the order of the answers. */
        final List<String> answered;

        Statement(int index, String kind, String owner, String name, String desc, int receiver,
                  List<Argument> arguments, List<String> answered) {
            this.index = index;
            this.kind = kind;
            this.construct = kind.equals("new");
            this.owner = owner;
            this.name = name;
            this.desc = desc;
            this.receiver = receiver;
            this.arguments = arguments;
            this.answered = answered;
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
        String kind = tokens[0];
        // tokens before the arguments, and where the receiver is (-1: none)
        int fixed;
        int receiverAt;
        switch (kind) {
            case "new": fixed = 3; receiverAt = -1; break;
            case "call": fixed = 5; receiverAt = 4; break;
            case "putfield": fixed = 5; receiverAt = 4; break;
            case "putstatic": fixed = 4; receiverAt = -1; break;
            case "getfield": fixed = 5; receiverAt = 4; break;
            case "getstatic": fixed = 4; receiverAt = -1; break;
            case "array": fixed = 2; receiverAt = -1; break;
            case "collection": fixed = 2; receiverAt = -1; break;
            case "stub": fixed = 4; receiverAt = -1; break;
            default:
                throw HarnessError.badProgram("statement " + index + " is not new, call, putfield, putstatic, "
                        + "getfield, getstatic, array, collection or stub: " + line);
        }
        if (tokens.length < fixed) {
            throw HarnessError.badProgram("statement " + index + " is incomplete: " + line);
        }
        String owner = tokens[1];
        String name;
        String desc;
        List<String> answered = List.of();
        switch (kind) {
            case "new": name = "<init>"; desc = tokens[2]; break;
            case "array": name = "<array>"; desc = tokens[1]; break;
            case "collection": name = "<collection>"; desc = "()V"; break;
            case "stub":
                name = "<stub>";
                desc = tokens[2];
                answered = tokens[3].equals("-") ? List.of() : List.of(tokens[3].split(",", -1));
                break;
            default: name = tokens[2]; desc = tokens[3];
        }
        int receiver = -1;
        if (receiverAt >= 0 && !tokens[receiverAt].equals("_")) {
            Argument target = Argument.parse(tokens[receiverAt], index);
            if (target.variable < 0) {
                throw HarnessError.badProgram("statement " + index + " has receiver " + tokens[receiverAt]
                        + ", not v<k> or _");
            }
            receiver = target.variable;
        }
        List<Argument> arguments = new ArrayList<>();
        for (int i = fixed; i < tokens.length; i++) {
            arguments.add(Argument.parse(tokens[i], index));
        }
        return new Statement(index, kind, owner, name, desc, receiver, arguments, answered);
    }
}
