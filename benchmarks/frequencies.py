"""Benchmark: exact hand-frequency tables against the fastest peer hand evaluator.

Times our exact tables (5-, 6- and 7-card high, 7-card ace-to-five), each from a
cold start: the ranking cache is cleared first, so the lookup table is filled
inside the timing. Then, in the same run, times the peer evaluators installed
(phevaluator, treys, eval7) on one random sample of seven-card hands, takes the
fastest, and extrapolates it to all 133,784,560 seven-card hands.

The comparison flatters the peers: their time covers evaluating the hands only,
not dealing them or tallying categories, which a full table would also need.

Usage (from the repository root, after ``pip install -e '.[bench]'``)::

    python benchmarks/frequencies.py                 # 3 repeats, 200,000-hand peer sample
    python benchmarks/frequencies.py --repeat 5 --sample 500000

Targets (issue #2): the 7-card high table in under 2 s, at least 50x faster than the peer.

Then the big tables of issue #12, each in a fresh process (cold, and so that its
peak memory is its own): best three of six and of seven cards (targets: under
2 s and 2 GiB each), ten cards of the 32- and 52-card decks, and seven Sökö
cards with two wild jokers (target: under 10 s). ``--no-big`` skips them.
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import subprocess
import sys
import time
from math import comb
from statistics import median
from typing import Callable

import numpy as np

from casino_math import __version__
from casino_math.enumeration import category_counts
from casino_math.rankings import get_ranking

SEVEN_CARD_HANDS = comb(52, 7)  # 133,784,560
RANKS, SUITS = "23456789TJQKA", "cdhs"
TABLES = [("high", 5), ("high", 6), ("high", 7), ("ace-to-five", 7)]
TARGET_SECONDS, TARGET_RATIO = 2.0, 50.0


def time_table(ranking: str, cards: int, repeat: int) -> list[float]:
    """Seconds for each cold computation of one table (fresh ranking, empty lookup table)."""
    times = []
    for _ in range(repeat):
        get_ranking.cache_clear()
        start = time.perf_counter()
        counts = category_counts(get_ranking(ranking), cards)
        times.append(time.perf_counter() - start)
        assert sum(counts.values()) == comb(52, cards)
    return times


# -- issue #12: big tables, each in a fresh process ------------------------------------------------
BIG_TABLES = [  # ranking, cards, deck, jokers, target seconds (None: no target)
    ("three-card", 6, "standard", 0, 2.0),
    ("three-card", 7, "standard", 0, 2.0),
    ("high", 10, "piquet", 0, None),
    ("high", 10, "standard", 0, None),
    ("soko-canadian", 7, "standard", 2, 10.0),
]
BIG_MEMORY_TARGET = 2 * 2**30
_CHILD = """
import resource, time
from math import comb
from casino_math.cards import Deck
from casino_math.enumeration import category_counts
from casino_math.rankings import get_ranking
name, cards, deck, jokers = {args!r}
start = time.perf_counter()
counts = category_counts(get_ranking(name, Deck.named(deck, jokers)), cards)
seconds = time.perf_counter() - start
assert sum(counts.values()) == comb(len(Deck.named(deck, jokers)), cards)
print(seconds, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024)
"""


def time_big_table(name: str, cards: int, deck: str, jokers: int) -> tuple[float, int]:
    """Seconds for one cold table in a fresh process, and that process's peak memory in bytes (Linux ru_maxrss)."""
    child = subprocess.run([sys.executable, "-c", _CHILD.format(args=(name, cards, deck, jokers))],
                           capture_output=True, text=True, check=True)
    seconds, peak = child.stdout.split()
    return float(seconds), int(peak)


def report_big_tables() -> None:
    print("\nBig tables (issue #12), each cold in a fresh process:")
    for name, cards, deck, jokers, target in BIG_TABLES:
        seconds, peak = time_big_table(name, cards, deck, jokers)
        met = "" if target is None else (" (target under %g s and %g GiB: %s)" % (
            target, BIG_MEMORY_TARGET / 2**30, "met" if seconds < target and peak < BIG_MEMORY_TARGET else "MISSED"))
        label = f"{name} {cards} cards, {deck} deck" + (f" + {jokers} jokers" if jokers else "")
        print(f"  {label:45} {seconds:7.2f} s, peak {peak / 2**20:5.0f} MiB{met}")


