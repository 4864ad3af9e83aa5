"""Render a TestSuite as one JUnit 5 test class, with the line span of every test method.

The tests are grouped by member in the order the class declares them, tests of one shape folded
into parameterized tests (folding.py); each test method is a view (methods.py) over its body
(statements.py), a set-up every test repeats is shared (setup.py), and the template
(templates/junit5.java.j2) writes the class. The spans let the validator turn a javac error line
back into the test that caused it, and the check lines a failing assertion into the one check to
give up. Rendering is a pure function of the suite and the class index: no clock, no randomness.
"""

from __future__ import annotations

import dataclasses
import textwrap
from dataclasses import dataclass
from pathlib import PurePosixPath

from jtc.emit.distinct_names import distinct_names, folded_names, numbered_apart
from jtc.emit.folding import Fold, folds
from jtc.emit.imports import TypeNames
from jtc.emit.java_text import test_class_template
from jtc.emit.methods import (ARGUMENTS, CSV_SOURCE, DISABLED_ANNOTATION, METHOD_SOURCE, PARAMETERIZED_CLASSES,
                              PARAMETERIZED_TEST, STREAM, TEST_ANNOTATION, MethodView, parameterized_view, plain_view)
from jtc.emit.naming import test_class_name
from jtc.emit.setup import shared_set_up
from jtc.emit.spelling import generic_classes
from jtc.emit.statements import mentioned_classes
from jtc.emit.variables import declared_generic_type
from jtc.java.javac import release_for_tests
from jtc.model.classindex import ClassIndex
from jtc.model.testcases import CheckKey, TestCase, TestSuite
from jtc.model.types import InternalName, binary_name, package_of

BEFORE_EACH = InternalName("org/junit/jupiter/api/BeforeEach")
# The JUnit classes the template spells, by the name it knows them by.
_JUNIT_CLASSES = {"test": TEST_ANNOTATION, "disabled": DISABLED_ANNOTATION, "parameterized_test": PARAMETERIZED_TEST,
                  "csv_source": CSV_SOURCE, "method_source": METHOD_SOURCE, "arguments": ARGUMENTS, "stream": STREAM,
                  "before_each": BEFORE_EACH}


@dataclass(frozen=True)
class RenderedTest:
    name: str
    cases: tuple[int, ...]  # positions in the suite's tests: one, or a parameterized test's in source order
    first_line: int  # 1-based, the first annotation's line
    last_line: int  # the closing brace (of its @MethodSource method, when it has one)
    checks: tuple[tuple[int, CheckKey], ...] = ()  # (1-based line, check) of the assertions it may give up
    parameter_types: str | None = None  # a parameterized test's, as JUnit's method selector writes them
    made: frozenset[CheckKey] = frozenset()  # checks whose line also makes the call they check

    @property
    def selector(self) -> str:
        """The method, as JUnit's `--select-method` names it after the test class and '#'."""
        return self.name if self.parameter_types is None else f"{self.name}({self.parameter_types})"

    def case_name(self, case: int) -> str:
        """How reports name one case: the method, and the invocation of a parameterized test."""
        return self.name if self.parameter_types is None else f"{self.name}[{self.cases.index(case) + 1}]"


@dataclass(frozen=True)
class RenderedClass:
    package: str
    class_name: str
    source: str
    tests: tuple[RenderedTest, ...]
    import_users: tuple[tuple[int, frozenset[int]], ...]  # (import line, case indexes that need it)
    release: int  # the Java release it is written for and compiled with (javac.release_for_tests)

    @property
    def binary_name(self) -> str:
        return f"{self.package}.{self.class_name}" if self.package else self.class_name

    @property
    def relative_path(self) -> PurePosixPath:
        return PurePosixPath(*self.package.split("."), f"{self.class_name}.java") if self.package \
            else PurePosixPath(f"{self.class_name}.java")

    def check_at_line(self, line: int, call_failed: bool = False) -> tuple[frozenset[int], CheckKey] | None:
        """(suite indexes of the test's cases, check) when `line` is an assertion the test can do
        without; a parameterized test's cases give it up each on its own. With `call_failed` (the
        line does not compile, or threw something else than an assertion's failure), not a check
        that makes the call it checks (`assertEquals(6, gcd(12, 18))`): the call is at fault."""
        for test in self.tests:
            for check_line, key in test.checks:
                if check_line == line:
                    return None if call_failed and key in test.made else (frozenset(test.cases), key)
        return None

    def cases_at_line(self, line: int) -> frozenset[int] | None:
        """The suite indexes of the tests a source line belongs to; None for lines outside all."""
        for test in self.tests:
            if test.first_line <= line <= test.last_line:
                return frozenset(test.cases)
        for import_line, users in self.import_users:
            if import_line == line:
                return users
        return None


def _with_unnamed_pairs(suite: TestSuite, found: list[Fold], apart: frozenset[int]) -> list[Fold]:
    """The folds found, and pairs of tests of one shape that no name tells apart (`printCommentPrints`
    beside `printCommentPrints2`, printing two texts without words): fewer than MINIMUM_FOLD tests
    read better apart, unless only a number would set them apart."""
    folded = apart | {case for group in found for case in group.cases}
    pairs = [pair for pair in folds(suite.tests, minimum=2, apart=folded)
             if len(pair.cases) == 2 and numbered_apart([suite.tests[c] for c in pair.cases], suite.class_under_test)]
    return sorted([*found, *pairs], key=lambda fold: fold.cases[0])


