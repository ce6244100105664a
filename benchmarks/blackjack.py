"""Blackjack: the exact engine against a plain recursive analyser of the same rules, and the times of the issue (#20).

    python benchmarks/blackjack.py                       # all five parts
    python benchmarks/blackjack.py --no-compare          # without the eight-rule-set compare
    python benchmarks/blackjack.py --spanish             # the fifth part alone
    python benchmarks/blackjack.py --command-line        # the second part alone
    python benchmarks/blackjack.py --command-line --peer /tmp/blackjack   # with Eric Farmer's C++ analyser beside it

1. Head to head, one run, the same rules and shoe: ours (``play_game``: every option of every first two cards, splits
   included) against the brute force of ``tests/references/blackjack_brute_force.py``, a plain recursive Python analyser that
   deals every card sequence of a round, memoised on the shoe's composition (the dealer's hand by the cards left). The
   shoe is small (a few values, 15-18 cards): the brute force could not finish a real shoe. Every option's value must
   agree exactly; the ratio is printed.
2. One six-deck rule set from the command line (``analyze --format json``), each run a fresh process, numba's kernels
   and the package's bytecode compiled first (by a run into another count cache), as an installed package's are: the
   count cache empty (the dealer's counts counted, the counts and the whole solution kept), then a second run (the kept
   solution read back: nothing counted), then the count cache off. Each is run again split into phases
   (``benchmarks/cli_phases.py``): the interpreter's start, imports, kernel loading, the dealer's counts, the optimal
   strategy, the basic-strategy search, the rounds' ends, the count cache read and kept, the output. All must print the
   same bytes. With ``--peer DIR`` (a checkout of Eric Farmer's blackjack analyser, github.com/possibly-wrong/blackjack,
   GPL: never part of this project) its Basic Strategy Calculator is built there with g++ (once) and run in the same
   run on the same rules (:data:`PEER_ANSWERS`, driven through its prompts), timed the same way, and the ratios printed;
   without it, issue #32's figure for it (0.45-0.51 s per six-deck rule set on the issue's machine) is quoted.
3. The same rule set in process, the kernels compiled and nothing kept: the optimal (composition-dependent) strategy,
   the basic strategy and its house edge, and every round's ends (the return table), the dealer's counts included; each
   position's hands valued and each split hand's ends followed by the compiled kernels
   (:mod:`casino_math.methods.blackjack.compiled_values`, :mod:`casino_math.methods.blackjack.compiled_splits`), then the split
   hands' ends followed in Python (their reference), then both walked in Python, in the same run; the processor time
   spent following split hands' ends is printed for each, and its ratio.
4. A ``compare`` of eight shipped rule sets (the dealer's counts counted, none kept), on one worker and on two (the rule
   sets forked out to worker processes), in process and from the command line (``compare --no-cache``), with the peak
   of its processes' memory.
5. Spanish 21 in process (``spanish-21.yaml``: bonuses by a hand's cards, a double's rescue), as a studio edit costs it:
   the file solved; its strategy replayed at five-card 21 paying 2 to 1 (:meth:`~casino_math.contract.method.Solution.
   replayed`, a provisional figure), then replayed again (the positions at that pay built); then that game solved, the
   dealer's counts held; each position's hands valued by the compiled kernel, then walked in Python (its reference),
   in the same run: the same figures both ways, and the ratios.

Processor time is reported beside wall time: the machine is shared, and wall time measures the neighbours too.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import resource
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager, nullcontext
from fractions import Fraction
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from casino_math.count_cache import disabled  # noqa: E402
from casino_math.methods.blackjack.compiled_splits import python_split_ends  # noqa: E402
from casino_math.methods.blackjack.compiled_values import python_walk  # noqa: E402
from casino_math.methods.blackjack.figures import blackjack_figures  # noqa: E402
from casino_math.methods.blackjack.rounds import SPLIT, play_game  # noqa: E402
from casino_math.methods.blackjack.rules import BlackjackRules, Shoe  # noqa: E402
from casino_math.methods.blackjack.split_ends import _Walk  # noqa: E402
from casino_math.held import forget_all  # noqa: E402
from casino_math.analysis import load_game  # noqa: E402

EIGHT = ("1-deck-s17-das", "1-deck-h17-das", "2-decks-h17-das", "6-decks-h17-das", "6-decks-s17-das",
         "6-decks-h17-das-late-surrender", "6-decks-h17-das-6-to-5", "8-decks-h17-das-no-hole-card")


def timed(work):  # noqa: ANN001, ANN201
    wall, cpu = time.perf_counter(), time.process_time()
    out = work()
    return out, time.process_time() - cpu, time.perf_counter() - wall


def head_to_head() -> None:
    from tests.references.blackjack_brute_force import SHOES, Brute, split_strategy

    print("1. every option of every first two cards, against the plain recursive analyser (exact Fractions both)")
    print(f"   {'shoe':<20} {'rules':<22} {'ours (cpu s)':>12} {'plain (cpu s)':>13} {'ratio':>8}  same")
    play_game(BlackjackRules(split_hands=2), Shoe(SHOES["few values"]))  # the kernels compiled and loaded first
    for shoe_name in ("five values", "six, seven, eight"):
        shoe = SHOES[shoe_name]
        for rules_name, rules in (("peek S17, split 2", BlackjackRules(split_hands=2)),
                                  ("peek H17, late surr.", BlackjackRules(split_hands=2, dealer_hits_soft_17=True, surrender="late"))):
            forget_all()
            play, ours, _ = timed(lambda rules=rules, shoe=shoe: play_game(rules, Shoe(shoe)))

            def plain(rules: BlackjackRules = rules, shoe: tuple[int, ...] = shoe, play=play) -> dict:  # noqa: ANN001
                brute = Brute(rules, shoe)
                out = {}
                for up, upcard in play.upcards.items():
                    for hand, root in upcard.roots.items():
                        cards = hand.values()
                        if sorted(cards) == [0, 9]:
                            continue
                        expected = brute.root(up, *cards)
                        if SPLIT in root.options:
                            expected[SPLIT] = brute.split(up, cards[0], split_strategy(play, up, cards[0]))
                        out[(up, hand)] = expected
                return out

            expected, theirs, _ = timed(plain)
            same = all(dict(play.upcards[up].roots[hand].options) == values_ for (up, hand), values_ in expected.items())
            print(f"   {shoe_name:<20} {rules_name:<22} {ours:12.3f} {theirs:13.3f} {theirs / ours:7.1f}x  {same}")


#: the independent C++ analyser's time for one six-deck rule set, as issue #32 gives it (its machine)
CPP_SECONDS = (0.45, 0.51)
#: the peer's prompts answered for 6-decks-h17-das.yaml: 6 decks; the dealer hits soft 17; double on any total, soft
#: totals too, on the first two cards only, after a split too; resplits (to four hands), aces not resplit; split hands
#: by their best play with the pair's two cards out (not CDZ-, but CDP1: the file's split play); no surrender;
#: blackjack paid 1.5; then the file to write its tables to (PEER_OUT), and "0 0": no single hand to look up. Split
#: aces take one card in both; the peer's dealer peeks, as the file's does. Its overall expected value is the optimal
#: strategy's, printed to nine decimals of a percent: ours must read the same.
PEER_ANSWERS = ("6", "y", "y", "y", "n", "y", "y", "n", "n", "y", "n", "1.5", "PEER_OUT", "0 0")
PEER_SOURCES = ("strategy.cpp", "blackjack.cpp", "indices.cpp", "pdf/blackjack_pdf.cpp")


def peer_program(folder: Path) -> Path:
    """The peer's Basic Strategy Calculator, built with g++ in its checkout ``folder`` where it is not built yet."""
    program = folder / "strategy"
    sources = [folder / "src" / name for name in PEER_SOURCES]
    if not program.exists() or program.stat().st_mtime < max(s.stat().st_mtime for s in sources):
        print(f"   building the peer ({program}) with g++ -O2 ...", flush=True)
        subprocess.run(["g++", "-O2", "-std=c++14", f"-I{folder / 'src'}", f"-I{folder / 'src' / 'pdf'}", "-o", str(program),
                        *map(str, sources)], check=True)
    return program


