"""Slow, plain references for the tests.

The first share nothing with the fast paths but the ranking's single-hand
evaluation (``Ranking.hand_value``, the declaration itself), so they check the
counting: every player hand against every dealer hand, one pair at a time, and
every hand of a deal valued one by one. The last part shares nothing at all: it
names each hand's category from the rules of its game, so it checks the
declarations themselves.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from fractions import Fraction

from casino_math.cards import Card, Deck
from casino_math.rankings import WILD, SuitRanking, get_ranking


def hand_value(ranking, cards: tuple[Card, ...]) -> int:
    """Best value over every hand_size subset, evaluated one hand at a time in Python (wild cards as the ranking's
    ``WILD``: the ranking's own one-hand evaluation chooses what they stand for)."""
    best = -1
    for subset in itertools.combinations(cards, ranking.hand_size):
        wild = [ranking.is_wild(c) for c in subset]
        ranks = [WILD if w else c.rank for c, w in zip(subset, wild)]
        suits = [c.suit for c, w in zip(subset, wild) if not w]
        # a ranking of suits values each suit's cards: the hand is worth its best suit; others read the commonest
        flush_suits = set(suits) if isinstance(ranking, SuitRanking) else {max(set(suits), key=suits.count) if suits else None}
        best = max(best, *(ranking.hand_value(ranks, [not w and c.suit == suit for c, w in zip(subset, wild)]) for suit in flush_suits))
    return best


def ante_play_outcomes(deck: Deck, qualifier_top_rank: int | None) -> dict[tuple[Card, ...], Counter[str]]:
    """For every player hand: Counter of 'win', 'tie', 'loss', 'not_qualified' over every disjoint dealer hand.

    The dealer qualifies with a pair or better when ``qualifier_top_rank`` is None, else with that high card or better.
    """
    ranking = get_ranking("three-card", deck)
    hands: list[tuple[Card, ...]] = list(itertools.combinations(deck.cards, 3))
    value = {h: hand_value(ranking, h) for h in hands}
    pair = ranking.categories.index("pair")

    def qualifies(h):
        category = value[h] >> 20
        if qualifier_top_rank is None:
            return category >= pair
        return category > 0 or max(c.rank for c in h) >= qualifier_top_rank

    result = {}
    for player in hands:
        tally: Counter[str] = Counter()
        taken = set(player)
        for dealer in hands:
            if taken.intersection(dealer):
                continue
            if not qualifies(dealer):
                tally["not_qualified"] += 1
            elif value[player] > value[dealer]:
                tally["win"] += 1
            elif value[player] == value[dealer]:
                tally["tie"] += 1
            else:
                tally["loss"] += 1
        result[player] = tally
    return result


def ante_play_edge(deck: Deck, qualifier_top_rank: int | None, ante_bonus: dict[str, Fraction]) -> tuple[Fraction, int]:
    """House edge per ante under the best play of each hand, and how many player hands play."""
    ranking = get_ranking("three-card", deck)
    outcomes = ante_play_outcomes(deck, qualifier_top_rank)
    total, played, deals = Fraction(0), 0, 0
    for player, tally in outcomes.items():
        dealers = sum(tally.values())
        bonus = ante_bonus.get(ranking.category_of(hand_value(ranking, player)), 0)
        play = Fraction(2 * tally["win"] + tally["not_qualified"] - 2 * tally["loss"], dealers) + bonus
        if play > -1:
            played += 1
            total += play * dealers
        else:
            total -= dealers
        deals += dealers
    return -total / deals, played


# -- hand categories from the rules, written out plainly ---------------------------------------
# Nothing here comes from casino_math.rankings: each function names a hand's category from the
# rules of its game (the stud sources the presets cite, and the rules docs/hand-frequencies.md states), so a declaration that
# strays from them shows up as different counts over every hand of a deck.

ACE = 14
HIGH = ["high_card", "one_pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house",
        "four_of_a_kind", "straight_flush", "royal_flush", "five_of_a_kind"]  # weakest first, 52 cards
LOW_NAMES = {5: "5_low", 6: "6_low", 7: "7_low", 8: "8_low", 9: "9_low", 10: "10_low",
             11: "jack_low", 12: "queen_low", 13: "king_low", 14: "ace_low"}
RUN_AND_SUIT_HANDS = {"straight", "flush", "straight_flush", "royal_flush", "four_straight", "four_flush"}  # the bug completes these


@functools.cache
def straights(deck_ranks: tuple[int, ...], length: int, ace_low: bool = True, ace_high: bool = True) -> dict[frozenset, int]:
    """Rank sets of ``length`` in a row in the deck, with their top card.

    In a row: no rank of the deck lies between them; the ace sits below the
    deck's lowest rank and above its king, at the ends the game lets it.
    """
    line = sorted(r for r in deck_ranks if r != ACE)
    if ACE in deck_ranks:
        line = [ACE] * ace_low + line + [ACE] * ace_high
    found = {}
    for start in range(len(line) - length + 1):
        window = line[start : start + length]
        if len(set(window)) == length:
            found[frozenset(window)] = window[-1]  # in a five-rank deck the ace-high reading comes last and stays
    return found


@functools.cache
def flush_beats_full_house(deck_ranks: tuple[int, ...]) -> bool:
    """Where a deck deals fewer five-card flushes (straight flushes apart) than full houses, the flush ranks higher."""
    runs = straights(deck_ranks, 5)
    flushes = 4 * sum(1 for ranks in itertools.combinations(deck_ranks, 5) if frozenset(ranks) not in runs)
    full_houses = sum(4 * 6 for trips in deck_ranks for pair in deck_ranks if trips != pair)
    return flushes < full_houses


def high_order(deck_ranks) -> list[str]:
    order = list(HIGH)
    if flush_beats_full_house(deck_ranks):
        order[5], order[6] = "full_house", "flush"
    return order


def poker_hand(cards, deck_ranks, ace_low: bool = True, ace_high: bool = True) -> str:
    """High poker's name for five natural cards (rank, suit)."""
    ranks = [r for r, _ in cards]
    groups = sorted(Counter(ranks).values(), reverse=True)
    flush = len({s for _, s in cards}) == 1
    top = straights(deck_ranks, 5, ace_low, ace_high).get(frozenset(ranks)) if len(set(ranks)) == 5 else None
    if groups[0] == 5:
        return "five_of_a_kind"
    if flush and top:
        return "royal_flush" if top == ACE else "straight_flush"
    if groups[0] == 4:
        return "four_of_a_kind"
    if groups[:2] == [3, 2]:
        return "full_house"
    if flush:
        return "flush"
    if top:
        return "straight"
    if groups[0] == 3:
        return "three_of_a_kind"
    return "two_pair" if groups[:2] == [2, 2] else "one_pair" if groups[0] == 2 else "high_card"


@functools.cache
def rules_order(name: str, deck_ranks: tuple[int, ...]) -> list[str]:
    """The categories of ranking ``name``, weakest first (five of a kind included: it only occurs with wild cards)."""
    high = high_order(deck_ranks)
    if name in ("high", "deuces-wild"):
        return high
    if name in ("soko-finnish", "soko-canadian"):
        four = ["four_straight", "four_flush"]
        return ["high_card", *four, *high[1:]] if name == "soko-finnish" else ["high_card", "one_pair", *four, *high[2:]]
    if name == "three-card":
        return ["high_card", "pair", "flush", "straight", "three_of_a_kind", "straight_flush"]
    made = [c for c in reversed(high[1:]) if c not in ("royal_flush", "five_of_a_kind")]  # worst first
    if name in ("ace-to-six", "deuce-to-seven"):
        tops = range(14, 6, -1) if name == "deuce-to-seven" else range(13, 5, -1)
        return made + [LOW_NAMES[top] for top in tops]
    if name == "ace-to-five":
        return [c for c in made if c not in ("straight_flush", "flush", "straight")] + [LOW_NAMES[t] for t in range(13, 4, -1)]
    if name == "eight-or-better":
        return ["no_low"] + [LOW_NAMES[t] for t in range(8, 4, -1)]
    raise ValueError(name)


def rules_category(name: str, deck_ranks, cards) -> str | None:
    """The category of ``hand_size`` natural cards (rank, suit) under ranking ``name``; None where it has none (five of a kind in a low game)."""
    ranks = [r for r, _ in cards]
    if name == "three-card":
        groups = sorted(Counter(ranks).values(), reverse=True)
        flush = len({s for _, s in cards}) == 1
        straight = len(set(ranks)) == 3 and frozenset(ranks) in straights(deck_ranks, 3)
        if straight and flush:
            return "straight_flush"
        return "three_of_a_kind" if groups[0] == 3 else "straight" if straight else "flush" if flush else "pair" if groups[0] == 2 else "high_card"
    if name in ("high", "deuces-wild"):
        return poker_hand(cards, deck_ranks)
    if name in ("soko-finnish", "soko-canadian"):
        candidates = [poker_hand(cards, deck_ranks)]
        if max(Counter(s for _, s in cards).values()) == 4:
            candidates.append("four_flush")
        if any(run <= set(ranks) for run in straights(deck_ranks, 4)):
            candidates.append("four_straight")
        order = rules_order(name, deck_ranks)
        return max(candidates, key=order.index)
    if len(set(ranks)) == 1:
        return None  # five of a kind is no low hand
    low = [1 if r == ACE else r for r in ranks] if name != "deuce-to-seven" else ranks
    unpaired = len(set(ranks)) == 5
    top = max(low)
    if name == "eight-or-better":
        return LOW_NAMES[top] if unpaired and top <= 8 else "no_low"
    if name == "ace-to-five":  # only pairs and the like count against the hand
        groups = sorted(Counter(ranks).values(), reverse=True) + [0]
        return LOW_NAMES[top] if unpaired else {
            (4, 1): "four_of_a_kind", (3, 2): "full_house", (3, 1): "three_of_a_kind", (2, 2): "two_pair", (2, 1): "one_pair"}[groups[0], groups[1]]
    made = poker_hand(cards, deck_ranks, ace_low=name == "ace-to-six", ace_high=name == "deuce-to-seven")
    if made == "royal_flush":
        return "straight_flush"
    return LOW_NAMES[top] if made == "high_card" else made


def rules_best(name: str, deck: Deck, cards, joker: str = "wild") -> str | None:
    """The category of ``hand_size`` cards (rank, suit; a joker's suit is -1), wild cards standing for what the rules let them.

    A wild card (a joker, or a deuce in deuces wild) may be any card of the deck, one already held
    included (five aces); the bug only an ace or a card completing a straight or flush in high
    games, and the lowest rank not in the hand in lowball.
    """
    wild = [c for c in cards if c[1] < 0 or (name == "deuces-wild" and c[0] == 2)]
    naturals = [c for c in cards if c not in wild]
    order = rules_order(name, deck.ranks)
    if not wild:
        return rules_category(name, deck.ranks, naturals)
    if joker == "bug" and name in ("ace-to-five", "eight-or-better"):
        low_first = sorted(deck.ranks, key=lambda r: 1 if r == ACE else r)
        missing = [r for r in low_first if r not in {r for r, _ in naturals}][: len(wild)]
        return rules_category(name, deck.ranks, naturals + [(r, 4) for r in missing])  # suit 4: no suit of the deck
    best = None
    for stand_ins in itertools.product([(r, s) for r in deck.ranks for s in range(4)], repeat=len(wild)):
        category = rules_category(name, deck.ranks, naturals + list(stand_ins))
        if category is None or (joker == "bug" and any(r != ACE for r, _ in stand_ins) and category not in RUN_AND_SUIT_HANDS):
            continue
        if best is None or order.index(category) > order.index(best):
            best = category
    return best


def rules_counts(names, deck: Deck, joker: str = "wild") -> dict[str, Counter]:
    """Every hand of ``hand_size`` cards from ``deck``, by the category the rules of each ranking in ``names`` give it."""
    cards = [(c.rank, -1 if c.is_joker else c.suit) for c in deck.cards]  # by rank, then suit
    counts: dict[str, Counter] = {name: Counter() for name in names}
    for size in {3 if name == "three-card" else 5 for name in names}:
        sized = [name for name in names if (3 if name == "three-card" else 5) == size]
        memo: dict = {}
        for hand in itertools.combinations(cards, size):
            # a natural hand's category depends on its ranks and on how many cards its commonest suit holds;
            # with a joker, on which cards share a suit (suits renamed in order of appearance)
            suits = [s for _, s in hand]
            key: tuple[object, ...]
            if -1 in suits:
                renamed: dict[int, int] = {}
                key = tuple((r, s if s < 0 else renamed.setdefault(s, len(renamed))) for r, s in hand)
            else:
                key = (tuple(r for r, _ in hand), max(map(suits.count, suits)))
            found = memo.get(key)
            if found is None:
                found = memo[key] = [rules_best(name, deck, hand, joker) for name in sized]
            for name, category in zip(sized, found):
                counts[name][category] += 1
    return counts


def every_hand_counts(ranking, cards: int) -> Counter:
    """Every ``cards``-card hand of the ranking's deck dealt one by one, valued as its best ``hand_size`` cards by
    ``Ranking.hand_value`` (the declaration, memoised), and counted by category."""
    memo: dict = {}
    counts: Counter = Counter()
    for hand in itertools.combinations(ranking.deck.cards, cards):
        best = -1
        for subset in itertools.combinations(hand, ranking.hand_size):
            natural_suits = [c.suit for c in subset if not ranking.is_wild(c)]
            # a ranking of suits values each suit's cards, the best counting; the others read the commonest suit
            mains = set(natural_suits) if isinstance(ranking, SuitRanking) else {max(natural_suits, key=natural_suits.count, default=None)}
            for main in mains:
                key = tuple(sorted((WILD, True) if ranking.is_wild(c) else (c.rank, c.suit == main) for c in subset))
                if key not in memo:
                    memo[key] = ranking.hand_value([r for r, _ in key], [s for _, s in key])
                best = max(best, memo[key])
        counts[ranking.category_of(best)] += 1
    return counts


def exposed_rules_category(name: str, deck_ranks: tuple[int, ...], cards) -> str:
    """Four up cards (rank, suit) in Sökö, from Morehead's law 32 as docs/hand-frequencies.md reads it: groups count, and the
    game's four-card hands (four of a suit, four ranks in a row) count as its showdown ranks them."""
    groups = sorted(Counter(r for r, _ in cards).values(), reverse=True)
    candidates = [{(4,): "four_of_a_kind", (3, 1): "three_of_a_kind", (2, 2): "two_pair", (2, 1): "one_pair"}.get(
        tuple(groups[:2]) if groups[0] < 4 else (4,), "high_card")]
    if len({s for _, s in cards}) == 1:
        candidates.append("four_flush")
    if frozenset(r for r, _ in cards) in straights(deck_ranks, 4):
        candidates.append("four_straight")
    return max(candidates, key=rules_order(name, deck_ranks).index)
