"""java.lang.Character predicates as ranges of chars.

`Character.isWhitespace` decides where StringUtils' blank checks, strips and splits cut a text;
left concrete, the search never asks for a blank char. Its set in the Basic Multilingual Plane is a
few ranges (the Unicode space, line and paragraph separators without the non-breaking ones, and the
ASCII controls \\t to \\r and \\u001C to \\u001F), which z3 takes as a cheap disjunction.
"""

from __future__ import annotations

import z3

from jtc.svm.models.maths import Predicate

CHARACTER = "java/lang/Character"
WHITESPACE = ((0x09, 0x0D), (0x1C, 0x20), (0x1680, 0x1680), (0x2000, 0x2006), (0x2008, 0x200A),
              (0x2028, 0x2029), (0x205F, 0x205F), (0x3000, 0x3000))


def in_ranges(code: z3.BitVecRef, ranges: tuple[tuple[int, int], ...]) -> z3.BoolRef:
    """`code` (a char, zero-extended to an int) lies in one of the inclusive `ranges`."""
    return z3.Or([z3.And(z3.UGE(code, low), z3.ULE(code, high)) if low != high else code == low
                  for low, high in ranges])


MODELS = {
    (CHARACTER, "isWhitespace", "(C)Z"): Predicate("I", lambda c: in_ranges(c, WHITESPACE)),
}
