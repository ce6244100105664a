"""Benchmark: shoe games counted by kinds of card, against a plain brute force over the shoe's ranks.

1. Baccarat from eight decks, every bet of ``paytables/baccarat/standard.yaml`` (Player, Banker,
   Tie, both Pairs, both Dragon Bonus bets), cold: in a fresh Python process (imports, reading the
   file, counting), and in this process with every cache cleared.
2. A plain brute force in this process: Python loops over the 13 ranks at each of the six places
   of a coup, each rank sequence weighted by its falling counts (32·31·… for eight decks), the
   tableau written out by hand, every bet settled per sequence (4,826,809 sequences at most). Its
   counts must equal the engine's exactly; the ratio of the two times is printed.
3. Each side bet alone (a game offering that bet only), cold.

    python benchmarks/shoe_games.py [--repeat 3]

Targets (issue #11): baccarat, all bets, under 2 s cold; every shoe side bet under 1 s.
"""

from __future__ import annotations

import argparse
import dataclasses
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from casino_math.analysis import analyze  # noqa: E402
from casino_math.counting.drawing import bet_tables  # noqa: E402
from casino_math.analysis import load_game  # noqa: E402
from casino_math.rankings import get_ranking  # noqa: E402
from casino_math.rankings.points import get_points  # noqa: E402

BACCARAT = ROOT / "paytables" / "baccarat" / "standard.yaml"
SIDE_BETS = [ROOT / "paytables" / "baccarat" / f for f in ("standard.yaml", "ez-baccarat.yaml", "super-6.yaml")] + sorted(
    (ROOT / "paytables" / "blackjack_side_bets").glob("*.yaml"))
COLD = f"""
import time; start = time.perf_counter()
from casino_math.analysis import analyze
tables = analyze({str(BACCARAT)!r}).tables
print(time.perf_counter() - start)
"""


def cold_process() -> float:
    """Seconds for a new Python process to import, read the file and count every bet (timed inside it)."""
    out = subprocess.run([sys.executable, "-c", COLD], capture_output=True, text=True, check=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    return float(out.stdout.strip())


def cold_here(path: Path, keep: str | None = None) -> tuple[float, dict]:
    """Seconds to read a game file and count its bets (only ``keep`` if given), every cache cleared first."""
    get_points.cache_clear()
    get_ranking.cache_clear()
    start = time.perf_counter()
    game = load_game(path)
    if keep is not None:
        game = dataclasses.replace(game, side_bets=tuple(b for b in game.side_bets if b.name == keep))
    tables = bet_tables(game) if game.counted_by_kind else analyze(game).tables
    return time.perf_counter() - start, tables


def brute_force(decks: int = 8) -> tuple[float, dict[str, int]]:
    """Every coup as a sequence of ranks, weighted by its card sequences; the standard file's bets settled by hand."""
    points = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]  # A, 2..9, T, J, Q, K
    left = [4 * decks] * 13
    size = 52 * decks
    banker_draws = {0: set(range(10)), 1: set(range(10)), 2: set(range(10)), 3: set(range(10)) - {8},
                    4: set(range(2, 8)), 5: set(range(4, 8)), 6: {6, 7}, 7: set()}
    tally: dict[str, int] = {}

    def add(key: str, n: int) -> None:
        tally[key] = tally.get(key, 0) + n

    def settle(p: int, b: int, player_natural: bool, banker_natural: bool, pair_p: bool, pair_b: bool, n: int) -> None:
        add("player" if p > b else "tie" if p == b else "banker", n)
        if pair_p:
            add("player_pair", n)
        if pair_b:
            add("banker_pair", n)
        for side, mine, theirs, natural in (("dragon_player", p, b, player_natural), ("dragon_banker", b, p, banker_natural)):
            if natural and mine > theirs:
                add(f"{side}_natural_win", n)
            elif natural and mine == theirs:
                add(f"{side}_natural_tie", n)
            elif mine - theirs >= 4:
                add(f"{side}_by_{mine - theirs}", n)

    def take(r: int) -> int:
        n = left[r]
        left[r] -= 1
        return n

    start = time.perf_counter()
    for p1 in range(13):
        w1 = take(p1)
        for b1 in range(13):
            w2 = w1 * take(b1)
            for p2 in range(13):
                w3 = w2 * take(p2)
                for b2 in range(13):
                    w4 = w3 * take(b2)
                    if w4:
                        player, banker = (points[p1] + points[p2]) % 10, (points[b1] + points[b2]) % 10
                        pairs = p1 == p2, b1 == b2
                        if player >= 8 or banker >= 8:
                            settle(player, banker, player >= 8, banker >= 8, *pairs, w4 * (size - 4) * (size - 5))
                        elif player <= 5:
                            for p3 in range(13):
                                w5 = w4 * take(p3)
                                if w5:
                                    final = (player + points[p3]) % 10
                                    if points[p3] in banker_draws[banker]:
                                        for b3 in range(13):
                                            if left[b3]:
                                                settle(final, (banker + points[b3]) % 10, False, False, *pairs, w5 * left[b3])
                                    else:
                                        settle(final, banker, False, False, *pairs, w5 * (size - 5))
                                left[p3] += 1
                        elif banker <= 5:
                            for b3 in range(13):
                                if left[b3]:
                                    settle(player, (banker + points[b3]) % 10, False, False, *pairs, w4 * left[b3] * (size - 5))
                        else:
                            settle(player, banker, False, False, *pairs, w4 * (size - 4) * (size - 5))
                    left[b2] += 1
                left[p2] += 1
            left[b1] += 1
        left[p1] += 1
    return time.perf_counter() - start, tally


