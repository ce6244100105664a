"""Blackjack Switch (casino_math/methods/blackjack/switch.py): against a brute force of its own on tiny shoes
(tests/references/switch_brute_force.py), Fraction for Fraction; the sum of a pairing's hand values against the round
played out card by card; properties; its rules in the file; the tools.
"""

from __future__ import annotations

import weakref
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_math.analysis import analyze
from casino_math.conformance import checks_for
from casino_math.errors import InputError
from casino_math.methods.blackjack.basic import basic_strategy
from casino_math.methods.blackjack.game_file import BlackjackGame, load_blackjack_text
from casino_math.methods.blackjack.rounds import play_game
from casino_math.methods.blackjack.rules import BlackjackRules, Shoe
from casino_math.methods.blackjack.switch import SwitchPlay, play_switch
from tests.references.blackjack_brute_force import SHOES
from tests.references.switch_brute_force import SwitchBrute

SWITCH = BlackjackRules(switch=True, dealer_hits_soft_17=True, dealer_22_pushes=True, blackjack_pays=Fraction(1), split_hands=1)
RULES = {
    "peek, a switched ace-ten 21": SWITCH,
    "no hole card": pytest.param(replace(SWITCH, dealer_peeks=False), marks=pytest.mark.slow),
    "a switched ace-ten a blackjack, S17": pytest.param(replace(SWITCH, switched_blackjack=True, dealer_hits_soft_17=False),
                                                        marks=pytest.mark.slow),
    "no switch": pytest.param(replace(SWITCH, switch=False), marks=pytest.mark.slow),
}
SHOE = SHOES["few values"]  # A A 3 3 6 6 8 8 and six tens
SMALL = Path(__file__).parent / "switch-small.yaml"


@pytest.mark.parametrize("rules", RULES.values(), ids=RULES.keys())
def test_every_deal_and_the_game_against_the_brute_force(rules):
    """Every up card and ordered deal of four cards: both pairings' values, and the game's return, Fraction for Fraction."""
    play, brute = play_switch(rules, Shoe(SHOE)), SwitchBrute(rules, SHOE)
    checked = 0
    for up, upcard in play.upcards.items():
        for deal in upcard.deals:
            blackjack, dealt, switched = brute.deal(up, *deal)
            assert (upcard.value(deal, False), upcard.value(deal, True)) == ((1 - blackjack) * dealt, (1 - blackjack) * switched), (up, deal)
            checked += 1
    assert checked > 1000
    assert play.expected_return == brute.expected_return()


@pytest.mark.parametrize("every", [pytest.param(40, id="a sample"), pytest.param(1, id="every deal", marks=pytest.mark.slow)])
@pytest.mark.parametrize("rules", [SWITCH, replace(SWITCH, dealer_peeks=False)], ids=["peek", "no hole card"])
def test_a_pairing_is_worth_its_hands_played_out_card_by_card(rules, every):
    """The convention made exact: the round played out (the hole card, the first hand to its end, the second from the cards
    left, the dealer last; each hand by its own best play, blind to the other's draws) is worth the sum of the hands' values."""
    play, brute = play_switch(rules, Shoe(SHOE)), SwitchBrute(rules, SHOE)
    for up in (9, 5):
        upcard = play.upcards[up]
        for deal in list(upcard.deals)[::every]:
            for switched in (False, True):
                assert brute.played(up, *deal, switched) == upcard.value(deal, switched), (up, deal, switched)


@pytest.mark.parametrize("rules", [SWITCH, pytest.param(replace(SWITCH, dealer_peeks=False), marks=pytest.mark.slow)],
                         ids=["peek", "no hole card"])
def test_the_game_played_by_a_chart_against_the_brute_force(rules):
    """Every hand played by the ordinary game's basic strategy after the switch, the switch taken by the exact values of
    the hands so played: the game's return equals the brute force's rounds played out card by card by the same chart,
    Fraction for Fraction, and lies below the optimal play's."""
    strategy = basic_strategy(replace(rules, switch=False), Shoe(SHOE))[0]
    charted = play_switch(rules, Shoe(SHOE), strategy)
    assert charted.expected_return == SwitchBrute(rules, SHOE, strategy.orders).played_return()
    assert charted.expected_return < play_switch(rules, Shoe(SHOE)).expected_return


