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

import math
import time
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Sequence

import z3
from jtc.model.types import STRING_DESC

from jtc.solver.lowering import lower
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
    escalated: int = 0  # fast attempts that gave up (the query then went on to the quick one; not counted above)
    string_queries: int = 0  # of the queries counted above, those on a String input (its contents or length)
    string_unknown: int = 0  # of those, the unknown ones and timeouts
    refuted: int = 0  # queries whose goal the conditions on its own variables contradicted (Solver.refutes)

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
    """The input variables of each constraint, by z3 AST id.

    Path conditions share most of their subterms (a loop counter, a String's length), so the
    variables of every application node met are remembered, not only those of the roots, and the
    walk uses z3's C API directly: the Python wrappers cost more than the walk itself. The roots
    are kept alive here, and with them (z3 counts references) every subterm, so no id is reused
    while this index exists."""

    def __init__(self) -> None:
        self._roots: list[z3.ExprRef] = []
        self._by_id: dict[int, frozenset[str]] = {}
        self._names: dict[int, str | None] = {}  # declaration id -> variable name (None: not a variable)

    def variables(self, expr: z3.ExprRef) -> frozenset[str]:
        known = self._by_id.get(expr.get_id())
        if known is not None:
            return known
        ctx = expr.ctx_ref()
        by_id, empty = self._by_id, frozenset[str]()
        pending: list[tuple[object, bool]] = [(expr.as_ast(), False)]
        while pending:
            ast, expanded = pending.pop()
            key = z3.Z3_get_ast_id(ctx, ast)
            if key in by_id:
                continue
            if z3.Z3_get_ast_kind(ctx, ast) != z3.Z3_APP_AST:
                by_id[key] = empty
                continue
            count = z3.Z3_get_app_num_args(ctx, ast)
            if count == 0:
                by_id[key] = self._leaf(ctx, ast)
                continue
            children = [z3.Z3_get_app_arg(ctx, ast, i) for i in range(count)]
            if not expanded:
                pending.append((ast, True))
                pending.extend((child, False) for child in children)
                continue
            sets = [by_id[z3.Z3_get_ast_id(ctx, child)] for child in children]
            widest = max(sets, key=len)
            union = widest.union(*sets) if any(not other <= widest for other in sets) else widest
            by_id[key] = union  # the widest child's set itself when it holds all: shared, not copied
        self._roots.append(expr)
        return by_id[expr.get_id()]

    def _leaf(self, ctx: object, ast: object) -> frozenset[str]:
        decl = z3.Z3_get_app_decl(ctx, ast)
        key = z3.Z3_get_ast_id(ctx, decl)
        if key not in self._names:
            uninterpreted = z3.Z3_get_decl_kind(ctx, decl) == z3.Z3_OP_UNINTERPRETED
            self._names[key] = z3.Z3_get_symbol_string(ctx, z3.Z3_get_decl_name(ctx, decl)) if uninterpreted else None
        name = self._names[key]
        return frozenset() if name is None else frozenset((name,))


class Level(IntEnum):
    """How hard one attempt at a query tries (z3's resource limit)."""

    FAST = 0  # most path queries are easy: settled under a small limit, and the rest give up soon
    QUICK = 1
    THOROUGH = 2


SETTLED = -1  # cache key level of an answer (sat or unsat), whichever attempt found it