def engine_counts(tables: dict) -> dict[str, int]:
    """The brute force's keys, read from the engine's return tables."""
    rows = {(name, o.name): o.combinations for name, t in tables.items() for o in t.outcomes}
    out = {"player": rows[("player", "Player wins")], "tie": rows[("player", "tie")], "banker": rows[("player", "Banker wins")],
           "player_pair": rows[("player_pair", "pair")], "banker_pair": rows[("banker_pair", "pair")]}
    for side, bet, win in (("dragon_player", "dragon_bonus_player", "Player wins"), ("dragon_banker", "dragon_bonus_banker", "Banker wins")):
        out[f"{side}_natural_win"] = rows[(bet, f"natural: {win}")]
        out[f"{side}_natural_tie"] = rows[(bet, "natural: tie")]
        for margin in range(4, 10):
            out[f"{side}_by_{margin}"] = rows[(bet, f"wins by {margin}: {win}")]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="cold runs of each timing (the best and median are shown)")
    args = parser.parse_args()

    processes = sorted(cold_process() for _ in range(args.repeat))
    here = sorted(cold_here(BACCARAT)[0] for _ in range(args.repeat))
    print(f"baccarat, 8 decks, every bet of {BACCARAT.name}, cold")
    print(f"  new process (imports, file, counting): best {processes[0]:.3f} s, median {processes[len(processes) // 2]:.3f} s   target < 2 s")
    print(f"  this process, caches cleared:           best {here[0]:.3f} s, median {here[len(here) // 2]:.3f} s")

    seconds, tally = brute_force()
    _, tables = cold_here(BACCARAT)
    engine = engine_counts(tables)
    same = {k: v for k, v in tally.items() if k in engine} == {k: v for k, v in engine.items() if v}
    print(f"plain brute force over rank sequences: {seconds:.2f} s, counts {'equal' if same else 'DIFFERENT'} "
          f"({len(engine)} counts); ratio {seconds / here[0]:.0f}x")
    if not same:
        for key in sorted(set(tally) | set(engine)):
            if tally.get(key, 0) != engine.get(key, 0):
                print(f"  {key}: brute force {tally.get(key, 0):,}, engine {engine.get(key, 0):,}")
        raise SystemExit(1)

    print("\neach side bet alone, cold (best of runs)                 target < 1 s")
    for path in SIDE_BETS:
        for bet in load_game(path).side_bets:
            best = min(cold_here(path, bet.name)[0] for _ in range(args.repeat))
            where = f"{path.parent.name}/{path.name}"
            print(f"  {where:64s} {bet.name:24s} {best:.3f} s")


if __name__ == "__main__":
    main()
