"""Hands written as players write them: ``Q-6-4``, ``A-K``, ``Q-high``, ``pair``, ``pair of 4s``.

A dealer qualifies with the hand written or better; a simple strategy plays
a hand written "or better". Either way the text names the weakest hand of a
ranking that counts, found by valuing every rank pattern the ranking can see.

>>> from casino_math.rankings import get_ranking
>>> three, high = get_ranking("three-card"), get_ranking("high")
>>> weakest(three, "Q-6-4") > weakest(three, "Q-high") == weakest(three, "queen high")
True
>>> three.category_of(weakest(three, "pair")), high.category_of(weakest(high, "A-K"))
('pair', 'high_card')
>>> three_royal = get_ranking("three-card", "royal")   # T to A: every Q-led hand is a straight
>>> three_royal.category_of(weakest(three_royal, "Q-high")), weakest(three_royal, "Q-high") == weakest(three_royal, "K-high")
('high_card', True)
>>> weakest(high, "K-K")
Traceback (most recent call last):
...
ValueError: 'K-K' is not a hand of the high ranking (write e.g. A-K, Q-6-4, Q-high, pair, pair of 4s)
"""

from __future__ import annotations

import dataclasses
import itertools
import re

import numpy as np

from ..cards import RANK_CHARS, RANK_NAMES
from ..rankings import CATEGORY_SHIFT, Ranking, SuitRanking
from .patterns import Pattern, category_name, normal, parse_pattern
from ..held import cached

_NAMED = {name: rank for rank, name in RANK_NAMES.items()}
HELP = "write e.g. A-K, Q-6-4, Q-high, pair, pair of 4s"
SUIT_HELP = "write e.g. four-card flush, 9-high three-card flush, T-8-6 three-card flush"


