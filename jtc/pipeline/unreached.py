"""After the search: the lines of the class no run reached, unreachable or not reached within the
budget (reach/unreached.py), for the class's report."""

from __future__ import annotations

import z3

from jtc.exploration.session import ClassSession, SearchReport
from jtc.exploration.tree import Node
from jtc.pipeline.context import RunContext
from jtc.pipeline.search import class_tables
from jtc.pipeline.setup import Subject
from jtc.reach.unreached import UnreachedLine, unreached_lines


def unreached(context: RunContext, subject: Subject, session: ClassSession, explored: SearchReport) \
        -> list[UnreachedLine]:
    methods = [method for table in class_tables(context, subject) for method in table.methods if method.instrumented]

    def domain(node: Node) -> list[z3.BoolRef]:
        witness = node.parent.witness if node.parent is not None else None
        template = session.template_of(explored.executions[witness]) if witness is not None else None
        return template.variables().domain() if template is not None else []

    return unreached_lines(methods, explored.executions, session.trees(), domain)
