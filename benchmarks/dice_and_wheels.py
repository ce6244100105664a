"""Benchmark: every shipped dice and wheel game analysed from its file (craps, roulette, sic bo), and the largest bet
chains (the Fire Bet's 441 states, Make 'Em All's 1,023, a repeater's) solved exactly, against a plain reference.

Times are this process's CPU time (``time.process_time``: a machine shared with other work inflates wall-clock times
several-fold). Each file is timed cold (``forget_all()`` first: every chain is built and solved again, the file read again), the best
of ``--repeat`` runs. The plain reference solves the same chain as one dense linear system over all its states in exact
fractions (Gauss-Jordan on ``Fraction``s, no component order, no whole-number rows): what a textbook absorbing-chain
solve does. Both give the same chances, checked here. Targets (issue #31): every shipped file under a second; a Fire
Bet or repeater chain in milliseconds.

    python benchmarks/dice_and_wheels.py
    python benchmarks/dice_and_wheels.py --repeat 5 --plain-most 500   # the Fire Bet's plain solve too (minutes)
"""

from __future__ import annotations

import argparse
import functools
import time
from fractions import Fraction
from pathlib import Path

from casino_math.analysis import analyze, load_game
from casino_math.held import forget_all
from casino_math.methods.rolls.chain import build_chain, solve_chain
from casino_math.methods.rolls.game_file import RollsGame

ROOT = Path(__file__).parent.parent
FAMILIES = ("craps", "roulette", "sic_bo")
CHAINS = ("fire_bet", "all_small", "repeater_6", "pass_line_odds_345", "make_em_all")
PLAIN_MOST = 100  # states the plain dense solve is run on by default (the Fire Bet's 441 take it minutes: --plain-most 500)


def best(repeat: int, run) -> float:
    times = []
    for _ in range(repeat):
        forget_all()
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def plain(bet, device) -> tuple[Fraction, ...]:
    """The chances of every end from the start, by one dense exact solve of (I - Q) X = R over every state."""
    chain = build_chain(bet, device)
    n, k, total = len(chain.states), len(chain.ends), chain.total
    matrix = [[Fraction(int(i == j)) for j in range(n)] for i in range(n)]
    rhs = [[Fraction(0)] * k for _ in range(n)]
    for s, row in enumerate(chain.table.tolist()):
        for target, w in zip(row, chain.class_weights):
            if target < 0:
                rhs[s][-1 - target] += Fraction(w, total)
            else:
                matrix[s][target] -= Fraction(w, total)
    for col in range(n):
        pivot = next(r for r in range(col, n) if matrix[r][col] != 0)
        matrix[col], matrix[pivot], rhs[col], rhs[pivot] = matrix[pivot], matrix[col], rhs[pivot], rhs[col]
        head = matrix[col][col]
        matrix[col] = [x / head for x in matrix[col]]
        rhs[col] = [x / head for x in rhs[col]]
        for r in range(n):
            f = matrix[r][col]
            if r != col and f:
                matrix[r] = [a - f * b for a, b in zip(matrix[r], matrix[col])]
                rhs[r] = [a - f * b for a, b in zip(rhs[r], rhs[col])]
    return tuple(rhs[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--plain-most", type=int, default=PLAIN_MOST, help="the largest chain the plain solve is run on")
    args = parser.parse_args()
    assert analyze(ROOT / "paytables" / "roulette" / "standard.yaml").tables  # imports paid before the clock starts
    print(f"{'file':44} {'bets':>5} {'states':>7} {'seconds':>8}")
    slowest = 0.0
    for family in FAMILIES:
        for path in sorted((ROOT / "paytables" / family).glob("*.yaml")):
            seconds = best(args.repeat, functools.partial(lambda p: analyze(p).tables, path))
            solution = analyze(path).solution
            slowest = max(slowest, seconds)
            print(f"{family + '/' + path.name:44} {len(solution.tables):5} {solution.size:7,} {seconds:8.3f}")
    print(f"slowest file: {slowest:.3f} s (target: under 1 s)\n")
    game = load_game(ROOT / "paytables" / "craps" / "standard.yaml")
    assert isinstance(game, RollsGame)
    bets = {b.name: b for b in game.roll_bets}
    print(f"{'chain':22} {'states':>7} {'ours (ms)':>10} {'plain (ms)':>11} {'ratio':>7}")
    for name in CHAINS:
        bet = bets[name]
        ours = best(args.repeat, functools.partial(solve_chain, bet, game.thrown))
        solved = solve_chain(bet, game.thrown)
        if len(solved.chain.states) > args.plain_most:
            print(f"{name:22} {len(solved.chain.states):7,} {ours * 1000:10.1f} {'(not run)':>11}")
            continue
        start = time.process_time()
        chances = plain(bet, game.thrown)
        reference = time.process_time() - start
        assert solved.chances == chances, f"{name}: the plain solve disagrees"
        print(f"{name:22} {len(solved.chain.states):7,} {ours * 1000:10.1f} {reference * 1000:11.1f} {reference / ours:6.1f}x")


if __name__ == "__main__":
    main()
