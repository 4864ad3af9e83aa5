"""The likely-bug report of a `jtc generate` run: every class's groups of crashes (oracle/bugs.py),
as JSON for tools and as text for people, each group with its shortest reproducing test.

It is written to `--likely-bugs-report FILE.json` (the text beside it, `FILE.txt`), by default to
`jtc-likely-bugs.json` in the current folder when the run found a likely bug, or when an earlier
run left that file there (so it never tells of bugs that are gone).
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from jtc.errors import UsageError
from jtc.project.results import ClassResult

DEFAULT_REPORT = Path("jtc-likely-bugs.json")


def report_path(requested: Path | None, results: list[ClassResult]) -> Path | None:
    """Where the run's report goes: the path asked for, else the default one when there is
    something to say or a stale default report to overwrite; None when nothing is written."""
    if requested is not None:
        return requested
    if any(result.likely_bugs for result in results) or DEFAULT_REPORT.exists():
        return DEFAULT_REPORT
    return None


def write_report(path: Path, results: list[ClassResult]) -> Path:
    """Writes the JSON to `path` and the text form next to it; returns the text form's path. A path
    that cannot be written is the user's error, told in one line."""
    classes = [{"class": result.name, "likely_bugs": result.likely_bugs} for result in results if result.likely_bugs]
    data = {"classes": classes,
            "totals": {"classes": len(classes), "likely_bugs": sum(len(c["likely_bugs"]) for c in classes)}}
    text = path.with_suffix(".txt") if path.suffix != ".txt" else path.with_name(path.name + ".txt")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        text.write_text(text_form(results), encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot write the likely-bug report to {error.filename or path}: "
                         f"{error.strerror or error}") from None
    return text


def text_form(results: list[ClassResult]) -> str:
    with_bugs = [result for result in results if result.likely_bugs]
    count = sum(len(result.likely_bugs) for result in with_bugs)
    lines = [f"jtc: {count} likely bug{'' if count == 1 else 's'} in {len(with_bugs)} "
             f"class{'' if len(with_bugs) == 1 else 'es'}"]
    for result in with_bugs:
        lines.extend(["", result.name])
        for number, bug in enumerate(result.likely_bugs, start=1):
            runs = bug["executions"]
            lines.append(f"  {number}. {bug['exception']} at {bug['site']} "
                         f"({runs} execution{'' if runs == 1 else 's'})")
            if bug["message"] is not None:
                lines.append(f"     message: {bug['message']}")
            lines.append("     stack:")
            lines.extend(f"       {frame}" for frame in bug["stack"])
            lines.append("     shortest reproduction:")
            lines.append(textwrap.indent(bug["test"], " " * 7))
    return "\n".join(lines) + "\n"
