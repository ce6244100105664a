"""One decision of a level-by-level solve: each option's exact value per class of seen cards, and the option chosen
(what the solver works out, and the strategy's views and lookups read)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ...contract.money import History
from ...game.description import Decision, Option


@dataclass(frozen=True)
class Chosen:
    """One decision under one history: each option's value per class (options in preference order) and the choice."""

    level: int
    decision: Decision
    history: History
    options: tuple[Option, ...]
    values: np.ndarray  # (options, classes) exact, in units of 1/scale per card set of the class
    choice: np.ndarray  # index into options, per class
    scale: int  # the common denominator of the values per initial unit (pays and stakes as integers)
    completions: int
    open: np.ndarray | None = None  # (options, classes): whether the player's hand may take the option (None: every one)

    def ev(self, option: int, row: int) -> Fraction:
        """The exact expected result, per initial unit, of taking ``option`` in class ``row``."""
        return Fraction(int(self.values[option, row]), self.scale * self.completions)
