"""Benchmark: analysing the standard Three Card Poker game, every wager, from nothing cached,
against a plain numpy brute force that settles every one of the 407,170,400 deals.

The brute force walks the player hands; for each it settles all 18,424 dealer hands at once
(Ante/Play by comparing hand values, Pair Plus, Prime by colour, and the Six Card Bonus by
evaluating the best five of the six cards of each deal). It uses no counting tricks. By
default it times a seeded sample of player hands and extrapolates to all 22,100 (the time
per player hand is flat); ``--full`` runs all of them. It also checks, on the hands it
visits, that its win/tie/loss counts equal the fast path's.

    python benchmarks/three_card_poker.py [--sample 400] [--full]

Target (issue #3): the analysis under 0.5 s and at least 20x faster than the brute force.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from casino_math import analyze
from casino_math.games import three_card_poker
from casino_math.rankings import CATEGORY_SHIFT, get_ranking, sort_hands

STANDARD = Path(__file__).resolve().parent.parent / "paytables" / "three_card_poker" / "standard.yaml"


def cold_analysis() -> tuple[float, object]:
    three_card_poker.deal.cache_clear()
    get_ranking.cache_clear()
    start = time.perf_counter()
    result = analyze(STANDARD)
    return time.perf_counter() - start, result


def brute_force(result, player_indices: np.ndarray) -> tuple[float, dict[str, np.ndarray], np.ndarray]:
    """Settle every deal of the given player hands: seconds, per-hand counts, six-card categories over the deals."""
    deal = result.deal
    hands = deal.hands
    cards = hands.cards
    bits = (np.int64(1) << cards).sum(axis=1)
    three = hands.values
    qualifying = deal.qualifying_value
    high = get_ranking("high")
    rank_of = np.array([c.rank for c in high.deck.cards])
    suit_of = np.array([c.suit for c in high.deck.cards])
    counts = {k: np.zeros(len(player_indices), dtype=np.int64) for k in ("wins", "ties", "losses", "not_qualified")}
    counts["six_same_color"] = np.zeros(len(player_indices), dtype=np.int64)
    six_card_categories = np.zeros(len(high.categories), dtype=np.int64)
    start = time.perf_counter()
    for row, p in enumerate(player_indices):
        dealer = (bits & bits[p]) == 0
        dealer_values = three[dealer]
        qualifies = dealer_values >= qualifying
        counts["wins"][row] = np.count_nonzero(qualifies & (three[p] > dealer_values))
        counts["ties"][row] = np.count_nonzero(qualifies & (three[p] == dealer_values))
        counts["losses"][row] = np.count_nonzero(qualifies & (three[p] < dealer_values))
        counts["not_qualified"][row] = np.count_nonzero(~qualifies)
        # Prime: colours of all six cards of each deal
        six = np.concatenate([np.broadcast_to(cards[p], (dealer_values.size, 3)), cards[dealer]], axis=1)
        red = (suit_of[six] % 3) != 0
        counts["six_same_color"][row] = np.count_nonzero(np.all(red == red[:, :1], axis=1))
        # Six Card Bonus: best five of the six cards of each deal
        ranks, suits = sort_hands(rank_of[six], suit_of[six])
        six_card_categories += np.bincount(high.best_values(ranks, suits) >> CATEGORY_SHIFT, minlength=len(high.categories))
    return time.perf_counter() - start, counts, six_card_categories


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=400, help="player hands the brute force visits (of 22,100)")
    parser.add_argument("--full", action="store_true", help="visit all 22,100 player hands (several minutes)")
    args = parser.parse_args()

    ours = min(cold_analysis()[0] for _ in range(3))
    _, result = cold_analysis()
    players = result.deal.hands.size
    chosen = np.arange(players) if args.full else np.sort(np.random.default_rng(1).choice(players, args.sample, replace=False))
    seconds, counts, six_card_categories = brute_force(result, chosen)
    six_same = counts.pop("six_same_color")
    for key, values in counts.items():
        assert np.array_equal(values, getattr(result.deal, key)[chosen]), key
    if args.full:
        # every six-card set is dealt C(6,3) = 20 ways (which three the player gets)
        six = {o.name: o.combinations for o in result.six_card_bonus.outcomes}
        assert six["royal flush"] * 20 == six_card_categories[-1]
        assert {o.name: o.combinations for o in result.prime.outcomes}["six same color"] == six_same.sum()
    brute = seconds * players / len(chosen)
    print(f"analysis, every wager, nothing cached: {ours:.3f} s (best of 3)")
    print(f"brute force: {seconds:.2f} s for {len(chosen):,} player hands x 18,424 dealer hands"
          + ("" if args.full else f"; extrapolated to all 22,100: {brute:.1f} s"))
    print(f"ratio: {brute / ours:,.0f}x faster (target: 20x, and under 0.5 s)")
    print(f"ante/play win-tie-loss counts agree on all {len(chosen):,} player hands visited")


if __name__ == "__main__":
    main()
