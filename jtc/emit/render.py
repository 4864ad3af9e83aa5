"""Render a TestSuite as one JUnit 5 test class, with the line span of every test method.

Statements become locals named after their types (values made only to be passed are written where
they are passed), the call under test is asserted as it is made (in a local `result` when observers
read it); earlier calls whose values the test states get theirs asserted right after them, and the
observers' answers come last. Tests of one shape are folded into parameterized tests (folding.py). The spans let the validator turn a javac error line back into the
test that caused it, and the check lines a failing assertion into the one check to give up.
Rendering is a pure function of the suite and the class index: no clock, no randomness.
"""

from __future__ import annotations

import dataclasses
import functools
import textwrap
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath

import jinja2

from jtc.emit.imports import TypeNames, top_level
from jtc.emit.hidden import hidden_ways_comment
from jtc.emit.folding import (ARG, EXPECTATION, MESSAGE, OBSERVED, RAISED, VALUE, WRITTEN, Fold, Slot, SlotValue, folds,
                              shape)
from jtc.emit.literals import (LARGE_TEXT, array_hash, csv_value, is_large, java_literal, string_hash,
                               string_literal)
from jtc.emit.setup import shared_set_up
from jtc.emit.distinct_names import distinct_names, folded_names, numbered_apart
from jtc.emit.method_names import outcome_words
from jtc.emit.naming import JAVA_KEYWORDS, LocalNames, simple_class_name, test_class_name, upper_first, variable_base
from jtc.java.javac import release_for_tests
from jtc.model.classindex import ClassIndex, has_stable_name
from jtc.model.classfile import ACC_PROTECTED, ACC_PUBLIC, MethodDecl
from jtc.model.signatures import GenericType
from jtc.model.loops import SeededLoop
from jtc.model.program import (Answer, ArrayLiteral, Construct, FieldLoad, FieldStore, Invoke, Literal, NewArray,
                               NewCollection, Null, Statement, Stub, Value,
                               VarRef)
from jtc.model.types import (
    BOXABLE,
    INT_LIKE,
    OBJECT,
    PRIMITIVE_NAMES,
    STRING,
    binary_name,
    internal_from_binary,
    internal_name,
    is_array,
    is_primitive,
    is_reference,
    package_of,
    parse_method_descriptor,
)
from jtc.model.testcases import (CheckKey, Completes, Console, Returns, ReturnsBoxed, ReturnsConstant, ReturnsObject,
                                 ReturnsText, Stated, TestCase, TestSuite, Throws, Written)

TEST_ANNOTATION = "org/junit/jupiter/api/Test"
PARAMETERIZED_TEST = "org/junit/jupiter/params/ParameterizedTest"
CSV_SOURCE = "org/junit/jupiter/params/provider/CsvSource"
METHOD_SOURCE = "org/junit/jupiter/params/provider/MethodSource"
ARGUMENTS = "org/junit/jupiter/params/provider/Arguments"
STREAM = "java/util/stream/Stream"
PARAMETERIZED_CLASSES = (PARAMETERIZED_TEST, CSV_SOURCE, METHOD_SOURCE, ARGUMENTS, STREAM)
# A slot's parameter without a declared name is named after its type.
_TYPE_PARAMETER_NAMES = {STRING: "text", "Z": "flag", "C": "character", "D": "number", "F": "number",
                         "I": "number", "J": "number", "S": "number", "B": "number"}
DISABLED_ANNOTATION = "org/junit/jupiter/api/Disabled"
BEFORE_EACH = "org/junit/jupiter/api/BeforeEach"
LIST_OF_RELEASE = 9  # List.of came with Java 9: tests of Java 8 classes fill collections by Arrays.asList
_RESERVED_LOCALS = ("result", "exception")
# What a test that prints to the console spells to capture it.
_CAPTURING_CLASSES = ("java/io/ByteArrayOutputStream", "java/io/PrintStream", "java/lang/System")
# Per console stream: System's field and setter, the names of the buffer and of the stream put back.
_CONSOLE = {Console.OUT: ("out", "setOut", "output", "standardOut"),
            Console.ERR: ("err", "setErr", "errorOutput", "standardErr")}


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


@functools.cache
def _template() -> jinja2.Template:
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("jtc.emit", "templates"), undefined=jinja2.StrictUndefined,
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True, autoescape=False)
    return environment.get_template("junit5.java.j2")


@dataclass(frozen=True)
class _MethodView:
    name: str
    cases: tuple[int, ...]  # suite positions: one, or the cases of a parameterized test in source order
    annotations: tuple[str, ...]  # lines, relative to the method's indentation
    parameters: str  # the parameter list
    throws: bool
    body: tuple[str, ...]
    checks: tuple[tuple[int, CheckKey], ...]  # (body line, check)
    made: frozenset[CheckKey]  # checks whose line also makes the call they check
    provider: tuple[str, ...] = ()  # the lines of a @MethodSource method, after the test
    selector_types: str | None = None  # a parameterized test's parameter types, as a JUnit selector names them
    captures_first: bool = False  # its first lines capture the console: no set-up to share


def _mentioned_classes(case: TestCase) -> Iterator[str]:
    """Internal names a test may spell: owners, declared types, thrown and returned classes."""
    descs: list[str] = []
    for statement in case.program:
        if not isinstance(statement, NewArray):
            yield statement.owner
        if isinstance(statement, NewCollection):
            yield from ("java/util/List", "java/util/Arrays")
            yield from _generic_classes(statement.signature)
        descs.extend(statement.param_descs)
        descs.append(statement.result_desc)
    expectation = case.expectation
    runtime_classes = [raised.exception for _, raised in case.raised]
    if isinstance(expectation, (Throws, ReturnsObject)):
        runtime_classes.append(expectation.exception if isinstance(expectation, Throws) else expectation.class_name)
    stated = [expectation, *(value for _, value in case.values), *(o.value for o in case.observations)]
    runtime_classes.extend(s.class_name for s in stated if isinstance(s, ReturnsConstant))
    for runtime_class in map(internal_from_binary, runtime_classes):
        if has_stable_name(runtime_class):
            yield runtime_class
    if any(isinstance(written.target, Console) for written in case.written):
        yield from _CAPTURING_CLASSES
    if case.loop is not None:
        yield "java/util/Random"
    for desc in descs:
        element = desc.lstrip("[")
        if element.startswith("L"):
            yield element[1:-1]


def _generic_classes(generic: GenericType | None) -> Iterator[str]:
    if generic is None:
        return
    for argument in generic.args:
        if argument is not None:
            element = argument.desc.lstrip("[")
            if element.startswith("L"):
                yield element[1:-1]
            yield from _generic_classes(argument)


