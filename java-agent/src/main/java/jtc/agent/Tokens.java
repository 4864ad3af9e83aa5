package jtc.agent;

import java.lang.reflect.Array;

import org.objectweb.asm.Type;

/**
 * Statement results in the two forms the contract uses: the Result's value token (an argument
 * token, {@code V}, or {@code O:class#id}) and the STMT_END payload long.
 */
final class Tokens {
    private Tokens() {
    }

    /** The value token of a statement that returned {@code value} with static type {@code type}. */
    static String of(Object value, Class<?> type) {
        if (type == void.class) {
            return "V";
        }
        if (type.isPrimitive()) {
            return primitiveLetter(type) + ":" + bits(value);
        }
        if (value == null) {
            return "N";
        }
        if (value instanceof String) {
            return "T:" + hex((String) value);
        }
        Class<?> component = value.getClass().getComponentType();
        if (component != null && (component.isPrimitive() || component == String.class)) {
            return array(value, component);
        }
        return "O:" + value.getClass().getName() + "#" + Trace.idOf(value);
    }

    /** The STMT_END value: the trace's encoding of the returned value (0 for void). */
    static long encode(Object value, Class<?> type) {
        if (type == void.class) {
            return 0;
        }
        return type.isPrimitive() ? bits(value) : Trace.idOf(value);
    }

    /** A boxed primitive as the trace and the tokens write it (char as code unit, floats as raw bits). */
    private static long bits(Object boxed) {
        if (boxed instanceof Boolean) {
            return (Boolean) boxed ? 1 : 0;
        } else if (boxed instanceof Character) {
            return (Character) boxed;
        } else if (boxed instanceof Float) {
            return Float.floatToRawIntBits((Float) boxed);
        } else if (boxed instanceof Double) {
            return Double.doubleToRawLongBits((Double) boxed);
        }
        return ((Number) boxed).longValue();
    }

    private static char primitiveLetter(Class<?> type) {
        return Type.getDescriptor(type).charAt(0);
    }

    private static String array(Object array, Class<?> component) {
        char letter = component == String.class ? 'T' : primitiveLetter(component);
        StringBuilder token = new StringBuilder("A").append(letter).append(':');
        int length = Array.getLength(array);
        for (int i = 0; i < length; i++) {
            if (i > 0) {
                token.append(',');
            }
            Object element = Array.get(array, i);
            if (component != String.class) {
                token.append(bits(element));
            } else {
                // "E" for the empty String: its hex is empty, and AT: alone is the empty array
                token.append(element == null ? "N" : ((String) element).isEmpty() ? "E" : hex((String) element));
            }
        }
        return token.toString();
    }

    private static String hex(String text) {
        StringBuilder hex = new StringBuilder(text.length() * 4);
        for (int i = 0; i < text.length(); i++) {
            String unit = Integer.toHexString(text.charAt(i));
            hex.append("0000", unit.length(), 4).append(unit);
        }
        return hex.toString();
    }
}
