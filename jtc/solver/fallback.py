"""Search for inputs when z3 gives up (mostly non-linear floating point, long remainder chains).

The query's constraints are turned into a branch distance — 0 when all hold, larger the further
the inputs are from satisfying them — and minimised with random probes and the alternating variable
method (try each variable a little up and down, then accelerate in the direction that helps), as
search-based test generators do for floating point. Distances come from the constraints compiled to
Python (jtc.solver.evaluator, z3's semantics on concrete values, microseconds per evaluation), and a
point of distance 0 is confirmed by z3's own evaluation, so an answer is returned only when every
constraint really holds under it: a fallback answer is as trustworthy as a model, and the execution
it leads to must still follow the predicted path. Each call ends after a number of evaluations (which
is what decides, so runs repeat), or earlier at a wall-clock limit that is only a safety net.
"""

from __future__ import annotations

import functools
import math
import random
import time
from typing import Callable, Sequence

import z3

from jtc.solver.evaluator import COMPARISONS, NEGATED, compile_distance, fp_value, gap, normalised
from jtc.svm.concrete import f32
from jtc.svm.inputs import NARROW, Assignment, InputValue, constant

FLOAT_SPECIALS = (0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 10.0, 100.0, 1e-3, float("nan"), float("inf"), float("-inf"),
                  1.7976931348623157e308, 5e-324)
INT_SPECIALS = (0, 1, -1, 2, 10, 100, -100, 2**31 - 1, -(2**31))
BUDGET = 2000  # evaluations per call: what decides when a call gives up (deterministic) ...
WORK = 3_000_000  # ... fewer when one evaluation is long: evaluations times lines of evaluator code (~0.5 s)
MAX_SECONDS = 1.0  # wall-clock safety net per call
MAX_TEXT = 64  # a String the length moves do not make longer


def _number(value: z3.ExprRef) -> float | int | None:
    """A closed numeral as a Python number (None when it is not a number, e.g. a string)."""
    if z3.is_bv_value(value):
        return value.as_signed_long()
    if z3.is_int_value(value):
        return value.as_long()
    if isinstance(value, z3.FPNumRef):
        return fp_value(value)
    return None


def _distance(expr: z3.ExprRef, evaluate: Callable[[z3.ExprRef], z3.ExprRef], negated: bool = False) -> float:
    """The distance through z3's own evaluation, for constraints the evaluator cannot compile."""
    if z3.is_not(expr):
        return _distance(expr.arg(0), evaluate, not negated)
    if z3.is_and(expr) or z3.is_or(expr):
        parts = [_distance(child, evaluate, negated) for child in expr.children()]
        return sum(parts) if z3.is_and(expr) != negated else min(parts)
    op = COMPARISONS.get(expr.decl().kind()) if z3.is_app(expr) and expr.num_args() == 2 else None
    if op is not None:
        left, right = _number(evaluate(expr.arg(0))), _number(evaluate(expr.arg(1)))
        if left is not None and right is not None:
            width = expr.arg(0).size() if z3.is_bv(expr.arg(0)) else 64
            return normalised(gap(NEGATED[op] if negated else op, left, right, width))
    holds = z3.is_true(evaluate(expr))
    return 0.0 if holds != negated else 1.0


def _candidate(desc: str, base: object, rng: random.Random, seeds: Sequence[object] = ()) -> InputValue:
    if seeds and rng.random() < 0.4:
        value = rng.choice(seeds)
        if desc in ("F", "D"):
            return f32(float(value)) if desc == "F" else float(value)  # type: ignore[arg-type]
        return str(value) if desc == "Ljava/lang/String;" else _clamp(desc, int(value))  # type: ignore[call-overload]
    if desc in ("F", "D"):
        choice = rng.random()
        if choice < 0.3:
            value = rng.choice(FLOAT_SPECIALS)
        elif choice < 0.6 and isinstance(base, float) and math.isfinite(base):
            value = base * rng.choice((0.5, 2.0, -1.0, 10.0, 0.1)) + rng.uniform(-1.0, 1.0)
        else:
            value = rng.uniform(-1.0, 1.0) * 10.0 ** rng.randint(-3, 6)
        return f32(value) if desc == "F" else value
    if desc in ("null", "Z"):
        return rng.random() < 0.5
    if desc == "Ljava/lang/String;":
        return base if isinstance(base, str) else ""
    if rng.random() < 0.3:
        value = rng.choice(INT_SPECIALS)
    elif isinstance(base, int) and rng.random() < 0.5:
        value = base + rng.randint(-10, 10)
    else:
        value = rng.randint(-1000, 1000)
    return _clamp(desc, value)


