"""Benchmark: counts kept between runs (issue 19, item 1), cold against warm, from the command line.

Per game: ``casino-math analyze FILE --format json`` cold (an empty cache folder: it counts and keeps the counts), then
a variant changing one pay of the game's own bet re-analysed warm (best of ``--repeat``), each in a fresh process
(imports included: what a user waits for); with ``--check`` the variant is also analysed with ``--no-cache`` and the
two outputs compared byte for byte. Then ``casino-math report`` of every shipped game, cold and warm, into two folders
whose files are compared byte for byte (one issue date for both). Each run's cache is a temporary folder
(CASINO_MATH_CACHE), never the user's.

    python benchmarks/count_cache.py                                    # Caribbean Stud, then the report of every game
    python benchmarks/count_cache.py --games caribbean_stud four_card_poker ultimate_texas_holdem --check
    python benchmarks/count_cache.py --no-report --repeat 3 --studio 9        # and nine edits timed in the studio
    python benchmarks/count_cache.py --games --studio 0 --without blackjack    # the report alone: all, and warm without blackjack
    python benchmarks/count_cache.py --games --studio 0 --shards DIR           # the report, Pai Gow's big count from kept shards
    python benchmarks/count_cache.py --games caribbean_stud --counts DIR --no-report --studio 9   # on counts kept before
    python benchmarks/count_cache.py --games --studio 0 --skip pai_gow_poker --report-cache DIR --before OLD   # before/after

Targets (issue 19): a changed pay of a shipped big game re-analysed in under 2 s on a warm cache; the report of every
shipped game on a warm cache in under 20 s; warm results identical to cold ones; a studio edit within 200 ms.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# a changed pay of the game's own bet, as a designer would try it
VARIANTS = {
    "caribbean_stud": ("standard.yaml", "raise: {royal flush: 100, straight flush: 50, four of a kind: 20, full house: 7, flush: 6, "
                                        "straight: 4, three of a kind: 3, two pair: 2, pair: 1, high card: 1}"),
    "four_card_poker": ("standard.yaml", None),
    "ultimate_texas_holdem": ("standard.yaml", "trips: {royal flush: 50, straight flush: 40, four of a kind: 30, full house: 9, "
                                               "flush: 7, straight: 4, three of a kind: 3}"),
    "three_card_poker": ("standard.yaml", "ante_bonus: {straight flush: 5, three of a kind: 3, straight: 1}"),
    "let_it_ride": ("standard.yaml", None),
    "blackjack": ("6-decks-h17-das.yaml", "blackjack:\n  pays: {blackjack: 7 to 5}"),  # a section of its own, not a paytable
    "mississippi_stud": ("standard.yaml", None),
}


class Timed(float):
    """A wall time in seconds that also carries the processor time it took (``cpu``: the time on an idle machine,
    for a run in one process; a shared machine's load stretches the wall time, not this), ``user`` and ``system`` apart,
    and the load average (one minute) when the run ended."""

    cpu: float
    user: float
    system: float
    load: float

    def __str__(self) -> str:
        return f"{float(self):6.2f} s (cpu {self.cpu:.2f} s)"

    def split(self) -> str:
        """The wall time with the processor time's user and system parts and the load."""
        return f"{float(self):6.2f} s wall (cpu {self.user:.2f} s user + {self.system:.2f} s system; load {self.load:.1f})"


def run(args: list[str], env: dict[str, str]) -> tuple[Timed, bytes]:
    """Wall time (and processor time) and standard output of ``casino-math *args`` in a fresh process (the package
    found on ``env``'s PYTHONPATH first)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "casino_math", *args], capture_output=True, env=env, check=False)
    elapsed = Timed(time.perf_counter() - start)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    elapsed.user, elapsed.system = after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime
    elapsed.cpu, elapsed.load = elapsed.user + elapsed.system, os.getloadavg()[0]
    if done.returncode != 0:
        raise SystemExit(f"casino-math {' '.join(args)} failed ({done.returncode}): {done.stderr.decode()[-2000:]}")
    return elapsed, done.stdout


def base_of(game: str) -> Path:
    """The family's file a variant changes: the one :data:`VARIANTS` names, else ``standard.yaml``, else its first file."""
    folder = ROOT / "paytables" / game
    named = folder / VARIANTS.get(game, ("standard.yaml", None))[0]
    return named if named.is_file() else sorted(folder.glob("*.yaml"))[0]


def variant_of(game: str, folder: Path) -> Path:
    """A variant file of the game changing one pay of its own bet (or its first paytable's first line, by one)."""
    table = VARIANTS.get(game, ("standard.yaml", None))[1]
    source = base_of(game)
    if table is None:
        from casino_math.analysis import load_game

        loaded = load_game(source)
        name = (loaded.own_tables or tuple(loaded.paytables))[0]
        lines = loaded.paytables[name].lines
        pays = ", ".join(f"{line.key}: {line.pay.amount + (1 if i == 0 else 0)}" for i, line in enumerate(lines))
        table = f"{name}: {{{pays}}}"
    path = folder / f"{game}-variant.yaml"
    change = table if table.startswith("blackjack:") else f"paytables:\n  {table}"
    path.write_text(f"extends: {source}\nid: {game}-benchmark-variant\n{change}\n")
    return path


def game_times(game: str, repeat: int, check: bool, env: dict[str, str], scratch: Path) -> None:
    """Cold (counting, and keeping), warm on the same file, warm on a variant changing one pay (best of ``repeat``); the
    plain path is the cold run (what every run cost before counts were kept): the ratio is cold over warm, in processor
    time. ``check``: the variant analysed with ``--no-cache`` too, its bytes compared with the warm run's."""
    source = base_of(game)
    variant = variant_of(game, scratch)
    cold, _ = run(["analyze", str(source), "--format", "json"], env)
    warm_same = min((run(["analyze", str(source), "--format", "json"], env)[0] for _ in range(repeat)), key=float)
    times, out = [], b""
    for _ in range(repeat):
        elapsed, out = run(["analyze", str(variant), "--format", "json"], env)
        times.append(elapsed)
    best = min(times, key=lambda t: t.cpu)
    line = (f"{game:<22} cold {cold}   warm, same file {warm_same}   warm, a changed pay {best}   "
            f"cold/warm {cold.cpu / best.cpu:.1f}x (processor time)")
    if check:
        uncached, reference = run(["--no-cache", "analyze", str(variant), "--format", "json"], env)
        line += f"   (cold, changed pay {uncached}: {'identical' if reference == out else 'DIFFERENT'})"
    print(line, flush=True)


def report_times(env: dict[str, str], scratch: Path, without: list[str], cache: Path | None = None,
                 shards: Path | None = None, skip: list[str] | None = None, before: Path | None = None) -> None:
    """``casino-math report`` of every shipped family, cold then warm (families written at once, one per core: the
    default), warm again one family at a time (``--workers 1``), then warm without the families named (``without``:
    blackjack, whose counts another part of the engine keeps); every warm set compared with the cold one byte for byte.
    ``shards``: a folder of finished shards of big counts (``--cache``), where Pai Gow Poker's 53-card count resumes;
    ``skip``: families left out of every run (Pai Gow Poker's 53-card count: minutes and gigabytes); ``before``: a
    checkout of the previous version, whose warm report is timed in turn with this one's, twice, on the same cache."""
    # a cache of its own (or the one named), so that the cold run counts every game; one issue date for all sets
    env = env | {"CASINO_MATH_CACHE": str(cache or scratch / "report-counts"), "SOURCE_DATE_EPOCH": str(int(time.time()))}
    # every family folder of paytables/ holding game files (what `casino-math report` reports, a folder in the making aside)
    families = [f for f in sorted((ROOT / "paytables").iterdir()) if f.is_dir() and any(f.glob("*.yaml")) and f.name not in (skip or [])]
    kept = ["--cache", str(shards)] if shards else []

    def report(name: str, *options: str, folders: list[Path] = families, code: dict[str, str] = env) -> Timed:
        elapsed, _ = run(["report", *map(str, folders), "--quiet", "--out", str(scratch / name), *kept, *options], code)
        return elapsed

    def same(name: str) -> str:
        return "identical" if all((scratch / "cold" / f).read_bytes() == (scratch / name / f).read_bytes() for f in files) else "DIFFERENT"

    cold = report("cold")
    files = sorted(p.relative_to(scratch / "cold") for p in (scratch / "cold").rglob("*") if p.is_file())
    warm = report("warm")
    print(f"{f'report, {len(families)} families':<22} cold {cold.split()}", flush=True)
    print(f"{'':<22} warm {warm.split()}, families at once; {len(files)} files {same('warm')} byte for byte", flush=True)
    if before is not None:  # in turn, so that both meet the same load
        previous = env | {"PYTHONPATH": str(before)}
        for turn in (1, 2):
            then, now = report("before", code=previous), report("again")
            print(f"{'':<22} warm {then.split()}, the previous version ({same('before')}); "
                  f"this one {now.split()} ({same('again')}); round {turn}", flush=True)
    serial = report("serial", "--workers", "1")
    print(f"{'':<22} warm {serial.split()}, one family at a time; {same('serial')}", flush=True)
    if without:
        rest = [f for f in families if f.name not in without]
        part = report("part", folders=rest)
        print(f"{f'report, {len(rest)} families':<22} warm {part.split()}   (without {', '.join(without)})", flush=True)


# the pay a designer changes in the studio: a line of the game's own bet where its pays are in a table (the hold'em
# games' too: their totals are re-priced while no decision taken board by board moves, counted again where one does)
STUDIO_EDITS = {
    "caribbean_stud": ("raise", "flush"), "four_card_poker": ("ante_bonus", "three of a kind"),
    "ultimate_texas_holdem": ("blind", "flush"), "texas_holdem_bonus": ("ante", "straight"), "casino_holdem": ("ante", "flush"),
    "three_card_poker": ("ante_bonus", "straight"),
    "let_it_ride": ("let_it_ride", "flush"), "mississippi_stud": ("mississippi_stud", "flush"),
    "baccarat": ("dragon_bonus_player", "wins by 9"), "blackjack": ("pays", "blackjack"),
}


def studio_times(game: str, edits: int, env: dict[str, str]) -> None:
    """The workbench (in this process, as the server runs it): the game opened on the kept counts, then ``edits`` edits of
    one pay (:data:`STUDIO_EDITS`), each timed from the request to the figures (what the page waits for); then as many
    edits on the plain path (every solve from scratch on the same counts: the last solve forgotten before each, so none
    is patched), and the ratio of the medians' processor times."""
    os.environ.update(env)
    from casino_math.studio.server import create_app
    from casino_math.studio.workbench import Workbench

    name = base_of(game).name
    client = create_app(Workbench(ROOT / "paytables" / game), "bench").test_client()
    client.environ_base["HTTP_X_STUDIO_TOKEN"] = "bench"  # the server answers only calls carrying its token
    start = time.perf_counter()
    shown = client.get(f"/api/game?path={name}").json
    opened = time.perf_counter() - start
    table, line = STUDIO_EDITS.get(game, (None, None))
    if table not in shown["paytables"] or line not in shown["paytables"][table]:
        table = next(iter(shown["paytables"]))
        line = next(iter(shown["paytables"][table]))
    pays = shown["paytables"][table][line]
    medians = []
    for plain in (False, True):
        times, cpu = [], []
        for i in range(edits):
            if plain:
                forget_last_solves()
            tables = {table: dict(shown["paytables"][table], **{line: edited_pay(pays, i + edits * plain)})}
            start, processor = time.perf_counter(), time.process_time()
            answer = client.post("/api/edit", json={"path": name, "tables": tables}).json
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - processor)
            assert not answer["errors"], answer["errors"]
        times.sort()
        cpu.sort()
        medians.append(cpu[len(cpu) // 2])
        what = "plain path (solved from scratch)" if plain else f"opened {opened:5.2f} s   an edit"
        print(f"{'studio, ' + game:<22} {what}: median {times[len(times) // 2] * 1000:6.0f} ms (cpu {cpu[len(cpu) // 2] * 1000:.0f} ms), "
              f"best {times[0] * 1000:6.0f} ms ({edits} edits of {table}: {line})"
              + (f"   plain/ours {medians[1] / max(medians[0], 1e-9):.1f}x (processor time)" if plain else ""), flush=True)


def edited_pay(pays: str, i: int) -> str:
    """The ``i``-th edit of a pay: raised by 1 + ``i`` (a whole pay, or the numerator of ``3/2``), so every edit is a pay
    not seen before (a blackjack pay is then solved, not read from the solutions kept).

    >>> edited_pay("5", 0), edited_pay("3/2", 2)
    ('6', '6/2')
    """
    whole, _, over = pays.partition("/")
    return f"{int(whole) + 1 + i}" + (f"/{over}" if over else "")


def forget_last_solves() -> None:
    """Forget the last solve kept in memory with each game's counts (what the next solve would patch)."""
    from casino_math.methods.level_by_level import counts
    from casino_math.methods.level_by_level.counts import SCRATCH

    for kept in counts._CACHE.values():
        kept.memo.pop((SCRATCH, "last solve"), None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=["caribbean_stud"], help="families under paytables/ (default: caribbean_stud)")
    parser.add_argument("--repeat", type=int, default=3, help="warm runs per game, the best shown")
    parser.add_argument("--check", action="store_true", help="also analyse each variant with --no-cache and compare the bytes")
    parser.add_argument("--no-report", action="store_true", help="skip the report of every shipped game")
    parser.add_argument("--studio", type=int, default=5, help="edits timed in the studio per game (0: none)")
    parser.add_argument("--without", nargs="*", default=["blackjack"], help="families the report is timed warm without too")
    parser.add_argument("--report-cache", type=Path, help="a cache folder for the report (default: an empty one: cold counts)")
    parser.add_argument("--shards", type=Path, help="a folder of finished shards of big counts for the report (--cache): "
                        "Pai Gow Poker's 53-card count resumes from them")
    parser.add_argument("--counts", type=Path, help="a cache folder for the games (default: an empty one: the first run counts)")
    parser.add_argument("--skip", nargs="*", default=[], help="families left out of every report run (pai_gow_poker: its "
                        "53-card count takes minutes and gigabytes)")
    parser.add_argument("--before", type=Path, help="a checkout of the previous version: its warm report timed in turn "
                        "with this one's (git archive HEAD~N | tar -x -C DIR)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="casino-math-bench-") as folder:
        scratch = Path(folder)
        counts = options.counts or scratch / "counts"
        env = dict(os.environ, CASINO_MATH_CACHE=str(counts), CASINO_MATH_EXTENDS=str(ROOT / "paytables"))
        print(f"{os.cpu_count()} cores; counts kept in {counts}" + ("" if options.counts else " for this run only"), flush=True)
        for game in options.games:
            game_times(game, options.repeat, options.check, env, scratch)
        if not options.no_report:
            report_times(env, scratch, options.without, options.report_cache, options.shards, options.skip, options.before)
        for game in options.games if options.studio else ():
            studio_times(game, options.studio, env)


if __name__ == "__main__":
    main()
