"""An agent that could not instrument the class under test says so in the JVM's output, and the
tests run on without coverage: the coverage stage reports that line rather than 0%."""

from __future__ import annotations

from jtc.coverage.measure import refusal

REFUSED = """java.lang.instrument.IllegalClassFormatException: Error while instrumenting com/x/Foo.
\tat org.jacoco.agent.rt.internal.CoverageTransformer.transform(CoverageTransformer.java:94)
Caused by: java.io.IOException: Error while instrumenting com/x/Foo.
Caused by: java.lang.IllegalArgumentException: Unsupported class file major version 70
"""


def test_the_refusal_names_the_class_and_the_root_cause() -> None:
    error = refusal("Thanks for using JUnit!\n" + REFUSED)
    assert error is not None
    assert str(error).endswith("could not instrument com/x/Foo: "
                               "java.lang.IllegalArgumentException: Unsupported class file major version 70")


def test_a_run_the_agent_measured_is_no_refusal() -> None:
    assert refusal("Thanks for using JUnit!\n[         2 tests successful      ]\n") is None
