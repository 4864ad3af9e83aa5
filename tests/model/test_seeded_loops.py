"""Seeded loops: java.util.Random replayed to the bit, and the calls a loop unrolls to."""

from __future__ import annotations

from jtc.model.loops import JavaRandom, Move, SeededLoop
from jtc.model.program import Invoke, Literal, VarRef

# What `new Random(seed)` then nextInt(3), nextInt(100), nextInt(16), nextInt(1), nextInt(1000000007),
# nextInt(10) gave on OpenJDK 17 (a power-of-two bound takes the high bits; a bound near 2^30 the
# rejection of the biased tail).
JDK_DRAWS = {
    0: [0, 48, 3, 0, 368843508, 3],
    1: [0, 88, 6, 0, 446064254, 4],
    7: [1, 64, 11, 0, 747989380, 4],
    -5: [0, 21, 5, 0, 817965352, 5],
    123456789012: [0, 47, 8, 0, 813849834, 3],
}
BOUNDS = [3, 100, 16, 1, 1000000007, 10]

HEAP = "LHeap;"
INSERT = Invoke("Heap", "insert", "(I)V", VarRef(0, HEAP), (Literal("I", 0),))
EXTRACT = Invoke("Heap", "extractMax", "()I", VarRef(0, HEAP), ())
PUT = Invoke("Map", "put", "(ILjava/lang/Object;)Ljava/lang/Object;", VarRef(0, "LMap;"),
             (Literal("I", 0), Literal("Ljava/lang/String;", "value")))


def test_java_random_gives_the_jdk_numbers() -> None:
    for seed, expected in JDK_DRAWS.items():
        random = JavaRandom(seed)
        assert [random.next_int(bound) for bound in BOUNDS] == expected


def test_a_loop_unrolls_to_a_move_by_the_weights_then_its_drawn_arguments() -> None:
    loop = SeededLoop(start=1, seed=0, steps=4, bound=10, moves=(Move(INSERT, (0,)), Move(EXTRACT, ())), weights=(2, 1))
    random, calls = JavaRandom(0), []
    for _ in range(4):  # as the written loop runs: `move = random.nextInt(3); if (move < 2) insert(random.nextInt(10))…`
        calls.append(f"insert {random.next_int(10)}" if random.next_int(3) < 2 else "extractMax")
    unrolled = loop.unrolled()
    assert [f"{s.name} {s.args[0].value}" if s.args else s.name for s in unrolled] == calls
    assert loop.end == 5 and loop.thresholds() == (2, 3)
    assert loop.truncated(2).unrolled() == unrolled[:2]


def test_a_single_move_draws_no_move_and_keeps_its_fixed_arguments() -> None:
    loop = SeededLoop(start=1, seed=7, steps=3, bound=100, moves=(Move(PUT, (0,)),), weights=(1,))
    random = JavaRandom(7)
    assert [s.args for s in loop.unrolled()] == [
        (Literal("I", random.next_int(100)), Literal("Ljava/lang/String;", "value")) for _ in range(3)]
