"""Longer runs of chosen tests: the call under test made again, the object drained."""

from __future__ import annotations

import dataclasses
import itertools
import random

from jtc.model.program import Construct, FieldLoad, Invoke, Literal, Null, VarRef
from jtc.amplification.extension import (WALK_LENGTHS, Arguments, Fresh, _appended, _extended, combined, drawn, longer,
                                  more_walks, walk)
from jtc.calls.invokables import Invokable, InvokableKind
from jtc.calls.steps import ROOT, Source, SourceKind, Step

STACK = "LStack;"
NEW = Construct("Stack", "()V", ())
PUSH = Invoke("Stack", "push", "(I)V", VarRef(0, STACK), (Literal("I", 4),))
POP = Invoke("Stack", "pop", "()I", VarRef(-1, STACK), ())
POLL_OTHER = Invoke("Queue", "poll", "()I", VarRef(-1, "LQueue;"), ())


def test_the_call_is_made_again_and_the_object_drained_once_and_twice() -> None:
    program = (NEW, PUSH, PUSH)
    popped = Invoke("Stack", "pop", "()I", VarRef(0, STACK), ())
    assert longer(program, 1, [POP, POLL_OTHER]) == [  # from the call under test on; another type's drain left out
        (NEW, PUSH, PUSH), (NEW, PUSH, PUSH, PUSH), (NEW, PUSH, popped), (NEW, PUSH, popped, popped)]


def test_a_constructor_is_drained_not_made_again_and_a_static_call_is_left_alone() -> None:
    popped = Invoke("Stack", "pop", "()I", VarRef(0, STACK), ())
    assert longer((NEW,), 0, [POP]) == [(NEW, popped), (NEW, popped, popped)]
    static = Invoke("Stack", "of", "(I)LStack;", None, (Literal("I", 1),))
    assert longer((static,), 0, [POP]) == []


def test_a_call_with_one_argument_is_made_with_every_value_of_its_type_the_test_uses_then_another() -> None:
    put = Invoke("Map", "put", "(II)V", VarRef(0, "LMap;"), (Literal("I", 7), Literal("I", 3)))
    remove = Invoke("Map", "remove", "(I)Z", VarRef(-1, "LMap;"), ())
    program = (Construct("Map", "()V", ()), put)
    removed = [Invoke("Map", "remove", "(I)Z", VarRef(0, "LMap;"), (Literal("I", key),)) for key in (7, 3, 8)]
    assert longer(program, 1, [remove])[2:] == [(*program, *removed[:1]), (*program, *removed[:2]), (*program, *removed)]


HERO, DIRECTION, GAME = "LHero;", "LDirection;", "LGame;"
EAST, WEST = FieldLoad("Direction", "EAST", DIRECTION), FieldLoad("Direction", "WEST", DIRECTION)
GIVEN = Arguments(lambda sub, sup: sub == sup or sup == "Ljava/lang/Object;" and sub[0] in "L[",
                  lambda desc: (EAST, WEST) if desc == DIRECTION else ())
NEW_GAME, NEW_HERO = Construct("Game", "()V", ()), Construct("Hero", "()V", ())
JOIN = Invoke("Game", "join", "(LHero;)V", VarRef(0, GAME), (VarRef(1, HERO),))
MOVE = Invoke("Game", "move", "(LHero;LDirection;)I", VarRef(-1, GAME), ())
PLAIN_WAIT = Invoke("Game", "waitTurn", "()V", VarRef(-1, GAME), ())


def test_a_call_with_an_object_and_an_enum_gets_the_objects_the_test_holds_and_every_constant() -> None:
    program = (NEW_GAME, NEW_HERO, JOIN)
    moved = [Invoke("Game", "move", "(LHero;LDirection;)I", VarRef(0, GAME), (VarRef(1, HERO), VarRef(3, DIRECTION)))]
    join = dataclasses.replace(JOIN, receiver=VarRef(-1, GAME), args=())
    assert combined(program, 2, [MOVE, PLAIN_WAIT, join], GIVEN)[:2] == [(*program, EAST, *moved),
                                                                         (*program, WEST, *moved)]
    assert longer(program, 2, [MOVE]) == [program + (JOIN,), program + (JOIN, JOIN)]  # left to the combinations
    # After a getter under test (no taker), from its set-up: the test states its answer where it is made.
    count = Invoke("Game", "count", "()I", VarRef(0, GAME), ())
    assert combined((NEW_GAME, NEW_HERO, count), 2, [MOVE], GIVEN)[0][:3] == (NEW_GAME, NEW_HERO, EAST)


