"""The Java text the templates in emit/templates/ own: the test class (junit5.java.j2, with the
reflection helpers of reflection.java.j2) and the blocks a test body holds (blocks.java.j2: a stub's
anonymous class, a seeded loop, a `try`/`finally` that puts state back). Python decides what goes
in them; the templates give it its shape."""

from __future__ import annotations

import functools

import jinja2

from jtc.emit.literals import string_literal


@functools.cache
def _environment() -> jinja2.Environment:
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("jtc.emit", "templates"), undefined=jinja2.StrictUndefined,
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True, autoescape=False)
    environment.filters["java_string"] = string_literal  # a text as a Java string literal
    return environment


def test_class_template() -> jinja2.Template:
    return _environment().get_template("junit5.java.j2")


def block(name: str, **values: object) -> str:
    """The text of the block macro `name` of blocks.java.j2 for `values`: its lines after the first
    are indented relative to the first, as a test body's lines are."""
    return str(getattr(_environment().get_template("blocks.java.j2").module, name)(**values))
