"""Blackjack in the studio: edits of pays a decision sees, timed to the provisional figures and to the exact ones.

Spanish 21's bonus pays move the play, so an edit of one is a solve of seconds: the studio solves it in a worker process
and answers at once with the strategy last solved priced at the new pays (its ends as linear forms of the pays, worked
out in the worker after each solve). Timed here, through the server's API (Flask's test client, in this process as the
server runs it): the game opened, its strategy priced, then each edit from the request to the provisional figures
(milliseconds) and to the exact ones (seconds); against, in the same run, the plain path to the same provisional
figures (the strategy replayed at the new pays, :meth:`Solution.replayed`) and the ratio; then an edit solved before
(remembered) and a standard file's payout edit (a natural's pay: repriced in the request).

    python benchmarks/studio_blackjack.py
    python benchmarks/studio_blackjack.py --game spanish-21-s17.yaml --edits "five-card 21=2" "6-7-8=5"
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EDITS = ("five-card 21=2", "five-card 21=1", "seven-card 21=5", "suited 6-7-8=3")
STANDARD = ("6-decks-s17-das.yaml", "blackjack", ("6/5", "7/5", "2"))  # a standard file's payout edits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="spanish-21.yaml", help="a file of paytables/blackjack/ (default: spanish-21.yaml)")
    parser.add_argument("--edits", nargs="*", default=list(EDITS), help="LINE=PAYS, each from the file's pays")
    args = parser.parse_args()
    from casino_math.analysis import GameAnalysis
    from casino_math.analysis import load_game
    from casino_math.studio.server import create_app
    from casino_math.studio.workbench import Workbench

    print(f"load {os.getloadavg()[0]:.1f} at the start")
    folder = ROOT / "paytables" / "blackjack"
    workbench = Workbench(folder)
    client = create_app(workbench).test_client()
    start = time.perf_counter()
    shown = client.get(f"/api/game?path={args.game}").json
    print(f"{args.game}: opened in {time.perf_counter() - start:.2f} s", flush=True)
    start = time.perf_counter()
    while not workbench.pricers:
        time.sleep(0.05)
    print(f"  its strategy priced in {time.perf_counter() - start:.1f} s more (in a worker: the working solved again where it "
          f"was read from the kept solutions, then replayed once at generic pays)", flush=True)
    file_pays = shown["paytables"]["pays"]
    forgotten = forget_solutions(shown["id"])
    print(f"  {forgotten} solutions of {shown['id']} kept from earlier runs forgotten: every edit below is a pay not seen before",
          flush=True)
    try:
        for asked in args.edits:
            line, _, pays = asked.partition("=")
            tables = {"pays": dict(file_pays, **{line: pays})}
            start = time.perf_counter()
            answer = client.post("/api/edit", json={"path": args.game, "tables": tables}).json
            provisional = time.perf_counter() - start
            assert not answer["errors"], answer["errors"]
            edge = answer["bets"][0]["figures"]["house edge"] if "bets" in answer else "none yet"
            of = answer.get("provisional", {}).get("of", "")
            while True:
                status = client.get(f"/api/solve?number={answer['solve']}&wait=5").json
                if status["state"] != "solving":
                    break
            exact = time.perf_counter() - start
            assert status["state"] == "done", status
            final = status["result"]["bets"][0]["figures"]["house edge"]
            print(f"  {line} {file_pays[line]} -> {pays}: provisional {provisional * 1000:6.1f} ms (house edge {edge}, the "
                  f"strategy of {of or '-'}), exact {exact:5.1f} s (house edge {final})", flush=True)
        line, _, pays = args.edits[0].partition("=")
        tables = {"pays": dict(file_pays, **{line: pays})}
        start = time.perf_counter()
        again = client.post("/api/edit", json={"path": args.game, "tables": tables}).json
        print(f"  {line} -> {pays} again (remembered): {(time.perf_counter() - start) * 1000:.1f} ms, "
              f"{'no solve' if 'solve' not in again else 'solved again'}", flush=True)
        name, line, edits = STANDARD
        standard = client.get(f"/api/game?path={name}").json
        workbench.solves.stop_all()  # its strategy's pricing (for a later edit of a pay a decision sees) not timed beside
        times = []
        for pays in edits:
            tables = {"pays": dict(standard["paytables"]["pays"], **{line: pays})}
            start = time.perf_counter()
            answer = client.post("/api/edit", json={"path": name, "tables": tables}).json
            times.append(time.perf_counter() - start)
            assert "solve" not in answer and not answer["errors"]
        print(f"{name}: {line} -> {', '.join(edits)} (a natural's pay, repriced in the request): "
              f"{', '.join(f'{t * 1000:.0f}' for t in times)} ms")
        line, _, pays = args.edits[0].partition("=")
        original = load_game(folder / args.game)
        variant = workbench.scratch / "plain.yaml"
        every = ", ".join(f'"{k}": "{v}"' for k, v in dict(file_pays, **{line: pays}).items())
        variant.write_text(f'extends: "{folder / args.game}"\nid: plain\nblackjack:\n  pays: {{{every}}}\n')
        edited = load_game(variant)
        solution = GameAnalysis(original).solution
        solution.replayed(original)  # the working solved (read from the kept solutions otherwise): not timed
        start = time.perf_counter()
        solution.replayed(edited)
        plain = time.perf_counter() - start
        pricer = workbench.pricers[folder / args.game][2]
        start = time.perf_counter()
        pricer.table(edited)
        ours = time.perf_counter() - start
        print(f"{args.game}: the plain path to the same provisional figures ({line} -> {pays}: the strategy replayed at the new pays): "
              f"{plain:.2f} s; priced from its linear form {ours * 1000:.1f} ms: plain/ours {plain / ours:,.0f}x", flush=True)
    finally:
        workbench.solves.stop_all()
    print(f"load {os.getloadavg()[0]:.1f} at the end")


def forget_solutions(game: str) -> int:
    """The solutions of ``game`` (by its id: the studio's edits keep it) kept between runs removed; how many."""
    from casino_math.count_cache import current

    cache = current()
    if cache is None:
        return 0
    gone = [e for e in cache.entries() if e.kind == "solution" and e.what == game]
    for entry in gone:
        for path in cache.folder.glob(f"{entry.digest}.*"):
            path.unlink()
    return len(gone)


if __name__ == "__main__":
    main()
