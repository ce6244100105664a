"""Simulation: the cross-check regulators ask for. Real hands, dealt with a seeded generator,
settled by the rules, their average return set beside the exact one.

Each hand deals six cards from a full deck, three to the player and three to
the dealer, and every wager the game file offers is settled on them: the
player plays or folds as the analysed strategy says for those three cards,
the dealer qualifies by the file's rule, side bets pay on the hands the
rankings make of the cards. Nothing here reads the counts the exact
analysis uses, so a mistake in either shows as an exact value outside the
simulation's 95% interval (which a correct value also falls outside of one
time in twenty).

>>> frame = simulate("paytables/three_card_poker/standard.yaml", hands=20_000, seed=7)
>>> frame["wager"].tolist(), bool(frame["inside"].all())
(['ante_play', 'pair_plus', 'six_card_bonus', 'prime'], True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Callable, Mapping

import numpy as np
import pandas as pd

from .cards import ACE, Deck
from .errors import InputError
from .games import ThreeCardPokerAnalysis, analyze
from .games.three_card_poker import paid_as
from .paytable import GameConfig, Pay
from .rankings import CATEGORY_SHIFT, get_ranking

Z_95 = 1.96
CHUNK = 200_000  # hands dealt at once: a few tens of megabytes of arrays
MAX_HANDS = 10**9
_SPADES = 3
_RED = (1, 2)  # diamonds and hearts


def deal_cards(rng: np.random.Generator, hands: int, deck_size: int, cards: int = 6) -> np.ndarray:
    """``hands`` rows of ``cards`` distinct card ids, each row a uniformly random ordered draw.

    Every card is drawn from the whole deck and a row that repeats a card is drawn again: the rows kept
    are uniform over ordered draws without repetition (about three rows in four pass for 6 of 52).
    """
    drawn = rng.integers(0, deck_size, size=(hands, cards))
    again = np.arange(hands)
    while len(again):
        ordered = np.sort(drawn[again], axis=1)
        again = again[(ordered[:, 1:] == ordered[:, :-1]).any(axis=1)]
        drawn[again] = rng.integers(0, deck_size, size=(len(again), cards))
    return drawn


def _pays_by_class(classes: tuple[str, ...], pays: Mapping[str, Fraction]) -> np.ndarray:
    """Net of each hand class: the most specific category on the table pays, else the bet loses."""
    nets = []
    for name in classes:
        paid = paid_as(name, pays)
        nets.append(float(pays[paid]) if paid else -1.0)
    return np.array(nets)


def _nets(pays: Mapping[str, Pay | str], jackpot: Fraction | None = None) -> dict[str, Fraction]:
    return {c: jackpot - 1 if p == "jackpot" else p.net for c, p in pays.items()}  # type: ignore[operator,union-attr]


@dataclass(frozen=True, eq=False)
class Table:
    """One game file at the table: its rules, the analysed strategy and pays, ready to settle dealt cards."""

    analysis: ThreeCardPokerAnalysis

    @cached_property
    def deck(self) -> Deck:
        return Deck.named(self.analysis.config.rules.deck)

    @cached_property
    def _cards(self) -> tuple[np.ndarray, np.ndarray]:
        cards = self.deck.cards
        rank_of, suit_of = np.array([c.rank for c in cards]), np.array([c.suit for c in cards])
        # card ids run by rank then suit, so sorting ids sorts hands as the rankings expect (see _sorted)
        assert np.all(np.diff(rank_of * 8 + suit_of) > 0), "cards must be ordered by rank, then suit"
        return rank_of, suit_of

    def _sorted(self, ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Ranks and suits of each row, high rank first (ties: high suit first), as sort_hands orders them."""
        rank_of, suit_of = self._cards
        descending = np.sort(ids, axis=1)[:, ::-1]  # cheaper than sort_hands' argsort of (rank, suit) keys
        return rank_of[descending], suit_of[descending]

    @cached_property
    def _hand_index(self) -> np.ndarray:
        """Card ids of a three-card hand (ascending) → its row in the analysis, where the strategy is kept."""
        n = len(self.deck)
        index = np.full((n, n, n), -1, dtype=np.int64)
        ids = self.analysis.deal.hands.cards
        index[ids[:, 0], ids[:, 1], ids[:, 2]] = np.arange(len(ids))
        return index

    def settle(self, cards: np.ndarray) -> dict[str, np.ndarray]:
        """Net result per initial unit of every wager offered, for each row of six card ids (player's three first)."""
        three = get_ranking("three-card", self.deck)
        pr, ps = self._sorted(cards[:, :3])
        dr, ds = self._sorted(cards[:, 3:])
        player, dealer = three.best_values(pr, ps), three.best_values(dr, ds)
        category = player >> CATEGORY_SHIFT
        # the player's hand class: its category, or the mini-royal (suited A-K-Q) and its spade version
        classes = (*three.categories, "mini_royal", "spade_mini_royal")
        mini = (category == three.categories.index("straight_flush")) & (pr[:, 0] == ACE) & (pr[:, 1] == ACE - 1) & (pr[:, 2] == ACE - 2)
        hand_class = np.where(mini, np.where(ps[:, 0] == _SPADES, len(classes) - 1, len(classes) - 2), category)
        w, a = self.analysis.config.wagers, self.analysis
        out: dict[str, np.ndarray] = {}
        if w.ante_play is not None:
            plays = a.ante_play.plays[self._hand_index[tuple(np.sort(cards[:, :3], axis=1).T)]]
            # ante and play: 1 to 1 each when the player wins, the play pushes when the dealer does not qualify
            result = np.where(dealer < a.deal.qualifying_value, 1, 2 * np.sign(player - dealer))
            bonus = _nets(w.ante_play.ante_bonus)
            paid_bonus = np.array([float(bonus.get(c, 0)) for c in three.categories])[category]
            out["ante_play"] = np.where(plays, result + paid_bonus, -1.0)
        if w.pair_plus is not None:
            out["pair_plus"] = _pays_by_class(classes, _nets(w.pair_plus.pays))[hand_class]
        if w.six_card_bonus is not None:
            high = get_ranking("high", self.deck)
            six = high.best_values(*self._sorted(cards)) >> CATEGORY_SHIFT
            # no fallback here: a royal flush pays only what royal_flush pays, as the analysis settles it
            out["six_card_bonus"] = np.array([float(w.six_card_bonus.pays[c].net) if c in w.six_card_bonus.pays else -1.0
                                              for c in high.categories])[six]
        if w.prime is not None:
            red = np.isin(self._cards[1], _RED)[cards]
            player_one_colour = np.all(red[:, :3] == red[:, :1], axis=1)
            all_six = player_one_colour & np.all(red[:, 3:] == red[:, :1], axis=1)
            prime_class = np.where(all_six, 2, np.where(player_one_colour, 1, 0))
            out["prime"] = _pays_by_class(("no_colour", "three_same_color", "six_same_color"), _nets(w.prime.pays))[prime_class]
        if w.progressive is not None:
            out["progressive"] = _pays_by_class(classes, _nets(w.progressive.pays, w.progressive.jackpot))[hand_class]
        return out


