"""The strategy as people use it: the derived hand-rank card (replayed by brute force on small decks), the posted card
written in a game file (read with file:line errors, priced exactly), and their properties."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_math.analysis import analyze, load_game
from casino_math.errors import InputError
from casino_math.methods.draw.game_file import TINY, load_draw_text
from casino_math.methods.draw.method import DRAW_METHOD
from casino_math.methods.draw.posted import read_card
from casino_math.methods.draw.solving import solved
from casino_math.methods.draw.strategy_card import hold_values, play, posted_play
from casino_math.methods.draw.strategy_table import (Conflicts, _played, derived_card, named, pairwise_order, refined)
from tests.helpers.paths import ROOT
from tests.references.draw_card_brute_force import replay

SMALL = ROOT / "tests" / "games" / "draw-small.yaml"
ROYAL = ROOT / "tests" / "games" / "draw-royal-small.yaml"
JOKER = ROOT / "tests" / "games" / "draw-joker-small.yaml"
JOB = ROOT / "paytables" / "video_poker" / "jacks-or-better-9-6.yaml"
PHRASES = ["royal flush", "four of a kind", "full house", "flush", "straight", "three of a kind", "two pair",
           "4 to a royal flush", "3 to a royal flush", "high pair", "low pair", "2 suited high cards",
           "2 unsuited high cards", "one high card", "suited QJ", "A only", "4 to a flush", "4 to an inside straight"]


def view_of(path):
    return DRAW_METHOD.solve(load_game(path)).strategy.decisions[0]


@pytest.mark.slow  # a minute on 16 cards (4,368 deals, each hold's draws listed in Python), many on 20
@pytest.mark.parametrize("path", [SMALL, ROYAL], ids=["16 cards", "20 cards"])
def test_the_derived_card_replayed_by_brute_force(path):
    """Every deal of the deck (no suit classes), every hold named card by card in plain Python and valued by listing
    its draws, held by the first line of the derived card: the same return and the same deals held worse than the
    best, exactly."""
    card = derived_card(view_of(path))
    returned, erring = replay(load_game(path), card.lines)
    assert returned == card.returned
    assert erring == card.erring
    assert card.returned < card.optimal  # these decks' cards err somewhere: the replay is not of the optimal holds


def test_the_derived_card_of_9_6_jacks_or_better():
    """Within 0.002% of the optimal return (published basic strategies without penalty cards lose about 0.001%:
    Jazbo, An Optimal Strategy for 9/6 Jacks, 1998); the lines strategy cards print, in their order."""
    analysis = analyze(JOB)
    card = derived_card(analysis.decisions[0])
    assert card.optimal == analysis.tables["bet"].metrics.rtp
    assert Fraction(0) < card.cost < Fraction(2, 100_000)
    lines = list(card.lines)
    assert lines[:3] == ["royal flush", "straight flush", "four of a kind (all five held)"]
    assert lines.index("4 to a royal flush") < lines.index("high pair") < lines.index("low pair") < lines.index("draw five")
    assert lines.index("suited QJ") < lines.index("unsuited KQ") < lines.index("J only")
    assert sum(deals for _, deals, _, _ in card.by_line()) == 2_598_960


def test_the_posted_simple_strategy_of_9_6_jacks_or_better():
    """The Wizard of Odds' simple strategy, as written in the game file: 99.46% (published), 0.08% below optimal."""
    analysis = analyze(JOB)
    table = analysis.under_rule("simple strategy")
    assert f"{float(table.metrics.rtp):.4%}" == "99.4593%"
    assert round(float(analysis.tables["bet"].metrics.rtp - table.metrics.rtp) * 100, 2) == 0.08
    assert table.total == analysis.tables["bet"].total  # the same weighted combinations, played otherwise


@pytest.mark.parametrize("path", [SMALL, JOKER, pytest.param(ROOT / "paytables" / "video_poker" / "deuces-wild-full-pay.yaml",
                                                               marks=pytest.mark.slow)],
                         ids=["16 cards", "13 cards with a joker", "Deuces Wild"])
def test_a_posted_card_written_in_the_derived_cards_words_plays_as_it(path):
    """The derived card's lines, written as a posted card, price the same: the words read back to the same holds."""
    view = view_of(path)
    card = derived_card(view)
    game = view.game
    posted = read_card("derived", "this engine", list(card.lines), [line.key for line in game.lines])
    again = posted_play(game, view.counts, view.played, posted)
    assert again.returned == card.returned and again.erring == card.erring


