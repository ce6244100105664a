"""Blackjack, counted exactly: the rules as data, the dealer's totals and the player's expected values from the
exact shoe, the optimal (composition-dependent) and basic (total-dependent) strategies, and the par-sheet figures.

The package is one counting method behind the contract of :mod:`casino_math.contract.method` (``BLACKJACK`` in
:mod:`~casino_math.methods.blackjack.method`), reached through :class:`~casino_math.analysis.GameAnalysis` like every other method.
"""
