"""Side bets: paid by a table on the cards, whatever the player decides, so counted without the strategy.

How the deals are counted depends on what the lines look at:

- lines on one ranked hand that read only its value (categories, ranks of
  its main group, the mini royal): the hand-frequency engine's classes, so a
  table on the best five of seven cards costs what a frequency table costs;
- lines that read suits too, all on one set of cards (a mini royal in
  spades): every card set, one by one;
- lines on hands of several sets of cards (Prime: the player's three of one
  colour, or all six with the dealer's): the first set card by card, and the
  others by how many cards of each suit they hold, since only suits matter;
  but where a line names the ranks of the cards (Texas Hold'em Bonus: the
  player's A-A, or the four aces between player and dealer), every deal of
  the sets one by one.

>>> from casino_math.analysis import load_game
>>> game = load_game("paytables/three_card_poker/standard.yaml")
>>> table = side_bet_table(game, game.side_bet["pair_plus"])
>>> [(o.name, o.combinations) for o in table.outcomes][:3], table.total
([('straight flush', 48), ('three of a kind', 52), ('straight', 720)], 22100)
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb
from typing import Iterator

import numpy as np

from ..enumeration import _parts, category_counts, deal, value_counts
from ..errors import InputError
from ..returns import Outcome, ReturnTable
from ..subsets import all_subsets, binomial_table
from ..suits import RED
from ..game.description import Deal, Game, Line, Role, SideBet
from ..game.sections import Problem
from .drawing import bet_table
from ..showdown import card_arrays, hand_values
from ..held import Held

MAX_ENUMERATED = 5_000_000  # card sets visited one by one at most; beyond, a side bet must be countable by value or suit
COUNTED = 32  # a count is a few numbers: kept for every side bet a session edits
_COUNTED: Held[tuple, tuple[np.ndarray, int]] = Held(most=COUNTED)  # deals per line, by what they depend on (not the pays)


def side_bet_table(game: Game, bet: SideBet) -> ReturnTable:
    """The return table of a side bet: one row per line of its paytable, then the hands no line pays.

    A game dealt from a shoe, with draws or points hands is counted by kinds of card (:mod:`.drawing`); a bet of
    it settled by the showdown has a row per situation (and line of its tables) instead.
    """
    if game.counted_by_kind:
        return bet_table(game, bet)
    table = game.paytables[bet.table]
    hands = {line.hand for line in table.lines} or {"player"}
    roles = tuple(dict.fromkeys(r for h in hands for r in game.hands[h].of))
    sizes = {r: game.cards_of(r) for r in roles}
    # the deals each line pays depend on the deck, the cards of the hands and the lines' patterns, never on the pays: a
    # changed pay (the studio's edit) is priced on the deals counted before (High Card Flush's Flush Bonus: 0.2 s a count)
    key = (game.deck, tuple(sizes.items()), tuple((h.name, h.of, h.best, h.ranking_name) for h in (game.hands[n] for n in sorted(hands))),
           tuple((line.pattern, line.hand) for line in table.lines))
    if key not in _COUNTED:
        _COUNTED[key] = _counted(game, table.lines, hands, roles, sizes)
    _COUNTED.move_to_end(key)
    counts, total = _COUNTED[key]
    outcomes = [Outcome(line.key, line.pay.net, int(counts[i]), str(line.pay), (("line", line.key),))
                for i, line in enumerate(table.lines)]
    outcomes.append(Outcome("loses", Fraction(-1), int(total - sum(counts)), "loses", (("line", ""),)))
    return ReturnTable(bet.name, tuple(outcomes))


def _counted(game: Game, lines: tuple[Line, ...], hands: set[str], roles: tuple[Role, ...], sizes: dict[Role, int]) -> tuple[np.ndarray, int]:
    """The deals each line pays first, and all the deals, counted the quickest way the lines allow."""
    blocks = blocks_of(game, hands, roles)
    if len(hands) == 1 and all(not line.card_pattern.needs_cards for line in lines) and game.hands[next(iter(hands))].ranking:
        return _by_value(game, lines, sum(sizes.values()))
    if len(blocks) == 1:
        return _one_by_one(game, lines, roles, sizes)
    if any(line.card_pattern.needs_ranks for line in lines):
        return _every_deal(game, lines, blocks, sizes)
    return _by_suits(game, lines, blocks, sizes)


def blocks_of(game: Game, hands: set[str], roles: tuple[Role, ...]) -> list[tuple[Role, ...]]:
    """The coarsest split of the roles such that every hand is a union of parts (Prime: player | dealer)."""
    signature = {r: tuple(r in game.hands[h].of for h in sorted(hands)) for r in roles}
    groups: dict[tuple[bool, ...], list[Role]] = {}
    for role in roles:
        groups.setdefault(signature[role], []).append(role)
    return sorted((tuple(g) for g in groups.values()), key=lambda g: -sum(signature[g[0]]))


def _first_line(lines: tuple[Line, ...], hits: list[np.ndarray]) -> np.ndarray:
    """Per row, the index of the first line that pays it (len(lines): none)."""
    first = np.full(len(hits[0]) if hits else 0, len(lines), dtype=np.int64)
    for i in reversed(range(len(lines))):
        first[hits[i]] = i
    return first


def _by_value(game: Game, lines: tuple[Line, ...], cards: int) -> tuple[np.ndarray, int]:
    ranking = game.hands[lines[0].hand].ranking if lines else None
    if ranking is None:
        return np.zeros(0, dtype=np.int64), comb(len(game.deck.cards), cards)
    categories = [c for c in (line.card_pattern.whole_category for line in lines) if c is not None]
    if len(categories) == len(lines):  # categories alone: the frequency table (cached, quickest)
        per = category_counts(ranking, cards)
        # the loader refuses a category listed twice (the second would never pay), so each line has its own
        return np.array([per[ranking.categories[c]] for c in categories], dtype=object), sum(per.values())
    values, weights = value_counts(ranking, deal(ranking, cards))
    first = _first_line(lines, [line.card_pattern.matches(values) for line in lines])
    counts = np.zeros(len(lines) + 1, dtype=object)
    for i, w in zip(first.tolist(), weights.tolist()):
        counts[i] += w
    return counts[:-1], int(weights.sum())


def _one_by_one(game: Game, lines: tuple[Line, ...], roles: tuple[Role, ...], sizes: dict[Role, int]) -> tuple[np.ndarray, int]:
    n = sum(sizes.values())
    total = comb(len(game.deck.cards), n)
    if total > MAX_ENUMERATED:
        raise InputError(f"{game.id}: the side bet's lines read suits on {n} cards ({total:,} card sets): too many to visit one by one")
    ids = all_subsets(len(game.deck.cards), n)
    hits = [_matches(game, line, ids) for line in lines]
    return np.bincount(_first_line(lines, hits), minlength=len(lines) + 1)[:-1], total


def line_of_every_hand(game: Game, lines: tuple[Line, ...], cards: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Every hand of the lines' hand (card ids, one row each) and the first line that pays it (``len(lines)``: none),
    for bets read across seats (:mod:`.seats`); one set of ``cards`` cards (the player's, by default), visited one by one."""
    n = game.cards_of("player") if cards is None else cards
    if comb(len(game.deck.cards), n) > MAX_ENUMERATED:
        raise InputError(f"{game.id}: {comb(len(game.deck.cards), n):,} hands of {n} cards: too many to visit one by one")
    ids = all_subsets(len(game.deck.cards), n)
    return ids, _first_line(lines, [_matches(game, line, ids) for line in lines])


