"""The Java toolchain jtc drives: finding the JDK and Debian's Java libraries (toolchain), compiling
jtc's own Java sources into cached jars (build, agent_jar), javac for test sources (javac), and the
JUnit Platform launcher (launcher)."""