def render_suite(suite: TestSuite, index: ClassIndex, fold: bool = True, apart: frozenset[int] = frozenset()) \
        -> RenderedClass:
    """The test class for `suite`: its tests grouped by member in the order the class declares
    them, and, with `fold`, tests of one shape folded into parameterized tests (see folding.py),
    except the tests at positions `apart`."""
    subject = suite.class_under_test
    package = package_of(subject)
    class_name = test_class_name(subject)
    release = release_for_tests(index, [subject])
    apart |= {position for position, case in enumerate(suite.tests)  # reproductions, reported outcomes stay apart
              if case.disabled_reason or case.fails}
    found = _with_unnamed_pairs(suite, folds(suite.tests, apart=apart), apart) if fold else []
    mentioned = {TEST_ANNOTATION, BEFORE_EACH, *(PARAMETERIZED_CLASSES if found else ())}
    if any(case.disabled_reason for case in suite.tests):
        mentioned.add(DISABLED_ANNOTATION)
    for case in suite.tests:
        mentioned.update(mentioned_classes(case))
        for statement in case.program:  # the type arguments a local may be declared with
            mentioned.update(generic_classes(declared_generic_type(index, statement, None)))
    names = TypeNames(package, class_name, mentioned)
    folded = {case for group in found for case in group.cases}
    plain = [position for position in range(len(suite.tests)) if position not in folded]
    fold_names = folded_names([[suite.tests[c] for c in group.cases] for group in found], subject)
    plain_names = distinct_names([suite.tests[p] for p in plain], subject, taken=fold_names)
    entries: list[tuple[str, Fold | int]] = [*zip(fold_names, found), *zip(plain_names, plain)]
    views: list[MethodView] = []
    users_by_import: dict[str, set[int]] = {name: set() for name in names.imports}
    for method_name, entry in sorted(entries, key=lambda e: _reading_position(e[1], suite, index)):
        if isinstance(entry, Fold):
            view, spelled = parameterized_view(method_name, entry, suite, names, index, package, release)
        else:
            view, spelled = plain_view(method_name, entry, suite.tests[entry], names, index, package, release)
        views.append(view)
        for internal in spelled:
            imported = names.import_of(internal)
            if imported:
                users_by_import[imported].update(view.cases)
    set_up = shared_set_up([view.body for view in views], [view.parameters for view in views])
    if set_up is not None and all(line > 0 for view in views for line, _ in view.checks) \
            and not any(view.captures_first for view in views):
        views = [dataclasses.replace(view, body=view.body[1:], checks=tuple((line - 1, key) for line, key in view.checks))
                 for view in views]
        imported = names.import_of(BEFORE_EACH)
        if imported:
            users_by_import[imported].update(case for view in views for case in view.cases)
    else:
        set_up = None
    # Types are spelled against everything the tests might mention; only what they did spell is imported.
    imports = [name for name in names.imports if users_by_import[name]]
    source = test_class_template().render(
        subject=binary_name(subject), package=package, imports=imports, class_name=class_name, methods=views,
        set_up=set_up, set_up_throws=any(view.throws for view in views),
        junit={name: names.spell_class(internal) for name, internal in _JUNIT_CLASSES.items()},
        reflection=any(statement.reflective for case in suite.tests for statement in case.program))
    return RenderedClass(package, class_name, source, _spans(source, views),
                         _import_lines(source, users_by_import), release)


def test_method_source(case: TestCase, class_under_test: InternalName, index: ClassIndex) -> str:
    """One test case as the method a test class would hold, dedented: a likely bug's reproduction
    in its report, the calls of a test a person judges (--ask)."""
    rendered = render_suite(TestSuite(class_under_test, (case,)), index)
    span = rendered.tests[0]
    return textwrap.dedent("\n".join(rendered.source.splitlines()[span.first_line - 1:span.last_line]))


def _reading_position(entry: Fold | int, suite: TestSuite, index: ClassIndex) -> tuple[int, int]:
    """Tests of one member together, members in the order the class declares them (members of
    other classes after, in the order the suite first tests them), each member's tests in suite order."""
    first = entry.cases[0] if isinstance(entry, Fold) else entry
    last = suite.tests[first].program[-1]
    declaration = index.lookup(suite.class_under_test)
    declared = [method.name for method in declaration.methods] if declaration is not None else []
    if last.owner == suite.class_under_test and last.name in declared:
        return declared.index(last.name), first
    members = list(dict.fromkeys((case.program[-1].owner, case.program[-1].name) for case in suite.tests))
    return len(declared) + members.index((last.owner, last.name)), first


def _spans(source: str, views: list[MethodView]) -> tuple[RenderedTest, ...]:
    lines = source.splitlines()
    spans, cursor = [], 0
    for view in views:
        header = next(i for i in range(cursor, len(lines)) if lines[i].startswith(f"    void {view.name}("))
        end = next(i for i in range(header, len(lines)) if lines[i] == "    }")
        if view.provider:
            end = next(i for i in range(end + 1, len(lines)) if lines[i] == "    }")
        # The comment and annotations stand on the lines above the header, after a blank line; 0-based
        # `blank` is 1-based line `blank + 1`. The body starts on the line after the header, 1-based `header + 2`.
        blank = max(i for i in range(cursor, header) if not lines[i])
        checks = tuple((header + 2 + line, key) for line, key in view.checks)
        spans.append(RenderedTest(view.name, view.cases, blank + 2, end + 1, checks, view.selector_types, view.made))
        cursor = end
    return tuple(spans)


def _import_lines(source: str, users: dict[str, set[int]]) -> tuple[tuple[int, frozenset[int]], ...]:
    found = []
    for number, line in enumerate(source.splitlines(), start=1):
        name = line.removeprefix("import ").removesuffix(";")
        if line.startswith("import ") and name in users:
            found.append((number, frozenset(users[name])))
    return tuple(found)
