"""Benchmark: Pai Gow Poker's full count (the Foxwoods house way against itself, 53 cards) projected from fixed samples,
on 1 and 2 workers, against a plain brute force.

The full count (casino_math/methods/pai_gow/totals.py) has two parts:

1. every one of the 154,143,080 seven-card hands set by the house way (its setting's high and low values): timed on
   a fixed sample of hands, in shards on the shard runner (casino_math.parallel), 1 and 2 workers;
2. one dominance sweep per class of shared card sets: 1 + 14 + 182 + 1,924 + 18,187 + 150,891 + 1,097,447 + 6,972,147
   classes of 0 to 7 cards (counted by Burnside's lemma below), the sweep of a k-card set visiting the
   C(53 − k, 7 − k) hands holding it (1,873,622,972 hand visits in all): timed per k on a fixed sample of random sets
   over points standing in for the hands' values (a sweep's time does not depend on the values), in shards, 1 and 2
   workers. The k = 7 term needs no sweep (each set holds one hand: no pair below it, itself at least as high).

The projection adds part 1's time per hand × 154,143,080 and, per k, the time per set × the classes of k cards. On 64
cores the shards spread: the projection divides the CPU time by 64 (the largest single sweep, k = 0, over 154,143,080
hands, stays whole and bounds it from below).

The brute force beside it knows nothing of inclusion–exclusion: per player hand it compares the house way's setting
with every banker hand sharing no card (numpy, vectorised over the banker's hands), timed on the 17-card test deck and
extrapolated per deal to the 8,250,459,031,214,400 deals of 53 cards.

    python benchmarks/pai_gow.py                     # 1 and 2 workers
    python benchmarks/pai_gow.py --workers 1 2 4 --hands 400000
    python benchmarks/pai_gow.py --full --cache ~/pg-shards                        # the full count, every local core
    python benchmarks/pai_gow.py --full --scheduler tcp://host:8786 --cache DIR    # on a Dask cluster, resumable
    python benchmarks/pai_gow.py --full --optimal --workers 2 --cache DIR          # the player setting optimally too

``--full --optimal`` counts the player setting by the house way and setting optimally against the banker's house way
(casino_math/methods/pai_gow/optimal.py): the hands' points and classes, then one shard per part of the player hands
(``--parts``, by highest rank); it prints both players' figures, how often the settings differ, the cost by hand type
and the costliest hand of each type; ``--check`` runs the house-way count above in the same folder and compares.

``--full`` runs the whole count in shards on the shard runner (every local core by default, ``--workers N``, or a Dask
cluster), with a progress bar and its ETA; ``--cache DIR`` keeps the hands' points and every finished shard there, so
a stopped run resumes. It prints the figures beside the Wizard of Odds' published ones (his older simulation's, and
JB's exact count as his note of December 31, 2013 gives it against them: docs/pai-gow-poker.md, "Why the published outcomes differ").
"""

from __future__ import annotations

import argparse
import functools
import itertools
import os
import tempfile
import time
from math import comb
from pathlib import Path

import numpy as np

from casino_math.analysis import load_game
from casino_math.parallel import Runner, Shards

ROOT = Path(__file__).parent.parent
FOXWOODS = ROOT / "paytables" / "pai_gow_poker" / "foxwoods.yaml"
SMALL = ROOT / "tests" / "games" / "pai-gow-small.yaml"
HANDS = comb(53, 7)
DEALS = comb(53, 7) * comb(46, 7)
SAMPLE_SETS = {0: 1, 1: 2, 2: 4, 3: 24, 4: 240, 5: 2400, 6: 24000}  # random k-card sets swept per k


