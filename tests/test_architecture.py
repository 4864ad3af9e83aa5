"""The shape of the package: imports between jtc's packages run one way (no cycle), no module
depends on more than a handful of others, the stages of a class's pipeline take from each other
only what generate_class hands them, and no module or class grows past one concern's size. All read
from the source, every import counted (also those inside functions and under TYPE_CHECKING)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "jtc"
MAX_IMPORTED_MODULES = 20
MAX_MODULE_LINES = 700
MAX_CLASS_LINES = 300
PIPELINE = "jtc.pipeline.generate"  # generate_class: the stages of one class, in order
# What every stage may take: the run's context, the class's clock and report, the class under test.
SHARED = frozenset({"jtc.pipeline.context", "jtc.pipeline.clock", "jtc.pipeline.report", "jtc.pipeline.subject"})


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """The jtc modules (or packages) that a module imports."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("jtc"):
            for alias in node.names:  # `from jtc.calls import jdk` imports the module jtc.calls.jdk
                module = f"{node.module}.{alias.name}"
                found.add(module if (ROOT.parent / module.replace(".", "/")).with_suffix(".py").exists()
                          else node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("jtc"))
    return found


def _modules() -> dict[str, set[str]]:
    return {_module_name(path): _imports(path) for path in ROOT.rglob("*.py")}


def _package(module: str) -> str:
    """The unit the one-way rule is about: a subpackage of jtc, or a top-level module."""
    return ".".join(module.split(".")[:2])


def package_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module, imported in _modules().items():
        edges = graph.setdefault(_package(module), set())
        edges.update(_package(other) for other in imported if _package(other) != _package(module))
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph (as a path that ends where it starts), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for other in sorted(graph.get(node, ())):
            if state.get(other) == 1:
                return path[path.index(other):] + [other]
            if other not in state and (found := visit(other)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def test_imports_between_packages_run_one_way() -> None:
    cycle = _cycle(package_graph())
    assert cycle is None, "package cycle: " + " -> ".join(cycle or [])


def test_the_cycle_check_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def stage_modules() -> set[str]:
    """The modules of the stages the pipeline runs: what it imports from jtc/pipeline/ but the shared
    modules."""
    return {module for module in _modules()[PIPELINE] if module.startswith("jtc.pipeline.")} - SHARED


def test_no_module_imports_more_than_a_handful_of_others() -> None:
    """The pipeline is the one module that imports every stage; those imports are its purpose."""
    stages = stage_modules()
    crowded = {module: len(imported) for module, imported in _modules().items()
               if len(imported - stages if module == PIPELINE else imported) > MAX_IMPORTED_MODULES}
    assert crowded == {}


def test_the_pipeline_runs_these_stages() -> None:
    assert stage_modules() == {f"jtc.pipeline.{stage}" for stage in (
        "setup", "search", "unreached", "choice", "amplify", "minimise", "suite", "validate", "selection", "tidy",
        "ask", "write", "measure")}


def test_no_stage_imports_another_and_the_shared_modules_import_none() -> None:
    """A stage takes what it needs from generate_class, not from another stage: a value that two
    stages need lives in a shared module (pipeline/subject.py: the class's tables and its probe) or
    below jtc/pipeline/."""
    modules, stages = _modules(), stage_modules()
    crossing = {module: sorted(modules[module] & stages) for module in stages | SHARED if modules[module] & stages}
    assert crossing == {}


def test_no_module_or_class_is_too_long() -> None:
    """A module over 700 lines or a class over 300 does more than one thing: split it by concern."""
    long_modules: dict[str, int] = {}
    long_classes: dict[str, int] = {}
    for path in ROOT.rglob("*.py"):
        text = path.read_text()
        if (lines := len(text.splitlines())) > MAX_MODULE_LINES:
            long_modules[_module_name(path)] = lines
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef) and (lines := node.end_lineno - node.lineno + 1) > MAX_CLASS_LINES:
                long_classes[f"{_module_name(path)}.{node.name}"] = lines
    assert long_modules == {}
    assert long_classes == {}
