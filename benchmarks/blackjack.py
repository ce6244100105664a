"""Blackjack: the exact engine against a plain recursive analyser of the same rules, and the times of the issue (#20).

    python benchmarks/blackjack.py                       # all four parts
    python benchmarks/blackjack.py --no-compare          # without the eight-rule-set compare

1. Head to head, one run, the same rules and shoe: ours (``play_game``: every option of every first two cards, splits
   included) against the brute force of ``tests/test_blackjack_brute_force.py``, a plain recursive Python analyser that
   deals every card sequence of a round, memoised on the shoe's composition (the dealer's hand by the cards left). The
   shoe is small (a few values, 15-18 cards): the brute force could not finish a real shoe. Every option's value must
   agree exactly; the ratio is printed.
2. One six-deck rule set from the command line (``analyze --format json``), each run a fresh process: the very first
   run (numba's kernels compiled into an empty folder, the dealer's counts counted, the counts and the whole solution
   kept in an empty count cache), then a second run (kernels compiled, the kept solution read back: nothing counted).
   Both must print the same bytes.
3. The same rule set in process, the kernels compiled and nothing kept: the optimal (composition-dependent) strategy,
   the basic strategy and its house edge, and every round's ends (the return table), the dealer's counts included; each
   position's hands valued by the compiled kernel (:mod:`casino_math.game.blackjack.compiled_values`), then the same
   walked in Python (its reference), in the same run.
4. A ``compare`` of eight shipped rule sets in one process (the dealer's counts counted, none kept).

Processor time is reported beside wall time: the machine is shared, and wall time measures the neighbours too.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from contextlib import nullcontext
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from casino_math.count_cache import disabled  # noqa: E402
from casino_math.game.blackjack.compiled_values import python_walk  # noqa: E402
from casino_math.game.blackjack.figures import blackjack_figures  # noqa: E402
from casino_math.game.blackjack.rounds import SPLIT, play_game  # noqa: E402
from casino_math.game.blackjack.rules import BlackjackRules, Shoe  # noqa: E402
from casino_math.game.blackjack.values import forget_counts  # noqa: E402
from casino_math.game.loader import load_game  # noqa: E402

EIGHT = ("1-deck-s17-das", "1-deck-h17-das", "2-decks-h17-das", "6-decks-h17-das", "6-decks-s17-das",
         "6-decks-h17-das-late-surrender", "6-decks-h17-das-6-to-5", "8-decks-h17-das-no-hole-card")


def timed(work):  # noqa: ANN001, ANN201
    wall, cpu = time.perf_counter(), time.process_time()
    out = work()
    return out, time.process_time() - cpu, time.perf_counter() - wall


def head_to_head() -> None:
    from test_blackjack_brute_force import SHOES, Brute, _split_strategy

    print("1. every option of every first two cards, against the plain recursive analyser (exact Fractions both)")
    print(f"   {'shoe':<20} {'rules':<22} {'ours (cpu s)':>12} {'plain (cpu s)':>13} {'ratio':>8}  same")
    play_game(BlackjackRules(split_hands=2), Shoe(SHOES["few values"]))  # the kernels compiled and loaded first
    for shoe_name in ("five values", "six, seven, eight"):
        shoe = SHOES[shoe_name]
        for rules_name, rules in (("peek S17, split 2", BlackjackRules(split_hands=2)),
                                  ("peek H17, late surr.", BlackjackRules(split_hands=2, dealer_hits_soft_17=True, surrender="late"))):
            from casino_math.game.blackjack import values

            values.forget_counts()
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
                            expected[SPLIT] = brute.split(up, cards[0], _split_strategy(play, up, cards[0]))
                        out[(up, hand)] = expected
                return out

            expected, theirs, _ = timed(plain)
            same = all(dict(play.upcards[up].roots[hand].options) == values_ for (up, hand), values_ in expected.items())
            print(f"   {shoe_name:<20} {rules_name:<22} {ours:12.3f} {theirs:13.3f} {theirs / ours:7.1f}x  {same}")


def from_the_command_line() -> None:
    path = ROOT / "paytables" / "blackjack" / "6-decks-h17-das.yaml"
    print(f"2. one six-deck rule set from the command line ({path.name}, analyze --format json), each run a fresh process")
    with tempfile.TemporaryDirectory() as kernels, tempfile.TemporaryDirectory() as counts:
        env = os.environ | {"NUMBA_CACHE_DIR": kernels, "CASINO_MATH_CACHE": counts, "PYTHONPATH": str(ROOT)}
        printed = []
        for label in ("first run (kernels compiled, dealer's counts counted)", "second run (solution kept, read back)"):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            wall = time.perf_counter()
            run = subprocess.run([sys.executable, "-m", "casino_math", "analyze", str(path), "--format", "json"], env=env,
                                 capture_output=True, check=True)
            wall = time.perf_counter() - wall
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            printed.append(run.stdout)
            print(f"   {label:<56} {cpu:6.2f} s cpu, {wall:6.2f} s wall, {after.ru_maxrss / 1024:5.0f} MB")
        print(f"   the same bytes printed both times: {printed[0] == printed[1]} (issue targets: 10 s first, 3 s compiled)")


def six_decks() -> None:
    print("3. the same rule set in process, kernels compiled, nothing kept: optimal + basic strategy + house edge + "
          "every round's ends")
    game = load_game(ROOT / "paytables" / "blackjack" / "6-decks-h17-das.yaml")
    blackjack_figures(game.rules, Shoe.of_decks(1))  # compile the kernels (cached on disk after the first run)

    def whole() -> tuple[Fraction, Fraction]:
        figures = blackjack_figures(game.rules, game.shoe)
        _ = figures.optimal.ends, figures.basic.ends
        return figures.optimal.expected_return, figures.basic.expected_return

    results = []
    for label, walk in (("the positions' hands in the compiled kernel", nullcontext), ("the same walked in Python", python_walk)):
        forget_counts()
        with disabled(), walk():
            (optimal, basic), cpu, wall = timed(whole)
        results.append((optimal, basic))
        print(f"   {label:<45} house edge optimal {float(-optimal):.6%}, basic strategy {float(-basic):.6%}: {cpu:.2f} s cpu, "
              f"{wall:.2f} s wall")
    print(f"   the same house edges both ways: {results[0] == results[1]} (issue target: 3 s; the C++ analysers' 0.5 s)")


def compare_eight() -> None:
    from casino_math.design.compare import compare

    print(f"4. compare of {len(EIGHT)} rule sets in one process, nothing kept")
    paths = [ROOT / "paytables" / "blackjack" / f"{name}.yaml" for name in EIGHT]
    forget_counts()  # part 3's positions and counts out of memory
    with disabled():
        frame, cpu, wall = timed(lambda: compare(paths))
    edges = frame[frame.figure == "house_edge"].iloc[0]
    print("   house edge: " + ", ".join(f"{name} {float(edges[name]):.4%}" for name in frame.columns[2:] if not name.startswith("Δ")))
    print(f"   {cpu:.1f} s cpu, {wall:.1f} s wall (issue target: 15 s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-compare", action="store_true", help="skip the compare of eight rule sets")
    args = parser.parse_args()
    with disabled():  # ours counts the dealer's hands as the brute force does, in the run
        head_to_head()
    from_the_command_line()
    six_decks()
    if not args.no_compare:
        compare_eight()


if __name__ == "__main__":
    main()