def simulate(game: str | Path | GameConfig, hands: int = 1_000_000, seed: int = 1,
             progress: Callable[[int], None] | None = None) -> pd.DataFrame:
    """Deal ``hands`` hands (seeded) and settle every wager on each; per wager, the observed mean return per
    initial unit with its 95% interval beside the exact expected return, and whether the exact value is inside.

    ``progress`` is called with the hands dealt after each chunk.
    """
    if not 2 <= hands <= MAX_HANDS:
        raise InputError(f"--hands: deal between 2 and {MAX_HANDS:,} hands, not {hands:,}")
    if seed < 0:
        raise InputError(f"--seed: a seed is a whole number of 0 or more, not {seed}")
    analysis = analyze(game)
    table = Table(analysis)
    rng = np.random.default_rng(seed)
    sums: dict[str, list[float]] = {}
    done = 0
    while done < hands:
        m = min(CHUNK, hands - done)
        for wager, net in table.settle(deal_cards(rng, m, len(table.deck))).items():
            total = sums.setdefault(wager, [0.0, 0.0])
            total[0] += float(net.sum())
            total[1] += float(np.dot(net, net))
        done += m
        if progress is not None:
            progress(done)
    rows = []
    for wager, (s, s2) in sums.items():
        mean = s / hands
        se = math.sqrt(max(s2 / hands - mean * mean, 0.0) * hands / (hands - 1) / hands)
        exact = analysis.tables[wager].metrics.expected_return
        low, high = mean - Z_95 * se, mean + Z_95 * se
        rows.append({
            "wager": wager, "hands": hands, "observed_return": mean, "standard_error": se, "ci_low": low, "ci_high": high,
            "exact_return": exact, "exact_return_float": float(exact), "z": (mean - float(exact)) / se if se else 0.0,
            "inside": bool(low <= float(exact) <= high),
        })
    frame = pd.DataFrame(rows)
    frame.attrs.update(seed=seed, hands=hands)
    return frame