def peer_runs(folder: Path, times: int = 3) -> list[tuple[float, float, str]]:
    """The peer run ``times`` times on the rules of :data:`PEER_ANSWERS`: each run's processor and wall time, and the
    overall expected value it printed (percent)."""
    program, out = peer_program(folder), []
    with tempfile.TemporaryDirectory() as work:
        tables = Path(work) / "strategy.txt"
        answers = "\n".join(tables.as_posix() if a == "PEER_OUT" else a for a in PEER_ANSWERS) + "\n"
        for _ in range(times):
            before, wall = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
            subprocess.run([str(program)], input=answers, capture_output=True, text=True, check=True, cwd=work)
            wall = time.perf_counter() - wall
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            total = next(line for line in tables.read_text().splitlines() if line.strip().startswith("Total |"))
            out.append((after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, wall, total.split("|")[1].strip()))
    return out


def from_the_command_line(peer: Path | None = None) -> None:
    path = ROOT / "paytables" / "blackjack" / "6-decks-h17-das.yaml"
    print(f"2. one six-deck rule set from the command line ({path.name}, analyze --format json), each run a fresh process, "
          f"the kernels and the bytecode compiled first (load {os.getloadavg()[0]:.1f})")
    with tempfile.TemporaryDirectory() as kernels, tempfile.TemporaryDirectory() as folder:
        env = os.environ | {"NUMBA_CACHE_DIR": kernels, "PYTHONPATH": str(ROOT)}
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed package is compiled to bytecode: so is this one
        command = [sys.executable, "-m", "casino_math", "analyze", str(path), "--format", "json"]
        # run in this checkout (``-m`` puts the working folder first on the path: this checkout's package, whatever the caller's)
        subprocess.run(command, env=env | {"CASINO_MATH_CACHE": str(Path(folder) / "warm")}, capture_output=True, check=True, cwd=ROOT)
        counts = str(Path(folder) / "counts")
        printed, phases = [], []
        runs = (("count cache empty", counts), ("second run (the solution kept, read back)", counts), ("count cache off", "off"))
        for label, cache in runs:
            with tempfile.NamedTemporaryFile("r", suffix=".json") as split:
                phased = [sys.executable, str(ROOT / "benchmarks" / "cli_phases.py"), split.name, *command[3:]]
                for run_command in (command, phased):  # timed as it is, then again split into phases (a fresh cache: the same state)
                    if cache == counts and run_command is phased and label.startswith("count cache empty"):
                        shutil.rmtree(counts, ignore_errors=True)
                    before, wall = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
                    run = subprocess.run(run_command, env=env | {"CASINO_MATH_CACHE": cache}, capture_output=True, check=True, cwd=ROOT)
                    wall = time.perf_counter() - wall
                    after = resource.getrusage(resource.RUSAGE_CHILDREN)
                    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
                    printed.append(run.stdout)
                    if run_command is command:
                        timed_run = cpu, wall
                phases.append((label, timed_run, cpu, json.loads(Path(split.name).read_text())))
        print(f"   {'':<44} {'cpu s':>6} {'wall s':>7}   where its processor time went (a second run, split into phases: cpu s)")
        names = list(phases[0][3])
        print(f"   {'':<44} {'':>6} {'':>7}   start " + " ".join(f"{n:>{max(len(n), 5)}}" for n in names))
        for label, (cpu, wall), phased_cpu, split in phases:
            start = phased_cpu - sum(c for c, _ in split.values())  # the interpreter's own start, before the command
            print(f"   {label:<44} {cpu:6.2f} {wall:7.2f}   {start:5.2f} " + " ".join(f"{split[n][0]:>{max(len(n), 5)}.2f}" for n in names))
        edge = Fraction(json.loads(printed[0])["bets"]["blackjack"]["house_edge"])
        print(f"   the same bytes printed every time: {len(set(printed)) == 1}; house edge (optimal strategy) {float(edge):.9%}")
    (empty, empty_wall), (second, second_wall) = phases[0][1], phases[1][1]
    if peer is None:
        print(f"   wall time over the C++ figure of issue #32 ({CPP_SECONDS[0]}-{CPP_SECONDS[1]} s, its machine): count cache empty "
              f"{empty_wall / CPP_SECONDS[1]:.1f}-{empty_wall / CPP_SECONDS[0]:.1f}x, second run "
              f"{second_wall / CPP_SECONDS[1]:.1f}-{second_wall / CPP_SECONDS[0]:.1f}x (issue targets: under 2 s; within 2x)")
        return
    timed = peer_runs(peer)
    cpu, wall = min(c for c, _, _ in timed), min(w for _, w, _ in timed)
    print(f"   the C++ analyser (Eric Farmer's Basic Strategy Calculator 7.6, CDP1 splits), {len(timed)} runs: "
          + ", ".join(f"{c:.2f} s cpu ({w:.2f} s wall)" for c, w, _ in timed) + f"; its overall expected value {timed[0][2]}%, "
          f"ours {float(-edge) * 100:.9f}%: the same {f'{float(-edge) * 100:.9f}' == timed[0][2]} (load {os.getloadavg()[0]:.1f})")
    print(f"   ours over the peer's least, processor time: count cache empty {empty / cpu:.1f}x, second run {second / cpu:.1f}x "
          f"(wall: {empty_wall / wall:.1f}x, {second_wall / wall:.1f}x); issue targets: under 2 s, within 2x")