def classes_of_sets(k: int) -> int:
    """Classes of k-card sets of the 53-card deck under the 24 renamings of suits (Burnside: the average number of
    sets each renaming leaves in place; the joker is never moved)."""
    total = 0
    for order in itertools.permutations(range(4)):
        cycles, seen = [], set()
        for s in range(4):
            length, t = 0, s
            while t not in seen:
                seen.add(t)
                t = order[t]
                length += 1
            if length:
                cycles.append(length)
        poly = [1] + [0] * k
        for length in cycles * 13 + [1]:
            poly = [poly[i] + (poly[i - length] if i >= length else 0) for i in range(k + 1)]
        total += poly[k]
    return total // 24


@functools.cache
def foxwoods():
    """The game, read (and its house way checked, its five-card values built) once per worker process."""
    game = load_game(FOXWOODS)
    assert len(game.way.hands.high_table) == comb(53, 5)
    return game


def house_way_shard(rows: np.ndarray) -> np.ndarray:
    """One shard of part 1: the house way's setting of some hands; (CPU seconds of the shard, settings...)."""
    game = foxwoods()
    start = time.process_time()
    settings = game.way.set_or_fail(rows)[0]
    return np.concatenate([[time.process_time() - start], settings.astype(np.float64)])


def sweep_shard(shard: tuple[str, int, np.ndarray]) -> np.ndarray:
    """One shard of part 2: sweeps of some k-card sets over the points kept in ``path``; (sets, won, lost)."""
    from casino_math.methods.pai_gow.kernel import dominance_pairs, supersets

    path, width, sets = shard
    points = np.load(path, mmap_mode="r")
    start = time.process_time()
    for held in sets:
        rows = supersets(held, 53, 7)
        dominance_pairs(np.asarray(points[0][rows]), np.asarray(points[1][rows]), width)
    return np.array([time.process_time() - start])


def timed(shards: Shards, workers: int) -> tuple[float, float]:
    """Wall seconds of the run and CPU seconds of its shards (on a machine shared with other work, the wall time
    overstates what the shards cost: the CPU seconds are what the projection uses)."""
    runner = Runner.here() if workers == 1 else Runner("local", workers)
    start = time.perf_counter()
    results = shards.run(runner)
    return time.perf_counter() - start, float(sum(r[0] for r in results))


def brute_force_rate() -> float:
    """Deals per second of a plain numpy brute force on the 17-card test deck (house way against house way)."""
    from casino_math.subsets import all_subsets

    game = load_game(SMALL)
    hands = all_subsets(17, 7)
    setting, _ = game.house_way.set_or_fail(hands)
    high, low = game.house_way.hands.settings(hands)
    rows = np.arange(len(hands))
    h, lo = high[rows, setting], low[rows, setting]
    bits = np.bitwise_or.reduce(np.left_shift(np.int64(1), hands), axis=1)
    start = time.perf_counter()
    deals = 0
    for p in range(0, len(hands), 7):
        apart = (bits & bits[p]) == 0
        (apart & (h < h[p]) & (lo < lo[p])).sum()
        (apart & (h >= h[p]) & (lo >= lo[p])).sum()
        deals += comb(10, 7)
    return deals / (time.perf_counter() - start)


def full(args: argparse.Namespace) -> None:
    """The full count, house way against house way, with the published figures beside it."""
    from fractions import Fraction

    from casino_math.methods.pai_gow.totals import full_count
    from casino_math.progress import Bar

    game = load_game(FOXWOODS)
    workers = args.workers[0] if args.workers != [1, 2] else None
    runner = Runner.here(Path(args.cache).expanduser() if args.cache else None) if workers == 1 and not args.scheduler \
        else Runner.of(args.scheduler, None, workers, args.cache)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch, Bar() as bar:
        folder = str(runner.cache) if runner.cache is not None else scratch
        won, lost = full_count(game, folder, runner, bar)
    seconds = time.perf_counter() - start
    push = DEALS - won - lost
    edge = Fraction(lost, DEALS) - Fraction(won, DEALS) * (1 - game.commission)
    banker = Fraction(lost, DEALS) * (1 - game.commission) - Fraction(won, DEALS)
    print(f"full count in {seconds / 60:,.1f} min: won both {won:,} ({won / DEALS:.4%}; the Wizard of Odds' older "
          f"simulation 28.61%), push {push:,} ({push / DEALS:.4%}; 41.48%), lost both {lost:,} ({lost / DEALS:.4%}; 29.91%); "
          f"house edge {edge} = {float(edge):.4%} (simulation 2.73%; JB's exact count 0.01% less: 2.72%); a player banking "
          f"against the house: {float(-banker):.4%} (simulation 0.20%; JB's 0.05% more: 0.25%)")


