"""Benchmark: High Card Flush counted suit by suit, against a plain numpy brute force in the same run.

Two deals:

- a smaller deal (``--small``: four cards each from the 20-card deck T-A): the brute force values every player
  hand and every dealer hand once, then counts every pair of disjoint hands; both give the six showdown cells of
  every class of player hands, compared exactly;
- the full game (seven cards each from 52): the showdown cells of a seeded sample of player hands, each against its
  45,379,620 dealer hands valued in numpy, compared exactly with the count's; the brute force's time per player
  hand is extrapolated to all 133,784,560.

Our side is the count of every class with its showdown cells (``BY_SUITS.counts``), and then the whole analysis
(the strategy, every bet's return table) of the shipped game, each timed in this process after the compiled kernels
are loaded. Times are processor seconds (``time.process_time``: the machine is shared, so its wall clock says more
about the neighbours than about the code), the wall clock beside them.

    python benchmarks/high_card_flush.py                 # 2 sampled player hands on the full deck
    python benchmarks/high_card_flush.py --sample 1
"""

from __future__ import annotations

import argparse
import itertools
import time
from contextlib import contextmanager
from math import comb
from typing import Iterator
from pathlib import Path

import numpy as np

from casino_math.analysis import GameAnalysis
from casino_math.methods.by_suits.method import BY_SUITS, suit_counts
from casino_math.analysis import load_game, load_game_text
from casino_math.showdown import hand_values
from casino_math.subsets import all_subsets

ROOT = Path(__file__).resolve().parent.parent
SMALL = """\
game: small
id: small
deck: {ranks: T-A}
deal:
  - player: 4
  - decide: {options: {fold: fold, raise: {raise: 1}}}
  - dealer: 4
hands:
  player: {of: [player], ranking: high-card-flush}
  dealer: {of: [dealer], ranking: high-card-flush}
dealer_qualifies: Q-high two-card flush
wagers:
  ante: {stake: 1, settle: {folded: lose, dealer_not_qualified: win, player_higher: win, equal: push, dealer_higher: lose}}
  raise: {settle: {dealer_not_qualified: push, player_higher: win, equal: push, dealer_higher: lose}}
"""


@contextmanager
def timed(into: list[float]) -> Iterator[None]:
    """Appends the processor time and the wall time of the block to ``into``."""
    cpu, wall = time.process_time(), time.perf_counter()
    yield
    into += [time.process_time() - cpu, time.perf_counter() - wall]


def cells(mine: int, dealer: np.ndarray, qualifier: int) -> list[int]:
    """The six showdown cells of a player hand worth ``mine`` against dealer hands worth ``dealer``."""
    qualified = dealer >= qualifier
    return [int(x) for x in (((~qualified) & (mine > dealer)).sum(), ((~qualified) & (mine == dealer)).sum(),
                             ((~qualified) & (mine < dealer)).sum(), (qualified & (mine > dealer)).sum(),
                             (qualified & (mine == dealer)).sum(), (qualified & (mine < dealer)).sum())]


def warm() -> None:
    """The compiled kernels loaded (from numba's cache) before anything is timed: a run pays that once, a second at most."""
    from casino_math.methods.by_suits.kernel import below, card_ids

    held = np.array([[1, 2, 4, 8]])
    below(held, 4, 2, held[:, :1], np.array([False]))
    card_ids(held, 4, 4)


def small_deal() -> None:
    game = load_game_text(SMALL, "small.yaml")
    ours: list[float] = []
    with timed(ours):
        counts = suit_counts(game)
    plain: list[float] = []
    with timed(plain):
        brute = small_brute_force(game)
    players = counts.last.cards["player"]
    agree = all(brute[tuple(players[i])] == counts.cells[i].tolist() for i in range(len(players)))
    print(f"small deal (4 cards each from T-A): {len(brute):,} player hands x {comb(16, 4):,} dealer hands, {len(players):,} classes")
    print(f"  suit by suit {ours[0] * 1000:.1f} ms of processor time ({ours[1] * 1000:.1f} ms wall); brute force {plain[0]:.2f} s "
          f"({plain[1]:.2f} s wall): {plain[0] / ours[0]:,.0f}x; every class's cells agree: {agree}")


def small_brute_force(game) -> dict[tuple, list[int]]:
    """The six cells of every player hand of the small deal: every hand valued once, every disjoint pair counted."""
    ranking, deck, q = game.hands["dealer"].ranking, game.deck, game.qualifier.value
    hands = all_subsets(len(deck.cards), 4)
    values = hand_values(ranking, deck, hands)
    held = np.zeros((len(hands), len(deck.cards)), dtype=bool)
    np.put_along_axis(held, hands, True, axis=1)
    bits = held.astype(np.int64) @ (1 << np.arange(len(deck.cards), dtype=np.int64))
    disjoint = (bits[:, None] & bits[None, :]) == 0  # every pair of hands, player by dealer
    brute = {}
    for row in range(len(hands)):
        brute[tuple(hands[row])] = cells(int(values[row]), values[disjoint[row]], q)
    return brute


def full_deck(sample: int, seed: int) -> None:
    path = ROOT / "paytables/high_card_flush/standard.yaml"
    game = load_game(path)
    count: list[float] = []
    with timed(count):
        counts = BY_SUITS.counts(game)
    solve: list[float] = []
    with timed(solve):
        edge = GameAnalysis(game).tables["ante_raise"].metrics.house_edge
    ranking, deck, q = game.hands["dealer"].ranking, game.deck, game.qualifier.value
    rng = np.random.default_rng(seed)
    rows = rng.choice(len(counts.last), sample, replace=False)
    plain: list[float] = []
    agree = True
    with timed(plain):
        for row in rows:
            player = counts.last.cards["player"][row]
            rest = np.setdiff1d(np.arange(52), player)
            mine = int(hand_values(ranking, deck, player[None])[0])
            totals = np.zeros(6, dtype=np.int64)
            for a, b in itertools.combinations(range(len(rest) - 5), 2):  # dealer hands by their two lowest cards: at most 962,598 at once
                tails = rest[b + 1:][all_subsets(len(rest) - b - 1, 5)]
                dealt = np.concatenate([np.broadcast_to(rest[[a, b]], (len(tails), 2)), tails], axis=1)
                totals += cells(mine, hand_values(ranking, deck, dealt), q)
            agree &= totals.tolist() == counts.cells[row].tolist()
    per_hand = plain[0] / sample
    brute = per_hand * comb(52, 7)
    ours = count[0] + solve[0]
    print(f"full deck: {len(counts.last):,} classes for {comb(52, 7):,} player hands x {comb(45, 7):,} dealer hands; house edge {float(edge):.6%}")
    print(f"  suit by suit: counts {count[0]:.1f} s, then the strategy and every table {solve[0]:.1f} s: {ours:.1f} s of processor time "
          f"({count[1] + solve[1]:.1f} s wall)")
    print(f"  brute force: {per_hand:.1f} s of processor time a player hand ({sample} sampled, cells agree exactly: {agree}), "
          f"{brute / 86400:,.0f} days for all: {brute / ours:,.0f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=2, help="player hands the full-deck brute force visits (N)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    warm()
    small_deal()
    full_deck(args.sample, args.seed)


if __name__ == "__main__":
    main()
