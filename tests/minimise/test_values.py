"""Large numbers a search chose, moved next to the small ones in the same order (minimise/values.py)."""

from jtc.minimise.values import smaller_values
from jtc.model.program import Construct, Invoke, Literal, VarRef

MAP = "com/example/containers/TreeMap"
NEW = Construct(MAP, "()V", ())


def _put(key: int) -> Invoke:
    return Invoke(MAP, "put", "(ILjava/lang/Object;)Ljava/lang/Object;", VarRef(0, f"L{MAP};"),
                  (Literal("I", key), Literal("Ljava/lang/Integer;", 5)))


def test_large_values_keep_their_order_next_to_the_small_ones() -> None:
    program = (NEW, _put(1342177295), _put(7), _put(-2), _put(1342177280), _put(-1600744464), _put(1342177295))
    assert smaller_values(program) == (NEW, _put(9), _put(7), _put(-2), _put(8), _put(-3), _put(9))


def test_small_values_stay() -> None:
    assert smaller_values((NEW, _put(100), _put(-3))) is None
