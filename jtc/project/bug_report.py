"""The likely-bug report of a `jtc generate` run: every class's groups of crashes (oracle/bugs.py),
as JSON for tools and as text for people, each group with its shortest reproducing test.

It is written only when asked, to `--likely-bugs-report FILE.json` (the text beside it, `FILE.txt`):
a run never leaves files where it was not told to. Without it the run's summary counts the likely
bugs and names the option.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from jtc.atomic import write_atomically
from jtc.errors import UsageError
from jtc.project.results import ClassResult


def summary_line(requested: Path | None, results: list[ClassResult]) -> str | None:
    """The run's last line about likely bugs: where the report went, or how to get one; None when
    there is nothing to say."""
    count = sum(len(result.likely_bugs) for result in results)
    bugs = f"{count} likely bug{'' if count == 1 else 's'}"
    if requested is not None:
        return f"jtc: {bugs} reported in {requested} and {text_path(requested)}"
    if count:
        return f"jtc: {bugs} found; --likely-bugs-report FILE.json writes them with their shortest reproductions"
    return None


def text_path(path: Path) -> Path:
    """Where the text form of the report at `path` goes: beside it, never over it."""
    return path.with_suffix(".txt") if path.suffix != ".txt" else path.with_name(path.name + ".txt")


def write_report(path: Path, results: list[ClassResult]) -> Path:
    """Writes the JSON to `path` and the text form next to it; returns the text form's path. A path
    that cannot be written is the user's error, told in one line (the command line checks it before
    the search; this is for a folder that changed since)."""
    classes = [{"class": result.name, "likely_bugs": [bug.to_json() for bug in result.likely_bugs]}
               for result in results if result.likely_bugs]
    data = {"classes": classes,
            "totals": {"classes": len(classes), "likely_bugs": sum(len(c["likely_bugs"]) for c in classes)}}
    text = text_path(path)
    try:
        write_atomically(path, json.dumps(data, indent=1) + "\n")
        write_atomically(text, text_form(results))
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
            runs = bug.executions
            lines.append(f"  {number}. {bug.exception} at {bug.site} "
                         f"({runs} execution{'' if runs == 1 else 's'})")
            if bug.message is not None:
                lines.append(f"     message: {bug.message}")
            lines.append("     stack:")
            lines.extend(f"       {frame}" for frame in bug.stack)
            lines.append("     shortest reproduction:")
            lines.append(textwrap.indent(bug.test, " " * 7))
    return "\n".join(lines) + "\n"
