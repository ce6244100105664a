"""Compiled kernels (numba) for the loops numpy cannot make fast enough, each with a plain reference beside it.

A kernel is compiled the first time it runs and cached on disk (``cache=True``),
so later runs start at once. Every kernel has a reference implementation in
plain numpy or Python that the tests check it against on small decks.

- :mod:`.showdown`: dealer hands below thresholds by inclusion–exclusion (the generic engine's showdown);
- :mod:`.suits`: canonical members under suit renamings;
- :mod:`.tables` (numpy only): hand strength tables, filled from a ranking's own declaration;
- :mod:`.hands`: hand strength by lookup in them, one hand or every hole pair on a board;
- :mod:`.pairs`: one board, every hole pair against every other by inclusion–exclusion over shared cards;
- :mod:`.boards`: the boards that complete one flop, summed per hole pair, with the decisions on the way
  (:mod:`casino_math.methods.holdem.method`);
- :mod:`.suit_counts`: dealer hands below a flush where hands are worth their best suit, a product of one
  polynomial per suit (:mod:`casino_math.methods.by_suits.method`, High Card Flush).
"""
