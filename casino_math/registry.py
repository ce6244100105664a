"""The counting methods, the one module that names them: which method counts a game.

Each method lives in its own folder of :mod:`casino_math.methods` behind the contract of
:mod:`casino_math.contract.method`; the tools reach them only through :class:`~casino_math.analysis.GameAnalysis`,
which asks this registry for the method that fits a game.

>>> from casino_math.game.loader import load_game
>>> game = load_game("paytables/three_card_poker/standard.yaml")
>>> method_for(game).name, [m.unfit(game) for m in methods()]
('level by level', ['not a blackjack game file (no blackjack: section)', 'not a Pai Gow Poker game file (no pai_gow: section)', 'not dealt from a shoe nor valued in points', 'not dealt from a shoe nor valued in points', 'no board dealt in two stages after two hole cards', 'no dealer hand ranked by its best suit', None])
"""

from __future__ import annotations

from .contract.method import Method
from .game.description import Game


def methods() -> tuple[Method, ...]:
    """Every counting method, the most specific first (the engines load when asked for, not with the registry)."""
    from .methods.blackjack.method import BLACKJACK
    from .methods.by_kind.method import BY_KIND
    from .methods.by_suits.method import BY_SUITS
    from .methods.holdem.method import HOLDEM
    from .methods.level_by_level.solver import LEVEL_BY_LEVEL
    from .methods.pai_gow.method import PAI_GOW
    from .methods.shoe_decisions.method import SHOE_DECISIONS

    return BLACKJACK, PAI_GOW, SHOE_DECISIONS, BY_KIND, HOLDEM, BY_SUITS, LEVEL_BY_LEVEL


def method_for(game: Game) -> Method:
    """The first method that fits ``game``, in the order of :func:`methods` (the most specific first)."""
    for method in _may_fit(game):
        if method.unfit(game) is None:
            return method
    reasons = "; ".join(f"{m.name}: {m.unfit(game)}" for m in methods())
    raise ValueError(f"{game.id}: no counting method fits ({reasons})")


def _may_fit(game: Game) -> tuple[Method, ...]:
    """The methods of :func:`methods` that may fit ``game``, in its order. Blackjack and Pai Gow Poker count only games of
    their own file types, and their engines import compiled kernels (half a second or more): loaded only for such a game.
    """
    from .methods.blackjack.game_file import BlackjackGame
    from .methods.pai_gow.game_file import PaiGowGame

    if isinstance(game, (BlackjackGame, PaiGowGame)):
        return methods()
    from .methods.by_kind.method import BY_KIND
    from .methods.by_suits.method import BY_SUITS
    from .methods.holdem.method import HOLDEM
    from .methods.level_by_level.solver import LEVEL_BY_LEVEL
    from .methods.shoe_decisions.method import SHOE_DECISIONS

    return SHOE_DECISIONS, BY_KIND, HOLDEM, BY_SUITS, LEVEL_BY_LEVEL
