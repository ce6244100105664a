"""One module per game; each composes the engine and none re-implements it."""

from __future__ import annotations

from pathlib import Path

from ..paytable import GameConfig, load_game
from .three_card_poker import ThreeCardPokerAnalysis, analyze_config


def analyze(game: str | Path | GameConfig) -> ThreeCardPokerAnalysis:
    """Analyse a game file (a path, or an already loaded config): every wager it offers, exactly.

    >>> result = analyze("paytables/three_card_poker/standard.yaml")
    >>> [(w, str(e)) for w, e in result.summary[["wager", "house_edge"]].values[:2]]
    [('ante_play', '686689/20358520'), ('pair_plus', '128/5525')]
    """
    config = game if isinstance(game, GameConfig) else load_game(game)
    return analyze_config(config)


__all__ = ["analyze", "ThreeCardPokerAnalysis"]