# -- peers: each gets the sample in its own card format (not timed), then evaluates every hand --
def sample_hands(size: int, seed: int) -> np.ndarray:
    """``size`` random seven-card hands as card ids 0..51 (rank * 4 + suit, deuce = 0, clubs = 0)."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((size, 52)), axis=1)[:, :7]


def card_text(card_id: int) -> str:
    return RANKS[card_id // 4] + SUITS[card_id % 4]


def phevaluator_runner(hands: np.ndarray) -> Callable[[], None] | None:
    if importlib.util.find_spec("phevaluator") is None:
        return None
    from phevaluator import _pheval  # the C entry point behind evaluate_cards, minus its per-card conversion

    rows = [tuple(int(c) for c in h) for h in hands]  # phevaluator ids are rank * 4 + suit, as ours
    evaluate = _pheval.evaluate_7cards

    def run() -> None:
        for row in rows:
            evaluate(*row)

    return run


def phevaluator_api_runner(hands: np.ndarray) -> Callable[[], None] | None:
    """phevaluator's public ``evaluate_cards`` on card ids: for reference, slower than its C entry point."""
    if importlib.util.find_spec("phevaluator") is None:
        return None
    from phevaluator import evaluate_cards

    rows = [tuple(int(c) for c in h) for h in hands]

    def run() -> None:
        for row in rows:
            evaluate_cards(*row)

    return run


def eval7_runner(hands: np.ndarray) -> Callable[[], None] | None:
    if importlib.util.find_spec("eval7") is None:
        return None
    import eval7

    deck = [eval7.Card(card_text(i)) for i in range(52)]
    rows = [[deck[c] for c in h] for h in hands]
    evaluate = eval7.evaluate

    def run() -> None:
        for row in rows:
            evaluate(row)

    return run


def treys_runner(hands: np.ndarray) -> Callable[[], None] | None:
    if importlib.util.find_spec("treys") is None:
        return None
    from treys import Card, Evaluator

    evaluator = Evaluator()
    deck = [Card.new(card_text(i)) for i in range(52)]
    rows = [([deck[c] for c in h[:5]], [deck[c] for c in h[5:]]) for h in hands]  # board, hole cards
    evaluate = evaluator.evaluate

    def run() -> None:
        for board, hole in rows:
            evaluate(hole, board)

    return run


PEERS = {
    "phevaluator": phevaluator_runner,
    "phevaluator (evaluate_cards)": phevaluator_api_runner,
    "eval7": eval7_runner,
    "treys": treys_runner,
}


def time_peers(sample: int, seed: int, repeat: int) -> dict[str, float]:
    """Seconds per hand for each installed peer (best of ``repeat`` passes over the sample)."""
    hands = sample_hands(sample, seed)
    per_hand = {}
    for name, make in PEERS.items():
        run = make(hands)
        if run is None:
            print(f"  {name}: not installed")
            continue
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            run()
            best = min(best, time.perf_counter() - start)
        per_hand[name] = best / sample
        print(f"  {name:28} {best:7.3f} s for {sample:,} hands = {per_hand[name] * 1e9:7.0f} ns a hand"
              f" -> {per_hand[name] * SEVEN_CARD_HANDS:8.1f} s for all {SEVEN_CARD_HANDS:,}")
    return per_hand


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="cold runs of each table; best is reported (default 3)")
    parser.add_argument("--sample", type=int, default=200_000, help="seven-card hands each peer evaluates (default 200,000)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--no-big", action="store_true", help="skip the big tables of issue #12")
    args = parser.parse_args()

    print(f"casino-math {__version__}, Python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}")
    print(f"\nOur exact tables, cold (best / median of {args.repeat}):")
    ours = {}
    for ranking, cards in TABLES:
        times = time_table(ranking, cards, args.repeat)
        ours[ranking, cards] = min(times)
        print(f"  {ranking:12} {cards} cards: {min(times):7.3f} s / {median(times):7.3f} s  ({comb(52, cards):,} hands)")
    if not args.no_big:
        report_big_tables()

    print(f"\nPeers on {args.sample:,} random seven-card hands (seed {args.seed}, best of {args.repeat}):")
    peers = time_peers(args.sample, args.seed, args.repeat)
    if not peers:
        print("no peer evaluator installed: pip install -e '.[bench]'")
        return
    fastest = min(peers, key=peers.get)
    peer_total = peers[fastest] * SEVEN_CARD_HANDS
    our_seven = ours["high", 7]
    ratio = peer_total / our_seven
    print(f"\n7-card high table: ours {our_seven:.3f} s; {fastest} (fastest peer) extrapolated {peer_total:.1f} s;"
          f" ratio {ratio:.0f}x")
    print(f"targets: under {TARGET_SECONDS:g} s {'met' if our_seven < TARGET_SECONDS else 'MISSED'};"
          f" at least {TARGET_RATIO:g}x {'met' if ratio >= TARGET_RATIO else 'MISSED'}")


if __name__ == "__main__":
    main()
