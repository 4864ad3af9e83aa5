"""The engine benchmark (B4) measures what it says: same executions traced and plain, positive rates."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from bench import engine


@pytest.mark.slow
def test_engine_benchmark_writes_rates_and_a_finite_overhead_ratio(tmp_path: Path) -> None:
    output = tmp_path / "engine.json"
    assert engine.main(["--executions", "10", "--repeats", "1", "--classes", "com.example.basics.ArraySum", "--output",
                        str(output)]) == 0
    row = json.loads(output.read_text())["classes"]["ArraySum"]
    assert row["executions"] == 10
    assert row["events_per_second"] > 0 and row["executions_per_second"] > 0
    assert math.isfinite(row["overhead_ratio"]) and row["overhead_ratio"] > 0
    assert row["seconds"]["plain"] > 0 and row["seconds"]["replay"] > 0
