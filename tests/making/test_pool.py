"""Which array types the pool builds with array constructors; what an abstract class under test adds;
what a subclass under test inherits; where a class's hidden ways in go."""

from __future__ import annotations

from pathlib import Path

from jtc.config import AccessOptions, Settings
from jtc.model.classindex import ClassIndex
from jtc.calls.invokables import class_invokables
from jtc.making.pool import build_pool, inherited_methods, object_arrays, subclass_calls
from jtc.pipeline.context import RunContext
from jtc.making.producers import Producers
from jtc.java.toolchain import toolchain


def test_arrays_of_objects_get_constructors_down_every_dimension() -> None:
    consumed = ["[[Lt/Cell;", "I", "Lt/Board;", "[[I", "[Ljava/lang/Object;", "[[Lt/Cell;"]
    assert object_arrays(consumed) == ["[Ljava/lang/Object;", "[Lt/Cell;", "[[I", "[[Lt/Cell;"]


def test_arrays_an_input_can_stand_for_need_no_constructor() -> None:
    assert object_arrays(["[I", "[Z", "Ljava/lang/String;"]) == []


def test_an_abstract_class_gets_the_other_methods_of_the_subclass_it_is_made_as(graphs_classes: Path) -> None:
    index = ClassIndex([graphs_classes], toolchain().java_home)
    account = index.lookup("gr/Account")
    assert account is not None
    ways_in = Producers(index, "gr", AccessOptions()).of("Lgr/Account;")
    # Savings.rate() is added; Savings.fee(int) overrides a method Account declares
    assert [m.label for m in subclass_calls(index, account, ways_in, "gr", AccessOptions())] == ["Savings.rate"]


def test_an_enums_compiler_written_members_are_neither_inputs_nor_targets(graphs_classes: Path) -> None:
    index = ClassIndex([graphs_classes], toolchain().java_home)
    heading = index.lookup("gr/Heading")
    assert heading is not None
    assert sorted(m.name for m in heading.methods if heading.declares_implicitly(m)) == ["valueOf", "values"]
    assert not {inv.name for inv in class_invokables(index, heading, "gr", AccessOptions())} & {"values", "valueOf"}


def test_inherited_methods_are_called_on_the_class_under_test(graphs_classes: Path) -> None:
    index = ClassIndex([graphs_classes], toolchain().java_home)
    pawn = index.lookup("gr/Pawn")
    assert pawn is not None
    inherited = inherited_methods(index, pawn, "gr", AccessOptions())
    # Token's methods, on a pawn: another kind of token would run none of the pawn's code
    assert sorted((m.owner, m.name, m.receiver) for m in inherited) == [
        ("gr/Token", "cell", "Lgr/Pawn;"), ("gr/Token", "placeAt", "Lgr/Pawn;")]


def test_a_public_classs_hidden_way_in_comes_after_its_public_ones(published_classes: Path, tmp_path: Path) -> None:
    """`new Currency(code, digits)` is package-private, `Currency.of` and the constants public: the
    first runs of `code()` act on a currency a user can have (model/public_api.py)."""
    settings = Settings(classpath=(str(published_classes),), output_dir=tmp_path)
    with RunContext.open(settings) as context:
        currency = context.index.lookup("cash/Currency")
        assert currency is not None
        pool = build_pool(currency, context.index, context.analysis, context.workshop("cash").producers,
                          settings.access)
    ways_in = [inv.label for inv in pool.invokables if inv.returns == "Lcash/Currency;"]
    assert ways_in[-1] == "new Currency" and "Currency.of" in ways_in
