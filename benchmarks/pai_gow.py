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
    python benchmarks/pai_gow.py --stages --folder DIR                             # the optimal count's stages, sampled
    git show main:casino_math/methods/pai_gow/kernel.py > /tmp/kernel_main.py
    python benchmarks/pai_gow.py --against /tmp/kernel_main.py --folder DIR        # the kernel per k beside main's

``--full --optimal`` counts the player setting by the house way and setting optimally against the banker's house way
(casino_math/methods/pai_gow/optimal.py): the hands' points and classes, then one shard per part of the player hands
(``--parts``, by highest rank); it prints both players' figures, how often the settings differ, the cost by hand type
and the costliest hand of each type; ``--check`` runs the house-way count above in the same folder and compares.

``--stages`` times each stage of the count that prices the 53-card deck (casino_math/methods/pai_gow/optimal.py: the
player setting by the house way and optimally) on fixed slices, beside the main branch's path for the same stage in
the same run, and prints the throughput per hand or per class, the ratio, and the projection to the whole count
(processor time; the slices stand for the whole at their measured rate, stated as such):

1. the hands' classes: a compiled pass over the hands whose highest card is ``--top`` (never listed, numbered by a bit
   per canonical member) against the main branch's listing of them (``block_pieces``), ``canonical_hands`` and
   ``np.searchsorted`` over the canonical members;
2. the classes of card sets (k = 6: 22,957,480 sets) without listing them, against ``np.unique`` over them listed;
3. each class's settings ranked (the values' ranks sorted once) and its rule read back from the house way's pass,
   against the main branch's ranks sorted again per chunk and the house way asked again for the rule; the house way
   setting each class (and every 151st hand, the check), against the same with the ranks sorted again per chunk;
4. the kernel (every class of card sets against one part of the player hands, ``--part``), per k on a sample of
   the sets (``--sample``), the banker's tables apart from the player's look-ups; the main branch's kernel read the
   banker's points hand by hand (a 616 MB file), this one by class (14 MB); one part's banker tables are counted
   again by each part, so the projection adds them once per part (2 on 2 workers).

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

    from casino_math.methods.pai_gow import optimal
    from casino_math.methods.pai_gow.totals import full_count
    from casino_math.progress import Bar

    game = load_game(FOXWOODS)
    workers = args.workers[0] if args.workers != [1, 2] else None
    runner = Runner.here(Path(args.cache).expanduser() if args.cache else None) if workers == 1 and not args.scheduler \
        else Runner.of(args.scheduler, None, workers, args.cache)
    where, parts, threads = optimal.counted_on(game, runner)
    parts = args.parts or parts
    times: list[tuple[str, float, float, float]] = []  # stage, wall, this process's processor time, its workers'

    def clock(stage: str) -> None:
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append((stage, time.perf_counter(), time.process_time(), children.ru_utime + children.ru_stime))

    kernel: list[str] = []

    def heard(what: str, done: int, of: int) -> None:  # the kernel's first and last units of work, timed
        if what.startswith("player hands against") and (not kernel or done == of):
            clock("the parts' settings ranked" if not kernel else "the kernel (banker's tables and look-ups)")
            kernel.append(what)
        bar(what, done, of)

    seconds: list[float] = []
    with tempfile.TemporaryDirectory() as scratch, Bar() as bar:
        folder = args.folder or (str(runner.cache) if runner.cache is not None else scratch)
        clock("start")
        optimal._keep_classes(game, folder, None, threads)
        clock("the hands' classes")
        optimal._points(game, folder, where, bar)
        clock("the house way, each class's point")
        optimal._prepare(game, folder, where, bar, None, threads)
        clock("the classes of card sets")
        result = optimal.optimal_totals(game, folder, where, heard, parts, seconds, threads=threads)
        clock("the parts' sums" if threads > 1 else "the parts")
        checked = full_count(game, folder, where, bar) if args.check else None
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"optimal count on {threads} thread(s), {parts} part(s), load average now {os.getloadavg()[0]:.1f}; "
          f"peak memory: this process {own.ru_maxrss / 2**20:,.2f} GB, the largest worker {children.ru_maxrss / 2**20:,.2f} GB")
    print("| stage | wall | processor time, this process (all its threads) | its worker processes |\n|---|---:|---:|---:|")
    for (_, wall0, cpu0, kids0), (stage, wall1, cpu1, kids1) in zip(times, times[1:]):
        print(f"| {stage} | {wall1 - wall0:,.1f} s | {cpu1 - cpu0:,.1f} s | {kids1 - kids0:,.1f} s |")
    total = times[-1]
    print(f"| all | {total[1] - times[0][1]:,.1f} s | {total[2] - times[0][2]:,.1f} s | {total[3] - times[0][3]:,.1f} s |")
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


