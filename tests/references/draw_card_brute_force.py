"""A strategy card replayed by brute force: every deal of a small deck (no suit classes), every hold named card by card
in plain Python by the words the derived card prints, every hold's draws listed (:mod:`tests.references.draw_brute_force`),
and each deal held by the first line of the card it has (the best of its holds of that line).

It shares nothing with the draw method but the game's declaration: the names are read off the held cards here, not
from the method's hold codes. For decks without wild cards.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb, lcm

from tests.references.draw_brute_force import brute_force, final_class

LETTERS = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "T"}
WORDS = {14: "aces", 13: "kings", 12: "queens", 11: "jacks", 10: "tens"}


def _groups(game) -> list[tuple[int, int]]:
    """The runs of ranks the paytable's lines treat alike (as the card's words name pairs and three of a kind)."""
    ranks = sorted(game.deck.ranks)
    high = _high(game)
    starts = {ranks[0], high}
    for line in game.draw_lines:
        if line.base is not None and line.base.category is not None:
            starts |= {line.base.low, line.base.high + 1}
        for r in line.kickers:
            starts |= {r, r + 1}
    cuts = sorted(s for s in starts if ranks[0] <= s <= ranks[-1])
    return [(low, max(r for r in ranks if r < top)) for low, top in zip(cuts, cuts[1:] + [99])]


def _high(game) -> int:
    lows = [line.base.low for line in game.draw_lines if line.base is not None and line.base.category is not None
            and game.ranking.categories[line.base.category] == "one_pair"]
    return min(lows) if lows else 15


def hold_name(game, held) -> str:
    """The derived card's words for a hold of natural cards (``held``: the cards kept)."""
    high, groups = _high(game), _groups(game)
    split = len(groups) > 2

    def group(r: int) -> str:
        low, top = next(g for g in groups if g[0] <= r <= g[1])
        a, b = WORDS.get(low, f"{low}s"), WORDS.get(top, f"{top}s")
        return a if low == top else f"{a} to {b}"

    def highs(n: int) -> str:
        return "" if high == 15 else f", {n} high card{'s' * (n != 1)}"

    if len(held) == 5:
        made = final_class(game, held)
        return game.lines[made].key if made < len(game.lines) else "nothing paid (all five held)"
    ranks = [c.rank for c in held]
    k = len(held)
    counts = {r: ranks.count(r) for r in set(ranks)}
    n_high = sum(r >= high for r in ranks)
    suited = len({c.suit for c in held}) == 1
    distinct = len(counts) == k
    windows = [{14, 2, 3, 4, 5}] + [set(range(low, low + 5)) for low in range(2, 11)]
    opens = sum(set(ranks) <= w for w in windows) if distinct else 0
    most = max(counts.values(), default=0)
    pairs = [r for r, n in counts.items() if n == 2]
    if most == 4:
        return "four of a kind" + (f" of {group(ranks[0])}" if split else "")
    if most == 3:
        trips = next(r for r, n in counts.items() if n == 3)
        name = "three of a kind" + (f" of {group(trips)}" if split else "")
        if k == 4:
            kicker = next(r for r, n in counts.items() if n == 1)
            name += f" and a kicker of {group(kicker)}" if split else " and a kicker"
        return name
    if len(pairs) == 2:
        return "two pair"
    if len(pairs) == 1:
        name = f"pair of {group(pairs[0])}" if split else "pair" if high == 15 else "high pair" if pairs[0] >= high else "low pair"
        return name + (f" and {k - 2} kicker{'s' * (k > 3)}" if k > 2 else "")
    if k == 0:
        return "draw five"
    letters = "".join(LETTERS.get(r, str(r)) for r in sorted(ranks, reverse=True))
    if k >= 2 and suited and min(ranks) >= 10:
        return "4 to a royal flush" if k == 4 else f"suited {letters}" if k == 2 else f"3 to a royal flush, {letters}"
    if k >= 2 and suited and opens:
        return f"{k} to a straight flush{highs(n_high)}, open to {opens} straight{'s' * (opens != 1)}"
    if k >= 3 and suited:
        return f"{k} to a flush{highs(n_high)}"
    if k == 4 and opens:
        outside = max(ranks) - min(ranks) == 3 and 14 not in ranks
        return f"4 to an {'outside' if outside else 'inside'} straight{highs(n_high)}"
    if n_high == k:
        return f"{letters} only" if k == 1 else f"{'suited' if suited else 'unsuited'} {letters}"
    if k == 1:
        return "one low card"
    if opens:
        return f"{k} to a straight{highs(n_high)}, open to {opens} straight{'s' * (opens != 1)}"
    return f"{k} unconnected cards{highs(n_high)}"


def replay(game, lines) -> tuple[Fraction, int]:
    """The return of the card ``lines`` (names, best first) over every deal, and the deals it holds worse than the
    deal's best hold; each hold's value from the draws listed one by one."""
    plain = brute_force(game)
    cards = game.deck.cards
    left = len(cards) - 5
    per_hold = lcm(*(comb(left, j) for j in range(6)))
    pays = [line.pay.net + 1 for line in game.lines] + [Fraction(0)]
    place = {name: i for i, name in enumerate(lines)}
    names = {deal: [hold_name(game, [cards[deal[i]] for i in range(5) if mask >> i & 1]) for mask in range(32)]
             for deal in plain.holds}
    returned, erring = Fraction(0), 0
    for deal, holds in plain.holds.items():
        values, named = [], []
        for mask in range(32):
            draws = comb(left, 5 - bin(mask).count("1"))
            values.append(sum(int(c) * p for c, p in zip(holds[mask], pays)) * Fraction(per_hold // draws, per_hold))
            name = names[deal][mask]
            name = f"{name} (all five held)" if mask == 31 and f"{name} (all five held)" in place else name
            named.append(place.get(name, len(lines)))
        first = min(named)
        assert first < len(lines), f"no line of the card fits {deal}"
        value = max(v for v, n in zip(values, named) if n == first)
        returned += value
        erring += value < max(values)
    return returned / len(plain.holds), erring
