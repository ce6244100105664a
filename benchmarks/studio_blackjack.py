"""Blackjack in the studio: edits that move the strategy, timed from the request to the first (provisional) figures and
to the exact ones, in wall time and in processor time (the server's and every worker's).

An edit of a pay a decision sees (Spanish 21's bonuses) or of a rule is a solve of seconds, run in a worker; the page
shows at once the strategy last solved under the same rules, priced at the edit's pays, where the studio holds its
pricer, else the method's estimate (blackjack's infinite deck, corrected by the file's exact figure). Timed here
through the server's API (Flask's test client, in this process as the server runs it), with a count cache of the
benchmark's own (nothing kept at the start: a first run on a machine), three runs of the studio one after
another (each a workbench of its own, as a studio started again):

1. the game opened (nothing kept: its estimate at once, its exact figures when its solve in a worker ends), a pay edited
   at once;
2. the game opened again (its solution kept), another pay edited at once (the issue's "first 20 s after opening"),
   then a rule edited (a rule set never solved);
3. the game opened again, the same rule edited with the first pay: a rule edit whose rules were solved in an earlier run.

    python benchmarks/studio_blackjack.py
    PYTHONPATH=/tmp/studio-base python benchmarks/studio_blackjack.py        # the previous version (git archive 05fcd04)
    python benchmarks/studio_blackjack.py --game 6-decks-h17-das.yaml --pays "blackjack=6/5" "blackjack=2" --rule "Dealer: soft 17=stands"
"""

from __future__ import annotations

import argparse
import os
import resource
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TICKS = os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="spanish-21.yaml", help="a file of paytables/blackjack/ (default: spanish-21.yaml)")
    parser.add_argument("--pays", nargs=2, default=["five-card 21=2", "five-card 21=1"], help="two pay edits, LINE=PAYS")
    parser.add_argument("--rule", default="Surrender=none", help="a rule edit, CONTROL=VALUE (its title in the page)")
    parser.add_argument("--cache", type=Path, help="the count cache to use (default: a new empty folder)")
    args = parser.parse_args()
    os.environ["CASINO_MATH_CACHE"] = str(args.cache or tempfile.mkdtemp(prefix="studio-blackjack-cache-"))
    import casino_math
    from casino_math.studio import server
    from casino_math.studio.workbench import Workbench

    print(f"{casino_math.__file__}; load {os.getloadavg()[0]:.1f} at the start; count cache {os.environ['CASINO_MATH_CACHE']}")
    folder = ROOT / "paytables" / "blackjack"
    first, second = (dict([p.split("=", 1)]) for p in args.pays)
    title, _, value = args.rule.partition("=")
    rule = {title: value}
    for run, edits in enumerate(([(first, {})], [(second, {}), ({}, rule)], [(first, rule)]), 1):
        workbench = Workbench(folder)
        app = server.create_app(workbench, "bench")
        client = app.test_client()
        client.environ_base["HTTP_X_STUDIO_TOKEN"] = "bench"
        try:
            clock = Clock(workbench)
            shown = client.get(f"/api/game?path={args.game}").json
            assert shown is not None
            first_figure = shown["bets"][0]["figures"]["house edge"] if shown["bets"] else "no figure"
            print(f"run {run}: {args.game} opened in {clock.since()}"
                  + (f", its estimate at once ({first_figure})" if "solve" in shown else f" ({first_figure})"), flush=True)
            watcher = None
            if "solve" in shown:  # the file's exact figures, timed from the same clock while the edits go on
                watcher = threading.Thread(target=file_solved, args=(app, shown["solve"], clock, args.game))
                watcher.start()
            for pays, rules in edits:
                tables = {"pays": dict(shown["paytables"]["pays"], **pays)}
                words = ", ".join([*(f"{k} {shown['paytables']['pays'][k]} -> {v}" for k, v in pays.items()),
                                   *(f"{k}: {v}" for k, v in rules.items())])
                print(f"  {words}: {timed(client, workbench, args.game, tables, rules)}", flush=True)
            if watcher is not None:
                watcher.join()
            for solve in list(workbench.solves.numbered.values()):  # its strategy priced (and, now, kept for the next run)
                solve.finished.wait(1800)
        finally:
            workbench.solves.stop_all()
    print(f"load {os.getloadavg()[0]:.1f} at the end")


class Clock:
    """Wall time and processor time since it was made: this process's, its workers' ended, its workers' running."""

    def __init__(self, workbench: Any) -> None:
        self.workbench = workbench
        self.wall, self.processor = time.perf_counter(), self.used()

    def used(self) -> float:
        own, ended = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        running = 0.0
        for solve in list(self.workbench.solves.numbered.values()):
            process = solve.process
            if process is not None and process.pid is not None and process.exitcode is None:
                try:
                    fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
                    running += (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime
                except (OSError, IndexError, ValueError):
                    pass
        return own.ru_utime + own.ru_stime + ended.ru_utime + ended.ru_stime + running

    def since(self) -> str:
        return f"{time.perf_counter() - self.wall:.2f} s (processor {self.used() - self.processor:.1f} s)"


def timed(client: Any, workbench: Any, game: str, tables: dict, rules: dict) -> str:
    """An edit from the request to its first figures (provisional where they are) and to the exact ones."""
    clock = Clock(workbench)
    thread = time.thread_time()  # the test client answers in this thread: the request's own processor time
    answer = client.post("/api/edit", json={"path": game, "tables": tables, "rules": rules}).json
    thread = time.thread_time() - thread
    assert not answer["errors"], answer["errors"]
    said = [f"answered in {clock.since()}, the request's own processor time {thread:.2f} s"]
    if "bets" in answer:
        said.append(f"provisional at once ({answer['bets'][0]['figures']['house edge']}, {provenance(answer['provisional'])})"
                    if answer.get("provisional") else f"exact at once ({answer['bets'][0]['figures']['house edge']})")
    provisional = "bets" in answer
    while "solve" in answer:
        status = client.get(f"/api/solve?number={answer['solve']}&wait=0.2").json
        if not provisional and status["provisional"] is not None:
            provisional = True
            said.append(f"provisional in {clock.since()} ({status['provisional']['bets'][0]['figures']['house edge']}, "
                        f"{provenance(status['provisional']['provisional'])})")
        if status["state"] != "solving":
            assert status["state"] == "done", status
            said.append(f"exact in {clock.since()} ({status['result']['bets'][0]['figures']['house edge']})")
            break
    return "; ".join(said)


def file_solved(app: Any, number: int, clock: Clock, game: str) -> None:
    """The file's own solve waited for (a client of its own: this runs beside the edits) and its end timed."""
    client = app.test_client()
    client.environ_base["HTTP_X_STUDIO_TOKEN"] = "bench"
    while (status := client.get(f"/api/solve?number={number}&wait=5").json)["state"] == "solving":
        pass
    assert status["state"] == "done", status
    print(f"  {game}'s exact figures in {clock.since()} ({status['result']['bets'][0]['figures']['house edge']})", flush=True)


def provenance(provisional: dict) -> str:
    """What a provisional figure is: the method's estimate, or a strategy solved before priced at the edit's pays."""
    return "an estimate" if provisional.get("estimate") else f"the strategy of {provisional['of']}"


if __name__ == "__main__":
    main()