def _clamp(desc: str, value: int) -> int:
    width = NARROW.get(desc, (64 if desc == "J" else 32, ""))[0]
    low, high = (0, 0xFFFF) if desc == "C" else (-(1 << (width - 1)), (1 << (width - 1)) - 1)
    return min(max(value, low), high)


class _Objective:
    """The summed distance of all constraints, counting evaluations against a budget.

    The constraints are compiled once into a Python evaluator (jtc.solver.evaluator); the few it
    cannot compile are evaluated through z3. A point whose distance is 0 is confirmed by z3 itself
    before it counts as a solution, so an answer is as trustworthy as a model."""

    def __init__(self, constraints: Sequence[z3.BoolRef], variables: dict[str, z3.ExprRef], descs: dict[str, str],
                 budget: int, deadline: float) -> None:
        self.constraints = constraints
        self.variables = variables
        self.descs = descs
        self.budget = budget
        self.deadline = deadline
        self.evaluator = compile_distance(constraints)
        self.budget = min(budget, max(WORK // self.evaluator.cost, 50))

    def __call__(self, assignment: Assignment) -> float:
        """0.0 exactly when every constraint holds."""
        self.budget = self.budget - 1 if time.monotonic() < self.deadline else 0
        try:
            distance = self.evaluator(assignment)
        except (ArithmeticError, ValueError):  # not expected; z3 then decides
            return sum(_distance(c, self._evaluation(assignment)) for c in self.constraints)
        if self.evaluator.unsupported:
            evaluate = self._evaluation(assignment)
            distance += sum(_distance(c, evaluate) for c in self.evaluator.unsupported)
        if distance == 0.0 and not self.confirmed(assignment):
            return 1e-12  # the evaluator and z3 disagree (a String z3 reads with escapes): not a solution
        return distance

    def _evaluation(self, assignment: Assignment) -> Callable[[z3.ExprRef], z3.ExprRef]:
        pairs = [(self.variables[n], constant(self.variables[n], self.descs[n], v)) for n, v in assignment.items()]
        return lambda expr: z3.simplify(z3.substitute(expr, *pairs))

    def confirmed(self, assignment: Assignment) -> bool:
        evaluate = self._evaluation(assignment)
        return all(z3.is_true(evaluate(c)) for c in self.constraints)


def _moved(desc: str, value: object, delta: float) -> InputValue:
    if desc in ("F", "D"):
        moved = float(value) + delta  # type: ignore[arg-type]
        return f32(moved) if desc == "F" else moved
    return _clamp(desc, int(value) + int(delta))  # type: ignore[call-overload]


# First steps of a floating-point coordinate, relative to its magnitude: coarse ones cross ranges,
# the finest (about one unit in the last place) reach a value that must be met exactly.
FLOAT_SCALES = {"F": (1e-2, 1e-4, 2.0**-23), "D": (1e-2, 1e-5, 1e-9, 2.0**-52)}


def _with_unit(text: str, position: int, delta: float) -> str:
    code = min(max(ord(text[position]) + int(delta), 0), 0xFFFF)
    return text[:position] + chr(code) + text[position + 1:]


def _coordinates(name: str, desc: str, value: object) -> list[tuple[float, Callable[[float], InputValue]]]:
    """The directions one variable can move in: (first step, value after a move of that many steps).

    An integer is one coordinate, a floating-point number one per scale of first step; a String is
    one per character (its code, up and down), so a comparison of characters guides the search
    just as a comparison of ints does."""
    if isinstance(value, bool) or value is None:
        return []
    if desc == "Ljava/lang/String;":
        text = str(value)
        return [(1.0, functools.partial(_with_unit, text, i)) for i in range(len(text))]
    if desc in ("F", "D"):
        if not math.isfinite(float(value)):  # type: ignore[arg-type]
            return []
        magnitude = max(abs(float(value)), 0.1)  # type: ignore[arg-type]
        return [(magnitude * scale, functools.partial(_moved, desc, value)) for scale in FLOAT_SCALES[desc]]
    if not isinstance(value, int):
        return []
    return [(1.0, functools.partial(_moved, desc, value))]


def _length_moves(text: str) -> list[str]:
    """Strings one character longer or shorter, for constraints on a String's length and on the
    parts of a text: each character doubled where it stands, or left out. A part of a format grows
    in place (`6.66.9.2`, then `6.666.9.2`: the second part of an address above 255), where a
    character added at the end would change only the last part."""
    longer = [text[:i + 1] + text[i:] for i in range(len(text))] if text else ["a"]
    return (longer if len(text) < MAX_TEXT else []) + [text[:i] + text[i + 1:] for i in range(len(text))]


def _alternate(point: Assignment, score: float, names: list[str], descs: dict[str, str],
               objective: _Objective) -> tuple[Assignment, float]:
    """One sweep of the alternating variable method: each coordinate up and down, accelerating."""
    for name in names:
        desc = descs[name]
        if desc == "Ljava/lang/String;" and isinstance(point[name], str):
            for text in _length_moves(point[name]):  # type: ignore[arg-type]
                trial = {**point, name: text}
                trial_score = objective(trial)
                if trial_score < score:
                    point, score = trial, trial_score
        coordinate = 0
        while coordinate < len(_coordinates(name, desc, point[name])):
            first, move = _coordinates(name, desc, point[name])[coordinate]  # from the value as moved so far
            coordinate += 1
            for direction in (1.0, -1.0):
                step = first * direction
                trial = {**point, name: move(step)}
                trial_score = objective(trial)
                if trial_score >= score:
                    continue
                while objective.budget > 0:  # accelerate while it keeps helping
                    step *= 2.0
                    further = {**point, name: move(step)}
                    further_score = objective(further)
                    if further_score >= trial_score:
                        break
                    trial, trial_score = further, further_score
                point, score = trial, trial_score
                break
            if score == 0.0 or objective.budget <= 0:
                return point, score
    return point, score


def search(constraints: Sequence[z3.BoolRef], variables: dict[str, z3.ExprRef], descs: dict[str, str],
           names: Sequence[str], base: Assignment, rng: random.Random, budget: int = BUDGET,
           seeds: Callable[[str], Sequence[object]] = lambda desc: (),
           deadline: float = math.inf, max_seconds: float = MAX_SECONDS) -> Assignment | None:
    """Values for `names` under which all `constraints` hold, or None within `budget` evaluations
    (fewer for constraints whose evaluation is long, see WORK).

    The budget decides (so the same query gives the same answer); `max_seconds` and the
    `time.monotonic()` deadline of the whole search only stop a call whose evaluations are slow.
    `seeds` gives, per Java type, values worth trying (the constants of the code under test)."""
    deadline = min(deadline, time.monotonic() + max_seconds)
    objective = _Objective(constraints, variables, descs, budget, deadline)
    point: Assignment = {n: base[n] if n in base else _candidate(descs[n], None, rng) for n in names}
    score = objective(point)
    movable = [n for n in names if descs[n] not in ("Z", "null")]
    while score > 0.0 and objective.budget > 0:
        improved_point, improved_score = _alternate(point, score, movable, descs, objective)
        if improved_score < score:
            point, score = improved_point, improved_score
            continue
        probe = {n: _candidate(descs[n], point.get(n), rng, seeds(descs[n])) for n in names}  # stuck: restart
        probe_score = objective(probe)
        if probe_score < score or rng.random() < 0.3:
            point, score = probe, probe_score
    return point if score == 0.0 else None