def _matches(game: Game, line: Line, ids: np.ndarray) -> np.ndarray:
    hand = game.hands[line.hand]
    values = hand_values(hand.ranking, game.deck, ids) if hand.ranking else np.zeros(len(ids), dtype=np.int64)
    if not line.card_pattern.needs_cards:
        return line.card_pattern.matches(values)
    ranks, suits = card_arrays(game.deck, hand.ranking, ids)
    return line.card_pattern.matches(values, suits, ranks)


def every_deal_count(game: Game, blocks: list[tuple[Role, ...]]) -> int:
    """How many deals of the blocks' cards there are, one set after another from one deck."""
    left, total = len(game.deck.cards), 1
    for block in blocks:
        cards = sum(game.cards_of(r) for r in block)
        total, left = total * comb(left, cards), left - cards
    return total


def _every_deal(game: Game, lines: tuple[Line, ...], blocks: list[tuple[Role, ...]], sizes: dict[Role, int]) -> tuple[np.ndarray, int]:
    """Every deal of the blocks' cards, one by one (a line naming ranks reads the cards of several deals)."""
    total = every_deal_count(game, blocks)
    if total > MAX_ENUMERATED:
        raise InputError(f"{game.id}: the side bet's lines name ranks on cards of several deals ({total:,} deals): too many to visit one by one")
    deck = len(game.deck.cards)
    ids = np.zeros((1, 0), dtype=np.int64)
    used = np.zeros(1, dtype=np.int64)  # the cards of each row as bits: rows of one deal share none
    columns: dict[Role, np.ndarray] = {}
    for block in blocks:
        more = all_subsets(deck, sum(sizes[r] for r in block)).astype(np.int64)
        bits = np.bitwise_or.reduce(np.left_shift(1, more), axis=1)
        rows, cols = np.nonzero((used[:, None] & bits[None, :]) == 0)
        ids, used = np.concatenate([ids[rows], more[cols]], axis=1), used[rows] | bits[cols]
        for role in block:
            columns[role] = np.arange(ids.shape[1] - more.shape[1], ids.shape[1])
    hits, seen = [], {}
    for line in lines:
        if line.hand not in seen:  # each hand's cards read once, whatever its lines
            hand = game.hands[line.hand]
            cards = ids[:, np.unique(np.concatenate([columns[r] for r in hand.of]))]
            values = hand_values(hand.ranking, game.deck, cards) if hand.ranking else np.zeros(len(cards), dtype=np.int64)
            seen[line.hand] = (values, *card_arrays(game.deck, hand.ranking, cards)[::-1])
        values, suits, ranks = seen[line.hand]
        hits.append(line.card_pattern.matches(values, suits, ranks))
    return np.bincount(_first_line(lines, hits), minlength=len(lines) + 1)[:-1], total


