"""`--ask`, just before the tests are written: each chosen test's outcome judged by a person, on the
terminal or through the answers file (asking/judging.py); the tally goes to the class's report."""

from __future__ import annotations

import functools
from collections.abc import Callable

from jtc.asking.dialog import ask
from jtc.asking.judging import judged
from jtc.model.testcases import TestSuite
from jtc.pipeline.context import RunContext
from jtc.pipeline.report import ClassReport


def judging(context: RunContext, report: ClassReport) -> Callable[[TestSuite], TestSuite]:
    """What the write stage does to the suite it is about to write."""
    options = context.settings.ask
    assert options is not None
    asker = functools.partial(ask, read=input, write=functools.partial(print, flush=True)) \
        if options.interactive else None

    def judge(suite: TestSuite) -> TestSuite:
        suite, report.judged = judged(suite, context.index, options, asker)
        return suite

    return judge
