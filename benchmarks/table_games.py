"""Benchmark: the generic engine, cold from the command line, against plain numpy brute forces in the same run.

For each game, ``casino-math analyze FILE --format json`` runs in a fresh
process (imports included: what a user waits for), best of ``--repeat``. The
brute force beside it visits every deal one at a time (vectorised over the
last cards dealt), tries every option at every decision by backward
induction over explicit card sets, and values hands from a table of every
five-card (or three-card) hand. It knows each game's rules from its own code,
not from the game file.

- Let It Ride and Mississippi Stud: every deal, in exact integers, so the house edges are compared exactly.
- Double Down Stud: every deal, in exact integers, so the house edges are compared exactly.
- Three Card Poker, Caribbean Stud, Four Card Poker, Crazy 4 Poker and DJ Wild Stud: a seeded sample of player
  hands (with a dealer up card for Caribbean Stud and Four Card Poker), every dealer hand against each,
  extrapolated to all of them; the time per player hand is flat.

    python benchmarks/table_games.py                                   # Three Card Poker, Let It Ride, Mississippi Stud
    python benchmarks/table_games.py --games caribbean_stud four_card_poker --repeat 1
    python benchmarks/table_games.py --games double_down_stud crazy_4_poker dj_wild_stud --repeat 1 --sample 40

Targets (issue #9): Let It Ride and Mississippi Stud under 5 s cold; Three Card Poker cold at least 20x
faster than the brute force; Caribbean Stud on the full deck under 10 minutes.
"""

from __future__ import annotations

import argparse
import itertools
import json
import resource
import subprocess
import sys
import time
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np

from casino_math.rankings import CATEGORY_SHIFT, get_ranking
from casino_math.subsets import all_subsets, colex

ROOT = Path(__file__).resolve().parent.parent
FILES = {
    "three_card_poker": ROOT / "paytables/three_card_poker/standard.yaml",
    "let_it_ride": ROOT / "paytables/let_it_ride/standard.yaml",
    "mississippi_stud": ROOT / "paytables/mississippi_stud/standard.yaml",
    "caribbean_stud": ROOT / "paytables/caribbean_stud/standard.yaml",
    "four_card_poker": ROOT / "paytables/four_card_poker/standard.yaml",
    "double_down_stud": ROOT / "paytables/double_down_stud/standard.yaml",
    "crazy_4_poker": ROOT / "paytables/crazy_4_poker/standard.yaml",
    "dj_wild_stud": ROOT / "paytables/dj_wild_stud/standard.yaml",
}
CARD = np.arange(52)
RANK, SUIT = CARD // 4 + 2, CARD % 4  # the standard deck's ids: rank by rank, four suits each


def cold(path: Path, repeat: int) -> tuple[float, dict, float]:
    """Best wall time of ``casino-math analyze --format json`` in a fresh process, its output, and its peak memory (MiB)."""
    best, out, peak = float("inf"), {}, 0.0
    for _ in range(repeat):
        start = time.perf_counter()
        run = subprocess.run([sys.executable, "-m", "casino_math", "analyze", str(path), "--format", "json"],
                             capture_output=True, text=True, check=True)
        best = min(best, time.perf_counter() - start)
        out = json.loads(run.stdout)
        peak = max(peak, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)
    return best, out, peak


def value_table(name: str, n: int) -> np.ndarray:
    """The value of every n-card hand, indexed by the colex rank of its sorted card ids."""
    ids = all_subsets(52, n)[:, ::-1]  # high card first, as rankings take them
    return get_ranking(name).best_values(RANK[ids], SUIT[ids])


def lookup(table: np.ndarray, ids: np.ndarray) -> np.ndarray:
    return table[colex(np.sort(ids, axis=-1))]


