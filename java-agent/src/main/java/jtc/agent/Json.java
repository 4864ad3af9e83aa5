package jtc.agent;

import java.util.Arrays;

/**
 * A minimal streaming JSON writer: the agent's only JSON is the class table, and a dependency
 * for it is not worth its weight on the instrumented JVM's classpath.
 *
 * <p>Strings escape every char outside printable ASCII as {@code \\uXXXX} (UTF-16 units, so
 * unpaired surrogates survive the trip to Python unchanged).
 */
final class Json {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private final StringBuilder out = new StringBuilder(1024);
    /** Per nesting level: whether the container already has an element (needs a comma). */
    private boolean[] filled = new boolean[16];
    private int depth;
    private boolean afterName;

    private void separate() {
        if (afterName) {
            afterName = false;
        } else if (depth > 0) {
            if (filled[depth]) {
                out.append(',');
            }
            filled[depth] = true;
        }
    }

    private Json open(char bracket) {
        separate();
        out.append(bracket);
        depth++;
        if (depth == filled.length) {
            filled = Arrays.copyOf(filled, depth * 2);
        }
        filled[depth] = false;
        return this;
    }

    private Json close(char bracket) {
        out.append(bracket);
        depth--;
        return this;
    }

    Json beginObject() {
        return open('{');
    }

    Json endObject() {
        return close('}');
    }

    Json beginArray() {
        return open('[');
    }

    Json endArray() {
        return close(']');
    }

    Json name(String name) {
        separate();
        quote(name);
        out.append(':');
        afterName = true;
        return this;
    }

    Json value(String value) {
        separate();
        if (value == null) {
            out.append("null");
        } else {
            quote(value);
        }
        return this;
    }

    Json value(long value) {
        separate();
        out.append(value);
        return this;
    }

    Json value(boolean value) {
        separate();
        out.append(value);
        return this;
    }

    Json nullValue() {
        separate();
        out.append("null");
        return this;
    }

    Json field(String name, String value) {
        return name(name).value(value);
    }

    Json field(String name, long value) {
        return name(name).value(value);
    }

    Json field(String name, boolean value) {
        return name(name).value(value);
    }

    private void quote(String text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c >= 0x20 && c < 0x7F) {
                out.append(c);
            } else {
                out.append("\\u").append(HEX[c >> 12]).append(HEX[(c >> 8) & 0xF])
                        .append(HEX[(c >> 4) & 0xF]).append(HEX[c & 0xF]);
            }
        }
        out.append('"');
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
