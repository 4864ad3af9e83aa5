"""Exceptions caught inside a sequence: a call that throws is asserted and the test goes on, so the
state the failed call left behind reaches later calls (a vault blocked by three wrong codes)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jtc.config import Settings
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport

from junit_run import compile_and_run


@pytest.fixture(scope="module")
def vault(sequences_classes: Path, tmp_path_factory: pytest.TempPathFactory) -> ClassReport:
    settings = Settings(select_assertions=False, classpath=(str(sequences_classes),), output_dir=tmp_path_factory.mktemp("generated"),
                        time_budget=20.0, seed=4)
    [(_, report)] = list(generate(settings, ["seq.Vault"]))
    assert isinstance(report, ClassReport), report
    return report


@pytest.mark.slow
def test_three_failed_unlocks_then_blocked_is_reached_and_asserted(vault: ClassReport) -> None:
    assert vault.dropped == []
    assert vault.branch == (6, 6) and vault.line is not None and vault.line[0] == vault.line[1]
    assert vault.search.divergences == {}
    source = Path(vault.test_file).read_text()  # type: ignore[arg-type]
    body = source[source.index("void isBlockedReturnsTrue"):]
    body = body[:body.index("\n    }")]
    caught = re.findall(r"assertThrows\(IllegalArgumentException\.class, \(\) -> vault\.unlock\((-?\d+)\)\);", body)
    assert len(caught) == 3
    assert body.count('.getMessage());') == 3 and '"wrong code"' in body
    # Then the vault's other observer: a blocked vault is not open.
    assert body.rstrip().endswith("assertTrue(vault.isBlocked());\n        assertFalse(vault.isOpen());")
    blocked = source[source.index("void unlockThrowsIllegalStateException"):]
    assert 'assertEquals("blocked", exception.getMessage());' in blocked[:blocked.index("\n    }")]


@pytest.mark.slow
def test_written_class_compiles_and_passes_on_its_own(vault: ClassReport, sequences_classes: Path,
                                                      tmp_path: Path) -> None:
    run = compile_and_run([Path(vault.test_file)], sequences_classes, tmp_path)  # type: ignore[arg-type]
    assert run.returncode == 0, run.stdout[-3000:]
    assert f"{vault.tests_written} tests successful" in run.stdout