def _by_suits(game: Game, lines: tuple[Line, ...], blocks: list[tuple[Role, ...]], sizes: dict[Role, int]) -> tuple[np.ndarray, int]:
    """The first block card by card; the rest by suit counts (every line on a hand beyond the first block reads suits only)."""
    first_roles, rest = blocks[0], [r for b in blocks[1:] for r in b]
    for line in lines:
        pattern = line.card_pattern
        if set(game.hands[line.hand].of) - set(first_roles) and (pattern.category is not None or not pattern.needs_cards):
            raise InputError(f"{game.id}: line {line.key!r} reads the value of cards from several deals: not countable here")
    if game.deck.jokers:
        raise InputError(f"{game.id}: colours and suits over several deals are counted for decks without jokers")
    k1, k2 = sum(sizes[r] for r in first_roles), sum(sizes[r] for r in rest)
    ids = all_subsets(len(game.deck.cards), k1)
    per_suit = len(game.deck.ranks)
    first_suits = np.stack([(ids % 4 == s).sum(axis=1) for s in range(4)], axis=1)
    own = {i: _matches(game, line, ids) for i, line in enumerate(lines) if set(game.hands[line.hand].of) <= set(first_roles)}
    binomial = binomial_table(per_suit + 1, k2 + 1)
    counts = np.zeros(len(lines) + 1, dtype=object)
    for later in itertools.product(range(k2 + 1), repeat=4):
        if sum(later) != k2:
            continue
        ways = np.prod(binomial[per_suit - first_suits, np.array(later)], axis=1)
        union = first_suits + np.array(later)
        hits = [own[i] if i in own else _suit_pattern(line, union) for i, line in enumerate(lines)]
        first = _first_line(lines, hits)
        for i in range(len(lines) + 1):
            counts[i] += int(ways[first == i].sum())
    total = comb(len(game.deck.cards), k1) * comb(len(game.deck.cards) - k1, k2)
    return counts[:-1], total


