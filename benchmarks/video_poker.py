"""Benchmark: video poker's exact analysis (9/6 Jacks or Better, Deuces Wild, Joker Poker) against a plain brute force.

Ours, each in a fresh process from the command line (``python -m casino_math analyze FILE``), so the time includes
Python's start, the imports and the compiled kernels' loading:

1. cold: counts computed (a count cache folder of its own, empty);
2. kept: the same command again, the counts read from that folder;
3. warm re-solve: in one process, the counts held, the full house's pay changed and the game solved again (the best
   of ``--repeat``): what the studio and ``sweep`` pay per paytable.

The brute force beside it knows nothing of suit classes nor of inclusion–exclusion: for each deal it lists every
draw of every hold and looks each final hand's pay class up (numpy, vectorised over a hold's draws). It is timed on
``--deals`` random deals and extrapolated to all 2,598,960; the ratio is its projected time over ours.

    python benchmarks/video_poker.py                  # Jacks or Better 9/6, Deuces Wild, Joker Poker
    python benchmarks/video_poker.py --deals 10 --repeat 5
"""

from __future__ import annotations

import argparse
import itertools
import os
import resource
import subprocess
import sys
import tempfile
import time
from math import comb
from pathlib import Path

import numpy as np

ROOT = Path(__file__).parent.parent
GAMES = ("jacks-or-better-9-6", "deuces-wild-full-pay", "joker-poker-kings")
TARGETS = {"jacks-or-better-9-6": 2.0, "deuces-wild-full-pay": 5.0, "joker-poker-kings": 5.0}  # s cold (issue #29)


def cli(path: Path, cache: str) -> tuple[float, float]:
    """One ``analyze`` from the command line, in a fresh process: its wall time and its processor time (user and
    system: on a shared machine the wall time also counts the waits for a core)."""
    env = {**os.environ, "CASINO_MATH_CACHE": cache, "PYTHONPATH": str(ROOT)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "casino_math", "analyze", str(path)], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def resolve(path: Path, repeat: int) -> float:
    """The best time of solving the game again with the full house paying one more coin, its counts held."""
    from casino_math.analysis import load_game
    from casino_math.methods.draw.game_file import DrawGame
    from casino_math.methods.draw.solving import pays_of, solved, solve_pays  # the method's own re-solve

    game = load_game(path)
    assert isinstance(game, DrawGame)
    counts, _ = solved(game)
    pays = list(pays_of(game))
    best = float("inf")
    for i in range(repeat):
        changed = tuple(p + (i + 1) if n == 3 else p for n, p in enumerate(pays))
        start = time.perf_counter()
        solve_pays(game, counts, changed)
        best = min(best, time.perf_counter() - start)
    return best


def brute_force(path: Path, deals: int, seed: int) -> float:
    """Seconds per deal of a plain brute force (every hold × every draw listed), on ``deals`` random deals."""
    from casino_math.analysis import load_game
    from casino_math.methods.draw.counting import final_hands
    from casino_math.methods.draw.game_file import DrawGame
    from casino_math.subsets import colex

    game = load_game(path)
    assert isinstance(game, DrawGame)
    classes = final_hands(game).classes  # the final hands' classes: a look-up, as any brute force would hold them
    n = len(game.deck)
    width = len(game.lines) + 1
    draws = {j: np.array(list(itertools.combinations(range(n - 5), j)), dtype=np.int64).reshape(comb(n - 5, j), j)
             for j in range(6)}
    rng = np.random.default_rng(seed)
    start = time.perf_counter()
    for _ in range(deals):
        deal = np.sort(rng.choice(n, 5, replace=False))
        rest = np.setdiff1d(np.arange(n), deal)
        for mask in range(32):
            kept = deal[[i for i in range(5) if mask >> i & 1]]
            drawn = rest[draws[5 - len(kept)]]
            finals = np.sort(np.concatenate([np.tile(kept, (len(drawn), 1)), drawn], axis=1), axis=1)
            np.bincount(classes[colex(finals)], minlength=width)
    return (time.perf_counter() - start) / deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=4, help="deals the brute force is timed on (default 4)")
    parser.add_argument("--repeat", type=int, default=5, help="re-solves timed, the best kept (default 5)")
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    print(f"{'game':26s} {'cold CLI (cpu)':>17s} {'target':>7s} {'kept CLI (cpu)':>17s} {'re-solve':>9s} {'brute force':>12s} "
          f"{'ratio':>8s} {'(cpu)':>8s}")
    for name in args.games:
        path = ROOT / "paytables" / "video_poker" / f"{name}.yaml"
        with tempfile.TemporaryDirectory(prefix="vp-bench-") as cache:
            cold = cli(path, str(Path(cache) / "counts"))
            kept = cli(path, str(Path(cache) / "counts"))
        warm = resolve(path, args.repeat)
        per_deal = brute_force(path, args.deals, args.seed)
        projected = per_deal * comb(52 + ("joker" in name), 5)
        print(f"{name:26s} {cold[0]:7.2f}s ({cold[1]:5.2f}s) {TARGETS[name]:6.1f}s {kept[0]:7.2f}s ({kept[1]:5.2f}s) "
              f"{warm:8.3f}s {projected / 3600:10.1f} h {projected / cold[0]:7.0f}x {projected / cold[1]:7.0f}x", flush=True)
    print(f"\nbrute force: every hold x every draw of {args.deals} random deals, projected to every deal; ratio: its "
          "projected time over our cold command line (wall, and processor time); re-solve: the full house's pay changed, counts held (target 0.3 s)")


if __name__ == "__main__":
    main()