def paytable(name: str, table: dict[str, int], pairs: list[tuple[int, int, int]]) -> np.ndarray:
    """Net pay of each hand value's category (and of pairs by rank range: (low, high, pay)); -1 loses."""
    ranking = get_ranking(name)
    def pay(v: np.ndarray) -> np.ndarray:
        category = v >> CATEGORY_SHIFT
        out = np.full(v.shape, -1, dtype=np.int64)
        for name_, p in table.items():
            out[category == ranking.categories.index(name_)] = p
        pair, rank = category == ranking.categories.index("one_pair"), v >> 16 & 0xF
        for low, high, p in pairs:
            out[pair & (rank >= low) & (rank <= high)] = p
        return out
    return pay


# -- plain brute forces ------------------------------------------------------------------------------------
def let_it_ride() -> tuple[Fraction, int]:
    """Every deal: 3 player cards, then two community cards in order. Exact: sums of integer pays."""
    five = value_table("high", 5)
    pay = paytable("high", {"royal_flush": 1000, "straight_flush": 200, "four_of_a_kind": 50, "full_house": 11,
                            "flush": 8, "straight": 5, "three_of_a_kind": 3, "two_pair": 2}, [(10, 14, 1)])
    boards = np.array(list(itertools.permutations(range(49), 2)))
    total, deals = 0, 0
    for p in all_subsets(52, 3):
        left = np.setdiff1d(CARD, p)
        sums = pay(lookup(five, np.concatenate([np.broadcast_to(p, (len(boards), 3)), left[boards]], axis=1))).reshape(49, 48).sum(axis=1)
        # the second bet rides where the sum over the last card is not negative; the first where riding does not lose
        value = [int(((1 + first + (sums >= 0)) * sums).sum()) for first in (0, 1)]
        total += max(value)
        deals += len(boards)
    return Fraction(-total, deals), deals


def mississippi_stud() -> tuple[Fraction, int]:
    """Every deal: 2 player cards, three community cards in order; fold, 1x or 3x before each. Exact integers."""
    five = value_table("high", 5)
    pay = paytable("high", {"royal_flush": 500, "straight_flush": 100, "four_of_a_kind": 40, "full_house": 10,
                            "flush": 6, "straight": 4, "three_of_a_kind": 3, "two_pair": 2}, [(11, 14, 1), (6, 10, 0)])
    boards = np.array(list(itertools.permutations(range(50), 3)))
    total, deals = 0, 0
    for p in all_subsets(52, 2):
        left = np.setdiff1d(CARD, p)
        s3 = pay(lookup(five, np.concatenate([np.broadcast_to(p, (len(boards), 2)), left[boards]], axis=1))).reshape(50, 49, 48).sum(axis=2)
        # values summed over the cards still to come, by units staked so far
        v3 = {s: np.maximum(-48 * s, np.maximum((s + 1) * s3, (s + 3) * s3)) for s in (3, 5, 7)}
        v2 = {s: np.maximum(-49 * 48 * s, np.maximum(v3[s + 1].sum(axis=1), v3[s + 3].sum(axis=1))) for s in (2, 4)}
        total += max(-50 * 49 * 48, int(v2[2].sum()), int(v2[4].sum()))
        deals += len(boards)
    return Fraction(-total, deals), deals


def double_down_stud() -> tuple[Fraction, int]:
    """Every deal: 4 cards seen, double (the sum over the fifth card not negative) or stand. Exact integers."""
    five = value_table("high", 5)
    pay = paytable("high", {"royal_flush": 3999, "straight_flush": 199, "four_of_a_kind": 49, "full_house": 11,
                            "flush": 8, "straight": 5, "three_of_a_kind": 3, "two_pair": 2}, [(11, 14, 1), (6, 10, 0)])
    fours = all_subsets(52, 4)
    total = 0
    for chunk in np.array_split(fours, 40):
        left = np.array([np.setdiff1d(CARD, f) for f in chunk])  # the 48 fifth cards of each
        hands = np.concatenate([np.repeat(chunk[:, None, :], 48, axis=1), left[:, :, None]], axis=2)
        sums = pay(lookup(five, hands)).sum(axis=1)
        total += int(np.maximum(sums, 2 * sums).sum())
    deals = len(fours) * 48
    return Fraction(-total, deals), deals


