"""Benchmark: the paytable design tools against re-running ``analyze`` once per paytable.

Two jobs from issue #5:
- a search of 100,000 Pair Plus paytables for those with a house edge of 2% to 4%;
- a 1,000-point sweep of an Ante Bonus pay (the strategy is re-derived for every point).

Both apply pays to counts computed once. The comparison analyses a seeded sample of the same
paytables one by one (``analyze`` on a loaded GameConfig; building the configs is not timed),
checks that it gets the same exact house edges, and extrapolates to the whole job (the time per
paytable is flat); ``--full`` analyses every one. The tools' times are the best of three runs.

    python benchmarks/paytable_tools.py [--sample 300] [--full]
"""

from __future__ import annotations

import argparse
import math
import time
from fractions import Fraction
from pathlib import Path

import numpy as np

from casino_math import analyze
from casino_math.design import PayGrid, parse_band, parse_range, parse_vary, price, search, sweep, wager_model
from casino_math.paytable import GameConfig, load_game

STANDARD = Path(__file__).resolve().parent.parent / "paytables" / "three_card_poker" / "standard.yaml"
GRID = "straight_flush=31..55,three_of_a_kind=21..40,straight=2..6.5:0.5,flush=1..10.5:0.5"  # 25 × 20 × 10 × 20
BAND = "2%..4%"
SWEEP = ("three_of_a_kind", "0..99.9:0.1")  # 1,000 Ante Bonus pays


def config_with(base: GameConfig, wager: str, pays: dict[str, Fraction]) -> GameConfig:
    """The game offering only ``wager``, with ``pays`` written in."""
    data = base.model_dump(mode="json")
    key = "ante_bonus" if wager == "ante_play" else "pays"
    spec = data["wagers"][wager]
    data["wagers"] = {wager: {**spec, key: {**spec[key], **{c: f"{v.numerator}/{v.denominator}" for c, v in pays.items()}}}}
    return GameConfig.model_validate(data)


def timed(job, repeat: int = 1):
    """(seconds, result) of the fastest of ``repeat`` runs: the machine is shared, so the best run is the cost."""
    best = math.inf
    for _ in range(repeat):
        start = time.perf_counter()
        out = job()
        best = min(best, time.perf_counter() - start)
    return best, out


def per_paytable(base: GameConfig, wager: str, paytables: list[dict[str, Fraction]], expected: list[Fraction]) -> float:
    """Seconds per paytable for analyze, checking it agrees with the tool's exact house edges."""
    configs = [config_with(base, wager, p) for p in paytables]
    seconds, results = timed(lambda: [analyze(c).tables[wager].metrics.house_edge for c in configs])
    assert results == expected, "analyze and the design tools disagree"
    return seconds / len(configs)


def report(job: str, ours: float, each: float, n: int) -> None:
    theirs = each * n
    print(f"{job}\n  design tool: {ours:.3f} s\n  analyze per paytable: {each * 1e3:.2f} ms × {n:,} = {theirs:.1f} s"
          f"\n  ratio: {theirs / ours:,.0f}× faster\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sample", type=int, default=300, help="paytables analysed one by one for the comparison")
    parser.add_argument("--full", action="store_true", help="analyse every paytable instead of a sample")
    args = parser.parse_args()
    base = load_game(STANDARD)
    rng = np.random.default_rng(5)

    seconds, models = timed(lambda: [wager_model(base, w) for w in ("pair_plus", "ante_play")])
    seconds += timed(lambda: [price(m, PayGrid.product(m.pays, {})) for m in models])[0]
    print(f"counts, once (every hand dealt, Ante/Play gains sorted): {seconds:.3f} s\n")

    vary = parse_vary(GRID)
    n = math.prod(len(v) for v in vary.values())
    ours, found = timed(lambda: search(base, "pair_plus", vary, parse_band(BAND)), repeat=3)
    print(f"search: {n:,} Pair Plus paytables, {len(found):,} with a house edge in {BAND}")
    # the sample: rows of the same grid, in the band or not
    grid = PayGrid.product(models[0].pays, vary)
    priced = price(models[0], grid)
    picks = range(n) if args.full else rng.choice(n, size=min(args.sample, n), replace=False)
    each = per_paytable(base, "pair_plus", [grid.pays(k) for k in picks], [priced.exact(k) for k in picks])
    report("Pair Plus search", ours, each, n)

    category, spec = SWEEP
    values = parse_range(spec)
    ours, frame = timed(lambda: sweep(base, "ante_play", category, values), repeat=3)
    print(f"sweep: Ante Bonus {category} from {values[0]} to {float(values[-1])} in {len(values):,} steps")
    picks = range(len(values)) if args.full else rng.choice(len(values), size=min(args.sample, len(values)), replace=False)
    each = per_paytable(base, "ante_play", [{category: values[i]} for i in picks], [frame["house_edge"][i] for i in picks])
    report("Ante Bonus sweep", ours, each, len(values))


if __name__ == "__main__":
    main()
