"""The counting methods, the one module that names them: which method counts a game, and game files read with every
method's sections and problems.

Each method lives in its own folder of :mod:`casino_math.methods` behind the contract of
:mod:`casino_math.contract.method`; the tools reach them only through :class:`~casino_math.analysis.GameAnalysis`,
which asks this registry for the method that fits a game, and read game files by :func:`load_game` (the file reader,
:mod:`casino_math.game.loader`, names no method: it is given the sections methods read themselves and asks the
method that fits a game what it cannot count).

>>> game = load_game("paytables/three_card_poker/standard.yaml")
>>> method_for(game).name, [m.unfit(game) for m in methods()]
('level by level', ['not a dice or wheel game file (no rolls: section)', 'not a blackjack game file (no blackjack: section)', "not a game of bets on the dealer's hand (no dealer_bets: section)", 'not a Pai Gow Poker game file (no pai_gow: section)', 'not a video poker game file (no draw: section)', 'not dealt from a shoe nor valued in points', 'not dealt from a shoe nor valued in points', 'no board dealt in two stages after two hole cards', 'no dealer hand ranked by its best suit', None])
"""

from __future__ import annotations

import sys
from importlib import import_module
from pathlib import Path
from typing import Any

from .contract.method import Method
from .game import loader
from .game.description import Game
from .game.sections import Problem, Section


def _section(key: str, module: str) -> Section:
    """The ``key:`` section of a game file, read by the ``SECTION`` of the method's ``module`` (of
    :mod:`casino_math.methods`), which is imported only when a file has the section or the schema is asked for: reading
    a game file loads no other method's reader (a tenth of a second or more each)."""

    def reader() -> Section:
        section: Section = import_module(f"{__package__}.methods.{module}").SECTION
        return section

    return Section(key, lambda *read: reader().build(*read), lambda schema: reader().schema(schema))


#: the sections of a game file a method reads itself, each with its reader's module (of casino_math.methods)
READERS = {"blackjack": "blackjack.game_file", "dealer_bets": "blackjack.dealer_bet_file", "pai_gow": "pai_gow.game_file",
           "draw": "draw.game_file", "rolls": "rolls.game_file"}
SECTIONS = tuple(_section(key, module) for key, module in READERS.items())  # the first a file has reads it


def load_game(path: str | Path) -> Game:
    """Load and check one game file: its section read by its method's reader, what the method that fits the game cannot
    count said at its place in the file."""
    return loader.read_game(path, SECTIONS, problems)


def load_game_text(text: str, filename: str = "<text>") -> Game:
    """Check a game file's text (no ``extends``: a variant needs its file's folder), as :func:`load_game`."""
    return loader.read_game_text(text, filename, SECTIONS, problems)


def game_schema() -> dict[str, Any]:
    """JSON Schema of a game file, for editors, with every method's sections."""
    return loader.schema(SECTIONS)


def problems(game: Game) -> tuple[Problem, ...]:
    """What the method that fits ``game`` cannot count in it (none where no method fits: the analysis says so)."""
    fitting = next((m for m in _may_fit(game) if m.unfit(game) is None), None)
    return tuple(fitting.problems(game)) if fitting is not None else ()


def methods() -> tuple[Method, ...]:
    """Every counting method, the most specific first (the engines load when asked for, not with the registry)."""
    from .methods.blackjack.dealer_bet_method import DEALER_BETS
    from .methods.blackjack.method import BLACKJACK
    from .methods.by_kind.method import BY_KIND
    from .methods.by_suits.method import BY_SUITS
    from .methods.draw.method import DRAW_METHOD
    from .methods.holdem.method import HOLDEM
    from .methods.level_by_level.solver import LEVEL_BY_LEVEL
    from .methods.pai_gow.method import PAI_GOW
    from .methods.rolls.method import ROLLS
    from .methods.shoe_decisions.method import SHOE_DECISIONS

    return ROLLS, BLACKJACK, DEALER_BETS, PAI_GOW, DRAW_METHOD, SHOE_DECISIONS, BY_KIND, HOLDEM, BY_SUITS, LEVEL_BY_LEVEL


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
    A game of a method's own file type exists only once its reader is imported (:data:`SECTIONS`): a file type whose
    reader was never imported is not looked at, so that no other method's reader loads.
    """
    if _imported("draw.game_file"):  # video poker's own file type: its method alone, no other engine loaded
        from .methods.draw.game_file import DrawGame

        if isinstance(game, DrawGame):
            from .methods.draw.method import DRAW_METHOD

            return (DRAW_METHOD,)
    if _imported("rolls.game_file"):
        from .methods.rolls.game_file import RollsGame

        if isinstance(game, RollsGame):
            from .methods.rolls.method import ROLLS

            return (ROLLS,)
    if _imported("blackjack.game_file") or _imported("blackjack.dealer_bet_file"):  # blackjack's file types: their methods alone
        from .methods.blackjack.dealer_bet_file import DealerBetGame
        from .methods.blackjack.game_file import BlackjackGame

        if isinstance(game, (BlackjackGame, DealerBetGame)):
            from .methods.blackjack.dealer_bet_method import DEALER_BETS
            from .methods.blackjack.method import BLACKJACK

            return (BLACKJACK,) if isinstance(game, BlackjackGame) else (DEALER_BETS,)
    if _imported("pai_gow.game_file"):
        from .methods.pai_gow.game_file import PaiGowGame

        if isinstance(game, PaiGowGame):
            return methods()
    from .methods.by_kind.method import BY_KIND
    from .methods.by_suits.method import BY_SUITS
    from .methods.holdem.method import HOLDEM
    from .methods.level_by_level.solver import LEVEL_BY_LEVEL
    from .methods.shoe_decisions.method import SHOE_DECISIONS

    return SHOE_DECISIONS, BY_KIND, HOLDEM, BY_SUITS, LEVEL_BY_LEVEL


def _imported(module: str) -> bool:
    """Whether the method's ``module`` (of :mod:`casino_math.methods`) has been imported in this process."""
    return f"{__package__}.methods.{module}" in sys.modules
