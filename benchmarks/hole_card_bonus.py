"""Texas Hold'em Bonus's Bonus bet, counted deal by deal (the player's two cards, then the dealer's two: 1,624,350 deals),
against the plain count of ``tests/references/hole_card_bonus.py`` (a Python loop reading the posted table card by card), in
one run: both must give the same counts; the ratio is printed.

    python benchmarks/hole_card_bonus.py

Processor time is reported beside wall time: the machine is shared, and wall time measures the neighbours too.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from casino_math.methods.holdem import method as holdem  # noqa: E402
from casino_math.analysis import load_game  # noqa: E402
from tests.references.hole_card_bonus import brute_force, by_pay  # noqa: E402


def timed(work):  # noqa: ANN001, ANN201
    wall, cpu = time.perf_counter(), time.process_time()
    result = work()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    game = load_game(ROOT / "paytables" / "texas_holdem_bonus" / "standard.yaml")
    ours, wall, cpu = timed(lambda: holdem.HOLDEM.side_bets(game)["bonus"])
    plain, plain_wall, plain_cpu = timed(lambda: brute_force(range(2, 15)))
    assert by_pay(ours) == plain, "the counts differ"
    print(f"Bonus bet, {ours.total:,} deals: house edge {ours.metrics.house_edge} = {float(ours.metrics.house_edge):.4%}")
    print(f"deal by deal (ours): {cpu:.2f} s processor, {wall:.2f} s wall")
    print(f"plain Python count:  {plain_cpu:.2f} s processor, {plain_wall:.2f} s wall")
    print(f"ratio (plain / ours, processor time): {plain_cpu / cpu:.1f}x")


if __name__ == "__main__":
    main()
