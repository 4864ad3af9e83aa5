"""Which statements of a test are held in locals, and what the locals are called and declared as.

A statement whose value a later one reads, or whose value or object the test states, gets a local
named after its type or call (naming.py), or after the parameter it is passed for; constants and
JDK values made from literals only are written where they are used instead. The class files tell
the parameter names (compiled with -g or -parameters) and the generic types the locals declare.
"""

from __future__ import annotations

from collections import Counter

from jtc.emit.naming import JAVA_KEYWORDS, variable_base
from jtc.model.classindex import ClassIndex
from jtc.model.classfile import MethodDecl
from jtc.model.program import Construct, FieldLoad, Invoke, NewArray, NewCollection, Statement, VarRef
from jtc.model.signatures import GenericType
from jtc.model.testcases import Console, TestCase


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


def sinks_written(case: TestCase) -> list[tuple[int, int, str]]:
    """(position in `written`, statement that made the writer or stream, its text) of each
    in-memory writer or stream whose text the test states."""
    return [(position, written.target, written.text) for position, written in enumerate(case.written)
            if not isinstance(written.target, Console) and written.text is not None]


class LocalPlan:
    """The locals of one test: which statements need one, and the name and generic type each gets."""

    def __init__(self, case: TestCase, index: ClassIndex) -> None:
        self.case = case
        self.index = index
        referenced = [v for s in case.program for v in (*s.args, getattr(s, "receiver", None))
                      if isinstance(v, VarRef)]
        # Statements whose values are asserted, or whose objects are observed, need locals too.
        self.uses = Counter([*(ref.index for ref in referenced), *(index for index, _ in case.values),
                             *(observation.receiver for observation in case.observations),
                             *(sink for _, sink, _ in sinks_written(case))])
        self.referenced = set(self.uses)

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

    def bases(self) -> dict[int, str]:
        """The name each local gets before numbering: after its type or the call that made it
        (`intStack`, `root`), or after the parameter it is first passed for (`key`, `from`) when the
        value is a JDK one, which its type names poorly, or when two locals would share a name. A
        writer whose text the test states, wrapped before it is passed, is named after its type."""
        by_type = {index: variable_base(self.case.program[index]) for index in sorted(self.referenced)
                   if index < len(self.case.program) - 1}
        shared = Counter(by_type.values())
        wrapped = {sink for _, sink, _ in sinks_written(self.case) if self._wrapped(sink)}
        bases = {}
        for index, base in by_type.items():
            result = self.case.program[index].result_desc
            parameter = self._consumer_parameter(index) if index not in wrapped else None
            vague = result.startswith(("Ljava/", "Ljavax/", "[")) or shared[base] > 1
            bases[index] = parameter if parameter and vague else base
        return bases

    def _wrapped(self, index: int) -> bool:
        """Whether the first statement given statement `index`'s value is a JDK constructor (the
        `PrintWriter` around a `StringWriter`): the wrapper is what the parameter's name fits."""
        consumer = next((s for s in self.case.program[index + 1:]
                         if any(isinstance(v, VarRef) and v.index == index for v in s.args)), None)
        return isinstance(consumer, Construct) and consumer.owner.startswith(("java/", "javax/"))

    def _consumer_parameter(self, index: int) -> str | None:
        """The name of the parameter the result of statement `index` is first passed for, when the
        class file has parameter names."""
        for statement in self.case.program[index + 1:]:
            for position, value in enumerate(statement.args):
                if isinstance(value, VarRef) and value.index == index:
                    names = declared_parameter_names(self.index, statement)
                    return names[position] if names else None
        return None

    def generic(self, index: int) -> GenericType | None:
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