@settings(max_examples=3, deadline=None)
@given(tens=st.integers(12, 13), low=st.sampled_from([(2, 0, 2, 0, 0, 2, 0, 2, 0), (1, 0, 0, 0, 0, 2, 2, 2, 0), (1, 2, 0, 0, 2, 0, 2, 0, 1)]),
       hits=st.booleans())
def test_a_chart_never_beats_the_best_play(tens, low, hits):
    """Each hand's best play is worth at least the chart's, so the game by the chart, switching on its own values, never
    returns more than the optimal game (split hands by the chart too: enough tens for each hand to split once)."""
    rules = replace(SWITCH, dealer_hits_soft_17=hits, split_hands=2)
    shoe = Shoe((*low, tens))
    strategy = basic_strategy(replace(rules, switch=False), shoe)[0]
    charted = play_switch(rules, shoe, strategy)
    assert charted.expected_return <= play_switch(rules, shoe).expected_return
    ends = charted.ends
    assert ends.split_chance > 0 and sum(ends.chances.values()) + ends.split_chance == 1
    assert charted.expected_return == sum((p * ends.net(k) for k, p in ends.chances.items()), Fraction(0)) + ends.split_net


def _rates(play: SwitchPlay) -> tuple[Fraction, Fraction]:
    """The return per hand of always keeping the hands as dealt, and of always switching."""
    out = [Fraction(0), Fraction(0)]
    for up, u in play.upcards.items():
        hole = {0: 9, 9: 0}.get(up) if play.rules.dealer_peeks else None
        total = sum(w for w, _, _ in u.deals.values())
        left = [c - (v == up) for v, c in enumerate(play.shoe.counts)]
        for deal, (ways, dealt, switched) in u.deals.items():
            blackjack = Fraction(left[hole] - sum(x == hole for x in deal), play.shoe.size - 5) if hole is not None else 0
            lost = blackjack * (2 - (sorted(deal[:2]) == [0, 9]) - (sorted(deal[2:]) == [0, 9]))
            for i, value in enumerate((dealt, switched)):
                out[i] += u.chance * Fraction(ways, total) * (Fraction(value, u.denominator) - lost) / 2
    return out[0], out[1]


@settings(max_examples=3, deadline=None)
@given(tens=st.integers(6, 7), low=st.sampled_from([(2, 0, 2, 0, 0, 2, 0, 2, 0), (1, 0, 0, 0, 0, 2, 2, 2, 0), (1, 2, 0, 0, 2, 0, 2, 0, 1)]),
       peeks=st.booleans(), hits=st.booleans(), switched_blackjack=st.booleans())
def test_the_switch_never_costs(tens, low, peeks, hits, switched_blackjack):
    """The game with the switch is worth at least the better of always keeping and always switching, and without it
    exactly always keeping; each hand played with the other's two cards in view is worth at least the ordinary game."""
    rules = replace(SWITCH, dealer_peeks=peeks, dealer_hits_soft_17=hits, switched_blackjack=switched_blackjack)
    shoe = Shoe((*low, tens))
    play, kept = play_switch(rules, shoe), play_switch(replace(rules, switch=False), shoe)
    dealt, switched = _rates(play)
    assert play.expected_return >= max(dealt, switched)
    assert kept.expected_return == dealt
    assert kept.expected_return >= play_game(replace(rules, switch=False), shoe).expected_return
    assert sum(play.ends.chances.values()) == 1
    assert play.expected_return == sum((p * play.ends.net(k) for k, p in play.ends.chances.items()), Fraction(0))


def test_an_up_card_holds_one_pairing_at_a_time_and_nothing_after():
    """What a count of Switch builds goes with it, the cycle collector held off as a solve holds it (on a full shoe
    these grew by gigabytes): a pairing's positions once read, the up card's dealer counts with the up card, and none
    in the stores the games share."""
    from casino_math.collector import collector_held
    from casino_math.methods.blackjack.switch import up_card_counts, worths
    from casino_math.methods.blackjack.values import _dealer_counts, known_counts, shared_digits

    stores = (_dealer_counts, known_counts, shared_digits)
    with collector_held():
        sizes = [s.cache_info().currsize for s in stores]
        dealer = up_card_counts(SWITCH, Shoe(SHOE), 9)
        counted = weakref.ref(dealer)
        for other in ((0, 9), (2, 5)):
            assert worths(SWITCH, Shoe(SHOE), 9, other, dealer) and not dealer.positions
        assert dealer.digits.size > 0
        del dealer
        assert counted() is None
        play_switch(SWITCH, Shoe(SHOE))
        assert [s.cache_info().currsize for s in stores] == sizes