def declared_generic_type(index: ClassIndex, statement: Statement, position: int | None) -> GenericType | None:
    """The generic type the method or constructor a statement calls declares for its result
    (`position` None) or for one of its parameters; None when its class file is not found."""
    method = _declaration(index, statement)
    if method is None or not isinstance(statement, (Construct, Invoke)):
        return None
    if position is None:
        return index.return_type(statement.owner, method)
    types = index.parameter_types(statement.owner, method)
    return types[position] if position < len(types) else None


def _declaration(index: ClassIndex, statement: Statement) -> MethodDecl | None:
    """The declaration of the constructor or method a statement calls, in its class file."""
    if not isinstance(statement, (Construct, Invoke)):
        return None
    declaration = index.lookup(statement.owner)
    return declaration.method(statement.name, statement.desc) if declaration is not None else None


def declared_parameter_names(index: ClassIndex, statement: Statement) -> tuple[str, ...] | None:
    """The parameter names of the constructor or method a statement calls, when its class file has
    them (compiled with -g or -parameters)."""
    method = _declaration(index, statement)
    names = method.param_names if method is not None else None
    if not names or len(names) != len(statement.param_descs) or \
            not all(name.isidentifier() and name not in JAVA_KEYWORDS for name in names):
        return None
    return names


JDK_PACKAGES = ("java/", "javax/", "jdk/", "sun/", "com/sun/")