def full_optimal(args: argparse.Namespace) -> None:
    """The full count with the player setting optimally (and by the house way), against the banker's house way; with
    ``--check``, the house-way count of :func:`full` too, which the optimal count's house-way figures must equal."""
    import resource
    from fractions import Fraction

    from casino_math.methods.pai_gow.optimal import optimal_totals
    from casino_math.methods.pai_gow.totals import full_count
    from casino_math.progress import Bar

    game = load_game(FOXWOODS)
    workers = args.workers[0] if args.workers != [1, 2] else None
    runner = Runner.here(Path(args.cache).expanduser() if args.cache else None) if workers == 1 and not args.scheduler \
        else Runner.of(args.scheduler, None, workers, args.cache)
    start, cpu = time.perf_counter(), time.process_time()
    seconds: list[float] = []
    with tempfile.TemporaryDirectory() as scratch, Bar() as bar:
        folder = str(runner.cache) if runner.cache is not None else scratch
        result = optimal_totals(game, folder, runner, bar, args.parts, seconds)
        wall = time.perf_counter() - start
        checked = full_count(game, folder, runner, bar) if args.check else None
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    own = resource.getrusage(resource.RUSAGE_SELF)
    print(f"optimal count in {wall / 60:,.1f} min of wall time on {workers or os.cpu_count()} workers (load average now "
          f"{os.getloadavg()[0]:.1f}); the parts' processor time: " + ", ".join(f"{s / 60:,.1f}" for s in seconds)
          + f" min (sum {sum(seconds) / 60:,.1f} min); this process {(time.process_time() - cpu) / 60:,.1f} min, workers "
          f"{(children.ru_utime + children.ru_stime) / 60:,.1f} min; peak memory: this process "
          f"{own.ru_maxrss / 2**20:,.1f} GB, the largest worker {children.ru_maxrss / 2**20:,.1f} GB")
    for name, ends in (("house way", result.house), ("optimal", result.optimal)):
        won, push, lost = ends
        edge = result.edge(ends)
        print(f"{name}: won both {won:,} = {Fraction(won, DEALS)} ({won / DEALS:.6%}), push {push:,} ({push / DEALS:.6%}), "
              f"lost both {lost:,} ({lost / DEALS:.6%}); house edge {edge} = {float(edge):.6%}")
    gain = result.house_edge - result.optimal_edge
    print(f"optimal gains {gain} = {float(gain):.6%} (published: about 0.21%); the optimal setting differs on "
          f"{result.differs:,} of {result.hands:,} hands ({result.differs / result.hands:.4%})")
    print("| hand | hands | optimal differs | house way's cost (per deal) |\n|---|---|---|---|")
    for cost in result.by_hand:
        print(f"| {cost.name} | {cost.hands:,} | {cost.differs:,} | {float(cost.gain):.6%} |")
    for example in result.examples:
        print(f"  {example.hand}: house way {example.house}, optimal {example.optimal} (gains {float(example.gain):.4f})")
    if checked is not None:
        agree = checked == (result.house[0], result.house[2])
        print(f"house-way count by sweeps: won {checked[0]:,}, lost {checked[1]:,}: "
              f"{'equal to' if agree else 'DIFFERENT FROM'} the optimal count's house-way figures")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--hands", type=int, default=200_000, help="hands set by the house way in the sample")
    parser.add_argument("--full", action="store_true", help="run the full count (see above)")
    parser.add_argument("--scheduler", help="a Dask scheduler's address, tcp://host:8786, for --full")
    parser.add_argument("--cache", help="a folder keeping the full count's shards (resumable)")
    parser.add_argument("--optimal", action="store_true", help="with --full: the player setting optimally too")
    parser.add_argument("--check", action="store_true", help="with --optimal: the house-way count too, compared")
    parser.add_argument("--parts", type=int, default=2, help="with --optimal: shards of player hands (by highest rank)")
    args = parser.parse_args()
    if args.full:
        (full_optimal if args.optimal else full)(args)
        return
    rng = np.random.default_rng(18)
    print(f"Pai Gow Poker, Foxwoods house way against itself: {DEALS:,} deals; {os.cpu_count()} cores here")

    # part 1: the house way on a fixed sample of hands
    foxwoods()  # read once per process: timed apart (each worker reads it once too, inside its first shard)
    sample = np.sort(np.array([rng.choice(53, 7, replace=False) for _ in range(args.hands)]), axis=1)
    shards = Shards(house_way_shard, np.array_split(sample, 8), "bench-pai-gow-house-way")
    part1 = {w: [t * HANDS / args.hands for t in timed(shards, w)] for w in args.workers}

    # part 2: sweeps of fixed samples of sets, over points standing in for every hand's values
    width = 7463
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "points.npy")
        np.save(path, np.stack([rng.integers(0, width, HANDS, dtype=np.int32), rng.integers(0, 91, HANDS, dtype=np.int32)]))
        part2: dict[int, dict[int, list[float]]] = {w: {} for w in args.workers}
        for k, count in SAMPLE_SETS.items():
            sets = np.sort(np.array([rng.choice(53, k, replace=False) for _ in range(count)]).reshape(count, k), axis=1)
            pieces = [(path, width, piece) for piece in np.array_split(sets, min(count, 8)) if len(piece)]
            shards = Shards(sweep_shard, pieces, f"bench-pai-gow-sweep-{k}")
            for w in args.workers:
                part2[w][k] = [t / count * classes_of_sets(k) for t in timed(shards, w)]

    rate = brute_force_rate()
    print(f"\nload average now: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (the wall times share them)")
    print("| workers | house way on every hand (wall / CPU) | sweeps, k = 0..6 (wall / CPU) | full count, projected (wall / CPU) |")
    print("|---|---|---|---|")
    for w in args.workers:
        sweeps = [sum(t[i] for t in part2[w].values()) for i in (0, 1)]
        total = [part1[w][i] + sweeps[i] for i in (0, 1)]
        print(f"| {w} | {part1[w][0] / 60:,.1f} / {part1[w][1] / 60:,.1f} min | {sweeps[0] / 60:,.1f} / {sweeps[1] / 60:,.1f} min | "
              f"{total[0] / 3600:,.2f} / {total[1] / 3600:,.2f} h |")
    one = args.workers[0]
    print("CPU seconds per k (1 worker): " + ", ".join(f"{k}: {t[1]:,.0f}" for k, t in part2[one].items()))
    cpu = part1[one][1] + sum(t[1] for t in part2[one].values())
    print(f"on 2 dedicated cores: {cpu / 2 / 60:,.1f} min (CPU time / 2); on 64: "
          f"{max(cpu / 64, part2[one][0][1]) / 60:,.1f} min (CPU time / 64, the k = 0 sweep kept whole)")
    print(f"plain brute force: {rate:,.0f} deals/s on 17 cards; the 53-card deck's {DEALS:,} deals at that rate: "
          f"{DEALS / rate / 86400 / 365.25:,.0f} years ({DEALS / rate / cpu:,.0f}x the count's projected CPU time)")

if __name__ == "__main__":
    main()
