"""The mutation operators (java-agent/src/mutate) on a fixture class with one method per operator:
which mutants each operator makes, that each mutant differs from the original exactly where it should
(compared as javap listings), and that every mutant still verifies, loads and initialises."""

from __future__ import annotations

import difflib
import re
import subprocess
from pathlib import Path

import pytest

from jtc.jvm.protocol import encode_program
from jtc.jvm.worker import JvmWorker, WorkerSettings
from jtc.model.program import Construct, Invoke, Literal, VarRef
from jtc.mutate.model import Mutant
from jtc.mutate.runner import list_mutants, mutant_class_files, verify_mutants, write_mutant
from jtc.java.toolchain import toolchain
from tests.conftest import compile_java

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "operators"


@pytest.fixture(scope="module")
def ops_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_java(FIXTURE, tmp_path_factory.mktemp("ops"))


@pytest.fixture(scope="module")
def mutants(ops_classes: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, int, str], Mutant]:
    found = list_mutants(ops_classes, tmp_path_factory.mktemp("list") / "mutants.tsv")
    return {(m.method.split("(")[0], m.instruction, m.description): m for m in found}


def test_each_operator_makes_the_mutants_it_should(mutants: dict[tuple[str, int, str], Mutant]):
    assert {(method, index, m.operator, description) for (method, index, description), m in mutants.items()} == {
        ("positive", 1, "negate-conditional", "replaced ifle with ifgt"),
        ("positive", 1, "conditional-boundary", "replaced ifle with iflt"),
        ("positive", 2, "constant", "replaced constant 1 with 0"),
        ("positive", 4, "constant", "replaced constant 0 with 1"),
        ("positive", 5, "return-value", "replaced return value with false"),
        ("positive", 5, "return-value", "replaced return value with true"),
        ("product", 2, "math", "replaced lmul with ldiv"),
        ("product", 3, "return-value", "replaced return value with 0L"),
        ("countUp", 0, "constant", "replaced constant 0 with 1"),
        ("countUp", 2, "constant", "replaced constant 0 with 1"),
        ("countUp", 6, "negate-conditional", "replaced if_icmpge with if_icmplt"),
        ("countUp", 6, "conditional-boundary", "replaced if_icmpge with if_icmpgt"),
        ("countUp", 7, "constant", "replaced increment by 7 with -7"),
        ("countUp", 8, "constant", "replaced increment by 1 with -1"),
        ("countUp", 11, "return-value", "replaced return value with 0"),
        ("describe", 1, "negate-conditional", "replaced ifnonnull with ifnull"),
        ("describe", 5, "return-value", "replaced return value with null"),
        ("describe", 5, "return-value", 'replaced return value with ""'),
        ("names", 3, "return-value", "replaced return value with null"),
        ("names", 3, "return-value", "replaced return value with Collections.emptyList()"),
        ("yes", 0, "constant", "replaced constant 1 with 0"),
        ("yes", 1, "return-value", "replaced return value with false"),  # not with true: that is what it returns
        ("touch", 3, "constant", "replaced constant 2L with 3L"),
        ("touch", 4, "void-call", "removed call to mut.Ops.record"),
        ("record", 4, "math", "replaced iadd with isub"),
    }
    assert mutants[("positive", 1, "replaced ifle with ifgt")].line == 12
    assert mutants[("countUp", 8, "replaced increment by 1 with -1")].line == 21


def test_every_mutant_verifies_loads_and_initialises(ops_classes: Path, tmp_path: Path):
    verdicts = verify_mutants(ops_classes, tmp_path / "verify.tsv")
    assert len(verdicts) == 25
    assert set(verdicts.values()) == {"ok"}


def _listing(class_file: Path) -> list[str]:
    """javap's code listing without what moves when code is inserted (offsets, jump targets, pool indices)."""
    text = subprocess.run([str(toolchain().java_home / "bin" / "javap"), "-c", "-p", str(class_file)],
                          capture_output=True, text=True, check=True).stdout
    lines = [re.sub(r"^\s*\d+:\s*", "", line).strip() for line in text.splitlines()]
    lines = [re.sub(r"^(if\w*|goto)\s+\d+$", r"\1", line) for line in lines]
    return [re.sub(r"\s+", " ", re.sub(r"#\d+", "#", line)) for line in lines]


@pytest.mark.parametrize("key,removed,added", [
    (("positive", 1, "replaced ifle with ifgt"), ["ifle"], ["ifgt"]),
    (("positive", 1, "replaced ifle with iflt"), ["ifle"], ["iflt"]),
    (("product", 2, "replaced lmul with ldiv"), ["lmul"], ["ldiv"]),
    (("touch", 3, "replaced constant 2L with 3L"), ["ldc2_w # // long 2l"], ["ldc2_w # // long 3l"]),
    (("countUp", 8, "replaced increment by 1 with -1"), ["iinc 3, 1"], ["iinc 3, -1"]),
    (("names", 3, "replaced return value with Collections.emptyList()"), [],
     ["pop", "invokestatic # // Method java/util/Collections.emptyList:()Ljava/util/List;"]),
    (("product", 3, "replaced return value with 0L"), [], ["pop2", "lconst_0"]),
    (("touch", 4, "removed call to mut.Ops.record"), ["invokevirtual # // Method record:(IJ)V"],
     ["pop2", "pop", "pop"]),
])
def test_a_mutant_differs_from_the_original_exactly_at_its_instruction(
        ops_classes: Path, mutants: dict[tuple[str, int, str], Mutant], tmp_path: Path,
        key: tuple[str, int, str], removed: list[str], added: list[str]):
    write_mutant(ops_classes, mutants[key].id, tmp_path)
    diff = list(difflib.ndiff(_listing(ops_classes / "mut" / "Ops.class"), _listing(tmp_path / "mut" / "Ops.class")))
    assert [line[2:] for line in diff if line.startswith("- ")] == removed
    assert [line[2:] for line in diff if line.startswith("+ ")] == added


def test_a_mutant_runs_in_the_worker_in_place_of_the_original_for_that_run_only(ops_classes: Path, tmp_path: Path):
    """jtc's worker runs a program with a mutant's class file standing in for the classpath's
    (amplification/cuts.py): the mutant's answer in that run, the original's before and after it, also in
    instrumented runs, whose classes are cached."""
    made = mutant_class_files(ops_classes, tmp_path / "mutants")
    mutants = {(m.method.split("(")[0], m.description): (m, path.read_bytes()) for m, path in made}
    mutant, class_file = mutants[("countUp", "replaced increment by 7 with -7")]
    some = mutant_class_files(ops_classes, tmp_path / "some", 10)  # spread evenly: every other one or so
    assert len(made) == 25 and [m for m, _ in some] == [made[n * 25 // 10][0] for n in range(10)]
    program = encode_program((Construct("mut/Ops", "()V", ()),
                              Invoke("mut/Ops", "countUp", "(I)I", VarRef(0, "Lmut/Ops;"), (Literal("I", 3),))))
    original = (ops_classes / "mut" / "Ops.class").read_bytes()
    with JvmWorker(WorkerSettings((str(ops_classes),))) as worker:
        worker.start()
        before = worker.run(program, 1_000_000, 5000)
        replaced = worker.run(program, 1_000_000, 5000, replacing=(mutant.class_name, class_file))
        unchanged = worker.run(program, 1_000_000, 5000, replacing=(mutant.class_name, original))
        after = worker.run(program, 1_000_000, 5000)
    assert before.values[1] == after.values[1] == unchanged.values[1] == "I:21"
    assert replaced.values[1] == "I:-21" and replaced.trace == [] and before.trace != []