class _CaseRenderer:
    """Renders the body of one test; records which classes it spelled, for import attribution."""

    def __init__(self, case: TestCase, names: TypeNames, index: ClassIndex, package: str, release: int,
                 parameters: Mapping[Slot, str] | None = None) -> None:
        """`release`: the Java release the test is compiled for (javac.release_for_tests); `parameters`
        names the slots that are parameters of a parameterized test."""
        self.case = case
        self.release = release
        self.parameters: Mapping[Slot, str] = parameters or {}
        self.names = names
        self.index = index
        self.package = package
        self.spelled: set[str] = set()
        referenced = [v for s in case.program for v in (*s.args, getattr(s, "receiver", None))
                      if isinstance(v, VarRef)]
        # Statements whose values are asserted, or whose objects are observed, need locals too.
        self.uses = Counter([*(ref.index for ref in referenced), *(index for index, _ in case.values),
                             *(observation.receiver for observation in case.observations),
                             *(sink for _, sink, _ in self.sinks_written())])
        self.referenced = set(self.uses)
        reserved = {*_RESERVED_LOCALS, *self.parameters.values(),
                    *(top.split("/")[0] for top in map(top_level, _mentioned_classes(case)))}
        self.locals = LocalNames(reserved)
        self.variables: dict[int, tuple[str, str]] = {}  # statement index -> (name, declared desc)
        self.made: set[CheckKey] = set()  # checks whose line also makes the call they check
        self.captures_first = False  # the body starts by capturing the console (see capturing_console)

    # --- locals ---------------------------------------------------------------------------------

    def inlined(self, index: int) -> bool:
        """Whether statement `index` is written where it is used instead of in a local: a constant
        (`Direction.NORTH`, wherever it is used), an array or a list (`new Square[][] {new Square[] {square}}`),
        or a JDK value made from literals only (`Integer.valueOf(4)`) that no assertion mentions.
        None of them runs code of the project or reads state a statement in between could change
        (a set would call its elements' hashCode), so making them later changes nothing."""
        statement = self.case.program[index]
        if index in dict(self.case.values):
            return False
        if isinstance(statement, FieldLoad) and statement.is_static:
            # a constant, a class literal or another static final reads the same wherever it is
            # written: `level.moveHero(hero, Direction.WEST)` twice, not a local `west`
            return True
        if self.uses[index] != 1:
            return False
        if isinstance(statement, NewArray):
            return True
        if isinstance(statement, NewCollection):
            return not statement.is_map and (statement.owner == "java/util/ArrayList" or not any(
                isinstance(value, VarRef) for value in statement.args))
        if any(isinstance(value, VarRef) for value in statement.args) or statement.reflective:
            return False
        return isinstance(statement, (Construct, Invoke)) and statement.owner.startswith(("java/", "javax/"))

    def local_bases(self) -> dict[int, str]:
        """The name each local gets before numbering: after its type or the call that made it
        (`intStack`, `root`), or after the parameter it is first passed for (`key`, `from`) when the
        value is a JDK one, which its type names poorly, or when two locals would share a name. A
        writer whose text the test states, wrapped before it is passed, is named after its type."""
        by_type = {index: variable_base(self.case.program[index]) for index in sorted(self.referenced)
                   if index < len(self.case.program) - 1}
        shared = Counter(by_type.values())
        wrapped = {sink for _, sink, _ in self.sinks_written() if self.wrapped(sink)}
        bases = {}
        for index, base in by_type.items():
            result = self.case.program[index].result_desc
            parameter = self.consumer_parameter(index) if index not in wrapped else None
            vague = result.startswith(("Ljava/", "Ljavax/", "[")) or shared[base] > 1
            bases[index] = parameter if parameter and vague else base
        return bases

    def wrapped(self, index: int) -> bool:
        """Whether the first statement given statement `index`'s value is a JDK constructor (the
        `PrintWriter` around a `StringWriter`): the wrapper is what the parameter's name fits."""
        consumer = next((s for s in self.case.program[index + 1:]
                         if any(isinstance(v, VarRef) and v.index == index for v in s.args)), None)
        return isinstance(consumer, Construct) and consumer.owner.startswith(("java/", "javax/"))

    def consumer_parameter(self, index: int) -> str | None:
        """The name of the parameter the result of statement `index` is first passed for, when the
        class file has parameter names (compiled with -g or -parameters)."""
        for statement in self.case.program[index + 1:]:
            for position, value in enumerate(statement.args):
                if isinstance(value, VarRef) and value.index == index:
                    names = declared_parameter_names(self.index, statement)
                    return names[position] if names else None
        return None

    def local_generic(self, index: int) -> GenericType | None:
        """The type arguments of the local holding statement `index`'s value: a collection's from
        its consumer, a call's from the called method's signature (`List<String> lines =
        scores.format()`) when every call the local is passed to declares that same type, so that
        spelling them never breaks a call the raw type lets through."""
        statement = self.case.program[index]
        if isinstance(statement, NewCollection):
            return statement.signature
        returned = declared_generic_type(self.index, statement, None)
        if returned is None or not returned.args or not returned.concrete:
            return None
        for consumer in self.case.program[index + 1:]:
            for position, value in enumerate(consumer.args):
                if isinstance(value, VarRef) and value.index == index \
                        and declared_generic_type(self.index, consumer, position) != returned:
                    return None
        return returned

    # --- type spelling -------------------------------------------------------------------------

    def spell(self, desc: str) -> str:
        element = desc.lstrip("[")
        if element.startswith("L"):
            self.spelled.add(element[1:-1])
        return self.names.spell(desc)

    def spell_class(self, internal: str) -> str:
        self.spelled.add(internal)
        return self.names.spell_class(internal)

    def spell_generic(self, desc: str, generic: GenericType | None) -> str:
        """`List<Ghost>` where the type arguments are known and nameable, the raw type otherwise (an
        array's element type carries none in source: `byte[]`, never `byte[]<byte>`)."""
        if generic is None or not generic.args or not generic.concrete or generic.desc != desc or desc.startswith("[") or any(
                not self.nameable(a.desc.lstrip("[")[1:-1], declared=True)
                for a in generic.args if a is not None and a.desc.lstrip("[").startswith("L")):
            return self.spell(desc)
        return f"{self.spell(desc)}<{', '.join(self.spell_generic(a.desc, a) for a in generic.args if a)}>"

    def nameable(self, internal: str, declared: bool) -> bool:
        """Whether the test may write this class's name. A declared type (a parameter or return
        type) is assumed nameable unless known otherwise; a runtime class only when known, or when
        it is a top-level java.* class."""
        if not has_stable_name(internal):
            return False
        known = self.index.nameable_from(internal, self.package)
        if known is not None:
            return known
        return declared or (internal.startswith(("java/", "javax/")) and "$" not in internal)

    def declared_type(self, desc: str) -> str:
        """The type of a local holding a value of `desc`; Object when the test cannot name it."""
        element = desc.lstrip("[")
        if element.startswith("L") and not self.nameable(element[1:-1], declared=True):
            return "Ljava/lang/Object;"
        return desc

    # --- expressions ---------------------------------------------------------------------------

    def assignable(self, declared: str, param: str) -> bool:
        """Whether a local of type `declared` can be passed for `param` without a cast."""
        if declared == param:
            return True
        if not (is_reference(declared) and is_reference(param)):
            return False
        if param == OBJECT:
            return True
        return declared[0] == param[0] == "L" and self.index.is_subtype(declared[1:-1], param[1:-1]) is True

    def argument(self, value: Value, param: str, cast: bool, slot: Slot | None = None) -> str:
        """One argument; `cast` when overload resolution needs the exact parameter type. A value in
        a slot of a parameterized test is the test's parameter of the slot's type."""
        if slot is not None and slot in self.parameters and not isinstance(value, VarRef):
            return self.parameter_argument(self.parameters[slot], value.desc, param, cast)
        if isinstance(value, VarRef):
            name, declared = self.variables[value.index]
            if declared == param or (self.assignable(declared, param) and not cast):
                return name
            return f"({self.spell(param)}) {name}"
        if isinstance(value, Null):
            return f"({self.spell(param)}) null" if cast else "null"
        text = java_literal(value)
        if isinstance(value, Literal) and is_primitive(param) and value.desc != param:
            return f"({self.spell(param)}) {text}"
        if isinstance(value, Literal) and is_primitive(value.desc) and param in BOXABLE:
            # Boxed; `(Integer) -1` would read as a subtraction from a variable Integer.
            return f"({self.spell(param)}) {f'({text})' if text.startswith('-') else text}" if cast else text
        if value.desc != param and (cast or not self.assignable(value.desc, param)):
            return f"({self.spell(param)}) {text}"
        return text

    def parameter_argument(self, name: str, desc: str, param: str, cast: bool) -> str:
        """A parameter of type `desc` passed for `param`, cast as a literal of its type would be."""
        if is_primitive(desc) and is_primitive(param) and desc != param:
            return f"({self.spell(param)}) {name}"
        if is_primitive(desc) and param in BOXABLE:
            return f"({self.spell(param)}) {name}" if cast else name  # boxed
        if desc != param and (cast or not self.assignable(desc, param)):
            return f"({self.spell(param)}) {name}"
        return name

    def arguments(self, statement: Statement, skip: int = 0, index: int | None = None) -> str:
        """The argument list from argument `skip` on (an inner class's enclosing instance is not
        in the list); `index` is the statement's position, for the slots of a parameterized test."""
        params = statement.param_descs
        overloaded = isinstance(statement, (Construct, Invoke))
        rivals = self.index.rival_params(statement.owner, statement.name, statement.desc) if overloaded else []
        rendered = []
        for position in range(skip, len(params)):
            value, param = statement.args[position], params[position]
            if rivals is None:
                cast = True
            elif isinstance(value, Null):
                cast = any(is_reference(r[position]) and r[position] != param for r in rivals)
            else:
                cast = any(r[position] != param for r in rivals)
            # A null for a trailing array parameter reads as a varargs call without the cast.
            cast = cast or (isinstance(value, Null) and is_array(param) and position == len(params) - 1)
            rendered.append(self.argument(value, param, cast, _arg_slot(index, position)))
        return ", ".join(rendered)

    def receiver(self, statement: Invoke | FieldStore | FieldLoad) -> str:
        """The receiver as written before the call's dot: a local, or the expression of an inlined
        statement, in parentheses when it is a cast (`((Monster) monsters.get(0)).getSquare()`)."""
        assert statement.receiver is not None
        name, declared = self.variables[statement.receiver.index]
        if name.startswith("("):
            name = f"({name})"
        if declared.startswith("L") and self.index.is_subtype(declared[1:-1], statement.owner):
            return name
        return f"(({self.spell_class(statement.owner)}) {name})"

    def call(self, statement: Statement, discarded: bool = False, index: int | None = None) -> str:
        """The statement as an expression; `discarded` when its value is not used (the body of a
        lambda given to assertThrows must be a statement expression: no cast around it); `index`
        is its position in the program (None for an observer's call)."""
        if statement.reflective:
            return self.reflective_call(statement, discarded)
        arguments = self.arguments(statement, skip=1 if self.constructs_inner(statement) else 0, index=index)
        if isinstance(statement, Construct):
            if self.constructs_inner(statement):
                first = statement.args[0]
                enclosing = self.argument(first, statement.param_descs[0], cast=isinstance(first, Null))
                if not enclosing.isidentifier():
                    enclosing = f"({enclosing})"
                return f"{enclosing}.new {simple_class_name(statement.owner)}({arguments})"
            return f"new {self.spell_class(statement.owner)}({arguments})"
        if isinstance(statement, NewArray):
            return f"new {self.spell(statement.desc)} {{{arguments}}}"
        if isinstance(statement, FieldLoad):
            target = self.spell_class(statement.owner) if statement.receiver is None else self.receiver(statement)
            return f"{target}.{statement.name}"
        if isinstance(statement, NewCollection):
            return self.collection(statement, index)
        if isinstance(statement, Stub):
            return self.stub(statement)
        target = self.spell_class(statement.owner) if statement.receiver is None else self.receiver(statement)
        if isinstance(statement, FieldStore):
            return f"{target}.{statement.name} = {arguments}"
        if isinstance(statement, Invoke) and statement.returns is not None and not discarded:
            return f"({self.spell(self.declared_type(statement.returns))}) {target}.{statement.name}({arguments})"
        return f"{target}.{statement.name}({arguments})"

    def collection(self, statement: NewCollection, index: int | None) -> str:
        """`new ArrayList<>(List.of(a, b))` (Arrays.asList when an element is null, or for Java 8); a map is
        filled by `put` statements after its declaration (see `body`)."""
        made = self.spell_class(statement.owner)
        if not statement.args or statement.is_map:
            return f"new {made}<>()"
        elements = ", ".join(self.argument(v, p, False, _arg_slot(index, position))
                             for position, (v, p) in enumerate(zip(statement.args, statement.param_descs)))
        if any(isinstance(v, Null) for v in statement.args) or self.release < LIST_OF_RELEASE:
            return f"new {made}<>({self.spell_class('java/util/Arrays')}.asList({elements}))"
        return f"new {made}<>({self.spell_class('java/util/List')}.of({elements}))"

    def map_puts(self, statement: NewCollection, local: str, index: int) -> list[str]:
        values = [self.argument(v, p, False, _arg_slot(index, position))
                  for position, (v, p) in enumerate(zip(statement.args, statement.param_descs))]
        return [f"{local}.put({values[i]}, {values[i + 1]});" for i in range(0, len(values) - 1, 2)]

    def stub(self, statement: Stub) -> str:
        """An anonymous class (a lambda for an interface with one method) whose methods return the
        answers; lines after the first are indented relative to it."""
        answered = dict(zip((a.key for a in statement.answered),
                            statement.args[len(statement.constructor_params):]))
        declaration = self.index.lookup(statement.owner)
        if statement.is_interface and len(statement.answers) == 1:
            answer = statement.answers[0]
            parameters = ", ".join(self.locals.allocate(n) for n in self._parameter_names(statement.owner, answer))
            if answer.returns == "V":
                return f"({parameters}) -> {{\n}}"
            return f"({parameters}) -> {self.argument(answered[answer.key], answer.returns, cast=False)}"
        arguments = ", ".join(self.argument(v, p, cast=True) for v, p in
                              zip(statement.args, statement.constructor_params))
        lines = [f"new {self.spell_class(statement.owner)}({arguments}) {{"]
        for position, answer in enumerate(statement.answers):
            method = declaration.method(answer.name, answer.desc) if declaration else None
            access = "public " if statement.is_interface or method is None or method.access & ACC_PUBLIC else \
                "protected " if method.access & ACC_PROTECTED else ""
            params, returns = parse_method_descriptor(answer.desc)
            names = self._parameter_names(statement.owner, answer)
            signature = ", ".join(f"{self.spell(p)} {n}" for p, n in zip(params, names))
            if position:
                lines.append("")
            lines.append("    @Override")
            lines.append(f"    {access}{self.spell(returns)} {answer.name}({signature}) {{")
            if returns != "V":
                lines.append(f"        return {self.argument(answered[answer.key], returns, cast=False)};")
            lines.append("    }")
        lines.append("}")
        return "\n".join(lines)

    def _parameter_names(self, owner: str, answer: Answer) -> list[str]:
        """The abstract method's parameter names where the class file has them (else arg0, arg1…)."""
        for _, info in self.index.supertypes(owner):
            method = info.method(answer.name, answer.desc) if info is not None else None
            if method is not None and method.param_names and all(n.isidentifier() for n in method.param_names):
                return list(method.param_names)
        return [f"arg{i}" for i in range(len(parse_method_descriptor(answer.desc)[0]))]

    def reflective_call(self, statement: Statement, discarded: bool = False) -> str:
        """A member the test may not name (private): through the class's reflection helpers, its
        result cast back to the type the test declares for it (unless the value is discarded)."""
        owner = f"Class.forName({string_literal(binary_name(statement.owner))})"
        values = [self.argument(v, p, cast=True) for v, p in zip(statement.args, statement.param_descs)]
        if isinstance(statement, Construct):
            types = ", ".join(f"{self.spell(p)}.class" for p in statement.param_descs)
            expression = f"newDeclared({owner}, new Class<?>[] {{{types}}}{''.join(', ' + v for v in values)})"
        else:
            assert isinstance(statement, (Invoke, FieldStore))
            target = "null" if statement.receiver is None else self.variables[statement.receiver.index][0]
            if isinstance(statement, FieldStore):
                return f"setDeclared({owner}, {target}, {string_literal(statement.name)}, {values[0]})"
            types = ", ".join(f"{self.spell(p)}.class" for p in statement.param_descs)
            expression = (f"invokeDeclared({owner}, {target}, {string_literal(statement.name)}, "
                          f"new Class<?>[] {{{types}}}{''.join(', ' + v for v in values)})")
        declared = self.declared_type(statement.result_desc)
        if discarded or statement.result_desc == "V" or declared == OBJECT:
            return expression
        return f"({self.spell(declared)}) {expression}"

    def constructs_inner(self, statement: Statement) -> bool:
        """`outer.new Inner(…)`: the first constructor argument is the enclosing instance."""
        return isinstance(statement, Construct) and bool(statement.args) and self.index.is_inner(statement.owner)

    # --- statements ----------------------------------------------------------------------------

    def body(self) -> tuple[list[str], dict[int, CheckKey]]:
        """The lines of the test method, and which of them are checks it can give up (by line)."""
        program = self.case.program
        raised = dict(self.case.raised)
        values = dict(self.case.values)
        lines: list[str] = []
        checks: dict[int, CheckKey] = {}
        local_bases = self.local_bases()
        starts: list[int] = []  # the first line of each statement
        loop = self.case.loop
        for index, statement in enumerate(program[:-1]):
            starts.append(len(lines))
            if loop is not None and loop.start <= index < loop.end:  # the loop makes these calls
                if index == loop.start:
                    lines.extend(self.loop(loop))
                continue
            if index in raised:
                lines.extend(self.throws(self.call(statement, discarded=True, index=index), raised[index],
                                         self.locals.allocate("exception"), Slot(RAISED, index)))
                if raised[index].message is not None:
                    checks[len(lines) - 1] = ("raised", index)
                continue
            expression = self.call(statement, index=index)
            declared = self.declared_type(statement.result_desc)
            if index in values and self.uses[index] == 1 and declared == statement.result_desc:
                lines.append(self.state(values[index], declared, expression, Slot(VALUE, index)))  # asserted only
                checks[len(lines) - 1] = ("value", index)
                self.made.add(("value", index))
            elif self.inlined(index):
                self.variables[index] = (expression, self.declared_type(statement.result_desc))  # written where used
            elif index in self.referenced:
                if statement.result_desc == "V":
                    raise ValueError(f"statement {index} returns nothing but a later one uses its result")
                declared = self.declared_type(statement.result_desc)
                name = self.locals.allocate(local_bases[index])
                self.variables[index] = (name, declared)
                lines.extend(f"{self.spell_generic(declared, self.local_generic(index))} {name} = {expression};"
                             .split("\n"))
                if isinstance(statement, NewCollection) and statement.is_map:
                    lines.extend(self.map_puts(statement, name, index))
                if index in values:
                    lines.append(self.state(values[index], declared, name, Slot(VALUE, index)))
                    checks[len(lines) - 1] = ("value", index)
            elif not isinstance(statement, (NewArray, FieldLoad)):  # no statement in Java, and nothing to run
                lines.extend(f"{expression};".split("\n"))
        starts.append(len(lines))
        self.assertion(lines, checks)
        for position, sink, text in self.sinks_written():
            lines.append(self.state(Returns(Literal(STRING, text)), STRING, f"{self.variables[sink][0]}.toString()",
                                    Slot(WRITTEN, position)))
            checks[len(lines) - 1] = ("written", position)
        for position, observation in enumerate(self.case.observations):
            receiver = VarRef(observation.receiver, self.case.program[observation.receiver].result_desc)
            call = observation.read(receiver)
            lines.append(self.state(observation.value, self.declared_type(call.result_desc), self.call(call),
                                    Slot(OBSERVED, position)))
            checks[len(lines) - 1] = ("observed", position)
        lines, checks = self.capturing_console(lines, checks, starts)
        return self.restoring_statics(lines, checks)

    def loop(self, loop: SeededLoop) -> list[str]:
        """The seeded loop that makes the calls of `loop`'s steps (jtc/model/loops.py): a move
        picked by the draw below the weights' sum, its int arguments drawn below the bound."""
        random_class = self.spell_class("java/util/Random")
        random, step = self.locals.allocate("random"), self.locals.allocate("step")
        drawn = f"{random}.nextInt({loop.bound})"
        calls = []
        for move in loop.moves:  # a drawn argument is written as a local would be: by a name of its own
            slots = {position: VarRef(-1 - position, "I") for position in move.drawn}
            self.variables.update({slot.index: (drawn, "I") for slot in slots.values()})
            args = tuple(slots.get(position, value) for position, value in enumerate(move.call.args))
            calls.append(f"{self.call(dataclasses.replace(move.call, args=args), discarded=True)};")
        lines = [f"{random_class} {random} = new {random_class}({loop.seed});",
                 f"for (int {step} = 0; {step} < {loop.steps}; {step}++) {{"]
        if len(calls) == 1:
            return [*lines, f"    {calls[0]}", "}"]
        picked = self.locals.allocate("move")
        lines.append(f"    int {picked} = {random}.nextInt({loop.thresholds()[-1]});")
        for position, (call, limit, weight) in enumerate(zip(calls, loop.thresholds(), loop.weights)):
            test = f"{picked} == {limit - 1}" if weight == 1 else f"{picked} < {limit}"  # past the moves before
            opening = f"if ({test}) {{" if position == 0 else "} else {" if position == len(calls) - 1 \
                else f"}} else if ({test}) {{"
            lines += [f"    {opening}", f"        {call}"]
        return [*lines, "    }", "}"]

    def sinks_written(self) -> list[tuple[int, int, str]]:
        """(position in `written`, statement that made the writer or stream, its text) of each
        in-memory writer or stream whose text the test states."""
        return [(position, written.target, written.text) for position, written in enumerate(self.case.written)
                if not isinstance(written.target, Console) and written.text is not None]

    def restoring_statics(self, lines: list[str], checks: dict[int, CheckKey]) -> tuple[list[str], dict[int, CheckKey]]:
        """A test that stores static fields puts their values back afterwards, so that the tests of
        the class pass in any order (the generator ran each sequence with fresh static state)."""
        stored = list(dict.fromkeys((s.owner, s.name, s.desc) for s in self.case.program
                                    if isinstance(s, FieldStore) and s.receiver is None and not s.reflective))
        if not stored:
            return lines, checks
        saved, restored = [], []
        for owner, name, desc in stored:
            local = self.locals.allocate(f"{name}Before")
            field = f"{self.spell_class(owner)}.{name}"
            saved.append(f"{self.spell(self.declared_type(desc))} {local} = {field};")
            restored.append(f"{field} = {local};")
        return _guarded(lines, checks, 0, saved, restored)

    def capturing_console(self, lines: list[str], checks: dict[int, CheckKey],
                          starts: Sequence[int]) -> tuple[list[str], dict[int, CheckKey]]:
        """A test whose statements print to System.out or System.err swaps the stream for a buffer
        from the first statement that printed on, puts it back in a `finally`, and then states the
        buffer's text: nothing reaches the console, and what a call printed is one of its results."""
        console = [(position, target, written) for position, written in enumerate(self.case.written)
                   if isinstance(target := written.target, Console)]
        if not console:
            return lines, checks
        system = self.spell_class("java/lang/System")
        stream, buffer_type = self.spell_class("java/io/PrintStream"), self.spell_class("java/io/ByteArrayOutputStream")
        made, saved, swapped, restored, stated = [], [], [], [], []
        for position, target, written in console:
            field, setter, buffer_base, standard_base = _CONSOLE[target]
            buffer, standard = self.locals.allocate(buffer_base), self.locals.allocate(standard_base)
            made.append(f"{buffer_type} {buffer} = new {buffer_type}();")
            saved.append(f"{stream} {standard} = {system}.{field};")
            swapped.append(f"{system}.{setter}(new {stream}({buffer}));")
            restored.append(f"{system}.{setter}({standard});")
            if written.text is not None:
                stated.append((self.state(Returns(Literal(STRING, written.text)), STRING, f"{buffer}.toString()",
                                          Slot(WRITTEN, position)), ("written", position)))
        start = starts[min(written.since for _, _, written in console)]
        self.captures_first = start == 0
        wrapped, moved = _guarded(lines, checks, start, [*made, *saved, *swapped], restored)
        for line, key in stated:
            wrapped.append(line)
            moved[len(wrapped) - 1] = key
        return wrapped, moved

    def assertion(self, lines: list[str], checks: dict[int, CheckKey]) -> None:
        """The last statement and what it did, asserted as it is made (`assertEquals(6, Gcd.gcd(12, 18))`);
        its result goes to a local when observers read it or the test cannot name its type."""
        last_index = len(self.case.program) - 1
        last = self.case.program[last_index]
        expectation = self.case.expectation
        if self.case.likely_bug:  # a reproduction: the crash is left to fail the test once enabled
            lines.append(f"{self.call(last, discarded=True)};")
            return
        if isinstance(expectation, Throws):
            lines.extend(self.throws(self.call(last, discarded=True, index=last_index), expectation, "exception",
                                     Slot(MESSAGE)))
            if expectation.message is not None:
                checks[len(lines) - 1] = ("expectation", -1)
            return
        call = self.call(last, index=last_index)
        # A constructor that returns is all there is to say about it: its result cannot be null.
        constructed = isinstance(last, Construct) and isinstance(expectation, ReturnsObject)
        if (isinstance(expectation, Completes) or constructed) and last_index not in self.uses:
            lines.append(f"assertDoesNotThrow(() -> {call});")
            return
        declared = self.declared_type(last.result_desc)
        if not (constructed or isinstance(expectation, Completes) or last_index in self.uses) \
                and declared == last.result_desc:
            lines.append(self.state(expectation, declared, call, Slot(EXPECTATION)))  # asserted as it is made
            if not isinstance(expectation, ReturnsObject):
                checks[len(lines) - 1] = ("expectation", -1)
                self.made.add(("expectation", -1))
            return
        name = self.locals.allocate(variable_base(last)) if constructed else "result"
        self.variables[last_index] = (name, declared)
        lines.append(f"{self.spell(declared)} {name} = {call};")
        if constructed or isinstance(expectation, Completes):
            return
        if isinstance(expectation, ReturnsObject) and any(o.receiver == last_index for o in self.case.observations):
            return  # its observers' answers state the object (and that there is one)
        lines.append(self.state(expectation, declared, name, Slot(EXPECTATION)))
        if not isinstance(expectation, ReturnsObject):
            checks[len(lines) - 1] = ("expectation", -1)

    def state(self, stated: Stated | ReturnsObject, declared: str, actual: str, slot: Slot) -> str:
        """The assertion that `actual` (an expression of type `declared`) is the stated value (the
        parameter of `slot` in a parameterized test)."""
        parameter = self.parameters.get(slot)
        if isinstance(stated, ReturnsObject):
            receiver = self.receiver_local()
            if stated.itself and receiver is not None:
                return f"assertSame({receiver}, {actual});"
            return self.returns_object(declared, stated.class_name, actual)
        if isinstance(stated, Returns):
            return self.returns(declared, stated.value, actual, parameter)
        if isinstance(stated, ReturnsBoxed):
            if parameter is not None:
                return f"assertEquals({parameter}, {actual});"
            if stated.value.desc == "Z" and declared == "Ljava/lang/Boolean;":
                return f"assertTrue({actual});" if stated.value.value else f"assertFalse({actual});"
            return f"assertEquals({java_literal(stated.value)}, {actual});"
        if isinstance(stated, ReturnsText) and parameter is not None:
            return f"assertEquals({parameter}, {actual}.toString());"
        if isinstance(stated, ReturnsConstant):
            internal = internal_from_binary(stated.class_name)
            if self.nameable(internal, declared=False):
                return f"assertEquals({self.spell_class(internal)}.{stated.constant}, {actual});"
            return f"assertEquals({string_literal(stated.constant)}, ((Enum<?>) {actual}).name());"
        if self.is_empty_jdk_collection(stated, declared):
            return f"assertTrue({actual}.isEmpty());"
        if len(stated.text) > LARGE_TEXT:
            return f"assertEquals({string_hash(stated.text)}, {actual}.toString().hashCode());  // {len(stated.text)} chars"
        return f"assertEquals({string_literal(stated.text)}, {actual}.toString());"  # ReturnsText

    def is_empty_jdk_collection(self, stated: ReturnsText, declared: str) -> bool:
        """Whether an empty JDK collection or map is stated through a type that has `isEmpty()`:
        `assertTrue(items.isEmpty())` says what `assertEquals("[]", items.toString())` says."""
        if stated.text not in ("[]", "{}") or not stated.class_name.startswith("java.util."):
            return False
        if not declared.startswith("L"):
            return False
        return any(self.index.is_subtype(declared[1:-1], kind) is True for kind in ("java/util/Collection",
                                                                                      "java/util/Map"))

    def throws(self, call: str, expectation: Throws, local: str, slot: Slot) -> list[str]:
        """assertThrows around `call`; the exception goes to `local` when its class or message is
        checked (the message is the parameter of `slot` in a parameterized test)."""
        internal = internal_from_binary(expectation.exception)
        if self.nameable(internal, declared=False):
            exception_type = self.spell_class(internal)
            checks = []
        else:
            exception_type = "Throwable"
            checks = [f"assertEquals({string_literal(expectation.exception)}, {local}.getClass().getName());"]
        if expectation.message is not None:
            message = self.parameters.get(slot) or string_literal(expectation.message)
            checks.append(f"assertEquals({message}, {local}.getMessage());")
        thrown = f"assertThrows({exception_type}.class, () -> {call});"
        if not checks:
            return [thrown]
        return [f"{exception_type} {local} = {thrown}", *checks]

    def receiver_local(self) -> str | None:
        """The local the test's last call is made on, when it is one (not an inlined expression)."""
        last = self.case.program[-1]
        receiver = last.receiver if isinstance(last, Invoke) else None
        name = self.variables.get(receiver.index, ("", ""))[0] if receiver is not None else ""
        return name if name.isidentifier() else None

    def returns_object(self, declared: str, class_name: str, actual: str) -> str:
        """An object without a value to state, by its class where the test can name it. A JDK class
        the test cannot name (`Collections$UnmodifiableRandomAccessList`) is the JDK's choice, which
        another version may make differently: only that there is an object is stated."""
        internal = internal_from_binary(class_name)
        if declared.startswith("L") and internal_name(declared) == internal or not has_stable_name(internal):
            return f"assertNotNull({actual});"
        if internal.startswith(JDK_PACKAGES) and not self.nameable(internal, declared=False):
            return f"assertNotNull({actual});"
        if self.nameable(internal, declared=False):
            return f"assertInstanceOf({self.spell_class(internal)}.class, {actual});"
        return f"assertEquals({string_literal(class_name)}, {actual}.getClass().getName());"

    def returns(self, declared: str, value: Literal | ArrayLiteral | Null, actual: str, parameter: str | None) -> str:
        if parameter is not None:
            return self.returns_parameter(declared, value.desc, actual, parameter)
        if isinstance(value, Null):
            return f"assertNull({actual});"
        if is_large(value):
            return self.by_hash(declared, value, actual)
        if isinstance(value, ArrayLiteral):
            # Any array of references compares as Object[]; only a result not declared as such needs a cast.
            references = declared.startswith(("[L", "[[")) and value.desc.startswith(("[L", "[["))
            if not (declared == value.desc or references):
                actual = f"({self.spell(value.desc)}) {actual}"
            return f"assertArrayEquals({java_literal(value)}, {actual});"
        if value.desc == "Z" and declared in ("Z", "Ljava/lang/Boolean;"):
            return f"assertTrue({actual});" if value.value else f"assertFalse({actual});"
        expected = java_literal(value)
        if declared in INT_LIKE and value.desc in INT_LIKE and declared != value.desc:
            expected = f"({self.spell(declared)}) {expected}"
        return f"assertEquals({expected}, {actual});"

    def by_hash(self, declared: str, value: Literal | ArrayLiteral, actual: str) -> str:
        """A large value by its hash code (java.util.Arrays.hashCode, String.hashCode)."""
        if isinstance(value, ArrayLiteral):
            if declared != value.desc:
                actual = f"({self.spell(value.desc)}) {actual}"
            return (f"assertEquals({array_hash(value)}, java.util.Arrays.hashCode({actual}));  "
                    f"// {len(value.elements)} elements")
        text = str(value.value)
        return f"assertEquals({string_hash(text)}, {actual}.hashCode());  // {len(text)} chars"

    def returns_parameter(self, declared: str, desc: str, actual: str, parameter: str) -> str:
        """The assertion that `actual` is the value of `parameter` (of type `desc`)."""
        if is_array(desc):
            references = declared.startswith(("[L", "[[")) and desc.startswith(("[L", "[["))
            if not (declared == desc or references):
                actual = f"({self.spell(desc)}) {actual}"
            return f"assertArrayEquals({parameter}, {actual});"
        if declared in INT_LIKE and desc in INT_LIKE and declared != desc:
            parameter = f"({self.spell(declared)}) {parameter}"
        return f"assertEquals({parameter}, {actual});"


