"""Stage 1, setup: the class under test as invokables, and the ways to make what its calls take.

Everything the search needs before its first execution: the class's table and declaration, the
members under test, the pool of invokables its sequences may use, recipes for their arguments (the
valid-input sub-searches of parsers among them, which run here, within the budget), and the
sequence generator over all of it.
"""

from __future__ import annotations

import time

from jtc.errors import UnknownClassError
from jtc.exploration.generator import SequenceGenerator
from jtc.java.javac import release_for_tests
from jtc.java.toolchain import toolchain
from jtc.making.pool import build_pool
from jtc.making.recipes import RecipeBook
from jtc.making.targets import check_testable, testable_targets
from jtc.making.valid_inputs import ValidInputs, structured_producers
from jtc.model.classpath import check_loadable
from jtc.model.types import BinaryName, internal_from_binary, object_desc
from jtc.pipeline.clock import Clock, Stage
from jtc.pipeline.context import RunContext
from jtc.pipeline.sub_search import sub_search
from jtc.pipeline.subject import Subject


def set_up(context: RunContext, name: BinaryName, clock: Clock) -> Subject:
    """The class `name` set up for its search (the first part of the search stage of `clock`), or a
    one-line error: unknown, too new, untestable."""
    settings, index = context.settings, context.index
    check_loadable(index, name, toolchain())
    index.use_release(release_for_tests(index, [internal_from_binary(name)]))  # the JDK as its tests see it
    table = context.describe(name)
    declared = index.lookup(internal_from_binary(name))
    if table is None or declared is None:
        raise UnknownClassError(f"class {name} is not on the classpath")
    check_testable(declared)
    package = declared.name.rpartition("/")[0]
    analysis, workshop = context.analysis, context.workshop(package)
    pool = build_pool(declared, index, analysis, workshop.producers, settings.access, context.assignable)
    targets = testable_targets(pool, declared)
    made_by_steps = {object_desc(declared.name)} | {t.receiver for t in targets if t.receiver and t.owner.startswith("java/")}
    share = settings.budgets.sub_search_share
    explore = sub_search(context, pool, deadline=clock.part(Stage.SEARCH, share, 1.0 - share))
    valid = ValidInputs(context.sub_searches.cached(explore), pool.methods_run_by)
    taking = workshop.taking
    book = RecipeBook(workshop.producers, preparations=workshop.preparations, valid=valid.recipes_of, taking=taking,
                      parsed_types=valid.types_made)
    started = time.perf_counter()
    valid.find(structured_producers(declared, targets, workshop.producers, taking.holders), book)
    valid.find_own(targets, book)
    valid.find_configured(object_desc(declared.name), targets, book)
    valid_input_seconds = time.perf_counter() - started
    generator = SequenceGenerator(pool.invokables, pool.effects, pool.assignable, book.recipes, settings.generation,
                                  lambda desc: any(pool.assignable(desc, made) for made in made_by_steps),
                                  book.prepared, valid.for_input, taking.paths, valid.configured)
    return Subject(name, declared, table, analysis, pool, targets, taking, valid, generator, valid_input_seconds)
