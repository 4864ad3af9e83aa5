package jtc.mutate;

/** One mutant: where it is (class, method, line, instruction) and what changed. */
final class Mutant {

    final String className;  // internal name
    final int methodIndex;  // in ClassNode.methods, the order of the class file
    final String method;  // name and descriptor
    final int line;  // source line, -1 without line numbers
    final int insnIndex;  // among the method's real instructions (labels, lines and frames not counted)
    final int site;  // the probe number of the instruction, shared by the mutants of one instruction
    final String operator;
    final int variant;  // which of the operator's changes of the instruction
    final Change change;

    Mutant(String className, int methodIndex, String method, int line, int insnIndex, int site, String operator,
           int variant, Change change) {
        this.className = className;
        this.methodIndex = methodIndex;
        this.method = method;
        this.line = line;
        this.insnIndex = insnIndex;
        this.site = site;
        this.operator = operator;
        this.variant = variant;
        this.change = change;
    }

    /** Stable across runs: the same class bytes give the same ids. */
    String id() {
        return className.replace('/', '.') + "#" + method + "@" + insnIndex + ":" + operator + ":" + variant;
    }

    String binaryName() {
        return className.replace('/', '.');
    }
}