def test_an_object_parameter_gets_no_object_as_its_own_argument_and_null_when_the_test_holds_none() -> None:
    put = Invoke("Map", "put", "(ILjava/lang/Object;)V", VarRef(-1, "LMap;"), ())
    program = (Construct("Map", "()V", ()),)
    on_map = dataclasses.replace(put, receiver=VarRef(0, "LMap;"))
    assert combined(program, 0, [put], GIVEN) == [(*program, dataclasses.replace(on_map, args=(Literal("I", 0),
                                                                                            Null("Ljava/lang/Object;"))))]


def test_walks_are_seeded_and_their_prefixes_run() -> None:
    program = (NEW_GAME, NEW_HERO, JOIN)
    takers = [MOVE, PLAIN_WAIT, dataclasses.replace(JOIN, receiver=VarRef(-1, GAME), args=())]
    walks = walk(program, 2, takers, GIVEN, random.Random(3))
    assert [len(w) - len(program) - sum(isinstance(s, FieldLoad) for s in w) for w in walks] == list(WALK_LENGTHS)
    assert all(longer_walk[:len(shorter)] == shorter for shorter, longer_walk in zip(walks, walks[1:]))
    assert walks == walk(program, 2, takers, GIVEN, random.Random(3))
    assert walk((Invoke("Game", "of", "()LGame;", None, ()),), 0, [MOVE], GIVEN, random.Random(3)) == []


def test_an_object_the_test_does_not_hold_is_taken_out_of_the_receiver() -> None:
    heroes = Invokable(InvokableKind.CALL, "Game", "getHeroes", "()Ljava/util/List;", GAME, (), (), "Ljava/util/List;")
    get = Invokable(InvokableKind.CALL, "java/util/List", "get", "(I)Ljava/lang/Object;", "Ljava/util/List;", ("I",),
                    ("index",), HERO)
    path = (Step(heroes, (Source(SourceKind.REF, ROOT),), helper=True),
            Step(get, (Source(SourceKind.REF, 0), Source(SourceKind.VALUE, value=Literal("I", 0))), helper=True))
    given = dataclasses.replace(GIVEN, paths=lambda root, wanted: [path] if (root, wanted) == (GAME, HERO) else [])
    program = (NEW_GAME,)
    taken = [Invoke("Game", "getHeroes", "()Ljava/util/List;", VarRef(0, GAME), ()),
             Invoke("java/util/List", "get", "(I)Ljava/lang/Object;", VarRef(1, "Ljava/util/List;"), (Literal("I", 0),),
                    returns=HERO)]
    moved = Invoke("Game", "move", "(LHero;LDirection;)I", VarRef(0, GAME), (VarRef(2, HERO), VarRef(3, DIRECTION)))
    assert combined(program, 0, [MOVE], given) == [(*program, *taken, EAST, moved), (*program, *taken, WEST, moved)]


def test_no_walk_from_an_object_no_call_changes() -> None:
    assert walk((NEW_GAME,), 0, [], GIVEN, random.Random(3)) == []


def test_an_object_made_from_literals_or_constants_has_a_fresh_one_made_alike_from_other_values() -> None:
    text = "Ljava/lang/String;"
    named = Construct("Hero", "(Ljava/lang/String;I)V", (Literal(text, "a"), Literal("I", 3)))
    join = Invoke("Game", "join", "(LHero;)V", VarRef(0, GAME), (VarRef(1, HERO),))
    program = (NEW_GAME, named, join)
    fresh = Construct("Hero", "(Ljava/lang/String;I)V", (Literal(text, "a2"), Literal("I", 4)))
    assert GIVEN.of(program, HERO, VarRef(0, GAME)) == [VarRef(1, HERO), Fresh(named, fresh.args)]
    joined = dataclasses.replace(join, args=(VarRef(3, HERO),))
    assert (*program, fresh, joined) in combined(
        program, 2, [dataclasses.replace(join, receiver=VarRef(-1, GAME), args=())], GIVEN)
    # An enum constant goes to the next one (the last back to the first); another object stays.
    facing = Construct("Hero", "(LDirection;LGame;)V", (VarRef(1, DIRECTION), VarRef(0, GAME)))
    program = (NEW_GAME, WEST, facing)
    assert GIVEN.of(program, HERO) == [VarRef(2, HERO), Fresh(facing, (EAST, VarRef(0, GAME)))]
    made = _appended(program, dataclasses.replace(join, args=()), [Fresh(facing, (EAST, VarRef(0, GAME)))])
    assert made[3:] == (EAST, dataclasses.replace(facing, args=(VarRef(3, DIRECTION), VarRef(0, GAME))),
                        dataclasses.replace(join, args=(VarRef(4, HERO),)))
    plain = (NEW_GAME, NEW_HERO, JOIN)  # made from no values: no other one to make
    assert GIVEN.of(plain, HERO, VarRef(0, GAME)) == [VarRef(1, HERO)]


