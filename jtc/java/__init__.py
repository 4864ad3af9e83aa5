"""The Java toolchain jtc drives: the JDK (toolchain), the jars jtc carries (bundle), javac for test
sources (javac), and the JUnit Platform launcher (launcher)."""
