"""What a video poker par sheet states beyond the return table: the variance of multi-play, and the return against a
progressive royal meter with the strategy re-optimised at each meter.

**Multi-play** (Triple, Five, Ten Play): the player's five cards are dealt once and held once, and each of N lines
draws its own replacements from its own copy of the deck. The strategy and the mean are single play's; per hand, the
average result of the N lines Y₁…Y_N has variance ``Var(E[Y | deal]) + E[Var(Y | deal)] / N``: the draw's part of
the variance is divided by the lines, the deal's is not (no new count: both parts come from each deal's best hold).

**Progressive royal**: the royal flush's pay (per coin, at the coins bet) raised to a meter, each meter's paytable
solved again (the holds re-optimised: more royal draws are played as the meter rises); the break-even meter is the
least meter returning 100% (to a hundredth of a coin), found by re-solving where the return, linear in the meter
while the holds stay, reaches one.

>>> from casino_math.methods.draw.game_file import load_draw_text, TINY
>>> from casino_math.methods.draw.solving import solved
>>> game = load_draw_text(TINY)
>>> counts, played = solved(game)
>>> [round(float(v), 4) for _, v in multi_play(game, counts, played, (1, 3))]
[0.9446, 0.4561]
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil, comb
from typing import TYPE_CHECKING, Any, Sequence

from .counting import DrawCounts
from .game_file import DrawGame
from .solving import Played, pays_of, solve_pays

if TYPE_CHECKING:
    import pandas as pd

LINES = (1, 3, 5, 10, 50, 100)  # the multi-play games sold: single, Triple, Five, Ten, Fifty, Hundred Play
METER_STEPS = (1, Fraction(5, 4), Fraction(3, 2), 2, 3)  # meters shown, as multiples of the royal's base pay


def moments(game: DrawGame, counts: DrawCounts, played: Played) -> tuple[Fraction, Fraction, Fraction]:
    """Per coin returned: the mean, the mean square, and the mean of the square of each deal's expected return."""
    pays = pays_of(game)
    total = counts.total
    mean = sum((Fraction(int(c)) * p for c, p in zip(played.by_class, pays)), Fraction(0)) / total
    square = sum((Fraction(int(c)) * p * p for c, p in zip(played.by_class, pays)), Fraction(0)) / total
    values = played.value.astype(object)  # exact integers, squared beyond 64 bits
    deal_square = Fraction(int((counts.weights.astype(object) * values * values).sum()),
                           comb(counts.cards, 5) * played.unit ** 2)
    return mean, square, deal_square


def multi_play(game: DrawGame, counts: DrawCounts, played: Played, lines: Sequence[int] = LINES
               ) -> list[tuple[int, Fraction]]:
    """The variance per hand of the average result of N lines, for each N of ``lines`` (per unit bet on each line)."""
    mean, square, deal_square = moments(game, counts, played)
    dealt, drawn = deal_square - mean * mean, square - deal_square
    return [(n, dealt + drawn / n) for n in lines]


def royal_line(game: DrawGame) -> int | None:
    """The line of the royal flush a meter pays (the natural royal where wild cards make others), or None."""
    for index, line in enumerate(game.draw_lines):
        base = line.base
        if base is not None and base.category is not None and game.ranking.categories[base.category] == "royal_flush" \
                and line.natural is not False:
            return index
    return None


def at_meter(game: DrawGame, counts: DrawCounts, line: int, meter: Fraction) -> Fraction:
    """The return at a royal of ``meter`` coins per coin, the holds re-optimised."""
    pays = list(pays_of(game))
    pays[line] = meter
    played = solve_pays(game, counts, tuple(pays))
    return sum((Fraction(int(c)) * p for c, p in zip(played.by_class, pays)), Fraction(0)) / counts.total


def break_even(game: DrawGame, counts: DrawCounts, line: int, most: int = 50) -> Fraction | None:
    """The least meter (coins per coin, to a hundredth) at which the return reaches 100%, the holds re-optimised at
    each; None where even ``most`` times the base pay does not. The return is convex in the meter (the best of lines):
    the holds at the base pay, kept as the meter rises, reach 100% at or beyond it (an upper bound), and the hundredths
    between are halved down to the least."""
    pays = pays_of(game)
    base = pays[line]
    if at_meter(game, counts, line, base * most) < 1:
        return None
    played = solve_pays(game, counts, pays)
    returned = sum((Fraction(int(c)) * p for c, p in zip(played.by_class, pays)), Fraction(0)) / counts.total
    if returned >= 1:
        return base
    royals = Fraction(int(played.by_class[line]), counts.total)
    low, high = ceil(base * 100), ceil((base + (1 - returned) / royals) * 100) if royals else ceil(base * most * 100)
    while high - low > 1:  # at_meter(low) < 1 <= at_meter(high), in hundredths of a coin
        middle = (low + high) // 2
        if at_meter(game, counts, line, Fraction(middle, 100)) >= 1:
            high = middle
        else:
            low = middle
    return Fraction(high, 100)


def figures_tables(view: Any) -> list[tuple[str, pd.DataFrame]]:
    """The par sheet's multi-play and progressive tables, captioned (a view of :mod:`~casino_math.methods.draw.method`)."""
    import pandas as pd

    game, counts, played = view.game, view.counts, view.played
    names = {1: "single play", 3: "Triple Play", 5: "Five Play", 10: "Ten Play", 50: "Fifty Play", 100: "Hundred Play"}
    rows = [{"Game": names[n], "Lines": n, "Variance per hand": f"{float(v):.4f}", "Standard deviation": f"{float(v) ** 0.5:.4f}"}
            for n, v in multi_play(game, counts, played)]
    out = [("Multi-play: the same deal and hold on every line, each line drawing from its own deck; the variance of the "
            "lines' average result per hand, per unit bet on each line (the return and the strategy are single play's).",
            pd.DataFrame(rows))]
    line = royal_line(game)
    if line is not None:
        base = pays_of(game)[line]
        meters = [base * m for m in METER_STEPS]
        even = break_even(game, counts, line)
        shown = [{"Royal flush pays (per coin)": _coins(m), f"for {game.coins} coin{'s' * (game.coins > 1)}": _coins(m * game.coins),
                  "Return": f"{float(at_meter(game, counts, line, m)) * 100:.4f}%"} for m in meters]
        words = (f"the return reaches 100% at a meter of {_coins(even)} per coin ({_coins(even * game.coins)} for "
                 f"{game.coins} coins)" if even is not None else "the return does not reach 100% below 50 times the base pay")
        out.append((f"Progressive royal flush: the return at each meter, the holds re-optimised at each; {words}.",
                    pd.DataFrame(shown)))
    return out


def _coins(x: Fraction) -> str:
    return f"{x.numerator:,}" if x.denominator == 1 else f"{float(x):,.2f}"
