"""Benchmark: the paytable design tools against re-running ``analyze`` once per paytable.

Three jobs:
- a search of 100,000 Pair Plus paytables for those with a house edge of 2% to 4% (a side bet: every paytable
  priced at once from the deals each line pays);
- a 200-point sweep of an Ante Bonus pay (Three Card Poker's own bet: the strategy solved again for every point);
- a 20-point sweep of a Let It Ride pay (two decisions, three million classes of seen cards at the end).

The comparison analyses paytables of the same job one by one (a game offering only that bet, with the pays
written in; building the games is not timed) and checks that it gets the same exact house edges. For the game's
own bet it is timed twice: "warm", analyze in this process, where the counts of the cards (and the lines each
class is paid by) stay cached from one paytable to the next; and "cold", with that cache emptied before each
paytable, as separate runs of the command would compute them (start-up of the interpreter not included). A seeded
sample of each job is analysed and extrapolated (the time per paytable is flat); ``--full`` analyses every one.
The tools' times are the best of ``--repeat`` runs, counts cached (they are counted once, before: shown apart).

    python benchmarks/paytable_tools.py [--sample 300] [--cold 5] [--full] [--repeat 3]
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import numpy as np

from casino_math.design import PayGrid, parse_band, parse_range, parse_vary, price, search, sweep, wager_model
from casino_math.methods.level_by_level import counts as counts_module
from casino_math.analysis import analyze
from casino_math.methods.level_by_level.counts import count
from casino_math.game.description import Game
from casino_math.analysis import load_game

PAYTABLES = Path(__file__).resolve().parent.parent / "paytables"
GRID = "straight_flush=31..55,three_of_a_kind=21..40,straight=2..6.5:0.5,flush=1..10.5:0.5"  # 25 × 20 × 10 × 20
BAND = "2%..4%"
ANTE_BONUS = ("three of a kind", "0..19.9:0.1")  # 200 pays
LET_IT_RIDE = ("full house", "5..14.5:0.5")  # 20 pays


def only(game: Game, bet: str) -> Game:
    """The game offering one bet, as a file with ``offers: [bet]`` would."""
    if bet in game.side_bet:
        return replace(game, wagers=(), side_bets=(game.side_bet[bet],))
    return replace(game, side_bets=())


def timed(job, repeat: int = 1):
    """(seconds, result) of the fastest of ``repeat`` runs: the machine is shared, so the best run is the cost."""
    return runs(job, repeat)[1:]


def runs(job, repeat: int):
    """(first, best) seconds of ``repeat`` runs, and the result."""
    times, out = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        out = job()
        times.append(time.perf_counter() - start)
    return times[0], min(times), out


def per_paytable(games: list[Game], bet: str, expected: list[Fraction], cold: bool = False) -> float:
    """Seconds per paytable for analyze, checking it agrees with the tool's exact house edges; ``cold`` empties the
    cache of counts before each, as a separate run would start."""
    def one(game: Game) -> Fraction:
        if cold:
            counts_module._CACHE.clear()  # the engine's cache of counts (no public switch: a run starts without it)
        return analyze(game).tables[bet].metrics.house_edge

    seconds, results = timed(lambda: [one(g) for g in games])
    assert results == expected, "analyze and the design tools disagree"
    return seconds / len(games)


def report(job: str, first: float, ours: float, n: int, warm: float, cold: float | None = None) -> None:
    print(f"{job}\n  design tool: {ours:.3f} s ({ours / n * 1e3:.2f} ms per paytable; the first run {first:.3f} s)")
    for name, each in (("warm", warm), ("cold", cold)):
        if each is not None:
            theirs = each * n
            print(f"  analyze per paytable, {name}: {each * 1e3:.2f} ms × {n:,} = {theirs:.1f} s; ratio {theirs / ours:,.1f}×")
    print()


def pick(rng: np.random.Generator, n: int, size: int, full: bool) -> list[int]:
    return list(range(n)) if full else sorted(rng.choice(n, size=min(size, n), replace=False).tolist())


def sweep_job(label: str, game: Game, bet: str, line: str, spec: str, args: argparse.Namespace, rng: np.random.Generator) -> None:
    values = parse_range(spec)
    seconds = timed(lambda: count(game))[0]
    print(f"{label}: counting the cards once, cold: {seconds:.3f} s")
    first, ours, frame = runs(lambda: sweep(game, bet, line, values), args.repeat)
    print(f"sweep: {bet} {line} from {values[0]} to {values[-1]} in {len(values):,} steps")
    model = wager_model(only(game, bet), bet, [line])
    name = model.name(line)
    games = [model.game_with({name: v}) for v in values]
    edges = list(frame["house_edge"])
    warm_picks = pick(rng, len(values), args.sample, args.full)
    warm = per_paytable([games[i] for i in warm_picks], bet, [edges[i] for i in warm_picks])
    cold_picks = pick(rng, len(values), args.cold, args.full)
    cold = per_paytable([games[i] for i in cold_picks], bet, [edges[i] for i in cold_picks], cold=True)
    report(f"{label} sweep", first, ours, len(values), warm, cold)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sample", type=int, default=300, help="paytables analysed one by one, warm, per job")
    parser.add_argument("--cold", type=int, default=5, help="paytables analysed one by one, cold, per sweep")
    parser.add_argument("--full", action="store_true", help="analyse every paytable instead of a sample")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each tool (the best is kept)")
    args = parser.parse_args()
    rng = np.random.default_rng(5)
    tcp = load_game(PAYTABLES / "three_card_poker" / "standard.yaml")

    vary = parse_vary(GRID)
    n = math.prod(len(v) for v in vary.values())
    first, ours, found = runs(lambda: search(tcp, "pair_plus", vary, parse_band(BAND)), args.repeat)
    print(f"search: {n:,} Pair Plus paytables, {len(found):,} with a house edge in {BAND}")
    model = wager_model(only(tcp, "pair_plus"), "pair_plus", list(vary))
    grid = PayGrid.product(model.pays, {model.name(k): v for k, v in vary.items()})
    priced = price(model, grid)
    picks = pick(rng, n, args.sample, args.full)
    warm = per_paytable([model.game_with(grid.pays(k)) for k in picks], "pair_plus", [priced.exact(k) for k in picks])
    report("Pair Plus search", first, ours, n, warm)

    sweep_job("Ante Bonus", tcp, "ante_play", *ANTE_BONUS, args, rng)
    sweep_job("Let It Ride", load_game(PAYTABLES / "let_it_ride" / "standard.yaml"), "let_it_ride", *LET_IT_RIDE, args, rng)


if __name__ == "__main__":
    main()