def no_up_card(players: np.ndarray, table: np.ndarray, hand: int, cards: int, deck: int = 52) -> int:
    """Every dealer hand of ``cards`` cards against each sampled player hand (indices into the ``cards``-card hands of
    a ``deck``-card deck), its best ``hand`` valued from ``table`` (every ``hand``-card hand): the showdown counted.
    Returns the deals settled."""
    hands = all_subsets(deck, cards)
    settled, cells = 0, dict.fromkeys(("player_higher", "equal", "dealer_higher"), 0)
    for p in players:
        left = np.setdiff1d(np.arange(deck), hands[p])
        dealt = left[all_subsets(len(left), cards)]
        dv = np.max([table[colex(dealt[:, list(c)])] for c in itertools.combinations(range(cards), hand)], axis=0)
        v = max(table[colex(hands[p][list(c)][None])][0] for c in itertools.combinations(range(cards), hand))
        for cell, count in zip(cells, (v > dv, v == dv, v < dv)):
            cells[cell] += int(np.count_nonzero(count))
        settled += len(dv)
    return settled


def dj_wild_values() -> np.ndarray:
    """The value of every five-card hand of the 53 cards (the standard deck's ids, then the joker as 52), deuces and the
    joker wild, indexed by colex rank."""
    from casino_math.cards import Deck
    from casino_math.rankings import WILD, sort_hands

    ranking = get_ranking("deuces-wild-five-wilds", Deck.named("standard", jokers=1))
    wild = np.r_[RANK == 2, True]
    ranks, suits = np.where(wild, WILD, np.r_[RANK, 0]), np.where(wild, -1, np.r_[SUIT, 0])
    ids = all_subsets(53, 5)
    return ranking.best_values(*sort_hands(ranks[ids], suits[ids]))


def three_card_poker(players: np.ndarray) -> int:
    """Every deal of each sampled player hand (indices into the three-card hands): Ante/Play with the better of play
    and fold, the Six Card Bonus (best five of the deal's six cards) and Prime (colours). Returns the deals settled."""
    three, high = value_table("three-card", 3), get_ranking("high")
    hands = all_subsets(52, 3)
    bits = (np.int64(1) << hands).sum(axis=1)
    qualifying = int(three[(three >> CATEGORY_SHIFT > 0) | (RANK[hands].max(axis=1) >= 12)].min())
    settled, results = 0, {"ante_play": 0, "six_card": 0, "six_same_colour": 0}
    for p in players:
        dealer = (bits & bits[p]) == 0
        dv, v = three[dealer], three[p]
        q = dv >= qualifying
        results["ante_play"] += max(2 * np.count_nonzero(q & (v > dv)) + np.count_nonzero(~q) - 2 * np.count_nonzero(q & (v < dv)), -dv.size)
        six = np.concatenate([np.broadcast_to(hands[p], (dv.size, 3)), hands[dealer]], axis=1)
        six = -np.sort(-six, axis=1)
        results["six_card"] += np.bincount(high.best_values(RANK[six], SUIT[six]) >> CATEGORY_SHIFT, minlength=len(high.categories))
        red = np.isin(SUIT[six], (1, 2))
        results["six_same_colour"] += np.count_nonzero(np.all(red == red[:, :1], axis=1))
        settled += dv.size
    return settled


def showdown(pairs: list[tuple[np.ndarray, int]], ranking: str, hand: int, dealer_down: int, qualify) -> int:
    """Every dealer hand of each sampled (player cards, dealer up card): the showdown counted. Returns the deals settled."""
    table = value_table(ranking, hand)
    settled, cells = 0, dict.fromkeys(("not_qualified", "player_higher", "equal", "dealer_higher"), 0)
    for p, up in pairs:
        left = np.setdiff1d(CARD, np.r_[p, up])
        dealt = left[all_subsets(len(left), dealer_down)]
        cards = np.concatenate([np.full((len(dealt), 1), up), dealt], axis=1)
        if cards.shape[1] == hand:
            dv = lookup(table, cards)
        else:  # best of more cards than a hand
            dv = np.max([lookup(table, cards[:, list(c)]) for c in itertools.combinations(range(cards.shape[1]), hand)], axis=0)
        v = max(lookup(table, p[list(c)][None])[0] for c in itertools.combinations(range(len(p)), hand))
        q = qualify(dv)
        for cell, count in zip(cells, (~q, q & (v > dv), q & (v == dv), q & (v < dv))):
            cells[cell] += int(np.count_nonzero(count))
        settled += len(dv)
    return settled


