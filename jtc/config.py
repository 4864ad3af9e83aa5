"""One settings object for a jtc run, passed down instead of globals."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Settings:
    classpath: tuple[str, ...]
    output_dir: Path = Path("src/test/java")
    time_budget: float = 60.0  # seconds of search per class
    seed: int = 0
    strategy: str = "coverage"  # "coverage" (uncovered outcomes first) or "random"
    max_executions: int | None = None  # a deterministic budget, on top of the time budget
    # Per execution: trace records (the deterministic loop guard) and wall-clock milliseconds.
    record_budget: int = 400_000
    execution_timeout_ms: int = 5_000
    worker_heap_mb: int = 512
    # Solver: z3 resource limit per query (deterministic) and a wall-clock safety net.
    solver_rlimit: int = 2_000_000
    solver_timeout_ms: int = 3_000
    max_array_length: int = 64
    max_string_length: int = 32
    max_depth: int = 2_000  # decisions per path that the constraint tree keeps
    validate_runs: int = 2  # JUnit runs of the emitted class before it is written
    measure_coverage: bool = True
