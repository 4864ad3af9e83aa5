"""Horizontal bar charts as inline SVG, so the HTML report needs no script and no chart library.

A chart is a list of groups (branches, lines), each with one bar per suite. Colours come from the
page's stylesheet through class names (`suite-1`, `suite-2` …, `union`), so a suite has the same
colour in every chart and in the legend. Each bar carries its figures as data attributes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from jtc.coverage.model import Counter
from jtc.coverage.table import fit

ROW = 20  # height of one bar's row
GAP = 6  # space above each group's title
VALUE_WIDTH = 110  # room right of the bar for "11/14  78.6%"


@dataclass(frozen=True)
class Bar:
    label: str
    counter: Counter
    css_class: str  # the suite's colour class


@dataclass(frozen=True)
class BarGroup:
    title: str  # what is counted: "branches", "lines"
    bars: Sequence[Bar]


def percent(counter: Counter) -> str:
    """'78.6%', or 'n/a' when there is nothing to cover."""
    return "n/a" if counter.ratio is None else f"{100 * counter.ratio:.1f}%"


def _bar(bar: Bar, kind: str, y: int, label_width: int, track: int) -> str:
    ratio = bar.counter.ratio
    width = round(track * ratio, 1) if ratio is not None else 0
    value = f"{bar.counter.covered}/{bar.counter.total}  {percent(bar.counter)}" if bar.counter.total else f"no {kind}"
    data = (f'data-suite="{escape(bar.label)}" data-kind="{escape(kind)}" data-covered="{bar.counter.covered}" '
            f'data-total="{bar.counter.total}" data-percent="{percent(bar.counter)}"')
    return (f'<g class="row"><title>{escape(bar.label)}: {kind} {value}</title>'
            f'<text class="label" x="{label_width - 8}" y="{y + 14}" text-anchor="end">'
            f'{escape(fit(bar.label, label_width // 7))}</text>'
            f'<rect class="track" x="{label_width}" y="{y + 3}" width="{track}" height="{ROW - 6}" rx="3"/>'
            f'<rect class="bar {bar.css_class}" x="{label_width}" y="{y + 3}" width="{width}" height="{ROW - 6}" '
            f'rx="3" {data}/>'
            f'<text class="value" x="{label_width + track + 8}" y="{y + 14}">{escape(value)}</text></g>')


def bar_chart(groups: Sequence[BarGroup], *, width: int = 560, label_width: int = 200, caption: str = "") -> Markup:
    """The groups stacked as one SVG: each group's title over one bar per suite."""
    track = width - label_width - VALUE_WIDTH
    parts, y = [], 0
    for group in groups:
        y += GAP
        parts.append(f'<text class="group" x="0" y="{y + 12}">{escape(group.title)}</text>')
        y += ROW - 4
        for bar in group.bars:
            parts.append(_bar(bar, group.title, y, label_width, track))
            y += ROW
    return Markup(f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y + 4}" '
                  f'viewBox="0 0 {width} {y + 4}" role="img" aria-label="{escape(caption)}">{"".join(parts)}</svg>')
