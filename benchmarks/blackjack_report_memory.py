"""Benchmark: the memory of a blackjack family's par sheet, game after game, in one process (issue 32, item 4).

The report analyses every game of a family before it writes the sheet, and keeps each analysis until then; this runs
that (:func:`casino_math.report.build_reports`, one process) on blackjack game files and prints, at each step of the
report, the memory the process holds then: resident (``/proc/self/statm``) and, with ``--traced``, what Python has
allocated and not freed (``tracemalloc``: exact, but it slows the run about twice). At the end: the peak resident
memory and the processor time (user + system). With ``--out`` the sheet's files are written there, to compare runs
byte for byte.

    python benchmarks/blackjack_report_memory.py                      # five rule sets, no count cache
    python benchmarks/blackjack_report_memory.py --cache /tmp/empty   # the same with a count cache (empty: a first run)
    python benchmarks/blackjack_report_memory.py --traced paytables/blackjack/6-decks-*.yaml --out /tmp/sheet
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
import tracemalloc
from pathlib import Path

FILES = ("1-deck-s17-das", "6-decks-s17-das", "6-decks-h17-das", "8-decks-h17-no-hole-card", "double-exposure-atlantic-city")
PAGE = os.sysconf("SC_PAGE_SIZE")


def resident_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*", help="blackjack game files (default: five rule sets of paytables/blackjack)")
    parser.add_argument("--cache", help="a count cache folder (default: none, CASINO_MATH_CACHE=off)")
    parser.add_argument("--traced", action="store_true", help="also trace Python's allocations (tracemalloc)")
    parser.add_argument("--out", help="a folder to write the sheet's files to (html, json)")
    args = parser.parse_args()
    os.environ["CASINO_MATH_CACHE"] = args.cache or "off"  # before the package reads it

    from casino_math.progress import Bar
    from casino_math.report import build_reports

    files = args.files or [f"paytables/blackjack/{name}.yaml" for name in FILES]
    started = time.process_time()

    class Memory(Bar):
        """A quiet bar that prints the memory held as each step of the report begins (the one before it done)."""

        def step(self, description: str, weight: float = 1.0) -> None:
            traced = f", traced {tracemalloc.get_traced_memory()[0] / 2**20:7.1f} MB" if args.traced else ""
            print(f"{time.process_time() - started:7.1f} s  resident {resident_mb():7.1f} MB{traced}  then: {description}",
                  flush=True)
            super().step(description, weight)

    if args.traced:
        tracemalloc.start()
    reports = build_reports(files, Memory(quiet=True), issued="2026-11-29", processes=1, formats="html,json")
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(f"done: {usage.ru_utime + usage.ru_stime:.1f} s of processor time (user + system), "
          f"peak resident {usage.ru_maxrss / 1024:.0f} MB", flush=True)
    if args.out:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        for name, data in reports.items():
            (out / name).write_bytes(data)
        print(f"written to {out}: {', '.join(sorted(reports))}", file=sys.stderr)


if __name__ == "__main__":
    main()
