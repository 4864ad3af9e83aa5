"""Names from the condition a test alone meets, end to end on the basics' Strings written test by
test (`--no-fold`): the two tests of `greet` that return "Hello, stranger" are told apart by the
condition that sent each there (a null name, an empty one), not by their inputs or a number, and
the suite compiles and passes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jtc import cli

from junit_run import compile_and_run

pytestmark = pytest.mark.slow
TEST_FILE = Path("com/example/basics/StringsTest.java")


def test_tests_that_return_alike_are_named_by_their_conditions(basics_classes: Path, tmp_path: Path) -> None:
    output = tmp_path / "generated"
    assert cli.main(["generate", "--quick", "--classpath", str(basics_classes), "--output", str(output), "--no-cache", "--no-fold",
                     "--no-coverage", "--time-budget", "20", "com.example.basics.Strings"]) == 0
    source = (output / TEST_FILE).read_text()
    names = re.findall(r"void (\w+)\(", source)
    assert "greetOfNullNameReturnsHelloStranger" in names and "greetOfEmptyNameReturnsHelloStranger" in names
    null_test = source[source.index("void greetOfNullNameReturnsHelloStranger"):]
    assert 'assertEquals("Hello, stranger", Strings.greet(null));' in null_test[:null_test.index("\n    }")]
    assert not any(re.search(r"\d$", name) for name in names)  # no numbered names
    run = compile_and_run([output / TEST_FILE], basics_classes, tmp_path / "run")
    assert run.returncode == 0, run.stdout[-3000:]
    assert f"{len(names)} tests successful" in run.stdout
