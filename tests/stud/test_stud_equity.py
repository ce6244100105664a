"""Exact stud equity against deal-by-deal references: the engine's rankings on reduced decks, pokerkit's on the full deck."""

from __future__ import annotations

import dataclasses
import itertools
from collections import defaultdict
from fractions import Fraction

import numpy as np
import pytest

from casino_math.cards import Card, Deck
from casino_math.errors import InputError
from casino_math.rankings import CATEGORY_SHIFT, WILD, sort_hands
from casino_math.stud import StudGame, get_game
from casino_math.stud.equity import Holding, stud_equity


def _deals(unseen: list[Card], players: int, each: int):
    """Every deal of the rest, one by one: a tuple of card tuples, one per player."""
    def deal(pool, left):
        if not left:
            yield ()
            return
        for cards in itertools.combinations(pool, each):
            rest = [c for c in pool if c not in cards]
            for others in deal(rest, left - 1):
                yield (cards, *others)
    yield from deal(unseen, players)


def _engine_values(game: StudGame, hands: list[tuple[Card, ...]], ranking_name: str) -> np.ndarray:
    """Each final hand (cards in dealing order) valued by the engine's ranking over every five-card subset it may play."""
    up, down = game.rankings(ranking_name)
    ranks = np.array([[WILD if c.is_joker else c.rank for c in h] for h in hands])
    suits = np.array([[c.suit for c in h] for h in hands])
    joker_down = (ranks[:, list(game.down_positions)] == WILD).any(axis=1)
    best = np.full(len(hands), -1)
    for subset in itertools.combinations(range(game.cards), 5):
        if game.hole_limit and len(set(subset) & set(game.limited_positions)) > game.hole_limit.usable:
            continue
        r, s = sort_hands(ranks[:, subset], suits[:, subset])
        value = np.where(joker_down, down.best_values(r, s), up.best_values(r, s)) if up is not down else up.best_values(r, s)
        best = np.maximum(best, value)
    return best


def _settle(high: list, low: list | None) -> tuple[list[Fraction], list[int], list[int]]:
    """One deal's pot shares: the best high splits the pot, or half of it when some low qualifies."""
    top = max(high)
    winners = [i for i, v in enumerate(high) if v == top]
    lows = [i for i, v in enumerate(low or []) if v is not None and v == max(x for x in low or [] if x is not None)]
    shares = [Fraction(0)] * len(high)
    for i in winners:
        shares[i] += Fraction(1 if not lows else Fraction(1, 2)) / len(winners)
    for i in lows:
        shares[i] += Fraction(1, 2) / len(lows)
    return shares, winners, lows


def reference(game: StudGame, players: list[str], dead: str = "", evaluate=None) -> dict:
    """Per player: chances of the whole pot, part of it, nothing; equity; and for split games each half won or shared."""
    holdings = [Holding.parse(p) for p in players]
    out = {c for h in holdings for c in h.cards} | set(Holding.parse(f"| {dead}").up)
    unseen = [c for c in game.the_deck.cards if c not in out]
    street = game.street_of(len(holdings[0].down), len(holdings[0].up))
    deals = list(_deals(unseen, len(holdings), game.cards - street))

    def final(holding: Holding, extra: tuple[Card, ...]) -> tuple[Card, ...]:
        """The cards in dealing order: known down and up cards in their places, the rest where they fall."""
        known = dict(zip(game.down_positions, holding.down)) | dict(zip(game.up_positions, holding.up))
        rest = iter(extra)
        return tuple(known[p] if p in known else next(rest) for p in range(game.cards))

    hands = [[final(h, d[i]) for d in deals] for i, h in enumerate(holdings)]
    if evaluate is None:
        high = [_engine_values(game, hs, game.ranking).tolist() for hs in hands]
        low = None
        if game.split:
            low_values = [_engine_values(game, hs, game.split) for hs in hands]
            ranking = game.rankings(game.split)[0]
            low = [[v if ranking.categories[v >> CATEGORY_SHIFT] != "no_low" else None for v in vs.tolist()] for vs in low_values]
    else:
        high, low = evaluate(hands)
    keys = ("scoop", "split") if game.split else ("win", "tie")
    totals: list[defaultdict[str, Fraction]] = [defaultdict(Fraction) for _ in holdings]
    for d in range(len(deals)):
        shares, winners, lows = _settle([h[d] for h in high], [lo[d] for lo in low] if low else None)
        for i, share in enumerate(shares):
            totals[i][keys[0] if share == 1 else keys[1] if share else "lose"] += 1
            totals[i]["equity"] += share
            totals[i]["high"] += i in winners
            totals[i]["low"] += i in lows
    columns = keys + ("lose", "equity") + (("high", "low") if game.split else ())
    return {k: [Fraction(t[k]) / len(deals) for t in totals] for k in columns} | {"deals": len(deals)}


