"""Reading the HTML coverage report back with html.parser, as a browser-independent check."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path


@dataclass
class Page(HTMLParser):
    """What the report's tests look at: the classes listed, every bar, every marked line, links, text."""

    classes: list[str] = field(default_factory=list)  # data-class of the index's rows
    bars: list[dict[str, str]] = field(default_factory=list)  # the attributes of each bar
    lines: dict[int, str] = field(default_factory=dict)  # line number → its row's class (the mark, '' if none)
    links: list[str] = field(default_factory=list)  # every href (links and the stylesheet)
    text: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "tr" and "data-class" in values:
            self.classes.append(values["data-class"])
        if tag == "tr" and "data-line" in values:
            self.lines[int(values["data-line"])] = values.get("class", "")
        if tag == "rect" and "bar" in values.get("class", "").split():
            self.bars.append(values)
        if "href" in values:
            self.links.append(values["href"])

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.text.append(data.strip())

    def bar(self, suite: str, kind: str) -> dict[str, str]:
        """The first bar of `suite` counting `kind` (the index's project chart comes first)."""
        return next(bar for bar in self.bars if bar["data-suite"] == suite and bar["data-kind"] == kind)

    def marked(self, mark: str) -> list[int]:
        return sorted(number for number, css in self.lines.items() if css == mark)


def read_page(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    return page
