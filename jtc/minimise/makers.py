"""The shortest way the search found to make an object of each type, for tests that made theirs the long way.

The search makes a receiver however its candidate sequence did: a hero taken out of a game made from a
parsed level (eight statements) where `new UnitFactory(new Random(9L)).createHero("abc")` (three)
would do for a test of `getName`. Among the search's runs, the shortest statements that made a
non-null object of a type are that type's maker; the minimiser tries each test with a longer making
of that type swapped for the maker (statements.py), and keeps the swap only when the test still shows
what it showed.

A test that made an object a hidden way (a package-private constructor of a class with public
factories and constants: model/public_api.py) is tried the same way with the ways the public API
offers to make one (`PublicMakers`), longer or not.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from jtc.jvm.protocol import HarnessResult
from jtc.minimise.rewrite import Positions, compose, needed_by, prepended, references, rewrite
from jtc.model.program import Program, Statement, StatementStatus
from jtc.model.public_api import PublicApi
from jtc.model.types import Descriptor, is_reference
from jtc.execution.runs import Execution


# A kind of object: the type a statement declares it makes (descriptor), and the class of what it made.
Made = tuple[str, str]


def object_token(result: HarnessResult, index: int) -> str | None:
    """The harness's token (`O:<class>#<id>`) of the non-null object statement `index` returned."""
    token = result.values[index] if index < len(result.values) else None
    if not token or not token.startswith("O:") or result.status[index] != StatementStatus.OK:
        return None
    return token


def made_at(program: Program, result: HarnessResult, index: int) -> Made | None:
    """What statement `index` made, when it returned a non-null object."""
    token = object_token(result, index)
    if token is None:
        return None
    desc = program[index].result_desc
    return (desc, token[2:].rpartition("#")[0]) if is_reference(desc) else None


PUBLIC_MAKERS = 3  # the public ways to make a kind of object a test with a hidden one tries, constants first


def shortest_makers(executions: Iterable[Execution]) -> dict[Made, Program]:
    """For each kind of object, the shortest program among the runs whose last statement made one,
    every statement it needs having returned; the first run's on a tie."""
    makers: dict[Made, Program] = {}
    for execution in executions:
        program, result = execution.program, execution.result
        for index in range(min(result.executed, len(program))):
            made = made_at(program, result, index)
            if made is None:
                continue
            needed = needed_by(program, index)
            known = makers.get(made)
            if known is not None and len(known) <= len(needed):
                continue
            maker = making(program, result, index, needed)
            if maker is not None:
                makers[made] = maker
    return makers


def making(program: Program, result: HarnessResult, index: int, needed: set[int]) -> Program | None:
    """The statements that made statement `index`'s object (it and the others it `needed`), when
    each returned."""
    if any(result.status[i] != StatementStatus.OK for i in needed):
        return None
    maker = rewrite(program[:index + 1], [i for i in range(index + 1) if i not in needed])
    return maker[0] if maker is not None else None


class PublicMakers:
    """For each kind of object, the ways the public API offers to make one (model/public_api.py),
    up to PUBLIC_MAKERS: the public constants of its type (`CurrencyUnit.EUR`: values its authors
    named, which a reader knows), then the shortest makings among the search's runs that use no
    hidden way in, each once. Worked out for a kind when a test first asks."""

    def __init__(self, executions: list[Execution], api: PublicApi) -> None:
        self.executions = executions
        self.api = api
        self._found: dict[Made, list[Program]] = {}

    def __call__(self, made: Made) -> list[Program]:
        found = self._found.get(made)
        if found is None:
            found = self._found[made] = self._public(made)
        return found

    def _public(self, made: Made) -> list[Program]:
        constants: list[Program] = [(constant,) for constant in self.api.constants(Descriptor(made[0]))]
        runs: dict[str, Program] = {}
        for execution in self.executions:
            program, result = execution.program, execution.result
            for index in range(min(result.executed, len(program))):
                if made_at(program, result, index) != made:
                    continue
                maker = making(program, result, index, needed_by(program, index))
                if maker is not None and not any(self.api.hidden_way(i, s) for i, s in enumerate(maker)):
                    runs.setdefault(repr(maker), maker)
        by_length = sorted(runs.values(), key=len)  # stable: the earlier run's first
        return list({repr(maker): maker for maker in [*constants, *by_length]}.values())[:PUBLIC_MAKERS]


def swapped(program: Program, index: int, maker: Program, dropped: set[int]) -> tuple[Program, dict[int, int]] | None:
    """`program` with `maker` in front and the uses of statement `index` made uses of the maker's
    object, without `dropped` (statements only the old making needed); and where each statement of
    `program` went."""
    shift = len(maker)
    combined = prepended(maker, program)
    rewritten = rewrite(combined, {position + shift for position in dropped}, {index + shift: shift - 1})
    if rewritten is None:
        return None
    reduced, positions = rewritten
    return reduced, {old: positions[old + shift] for old in range(len(program)) if old + shift in positions}


def swapped_each(program: Program, indices: list[int], maker: Program,
                 kept: Callable[[Statement], bool]) -> tuple[Program, Positions] | None:
    """`program` with the object of each statement of `indices` made by a copy of `maker` instead
    (see `swapped`), and where each statement of `program` went."""
    current, positions = program, {index: index for index in range(len(program))}
    for index in indices:
        at = positions.get(index)
        swap = swapped(current, at, maker, only_for(current, at, kept)) if at is not None else None
        if swap is None:
            return None
        current, step = swap
        positions = compose(positions, step)
    return current, positions


def only_for(program: Program, index: int, kept: Callable[[Statement], bool]) -> set[int]:
    """The statements that statement `index` needs and nothing else does (nor `kept` ones): what
    goes when its object is made another way."""
    chain = needed_by(program, index)
    roots = {k for k in range(len(program)) if k not in chain} | {j for j in chain if j != index and kept(program[j])}
    still = set(roots)
    for position in range(len(program) - 1, -1, -1):
        if position in still and position != index:
            still.update(references(program[position]))
    return chain - still - {index}
