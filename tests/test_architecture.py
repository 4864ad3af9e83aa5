"""The shape of the package: imports between jtc's packages run one way (no cycle), and no module
depends on more than a handful of others. Both are read from the source, every import counted
(also those inside functions and under TYPE_CHECKING)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "jtc"
MAX_IMPORTED_MODULES = 20


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


def test_no_module_imports_more_than_a_handful_of_others() -> None:
    crowded = {module: len(imported) for module, imported in _modules().items()
               if len(imported) > MAX_IMPORTED_MODULES}
    assert crowded == {}