def _guarded(lines: list[str], checks: dict[int, CheckKey], start: int, before: list[str],
             restore: list[str]) -> tuple[list[str], dict[int, CheckKey]]:
    """`lines` from `start` on in a `try` block after the lines `before`, with `restore` in its
    `finally`; the checks moved with their lines."""
    wrapped = [*lines[:start], *before, "try {", *(f"    {line}" for line in lines[start:]), "} finally {",
               *(f"    {line}" for line in restore), "}"]
    shift = len(before) + 1
    return wrapped, {line + (shift if line >= start else 0): key for line, key in checks.items()}


def _arg_slot(index: int | None, position: int) -> Slot | None:
    return None if index is None else Slot(ARG, index, position)


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
        mentioned.update(_mentioned_classes(case))
        for statement in case.program:  # the type arguments a local may be declared with
            mentioned.update(_generic_classes(declared_generic_type(index, statement, None)))
    names = TypeNames(package, class_name, mentioned)
    folded = {case for group in found for case in group.cases}
    plain = [position for position in range(len(suite.tests)) if position not in folded]
    fold_names = folded_names([[suite.tests[c] for c in group.cases] for group in found], subject)
    plain_names = distinct_names([suite.tests[p] for p in plain], subject, taken=fold_names)
    entries: list[tuple[str, Fold | int]] = [*zip(fold_names, found), *zip(plain_names, plain)]
    views: list[_MethodView] = []
    users_by_import: dict[str, set[int]] = {name: set() for name in names.imports}
    for method_name, entry in sorted(entries, key=lambda e: _reading_position(e[1], suite, index)):
        if isinstance(entry, Fold):
            view, spelled = _parameterized_view(method_name, entry, suite, names, index, package, release)
        else:
            view, spelled = _plain_view(method_name, entry, suite.tests[entry], names, index, package, release)
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
    source = _template().render(
        subject=binary_name(subject), package=package, imports=imports, class_name=class_name, methods=views,
        set_up=set_up, before_each=names.spell_class(BEFORE_EACH), set_up_throws=any(view.throws for view in views),
        reflection=any(statement.reflective for case in suite.tests for statement in case.program))
    return RenderedClass(package, class_name, source, _spans(source, views),
                         _import_lines(source, users_by_import), release)


