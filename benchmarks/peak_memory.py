"""Benchmark helper: run a command and sample the memory of all its processes together every second (Linux).

Each second it sums, over the command and every process under it, the resident memory (VmRSS: pages a process maps,
those shared with another process counted in each) and the proportional share (Pss: a shared page split between the
processes that map it, so the sum is what the machine gives them); it prints the peak of each sum, the processes at
that moment and the command's processor time (user + system, its waited-for children included).

    python benchmarks/peak_memory.py --log /tmp/pg.mem -- casino-math analyze paytables/pai_gow_poker/foxwoods.yaml --no-cache
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time


def tree(root: int) -> list[int]:
    """The process ``root`` and every process under it (from /proc's parent ids)."""
    parent: dict[int, int] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as stat:
                    parent[int(name)] = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    found, todo = [root], [root]
    while todo:
        at = todo.pop()
        children = [pid for pid, ppid in parent.items() if ppid == at]
        found += children
        todo += children
    return found


def memory(pid: int) -> tuple[int, int]:
    """A process's resident and proportional memory, in bytes (0, 0 once it has ended)."""
    rss = pss = 0
    try:
        with open(f"/proc/{pid}/smaps_rollup") as rollup:
            for line in rollup:
                if line.startswith("Rss:"):
                    rss = int(line.split()[1]) * 1024
                elif line.startswith("Pss:"):
                    pss = int(line.split()[1]) * 1024
    except OSError:
        pass
    return rss, pss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--log", help="a file receiving each second's sums")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    start = time.monotonic()
    process = subprocess.Popen(command)
    peak_rss = peak_pss = 0
    at_peak = 0
    log = open(args.log, "w") if args.log else None
    while process.poll() is None:
        pids = tree(process.pid)
        sums = [memory(pid) for pid in pids]
        rss, pss = sum(s[0] for s in sums), sum(s[1] for s in sums)
        if rss > peak_rss:
            peak_rss, at_peak = rss, len([s for s in sums if s[0]])
        peak_pss = max(peak_pss, pss)
        if log is not None:
            log.write(f"{time.monotonic() - start:8.0f} s  {len(pids)} processes  rss {rss / 2**30:6.2f} GiB  "
                      f"pss {pss / 2**30:6.2f} GiB\n")
            log.flush()
        time.sleep(1)
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"exit {process.returncode}; wall {time.monotonic() - start:.1f} s; processor {used.ru_utime:.1f} s user + "
          f"{used.ru_stime:.1f} s system; peak of all processes together: {peak_rss / 2**30:.2f} GiB resident "
          f"({at_peak} processes), {peak_pss / 2**30:.2f} GiB proportional", file=sys.stderr)
    sys.exit(process.returncode)


if __name__ == "__main__":
    main()
