"""`--ask`, just before the tests are validated for the last time: each chosen test's outcome judged
by a person, on the terminal or through the answers file (asking/judging.py)."""

from __future__ import annotations

import functools

from jtc.asking.dialog import ask
from jtc.asking.judging import Tally, judged
from jtc.model.testcases import TestSuite
from jtc.pipeline.context import RunContext


def judge(context: RunContext, suite: TestSuite) -> tuple[TestSuite, Tally]:
    """The suite with the answers applied (rejected outcomes asserted as expected, or @Disabled), and
    how many outcomes were accepted, rejected, skipped and not answered yet."""
    options = context.settings.ask
    assert options is not None  # judged only with --ask
    asker = functools.partial(ask, read=input, write=functools.partial(print, flush=True)) \
        if options.interactive else None
    return judged(suite, context.index, options, asker)
