"""The ablation table lines up each class's variants, and reports a class that failed instead of hiding it."""

from __future__ import annotations

from bench.containers import ablation_table


def _row(name: str, percent: float, sequences: int) -> dict:
    return {"class": name, "branch_percent": percent, "sequences": sequences, "complete_length": 3,
            "longest_sequence": 5, "executions": 40, "seconds_to_final_coverage": 1.5}


def test_one_line_per_class_and_variant_grouped_by_class() -> None:
    runs = {"full": [_row("IntStack", 100.0, 12), _row("TreeMap", 91.9, 300)],
            "no grouping": [_row("IntStack", 100.0, 12), {"class": "TreeMap", "error": "boom"}]}
    lines = ablation_table(runs).splitlines()
    assert lines[0].split()[:3] == ["class", "variant", "branch"]
    assert [line.split()[0] for line in lines[1:]] == ["IntStack", "IntStack", "TreeMap", "TreeMap"]
    assert lines[3].split() == ["TreeMap", "full", "91.9", "300", "3", "5", "40", "1.5"]
    assert lines[4].endswith("error: boom")
