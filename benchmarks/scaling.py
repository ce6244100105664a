"""Benchmark: how a big game's cold analysis scales with workers, measured (not projected).

Runs ``casino-math analyze FILE --no-cache --format json`` in a fresh process with ``--workers 1``, ``2``, … and on a
real Dask cluster started as separate processes (``dask scheduler`` and ``dask worker`` command lines on this machine,
``--cluster N`` worker processes of one thread), prints each run's wall time, processor time (the command's and its
workers', for a cluster the scheduler's and workers' own are not counted) and speed-up over one worker, checks that
every run prints the same bytes, and fits ``wall = serial + parallel / workers`` to the local runs (least squares on
1 / workers): the serial part is what no number of cores shortens.

    python benchmarks/scaling.py                                          # Caribbean Stud, 1 and 2 workers, a cluster of 2
    python benchmarks/scaling.py --workers 1 2 4 8 16 --cluster 16
    python benchmarks/scaling.py --game paytables/pai_gow_poker/foxwoods.yaml --workers 1 2 --cluster 0

On a machine shared with other work the wall times stretch: compare them within one run, and read the load average
it prints.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.helpers.dask_cluster import dask_cluster  # noqa: E402

GAME = ROOT / "paytables" / "caribbean_stud" / "standard.yaml"


def timed(game: Path, options: list[str]) -> tuple[float, float, bytes]:
    """Wall seconds, processor seconds (the command and its own workers) and standard output of one cold analysis."""
    env = dict(os.environ, CASINO_MATH_CACHE="off", PYTHONPATH=str(ROOT))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "casino_math", "analyze", str(game), "--no-cache", "--format", "json",
                          *options], capture_output=True, check=True, env=env).stdout
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), out


def fit(points: list[tuple[int, float]]) -> tuple[float, float]:
    """``serial`` and ``parallel`` of ``wall = serial + parallel / workers`` by least squares.

    >>> [round(x, 6) for x in fit([(1, 30.0), (2, 20.0), (4, 15.0)])]
    [10.0, 20.0]
    """
    xs, ys = [1 / w for w, _ in points], [t for _, t in points]
    if len(set(xs)) < 2:
        return ys[0], 0.0
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    return my - slope * mx, slope


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", type=Path, default=GAME)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--cluster", type=int, default=2, help="worker processes of a Dask cluster (0: none)")
    args = parser.parse_args()
    print(f"{args.game.relative_to(ROOT) if args.game.is_absolute() else args.game}: cold analyze (count cache off), "
          f"{os.cpu_count()} cores here, load average {os.getloadavg()[0]:.1f} at the start")
    runs: list[tuple[str, int, float, float, bytes]] = []
    for workers in args.workers:
        runs.append((f"--workers {workers}", workers, *timed(args.game, ["--workers", str(workers)])))
    if args.cluster:
        with dask_cluster(args.cluster) as address:
            runs.append((f"Dask cluster of {args.cluster} (dask scheduler, dask worker)", args.cluster,
                         *timed(args.game, ["--scheduler", address])))
    one = next((wall for _, w, wall, _, _ in runs if w == 1), runs[0][2])
    print("| run | wall | processor (command and its local workers) | speed-up over one worker |\n|---|---:|---:|---:|")
    for name, _, wall, cpu, _ in runs:
        print(f"| {name} | {wall:.1f} s | {cpu:.1f} s | {one / wall:.2f}x |")
    serial, parallel = fit([(w, wall) for name, w, wall, _, _ in runs if name.startswith("--workers")])
    print(f"fit of the local runs: wall = {serial:.1f} s serial + {parallel:.1f} s / workers")
    same = len({out for *_, out in runs}) == 1
    print(f"every run printed the same bytes: {same}; load average {os.getloadavg()[0]:.1f} at the end")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