def six_decks() -> None:
    print("3. the same rule set in process, kernels compiled, nothing kept: optimal + basic strategy + house edge + "
          "every round's ends")
    game = load_game(ROOT / "paytables" / "blackjack" / "6-decks-h17-das.yaml")
    blackjack_figures(game.rules, Shoe.of_decks(1))  # compile the kernels (cached on disk after the first run)

    def whole() -> tuple[Fraction, Fraction]:
        figures = blackjack_figures(game.rules, game.shoe)
        _ = figures.optimal.ends, figures.basic.ends
        return figures.optimal.expected_return, figures.basic.expected_return

    results, laps = [], []
    for label, walk in (("hands and split ends compiled", nullcontext), ("split ends in Python, hands compiled", python_split_ends),
                        ("both walked in Python", python_walk)):
        forget_all()
        with disabled(), walk(), lapped(_Walk, "ends") as lap:
            (optimal, basic), cpu, wall = timed(whole)
        results.append((optimal, basic))
        laps.append(lap[0])
        print(f"   {label:<37} house edge optimal {float(-optimal):.6%}, basic strategy {float(-basic):.6%}: {cpu:.2f} s cpu, "
              f"{wall:.2f} s wall; split hands' ends {lap[0]:.2f} s cpu")
    print(f"   split hands' ends, Python / compiled: {laps[1] / laps[0]:.1f}x (the dealer's counts after their busts included both "
          f"ways); the same house edges every way: {len(set(results)) == 1} (issue target: 3 s; the C++ analysers' 0.5 s)")