@cached(maxsize=64)
def _every_hand(ranking: Ranking) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(value, ranks high first) of every rank pattern of the ranking's hand size, unsuited and, where distinct, suited
    (for a ranking of suits, every set of ranks that can be a hand's best suit)."""
    if isinstance(ranking, SuitRanking):
        return ranking.every_value()
    out = []
    k = ranking.hand_size
    for ranks in itertools.combinations_with_replacement(sorted(ranking.deck.ranks, reverse=True), k):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        out.append((ranking.hand_value(ranks, (False,) * k), ranks))
        if len(set(ranks)) == k and ranking.flush_threshold is not None:
            out.append((ranking.hand_value(ranks, (True,) * k), ranks))
    return tuple(out)


def made_by_some_hand(ranking: Ranking, pattern: Pattern) -> bool | None:
    """Whether some hand of the ranking's deck is of ``pattern``'s category and ranks, suits aside (a straight on a deck
    of three ranks is not); None where wild cards or partial flushes (Sökö) make more hands than plain ranks say, or the
    pattern names the ranks of the cards (read on the cards, not on the hand's value)."""
    if ranking.wild or ranking.wild_deuces or ranking.name.startswith("soko") or pattern.needs_ranks:
        return None
    plain = dataclasses.replace(pattern, suited=False, suit=None, same_colour=False)
    values = np.array([v for v, _ in _every_hand(ranking)], dtype=np.int64)
    return bool(plain.matches(values).any())


def _rank(token: str) -> int | None:
    token = token.strip().upper()
    if token == "10":
        return 10
    if len(token) == 1 and token in RANK_CHARS:
        return RANK_CHARS.index(token) + 2
    return _NAMED.get(token.lower())


def _room(ranking: Ranking, ranks: list[int]) -> str:
    """Why no hand of the ranking's deck leads with ``ranks[0]`` (empty if one can): a rank the deck has not, or too
    few lower ranks to fill the hand ("2-high" in three cards; an ace may also play low)."""
    deck, top = ranking.deck.ranks, ranks[0]
    if top not in deck:
        return f"the {ranking.deck} deck has no {RANK_NAMES[top]}{'es' if top == 6 else 's'}"
    lower = sum(r < top for r in deck) + (14 in deck and top != 14)
    if lower < ranking.hand_size - 1:
        return f"a {ranking.hand_size}-card hand of different ranks cannot have a {RANK_NAMES[top]} as its highest card ({HELP})"
    return ""


def _named_category(ranking: Ranking, words: str) -> tuple[int, list[int]] | None:
    """A category led by its ranks, as ``9-high three card flush`` or ``T-8-6 three card flush`` read: (the
    category's index, the ranks high first), or None where ``words`` is not so written."""
    match = re.fullmatch(r"(\w+(?:-\w+)*?)(?:[ -]high)? (.+)", words)
    categories = [category_name(c) for c in ranking.categories]
    if match is None or match[2] not in categories:
        return None
    ranks = [_rank(t) for t in match[1].split("-")]
    if None in ranks or any(a <= b for a, b in zip(ranks, ranks[1:])):  # type: ignore[operator]
        return None
    return categories.index(match[2]), ranks  # type: ignore[return-value]


@cached(maxsize=256)
def weakest(ranking: Ranking, text: str) -> int:
    """The value of the weakest hand of ``ranking`` that ``text`` describes (raises ValueError if none). Kept: every read
    of a game file checks its rules' hands (a studio reads one at every edit), and a ranking's hands are many."""
    words = re.sub(r"\b(\w+)-card\b", r"\1 card", normal(text).removesuffix(" or better"))  # a five-card flush
    named = _named_category(ranking, words)
    helps = SUIT_HELP if isinstance(ranking, SuitRanking) else HELP
    if named is not None:
        category, led = named
        hands = [(v, r[:len(led)]) for v, r in _every_hand(ranking) if v >> CATEGORY_SHIFT == category]
        if not any(tuple(r) == tuple(led) for _, r in hands):  # "3-high three-card flush": no such hand
            raise ValueError(f"{text!r} is not a hand of the {ranking.name} ranking: no {category_name(ranking.categories[category])} "
                             f"is {'-'.join(RANK_CHARS[r - 2] for r in led)}{'-high' if len(led) == 1 else ''} ({helps})")
        return min(v for v, r in hands if tuple(r) >= tuple(led))
    high = re.fullmatch(r"(\w+)[ -]high", words)
    tokens = [high.group(1)] if high else words.split("-") if "-" in words else []
    if tokens and isinstance(ranking, SuitRanking):  # a hand of suits names its flush's length: "Q-6-4" alone is no hand
        raise ValueError(f"{text!r} is not a hand of the {ranking.name} ranking ({helps})")
    if tokens:
        ranks = [_rank(t) for t in tokens]
        if None in ranks or len(ranks) > ranking.hand_size or any(a <= b for a, b in zip(ranks, ranks[1:])):  # type: ignore[operator]
            raise ValueError(f"{text!r} is not a hand of the {ranking.name} ranking ({HELP})")
        room = _room(ranking, ranks)  # type: ignore[arg-type]
        if room:
            raise ValueError(f"{text!r} is not a hand of the {ranking.name} ranking: {room}")
        # "Q-6-4 or better": a better category, or a high card whose ranks, high first, reach Q, 6, 4 (on a
        # stripped deck a Q-led high card may not exist: the weakest hand at least that good still does)
        found = [v for v, r in _every_hand(ranking) if v >> CATEGORY_SHIFT > 0 or tuple(r[:len(ranks)]) >= tuple(ranks)]
    else:
        try:
            pattern = parse_pattern(words, ranking)
        except ValueError as error:
            raise ValueError(f"{text!r} is not a hand of the {ranking.name} ranking: {error}") from None
        values = np.array([v for v, _ in _every_hand(ranking)], dtype=np.int64)
        found = values[pattern.matches(values)].tolist()  # one pass over every hand, not one per hand
    if not found:
        raise ValueError(f"{text!r} is not a hand of the {ranking.name} ranking ({helps})")
    return min(found)
