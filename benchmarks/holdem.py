"""Benchmark: a hold'em game exact on 52 cards by the hold'em method, in 1 and in N processes, against a plain numpy brute force.

The game is Ultimate Texas Hold'em (``--game uth``, decisions before the flop, on the flop and at the river), Texas
Hold'em Bonus (``--game thb``, before the flop, on the flop and on the turn) or Casino Hold'em (``--game ch``, on the
flop). First, on a 20-card Texas Hold'em Bonus
(tests/games/thb-small.yaml), the method is timed against its plain reference (every flop's boards in plain Python,
casino_math.methods.holdem.kernels.boards.flop_counts_reference) and against the level-by-level engine, with the same result.

The method (casino_math/methods/holdem/method.py) runs its shards of flops in this process (1 worker) or on a
local Dask cluster of worker processes (casino_math.parallel; more workers), each run from a cold cache
of solutions (compiled kernels stay cached on disk: their first compilation is timed apart). Each
shard's CPU seconds are measured too: on a machine shared with other work, wall time understates
what N workers do, and "busy cores" (shard CPU seconds / shard wall seconds) shows how many cores
the run really had. The time on 64 dedicated cores is projected from the 1-worker run: its serial
part (compiling the game to a plan, assembling the results) plus the larger of the shards' CPU
seconds / 64 and the longest shard.

The brute force beside it knows nothing of suit classes, lookup tables or inclusion–exclusion: for a
seeded sample of boards (a flop and two later cards), it values every hole pair with the ranking's
vectorised evaluator and compares every pair with every pair sharing no card (a 1,081 × 1,081
matrix), which is what each of the 25,989,600 boards needs; the time per board is extrapolated.

    python benchmarks/holdem.py                    # 1 and 2 workers, 20 boards of brute force
    python benchmarks/holdem.py --workers 1 2 4 --sample 50
    python benchmarks/holdem.py --game thb --workers 1

Peak memory is the largest resident set of this process and of its worker processes.
"""

from __future__ import annotations

import argparse
import functools
import os
import platform
import resource
import time
from math import comb
from pathlib import Path

import numpy as np

from casino_math import __version__
from casino_math.methods.holdem import method as holdem
from casino_math.analysis import load_game
from casino_math.showdown import hand_values
from casino_math.parallel import Runner, Shards
from casino_math.subsets import all_subsets

ROOT = Path(__file__).resolve().parent.parent
GAMES = {"uth": ROOT / "paytables/ultimate_texas_holdem/standard.yaml", "thb": ROOT / "paytables/texas_holdem_bonus/standard.yaml",
         "ch": ROOT / "paytables/casino_holdem/standard.yaml"}
SMALL = ROOT / "tests/games/thb-small.yaml"
CORES = 64


def small_deck() -> None:
    """Texas Hold'em Bonus on 20 cards: the method, its plain reference over every flop and the level-by-level engine,
    each timed in CPU seconds of this process, with the same return table."""
    from casino_math.count_cache import disabled
    from casino_math.methods.level_by_level.counts import count
    from casino_math.methods.level_by_level.solver import backward_induction
    from casino_math.methods.holdem.kernels.boards import flop_counts_reference

    game = load_game(SMALL)
    with disabled():
        holdem.board_by_board(game)  # the kernels compiled or loaded from the disk cache, apart
        holdem._CACHE.clear()
        start = time.process_time()
        ours = holdem.board_by_board(game)
        mine = time.process_time() - start
    start = time.process_time()
    compiled = holdem.compile_game(game)
    plan = compiled.plan
    totals = holdem.Totals.zeros(plan)
    outputs = plan.flop_outputs(totals)._asdict()
    for flop, weight in zip(plan.flops, plan.weights):
        flop_counts_reference(plan, game.hands["player"].ranking, game.deck, flop, int(weight), outputs)
    reference = holdem.assemble(game, compiled, totals)
    plain = time.process_time() - start
    start = time.process_time()
    generic = backward_induction(game, count(game))
    levels = time.process_time() - start
    assert ours.table.outcomes == reference.table.outcomes == generic.table.outcomes, "the three counts differ"
    print(f"\nTexas Hold'em Bonus on 20 cards (tens to aces), {ours.table.total:,} deals, house edge "
          f"{ours.table.metrics.house_edge} = {float(ours.table.metrics.house_edge):.5%}, the same by all three:")
    print(f"  hold'em method {mine:.2f} s CPU; its plain reference {plain:.1f} s ({plain / mine:,.0f}x); "
          f"level-by-level engine {levels:.2f} s ({levels / mine:,.1f}x)")


def timed_shard(plan: holdem.KernelPlan, index: int, of: int) -> tuple[holdem.Totals, float]:
    """One shard and the CPU seconds its process spent on it (where other work shares the cores, wall time says less)."""
    start = time.process_time()
    totals = holdem.count_shard(plan, index, of)
    return totals, time.process_time() - start


def timed_run(game, workers: int, shards: int) -> dict:
    """One cold solve: serial, shards and total wall seconds, each shard's CPU seconds, and the house edge."""
    start = time.perf_counter()
    compiled = holdem.compile_game(game)
    compiled_at = time.perf_counter()
    task = functools.partial(timed_shard, compiled.plan, of=shards)
    runner = Runner.here() if workers == 1 else Runner.of(workers=workers)
    parts = Shards(task, range(shards), "benchmark").run(runner)
    totals = holdem.Totals.summed([p[0] for p in parts])
    counted_at = time.perf_counter()
    solved = holdem.assemble(game, compiled, totals)
    end = time.perf_counter()
    return {"serial": (compiled_at - start) + (end - counted_at), "parallel": counted_at - compiled_at, "total": end - start,
            "cpu": [p[1] for p in parts], "house_edge": solved.table.metrics.house_edge, "deals": solved.table.total}