@contextmanager
def lapped(owner: type, name: str) -> Iterator[list[float]]:
    """The processor time spent in the method ``name`` of ``owner`` inside, added up (a list of one float)."""
    original, lap = getattr(owner, name), [0.0]

    def timed_method(*args):  # noqa: ANN002, ANN202
        start = time.process_time()
        try:
            return original(*args)
        finally:
            lap[0] += time.process_time() - start

    setattr(owner, name, timed_method)
    try:
        yield lap
    finally:
        setattr(owner, name, original)


def compare_eight() -> None:
    import gc
    import importlib

    from casino_math.design.compare import compare
    from casino_math.parallel import Runner

    print(f"4. compare of {len(EIGHT)} rule sets, nothing kept: in process on one worker, then on two (forked, the rule "
          "sets of one shoe and dealer in one), then from the command line")
    paths = [ROOT / "paytables" / "blackjack" / f"{name}.yaml" for name in EIGHT]
    module = importlib.import_module("casino_math.design.compare")
    solved = module._solved
    frames, walls = [], []
    with tempfile.NamedTemporaryFile("r") as groups:
        def timed_group(games, group, *rest):  # noqa: ANN001, ANN202 - run in the workers (forked: they run this one)
            cpu = time.process_time()
            out = solved(games, group, *rest)
            with open(groups.name, "a") as log:
                log.write(f"{os.getpid()} {time.process_time() - cpu} {time.process_time()} {','.join(games[i].id for i in group)}\n")
            return out

        module._solved = timed_group
        try:
            for workers in (1, 2):
                forget_all()  # the earlier parts' and runs' positions and counts out of memory (freed by the collector:
                gc.collect()  # they hold cycles), as a command's process holds none: a worker forked inherits what is here
                before, load, start = resource.getrusage(resource.RUSAGE_CHILDREN), os.getloadavg()[0], groups.tell()
                with disabled():
                    frame, own, wall = timed(lambda workers=workers: compare(paths, runner=Runner.of(workers=workers)))
                after = resource.getrusage(resource.RUSAGE_CHILDREN)  # the workers, joined when the compare ends
                cpu = own + after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
                frames.append(frame)
                walls.append(wall)
                print(f"   {workers} worker{'s' if workers > 1 else ' '}  {cpu:5.1f} s cpu, {wall:5.1f} s wall   "
                      f"(load {load:.1f} -> {os.getloadavg()[0]:.1f})")
                groups.seek(start)
                busy: dict[str, list] = {}  # per process: its solves' processor time, its own when its last one ended, the files
                for line in groups.read().splitlines():
                    pid, seconds, total, ids = line.split()
                    busy.setdefault(pid, [0.0, 0.0, []])[0] += float(seconds)
                    busy[pid][1] = float(total)  # a worker's own from its fork: its solves, and its forgetting between them
                    busy[pid][2].append(ids)
                outside = own - busy.pop(str(os.getpid()), [0.0])[0]  # reading the files, grouping them, the frame
                for seconds, total, ids in busy.values():
                    print(f"      a worker: {seconds:5.1f} s cpu solving ({total:.1f} s in all by its last) {'; '.join(ids)}")
                print(f"      this process besides the solves: {outside:.1f} s cpu" + (
                      f"; so on an idle machine about {outside + max(t for _, t, _ in busy.values()):.1f} s wall" if busy else ""))
        finally:
            module._solved = solved
    edges = frames[0][frames[0].figure == "house_edge"].iloc[0]
    print("   house edge: " + ", ".join(f"{name} {float(edges[name]):.4%}" for name in frames[0].columns[2:] if not name.startswith("Δ")))
    print(f"   one worker's wall time over two's: {walls[0] / walls[1]:.2f}x; the same frame: {frames[0].equals(frames[1])} "
          "(issue target: 15 s)")
    printed = []
    for workers in ("1", "2"):
        command = [sys.executable, "-m", "casino_math", "compare", *map(str, paths), "--no-cache", "--workers", workers, "--format", "json"]
        out, cpu, wall, peak, largest, load = _measured(command)
        printed.append(out)
        print(f"   command line, --workers {workers}: {cpu:5.1f} s cpu, {wall:5.1f} s wall, {peak / 2**30:.2f} GB at most in all "
              f"(largest process {largest / 2**30:.2f} GB)   (load {load[0]:.1f} -> {load[1]:.1f})")
    print(f"   the same bytes printed both ways: {printed[0] == printed[1]}")


