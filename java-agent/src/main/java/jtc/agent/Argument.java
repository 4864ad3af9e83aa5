package jtc.agent;

import java.lang.reflect.Array;

/**
 * One argument token of a harness program (docs/trace-format.md §5), parsed into a fresh value.
 *
 * <p>Programs are parsed once per execution, so Strings and arrays are new objects every time,
 * exactly as a test that writes them as literals would create them.
 */
final class Argument {
    private final Object value;
    /** The static type of a literal (int.class for I:…), null for N and variables. */
    private final Class<?> type;
    /** The statement whose value this is, or -1 for a literal. */
    final int variable;

    private Argument(Object value, Class<?> type, int variable) {
        this.value = value;
        this.type = type;
        this.variable = variable;
    }

    static Argument parse(String token, int statement) throws HarnessError {
        try {
            return parseToken(token, statement);
        } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
            throw HarnessError.badProgram("malformed argument " + token + " in statement " + statement);
        }
    }

    private static Argument parseToken(String token, int statement) throws HarnessError {
        if (token.equals("N")) {
            return new Argument(null, null, -1);
        }
        if (token.startsWith("v")) {
            int k = Integer.parseInt(token.substring(1));
            if (k < 0 || k >= statement) {
                throw HarnessError.badProgram("statement " + statement + " uses " + token + " before it is defined");
            }
            return new Argument(null, null, k);
        }
        if (token.length() < 2 || token.indexOf(':') < 0) {
            throw HarnessError.badProgram("malformed argument " + token + " in statement " + statement);
        }
        String body = token.substring(token.indexOf(':') + 1);
        if (token.charAt(0) == 'A' && token.charAt(2) == ':') {
            return array(token.charAt(1), body, token, statement);
        }
        if (token.charAt(1) != ':') {
            throw HarnessError.badProgram("malformed argument " + token + " in statement " + statement);
        }
        Class<?> type = type(token.charAt(0), token, statement);
        return new Argument(element(token.charAt(0), body, token, statement), type, -1);
    }

    private static Argument array(char kind, String body, String token, int statement) throws HarnessError {
        Class<?> elementType = type(kind, token, statement);
        String[] items = body.isEmpty() ? new String[0] : body.split(",", -1);
        Object array = Array.newInstance(elementType, items.length);
        for (int i = 0; i < items.length; i++) {
            Object value = kind != 'T' ? element(kind, items[i], token, statement)
                    : items[i].equals("N") ? null : items[i].equals("E") ? "" : element(kind, items[i], token, statement);
            Array.set(array, i, value);
        }
        return new Argument(array, array.getClass(), -1);
    }

    private static Class<?> type(char kind, String token, int statement) throws HarnessError {
        switch (kind) {
            case 'Z': return boolean.class;
            case 'B': return byte.class;
            case 'C': return char.class;
            case 'S': return short.class;
            case 'I': return int.class;
            case 'J': return long.class;
            case 'F': return float.class;
            case 'D': return double.class;
            case 'T': return String.class;
            default:
                throw HarnessError.badProgram("unknown argument kind in " + token + " in statement " + statement);
        }
    }

    /** The boxed value of one literal (or array element) of the given kind. */
    private static Object element(char kind, String text, String token, int statement) throws HarnessError {
        switch (kind) {
            case 'Z': {
                if (!text.equals("0") && !text.equals("1")) {
                    throw HarnessError.badProgram("boolean must be 0 or 1 in " + token + " in statement " + statement);
                }
                return text.equals("1");
            }
            case 'B': return Byte.parseByte(text);
            case 'C': {
                int unit = Integer.parseInt(text);
                if (unit < 0 || unit > Character.MAX_VALUE) {
                    throw HarnessError.badProgram("char out of range in " + token + " in statement " + statement);
                }
                return (char) unit;
            }
            case 'S': return Short.parseShort(text);
            case 'I': return Integer.parseInt(text);
            case 'J': return Long.parseLong(text);
            case 'F': return Float.intBitsToFloat(Integer.parseInt(text));
            case 'D': return Double.longBitsToDouble(Long.parseLong(text));
            default: return string(text, token, statement);
        }
    }

    private static String string(String hex, String token, int statement) throws HarnessError {
        if (hex.length() % 4 != 0) {
            throw HarnessError.badProgram("string hex must be 4 digits per char in " + token
                    + " in statement " + statement);
        }
        char[] chars = new char[hex.length() / 4];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = (char) Integer.parseInt(hex.substring(4 * i, 4 * i + 4), 16);
        }
        return new String(chars);
    }

    /** Null when a literal fits a parameter of this type, else why not. Variables are checked at run time. */
    String mismatch(Class<?> parameter) {
        if (variable >= 0) {
            return null;
        }
        if (type == null) {
            return parameter.isPrimitive() ? "null for a " + parameter.getName() + " parameter" : null;
        }
        boolean fits = parameter.isPrimitive() ? parameter == type : parameter.isAssignableFrom(boxed(type));
        return fits ? null : type.getName() + " for a " + parameter.getName() + " parameter";
    }

    /** The value for this execution; variables take the value an earlier statement produced. */
    Object value(Object[] variables) {
        return variable >= 0 ? variables[variable] : value;
    }

    /** Whether a runtime value may be passed for a parameter (primitives by their exact box). */
    static boolean accepts(Class<?> parameter, Object value) {
        if (value == null) {
            return !parameter.isPrimitive();
        }
        return boxed(parameter).isInstance(value);
    }

    /** The wrapper class of a primitive type; other types as they are. */
    static Class<?> boxed(Class<?> type) {
        if (type == boolean.class) {
            return Boolean.class;
        } else if (type == byte.class) {
            return Byte.class;
        } else if (type == char.class) {
            return Character.class;
        } else if (type == short.class) {
            return Short.class;
        } else if (type == int.class) {
            return Integer.class;
        } else if (type == long.class) {
            return Long.class;
        } else if (type == float.class) {
            return Float.class;
        } else if (type == double.class) {
            return Double.class;
        }
        return type;
    }
}