def help_time(repeat: int) -> float:
    """Best wall time of ``casino-math --help`` in a fresh process (issue #12: under 0.3 s)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "casino_math", "--help"], capture_output=True, check=True)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=["three_card_poker", "let_it_ride", "mississippi_stud"], choices=list(FILES))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sample", type=int, default=200, help="player hands the sampled brute forces visit")
    args = parser.parse_args()
    rng = np.random.default_rng(1)
    bare = min(_python_start() for _ in range(args.repeat))
    print(f"casino-math --help: {help_time(args.repeat):.2f} s cold (a bare python3 starts in {bare:.2f} s here)")
    for game in args.games:
        ours, out, peak = cold(FILES[game], args.repeat)
        edge = Fraction(next(iter(out["bets"].values()))["house_edge"])
        start = time.perf_counter()
        if game in ("let_it_ride", "mississippi_stud", "double_down_stud"):
            brute_edge, deals = {"let_it_ride": let_it_ride, "mississippi_stud": mississippi_stud, "double_down_stud": double_down_stud}[game]()
            brute = time.perf_counter() - start
            check = f"every one of {deals:,} deals; house edge {float(brute_edge):.6%}, " + ("equal to the engine's exactly" if brute_edge == edge else f"NOT the engine's {float(edge):.6%}")
        elif game in ("crazy_4_poker", "dj_wild_stud"):
            deck, hand = (52, 4) if game == "crazy_4_poker" else (53, 5)
            table = value_table("four-card", 4) if game == "crazy_4_poker" else dj_wild_values()
            start = time.perf_counter()  # the value table once, as the engine's lookup table fills once
            settled = no_up_card(rng.choice(comb(deck, 5), args.sample, replace=False), table, hand, 5, deck)
            brute = (time.perf_counter() - start) * comb(deck, 5) / args.sample
            check = f"{settled:,} deals settled, extrapolated to {comb(deck, 5) * comb(deck - 5, 5):,}"
        elif game == "three_card_poker":
            settled = three_card_poker(rng.choice(22_100, args.sample, replace=False))
            brute = (time.perf_counter() - start) * 22_100 / args.sample
            check = f"{settled:,} deals settled, extrapolated to 407,170,400"
        else:
            fives = all_subsets(52, 5)
            pairs = [(fives[i], int(rng.choice(np.setdiff1d(CARD, fives[i])))) for i in rng.choice(len(fives), args.sample, replace=False)]
            if game == "caribbean_stud":
                table = value_table("high", 5)
                ak = int(table[colex(np.array([[0, 5, 10, 47, 48]]))][0])  # the weakest ace-king: 2c 3d 4h Ks Ac
                settled = showdown(pairs, "high", 5, 4, lambda dv, ak=ak: dv >= ak)
            else:
                settled = showdown(pairs, "four-card", 4, 5, lambda dv: np.ones(len(dv), dtype=bool))
            brute = (time.perf_counter() - start) * comb(52, 5) * 47 / args.sample
            check = f"{settled:,} deals settled, extrapolated to {comb(52, 5) * 47 * (comb(46, 4) if game == 'caribbean_stud' else comb(46, 5)):,}"
        print(f"{game}: cold analyze {ours:.2f} s (peak {peak:,.0f} MiB); brute force {brute:,.1f} s ({check}); "
              f"ratio {brute / ours:,.1f}x")


def _python_start() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