def test_method_source(case: TestCase, class_under_test: str, index: ClassIndex) -> str:
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


def _plain_view(name: str, position: int, case: TestCase, names: TypeNames, index: ClassIndex,
                package: str, release: int) -> tuple[_MethodView, set[str]]:
    renderer = _CaseRenderer(case, names, index, package, release)
    body, checks = renderer.body()
    reflective = any(statement.reflective for statement in case.program)
    annotations = [*hidden_ways_comment([case], index), f"@{names.spell_class(TEST_ANNOTATION)}"]
    spelled = {*renderer.spelled, TEST_ANNOTATION}
    if case.disabled_reason:  # a likely bug's reproduction, a reported outcome: documented without failing the suite
        annotations.append(f"@{names.spell_class(DISABLED_ANNOTATION)}({string_literal(case.disabled_reason)})")
        spelled.add(DISABLED_ANNOTATION)
    view = _MethodView(name, (position,), tuple(annotations), "", case.throws_checked or reflective, tuple(body),
                       tuple(checks.items()), frozenset(renderer.made), captures_first=renderer.captures_first)
    return view, spelled


def _parameterized_view(name: str, group: Fold, suite: TestSuite, names: TypeNames, index: ClassIndex,
                        package: str, release: int) -> tuple[_MethodView, set[str]]:
    """One test for the cases of `group`: the first case's statements with the varying slots as
    parameters, their values from a @CsvSource, or a @MethodSource where CSV cannot carry them."""
    cases = [suite.tests[position] for position in group.cases]
    representative = cases[0]
    slot_values = [shape(case)[1] for case in cases]
    parameters = _slot_parameters(group.varying, representative, index)
    renderer = _CaseRenderer(representative, names, index, package, release, parameters)
    body, checks = renderer.body()
    descs = [slot_values[0][slot].desc for slot in group.varying]
    signature = ", ".join(f"{renderer.spell(desc)} {parameters[slot]}" for slot, desc in zip(group.varying, descs))
    display = _display_name(representative, group.varying, renderer)
    annotations = [*hidden_ways_comment(cases, index),
                   f"@{names.spell_class(PARAMETERIZED_TEST)}(name = {string_literal(display)})"]
    rows = [[csv_value(values[slot]) for slot in group.varying] for values in slot_values]
    provider: tuple[str, ...] = ()
    spelled = {*renderer.spelled, PARAMETERIZED_TEST}
    # A row that is one null alone would be an empty line, which CSV does not carry.
    if all(text is not None for row in rows for text in row) and all(row != [""] for row in rows):
        annotations.append(f"@{names.spell_class(CSV_SOURCE)}({{")
        annotations.extend(f"        {string_literal(', '.join(row))}," for row in rows)  # type: ignore[arg-type]
        annotations.append("})")
        spelled.add(CSV_SOURCE)
    else:
        source = f"{name}Cases"
        annotations.append(f"@{names.spell_class(METHOD_SOURCE)}({string_literal(source)})")
        stream, arguments = names.spell_class(STREAM), names.spell_class(ARGUMENTS)
        provider = (f"static {stream}<{arguments}> {source}() {{", f"    return {stream}.of(",
                    *(f"            {arguments}.of({', '.join(_source_value(values[slot], len(group.varying) == 1) for slot in group.varying)})"
                      + ("," if row < len(slot_values) - 1 else ");") for row, values in enumerate(slot_values)),
                    "}")
        spelled.update({METHOD_SOURCE, STREAM, ARGUMENTS})
    reflective = any(statement.reflective for statement in representative.program)
    view = _MethodView(name, group.cases, tuple(annotations), signature,
                       representative.throws_checked or reflective, tuple(body), tuple(checks.items()),
                       frozenset(renderer.made), provider,
                       ", ".join(_selector_type(desc) for desc in descs), renderer.captures_first)
    return view, spelled