def _rate(seconds: float, items: int) -> str:
    return f"{items / seconds:,.0f}/s" if seconds > 0 else "-"


def stages(args: argparse.Namespace) -> None:
    """The 53-card count's stages on slices, this version beside the main branch's path (see the module)."""
    import resource

    from casino_math.methods.pai_gow import optimal as O
    from casino_math.methods.pai_gow.kernel import (canonical_hands, canonical_sets, mark_members, members_before,
                                                   number_classes, settings_against)
    from casino_math.methods.pai_gow.totals import block_pieces
    from casino_math.parallel import Runner
    from casino_math.subsets import all_subsets

    game = foxwoods()
    rows: list[tuple[str, str, float, float, float]] = []  # stage, unit, this, main, projected whole (this, main)
    folder = Path(args.folder or tempfile.mkdtemp(prefix="pai-gow-stages-"))
    start = time.process_time()
    O._keep_classes(game, str(folder))
    O._points(game, str(folder), Runner.here(), None)
    print(f"classes and house-way points of {folder} made or found in {time.process_time() - start:,.1f} s of processor time")
    reps = np.load(folder / "reps.npy")
    classes = len(reps)
    top = args.top

    # 1. the hands' classes, one block of hands (highest card top)
    hands = comb(top + 1, 7) - comb(top, 7)
    canonical_sets(7, 6, 7, 52, np.empty(1, dtype=np.int32))  # compiled before timing
    full_bits = np.zeros((HANDS + 63) // 64, dtype=np.int64)  # every class's member (the whole pass marks them)
    np.bitwise_or.at(full_bits, reps >> 6, np.left_shift(np.int64(1), reps & 63))
    before = members_before(full_bits)
    t = time.process_time()
    canon = np.empty(hands, dtype=np.int32)
    canonical_sets(7, top, top + 1, 52, canon)
    mark_members(canon, comb(top, 7), np.zeros_like(full_bits))
    number_classes(canon, full_bits, before, np.zeros(classes, dtype=np.int64))
    ours = time.process_time() - t
    t = time.process_time()
    main = np.concatenate([canonical_hands(r, 52).astype(np.int32) for r in block_pieces(top)])
    main = np.searchsorted(reps, main).astype(np.int32)
    theirs = time.process_time() - t
    assert np.array_equal(canon, main), "the classes differ from the main branch's"
    rows.append((f"hands' classes (highest card {top}: {hands:,} hands)", "hands", ours / hands, theirs / hands, HANDS))

    # 2. card-set classes, k = 6
    t = time.process_time()
    sets, weights = O.set_classes(53, 52, 6)
    ours = time.process_time() - t
    t = time.process_time()
    members, counts = np.unique(canonical_hands(all_subsets(53, 6), 52), return_counts=True)
    theirs = time.process_time() - t
    assert np.array_equal(weights, counts) and np.array_equal(sets, O.unrank(members, 6))
    rows.append((f"card-set classes, k = 6 ({comb(53, 6):,} sets)", "sets", ours / comb(53, 6), theirs / comb(53, 6),
                 comb(53, 6)))

    # 3. each class's settings, ranked, and its rule
    points = np.load(folder / "class_points.npy")
    pick = np.arange(3_000_000, 3_000_000 + 5 * O.CHUNK)
    t = time.process_time()
    for i in range(0, len(pick), O.CHUNK):
        part = pick[i:i + O.CHUNK]
        O.class_settings(game, O.unrank(reps[part]), points[:2, part])
    ours = time.process_time() - t
    t = time.process_time()
    for i in range(0, len(pick), O.CHUNK):
        part = pick[i:i + O.CHUNK]
        valued = game.way.hands
        np.unique(valued.high_table), np.unique(valued.low_table)  # the main branch sorted them again per chunk
        O.class_settings(game, O.unrank(reps[part]), points[:2, part])
        game.way.set_or_fail(O.unrank(reps[part]))  # and asked the house way again for the rule
    theirs = time.process_time() - t
    rows.append((f"class settings ranked, rule ({len(pick):,} classes)", "classes", ours / len(pick),
                 theirs / len(pick), classes))
    t = time.process_time()
    for i in range(0, len(pick), O.CHUNK):
        O._hand_points(game, O.unrank(reps[pick[i:i + O.CHUNK]]))
    ours = time.process_time() - t
    t = time.process_time()
    for i in range(0, len(pick), O.CHUNK):
        valued = game.way.hands
        np.unique(valued.high_table), np.unique(valued.low_table)  # the main branch sorted them again per chunk
        O._hand_points(game, O.unrank(reps[pick[i:i + O.CHUNK]]))
    theirs = time.process_time() - t
    rows.append((f"house way, each class's point and rule ({len(pick):,} classes)", "classes", ours / len(pick),
                 theirs / len(pick), classes + HANDS // O.CHECKED))

    # 4. the kernel: one part of the player hands against every class of card sets, per k on a sample
    O._prepare(game, str(folder), Runner.here(), None)
    lo, hi = args.part
    first, last = comb(lo, 7), comb(hi, 7)
    c0, c1 = np.searchsorted(reps, [first, last])
    class_id = np.asarray(np.load(folder / "class_id.npy", mmap_mode="r"))
    set_high = np.empty((c1 - c0, 21), dtype=np.int16)
    set_low = np.empty_like(set_high)
    for i in range(0, c1 - c0, O.CHUNK):
        part = slice(c0 + i, min(c1, c0 + i + O.CHUNK))
        set_high[i:i + O.CHUNK], set_low[i:i + O.CHUNK], _ = O.class_settings(game, O.unrank(reps[part]), points[:2, part])
    counts_ = np.zeros((c1 - c0, 21), dtype=np.int64)
    width, lows = (len(d) for d in game.way.hands.distinct)
    rng = np.random.default_rng(5)
    banker = player = 0.0
    print(f"\nthe kernel, player hands with highest card {lo}..{hi - 1} ({last - first:,} hands, {c1 - c0:,} classes; "
          f"{(last - first) / HANDS:.1%} of the hands), a sample of each k's classes of card sets:")
    print("| k | classes of sets | sampled | banker's tables (s, all sets) | with the part's look-ups (s, all sets) | "
          "per class of sets (ms) |\n|---|---|---|---|---|---|")
    for k in range(7):
        sets, weights = (np.load(folder / f"{name}{k}.npy") for name in ("sets", "weights"))
        take = np.arange(len(sets)) if k < 2 else np.sort(rng.choice(len(sets), max(1, int(len(sets) * args.sample)),
                                                                     replace=False))
        times = []
        for f, la in ((first, first), (first, last)):  # no player hands: the banker's tables alone
            t = time.process_time()
            settings_against(sets[take], weights[take], 53, points[0], points[1], width, lows, class_id, int(c0), f, la,
                             set_high, set_low, counts_)
            times.append((time.process_time() - t) * len(sets) / len(take))
        banker += times[0]
        player += times[1] - times[0]
        print(f"| {k} | {len(sets):,} | {len(take):,} | {times[0]:,.1f} | {times[1]:,.1f} | {times[1] / len(sets) * 1e3:,.3f} |")
    share = (last - first) / HANDS
    kernel = 2 * banker + player / share  # two parts, each counting the banker's tables; the look-ups scale with hands
    print(f"the kernel projected over every hand on two parts: {kernel:,.0f} s of processor time (banker's tables "
          f"{banker:,.0f} s a part, look-ups {player / share:,.0f} s in all)")

    print("\n| stage | this version | main branch's path | ratio | the whole stage, this / main (processor s) |")
    print("|---|---|---|---|---|")
    ours_total = theirs_total = 0.0
    for name, unit, ours, theirs, whole in rows:
        ours_total += ours * whole
        theirs_total += theirs * whole
        print(f"| {name} | {1 / ours:,.0f} {unit}/s | {1 / theirs:,.0f} {unit}/s | {theirs / ours:,.1f}x | "
              f"{ours * whole:,.1f} / {theirs * whole:,.1f} |")
    print(f"the stages above over the whole deck: {ours_total:,.0f} s against {theirs_total:,.0f} s of processor time; "
          f"with the kernel ({kernel:,.0f} s, as on the main branch but for its points read by class), one 53-card file: "
          f"about "
          f"{(ours_total + kernel) / 60:,.1f} min against {(theirs_total + kernel) / 60:,.1f} min of processor time "
          f"(the second house way of a report borrows the deck's classes: {(ours_total - rows[0][2] * HANDS - rows[1][2] * comb(53, 6) + kernel) / 60:,.1f} min)")
    print(f"load average now {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; peak memory of this process "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20:,.2f} GB")


def kernel_against(args: argparse.Namespace) -> None:
    """The kernel per k beside another version of its module (``--against FILE``, e.g. the main branch's
    ``kernel.py`` written out by ``git show``), on the same sampled card sets against every class of one part of the
    player hands, in turn (best of ``--reps``): processor time projected to all the k's sets, the ratio, and whether
    the two gave the same counts."""
    import hashlib
    import importlib.util

    from casino_math.methods.pai_gow import kernel as ours
    from casino_math.methods.pai_gow import optimal as O
    from casino_math.parallel import Runner

    spec = importlib.util.spec_from_file_location("casino_math.methods.pai_gow._kernel_against", args.against)
    assert spec is not None and spec.loader is not None
    theirs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(theirs)
    game = foxwoods()
    folder = Path(args.folder or tempfile.mkdtemp(prefix="pai-gow-kernel-"))
    O._prepare(game, str(folder), Runner.here(), None)
    points = np.load(folder / "class_points.npy")
    reps = np.load(folder / "reps.npy")
    class_id = np.asarray(np.load(folder / "class_id.npy", mmap_mode="r"))
    lo, hi = args.part
    first, last = comb(lo, 7), comb(hi, 7)
    c0, c1 = (int(c) for c in np.searchsorted(reps, [first, last]))
    set_high = np.empty((c1 - c0, 21), dtype=np.int16)
    set_low = np.empty_like(set_high)
    for i in range(0, c1 - c0, O.CHUNK):
        part = slice(c0 + i, min(c1, c0 + i + O.CHUNK))
        set_high[i:i + O.CHUNK], set_low[i:i + O.CHUNK], _ = O.class_settings(game, O.unrank(reps[part]), points[:2, part])
    width, lows = (len(d) for d in game.way.hands.distinct)
    counts = np.zeros((c1 - c0, 21), dtype=np.int64)
    print(f"the kernel, player hands with highest card {lo}..{hi - 1} ({c1 - c0:,} classes), this version against "
          f"{args.against}, best of {args.reps}, processor time projected to all the k's sets:")
    print("| k | sets timed | against | this version | ratio | same counts |\n|---|---|---|---|---|---|")
    total = {"against": 0.0, "this": 0.0}
    for k in range(7):
        sets, weights = (np.load(folder / f"{name}{k}.npy") for name in ("sets", "weights"))
        rng = np.random.default_rng(5 + k)
        take = np.arange(len(sets)) if k < 2 else np.sort(rng.choice(len(sets), max(1, int(len(sets) * args.sample)),
                                                                     replace=False))
        best = {"against": np.inf, "this": np.inf}
        digest = {}
        for module in (theirs, ours):  # compiled (or loaded) before timing
            module.settings_against(sets[:1], weights[:1], 53, points[0], points[1], width, lows, class_id, c0,
                                    first, last, set_high, set_low, counts)
        for _ in range(args.reps):
            for name, module in (("against", theirs), ("this", ours)):
                counts[:] = 0
                t = time.process_time()
                module.settings_against(sets[take], weights[take], 53, points[0], points[1], width, lows, class_id, c0,
                                        first, last, set_high, set_low, counts)
                best[name] = min(best[name], time.process_time() - t)
                digest[name] = hashlib.sha256(counts.data).hexdigest()
        scale = len(sets) / len(take)
        for name in total:
            total[name] += best[name] * scale
        print(f"| {k} | {len(take):,} of {len(sets):,} | {best['against'] * scale:,.1f} s | {best['this'] * scale:,.1f} s | "
              f"{best['against'] / best['this']:,.2f}x | {'yes' if digest['against'] == digest['this'] else 'NO'} |")
    print(f"| all | | {total['against']:,.1f} s | {total['this']:,.1f} s | {total['against'] / total['this']:,.2f}x | |")
    print(f"load average now {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--hands", type=int, default=200_000, help="hands set by the house way in the sample")
    parser.add_argument("--full", action="store_true", help="run the full count (see above)")
    parser.add_argument("--scheduler", help="a Dask scheduler's address, tcp://host:8786, for --full")
    parser.add_argument("--cache", help="a folder keeping the full count's shards (resumable)")
    parser.add_argument("--optimal", action="store_true", help="with --full: the player setting optimally too")
    parser.add_argument("--check", action="store_true", help="with --optimal: the house-way count too, compared")
    parser.add_argument("--parts", type=int, help="with --optimal: parts of player hands (by highest rank; default: as "
                        "the memory free holds)")
    parser.add_argument("--stages", action="store_true", help="time the optimal count's stages against the main branch's")
    parser.add_argument("--folder", help="with --stages or --optimal: a folder keeping the deck's classes and points "
                        "between runs")
    parser.add_argument("--top", type=int, default=40, help="with --stages: the hands' classes timed on this highest card")
    parser.add_argument("--part", type=int, nargs=2, default=[44, 48], help="with --stages: the player hands' part timed")
    parser.add_argument("--sample", type=float, default=0.02, help="with --stages: the share of each k's sets timed")
    parser.add_argument("--against", help="a kernel.py of another version: the kernel per k beside it (see "
                        "kernel_against)")
    parser.add_argument("--reps", type=int, default=2, help="with --against: runs of each version, the best kept")
    args = parser.parse_args()
    if args.against:
        kernel_against(args)
        return
    if args.stages:
        stages(args)
        return
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
