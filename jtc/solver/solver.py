"""z3 for path queries: slicing, caching, deterministic limits, and models as Java values.

A query is a path prefix plus the condition of the branch to flip. Only the prefix constraints that
share variables (transitively) with that condition can matter, so the rest is sliced away; the
inputs they constrain keep their values from the parent execution. Limits are z3 resource limits
(deterministic) with a wall-clock timeout only as a safety net, so the same run gives the same tests.

Queries are translated into a z3 context owned by the solver (one per class under test): z3's
models depend on the state of the context they are solved in, so solving in the shared context that
builds the symbolic terms would let one class's tests depend on which classes were explored before it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Sequence

import z3

from jtc.svm.concrete import double_from_bits, float_from_bits
from jtc.svm.inputs import Assignment

SAT, UNSAT, UNKNOWN = "sat", "unsat", "unknown"


@dataclass
class SolverStats:
    sat: int = 0
    unsat: int = 0
    unknown: int = 0
    cache_hits: int = 0
    seconds: float = 0.0

    @property
    def queries(self) -> int:
        return self.sat + self.unsat + self.unknown


@dataclass
class SolveResult:
    status: str
    assignment: Assignment = field(default_factory=dict)
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Constraint:
    """A condition with its input variables and z3 id, computed once (queries reuse prefixes)."""

    expr: z3.BoolRef
    variables: frozenset[str]
    ast_id: int


class VariableIndex:
    """The input variables of each constraint, by z3 AST id (the ASTs are kept alive here, so
    their ids are never reused while this index exists)."""

    def __init__(self) -> None:
        self._by_id: dict[int, tuple[z3.ExprRef, frozenset[str]]] = {}

    def variables(self, expr: z3.ExprRef) -> frozenset[str]:
        key = expr.get_id()
        cached = self._by_id.get(key)
        if cached is not None:
            return cached[1]
        found: set[str] = set()
        seen: set[int] = set()
        pending = [expr]
        while pending:
            current = pending.pop()
            current_id = current.get_id()
            if current_id in seen:
                continue
            seen.add(current_id)
            inner = self._by_id.get(current_id)
            if inner is not None:
                found.update(inner[1])
                continue
            if z3.is_const(current) and current.decl().kind() == z3.Z3_OP_UNINTERPRETED:
                found.add(current.decl().name())
            else:
                pending.extend(current.children())
        result = frozenset(found)
        self._by_id[key] = (expr, result)
        return result


class Solver:
    """`quick_rlimit` bounds the first attempt at a query; `rlimit` the second, made only when the
    fallback search also failed (most queries need far less than either)."""

    def __init__(self, rlimit: int = 2_000_000, timeout_ms: int = 3000, seed: int = 0,
                 quick_rlimit: int = 200_000) -> None:
        self.rlimit = rlimit
        self.quick_rlimit = quick_rlimit
        self.timeout_ms = timeout_ms
        self.seed = seed
        self.stats = SolverStats()
        self.index = VariableIndex()
        self._cache: dict[tuple, SolveResult] = {}
        self._context = z3.Context()

    def constraint(self, expr: z3.BoolRef) -> Constraint:
        return Constraint(expr, self.index.variables(expr), expr.get_id())

    @staticmethod
    def slice(prefix: Sequence[Constraint], target: Constraint) -> list[Constraint]:
        """The prefix constraints connected to `target` through shared variables."""
        relevant = set(target.variables)
        remaining = list(prefix)
        chosen: list[Constraint] = []
        changed = True
        while changed and remaining:
            changed = False
            rest = []
            for constraint in remaining:
                if constraint.variables & relevant:
                    chosen.append(constraint)
                    relevant |= constraint.variables
                    changed = True
                else:
                    rest.append(constraint)
            remaining = rest
        return chosen

    def solve(self, prefix: Sequence[Constraint], target: Constraint, descs: dict[str, str],
              variables: dict[str, z3.ExprRef], thorough: bool = False) -> SolveResult:
        """Find inputs satisfying the (sliced) prefix and `target`, with the quick resource limit or,
        when `thorough`, the full one.

        `descs` gives the Java type of each variable name, `variables` the z3 constants by name."""
        constraints = self.slice(prefix, target) + [target]
        key = (thorough, *sorted({c.ast_id for c in constraints}))
        cached = self._cache.get(key) or self._cache.get((True, *key[1:]))
        if cached is not None:
            self.stats.cache_hits += 1
            return cached
        started = time.perf_counter()
        solver = z3.Solver(ctx=self._context)
        solver.set("rlimit", self.rlimit if thorough else self.quick_rlimit)
        solver.set("timeout", self.timeout_ms)
        solver.set("random_seed", self.seed)
        solver.add(z3.And([c.expr for c in constraints]).translate(self._context))
        answer = solver.check()
        self.stats.seconds += time.perf_counter() - started
        if answer == z3.sat:
            self.stats.sat += 1
            involved = set().union(*(c.variables for c in constraints))
            model = solver.model()
            result = SolveResult(SAT, {name: model_value(model, variables[name].translate(self._context), descs[name])
                                       for name in sorted(involved) if name in variables})
        elif answer == z3.unsat:
            self.stats.unsat += 1
            result = SolveResult(UNSAT)
        else:
            self.stats.unknown += 1
            result = SolveResult(UNKNOWN, reason=solver.reason_unknown())
        self._cache[key if result.status == UNKNOWN else (True, *key[1:])] = result
        return result


def model_value(model: z3.ModelRef, variable: z3.ExprRef, desc: str) -> bool | int | float | str:
    """The Java value of an input variable in a model (unconstrained parts get z3's default)."""
    if desc == "null":
        return z3.is_true(model.eval(variable, model_completion=True))
    if desc == "Ljava/lang/String;":
        length = model.eval(z3.Length(variable), model_completion=True).as_long()
        codes = [model.eval(z3.StrToCode(z3.SubString(variable, i, 1)), model_completion=True).as_long()
                 for i in range(length)]
        return "".join(map(chr, codes))
    if desc in ("F", "D"):
        # the context is named: these two helpers otherwise build their term in z3's default context
        if z3.is_true(model.eval(z3.fpIsNaN(variable, ctx=variable.ctx), model_completion=True)):
            return float("nan")
        bits = model.eval(z3.fpToIEEEBV(variable, ctx=variable.ctx), model_completion=True).as_long()
        return float_from_bits(bits) if desc == "F" else double_from_bits(bits)
    raw = model.eval(variable, model_completion=True).as_long()
    width = variable.size()
    if desc == "Z":
        return bool(raw)
    if desc == "C":
        return raw
    return raw - (1 << width) if raw >= 1 << (width - 1) else raw
