"""Every shipped game's figures and par sheets written to one folder, to compare two versions of the engine byte for byte.

Run it on two checkouts (before and after a change that must not move a figure), each into its own folder, then compare:

    python3 benchmarks/same_bytes.py /tmp/before            # on the old checkout
    python3 benchmarks/same_bytes.py /tmp/after             # on the new one
    diff -r /tmp/before /tmp/after && echo "the same bytes"

It writes ``json/<family>/<file>.json`` (``casino-math analyze FILE --format json``) for every game file under
``paytables/`` and ``reports/`` (``casino-math report`` of every family, one issue date), each run with a count cache
of its own, so nothing counted by the other version is read back. Pai Gow Poker's two 53-card files count for a quarter
of an hour each on two cores: ``--skip pai_gow_poker`` leaves that family out (the slow tier checks its figures).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATE = "2026-01-01"


def game_files(skip: set[str]) -> list[Path]:
    """Every game file under ``paytables/`` (claims files aside), family by family, of the families not skipped."""
    files = sorted(p for p in (ROOT / "paytables").rglob("*.yaml") if "claims" not in p.parts)
    return [p for p in files if p.relative_to(ROOT / "paytables").parts[0] not in skip]


def run(out: Path, skip: set[str]) -> int:
    """Write every figure and par sheet under ``out``; the number of commands that failed."""
    failed = 0
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, CASINO_MATH_CACHE=cache, SOURCE_DATE_EPOCH="1767225600")
        command = [sys.executable, "-m", "casino_math"]
        for path in game_files(skip):
            target = out / "json" / path.relative_to(ROOT / "paytables").with_suffix(".json")
            target.parent.mkdir(parents=True, exist_ok=True)
            done = subprocess.run([*command, "analyze", str(path.relative_to(ROOT)), "--format", "json"], cwd=ROOT, env=env,
                                  capture_output=True, text=True)
            target.write_text(done.stdout + (f"\nexit {done.returncode}\n{done.stderr}" if done.returncode else ""))
            failed += done.returncode != 0
            print(f"{path.relative_to(ROOT)}: exit {done.returncode}", flush=True)
        families = sorted({p.relative_to(ROOT / "paytables").parts[0] for p in game_files(skip)})
        folders = [f"paytables/{family}" for family in families]  # relative: the bytes name no checkout
        done = subprocess.run([*command, "report", *folders, "--out", str(out / "reports"), "--date", DATE, "--quiet"],
                              cwd=ROOT, env=env)
        failed += done.returncode != 0
        print(f"report: exit {done.returncode}", flush=True)
    return failed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="an empty folder for the figures and par sheets")
    parser.add_argument("--skip", action="append", default=[], help="a family to leave out (a folder of paytables/)")
    args = parser.parse_args()
    sys.exit(min(run(args.out.resolve(), set(args.skip)), 1))


if __name__ == "__main__":
    main()