def brute_force_per_board(game, sample: int, seed: int) -> float:
    """Seconds per board of a plain numpy showdown: every hole pair valued, compared with every disjoint pair."""
    deck, ranking = game.deck, game.hands["player"].ranking
    rng = np.random.default_rng(seed)
    pairs = all_subsets(47, 2)
    disjoint = ~((pairs[:, None, :, None] == pairs[None, :, None, :]).any(axis=(2, 3)))
    qualifier = game.qualifier.value if game.qualifier else np.iinfo(np.int64).min  # no qualifier: no dealer hand below it
    start = time.perf_counter()
    checksum = 0
    for _ in range(sample):
        board = rng.permutation(52)[:5]
        pool = np.setdiff1d(np.arange(52), board)
        hands = np.concatenate([np.broadcast_to(board, (len(pairs), 5)), pool[pairs]], axis=1)
        v = hand_values(ranking, deck, hands)
        less = (disjoint & (v[None, :] < v[:, None])).sum(axis=1)
        equal = (disjoint & (v[None, :] == v[:, None])).sum(axis=1)
        below = (disjoint & (v[None, :] < qualifier)).sum(axis=1)
        checksum += int(less.sum() + equal.sum() + below.sum())
    assert checksum > 0
    return (time.perf_counter() - start) / sample


def peak_mib() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(own, children) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--shards", type=int, default=holdem.SHARDS)
    parser.add_argument("--sample", type=int, default=20, help="boards of brute force to time")
    parser.add_argument("--game", choices=sorted(GAMES), default="uth", help="the 52-card game: uth, thb or ch")
    args = parser.parse_args()
    game = load_game(GAMES[args.game])
    print(f"casino-math {__version__}, Python {platform.python_version()}, {os.cpu_count()} cores, {platform.machine()}")
    small_deck()

    # the kernels' first compilation (or loading them from the disk cache), on one flop
    start = time.perf_counter()
    plan = holdem.compile_game(game).plan
    holdem.count_shard(plan, 0, len(plan.flops))
    print(f"kernels compiled or loaded, and one flop counted: {time.perf_counter() - start:.1f} s")
    # the suit renamings fixing each flop: the boards shown and the hole pairs counted, of every board and pair
    classes = [plan.symmetry(flop) for flop in plan.flops]
    boards, pairs = len(classes[0].board), comb(plan.n_cards - plan.flop_cards, 2)
    shown = sum(len(np.unique(c.rep)) for c in classes)
    counted = sum(len(c.pairs) for c in classes)
    print(f"of {len(plan.flops):,} flops' {len(plan.flops) * boards:,} boards, {shown:,} shown ({shown / (len(plan.flops) * boards):.1%}); "
          f"of their hole pairs, {counted / (len(plan.flops) * pairs):.1%} counted (one of each class of the renamings fixing the flop)")

    runs = {w: timed_run(game, w, args.shards) for w in args.workers}
    edges = {r["house_edge"] for r in runs.values()}
    assert len(edges) == 1, "different workers gave different results"
    one = runs[min(runs)]
    deals = one["deals"]
    stages = "C(52,2)·C(50,3)·47·46·C(45,2)" if args.game == "thb" else "C(52,2)·C(50,3)·C(47,2)·C(45,2)"
    assert deals == (comb(52, 2) * comb(50, 3) * comb(47, 2) * comb(45, 2) * (2 if args.game == "thb" else 1))
    print(f"\n{game.family_name}, every deal: {deals:,} (= {stages}); "
          f"house edge {edges.pop()} = {float(one['house_edge']):.5%} of the ante")
    print(f"{'workers':>8} {'total s':>9} {'serial s':>9} {'shards s':>9} {'shard CPU s':>12} {'busy cores':>11} {'speedup':>8}")
    for w, r in runs.items():
        print(f"{w:>8} {r['total']:>9.1f} {r['serial']:>9.2f} {r['parallel']:>9.1f} {sum(r['cpu']):>12.1f} "
              f"{sum(r['cpu']) / r['parallel']:>11.2f} {one['parallel'] / r['parallel']:>8.2f}")
    most = max(runs)
    ratio = one["parallel"] / runs[most]["parallel"]
    longest = max(one["cpu"])
    projected = one["serial"] + max(sum(one["cpu"]) / CORES, longest)
    print(f"scaling 1 -> {most} workers: wall-time ratio {ratio:.2f}; busy cores {sum(runs[most]['cpu']) / runs[most]['parallel']:.2f} "
          f"of {most} (below {most}: the cores were shared with other work, load average {os.getloadavg()[0]:.1f})")
    print(f"projected on {CORES} dedicated cores with {args.shards} shards: {projected:.1f} s "
          f"(serial part + the larger of shard CPU / {CORES} and the longest shard, {longest:.2f} s)")

    per_board = brute_force_per_board(game, args.sample, seed=1)
    boards = comb(52, 3) * comb(49, 2)
    brute = per_board * boards
    print(f"\nplain numpy brute force: {per_board * 1000:.0f} ms per board × {boards:,} boards = {brute / 3600:.1f} h "
          f"(extrapolated from {args.sample} boards); ratio to the method in 1 process: {brute / one['total']:,.0f}x")
    print(f"peak memory (largest process): {peak_mib():.0f} MiB")


if __name__ == "__main__":
    main()
