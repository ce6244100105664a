"""How a ranking writes a hand down: the bits of a value that hold its category, the code of a wild card among ranks,
and the categories a bug may complete.

>>> (3 << CATEGORY_SHIFT) >> CATEGORY_SHIFT, WILD < 2
(3, True)
"""

from __future__ import annotations

CATEGORY_SHIFT = 20  # a value's category sits above its tie-break: a stronger category always wins
WILD = 1  # rank code of a wild card in value arrays: below every natural rank, so it sorts last
# the hands the bug may complete: straights and flushes, Sökö's four-card ones included
BUG_CATEGORIES = frozenset({"straight", "flush", "straight_flush", "royal_flush", "four_straight", "four_flush"})
