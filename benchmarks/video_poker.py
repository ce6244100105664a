"""Benchmark: video poker's exact analysis of every shipped paytable against a plain brute force.

Ours, each in a fresh process from the command line (``python -m casino_math analyze FILE``), so the time includes
Python's start, the imports and the compiled kernels' loading:

1. cold: counts computed (a count cache folder of its own, empty);
2. kept: the same command again, the counts read from that folder (1 and 2 each the best of ``--runs``: on a shared
   machine the least is the run least disturbed);
3. warm re-solve: in one process, the counts held, the full house's pay changed and the game solved again (the best
   of ``--repeat``): what the studio and ``sweep`` pay per paytable.

Each is timed in wall time and in processor time (user and system): on a shared machine the wall time also counts the
waits for a core, so the load average is printed beside each game (at its start and its end).

The brute force beside it knows nothing of suit classes nor of inclusion–exclusion: for each deal it lists every
draw of every hold and looks each final hand's pay class up (numpy, vectorised over a hold's draws). It is timed on
``--deals`` random deals and projected to every deal; the ratio is its projected time over our cold command line's
(wall over wall, processor over processor). The targets are issue #29's: 2 s cold for a 52-card game without wild
cards (9/6 Jacks or Better), 5 s for Deuces Wild and the 53-card Joker Poker.

The package timed is the one ``import casino_math`` finds (``PYTHONPATH``): another checkout's, for a before and after.
Its compiled kernels are loaded once first (a small deck analysed), so that "cold" means the counts, not the compiling.

``--cold`` times the cold command line alone, this checkout and the one at ``--before`` (an export of an earlier
commit) in turn, file by file, ``--runs`` rounds: processor time (user and system) of each run, the least of each
version's kept, their ratio (before over this), each version's longest wall time and how many of its runs ended within
the file's target (issue #29's, wall time), whether the two printed the same bytes, and the load average at each
file's start and end. Each version's kernels are compiled first by a run of the same file (its count cache then
dropped). ``--kept FILE`` (any game file, repeatable) adds a file timed on its second run, its solution read back from
the count cache its first run filled (a blackjack rule set: what reading it costs, imports included). ``--phases``
then runs each cold file ``--runs`` times more per version in process, split into phases by ``benchmarks/cli_phases.py``
(imports, the kernels' loading, the hands' keys and classes, the counts, the solve, the count cache), and prints the
median processor time of each phase, before and this.

    python benchmarks/video_poker.py                          # every file of paytables/video_poker
    python benchmarks/video_poker.py jacks-or-better-9-6 --deals 10 --repeat 5
    PYTHONPATH=/tmp/before python benchmarks/video_poker.py   # an export of an earlier commit
    git archive main | tar -x -C /tmp/before
    python benchmarks/video_poker.py --cold --before /tmp/before --runs 5 jacks-or-better-9-6 deuces-wild-full-pay \
        joker-poker-kings --kept paytables/blackjack/6-decks-h17-das.yaml
    python benchmarks/video_poker.py --cold --before /tmp/before --runs 10 --phases jacks-or-better-9-6
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import resource
import subprocess
import sys
import statistics
import tempfile
import time
from math import comb
from pathlib import Path

import numpy as np

ROOT = Path(__file__).parent.parent
FOLDER = ROOT / "paytables" / "video_poker"
WARM_UP = ROOT / "tests" / "games" / "draw-small.yaml"
PLAIN_TARGET, WILD_TARGET = 2.0, 5.0  # seconds cold from the command line (issue #29)


def cli(path: Path, cache: str) -> tuple[float, float]:
    """One ``analyze`` from the command line, in a fresh process: its wall time and its processor time (user and
    system)."""
    import casino_math

    package = Path(casino_math.__file__).parent.parent  # run from there: ``-m`` looks in the current folder first
    wall, cpu, _ = run(package, path.resolve(), cache)
    return wall, cpu


def run(package: Path, path: Path, cache: str, *options: str) -> tuple[float, float, bytes]:
    """``analyze`` of ``path`` by the checkout at ``package`` (run from there: ``-m`` looks in the current folder first),
    in a fresh process with the count cache at ``cache``: wall time, processor time (user and system) and what it
    printed."""
    env = {**os.environ, "CASINO_MATH_CACHE": cache, "PYTHONPATH": str(package)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "casino_math", "analyze", str(path), *options], env=env, check=True,
                          cwd=package, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout


def cold_runs(files: list[tuple[str, Path, bool]], before: Path, rounds: int) -> None:
    """The cold command line (``--format json``), the checkout at ``before`` and this one in turn: each file is
    (its name, its path in both checkouts, whether its second run is timed: its solution read back); see the module."""
    versions = {"before": before.resolve(), "this": ROOT.resolve()}
    print(f"{os.cpu_count()} cores; processor time (user + system) of `analyze FILE --format json` in a fresh process, the "
          f"least of {rounds} (each run's in brackets); wall: the longest run's wall time, and the runs within the "
          f"target; before: {before}\n")
    print("| File | run | before | this | ratio | wall, before | wall, this | same bytes | load |")
    print("|---|---|---:|---:|---:|---:|---:|---|---|")
    for name, path, second in files:
        load = _load()
        goal = None if second else target(ROOT / path)[0]
        times: dict[str, list[float]] = {v: [] for v in versions}
        walls: dict[str, list[float]] = {v: [] for v in versions}
        printed: dict[str, set[bytes]] = {v: set() for v in versions}
        for root in versions.values():  # its kernels compiled (and the file's first run made) before anything is timed
            with tempfile.TemporaryDirectory(prefix="vp-bench-") as cache:
                run(root, path, str(Path(cache) / "counts"), "--format", "json")
        for _ in range(rounds):
            for version, root in versions.items():
                with tempfile.TemporaryDirectory(prefix="vp-bench-") as cache:
                    counts = str(Path(cache) / "counts")
                    if second:
                        run(root, path, counts, "--format", "json")
                    wall, cpu, out = run(root, path, counts, "--format", "json")
                times[version].append(cpu)
                walls[version].append(wall)
                printed[version].add(out)
        least = {v: min(t) for v, t in times.items()}
        same = len(printed["before"] | printed["this"]) == 1
        each = {v: ", ".join(f"{t:.2f}" for t in times[v]) for v in versions}
        within = {v: "" if goal is None else f", {sum(w < goal for w in walls[v])} of {rounds} under {goal:.0f} s"
                  for v in versions}
        print(f"| {name} | {'second (kept read)' if second else 'cold (cache empty)'} | {least['before']:.2f} s "
              f"({each['before']}) | {least['this']:.2f} s ({each['this']}) | {least['before'] / least['this']:.2f}x | "
              f"{max(walls['before']):.2f} s{within['before']} | {max(walls['this']):.2f} s{within['this']} | "
              f"{'yes' if same else 'NO'} | {load}–{_load()} |", flush=True)


def phase_runs(files: list[tuple[str, Path]], before: Path, rounds: int) -> None:
    """Each file's cold command line run in process by ``benchmarks/cli_phases.py`` (the count cache empty), the
    checkout at ``before`` and this one in turn, ``rounds`` times each: the median processor time of each phase."""
    versions = {"before": before.resolve(), "this": ROOT.resolve()}
    script = Path(__file__).resolve().parent / "cli_phases.py"
    for name, path in files:
        spent: dict[str, list[dict[str, float]]] = {v: [] for v in versions}
        load = _load()
        for _ in range(rounds):
            for version, root in versions.items():
                with tempfile.TemporaryDirectory(prefix="vp-bench-") as folder:
                    out = Path(folder) / "phases.json"
                    env = {**os.environ, "CASINO_MATH_CACHE": str(Path(folder) / "counts"), "PYTHONPATH": str(root)}
                    subprocess.run([sys.executable, str(script), str(out), "analyze", str(path), "--format", "json"],
                                   env=env, check=True, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                    spent[version].append({phase: cpu for phase, (cpu, _) in json.loads(out.read_text()).items()})
        print(f"\n{name}: processor time in process by phase (`benchmarks/cli_phases.py`), median of {rounds}, "
              f"load {load}–{_load()}\n")
        print("| phase | before | this |")
        print("|---|---:|---:|")
        phases = list(spent["this"][0])
        median = {v: {p: statistics.median(run[p] for run in spent[v]) for p in phases} for v in versions}
        for phase in phases:
            if max(median[v][phase] for v in versions) >= 0.0005:
                print(f"| {phase} | {median['before'][phase]:.3f} s | {median['this'][phase]:.3f} s |")
        totals = {v: statistics.median(sum(run.values()) for run in spent[v]) for v in versions}
        print(f"| **in all** | {totals['before']:.3f} s | **{totals['this']:.3f} s** |", flush=True)


def resolve(path: Path, repeat: int) -> tuple[float, float]:
    """The best wall and processor times of solving the game again with the full house paying one more coin, its
    counts held."""
    from casino_math.analysis import load_game
    from casino_math.methods.draw.game_file import DrawGame
    from casino_math.methods.draw.solving import pays_of, solved, solve_pays  # the method's own re-solve

    game = load_game(path)
    assert isinstance(game, DrawGame)
    counts, _ = solved(game)
    pays = list(pays_of(game))
    line = next(n for n, line in enumerate(game.draw_lines) if line.text == "full house")
    wall = cpu = float("inf")
    for i in range(repeat):
        changed = tuple(p + (i + 1) if n == line else p for n, p in enumerate(pays))
        start, processor = time.perf_counter(), time.process_time()
        solve_pays(game, counts, changed)
        wall, cpu = min(wall, time.perf_counter() - start), min(cpu, time.process_time() - processor)
    return wall, cpu


def brute_force(path: Path, deals: int, seed: int) -> tuple[float, float]:
    """Wall and processor seconds per deal of a plain brute force (every hold × every draw listed), on ``deals`` random
    deals."""
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
    start, processor = time.perf_counter(), time.process_time()
    for _ in range(deals):
        deal = np.sort(rng.choice(n, 5, replace=False))
        rest = np.setdiff1d(np.arange(n), deal)
        for mask in range(32):
            kept = deal[[i for i in range(5) if mask >> i & 1]]
            drawn = rest[draws[5 - len(kept)]]
            finals = np.sort(np.concatenate([np.tile(kept, (len(drawn), 1)), drawn], axis=1), axis=1)
            np.bincount(classes[colex(finals)], minlength=width)
    return (time.perf_counter() - start) / deals, (time.process_time() - processor) / deals


def target(path: Path) -> tuple[float, int]:
    """The game's cold target and its deck's deals."""
    from casino_math.analysis import load_game
    from casino_math.methods.draw.game_file import DrawGame

    game = load_game(path)
    assert isinstance(game, DrawGame)
    wild = any(game.ranking.is_wild(card) for card in game.deck.cards)
    return (WILD_TARGET if wild else PLAIN_TARGET), comb(len(game.deck), 5)


def _load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=2, help="deals the brute force is timed on (default 2)")
    parser.add_argument("--repeat", type=int, default=5, help="re-solves timed, the best kept (default 5)")
    parser.add_argument("--runs", type=int, default=3, help="cold and kept command lines timed, the best kept (default 3)")
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--cold", action="store_true", help="the cold command line alone, this checkout and --before's in turn")
    parser.add_argument("--before", type=Path, help="the previous version's checkout (with --cold)")
    parser.add_argument("--phases", action="store_true",
                        help="with --cold: each cold file's phases in process too, before and this (cli_phases.py)")
    parser.add_argument("--kept", type=Path, action="append", default=[],
                        help="with --cold: a game file (from the checkout's root) timed on its second run")
    parser.add_argument("games", nargs="*", default=None,
                        help="files of paytables/video_poker, without .yaml (default: every one; with --cold: 9/6 Jacks or "
                             "Better, Deuces Wild and Joker Poker)")
    args = parser.parse_args()
    if args.cold:
        if args.before is None:
            parser.error("--cold compares with --before DIR")
        games = args.games or ["jacks-or-better-9-6", "deuces-wild-full-pay", "joker-poker-kings"]
        files = [(name, FOLDER.relative_to(ROOT) / f"{name}.yaml", False) for name in games]
        cold_runs(files + [(path.stem, path, True) for path in args.kept], args.before, args.runs)
        if args.phases:
            phase_runs([(name, path) for name, path, _ in files], args.before, args.runs)
        return
    args.games = args.games or sorted(p.stem for p in FOLDER.glob("*.yaml"))
    import casino_math

    cli(WARM_UP, "off")
    print(f"{Path(casino_math.__file__).parent}; {os.cpu_count()} cores; times as wall (processor); load: the 1-minute load average at each game's start "
          "and end\n")
    print(f"| {'Game':30s} | {'cold CLI':>16s} | target | {'kept CLI':>16s} | {'re-solve, warm':>17s} | "
          f"{'brute force, projected':>24s} | {'ratio':>20s} | load |")
    print(f"|{'-' * 32}|{'-' * 17}:|{'-' * 7}:|{'-' * 17}:|{'-' * 18}:|{'-' * 25}:|{'-' * 21}:|------|")
    for name in args.games:
        path = FOLDER / f"{name}.yaml"
        load = _load()
        goal, deals = target(path)
        colds, keeps = [], []
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory(prefix="vp-bench-") as cache:
                colds.append(cli(path, str(Path(cache) / "counts")))
                keeps.append(cli(path, str(Path(cache) / "counts")))
        cold = (min(w for w, _ in colds), min(c for _, c in colds))
        kept = (min(w for w, _ in keeps), min(c for _, c in keeps))
        warm = resolve(path, args.repeat)
        per_deal = brute_force(path, args.deals, args.seed)
        wall, cpu = (per_deal[0] * deals, per_deal[1] * deals)
        print(f"| {name:30s} | {cold[0]:6.2f} s ({cold[1]:4.2f} s) | {goal:4.0f} s | {kept[0]:6.2f} s ({kept[1]:4.2f} s) | "
              f"{warm[0]:6.3f} s ({warm[1]:5.3f} s) | {wall / 3600:7.0f} h ({cpu / 3600:6.0f} h) | "
              f"{wall / cold[0]:8,.0f}x ({cpu / cold[1]:8,.0f}x) | {load}–{_load()} |", flush=True)
    print(f"\nbrute force: every hold x every draw of {args.deals} random deals, projected to every deal; ratio: its "
          "projected time over our cold command line's; re-solve: the full house's pay changed, counts held (target "
          "0.3 s)")


if __name__ == "__main__":
    main()
