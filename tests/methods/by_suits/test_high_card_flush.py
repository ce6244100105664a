"""High Card Flush: the ranking by best suit, the counting method suit by suit, and the game.

The engine against the plain brute force on every deal of a small game is in tests/common/test_common.py
(tests/games/mini-high-card-flush.yaml). Here: the ranking against a plain reading of its rules (hypothesis), its
counts against every hand of a small deck, the compiled kernels against their references, the showdown cells of a
bigger deal against every dealer hand, the published qualifying rate, the largest-raise rule, the mistakes a
designer can make writing the game (one line at its file and line), and on the full deck (slow tier) the Wizard of
Odds' three-card flush strategy and the expected value it prints for one hand.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_math import analyze
from casino_math.cards import Card, Deck
from casino_math.methods.by_suits.method import BY_SUITS, mask_groups, orders
from casino_math.analysis import load_game_text
from casino_math.contract.money import opening_stakes
from casino_math.game.simple_strategies import parse_rule
from casino_math.showdown import hand_values
from casino_math.methods.by_suits.kernel import below, card_ids
from casino_math.rankings import CATEGORY_SHIFT, get_ranking
from casino_math.suits import Symmetry
from casino_math.subsets import all_subsets

from tests.references.kernels import card_ids_reference, suits_below_reference
from tests.references.brute_force import every_hand_counts
from tests.model.test_input_errors import broken, one_line
from tests.helpers.paths import ROOT

HCF = "paytables/high_card_flush/standard.yaml"
MINI = ROOT / "tests" / "games" / "mini-high-card-flush.yaml"
CARDS = st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True)


def plain_key(cards: list[Card]) -> tuple:
    """The rules as a player reads them: the longest suit, then its ranks from the highest down; the better suit of two."""
    return max((len(ranks), sorted(ranks, reverse=True)) for s in range(4) if (ranks := [c.rank for c in cards if c.suit == s]))


def _value(ids: list[int]) -> int:
    return int(get_ranking("high-card-flush").evaluate([Deck.standard().cards[i] for i in ids]))


# -- the ranking -------------------------------------------------------------------------------------------------
@settings(max_examples=300, deadline=None)
@given(CARDS, CARDS)
def test_the_ranking_orders_hands_as_the_rules_read(a, b):
    deck = Deck.standard()
    key_a, key_b = plain_key([deck.cards[i] for i in a]), plain_key([deck.cards[i] for i in b])
    value_a, value_b = _value(a), _value(b)
    assert (value_a > value_b, value_a == value_b) == (key_a > key_b, key_a == key_b)


@settings(max_examples=200, deadline=None)
@given(CARDS, st.permutations(range(4)))
def test_renaming_the_suits_changes_no_value(ids, renaming):
    renamed = [i // 4 * 4 + renaming[i % 4] for i in ids]
    assert _value(renamed) == _value(ids)


@pytest.mark.parametrize("name", ["high-card-flush", "straight-flush"])
def test_counts_by_category_against_every_hand(name):
    """The suit-by-suit counts against every 5-card hand of the 20-card deck, valued one by one."""
    ranking = get_ranking(name, Deck.stripped(10), cards=5)
    expected = every_hand_counts(ranking, 5)
    assert ranking.category_counts(5) == {c: expected.get(c, 0) for c in reversed(ranking.categories)}


def test_straight_flushes_of_seven_cards_as_runs_read():
    """The Straight Flush Bonus's counts on the full deck against a plain reading: each suit's longest run of ranks in a
    row, the ace before the deuce and after the king, and hands counted by the longest run of their suits (a product
    of one polynomial per suit, built here from the runs, not from the ranking's shapes)."""
    longest = []
    for mask in range(1 << 13):
        held = [mask >> 12 & 1] + [mask >> r & 1 for r in range(13)]  # the ace low, then deuce to ace
        run = best = 0
        for bit in held:
            run = run + 1 if bit else 0
            best = max(best, run)
        longest.append(best)
    sizes = [bin(m).count("1") for m in range(1 << 13)]
    at_most = []
    for length in range(8):
        poly = [sum(1 for m in range(1 << 13) if sizes[m] == k and longest[m] <= length) for k in range(8)]
        product = [1] + [0] * 7
        for _ in range(4):
            product = [sum(product[i] * poly[k - i] for i in range(k + 1)) for k in range(8)]
        at_most.append(product[7])
    ranking = get_ranking("straight-flush")
    assert ranking.category_counts() == {ranking.categories[n - 1]: at_most[n] - at_most[n - 1] for n in range(7, 0, -1)}


def test_the_dealer_qualifies_as_published():
    """Three-card 9-high flush or better: 75.36% of dealer hands (the published figure)."""
    ranking = get_ranking("high-card-flush")
    from casino_math.game.qualifier import weakest

    below_9_high = ranking.hands_below(weakest(ranking, "9-high three-card flush"))
    assert round(100 * Fraction(comb(52, 7) - below_9_high, comb(52, 7)), 2) == Fraction(7536, 100)


# -- the kernels against their references --------------------------------------------------------------------------
@pytest.mark.parametrize("ranks, drawn", [(13, 7), (7, 5), (3, 3)])
def test_the_kernel_against_its_reference(ranks, drawn):
    rng = np.random.default_rng(ranks)
    held = rng.integers(0, 1 << ranks, size=(40, 4)) & rng.integers(0, 1 << ranks, size=(40, 4))  # sparse rank sets
    thresholds = rng.integers(1, 1 << ranks, size=(40, 3)) & rng.integers(0, 1 << ranks, size=(40, 3))
    thresholds[thresholds == 0] = 1
    thresholds[::2, 1] = thresholds[::2, 0]  # below a flush, then at most it: as the showdown asks (the suits' counts shared)
    at_most = np.array([False, True, False])
    assert (below(held, ranks, drawn, thresholds, at_most) == suits_below_reference(held, ranks, drawn, thresholds, at_most)).all()


def test_card_ids_against_their_reference():
    held = next(mask_groups(13, 7))
    assert (card_ids(held, 13, 7) == card_ids_reference(held, 13)).all()


# -- the count, against every dealer hand ---------------------------------------------------------------------------
DEAL_5 = """\
game: check
id: check
deck: {ranks: 8-A}
deal:
  - player: 5
  - decide: {options: {fold: fold, raise: {raise: 1}}}
  - dealer: 5
hands:
  player: {of: [player], ranking: high-card-flush}
  dealer: {of: [dealer], ranking: high-card-flush}
dealer_qualifies: J-high three-card flush
wagers:
  ante: {stake: 1, settle: {folded: lose, dealer_not_qualified: win, player_higher: win, equal: push, dealer_higher: lose}}
  raise: {settle: {dealer_not_qualified: push, player_higher: win, equal: push, dealer_higher: lose}}
"""


def test_the_classes_are_every_hand_once():
    """The multisets of four rank sets are the classes under the 24 renamings of the suits: distinct, and every hand once."""
    game = load_game_text(DEAL_5, "check.yaml")
    counts = BY_SUITS.counts(game)
    cards = counts.levels[1].cards["player"]
    keys, _ = Symmetry.of(game.deck).canonical([cards])
    assert len(np.unique(keys)) == len(cards)
    assert int(counts.levels[1].weights.sum()) == comb(28, 5)
    masks = np.concatenate(list(mask_groups(7, 5)))
    assert (orders(masks) == counts.levels[1].weights).all()


def test_the_showdown_cells_against_every_dealer_hand():
    """40 classes of a 28-card deck, five cards each: each class's six cells against its 33,649 dealer hands valued one by one."""
    game = load_game_text(DEAL_5, "check.yaml")
    counts = BY_SUITS.counts(game)
    ranking = game.hands["dealer"].ranking
    q = game.qualifier.value
    rng = np.random.default_rng(3)
    for row in rng.choice(len(counts.last), 40, replace=False):
        player = counts.last.cards["player"][row]
        rest = np.setdiff1d(np.arange(28), player)
        dealer = hand_values(ranking, game.deck, rest[all_subsets(len(rest), 5)])
        mine = int(hand_values(ranking, game.deck, player[None])[0])
        qualified = dealer >= q
        expected = [((~qualified) & (mine > dealer)).sum(), ((~qualified) & (mine == dealer)).sum(), ((~qualified) & (mine < dealer)).sum(),
                    (qualified & (mine > dealer)).sum(), (qualified & (mine == dealer)).sum(), (qualified & (mine < dealer)).sum()]
        assert counts.cells[row].tolist() == [int(x) for x in expected]


# -- the largest raise, as a simple strategy ------------------------------------------------------------------------
def test_the_largest_raise_rule():
    """'raise_1x or more': every hand the rule names takes the largest raise open to it. On the mini game (three cards of
    twelve, 2x only with a three-card flush) every hand raises, twice with the 4 three-card flushes of 220 hands."""
    mini = analyze(MINI)
    rule = parse_rule(mini.game, "raise_1x or more with A one-card flush or better")
    assert rule.most and rule.option == "raise_1x"
    table = mini.under_rule(rule.text)
    assert table.metrics.average_wager == 2 + Fraction(4, 220)
    assert mini.under_rule("raise_1x with A one-card flush or better").metrics.average_wager == 2


# -- mistakes in a game file ----------------------------------------------------------------------------------------
MISTAKES = {
    "a qualifier of no flush's length": (HCF, "dealer_qualifies: 9-high three-card flush", "dealer_qualifies: 9-high eight-card flush",
                                         "dealer_qualifies: '9-high eight-card flush' is not a hand of the high-card-flush ranking"),
    "a flush no cards make": (HCF, "dealer_qualifies: 9-high three-card flush", "dealer_qualifies: 3-high three-card flush",
                              "dealer_qualifies: '3-high three-card flush' is not a hand of the high-card-flush ranking: no three card "
                              "flush is 3-high"),
    "ranks without a length": (HCF, "dealer_qualifies: 9-high three-card flush", "dealer_qualifies: Q-6-4",
                               "dealer_qualifies: 'Q-6-4' is not a hand of the high-card-flush ranking (write e.g. four-card flush"),
    "a raise with a flush too long": (HCF, "only_with: six-card flush", "only_with: eight-card flush",
                                      "deal.1.decide.options.raise_3x.only_with: 'eight-card flush' is not a hand of the high-card-flush"),
    "a paytable line too long": (HCF, "seven card flush: 300", "eight card flush: 300",
                                 "paytables.flush_bonus.eight card flush: the high-card-flush ranking has no eight card flush"),
    "best cards of a whole hand": (HCF, "player: {of: [player], ranking: high-card-flush}", "player: {of: [player], best: 5, ranking: high-card-flush}",
                                   "hands.player.best: the high-card-flush ranking values all 7 cards of the hand: leave out best"),
    "jokers": (HCF, "deck: standard", "deck: {jokers: 1}", "hands.player.ranking: the high-card-flush ranking values suits: it is played "
               "without jokers"),
}


@pytest.mark.parametrize("name", sorted(MISTAKES))
def test_a_mistake_is_one_line(name, tmp_path):
    source, old, new, expected = MISTAKES[name]
    path, line = broken(tmp_path, source, old, new)
    if name == "jokers":  # the ranking refuses the deck where the hand names it
        line = path.read_text()[: path.read_text().index("player: {of: [player]")].count("\n") + 1
    one_line(path, line, expected)


# -- the full deck (slow tier) ------------------------------------------------------------------------------------
@pytest.mark.slow
def test_the_optimal_strategy_against_the_wizards():
    """The Wizard of Odds' advanced strategy page: raise any three-card flush J-3-2 or better, fold 9-8-7 or worse, the
    ten-high ones by the other cards; and Th-8h-6h with 7d-4d-2d-9c raises for an expected -1.06993 (the exact value
    -1.0699755 agrees to 5e-5; the page's other example, -0.86655 for Th-8h-6h with Js-Ad-Qd-Jc, is not this game's:
    exactly -0.8115152, confirmed by sampling dealer hands)."""
    game = analyze(ROOT / HCF)
    decision = game.decision("raise_or_fold")
    values, names = decision.player_values, decision.frame()["decision"].to_numpy()
    category, top = values >> CATEGORY_SHIFT, values >> (CATEGORY_SHIFT - 4) & 0xF
    three = category == 2
    assert set(names[three & (top >= 11)]) == {"raise_1x"} and set(names[three & (top <= 9)]) == {"fold"}
    assert set(names[three & (top == 10)]) == {"raise_1x", "fold"}
    assert [set(names[category == c]) for c in (1, 3, 4, 5, 6)] == [{"fold"}, {"raise_1x"}, {"raise_2x"}, {"raise_3x"}, {"raise_3x"}]
    strategy = game.solution.strategy
    ids = np.array([strategy._ids("Th 8h 6h 7d 4d 2d 9c")])
    empty = np.zeros((1, 0), dtype=np.int64)
    decided = strategy.decide("raise_or_fold", opening_stakes(game.game), {"player": ids, "board": empty, "up": empty})
    raise_1x = [o.name for o in decided.options].index("raise_1x")
    assert abs(decided.ev(raise_1x, 0) - Fraction("-1.06993")) < Fraction(5, 100000)
    other = strategy.choose("raise_or_fold", {"player": "Th 8h 6h Js Ad Qd Jc"})
    assert other.option == "raise_1x" and round(float(other.ev), 7) == -0.8115152