class Solver:
    """`fast_rlimit`, `quick_rlimit` and `rlimit` bound the attempts of each level (see Level).

    Every level uses z3's default solver: its models of easy queries are the same at any limit, and
    z3's plain SMT core (SimpleSolver), though twice as fast on the small comparisons of the
    containers, answers with the smallest values past each bound (n = k + 1 where the default
    solver says -528), which found no negative argument of DeepRecursion in a hundred runs. The
    limits are z3 resource limits, so they decide the results; `timeout_ms` is a safety net, and
    `solve` takes a tighter one when the search's deadline is near."""

    def __init__(self, rlimit: int = 1_000_000, timeout_ms: int = 3000, seed: int = 0,
                 quick_rlimit: int = 200_000, fast_rlimit: int = 50_000) -> None:
        self.rlimit = rlimit
        self.quick_rlimit = quick_rlimit
        self.fast_rlimit = fast_rlimit
        self.timeout_ms = timeout_ms
        self.seed = seed
        self.stats = SolverStats()
        self.index = VariableIndex()
        self._cache: dict[tuple, SolveResult] = {}
        self._lowered: dict[int, z3.BoolRef] = {}  # constraint ast id -> the constraint as solved (lowering.py)
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
              variables: dict[str, z3.ExprRef], level: Level = Level.QUICK,
              deadline: float = math.inf) -> SolveResult:
        """Find inputs satisfying the (sliced) prefix and `target` with an attempt of `level`.

        `descs` gives the Java type of each variable name, `variables` the z3 constants by name.
        `deadline` (time.monotonic()) caps the wall-clock safety net so a query cannot run past the
        end of the search; the query then comes back unknown (and is not cached)."""
        constraints = self.slice(prefix, target) + [target]
        ids = tuple(sorted({c.ast_id for c in constraints}))
        cached = self._cache.get((SETTLED, *ids)) or self._cache.get((level, *ids))
        if cached is not None:
            self.stats.cache_hits += 1
            return cached
        timeout_ms = int(max(min(self.timeout_ms, (deadline - time.monotonic()) * 1000), 1))
        started = time.perf_counter()
        solver = z3.Solver(ctx=self._context)
        solver.set("rlimit", (self.fast_rlimit, self.quick_rlimit, self.rlimit)[level])
        solver.set("timeout", timeout_ms)
        solver.set("random_seed", self.seed)
        solver.add(self._formula(constraints, level).translate(self._context))
        answer = solver.check()
        self.stats.seconds += time.perf_counter() - started
        if (answer != z3.unknown or level != Level.FAST) \
                and any(descs.get(name) == STRING_DESC for c in constraints for name in c.variables):
            self.stats.string_queries += 1
            self.stats.string_unknown += answer == z3.unknown
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
            if level == Level.FAST:
                self.stats.escalated += 1
            else:
                self.stats.unknown += 1
            result = SolveResult(UNKNOWN, reason=solver.reason_unknown())
            if timeout_ms < self.timeout_ms:
                return result  # cut short by the search's deadline: not this level's answer
        self._cache[(level, *ids) if result.status == UNKNOWN else (SETTLED, *ids)] = result
        return result

    def refutes(self, prefix: Sequence[Constraint], target: Constraint, descs: dict[str, str],
                deadline: float = math.inf) -> bool:
        """Whether the conjuncts of the path that speak of the target's own variables already
        contradict it: infeasible then, whatever the rest says (fewer conditions admit no fewer
        inputs). Tried before the quick attempt, at the fast limit: a listing line's path holds its
        pattern's every piece, and z3 spent the thorough limit on an hour piece asked to start with
        "-" beside a month lookup of 70,000 nodes that the narrow query leaves out."""
        parts = [conjunct for constraint in self.slice(prefix, target) for conjunct in _conjuncts(constraint.expr)]
        near = [self.constraint(part) for part in parts if self.index.variables(part) & target.variables]
        if len(near) == len(parts):
            return False  # the fast attempt asked this already
        ids = ("refutes", *sorted({c.ast_id for c in (*near, target)}))
        cached = self._cache.get(ids)
        if cached is None:
            timeout_ms = int(max(min(self.timeout_ms, (deadline - time.monotonic()) * 1000), 1))
            started = time.perf_counter()
            solver = z3.Solver(ctx=self._context)
            solver.set("rlimit", self.fast_rlimit)
            solver.set("timeout", timeout_ms)
            solver.set("random_seed", self.seed)
            solver.add(self._formula([*near, target], Level.FAST).translate(self._context))
            cached = self._cache[ids] = SolveResult(UNSAT if solver.check() == z3.unsat else UNKNOWN)
            self.stats.seconds += time.perf_counter() - started
        if cached.status != UNSAT:
            return False
        self.stats.refuted += 1
        self.stats.unsat += 1
        if any(descs.get(name) == STRING_DESC for c in (*near, target) for name in c.variables):
            self.stats.string_queries += 1
        return True

    def _formula(self, constraints: Sequence[Constraint], level: Level) -> z3.BoolRef:
        """The conjunction to solve: as recorded at the FAST level, else with comparisons of String
        integers lowered (see lowering.py) where there are. A FAST unknown goes to the fallback search,
        whose inputs are varied and short (made of the code's own constants); z3's models of lowered
        queries pick the same character again and again (`#####S` where the fallback gave `#.MS`), and
        the valid inputs of a parser kept only maps with more walls than monsters."""
        if level == Level.FAST:
            return z3.And([c.expr for c in constraints])
        return z3.And([self._lowered_form(c) for c in constraints])

    def _lowered_form(self, constraint: Constraint) -> z3.BoolRef:
        form = self._lowered.get(constraint.ast_id)
        if form is None:
            form = self._lowered[constraint.ast_id] = lower(constraint.expr)
        return form


def _conjuncts(expr: z3.BoolRef) -> list[z3.BoolRef]:
    """The parts of a conjunction, nested ones flattened (a shape's condition is one conjunction)."""
    if not z3.is_and(expr):
        return [expr]
    return [part for child in expr.children() for part in _conjuncts(child)]


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
