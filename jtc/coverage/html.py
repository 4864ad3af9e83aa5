"""The HTML comparison report: an index page with every class's bars, and a page per class with its
lines marked by which suite reaches them (over its source when found, else as a table of lines).

Pages are static and self-contained (one stylesheet, inline SVG from `jtc.coverage.svg`), rendered
with Jinja from `templates/`. JaCoCo's own report of each suite sits below the output folder and is
linked from every page.
"""

from __future__ import annotations

import dataclasses
import functools
import os
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

import jinja2

from jtc.coverage.comparison import ClassComparison, Comparison, LineMark, Mark, find_source
from jtc.coverage.model import Counter
from jtc.coverage.suites import SuiteCoverage
from jtc.coverage.svg import Bar, BarGroup, bar_chart
from jtc.java.bundle import jacoco_version

STYLESHEET = "report.css"


@dataclass(frozen=True)
class SuiteView:
    label: str
    css_class: str  # its colour: suite-1, suite-2 …, union
    tests_run: int
    tests_failed: int
    jacoco_href: str | None  # JaCoCo's report, relative to the output folder
    failures: tuple[str, ...] = ()  # each failing test, with the first line of why


@dataclass(frozen=True)
class MarkView:
    value: Mark
    description: str


@dataclass(frozen=True)
class SourceLine:
    number: int
    text: str
    marked: LineMark | None  # None: JaCoCo has no code on the line


@dataclass(frozen=True)
class SourceView:
    path: Path
    lines: tuple[SourceLine, ...]


@functools.cache
def _environment() -> jinja2.Environment:
    environment = jinja2.Environment(loader=jinja2.PackageLoader("jtc.coverage", "templates"),
                                     undefined=jinja2.StrictUndefined, autoescape=True,
                                     trim_blocks=True, lstrip_blocks=True)
    environment.globals["zip"] = zip  # a line's branch counts beside their suites
    return environment


def _suite_views(suites: Sequence[SuiteCoverage], out_dir: Path) -> list[SuiteView]:
    return [SuiteView(suite.label, "union" if suite.union else f"suite-{number}", suite.tests_run, suite.tests_failed,
                      os.path.relpath(suite.jacoco_html, out_dir) if suite.jacoco_html else None,
                      tuple(map(str, suite.failures)))
            for number, suite in enumerate(suites, start=1)]


def _for_class(suite: SuiteView, cls: ClassComparison, out_dir: Path) -> SuiteView:
    """The suite with its JaCoCo link going to the class's own page in JaCoCo's report, when there is one."""
    if suite.jacoco_href is None:
        return suite
    page = Path(suite.jacoco_href).parent / (cls.package or "default") / f"{cls.simple_name}.html"
    return dataclasses.replace(suite, jacoco_href=page.as_posix()) if (out_dir / page).is_file() else suite


def _mark_views(folders: Sequence[SuiteCoverage]) -> list[MarkView]:
    """The marks a comparison of these folders can give, described with the folders' labels."""
    first, others = folders[0].label, ", ".join(suite.label for suite in folders[1:])
    if not others:
        return [MarkView(Mark.FIRST_ONLY, f"reached by {first}"), MarkView(Mark.NEITHER, "not reached")]
    return [MarkView(Mark.FIRST_ONLY, f"only {first}"), MarkView(Mark.OTHERS_ONLY, f"only {others}"),
            MarkView(Mark.BOTH, "both"), MarkView(Mark.NEITHER, "neither")]


def _groups(suites: Sequence[SuiteView], figures: Sequence[tuple[Counter, Counter]]) -> list[BarGroup]:
    """Branch bars and line bars, one per suite; `figures` holds each suite's (branches, lines)."""
    return [BarGroup(kind, [Bar(suite.label, counters[at], suite.css_class) for suite, counters in zip(suites, figures)])
            for at, kind in enumerate(("branches", "lines"))]


def _source_view(path: Path, marks: Sequence[LineMark]) -> SourceView:
    by_number = {mark.number: mark for mark in marks}
    text = path.read_text(encoding="utf-8", errors="replace").expandtabs(4).splitlines()
    return SourceView(path, tuple(SourceLine(number, line, by_number.get(number))
                                  for number, line in enumerate(text, start=1)))


def _class_page(comparison: ClassComparison, source_folders: Sequence[Path]) -> dict[str, object]:
    """What the class page shows of the class's lines: its source, or a note why there is none."""
    if not source_folders:
        return {"source": None, "source_note": "no source folders given (--sources): lines by number"}
    path = find_source(source_folders, comparison)
    if path is None:
        folders = ", ".join(map(str, source_folders))
        return {"source": None, "source_note": f"source of {comparison.name} not found in {folders}: lines by number"}
    return {"source": _source_view(path, comparison.lines), "source_note": ""}


def _page_name(comparison: ClassComparison) -> str:
    return f"classes/{comparison.name}.html"


def write_html(comparison: Comparison, out_dir: Path, source_folders: Sequence[Path]) -> Path:
    """Write the index page, a page per class and the stylesheet into `out_dir`; returns the index."""
    suites = _suite_views(comparison.suites, out_dir)
    marks = _mark_views(comparison.folders)
    common = {"marks": marks}
    (out_dir / "classes").mkdir(parents=True, exist_ok=True)
    (out_dir / STYLESHEET).write_text(files("jtc.coverage").joinpath("templates", STYLESHEET).read_text())
    rows = []
    for cls in comparison.classes:
        figures = [(coverage.branch, coverage.line) for coverage in cls.coverage]
        counts = {mark.value: cls.count(mark.value) for mark in marks}
        groups = _groups(suites, figures)
        page = _environment().get_template("class.html.j2").render(
            root="../", name=cls.name, lines=cls.lines, counts=counts,
            chart=bar_chart(groups, caption=f"coverage of {cls.name}"),
            suites=[_for_class(suite, cls, out_dir) for suite in suites], folders=suites[:len(comparison.folders)],
            **common, **_class_page(cls, source_folders))
        (out_dir / _page_name(cls)).write_text(page, encoding="utf-8")
        rows.append({"name": cls.name, "simple_name": cls.simple_name, "package": cls.package,
                     "href": _page_name(cls), "counts": counts,
                     "charts": [bar_chart([group], caption=f"{group.title} of {cls.name}", width=450, label_width=170)
                                for group in groups]})
    index = out_dir / "index.html"
    index.write_text(_environment().get_template("index.html.j2").render(
        root="", classes=rows, jacoco_version=jacoco_version(),
        project_chart=bar_chart(_groups(suites, comparison.project()), caption="coverage of all classes together",
                                width=720, label_width=280),
        suites=suites, **common), encoding="utf-8")
    return index
