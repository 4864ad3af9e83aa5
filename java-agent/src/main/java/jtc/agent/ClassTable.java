package jtc.agent;

import java.util.List;

import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.InnerClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The class table of docs/trace-format.md §2: what the Python side knows about a class, rendered
 * from the original (uninstrumented) class so that it describes the code the user wrote.
 */
final class ClassTable {
    /** ASM keeps pseudo flags (deprecated, record) above the 16 bits of the class file. */
    private static final int ACCESS_MASK = 0xFFFF;

    private ClassTable() {
    }

    /**
     * @param methodIds    registry ids, parallel to {@code node.methods}
     * @param instrumented whether each method was instrumented, parallel to {@code node.methods}
     */
    static String render(ClassNode node, int classId, int[] methodIds, boolean[] instrumented) {
        Json json = new Json().beginObject()
                .field("format", Trace.FORMAT_VERSION)
                .field("classId", classId)
                .field("name", node.name)
                .field("major", node.version & 0xFFFF)
                .field("access", node.access & ACCESS_MASK)
                .field("super", node.superName);
        json.name("interfaces").beginArray();
        for (String name : node.interfaces) {
            json.value(name);
        }
        json.endArray();
        json.field("source", node.sourceFile);
        InnerClassNode inner = innerEntry(node);
        json.field("outer", inner == null ? null : inner.outerName);
        json.name("innerAccess");
        if (inner == null) {
            json.nullValue();
        } else {
            json.value(inner.access & ACCESS_MASK);
        }
        json.name("fields").beginArray();
        for (FieldNode field : node.fields) {
            json.beginObject().field("name", field.name).field("desc", field.desc)
                    .field("access", field.access & ACCESS_MASK).endObject();
        }
        json.endArray();
        json.name("methods").beginArray();
        List<MethodNode> methods = node.methods;
        for (int i = 0; i < methods.size(); i++) {
            MethodNode method = methods.get(i);
            json.beginObject()
                    .field("id", methodIds[i])
                    .field("name", method.name)
                    .field("desc", method.desc)
                    .field("access", method.access & ACCESS_MASK)
                    .field("maxLocals", method.maxLocals)
                    .field("instrumented", instrumented[i]);
            MethodTable.write(json, method);
            json.endObject();
        }
        json.endArray();
        return json.endObject().toString();
    }

    private static InnerClassNode innerEntry(ClassNode node) {
        for (InnerClassNode inner : node.innerClasses) {
            if (inner.name.equals(node.name)) {
                return inner;
            }
        }
        return null;
    }
}