def _measured(command: list[str]) -> tuple[bytes, float, float, int, int, tuple[float, float]]:
    """A command's output, processor and wall time, the peak of its processes' memory together (their proportional
    set sizes summed: pages a forked worker shares with its parent counted once) and of its largest process (resident
    set), both sampled every 0.2 s, and the load average at its start and end."""
    import threading

    import psutil

    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    process = subprocess.Popen(command, env=os.environ | {"PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE)
    peaks = [0, 0]

    def sample() -> None:
        root = psutil.Process(process.pid)
        while process.poll() is None:
            sizes = []
            try:
                for each in (root, *root.children(recursive=True)):
                    with open(f"/proc/{each.pid}/smaps_rollup") as rollup:
                        fields = dict(line.split()[:2] for line in rollup if line.startswith(("Rss:", "Pss:")))
                    sizes.append((int(fields["Pss:"]) * 1024, int(fields["Rss:"]) * 1024))
            except (OSError, psutil.Error, KeyError):  # a process ended meanwhile
                continue
            peaks[0] = max(peaks[0], sum(pss for pss, _ in sizes))
            peaks[1] = max([peaks[1], *(rss for _, rss in sizes)])
            time.sleep(0.2)

    sampler = threading.Thread(target=sample)
    sampler.start()
    out, _ = process.communicate()
    wall = time.perf_counter() - wall
    sampler.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if process.returncode:
        raise SystemExit(f"{' '.join(command)}: exit code {process.returncode}")
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return out, cpu, wall, peaks[0], peaks[1], (load, os.getloadavg()[0])


def spanish_21() -> None:
    from casino_math.methods.blackjack.method import Blackjack

    print("5. Spanish 21 in process, nothing kept: the file solved, its strategy replayed at five-card 21 2 to 1 (twice), "
          "then that game solved with the dealer's counts held (a studio edit)")
    path = ROOT / "paytables" / "blackjack" / "spanish-21.yaml"
    game = load_game(path)
    with tempfile.TemporaryDirectory() as folder:
        edited = Path(folder) / "spanish-21-five-card-2-to-1.yaml"
        edited.write_text(path.read_text().replace("five-card 21: 3 to 2", "five-card 21: 2 to 1"))
        variant = load_game(edited)
    method = Blackjack()
    with disabled():
        method._solve(load_game(ROOT / "paytables" / "blackjack" / "1-deck-s17.yaml"))  # the kernels loaded
    times: dict[str, list[tuple[float, ...]]] = {}
    figures = []
    ways = (("the positions' hands in the compiled kernel", nullcontext), ("the same walked in Python", python_walk))
    for label, walk in ways * 2:  # in turn, twice: the machine is shared
        forget_all()
        with disabled(), walk():
            solution, first, _ = timed(lambda: method._solve(game))
            replayed, second, _ = timed(lambda solution=solution: solution.replayed(variant))
            again, third, _ = timed(lambda solution=solution: solution.replayed(variant))
            edit, fourth, wall = timed(lambda: method._solve(variant))
        times.setdefault(label, []).append((first, second, third, fourth))
        figures.append((solution.table, replayed, again, edit.table))
        print(f"   {label:<45} the file {first:5.2f} s cpu; the replay {second:5.2f} s, again {third:5.2f} s; the edit "
              f"{fourth:5.2f} s cpu ({wall:.2f} s wall)")
    compiled, walked = (list(map(min, zip(*times[label]))) for label, _ in ways)
    edge = figures[0][3].metrics.expected_return
    print(f"   house edge at five-card 21 2 to 1: {float(-edge):.6%}; replayed (the file's strategy) "
          f"{float(-figures[0][1].metrics.expected_return):.6%}; the same tables every time: "
          f"{all(f == figures[0] for f in figures)}")
    print("   Python walk over kernel, the least of each: " + ", ".join(
        f"{name} {w / c:.2f}x" for name, c, w in zip(("file", "replay", "again", "edit"), compiled, walked))
        + f"   (load {os.getloadavg()[0]:.1f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-compare", action="store_true", help="skip the compare of eight rule sets")
    parser.add_argument("--spanish", action="store_true", help="only Spanish 21's solve, edit and replay (the fifth part)")
    parser.add_argument("--command-line", action="store_true", help="only the command line's runs (the second part)")
    parser.add_argument("--peer", type=Path, metavar="DIR", help="a checkout of github.com/possibly-wrong/blackjack (Eric "
                        "Farmer's C++ analyser): built there with g++, run beside the second part")
    args = parser.parse_args()
    if args.command_line:
        from_the_command_line(args.peer)
        return
    if args.spanish:
        spanish_21()
        return
    with disabled():  # ours counts the dealer's hands as the brute force does, in the run
        head_to_head()
    from_the_command_line(args.peer)
    six_decks()
    if not args.no_compare:
        compare_eight()
    spanish_21()


if __name__ == "__main__":
    main()
