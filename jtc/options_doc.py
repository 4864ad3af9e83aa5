"""The option tables of docs/commands.md, made from the command line's parser so that they cannot fall
behind it: `python -m jtc.options_doc` rewrites them in place, and a test checks they are current."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from jtc.cli import command_line
from jtc.options import option_table

DOC = Path(__file__).resolve().parent.parent / "docs" / "commands.md"
_TABLE = re.compile(r"(<!-- options of jtc (\w+): made by python -m jtc.options_doc -->\n)(?:.*?\n)??(<!-- end -->)", re.S)


def _commands() -> dict[str, argparse.ArgumentParser]:
    subparsers = next(action for action in command_line()._actions if isinstance(action, argparse._SubParsersAction))
    return dict(subparsers.choices)


def with_current_tables(text: str) -> str:
    """`text` with the table after each `<!-- options of jtc COMMAND … -->` marker made anew."""
    commands = _commands()
    return _TABLE.sub(lambda match: match[1] + option_table(commands[match[2]]) + "\n" + match[3], text)


def main() -> int:
    text = DOC.read_text()
    current = with_current_tables(text)
    if current != text:
        DOC.write_text(current)
        print(f"rewrote the option tables of {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
