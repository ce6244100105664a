"""Benchmark: shoe games with a decision (Casino War, Red Dog), counted by kinds of card, against plain brute forces.

For each shipped file, in one run:

1. The engine, cold: the file read and the game solved (counts kept for the run cleared first), through the
   analysis as every tool reaches it.
2. A plain brute force over the shoe's ranks, written out by hand in Python loops: each sequence of ranks
   weighted by its falling counts (Casino War: the first two cards, then at war the two war cards after three
   burnt ones, which change no chance; Red Dog: three cards), every option of the decision valued per class
   of cards seen and the best taken. Its house edge must equal the engine's exactly.
3. For the one-deck Red Dog, a brute force that deals every physical card (52·51·50 ordered deals); its time per
   deal extrapolated to the eight-deck shoe's 416·415·414 deals (not run: minutes).

The ratio printed is the brute force's time over the engine's (above 1: the engine is faster).

    python benchmarks/shoe_decisions.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from fractions import Fraction
from itertools import permutations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from casino_math.analysis import analyze  # noqa: E402
from casino_math.game.description import Game  # noqa: E402
from casino_math.analysis import load_game  # noqa: E402
from casino_math.methods.shoe_decisions.method import _KEPT  # noqa: E402
from casino_math.shoe import Shoe  # noqa: E402

WAR = [ROOT / "paytables" / "casino_war" / f"{d}.yaml" for d in ("1-deck", "6-decks", "8-decks", "6-decks-tie-bonus")]
RED_DOG = [ROOT / "paytables" / "red_dog" / f"{d}.yaml" for d in ("1-deck", "2-decks", "8-decks")]


def engine(path: Path) -> tuple[float, Fraction]:
    """Seconds to read and solve a game, its counts cleared first; and its house edge."""
    _KEPT.clear()
    start = time.perf_counter()
    edge = analyze(path).tables[load_game(path).bet].metrics.house_edge
    return time.perf_counter() - start, edge


def war_by_ranks(game: Game) -> Fraction:
    """Casino War by sequences of ranks: the first two, then at war the two war cards (burnt cards change no chance)."""
    counts = [int(n) for n in Shoe.of(game.deck).rank_counts]
    size = sum(counts)
    bonus = game.wager["bet"].settle["war_equal"].kind == "win"
    total = Fraction(0)
    for p in range(len(counts)):
        for d in range(len(counts)):
            ways = counts[p] * (counts[d] - (p == d))
            if not ways:
                continue
            chance = Fraction(ways, size * (size - 1))
            if p != d:
                total += chance * (1 if p > d else -1)
                continue
            left = counts.copy()
            left[p] -= 2
            war = Fraction(0)
            for x in range(len(left)):
                for y in range(len(left)):
                    w = left[x] * (left[y] - (x == y))
                    war += w * (1 if x > y else (2 if bonus else 1) if x == y else -2)
            war /= (size - 2) * (size - 3)
            total += chance * max(war, Fraction(-1, 2))
    return -total


def red_dog_by_ranks(game: Game) -> Fraction:
    """Red Dog by sequences of ranks: two cards, then the third; raise where a spread's value is not negative."""
    counts = [int(n) for n in Shoe.of(game.deck).rank_counts]
    size = sum(counts)
    pays = {1: 5, 2: 4, 3: 2, **dict.fromkeys(range(4, 12), 1)}
    total = Fraction(0)
    for a in range(len(counts)):
        for b in range(len(counts)):
            ways = counts[a] * (counts[b] - (a == b))
            if not ways:
                continue
            chance = Fraction(ways, size * (size - 1))
            if a == b:
                total += chance * Fraction((counts[a] - 2) * 11, size - 2)
                continue
            spread = abs(a - b) - 1
            if spread == 0:
                continue
            between = sum(counts[min(a, b) + 1:max(a, b)])
            stand = Fraction(between * pays[spread] - (size - 2 - between), size - 2)
            total += chance * max(stand, 2 * stand)
    return -total


def red_dog_by_cards(game: Game) -> Fraction:
    """Red Dog dealt one physical card at a time, every ordered deal of three cards."""
    cards = [c.rank for c in Shoe.of(game.deck).cards()]
    pays = {1: 5, 2: 4, 3: 2, **dict.fromkeys(range(4, 12), 1)}
    values: dict[tuple[int, int], list[Fraction]] = {}
    total = Fraction(0)
    for i, j, k in permutations(range(len(cards)), 3):
        a, b, c = cards[i], cards[j], cards[k]
        if a == b:
            total += 11 if c == a else 0
            continue
        spread = abs(a - b) - 1
        if spread == 0:
            continue
        values.setdefault((a, b), []).append(Fraction(pays[spread] if min(a, b) < c < max(a, b) else -1))
    for deals in values.values():
        stand = sum(deals, Fraction(0))
        total += max(stand, 2 * stand)
    n = len(cards)
    return -total / (n * (n - 1) * (n - 2))


def timed(function, game: Game) -> tuple[float, Fraction]:
    start = time.perf_counter()
    value = function(game)
    return time.perf_counter() - start, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each timing; the best is printed")
    repeat = parser.parse_args().repeat
    print(f"{'game':<28} {'engine s':>9} {'brute force s':>14} {'ratio':>7}  brute force  house edge")
    cases = [(p, war_by_ranks, "by ranks") for p in WAR] + [(p, red_dog_by_ranks, "by ranks") for p in RED_DOG]
    cases.append((RED_DOG[0], red_dog_by_cards, "every card"))
    for path, brute, kind in cases:
        game = load_game(path)
        runs = [engine(path) for _ in range(repeat)]
        ours, edge = min(t for t, _ in runs), runs[0][1]
        theirs = [timed(brute, game) for _ in range(repeat if kind == "by ranks" else 1)]
        best, value = min(t for t, _ in theirs), theirs[0][1]
        assert value == edge, (path.name, value, edge)
        print(f"{path.parent.name + '/' + path.stem:<28} {ours:>9.3f} {best:>14.3f} {best / ours:>7.2f}  {kind:<11}  "
              f"{float(edge):.4%} (equal)")
        if kind == "every card":
            eight = engine(RED_DOG[-1])[0]
            per_deal = best / (52 * 51 * 50)
            extrapolated = per_deal * 416 * 415 * 414
            print(f"{'red_dog/8-decks':<28} {eight:>9.3f} {extrapolated:>14.1f} {extrapolated / eight:>7.0f}  every card, extrapolated from one deck")


if __name__ == "__main__":
    main()
