"""Command-line options declared once, on the fields of the settings they set (Pynguin's way): the flag,
its help text and its limits sit beside the field, and the parser, the checks of the values, the
conversion into settings and the option tables of docs/commands.md are all made from them."""

from __future__ import annotations

import argparse
import dataclasses
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Callable, Iterator, TypeVar

from jtc.errors import UsageError

_FLAG = "jtc.flag"
SEARCH = frozenset({"generate", "diff"})  # the commands that explore classes
GENERATE = frozenset({"generate"})
MUTATE = frozenset({"mutate"})
EVERY = frozenset({"generate", "diff", "coverage", "mutate", "doctor"})

T = TypeVar("T")


@dataclass(frozen=True)
class Flag:
    """How a settings field appears on the command line. A `bool` field is a switch that sets it
    (`--strict`), or with `sets_false` one that clears it (`--no-fold`); any other field takes a value,
    parsed by `parse` (default: the type of the field's default; an Enum's values are the choices); a
    `tuple` field takes a value each time the flag is repeated (`parse` required)."""

    names: tuple[str, ...]
    help: str
    commands: frozenset[str] = SEARCH
    metavar: str | None = None
    sets_false: bool = False
    parse: Callable[[str], Any] | None = None
    above: float | None = None  # values at or below are refused
    least: float | None = None  # values below are refused
    unit: str = ""  # said after the limit when a value is refused (" seconds")
    cli_default: Callable[[], Any] | None = None  # the command line's default when not the field's
    default_text: str | None = None  # the default as the help text says it (default: the value)

    @property
    def dest(self) -> str:
        """The attribute of the parsed arguments: argparse's own choice, from the first long name."""
        long = next(name for name in self.names if name.startswith("--"))
        return long[2:].replace("-", "_")


def option(default: T, *names: str, help: str, **details: Any) -> T:
    """A settings field with its default and its command-line flag."""
    return field(default=default, metadata={_FLAG: Flag(tuple(names), help, **details)})


def _flags(settings_class: type, command: str) -> Iterator[tuple[dataclasses.Field[Any], Flag]]:
    """The flagged fields of `settings_class` and of the settings it nests, that `command` takes."""
    for item in dataclasses.fields(settings_class):
        flag = item.metadata.get(_FLAG)
        if flag is not None and command in flag.commands:
            yield item, flag
        elif flag is None and dataclasses.is_dataclass(item.default):
            yield from _flags(type(item.default), command)


def add_flags(parser: argparse.ArgumentParser, settings_class: type, command: str) -> None:
    """The arguments of `command` that set fields of `settings_class`."""
    for item, flag in _flags(settings_class, command):
        default = flag.cli_default() if flag.cli_default is not None else item.default
        if isinstance(item.default, bool):
            parser.add_argument(*flag.names, dest=flag.dest, action="store_true", help=flag.help)
            continue
        if isinstance(item.default, tuple):
            assert flag.parse is not None, f"{flag.names[0]}: a repeated flag needs its parse"
            parser.add_argument(*flag.names, dest=flag.dest, action="append", type=flag.parse, default=None,
                                metavar=flag.metavar, help=f"{flag.help} (may be repeated)")
            continue
        shown = flag.default_text if flag.default_text is not None else (
            default.value if isinstance(default, Enum) else f"{default:g}" if isinstance(default, float) else default)
        help_text = flag.help if default is None else f"{flag.help} (default: {shown})"
        if isinstance(item.default, Enum):
            parser.add_argument(*flag.names, dest=flag.dest, choices=[choice.value for choice in type(item.default)],
                                default=default.value, metavar=flag.metavar, help=help_text)
            continue
        parse = flag.parse or type(default)
        parser.add_argument(*flag.names, dest=flag.dest, type=parse, default=default, metavar=flag.metavar,
                            help=help_text)


def check_flags(args: argparse.Namespace, settings_class: type, command: str) -> None:
    """Refuse, in one line, a value outside its flag's limits."""
    for _item, flag in _flags(settings_class, command):
        value = getattr(args, flag.dest)
        if value is None or isinstance(value, (bool, list)):
            continue
        if flag.above is not None and value <= flag.above:
            raise UsageError(f"{flag.names[0]} must be more than {flag.above:g}{flag.unit} (got {value:g})")
        if flag.least is not None and value < flag.least:
            raise UsageError(f"{flag.names[0]} must be at least {flag.least:g}{flag.unit} (got {value:g})")


def from_flags(args: argparse.Namespace, settings_class: type[T], command: str, **others: Any) -> T:
    """`settings_class` with every field `command` has a flag for as the arguments say, the nested
    settings likewise, `others` as given and the rest at their defaults."""
    values: dict[str, Any] = {}
    for item in dataclasses.fields(settings_class):  # type: ignore[arg-type]
        flag = item.metadata.get(_FLAG)
        if flag is not None and command in flag.commands:
            value = getattr(args, flag.dest)
            if isinstance(item.default, bool):
                value = not value if flag.sets_false else value
            elif isinstance(item.default, Enum):
                value = type(item.default)(value)
            elif isinstance(item.default, tuple):
                value = tuple(value or ())
            values[item.name] = value
        elif flag is None and dataclasses.is_dataclass(item.default) and any(_flags(type(item.default), command)):
            values[item.name] = from_flags(args, type(item.default), command)
    return settings_class(**{**values, **others})


def option_table(parser: argparse.ArgumentParser) -> str:
    """The options of one command as a Markdown table (flags, then what they do), as `--help` has them."""
    rows = ["| option | what it does |", "|---|---|"]
    for action in parser._actions:  # argparse keeps no public list of them
        if isinstance(action, argparse._HelpAction) or action.help is None:
            continue
        if action.option_strings:
            value = "" if action.nargs == 0 else f" {action.metavar or action.dest.upper()}"
            if action.choices is not None and action.metavar is None:
                value = " " + "|".join(str(choice) for choice in action.choices)
            shown = ", ".join(f"`{name}{value}`" for name in action.option_strings).replace("|", "\\|")
        else:
            shown = f"`{action.metavar or action.dest}`"
        rows.append(f"| {shown} | {action.help.replace('|', chr(92) + '|')} |")
    return "\n".join(rows)