def test_a_query_of_an_object_is_asked_again_about_other_objects() -> None:
    square, floor = "LSquare;", FieldLoad("TileType", "FLOOR", "LTileType;")
    given = Arguments(lambda sub, sup: sub == sup, lambda desc: (floor, FieldLoad("TileType", "WALL", desc))
                      if desc == "LTileType;" else ())
    made = Construct("Square", "(LTileType;)V", (VarRef(1, "LTileType;"),))
    enters = Invoke("Hero", "canEnter", "(LSquare;)Z", VarRef(0, HERO), (VarRef(2, square),))
    program = (NEW_HERO, floor, made, enters)
    wall = FieldLoad("TileType", "WALL", "LTileType;")
    assert combined(program, 3, [], given) == [  # from the query's set-up, about a square made like its own
        (NEW_HERO, floor, made, wall, dataclasses.replace(made, args=(VarRef(3, "LTileType;"),)),
         dataclasses.replace(enters, args=(VarRef(4, square),)))]


def test_each_query_of_objects_is_a_base_of_its_own_beside_the_getters_of_its_set_up() -> None:
    square = "LSquare;"
    made = Construct("Square", "(I)V", (Literal("I", 1),))
    enters = Invoke("Hero", "canEnter", "(LSquare;)Z", VarRef(0, HERO), (VarRef(1, square),))
    health = Invoke("Hero", "health", "()I", VarRef(0, HERO), ())
    bases = [((NEW_HERO, made, health), 2), ((NEW_HERO, made, enters), 2)]
    asked = (NEW_HERO, made, dataclasses.replace(made, args=(Literal("I", 2),)),
             dataclasses.replace(enters, args=(VarRef(2, square),)))
    assert (asked, False) in list(_extended(bases, [], GIVEN, 0))  # after the getter's base of the same set-up
    assert (asked, False) not in list(_extended(bases[:1], [], GIVEN, 0))


MAP = "LMap;"
PUT = Invoke("Map", "put", "(ILjava/lang/Object;)Ljava/lang/Object;", VarRef(-1, MAP), ())
GET = Invoke("Map", "get", "(I)Ljava/lang/Object;", VarRef(-1, MAP), ())


def test_a_walk_asks_queries_between_its_steps_without_counting_them() -> None:
    program = (Construct("Map", "()V", ()), dataclasses.replace(PUT, receiver=VarRef(0, MAP), args=(
        Literal("I", 5), Null("Ljava/lang/Object;"))))
    walks = walk(program, 1, [PUT], GIVEN, random.Random(3), askers=[GET])
    names = [[getattr(s, "name", "") for s in w[len(program):]] for w in walks]
    assert [n.count("put") for n in names] == list(WALK_LENGTHS)
    assert 0 < names[-1].count("get") < max(WALK_LENGTHS)
    assert all(n[0] == "put" for n in names)  # a question follows a step, never opens the walk


def test_a_walk_grows_its_keys_on_both_sides_and_passes_no_result_of_the_receivers_own_calls() -> None:
    program = (Construct("Map", "()V", ()), *(dataclasses.replace(PUT, receiver=VarRef(0, MAP), args=(
        Literal("I", key), Null("Ljava/lang/Object;"))) for key in (4, 6)))
    values = {drawn(program, [Literal("I", 4), Literal("I", 6), Literal("I", 7)], "I", None, random.Random(seed))
             for seed in range(40)}
    assert values == {Literal("I", 3), Literal("I", 4), Literal("I", 6), Literal("I", 7)}
    own, value = VarRef(1, "Ljava/lang/Object;"), VarRef(3, "Ljava/lang/Integer;")
    program += (Invoke("java/lang/Integer", "valueOf", "(I)Ljava/lang/Integer;", None, (Literal("I", 9),)),)
    assert {drawn(program, [own, value], "Ljava/lang/Object;", VarRef(0, MAP), random.Random(seed))
            for seed in range(20)} == {value}
    assert drawn(program, [own], "Ljava/lang/Object;", VarRef(0, MAP), random.Random(0)) == own  # nothing else


def test_more_walks_go_round_the_bases_with_seeds_of_their_own() -> None:
    program = (NEW_GAME, NEW_HERO, JOIN)
    takers = [MOVE, PLAIN_WAIT, dataclasses.replace(JOIN, receiver=VarRef(-1, GAME), args=())]
    drawn = list(itertools.islice(more_walks([(program, 2)], takers, GIVEN, 0), 3))
    assert len(set(drawn)) == 3 and all(w[:len(program)] == program for w in drawn)
    assert drawn == list(itertools.islice(more_walks([(program, 2)], takers, GIVEN, 0), 3))
    assert list(more_walks([((NEW_GAME,), 0)], [], GIVEN, 0)) == []
