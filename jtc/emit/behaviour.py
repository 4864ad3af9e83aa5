"""What each written test states about the code, as plain records: the member it calls, the
arguments in Java syntax, the outcome, and each assertion with its line. `jtc generate --snapshot`
keeps them beside the test source so that `jtc diff` can say, for a test that fails on another
version, which member changed and what it did before.

Lines are kept relative to the test method's declaration line (`void name(`), so a record still
finds its assertions after other tests were cut from the file (the whole-suite check, `jtc diff`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from jtc.emit.literals import java_literal, string_literal
from jtc.emit.render import RenderedClass, RenderedTest
from jtc.model.program import ArrayLiteral, Construct, Invoke, Literal, Null, Program, Statement, Value, VarRef
from jtc.model.testcases import (CheckKey, Completes, Console, Expectation, Returns, ReturnsBoxed, ReturnsConstant,
                                 ReturnsObject, ReturnsText, TestCase, TestSuite, Throws)
from jtc.model.types import (
    Descriptor, binary_name, internal_from_binary, parse_method_descriptor, simple_source_name, source_type)

_NESTING = 2  # how deep an argument made by earlier statements is spelled out (`new Till(new Price(3))`)


@dataclass(frozen=True)
class StatedCheck:
    """One assertion of a test: on line `line` (relative to the method's declaration line), the
    test states that `call` of `member` `states` ('returns true', 'throws …')."""

    line: int
    member: str
    call: str
    states: str


@dataclass(frozen=True)
class TestBehaviour:
    """One test (one case of a parameterized test) and what it states."""

    __test__ = False  # not a pytest test class

    test: str  # as JUnit reports it: the method, or `method[n]` for a case of a parameterized test
    method: str
    member: str  # the member under test: 'dv.Till.isFree(int)', 'dv.Till(int)' for a constructor
    call: str  # the call under test in Java syntax: 'isFree(0)', 'new Till(3)', 'Till.of("a")'
    arguments: tuple[str, ...]
    outcome: str  # 'returns 0', 'throws java.lang.IllegalArgumentException: percent', 'completes'
    statements: int  # the test's length, to show the shortest test of a difference
    span: tuple[int, int]  # the method's first and last line, relative to its declaration line
    checks: tuple[StatedCheck, ...] = ()

    def check_at(self, line: int) -> StatedCheck | None:
        """The assertion on `line` (relative to the declaration line), if there is one."""
        return next((check for check in self.checks if check.line == line), None)

    def to_json(self) -> dict:
        return {"test": self.test, "method": self.method, "member": self.member, "call": self.call,
                "arguments": list(self.arguments), "outcome": self.outcome, "statements": self.statements,
                "span": list(self.span), "checks": [vars(check) for check in self.checks]}

    @staticmethod
    def from_json(data: dict) -> TestBehaviour:
        return TestBehaviour(data["test"], data["method"], data["member"], data["call"], tuple(data["arguments"]),
                             data["outcome"], data["statements"], (data["span"][0], data["span"][1]),
                             tuple(StatedCheck(**check) for check in data["checks"]))


def declaration_lines(source: str) -> dict[str, int]:
    """The 1-based line of each test method's declaration (`void name(`) in a test class's source."""
    found: dict[str, int] = {}
    for number, line in enumerate(source.splitlines(), start=1):
        match = re.match(r"\s+(?:public\s+|static\s+)*void\s+(\w+)\(", line)
        if match:
            found.setdefault(match.group(1), number)
    return found


def behaviour_of(rendered: RenderedClass, suite: TestSuite) -> tuple[TestBehaviour, ...]:
    """The records of every test of `rendered` but the @Disabled reproductions of likely bugs."""
    declared = declaration_lines(rendered.source)
    return tuple(_record(test, test.case_name(case), suite.tests[case], declared[test.name])
                 for test in rendered.tests for case in test.cases if not suite.tests[case].likely_bug)


def _record(test: RenderedTest, name: str, case: TestCase, declared: int) -> TestBehaviour:
    program = case.program
    last = program[-1]
    checks = tuple(StatedCheck(line - declared, *_stated(case, key)) for line, key in test.checks)
    return TestBehaviour(name, test.name, member_name(last), _call(last, program, _NESTING),
                         tuple(_argument(value, program, _NESTING) for value in last.args),
                         outcome_in_words(case.expectation), len(program),
                         (test.first_line - declared, test.last_line - declared), checks)


def _stated(case: TestCase, key: CheckKey) -> tuple[str, str, str]:
    """(member, call, what is stated) of one assertion of `case`."""
    kind, position = key
    program = case.program
    if kind == "observed":
        observation = case.observations[position]
        if observation.is_field:
            return member_name(observation.read(None)), observation.name, outcome_in_words(observation.value)
        params = ", ".join(map(source_type, parse_method_descriptor(observation.desc)[0]))
        arguments = ", ".join(map(java_literal, observation.args))
        return (f"{binary_name(observation.owner)}.{observation.name}({params})",
                f"{observation.name}({arguments})", outcome_in_words(observation.value))
    if kind == "written":
        written = case.written[position]
        place = f" to System.{written.target.value}" if isinstance(written.target, Console) else ""
        return member_name(program[-1]), _call(program[-1], program, _NESTING), \
            f"prints{place} {string_literal(written.text or '')}"
    if kind == "expectation":
        statement, stated = program[-1], case.expectation
    else:
        statement = program[position]
        stated = dict(case.raised)[position] if kind == "raised" else dict(case.values)[position]
    return member_name(statement), _call(statement, program, _NESTING), outcome_in_words(stated)


def member_name(statement: Statement) -> str:
    """'dv.Till.isFree(int)', 'dv.Till(int)' for a constructor, 'dv.Till.total' for a field."""
    owner = binary_name(statement.owner) or source_type(Descriptor(statement.desc))
    if isinstance(statement, (Construct, Invoke)):
        params = ", ".join(map(source_type, statement.param_descs))
        return f"{owner}({params})" if isinstance(statement, Construct) else f"{owner}.{statement.name}({params})"
    name = getattr(statement, "name", "")
    return f"{owner}.{name}" if name.isidentifier() else owner


def _call(statement: Statement, program: Program, depth: int) -> str:
    arguments = ", ".join(_argument(value, program, depth) for value in statement.args)
    if isinstance(statement, Construct):
        return f"new {simple_source_name(statement.owner)}({arguments})"
    if isinstance(statement, Invoke):
        target = f"{simple_source_name(statement.owner)}." if statement.receiver is None else ""
        return f"{target}{statement.name}({arguments})"
    return f"{member_name(statement)}({arguments})"


def _argument(value: Value, program: Program, depth: int) -> str:
    if isinstance(value, (Literal, Null, ArrayLiteral)):
        return java_literal(value)
    assert isinstance(value, VarRef)
    if depth == 0:
        return f"<a {source_type(value.desc)}>"
    return _call(program[value.index], program, depth - 1)


def outcome_in_words(expected: Expectation) -> str:
    """What a call did, in words a person reads (a snapshot's record, --ask's question)."""
    if isinstance(expected, (Returns, ReturnsBoxed)):
        return f"returns {java_literal(expected.value)}"
    if isinstance(expected, ReturnsConstant):
        return f"returns {simple_source_name(internal_from_binary(expected.class_name))}.{expected.constant}"
    if isinstance(expected, ReturnsText):
        return f"returns {expected.text}"
    if isinstance(expected, ReturnsObject):
        return "returns the object it was called on" if expected.itself else f"returns a {expected.class_name}"
    if isinstance(expected, Throws):
        return f"throws {expected.exception}" + (f": {expected.message}" if expected.message is not None else "")
    assert isinstance(expected, Completes)
    return "completes"