@settings(max_examples=10, deadline=None)
@given(st.permutations(range(len(PHRASES))), st.integers(3, len(PHRASES)))
def test_a_posted_card_never_beats_the_optimal_holds(order, size):
    """Any card of any lines in any order (ended by draw five) returns at most the optimal return, and its cost is
    what it gives up on the deals it holds worse."""
    view = view_of(ROYAL)
    lines = [PHRASES[i] for i in order[:size]] + ["draw five"]
    card = posted_play(view.game, view.counts, view.played, read_card("any", "a test", lines, [line.key for line in view.game.lines]))
    assert card.returned <= card.optimal
    assert (card.cost == 0) == (card.erring == 0)


@settings(max_examples=6, deadline=None)
@given(st.lists(st.integers(1, 40), min_size=4, max_size=4))
def test_a_complete_card_prices_at_the_optimal_return(pays):
    """A card complete to the holds themselves (each deal's holds ranked by their exact value) returns the optimal
    return exactly, at any pays."""
    text = TINY
    for line, pay in zip(("four of a kind: 4", "full house: 2", "three of a kind: 1", "two pair: 1/2"), pays):
        text = text.replace(line, f"{line.split(':')[0]}: {pay}")
    game = load_draw_text(text)
    counts, played = solved(game)
    values = hold_values(game, counts, played)
    ranked = np.unique(-values, return_inverse=True)[1].reshape(values.shape)
    card = play(game, counts, played, values, ranked, tuple(str(i) for i in range(int(ranked.max()) + 1)))
    assert card.returned == card.optimal and card.erring == 0


@settings(max_examples=5, deadline=None)
@given(st.randoms(use_true_random=False))
def test_refining_an_order_never_lowers_its_return(random):
    """From any order of the kinds, the refinement on the exact return ends at least as high (each move gains)."""
    view = view_of(SMALL)
    game, counts, played = view.game, view.counts, view.played
    ids, names, _ = named(game, counts.deals.astype(np.int64))
    values = hold_values(game, counts, played)
    conflicts = Conflicts.of(ids, values, played.choice.astype(np.int64), counts.weights, len(names))
    order = np.array(random.sample(range(conflicts.size), conflicts.size))
    before = _played(game, counts, played, values, ids, names, conflicts.kinds[order])
    after = _played(game, counts, played, values, ids, names, conflicts.kinds[refined(conflicts, order)])
    assert after.returned >= before.returned


@settings(max_examples=20, deadline=None)
@given(st.permutations(range(6)), st.lists(st.integers(1, 9), min_size=15, max_size=15))
def test_conflicts_without_a_cycle_are_ordered_without_loss(truth, weights):
    """Conflicts that all agree with one order (a above b costs nothing wherever b above a would) are ordered so that
    nothing is given up."""
    weight = np.zeros((6, 6))
    pairs = [(a, b) for a in range(6) for b in range(a + 1, 6)]
    for (a, b), w in zip(pairs, weights):
        weight[truth[a], truth[b]] = w  # truth[a] must be above truth[b]
    order = pairwise_order(weight).tolist()
    assert order == list(truth)


@pytest.mark.parametrize("lines, problem", [
    ("[4 to a royal flush, 5 to a royal]", r"bad.yaml:\d+: draw\.strategies\.simple\.lines\.1: '5 to a royal': not a line"),
    ("[suited QQ]", r"bad.yaml:\d+: draw\.strategies\.simple\.lines\.0: 'suited QQ': .*names a rank twice"),
    ("[]", r"bad.yaml:\d+: draw\.strategies\.simple\.lines: "),
])
def test_bad_posted_cards_say_where(lines, problem):
    text = TINY + f"  strategies:\n    simple:\n      source: a book\n      lines: {lines}\n"
    with pytest.raises(InputError, match=problem) as raised:
        load_draw_text(text, "bad.yaml")
    assert "Traceback" not in str(raised.value)


def test_a_posted_card_leaving_deals_out_says_which():
    """A card whose lines some deal has none of is refused with that deal's cards."""
    game = load_draw_text(TINY + "  strategies:\n    short:\n      source: a book\n      lines: [four of a kind]\n")
    counts, played = solved(game)
    with pytest.raises(ValueError, match="the posted card 'short': no line of the card fits the deal"):
        posted_play(game, counts, played, game.posted[0])
    with pytest.raises(ValueError, match="its cards: short"):
        DRAW_METHOD.read_rule(game, "long")
