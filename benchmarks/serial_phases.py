"""Benchmark: where a big game's cold analysis spends its time, phase by phase, against the previous version.

Runs ``casino-math analyze FILE --no-cache --format json`` in a fresh process per game (the command's own code, count
cache off, compiled kernels warm on disk) with each phase's processor time and wall time taken in that process: the
imports, reading the file, the classes of seen cards (or a hold'em game's plan), the parallel count (the showdown's
shards: its processor time is that of this process and of its workers), the solve (backward induction on the counts),
and the rest (the strategy's views, the return tables and the output). Every phase but the parallel count runs in one
process whatever the workers: the serial part. With ``--before DIR`` (a checkout of the previous version, e.g.
``git archive main | tar -x -C DIR``) the same runs of that version are timed in turn with this one, their printed bytes
compared, and the ratio of the two printed (previous over this one, wall and processor time).

    python benchmarks/serial_phases.py --before /tmp/main                     # Caribbean Stud, 2 workers
    python benchmarks/serial_phases.py --games caribbean_stud/standard four_card_poker/standard --workers 1 2
    python benchmarks/serial_phases.py --games ultimate_texas_holdem/standard --before /tmp/main --repeat 2

On a machine shared with other work the wall times stretch: read the processor times and the load average printed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["caribbean_stud/standard"]
BIG = ["caribbean_stud/standard", "four_card_poker/standard", "crazy_4_poker/standard", "dj_wild_stud/standard",
       "high_card_flush/standard", "ultimate_texas_holdem/standard", "texas_holdem_bonus/standard", "casino_holdem/standard"]
PHASES = ("imports", "read", "classes", "parallel count", "solve", "rest")

# the child: the command's own entry point, with each phase's function wrapped by a timer (exclusive of phases inside it)
CHILD = r'''
import json, resource, sys, time
clock = lambda: (time.process_time(), time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN))
start = clock()
spent = {}
stack = []

def children(r):
    return r.ru_utime + r.ru_stime

def timed(phase, function):
    def wrapper(*args, **kwargs):
        began = clock()
        stack.append([0.0, 0.0])
        try:
            return function(*args, **kwargs)
        finally:
            end = clock()
            inner = stack.pop()
            cpu = end[0] - began[0] + children(end[2]) - children(began[2])
            wall = end[1] - began[1]
            total = spent.setdefault(phase, [0.0, 0.0])
            total[0] += cpu - inner[0]
            total[1] += wall - inner[1]
            if stack:
                stack[-1][0] += cpu
                stack[-1][1] += wall
    return wrapper

def wrap(module, name, phase):
    import importlib
    try:
        target = importlib.import_module(module)
    except ImportError:
        return
    owner, attr = (target, name) if "." not in name else (getattr(target, name.split(".")[0]), name.split(".")[1])
    if hasattr(owner, attr):
        setattr(owner, attr, timed(phase, getattr(owner, attr)))

import importlib
app = importlib.import_module("casino_math.cli.app")
imported = clock()
for module, name, phase in [
    ("casino_math.analysis", "load_game", "read"),
    ("casino_math.cli.games", "load_game", "read"),
    ("casino_math.levels", "build_levels", "classes"),
    ("casino_math.methods.level_by_level.counts", "build_levels", "classes"),
    ("casino_math.methods.by_suits.method", "_count", "parallel count"),
    ("casino_math.methods.holdem.method", "compile_game", "classes"),
    ("casino_math.parallel", "Shards.run", "parallel count"),
    ("casino_math.methods.level_by_level.solver", "backward_induction", "solve"),
    ("casino_math.methods.holdem.method", "assemble", "solve"),
]:
    wrap(module, name, phase)
sys.argv = ["casino-math", *sys.argv[1:]]
try:
    app.main()
except SystemExit:
    pass
end = clock()
cpu = end[0] - start[0] + children(end[2]) - children(start[2])
spent["imports"] = [imported[0] - start[0], imported[1] - start[1]]
spent["rest"] = [cpu - sum(c for c, _ in spent.values()), end[1] - start[1] - sum(w for _, w in spent.values())]
spent["total"] = [cpu, end[1] - start[1]]
print(json.dumps(spent), file=sys.stderr)
'''


def run(tree: Path, game: str, workers: int) -> tuple[dict[str, list[float]], bytes, float]:
    """One cold analysis by the version in ``tree``: the phases' [processor, wall] seconds, the output, the wall time
    from outside (the interpreter's start included)."""
    env = dict(os.environ, CASINO_MATH_CACHE="off", PYTHONPATH=str(tree))
    began = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", CHILD, "analyze", str(ROOT / "paytables" / f"{game}.yaml"), "--no-cache",
                           "--format", "json", "--workers", str(workers)], capture_output=True, check=True, env=env, cwd=tree)
    wall = time.perf_counter() - began
    return json.loads(done.stderr.decode().strip().splitlines()[-1]), done.stdout, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="*", default=GAMES, help=f"paytables/<game>.yaml (all big ones: {' '.join(BIG)})")
    parser.add_argument("--workers", type=int, nargs="+", default=[2])
    parser.add_argument("--before", type=Path, help="a checkout of the previous version, timed in turn with this one")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each, the least processor time kept")
    args = parser.parse_args()
    trees = [("this version", ROOT)] + ([("previous", args.before.resolve())] if args.before else [])
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start; seconds, processor / wall")
    print("| game | workers | version | " + " | ".join(PHASES) + " | total | from outside (wall) |")
    print("|---|---:|---|" + "---:|" * (len(PHASES) + 2))
    same = True
    for game in args.games:
        for workers in args.workers:
            best: dict[str, tuple[dict[str, list[float]], bytes, float]] = {}
            for _ in range(args.repeat):
                for name, tree in trees:  # in turn, so that the load falls alike on both
                    phases, out, wall = run(tree, game, workers)
                    if name not in best or phases["total"][0] < best[name][0]["total"][0]:
                        best[name] = (phases, out, wall)
            for name, _ in trees:
                phases, _, wall = best[name]
                cells = [f"{phases[p][0]:.2f} / {phases[p][1]:.2f}" if p in phases else "-" for p in (*PHASES, "total")]
                print(f"| {game} | {workers} | {name} | " + " | ".join(cells) + f" | {wall:.2f} |")
            if args.before:
                now, then = best["this version"], best["previous"]
                same_bytes = now[1] == then[1]
                same &= same_bytes
                print(f"| {game} | {workers} | ratio previous / this | " + " | ".join(
                    f"{then[0][p][0] / max(now[0][p][0], 1e-9):.2f}x" if p in now[0] and p in then[0] else "-" for p in PHASES)
                    + f" | {then[0]['total'][0] / now[0]['total'][0]:.2f}x / {then[2] / now[2]:.2f}x | "
                    f"same bytes: {same_bytes} |")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
