"""The comment above a test that makes a value a way the public API does not offer.

A reader meets `new CurrencyUnit("a", (short) 6, (short) 0)` and wonders why the test does not say
`CurrencyUnit.EUR`: the comment names the hidden way (model/public_api.py) and, where the run says,
what the test shows that no run made the public way showed (oracle/public_reach.py):

    // Made with the package-private constructor Currency(String, int): no run made the public way
    // reached line 31 of Prices.format.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from jtc.model.classindex import ClassIndex
from jtc.model.public_api import PublicApi
from jtc.model.testcases import TestCase

COMMENT_WIDTH = 100  # characters of a comment line after `// `


def hidden_ways_comment(cases: Sequence[TestCase], index: ClassIndex) -> list[str]:
    """The comment's lines (`// …`) for a test, or the cases of one parameterized test (their
    statements are the first's), none when it makes every value the public way."""
    ways = list(dict.fromkeys(way.words for way in PublicApi(index).hidden_ways_in(cases[0].program)))
    if not ways:
        return []
    reasons = list(dict.fromkeys(case.beyond_public for case in cases if case.beyond_public))
    why = f": no run made the public way {_listed(reasons)}" if reasons else ""
    return [f"// {line}" for line in textwrap.wrap(f"Made with {_listed(ways)}{why}.", COMMENT_WIDTH)]


def _listed(parts: list[str]) -> str:
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]
