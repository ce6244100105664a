"""The game model: a table game as declared in its file, read and checked, and nothing computed.

:class:`~casino_math.game.description.Game` is the declared game (its deck, deal, decisions, hands, wagers,
side bets and paytables, as immutable values), :func:`~casino_math.game.loader.read_game` reads one
from its YAML file with the file sections it is given (the model names no
game: :func:`casino_math.analysis.load_game` reads any game file, with the
sections the counting methods declare, such as ``blackjack:``),
:class:`~casino_math.game.situations.Situation` names how a deal ends for a wager, and :class:`~casino_math.game.simple_strategies.Rule` is a
simple strategy forcing one decision. Names are imported when first used:
reading game files loads the file checker, which takes a while, so
``import casino_math.game`` alone stays quick.

>>> from casino_math.game import Game, read_game
>>> game = read_game("paytables/three_card_poker/standard.yaml")
>>> isinstance(game, Game), game.bet, [bet.name for bet in game.side_bets]
(True, 'ante_play', ['pair_plus', 'six_card_bonus', 'prime'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import exports

if TYPE_CHECKING:  # the types for checkers; at run time each name is imported when first used
    from .description import (
        Deal, Decision, Draw, Game, Hand, Line, Names, Option, Paytable, Qualifier, Result, SideBet, Stop, Wager, War,
    )
    from .loader import read_game, read_game_text
    from .simple_strategies import Rule, parse_rule
    from .situations import Situation

_EXPORTS = {
    **dict.fromkeys(["Deal", "Decision", "Draw", "Game", "Hand", "Line", "Names", "Option", "Paytable", "Qualifier", "Result",
                     "SideBet", "Stop", "Wager", "War"], "description"),
    "read_game": "loader", "read_game_text": "loader",
    "Rule": "simple_strategies", "parse_rule": "simple_strategies",
    "Situation": "situations",
}
__all__ = ["Deal", "Decision", "Draw", "Game", "Hand", "Line", "Names", "Option", "Paytable", "Qualifier", "Result", "Rule",
           "SideBet", "Situation", "Stop", "Wager", "War", "parse_rule", "read_game", "read_game_text"]


__getattr__ = exports(globals(), __name__, _EXPORTS)
