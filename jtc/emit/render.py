"""Render a TestSuite as one JUnit 5 test class, with the line span of every test method.

Statements become locals named after their types, the call under test is assigned to `result`
and asserted; earlier calls whose values the test states get theirs asserted right after them, and
the observers' answers come last. The spans let the validator turn a javac error line back into the
test that caused it, and the check lines a failing assertion into the one check to give up.
Rendering is a pure function of the suite and the class index: no clock, no randomness.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import PurePosixPath

import jinja2

from jtc.emit.imports import TypeNames, top_level
from jtc.emit.literals import java_literal, string_literal
from jtc.emit.naming import (
    LocalNames,
    deduplicate,
    simple_class_name,
    test_class_name,
    test_method_name,
    variable_base,
)
from jtc.model.classindex import ClassIndex, has_stable_name
from jtc.model.classfile import ACC_PROTECTED, ACC_PUBLIC
from jtc.model.signatures import GenericType
from jtc.model.program import (Answer, ArrayLiteral, Construct, FieldLoad, FieldStore, Invoke, Literal, NewArray,
                               NewCollection, Null, Statement, Stub, Value,
                               VarRef)
from jtc.model.types import (
    BOXABLE,
    INT_LIKE,
    OBJECT,
    binary_name,
    is_array,
    is_primitive,
    is_reference,
    package_of,
    parse_method_descriptor,
)
from jtc.oracle.expectations import (CheckKey, Completes, Returns, ReturnsBoxed, ReturnsConstant, ReturnsObject,
                                     Stated, TestCase, TestSuite, Throws)

TEST_ANNOTATION = "org/junit/jupiter/api/Test"
_RESERVED_LOCALS = ("result", "exception")


@dataclass(frozen=True)
class RenderedTest:
    name: str
    case_index: int  # position in the suite's tests
    first_line: int  # 1-based, the @Test line
    last_line: int  # the closing brace
    checks: tuple[tuple[int, CheckKey], ...] = ()  # (1-based line, check) of the assertions it may give up


@dataclass(frozen=True)
class RenderedClass:
    package: str
    class_name: str
    source: str
    tests: tuple[RenderedTest, ...]
    import_users: tuple[tuple[int, frozenset[int]], ...]  # (import line, case indexes that need it)

    @property
    def binary_name(self) -> str:
        return f"{self.package}.{self.class_name}" if self.package else self.class_name

    @property
    def relative_path(self) -> PurePosixPath:
        return PurePosixPath(*self.package.split("."), f"{self.class_name}.java") if self.package \
            else PurePosixPath(f"{self.class_name}.java")

    def check_at_line(self, line: int) -> tuple[int, CheckKey] | None:
        """(suite index, check) when `line` is an assertion the test can do without."""
        for test in self.tests:
            for check_line, key in test.checks:
                if check_line == line:
                    return test.case_index, key
        return None

    def cases_at_line(self, line: int) -> frozenset[int] | None:
        """The suite indexes of the tests a source line belongs to; None for lines outside all."""
        for test in self.tests:
            if test.first_line <= line <= test.last_line:
                return frozenset({test.case_index})
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
    throws: bool
    body: tuple[str, ...]
    checks: tuple[tuple[int, CheckKey], ...]  # (body line, check)


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
    for runtime_class in runtime_classes:
        if has_stable_name(runtime_class.replace(".", "/")):
            yield runtime_class.replace(".", "/")
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


class _CaseRenderer:
    """Renders the body of one test; records which classes it spelled, for import attribution."""

    def __init__(self, case: TestCase, names: TypeNames, index: ClassIndex, package: str) -> None:
        self.case = case
        self.names = names
        self.index = index
        self.package = package
        self.spelled: set[str] = set()
        referenced = [v for s in case.program for v in (*s.args, getattr(s, "receiver", None))
                      if isinstance(v, VarRef)]
        # Statements whose values are asserted, or whose objects are observed, need locals too.
        self.uses = Counter([*(ref.index for ref in referenced), *(index for index, _ in case.values),
                             *(observation.receiver for observation in case.observations)])
        self.referenced = set(self.uses)
        reserved = {*_RESERVED_LOCALS, *(top.split("/")[0] for top in map(top_level, _mentioned_classes(case)))}
        self.locals = LocalNames(reserved)
        self.variables: dict[int, tuple[str, str]] = {}  # statement index -> (name, declared desc)

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
        """`List<Ghost>` where the type arguments are known and nameable, the raw type otherwise."""
        if generic is None or not generic.args or not generic.concrete or generic.desc != desc or any(
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

    def argument(self, value: Value, param: str, cast: bool) -> str:
        """One argument; `cast` when overload resolution needs the exact parameter type."""
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
            return f"({self.spell(param)}) {text}" if cast else text  # boxed
        if value.desc != param and (cast or not self.assignable(value.desc, param)):
            return f"({self.spell(param)}) {text}"
        return text

    def arguments(self, statement: Statement, skip: int = 0) -> str:
        """The argument list from argument `skip` on (an inner class's enclosing instance is not
        in the list)."""
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
            rendered.append(self.argument(value, param, cast))
        return ", ".join(rendered)

    def receiver(self, statement: Invoke | FieldStore) -> str:
        assert statement.receiver is not None
        name, declared = self.variables[statement.receiver.index]
        if declared.startswith("L") and self.index.is_subtype(declared[1:-1], statement.owner):
            return name
        return f"(({self.spell_class(statement.owner)}) {name})"

    def call(self, statement: Statement, discarded: bool = False) -> str:
        """The statement as an expression; `discarded` when its value is not used (the body of a
        lambda given to assertThrows must be a statement expression: no cast around it)."""
        if statement.reflective:
            return self.reflective_call(statement, discarded)
        arguments = self.arguments(statement, skip=1 if self.constructs_inner(statement) else 0)
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
            return f"{self.spell_class(statement.owner)}.{statement.name}"
        if isinstance(statement, NewCollection):
            return self.collection(statement)
        if isinstance(statement, Stub):
            return self.stub(statement)
        target = self.spell_class(statement.owner) if statement.receiver is None else self.receiver(statement)
        if isinstance(statement, FieldStore):
            return f"{target}.{statement.name} = {arguments}"
        if isinstance(statement, Invoke) and statement.returns is not None and not discarded:
            return f"({self.spell(self.declared_type(statement.returns))}) {target}.{statement.name}({arguments})"
        return f"{target}.{statement.name}({arguments})"

    def collection(self, statement: NewCollection) -> str:
        """`new ArrayList<>(List.of(a, b))` (Arrays.asList when an element is null); a map is
        filled by `put` statements after its declaration (see `body`)."""
        made = self.spell_class(statement.owner)
        if not statement.args or statement.is_map:
            return f"new {made}<>()"
        elements = ", ".join(self.argument(v, p, cast=False) for v, p in zip(statement.args, statement.param_descs))
        if any(isinstance(v, Null) for v in statement.args):
            return f"new {made}<>({self.spell_class('java/util/Arrays')}.asList({elements}))"
        return f"new {made}<>({self.spell_class('java/util/List')}.of({elements}))"

    def map_puts(self, statement: NewCollection, local: str) -> list[str]:
        values = [self.argument(v, p, cast=False) for v, p in zip(statement.args, statement.param_descs)]
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
        for index, statement in enumerate(program[:-1]):
            if index in raised:
                lines.extend(self.throws(self.call(statement, discarded=True), raised[index],
                                         self.locals.allocate("exception")))
                if raised[index].message is not None:
                    checks[len(lines) - 1] = ("raised", index)
                continue
            expression = self.call(statement)
            if isinstance(statement, FieldLoad) and self.uses[index] == 1:
                self.variables[index] = (expression, self.declared_type(statement.result_desc))  # written where used
            elif index in self.referenced:
                if statement.result_desc == "V":
                    raise ValueError(f"statement {index} returns nothing but a later one uses its result")
                declared = self.declared_type(statement.result_desc)
                name = self.locals.allocate(variable_base(statement))
                self.variables[index] = (name, declared)
                signature = statement.signature if isinstance(statement, NewCollection) else None
                lines.extend(f"{self.spell_generic(declared, signature)} {name} = {expression};".split("\n"))
                if isinstance(statement, NewCollection) and statement.is_map:
                    lines.extend(self.map_puts(statement, name))
                if index in values:
                    lines.append(self.state(values[index], declared, name))
                    checks[len(lines) - 1] = ("value", index)
            else:
                lines.extend(f"{expression};".split("\n"))
        self.assertion(lines, checks)
        for position, observation in enumerate(self.case.observations):
            receiver = VarRef(observation.receiver, self.case.program[observation.receiver].result_desc)
            call = Invoke(observation.owner, observation.name, observation.desc, receiver, ())
            lines.append(self.state(observation.value, self.declared_type(call.result_desc), self.call(call)))
            checks[len(lines) - 1] = ("observed", position)
        return self.restoring_statics(lines, checks)

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
            restored.append(f"    {field} = {local};")
        shift = len(saved) + 1
        wrapped = [*saved, "try {", *(f"    {line}" for line in lines), "} finally {", *restored, "}"]
        return wrapped, {line + shift: key for line, key in checks.items()}

    def assertion(self, lines: list[str], checks: dict[int, CheckKey]) -> None:
        """The last statement and what it did; its result goes to a local when observers read it."""
        last_index = len(self.case.program) - 1
        last = self.case.program[last_index]
        expectation = self.case.expectation
        if isinstance(expectation, Throws):
            lines.extend(self.throws(self.call(last, discarded=True), expectation, "exception"))
            if expectation.message is not None:
                checks[len(lines) - 1] = ("expectation", -1)
            return
        call = self.call(last)
        # A constructor that returns is all there is to say about it: its result cannot be null.
        constructed = isinstance(last, Construct) and isinstance(expectation, ReturnsObject)
        if (isinstance(expectation, Completes) or constructed) and last_index not in self.uses:
            lines.append(f"assertDoesNotThrow(() -> {call});")
            return
        declared = self.declared_type(last.result_desc)
        name = self.locals.allocate(variable_base(last)) if constructed else "result"
        self.variables[last_index] = (name, declared)
        lines.append(f"{self.spell(declared)} {name} = {call};")
        if constructed or isinstance(expectation, Completes):
            return
        lines.append(self.state(expectation, declared, name))
        if not isinstance(expectation, ReturnsObject):
            checks[len(lines) - 1] = ("expectation", -1)

    def state(self, stated: Stated | ReturnsObject, declared: str, actual: str) -> str:
        """The assertion that `actual` (an expression of type `declared`) is the stated value."""
        if isinstance(stated, ReturnsObject):
            return self.returns_object(declared, stated.class_name, actual)
        if isinstance(stated, Returns):
            return self.returns(declared, stated.value, actual)
        if isinstance(stated, ReturnsBoxed):
            if stated.value.desc == "Z" and declared == "Ljava/lang/Boolean;":
                return f"assertTrue({actual});" if stated.value.value else f"assertFalse({actual});"
            return f"assertEquals({java_literal(stated.value)}, {actual});"
        if isinstance(stated, ReturnsConstant):
            internal = stated.class_name.replace(".", "/")
            if self.nameable(internal, declared=False):
                return f"assertEquals({self.spell_class(internal)}.{stated.constant}, {actual});"
            return f"assertEquals({string_literal(stated.constant)}, ((Enum<?>) {actual}).name());"
        return f"assertEquals({string_literal(stated.text)}, {actual}.toString());"  # ReturnsText

    def throws(self, call: str, expectation: Throws, local: str) -> list[str]:
        """assertThrows around `call`; the exception goes to `local` when its class or message is checked."""
        internal = expectation.exception.replace(".", "/")
        if self.nameable(internal, declared=False):
            exception_type = self.spell_class(internal)
            checks = []
        else:
            exception_type = "Throwable"
            checks = [f"assertEquals({string_literal(expectation.exception)}, {local}.getClass().getName());"]
        if expectation.message is not None:
            checks.append(f"assertEquals({string_literal(expectation.message)}, {local}.getMessage());")
        thrown = f"assertThrows({exception_type}.class, () -> {call});"
        if not checks:
            return [thrown]
        return [f"{exception_type} {local} = {thrown}", *checks]

    def returns_object(self, declared: str, class_name: str, actual: str) -> str:
        internal = class_name.replace(".", "/")
        if declared == f"L{internal};" or not has_stable_name(internal):
            return f"assertNotNull({actual});"
        if self.nameable(internal, declared=False):
            return f"assertInstanceOf({self.spell_class(internal)}.class, {actual});"
        return f"assertEquals({string_literal(class_name)}, {actual}.getClass().getName());"

    def returns(self, declared: str, value: Literal | ArrayLiteral | Null, actual: str) -> str:
        if isinstance(value, Null):
            return f"assertNull({actual});"
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


def render_suite(suite: TestSuite, index: ClassIndex) -> RenderedClass:
    """The test class for `suite`; tests keep the suite's order."""
    subject = suite.class_under_test
    package = package_of(subject)
    class_name = test_class_name(subject)
    mentioned = {TEST_ANNOTATION}
    for case in suite.tests:
        mentioned.update(_mentioned_classes(case))
    names = TypeNames(package, class_name, mentioned)
    method_names = deduplicate(test_method_name(case, subject) for case in suite.tests)
    views: list[_MethodView] = []
    users_by_import: dict[str, set[int]] = {name: set() for name in names.imports}
    for position, (case, method_name) in enumerate(zip(suite.tests, method_names, strict=True)):
        renderer = _CaseRenderer(case, names, index, package)
        reflective = any(statement.reflective for statement in case.program)
        body, checks = renderer.body()
        views.append(_MethodView(method_name, case.throws_checked or reflective, tuple(body), tuple(checks.items())))
        for internal in renderer.spelled:
            imported = names.import_of(internal)
            if imported:
                users_by_import[imported].add(position)
    # Types are spelled against everything the tests might mention; only what they did spell is imported.
    annotation = names.import_of(TEST_ANNOTATION)
    imports = [name for name in names.imports if users_by_import[name] or name == annotation]
    source = _template().render(
        subject=subject.replace("/", "."), package=package, imports=imports, class_name=class_name,
        methods=views, test_annotation=names.spell_class(TEST_ANNOTATION),
        reflection=any(statement.reflective for case in suite.tests for statement in case.program))
    return RenderedClass(package, class_name, source, _spans(source, views),
                         _import_lines(source, users_by_import))


def _spans(source: str, views: list[_MethodView]) -> tuple[RenderedTest, ...]:
    lines = source.splitlines()
    spans, cursor = [], 0
    for index, view in enumerate(views):
        header = next(i for i in range(cursor, len(lines)) if lines[i].startswith(f"    void {view.name}("))
        end = next(i for i in range(header, len(lines)) if lines[i] == "    }")
        # 0-based `header - 1` is the @Test line, which is 1-based line `header`; the body starts
        # on the line after the header, 1-based `header + 2`.
        checks = tuple((header + 2 + line, key) for line, key in view.checks)
        spans.append(RenderedTest(view.name, index, header, end + 1, checks))
        cursor = end
    return tuple(spans)


def _import_lines(source: str, users: dict[str, set[int]]) -> tuple[tuple[int, frozenset[int]], ...]:
    found = []
    for number, line in enumerate(source.splitlines(), start=1):
        name = line.removeprefix("import ").removesuffix(";")
        if line.startswith("import ") and name in users:
            found.append((number, frozenset(users[name])))
    return tuple(found)