def _source_value(value: SlotValue, alone: bool) -> str:
    """A value in a @MethodSource's Arguments.of: an array of references, or a null `alone` in its
    row, cast to Object, so that varargs takes it as one argument (`Arguments.of(null)` is a null
    array of arguments)."""
    text = java_literal(value)
    spread = (alone and isinstance(value, Null)) or (isinstance(value, ArrayLiteral) and not is_primitive(value.desc[1:]))
    return f"(Object) {text}" if spread else text


def _selector_type(desc: str) -> str:
    """A parameter type as JUnit's method selector writes it: 'int', 'java.lang.String', 'int[]'."""
    element = desc.lstrip("[")
    base = PRIMITIVE_NAMES[element] if is_primitive(element) else binary_name(element[1:-1])
    return base + "[]" * (len(desc) - len(element))


def _slot_parameters(varying: Sequence[Slot], case: TestCase, index: ClassIndex) -> dict[Slot, str]:
    """Parameter names: the callee's parameter for an argument (`day`; `containsValue` when an
    earlier call's parameter is `value` too), `expected` for the value
    the call returns, `message` for an exception's message, `expectedOutput` for printed text,
    `expected` and the observer or local for other stated values."""
    taken = LocalNames(_RESERVED_LOCALS)
    names: dict[Slot, str] = {}
    for slot in varying:
        if slot.place == ARG:
            statement = case.program[slot.index]
            declared = declared_parameter_names(index, statement)
            desc = statement.args[slot.position].desc
            base = declared[slot.position] if declared else _TYPE_PARAMETER_NAMES.get(desc, "value")
            if base in names.values() and isinstance(statement, Invoke):  # the second `value`: `containsValue`
                base = statement.name + upper_first(base)
        elif slot.place == EXPECTATION:
            base = "expected"
        elif slot.place in (MESSAGE, RAISED):
            base = "message"
        elif slot.place == VALUE:
            base = "expected" + upper_first(variable_base(case.program[slot.index]))
        elif slot.place == WRITTEN:
            base = "expectedOutput"
        else:
            observer = case.observations[slot.index]
            base = "expected" + upper_first(variable_base(observer.read(None)))
        names[slot] = taken.allocate(base)
    return names