def assert_exact(game, players, dead="", evaluate=None):
    the_game = get_game(game)
    result = stud_equity(the_game, players, dead)
    expected = reference(the_game, players, dead, evaluate)
    assert result.method == "exact" and result.deals == expected.pop("deals")
    for column, values in expected.items():
        assert list(result.table[column]) == values, column
    return result


ROYAL = Deck.named("royal")
DECK = [str(c) for c in Deck.standard().cards]
LOWS = Deck("A-7", (2, 3, 4, 5, 6, 7, 14))  # 28 cards: eight-or-better lows of many kinds
MEXICAN = dataclasses.replace(get_game("mexican-stud"), deck=Deck.named("royal", jokers=1))


@pytest.mark.parametrize("game, players", [
    # heads-up: every number of shared cards the inclusion-exclusion meets, ties common in a 20-card deck
    (dataclasses.replace(get_game("seven-card-stud"), deck=ROYAL), ["As Ks | Ah Qd", "Kd Qs | Th Jh"]),
    (dataclasses.replace(get_game("buffalo-stud"), deck=ROYAL), ["As Ks Kh | Ah", "Kd Qs Qh | Jh"]),  # four to come
    (MEXICAN, ["Ks | Ah Qd", "Jh | Qs Td"]),  # the joker still to come, face up: the bug
    (MEXICAN, ["Ks | Ah Qd", "Jk | Qs Td"]),  # the joker in the hole: wild
    (dataclasses.replace(get_game("crocodile-stud"), deck=ROYAL), ["As Ad | Kh Ks", "Qs Qh | Tc Ah"]),
    (dataclasses.replace(get_game("stud8"), deck=LOWS), ["As 2s | 3d 7c 7h", "4d 5c | 6h 6s Ac"]),
    (dataclasses.replace(get_game("stud8"), deck=LOWS), ["As 2s | 3d 4c 5h 6h", "7d 7c | 2h 3h 5d Ad"]),
    (dataclasses.replace(get_game("razz"), deck=LOWS), ["As 2s | 3d 7c 7h", "4d 5c | 6h 6s Ac"]),
    # three players: every deal visited
    (dataclasses.replace(get_game("seven-card-stud"), deck=Deck.named("piquet")), ["As Ks | Ah Qd 7c 8c", "Kd Qs | Th Jh 9h 8h", "7s 7d | 9c 9d Tc Ts"]),
    (dataclasses.replace(get_game("stud8"), deck=LOWS), ["As 2s | 3d 7c 7h 4h", "4d 5c | 6h 6s Ac 2c", "7s 7d | 5d 5h 4s 3s"]),
], ids=lambda x: x.name if isinstance(x, StudGame) else "")
def test_exact_against_every_deal_on_reduced_decks(game, players):
    assert_exact(game, players)


# -- the full deck, each deal valued by pokerkit ------------------------------------------------------
def _pokerkit(high_type, low_type=None):
    def evaluate(hands):
        def value(hand_type, cards):
            try:
                return hand_type.from_game("".join(map(str, cards)), "")
            except ValueError:  # no qualifying low
                return None

        high = [[value(high_type, h) for h in player] for player in hands]
        low = [[value(low_type, h) for h in player] for player in hands] if low_type else None
        return high, low

    return evaluate