def _suit_pattern(line: Line, suits: np.ndarray) -> np.ndarray:
    """A suits-only pattern on hands given as counts per suit (clubs, diamonds, hearts, spades)."""
    p = line.card_pattern
    cards = suits.sum(axis=1)
    hit = np.ones(len(suits), dtype=bool)
    if p.suited or p.suit is not None:
        hit &= suits.max(axis=1) == cards
        if p.suit is not None:
            hit &= suits[:, p.suit] == cards
    if p.same_colour:
        red = suits[:, list(RED)].sum(axis=1)
        hit &= (red == 0) | (red == cards)
    return hit


__all__ = ["Deal", "side_bet_table"]


def uncountable(game: Game) -> tuple[Problem, ...]:
    """The first side bet paid by a table that reads its cards in a way this module cannot count (its routes: by value,
    card set by card set, every deal one by one, or by suits over several deals), or a line of the game's own tables
    naming the ranks of the cards (a side bet's only: the game's own bet is counted by hand value); the methods whose
    side bets are counted here say so at the bet's place in the file."""
    return tuple(itertools.islice(_uncountable(game), 1))


def _uncountable(game: Game) -> Iterator[Problem]:
    for table in game.own_tables:
        for line in game.paytables[table].lines:
            if line.card_pattern.needs_ranks:
                yield Problem(("paytables", table, line.key), "a line naming the ranks of the cards pays a side bet only; "
                              "the game's own wagers are paid by the hand's value (e.g. pair of aces)")
    for bet in game.side_bets:
        if not bet.table:
            continue
        lines = game.paytables[bet.table].lines
        hands = sorted({line.hand for line in lines} or {"player"})
        roles = tuple(dict.fromkeys(r for h in hands for r in game.hands[h].of))
        ranking = game.hands[hands[0]].ranking
        if len(hands) == 1 and ranking and not any(line.card_pattern.needs_cards for line in lines):
            # by value: the hand-frequency engine, whose size check (made before it builds anything) is asked here
            whole = all(line.card_pattern.whole_category is not None for line in lines)
            try:
                next(_parts(ranking, sum(game.cards_of(r) for r in roles), (), (), "classes",
                            every_class=not (whole and ranking.flush_never_hurts)))
            except InputError as error:
                yield Problem(("side_bets", bet.name), f"the bet's hand: {error}")
            continue
        parts = {r: tuple(r in game.hands[h].of for h in hands) for r in roles}
        if len(set(parts.values())) == 1:  # one set of cards, visited card set by card set
            cards = sum(game.cards_of(r) for r in roles)
            sets = comb(len(game.deck.cards), cards)
            if sets > MAX_ENUMERATED:
                yield Problem(("paytables", bet.table), f"its lines read suits on {cards} cards: {sets:,} card sets to visit one by "
                              f"one, more than the {MAX_ENUMERATED:,} visited at most; pay by hand only (no suit, no colour)")
            continue
        if any(line.card_pattern.needs_ranks for line in lines):  # every deal of the sets, one by one
            deals = every_deal_count(game, blocks_of(game, set(hands), roles))
            if deals > MAX_ENUMERATED:
                yield Problem(("paytables", bet.table), f"its lines name ranks on cards of several deals: {deals:,} deals to visit "
                              f"one by one, more than the {MAX_ENUMERATED:,} visited at most")
            continue
        first = max(parts.values(), key=sum)  # the roles of the most hands: read card by card, the others by suits
        for line in lines:
            pattern = line.card_pattern
            spans = any(parts[r] != first for r in game.hands[line.hand].of)
            if spans and (pattern.category is not None or not pattern.needs_cards):
                yield Problem(("paytables", bet.table, line.key), f"a line on cards of several deals ({' and '.join(game.hands[line.hand].of)}) "
                              "is counted by their suits only: it may read colours or suits (same colour, suited), not the hand's value")
            if spans and game.deck.jokers:
                yield Problem(("paytables", bet.table, line.key), "colours and suits over several deals are counted on decks "
                              "without jokers")