def _display_name(case: TestCase, varying: Sequence[Slot], renderer: _CaseRenderer) -> str:
    """JUnit's display name pattern of a parameterized test: `name({0}) returns {1}`, and the
    earlier calls that take parameters: `contains({1}) returns {2} after insert({0})`."""
    placeholder = {slot: f"{{{position}}}" for position, slot in enumerate(varying)}
    last_index = len(case.program) - 1
    last = case.program[last_index]
    expectation = case.expectation
    if isinstance(expectation, Throws):
        outcome = f"throws {simple_class_name(expectation.exception) or 'an exception'}"
        if Slot(MESSAGE) in placeholder:
            outcome += f": {placeholder[Slot(MESSAGE)]}"
    elif Slot(EXPECTATION) in placeholder:
        outcome = f"returns {placeholder[Slot(EXPECTATION)]}"
    else:
        outcome = _message_format_text(outcome_words(expectation, isinstance(last, Construct), last.result_desc,
                                                     case.prints))
    earlier = sorted({slot.index for slot in varying if slot.place == ARG and slot.index != last_index})
    calls = [_display_call(case.program[index], index, placeholder, renderer) for index in earlier]
    return f"{_display_call(last, last_index, placeholder, renderer)} {outcome}" \
        + (f" after {', '.join(calls)}" if calls else "")