def test_seed_razz_deal_from_sixth_street():
    """Seed 002: Carol and Alice on sixth street, Bob's and David's folded up cards dead; Carol's 7-6-4-3-A wins at the end."""
    from pokerkit import RegularLowHand

    carol, alice, folded = "4s 6h | 3h 3s Ac 6d", "7d Js | 4c 2d 8h 8s", "Jd 9c As 4h Kd"
    assert_exact("razz", [carol, alice], folded, _pokerkit(RegularLowHand))
    showdown = stud_equity("razz", ["4s 6h 7c | 3h 3s Ac 6d", "7d Js Ah | 4c 2d 8h 8s"], folded)
    assert list(showdown.table["win"]) == [1, 0] and showdown.deals == 1


@pytest.mark.parametrize("game, players, dead, types", [
    ("seven-card-stud", ["Ah Ad | Kc Qs 2d 7h", "9c 9s | Td Jd Qd 3c"], "", ("StandardHighHand",)),
    # folded cards seen: fewer deals left
    ("stud8", ["Ah 2d | 3c 4s 9d Kh", "Kc Ks | Td 8d 7d 6c"], "Jc Jd Jh Js Qc Qd Qh 9c 9h 9s Tc Th Ts 2c 2h 2s", ("StandardHighHand", "EightOrBetterLowHand")),
])
def test_exact_against_pokerkit_hands(game, players, dead, types):
    import pokerkit

    assert_exact(game, players, dead, evaluate=_pokerkit(*(getattr(pokerkit, t) for t in types)))


# -- past the budget: a seeded sample -------------------------------------------------------------
def test_monte_carlo_past_the_budget():
    spot = ["As Ks | Qh Qd 2c", "9c 9d | 8h 7h 3c"]
    exact = stud_equity("seven-card-stud", spot)
    sampled = stud_equity("seven-card-stud", spot, budget=0, samples=40_000, seed=7)
    assert (sampled.method, sampled.deals, sampled.seed) == ("monte-carlo", 40_000, 7)
    assert "Monte Carlo" in sampled.summary and "seed 7" in sampled.summary
    for player in range(2):
        assert abs(sampled.table.loc[player, "equity"] - float(exact.table.loc[player, "equity"])) < 4 * sampled.ci95[player]
    again = stud_equity("seven-card-stud", spot, budget=0, samples=40_000, seed=7)
    assert again.table.equals(sampled.table)


def test_three_players_past_the_budget_sample():
    result = stud_equity("stud8", ["As 2s | 3d 4d 5d", "Kd Kc | Kh Ks 8h", "7c 8c | 9c Tc 6s"], budget=10**6, samples=20_000)
    assert result.method == "monte-carlo" and result.deals == 20_000
    assert sum(result.table["equity"]) == pytest.approx(1)


@pytest.mark.parametrize("players, dead, message", [
    (["As 2s | 3d", "Kd Kc | Kh 9s"], "", "different streets"),
    (["As 2s 4d | 3d", "Kd Kc 5h | Kh"], "", "no street"),
    (["As 2s | 3d", "As Kc | Kh"], "", "duplicate card As"),
    (["As 2s | 3d", "Kd Kc | Kh"], "3d", "duplicate card 3d"),
    (["As 2s 3d", "Kd Kc | Kh"], "", "down cards | up cards"),
    (["As 2s | 3d"], "", "at least two players"),
    ([" ".join(DECK[6 * p : 6 * p + 2]) + " | " + " ".join(DECK[6 * p + 2 : 6 * p + 6]) for p in range(8)], "", "cannot complete"),
])
def test_bad_input(players, dead, message):
    with pytest.raises(InputError, match=message):
        stud_equity("seven-card-stud", players, dead)


def test_unknown_game():
    with pytest.raises(InputError, match="unknown game 'omaha'"):
        stud_equity("omaha", ["As 2s | 3d", "Kd Kc | Kh"])