HEAD = "game: blackjack\nid: s\ndeck: {decks: 6}\nblackjack:\n"


@pytest.mark.parametrize("text, message", [
    ("  switched_blackjack: blackjack\n", r"bad\.yaml:5: blackjack\.switched_blackjack: switched_blackjack is a rule of Blackjack Switch"),
    ("  switch: second cards\n  dealer: {hole_card: face up}\n", r"bad\.yaml:5: blackjack\.switch: Switch is counted with one dealer card up"),
    ("  switch: second cards\n  pays: {blackjack: 1 to 1, five-card 21: 2 to 1}\n",
     r"bad\.yaml:6: blackjack\.pays\.five-card 21: five-card 21: Switch is counted with the pays of a blackjack only"),
    ("  switch: second cards\n  split: {hands: 2, play: CDP}\n", r"bad\.yaml:6: blackjack\.split\.play: Switch is counted with split hands "
                                                                   r"played by their own cards \(CDP1\), not CDP"),
    ("  switch: both cards\n", r"bad\.yaml:5: blackjack\.switch"),
    ("  switch_play: basic strategy\n", r"bad\.yaml:5: blackjack\.switch_play: switch_play is a rule of Blackjack Switch"),
])
def test_the_file_refuses_what_switch_is_not_counted_with(text, message):
    with pytest.raises(InputError, match=message):
        load_blackjack_text(HEAD + text, "bad.yaml")


def test_the_rules_are_read_and_said():
    game = load_blackjack_text(HEAD + "  switch: second cards\n  switched_blackjack: 21\n  pays: {blackjack: 1 to 1}\n")
    assert game.rules.switch and not game.rules.switched_blackjack
    assert any("switch their second cards" in line and "21, not a blackjack" in line for line in game.words.rules)


def test_the_small_game_analysed():
    """The return table per hand is the count's, exactly."""
    analysis = analyze(SMALL)
    play = analysis.solution.own(SwitchPlay)
    assert analysis.tables["blackjack"].metrics.expected_return == play.expected_return
    assert 0 < play.switch_rate < 1


def test_the_small_game_played_by_the_basic_strategy(tmp_path):
    """``switch_play: basic strategy``: the return table is the count's with every hand played by the ordinary game's
    chart, below the best play's, and the file's words and notes say so."""
    path = tmp_path / "small-basic.yaml"
    path.write_text(SMALL.read_text() + "  switch_play: basic strategy\n")
    analysis = analyze(path)
    game = analysis.game
    assert isinstance(game, BlackjackGame) and game.rules.switch_basic
    chart = basic_strategy(replace(game.rules, switch=False), game.shoe)[0]
    charted = analysis.solution.own(SwitchPlay)
    assert charted.expected_return == play_switch(game.rules, game.shoe, chart).expected_return
    assert analysis.tables["blackjack"].metrics.expected_return == charted.expected_return < analyze(SMALL).solution.own(SwitchPlay).expected_return
    assert any("basic strategy of the ordinary game" in line for line in game.words.rules)
    assert any("played by the basic strategy" in note for note in analysis.tables["blackjack"].notes)


def _kit(tier: str) -> list:
    exact = {"counted exactly", "the same workload twice", "strategy replayed"}
    return [pytest.param(name, check, id=name) for name, check in checks_for(SMALL) if (name in exact) == (tier == "exact")
            and name not in ("simulation", "effect of removal")]


@pytest.mark.parametrize("name, check", _kit("exact"))
def test_the_conformance_kit_exactness(name, check):
    check(SMALL)


@pytest.mark.slow
@pytest.mark.parametrize("name, check", _kit("tools"))
def test_the_conformance_kit_tools(name, check):
    check(SMALL)


@pytest.mark.parametrize("name", ["simulation", "effect of removal"])
def test_the_tools_not_built_for_switch_refuse_in_one_line(name):
    check = dict(checks_for(SMALL))[name]
    with pytest.raises(InputError, match=r"^bj-switch-small: (Blackjack Switch is not simulated yet|the effect of removal is not "
                                         r"counted for Blackjack Switch yet)"):
        check(SMALL)