def _display_call(statement: Statement, index: int, placeholder: Mapping[Slot, str], renderer: _CaseRenderer) -> str:
    """`insert({0})`: a call as a display name shows it, its parameters as placeholders."""
    shown = []
    skip = 1 if renderer.constructs_inner(statement) else 0
    for position, value in enumerate(statement.args[skip:], start=skip):
        slot = Slot(ARG, index, position)
        if slot in placeholder:
            shown.append(placeholder[slot])
        elif isinstance(value, (Literal, Null, ArrayLiteral)):
            shown.append(_message_format_text(java_literal(value)))
        else:
            variable = renderer.variables[value.index][0] if value.index in renderer.variables else ""
            shown.append(variable if variable.isidentifier() else "…")
    member = f"new {simple_class_name(statement.owner)}" if isinstance(statement, Construct) else statement.name
    return f"{member}({', '.join(shown)})"


def _message_format_text(text: str) -> str:
    """Literal text in a JUnit display name pattern (java.text.MessageFormat): quotes doubled, braces quoted."""
    return text.replace("'", "''").replace("{", "'{'").replace("}", "'}'")


def _spans(source: str, views: list[_MethodView]) -> tuple[RenderedTest, ...]:
    lines = source.splitlines()
    spans, cursor = [], 0
    for view in views:
        header = next(i for i in range(cursor, len(lines)) if lines[i].startswith(f"    void {view.name}("))
        end = next(i for i in range(header, len(lines)) if lines[i] == "    }")
        if view.provider:
            end = next(i for i in range(end + 1, len(lines)) if lines[i] == "    }")
        # 0-based `header` is 1-based line `header + 1`; the annotations stand on the lines above it
        # and the body starts on the line after it, 1-based `header + 2`.
        checks = tuple((header + 2 + line, key) for line, key in view.checks)
        spans.append(RenderedTest(view.name, view.cases, header + 1 - len(view.annotations), end + 1, checks,
                                  view.selector_types, view.made))
        cursor = end
    return tuple(spans)


def _import_lines(source: str, users: dict[str, set[int]]) -> tuple[tuple[int, frozenset[int]], ...]:
    found = []
    for number, line in enumerate(source.splitlines(), start=1):
        name = line.removeprefix("import ").removesuffix(";")
        if line.startswith("import ") and name in users:
            found.append((number, frozenset(users[name])))
    return tuple(found)
