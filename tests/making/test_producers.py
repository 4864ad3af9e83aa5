"""Producers and recipes over the object-graph fixtures and the JDK: how a value of a type is made."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.analysis.influence import NOTHING, Effects, FieldRef
from jtc.config import AccessOptions
from jtc.model.classindex import ClassIndex
from jtc.model.signatures import GenericType, plain
from jtc.calls.invokables import Invokable, InvokableKind, stub_invokable
from jtc.model.program import Answer
from jtc.making.preparations import Preparations
from jtc.making.producers import Producers
from jtc.making.recipes import RecipeBook
from jtc.calls.steps import Recipe, SourceKind, value_of
from jtc.model.types import STRING_DESC
from jtc.making.targets import why_nothing_to_call
from jtc.java.toolchain import toolchain


@pytest.fixture(scope="module")
def producers(graphs_classes: Path) -> Producers:
    return Producers(ClassIndex([graphs_classes], toolchain().java_home), "gr", AccessOptions(include_non_public=False))


def _labels(recipe: Recipe) -> list[str]:
    return [step.invokable.label for step in recipe]


def test_a_class_made_only_by_another_classes_factory(producers: Producers) -> None:
    assert [(p.owner, p.name) for p in producers.of("Lgr/Depot;")] == [("gr/Depots", "open")]


def test_an_abstract_class_is_made_through_its_subclass(producers: Producers) -> None:
    assert [(p.owner, p.name) for p in producers.of("Lgr/Account;")] == [("gr/Savings", "<init>")]


def test_jdk_types_come_from_members_that_give_the_same_value_every_run(producers: Producers) -> None:
    made = {p.label + p.desc for p in producers.of("Ljava/util/Random;")}
    assert "new Random(J)V" in made and "new Random()V" not in made  # unseeded: different every run
    assert not any(p.name == "getInstance" for p in producers.of("Ljava/util/Calendar;"))  # the clock
    assert any(p.owner == "java/util/GregorianCalendar" for p in producers.of("Ljava/util/Calendar;"))


def test_what_code_writes_to_is_made_in_memory(producers: Producers) -> None:
    """A writer, an appendable or a stream parameter gets an in-memory one, whose text a test reads
    back; a print stream wraps one, never a file of the name it is given."""
    assert {p.label + p.desc for p in producers.of("Ljava/io/PrintStream;")} == {
        "new PrintStream(Ljava/io/OutputStream;)V"}
    for declared, made in (("Ljava/io/Writer;", "java/io/StringWriter"), ("Ljava/lang/Appendable;", "java/io/StringWriter"),
                           ("Ljava/io/OutputStream;", "java/io/ByteArrayOutputStream")):
        assert made in {p.owner for p in producers.of(declared)}


def test_a_stub_answers_a_generic_supertypes_method_once_with_its_type_argument(producers: Producers) -> None:
    """`Path` is a `Comparable<Path>`: a stub writing `compareTo(Object)` beside `compareTo(Path)`
    did not compile (same erasure); `Comparable` alone still has its erased method."""
    answered = [a.key for a in producers.abstract_methods("Ljava/nio/file/Path;") if a.name == "compareTo"]
    assert answered == ["compareTo(Ljava/nio/file/Path;)I"]
    assert [a.key for a in producers.abstract_methods("Ljava/lang/Comparable;")] == ["compareTo(Ljava/lang/Object;)I"]


def test_an_interface_nothing_implements_is_stubbed_with_its_abstract_methods(producers: Producers) -> None:
    assert producers.stubbable("Lgr/Sensor;")
    assert [a.key for a in producers.abstract_methods("Lgr/Sensor;")] == ["active()Z", "reading()I"]
    [recipe] = RecipeBook(producers).recipes(plain("Lgr/Sensor;"))
    assert _labels(recipe) == ["stub Sensor"] and recipe[0].helper


def test_a_list_gets_elements_of_its_generic_type(producers: Producers) -> None:
    players = GenericType("Ljava/util/List;", (plain("Lgr/Player;"),))
    recipes = RecipeBook(producers).recipes(players)
    assert [_labels(r) for r in recipes] == [["new ArrayList"], ["new Player", "new ArrayList"],
                                             ["new Player", "new Player", "new ArrayList"]]
    assert recipes[2][-1].invokable.params == ("Lgr/Player;", "Lgr/Player;")


def test_recipes_are_cheapest_first_and_literals_need_none(producers: Producers) -> None:
    book = RecipeBook(producers)
    assert [_labels(r) for r in book.recipes(plain("Lgr/Depot;"))] == [["Depots.open"]]
    assert book.recipes(plain("Ljava/lang/Integer;")) == [] and book.recipes(plain("Ljava/lang/CharSequence;")) == []


def test_each_concrete_kind_an_abstract_type_is_made_as_gets_a_recipe(producers: Producers) -> None:
    """Four ways to make a `Horse` cost what a `Mule` costs; the mule comes right after the first,
    beyond the four recipes kept per type."""
    recipes = RecipeBook(producers).recipes(plain("Lgr/Mount;"))
    assert [r[-1].invokable.label + r[-1].invokable.desc for r in recipes] == [
        "new Horse()V", "new Mule()V", "new Horse(I)V", "new Horse(Ljava/lang/String;)V", "new Horse(Z)V"]


def test_a_prepared_recipe_calls_an_inherited_method_whose_write_the_consumer_reads(
        producers: Producers, graphs_classes: Path) -> None:
    judge = Invokable(InvokableKind.CALL, "gr/Referee", "judge", "(Lgr/Token;)Ljava/lang/String;", "Lgr/Referee;",
                      ("Lgr/Token;",), ("token",), "Ljava/lang/String;")
    cell = FieldRef("gr/Token", "cell", "I", False)
    written = {"placeAt": Effects(frozenset({cell}), frozenset(), frozenset(), frozenset(), frozenset(), True)}
    read = Effects(frozenset(), frozenset({cell}), frozenset(), frozenset(), frozenset(), True)
    effects = lambda inv: read if inv == judge else written.get(inv.name, NOTHING)  # noqa: E731
    preparations = Preparations(producers.index, "gr", AccessOptions(), effects)
    assert [m.label for m in preparations.for_argument("Lgr/Token;", judge)] == ["Token.placeAt"]
    [recipe] = RecipeBook(producers, preparations=preparations).prepared(plain("Lgr/Token;"), judge)
    assert _labels(recipe) == ["new Pawn", "Token.placeAt"] and recipe[-1].prepares
    assert value_of(recipe) == 0  # the consumer gets the pawn, not what placeAt returned


def test_a_refusal_says_why_nothing_can_be_called(producers: Producers) -> None:
    sensor = producers.index.lookup("gr/Sensor")
    assert sensor is not None and "interface without default or static methods" in why_nothing_to_call(sensor)
    depot = producers.index.lookup("gr/Depot")
    assert depot is not None and "no accessible constructor or method" in why_nothing_to_call(depot)


def test_a_class_argument_gets_the_literals_of_its_bound_s_classes(producers: Producers) -> None:
    """`<T extends Loot> T take(Class<T> kind)`: each concrete loot's class, then the bound's; a
    `Class<?>` gets none (it could be any class)."""
    loot = GenericType("Ljava/lang/Class;", (GenericType("Lgr/Loot;", variable=True),))
    recipes = RecipeBook(producers).recipes(loot)
    assert [_labels(r) for r in recipes] == [["Coin.class"], ["Gem.class"], ["Loot.class"]]
    assert all(r[0].invokable.kind == InvokableKind.GET_STATIC and r[0].invokable.name == "class" for r in recipes)
    assert producers.class_literals(GenericType("Ljava/lang/Class;", (None,))) == []


def test_a_preparation_s_argument_is_made_by_preparing_steps_and_a_list_holds_a_prepared_element(
        producers: Producers) -> None:
    """`sheep.pen(fold)`: the fold is made for the preparation, so the sheep stays the value made
    (the fold was passed as the sheep before); a `List<Sheep>` gets a list of one such sheep."""
    check = Invokable(InvokableKind.CALL, "gr/Shepherd", "check", "(Lgr/Sheep;)Ljava/lang/String;", "Lgr/Shepherd;",
                      ("Lgr/Sheep;",), ("sheep",), "Ljava/lang/String;")
    fold = FieldRef("gr/Sheep", "fold", "Lgr/Fold;", False)
    written = Effects(frozenset({fold}), frozenset(), frozenset(), frozenset(), frozenset(), True)
    read = Effects(frozenset(), frozenset({fold}), frozenset(), frozenset(), frozenset(), True)
    effects = lambda inv: read if inv == check else written if inv.name == "pen" else NOTHING  # noqa: E731
    book = RecipeBook(producers, preparations=Preparations(producers.index, "gr", AccessOptions(), effects))
    [sheep] = book.prepared(plain("Lgr/Sheep;"), check)
    assert _labels(sheep) == ["new Sheep", "new Fold", "Sheep.pen"] and value_of(sheep) == 0
    assert [step.prepares for step in sheep] == [False, True, True]
    flock = GenericType("Ljava/util/List;", (plain("Lgr/Sheep;"),))
    [listed] = book.prepared(flock, check)
    assert _labels(listed) == ["new Sheep", "new Fold", "Sheep.pen", "new ArrayList"] and value_of(listed) == 3
    assert listed[-1].sources[0].index == 0  # the list holds the sheep


def test_an_object_array_holds_numbers_or_text(producers: Producers) -> None:
    """`format(Object... values)` tells text from numbers: an `Object[]` is made with boxed numbers
    and with Strings, each a symbolic input; a `String[]` needs no second kind."""
    recipes = RecipeBook(producers).recipes(plain("[Ljava/lang/Object;"))
    assert [[s.literal for s in r[-1].sources] for r in recipes] == [[""], [STRING_DESC], ["", ""], [STRING_DESC, STRING_DESC]]
    assert [[s.literal for s in r[-1].sources] for r in RecipeBook(producers).recipes(plain("[Ljava/lang/String;"))] \
        == [[""], ["", ""]]


def test_a_library_interface_of_many_methods_is_not_stubbed(producers: Producers) -> None:
    """A `ResultSet` stub is a page of empty methods in a test: none is made, the argument is null."""
    assert not producers.stubbable("Ljava/sql/ResultSet;") and RecipeBook(producers).recipes(plain("Ljava/sql/ResultSet;")) == []
    assert producers.stubbable("Ljava/lang/Comparable;")


def test_a_stub_answering_many_methods_with_objects_answers_them_with_null(producers: Producers) -> None:
    """A recipe of its own for each of many object answers made programs of hundreds of statements,
    as slow to run; the numbers and texts stay inputs. A stub answering two methods with players
    gets players."""
    def made(objects: int) -> list[SourceKind]:
        answers = (Answer("count", "()I"),) + tuple(Answer(f"player{i}", "()Lgr/Player;") for i in range(objects))
        built = RecipeBook(producers)._build(stub_invokable("gr/Team", None, (), answers), 0, nulls_cost=False)
        assert built is not None
        return [source.kind for source in built[1][-1].sources]
    assert made(2) == [SourceKind.INPUT, SourceKind.REF, SourceKind.REF]
    assert made(5) == [SourceKind.INPUT] + [SourceKind.NULL] * 5


def test_a_sealed_interface_is_never_stubbed(modern_classes: Path) -> None:
    """The JVM refuses a class that a sealed type's PermittedSubclasses do not name: its values come
    from its permitted implementations only (a test's stub of Shapes.Shape would not load)."""
    index = ClassIndex([modern_classes], toolchain().java_home)
    producers = Producers(index, "com.example.modern", AccessOptions(include_non_public=False))
    assert index.lookup("com/example/modern/Shapes$Shape").sealed
    assert not producers.stubbable("Lcom/example/modern/Shapes$Shape;")
    made = {recipe[value_of(recipe)].invokable.owner
            for recipe in RecipeBook(producers).recipes(plain("Lcom/example/modern/Shapes$Shape;"))}
    assert made == {"com/example/modern/Shapes$Circle", "com/example/modern/Shapes$Rectangle",
                    "com/example/modern/Shapes$Square"}


def test_a_method_an_interface_declares_abstract_again_over_a_default_is_stubbed(producers: Producers) -> None:
    """`ListIterator` declares `remove()` abstract over `Iterator`'s default: an anonymous
    ListIterator without it does not compile. `Iterator`'s own stub leaves `remove()` to its default."""
    list_iterator = {a.key for a in producers.abstract_methods("Ljava/util/ListIterator;")}
    assert {"remove()V", "hasNext()Z", "next()Ljava/lang/Object;", "add(Ljava/lang/Object;)V"} <= list_iterator
    assert "forEachRemaining(Ljava/util/function/Consumer;)V" not in list_iterator
    assert [a.key for a in producers.abstract_methods("Ljava/util/Iterator;")] == ["hasNext()Z", "next()Ljava/lang/Object;"]


def test_properties_are_made_with_string_entries(producers: Producers) -> None:
    """A parser's defaults (`parse(options, arguments, properties)`) are read key by key: an empty
    `new Properties()` reads as nothing was set."""
    recipes = RecipeBook(producers).recipes(plain("Ljava/util/Properties;"))
    made = [recipe[-1].invokable for recipe in recipes if recipe[-1].invokable.owner == "java/util/Properties"]
    assert made and all(step.params == ("Ljava/lang/String;",) * len(step.params) for step in made)
    assert max(len(step.params) for step in made) >= 2  # one key and its value at least
