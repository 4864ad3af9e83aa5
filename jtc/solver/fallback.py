"""Random search for queries the solver gives up on (mostly non-linear floating point).

Candidates mix the parent execution's values, their neighbours and floating-point edge values. A
candidate is only returned if every constraint evaluates to true under it, so a fallback answer is
as trustworthy as a model: the execution it leads to must still follow the predicted path.
"""

from __future__ import annotations

import math
import random
from typing import Sequence

import z3

from jtc.svm.concrete import f32
from jtc.svm.inputs import NARROW, Assignment, constant

FLOAT_SPECIALS = (0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 10.0, 100.0, 1e-3, float("nan"), float("inf"), float("-inf"),
                  1.7976931348623157e308, 5e-324)
INT_SPECIALS = (0, 1, -1, 2, 10, 100, -100, 2**31 - 1, -(2**31))


def _candidate(desc: str, base: object, rng: random.Random) -> object:
    if desc in ("F", "D"):
        choice = rng.random()
        if choice < 0.3:
            value = rng.choice(FLOAT_SPECIALS)
        elif choice < 0.6 and isinstance(base, float) and math.isfinite(base):
            value = base * rng.choice((0.5, 2.0, -1.0, 10.0, 0.1)) + rng.uniform(-1.0, 1.0)
        else:
            value = rng.uniform(-1.0, 1.0) * 10.0 ** rng.randint(-3, 6)
        return f32(value) if desc == "F" else value
    if desc == "null":
        return rng.random() < 0.5
    if desc == "Ljava/lang/String;":
        return base if isinstance(base, str) else ""
    if desc == "Z":
        return rng.random() < 0.5
    width = NARROW.get(desc, (64 if desc == "J" else 32, ""))[0]
    if rng.random() < 0.3:
        value = rng.choice(INT_SPECIALS)
    elif isinstance(base, int) and rng.random() < 0.5:
        value = base + rng.randint(-10, 10)
    else:
        value = rng.randint(-1000, 1000)
    low, high = (0, 0xFFFF) if desc == "C" else (-(1 << (width - 1)), (1 << (width - 1)) - 1)
    return min(max(value, low), high)


def random_search(constraints: Sequence[z3.BoolRef], variables: dict[str, z3.ExprRef], descs: dict[str, str],
                  names: Sequence[str], base: Assignment, rng: random.Random, attempts: int = 64) -> Assignment | None:
    """Values for `names` that satisfy all `constraints`, or None."""
    formula = z3.And(*constraints)
    for _ in range(attempts):
        candidate = {name: _candidate(descs[name], base.get(name), rng) for name in names}
        pairs = [(variables[name], constant(variables[name], descs[name], value)) for name, value in candidate.items()]
        if z3.is_true(z3.simplify(z3.substitute(formula, *pairs))):
            return candidate  # type: ignore[return-value]
    return None
