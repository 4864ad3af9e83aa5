"""What a many-class run shows while it works and at the end: classes done and to go, the classes
being generated, an estimate of the time left, each class's summary, and a table of all of them.

On a terminal the progress is a `rich` bar under the scrolling summaries (rich renders tables and
live bars without curses, and degrades to plain text); elsewhere (CI logs, pipes) it is one plain
line per finished class.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from jtc.java.toolchain import Toolchain
from jtc.project.results import ClassResult, Status


def _duration(seconds: float) -> str:
    minutes, rest = divmod(int(round(seconds)), 60)
    return f"{minutes} min {rest:02d} s" if minutes else f"{rest} s"


class RunDisplay:
    def __init__(self, total: int, jobs: int, stream: TextIO = sys.stdout, live: bool = True) -> None:
        """`live`: a bar redrawn on a terminal (off while questions are asked there, --ask)."""
        self.total, self.jobs = total, jobs
        self.console = Console(file=stream, highlight=False, emoji=False, soft_wrap=True)
        if not self.console.is_terminal:
            self.console.width = 160  # a log file is not 80 columns wide: keep the table's rows whole
        self.live = live and self.console.is_terminal
        self.running: list[str] = []
        self.done = 0
        self.generated = 0  # classes that ran a search (cached ones cost nothing and predict nothing)
        self.started = time.monotonic()
        self.progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                 TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                                 console=self.console, transient=True) if self.live else None
        self.task = self.progress.add_task("", total=total) if self.progress else None

    def __enter__(self) -> RunDisplay:
        if self.progress:
            self.progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.progress:
            self.progress.stop()

    def _describe(self) -> str:
        return ", ".join(name.rpartition(".")[2] for name in self.running) or "-"

    def class_started(self, name: str) -> None:
        self.running.append(name)
        if self.progress:
            self.progress.update(self.task, description=self._describe())  # type: ignore[arg-type]

    def class_done(self, result: ClassResult) -> None:
        if result.name in self.running:
            self.running.remove(result.name)
            self.generated += 1
        self.done += 1
        self.console.print("\n".join(result.lines), markup=False)
        if self.progress:
            self.progress.update(self.task, advance=1, description=self._describe())  # type: ignore[arg-type]
        elif self.done < self.total:
            self.console.print(f"jtc: {self.done}/{self.total} classes done, {self.total - self.done} to go"
                               + self._eta(), markup=False)

    def _eta(self) -> str:
        if not self.generated:
            return ""
        per_class = (time.monotonic() - self.started) / self.generated
        left = per_class * (self.total - self.done) / max(1, min(self.jobs, self.total - self.done))
        return f", about {_duration(left)} left"

    def summary(self, results: list[ClassResult], jdk: Toolchain) -> None:
        """The table of every class, then the totals and the JDK they were run on."""
        table = Table(title="jtc generate", title_justify="left")
        for column in ("class", "status", "tests", "branches", "lines", "search s", "likely bugs", "notes"):
            table.add_column(column, justify="right" if column in ("tests", "search s", "likely bugs") else "left")
        for result in results:
            notes = "; ".join(result.problems) if result.status not in (Status.SKIPPED, Status.FAILED) else \
                result.lines[0].removeprefix(f"{result.name} ")
            table.add_row(result.name, str(result.status), str(result.tests), _fraction(result.branch),
                          _fraction(result.line), f"{result.search_seconds:.1f}", str(len(result.likely_bugs)), notes)
        self.console.print(table)
        counts = {status: sum(1 for r in results if r.status == status) for status in Status}
        branches = [sum(r.branch[i] for r in results if r.branch) for i in (0, 1)]
        self.console.print(
            f"jtc: {len(results)} classes in {_duration(time.monotonic() - self.started)}: "
            + ", ".join(f"{count} {status}" for status, count in counts.items() if count)
            + f"; {sum(r.tests for r in results)} tests; branches {_fraction(tuple(branches))}"
            + f"; {sum(len(r.likely_bugs) for r in results)} likely bugs; on Java {jdk.release} ({jdk.java_home})",
            markup=False)


def _fraction(pair: tuple[int, ...] | None) -> str:
    if not pair or not pair[1]:
        return "-"
    return f"{pair[0]}/{pair[1]} ({100.0 * pair[0] / pair[1]:.0f}%)"
