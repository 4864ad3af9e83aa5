"""The lines of the class no test reaches, unreachable or not reached within the budget
(reach/unreached.py), for the class's report: after the search, the lines none of its runs reached;
once JaCoCo measured the written tests, without those the tests did run (an observer's or a boundary
run's call)."""

from __future__ import annotations

import z3

from jtc.coverage.model import ClassCoverage
from jtc.exploration.session import ClassSession, SearchReport
from jtc.exploration.tree import Node
from jtc.pipeline.context import RunContext
from jtc.pipeline.subject import Subject, class_tables
from jtc.reach.unreached import UnreachedLine, unreached_lines


def unreached(context: RunContext, subject: Subject, session: ClassSession, explored: SearchReport) \
        -> list[UnreachedLine]:
    methods = [method for table in class_tables(context, subject) for method in table.methods if method.instrumented]

    def domain(node: Node) -> list[z3.BoolRef]:
        witness = node.parent.witness if node.parent is not None else None
        template = session.template_of(explored.executions[witness]) if witness is not None else None
        return template.variables().domain() if template is not None else []

    return unreached_lines(methods, explored.executions, session.trees(), domain)


def untested(lines: list[UnreachedLine], coverage: ClassCoverage) -> list[UnreachedLine]:
    """`lines` without those JaCoCo saw the written tests run."""
    return [line for line in lines if not ((found := coverage.line_at(line.line)) is not None and found.executed)]
