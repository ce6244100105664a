"""Compiled kernels (numba) for the loops numpy cannot make fast enough, each with a plain reference beside it.

A kernel is compiled the first time it runs and cached on disk (``cache=True``),
so later runs start at once. Every kernel has a reference implementation in
plain numpy or Python that the tests check it against on small decks.

- :mod:`~casino_math.kernels.start`: numba's start without SciPy's linear algebra nor CFFI (a module whose kernels always
  load calls it first: the draw method's);
- :mod:`~casino_math.kernels.showdown`: dealer hands below thresholds by inclusion–exclusion (the generic engine's showdown);
- :mod:`~casino_math.kernels.suits`: canonical members under suit renamings;
- :mod:`~casino_math.kernels.classes`: a level's classes from their parents (one card dealt first, distinct keys, edges);
- :mod:`~casino_math.kernels.sums`: the level-by-level solve's passes over the last level's classes;
- :mod:`~casino_math.methods.holdem.kernels.tables` (numpy only): hand strength tables, filled from a ranking's own declaration;
- :mod:`~casino_math.methods.holdem.kernels.hands`: hand strength by lookup in them, one hand or every hole pair on a board;
- :mod:`~casino_math.methods.holdem.kernels.pairs`: one board, every hole pair against every other by inclusion–exclusion over shared cards;
- :mod:`~casino_math.methods.holdem.kernels.boards`: the boards that complete one flop, summed per hole pair, with the decisions on the way
  (:mod:`casino_math.methods.holdem.method`);
- :mod:`~casino_math.methods.by_suits.kernel`: dealer hands below a flush where hands are worth their best suit, a product of one
  polynomial per suit (:mod:`casino_math.methods.by_suits.method`, High Card Flush).
"""
