"""The likely bugs of a class as its report states them, each with its shortest reproduction: a test
case the suite may carry @Disabled (--emit-likely-bugs)."""

from __future__ import annotations

import dataclasses

from jtc.emit.render import test_method_source
from jtc.model.classindex import ClassIndex
from jtc.model.testcases import TestCase
from jtc.model.types import InternalName
from jtc.oracle.bugs import BugGroup, ReportedBug
from jtc.oracle.outcomes import outcome_at
from jtc.oracle.selection import Candidate, build_suite


def likely_bug_groups(class_name: InternalName, groups: list[BugGroup],
                      index: ClassIndex) -> list[tuple[ReportedBug, TestCase]]:
    """Each group of crashes as reported (with how many executions showed it and the Java source of
    its shortest reproduction), and that reproduction as a test case to write @Disabled."""
    found = []
    for group in groups:
        bug, execution = group.bug, group.execution
        at_bug = Candidate(execution, outcome_at(execution, bug.statement), frozenset(), ())
        case = dataclasses.replace(build_suite(class_name, [at_bug], index.declares_checked).tests[0],
                                   likely_bug=f"likely bug: {bug.summary}")
        source = test_method_source(case, class_name, index)
        found.append((ReportedBug(bug.exception, bug.message, bug.site, bug.called_from, tuple(bug.java_stack),
                                  group.executions, source), case))
    return found
