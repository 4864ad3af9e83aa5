"""What a test states: the call under test asserted as it is made (`assertEquals(6, Gcd.gcd(12, 18))`),
a value or an exception it is expected to give, an object by its class, a large value by its hash."""

from __future__ import annotations

from collections import Counter

from jtc.emit.expressions import Expressions
from jtc.emit.folding import EXPECTATION, MESSAGE, Slot
from jtc.emit.literals import LARGE_TEXT, array_hash, is_large, java_literal, string_hash, string_literal
from jtc.emit.naming import variable_base
from jtc.model.classindex import has_stable_name
from jtc.model.program import ArrayLiteral, Construct, Invoke, Literal, Null
from jtc.model.testcases import (CheckKey, Completes, Returns, ReturnsBoxed, ReturnsConstant, ReturnsObject,
                                 ReturnsText, Stated, TestCase, Throws)
from jtc.model.types import (
    BinaryName, CONTAINER_CLASSES, Descriptor, INT_LIKE, internal_from_binary, internal_name, is_array, is_class_type)

JDK_PACKAGES = ("java/", "javax/", "jdk/", "sun/", "com/sun/")


class Assertions:
    """The assertions of one test; `uses` counts the later statements and checks that read each
    statement's value."""

    def __init__(self, expressions: Expressions, case: TestCase, uses: Counter[int]) -> None:
        self.expressions = expressions
        self.spelling = expressions.spelling
        self.parameters = expressions.arguments.parameters
        self.case = case
        self.uses = uses
        self.made: set[CheckKey] = set()  # checks whose line also makes the call they check

    def last_call(self, lines: list[str], checks: dict[int, CheckKey]) -> None:
        """The last statement and what it did, asserted as it is made (`assertEquals(6, Gcd.gcd(12, 18))`);
        its result goes to a local when observers read it or the test cannot name its type."""
        call_of = self.expressions.call
        last_index = len(self.case.program) - 1
        last = self.case.program[last_index]
        expectation = self.case.expectation
        if self.case.likely_bug:  # a reproduction: the crash is left to fail the test once enabled
            lines.append(f"{call_of(last, discarded=True)};")
            return
        if isinstance(expectation, Throws):
            lines.extend(self.throws(call_of(last, discarded=True, index=last_index), expectation, "exception",
                                     Slot(MESSAGE)))
            if expectation.message is not None:
                checks[len(lines) - 1] = ("expectation", -1)
            return
        call = call_of(last, index=last_index)
        # A constructor that returns is all there is to say about it: its result cannot be null.
        constructed = isinstance(last, Construct) and isinstance(expectation, ReturnsObject)
        if (isinstance(expectation, Completes) or constructed) and last_index not in self.uses:
            lines.append(f"assertDoesNotThrow(() -> {call});")
            return
        declared = self.spelling.declared_type(last.result_desc)
        if not (constructed or isinstance(expectation, Completes) or last_index in self.uses) \
                and declared == last.result_desc:
            lines.append(self.state(expectation, declared, call, Slot(EXPECTATION)))  # asserted as it is made
            if not isinstance(expectation, ReturnsObject):
                checks[len(lines) - 1] = ("expectation", -1)
                self.made.add(("expectation", -1))
            return
        name = self.expressions.local_names.allocate(variable_base(last)) if constructed else "result"
        self.expressions.variables[last_index] = (name, declared)
        lines.append(f"{self.spelling.spell(declared)} {name} = {call};")
        if constructed or isinstance(expectation, Completes):
            return
        if isinstance(expectation, ReturnsObject) and any(o.receiver == last_index for o in self.case.observations):
            return  # its observers' answers state the object (and that there is one)
        lines.append(self.state(expectation, declared, name, Slot(EXPECTATION)))
        if not isinstance(expectation, ReturnsObject):
            checks[len(lines) - 1] = ("expectation", -1)

    def state(self, stated: Stated | ReturnsObject, declared: Descriptor, actual: str, slot: Slot) -> str:
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
            if self.spelling.nameable(internal, declared=False):
                return f"assertEquals({self.spelling.spell_class(internal)}.{stated.constant}, {actual});"
            return f"assertEquals({string_literal(stated.constant)}, ((Enum<?>) {actual}).name());"
        if self.is_empty_jdk_collection(stated, declared):
            return f"assertTrue({actual}.isEmpty());"
        if len(stated.text) > LARGE_TEXT:
            return f"assertEquals({string_hash(stated.text)}, {actual}.toString().hashCode());  // {len(stated.text)} chars"
        return f"assertEquals({string_literal(stated.text)}, {actual}.toString());"  # ReturnsText

    def is_empty_jdk_collection(self, stated: ReturnsText, declared: Descriptor) -> bool:
        """Whether an empty JDK collection or map is stated through a type that has `isEmpty()`:
        `assertTrue(items.isEmpty())` says what `assertEquals("[]", items.toString())` says of an
        empty one (a list of one empty String prints `[]` too: its size tells them apart)."""
        empty = stated.text == "{}" or (stated.text == "[]" and stated.size == 0)
        if not empty or not stated.class_name.startswith("java.util."):
            return False
        if not is_class_type(declared):
            return False
        return any(self.spelling.index.is_subtype(internal_name(declared), kind) is True for kind in CONTAINER_CLASSES)

    def throws(self, call: str, expectation: Throws, local: str, slot: Slot) -> list[str]:
        """assertThrows around `call`; the exception goes to `local` when its class or message is
        checked (the message is the parameter of `slot` in a parameterized test)."""
        internal = internal_from_binary(expectation.exception)
        if self.spelling.nameable(internal, declared=False):
            exception_type = self.spelling.spell_class(internal)
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
        name = self.expressions.variables.get(receiver.index, ("", ""))[0] if receiver is not None else ""
        return name if name.isidentifier() else None

    def returns_object(self, declared: Descriptor, class_name: BinaryName, actual: str) -> str:
        """An object without a value to state, by its class where the test can name it. A JDK class
        the test cannot name (`Collections$UnmodifiableRandomAccessList`) is the JDK's choice, which
        another version may make differently: only that there is an object is stated."""
        internal = internal_from_binary(class_name)
        if is_class_type(declared) and internal_name(declared) == internal or not has_stable_name(internal):
            return f"assertNotNull({actual});"
        nameable = self.spelling.nameable(internal, declared=False)
        if internal.startswith(JDK_PACKAGES) and not nameable:
            return f"assertNotNull({actual});"
        if nameable:
            return f"assertInstanceOf({self.spelling.spell_class(internal)}.class, {actual});"
        return f"assertEquals({string_literal(class_name)}, {actual}.getClass().getName());"

    def returns(self, declared: Descriptor, value: Literal | ArrayLiteral | Null, actual: str, parameter: str | None) -> str:
        """The assertion that `actual` is `value`, or the value of a parameterized test's `parameter`."""
        if parameter is not None:
            return self.returns_parameter(declared, value.desc, actual, parameter)
        if isinstance(value, Null):
            return f"assertNull({actual});"
        if is_large(value):
            return self.by_hash(declared, value, actual)
        if isinstance(value, ArrayLiteral):
            return f"assertArrayEquals({java_literal(value)}, {self._as_array(declared, value.desc, actual)});"
        if value.desc == "Z" and declared in ("Z", "Ljava/lang/Boolean;"):
            return f"assertTrue({actual});" if value.value else f"assertFalse({actual});"
        expected = java_literal(value)
        if declared in INT_LIKE and value.desc in INT_LIKE and declared != value.desc:
            expected = f"({self.spelling.spell(declared)}) {expected}"
        return f"assertEquals({expected}, {actual});"

    def by_hash(self, declared: str, value: Literal | ArrayLiteral, actual: str) -> str:
        """A large value by its hash code (java.util.Arrays.hashCode, String.hashCode)."""
        if isinstance(value, ArrayLiteral):
            if declared != value.desc:
                actual = f"({self.spelling.spell(value.desc)}) {actual}"
            return (f"assertEquals({array_hash(value)}, java.util.Arrays.hashCode({actual}));  "
                    f"// {len(value.elements)} elements")
        text = str(value.value)
        return f"assertEquals({string_hash(text)}, {actual}.hashCode());  // {len(text)} chars"

    def returns_parameter(self, declared: Descriptor, desc: Descriptor, actual: str, parameter: str) -> str:
        """The assertion that `actual` is the value of `parameter` (of type `desc`)."""
        if is_array(desc):
            return f"assertArrayEquals({parameter}, {self._as_array(declared, desc, actual)});"
        if declared in INT_LIKE and desc in INT_LIKE and declared != desc:
            parameter = f"({self.spelling.spell(declared)}) {parameter}"
        return f"assertEquals({parameter}, {actual});"

    def _as_array(self, declared: str, desc: Descriptor, actual: str) -> str:
        """`actual` (declared `declared`) as an array `assertArrayEquals` compares with one of `desc`:
        any array of references compares as Object[]; only a result not declared as such needs a cast."""
        references = declared.startswith(("[L", "[[")) and desc.startswith(("[L", "[["))
        return actual if declared == desc or references else f"({self.spelling.spell(desc)}) {actual}"
