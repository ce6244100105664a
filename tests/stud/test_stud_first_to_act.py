"""Who brings in and who bets first: the seeds' examples, the tie rules, and pokerkit's game engine."""

from __future__ import annotations

import dataclasses
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.references.brute_force import exposed_rules_category, rules_order
from casino_math.cards import Deck, parse_cards
from casino_math.errors import InputError
from casino_math.rankings import cards_to_arrays
from casino_math.stud import first_to_act, get_game
from casino_math.stud.exposed import describe, exposed_ranking, exposed_value

# Seed 002's razz deal. Seats in dealing order: Bob, Carol, David, then Alice, who deals.
# The seed leaves out suits ("never of consequence in razz"); these are ours.
BOB, CAROL, DAVID, ALICE = range(4)
RAZZ_UP = {
    3: ["Jd", "3h", "As", "4c"],
    4: ["Jd 9c", "3h 3s", "As 4h", "4c 2d"],
    5: [None, "3h 3s Ac", "As 4h Kd", "4c 2d 8h"],  # Bob folded his J-9
    6: [None, "3h 3s Ac 6d", None, "4c 2d 8h 8s"],  # David folded
    7: [None, "3h 3s Ac 6d", None, "4c 2d 8h 8s"],  # the last card comes down
}


@pytest.mark.parametrize("street, seat, action, announcement", [
    (3, BOB, "brings in", "Jack brings in"),  # "Bob's J is the high card (David's A is low)"
    (4, DAVID, "bets", "Four-ace bets"),  # "David's 4-A, just beating Alice's 4-2"
    (5, ALICE, "bets", "Eight-four-deuce bets"),  # "Alice's 8-4-2"
    (6, CAROL, "bets", "Pair of threes bets"),  # "a pair of 3s being lower than Alice's pair of 8s"
    (7, CAROL, "bets", "Pair of threes bets"),  # "Carol again bets"
])
def test_seed_razz_deal(street, seat, action, announcement):
    result = first_to_act("razz", RAZZ_UP[street], street=street)
    assert (result.seat, result.action, result.announcement) == (seat, action, announcement)


def test_seed_laws_exposed_order():
    """Seed 003 (and 000): with three cards showing, 3-3-3 is higher than 7-7-8, which is higher than A-K-Q."""
    stud = get_game("seven-card-stud")
    hands = ["Ac Kd Qh", "7c 7d 8h", "3c 3d 3h"]
    values = [exposed_value(stud, parse_cards(h)) for h in hands]
    assert values[2] > values[1] > values[0]
    result = first_to_act(stud, hands, street=5)
    assert (result.seat, result.announcement) == (2, "Three threes bets")
    assert result.showing == ("ace-king-queen", "pair of sevens", "three threes")


@pytest.mark.parametrize("hands, winner", [
    (["Kc Kd 2h 2s", "Ac Ad 9s 8s"], 0),  # two pair above one pair, whatever the ranks
    (["Kc Kd 3h 3s", "Kh Ks 2c 2d"], 0),  # the higher of the lower pairs
    (["9c 9d Ah 2s", "9h 9s Kc Qd"], 0),  # the same pair: the highest unmatched card
    (["9c 9d Ah 3s", "9h 9s Ac 2d"], 0),  # ... and then the next
    (["5c 5d 5h 2s", "Ac Ad Kh Ks"], 0),  # three of a kind above two pair
    (["2c 2d 2h 2s", "Ac Ad Ah Ks"], 0),  # four of a kind above three
    (["Ah Kh Qh Jh", "2c 2d 5h 7s"], 1),  # incomplete straights and flushes do not count
])
def test_laws_incomplete_hands(hands, winner):
    assert first_to_act("seven-card-stud", hands, street=6).seat == winner


def test_laws_announcements():
    """Law 31c: "Pair of eights bets", "First ace bets" (identical holdings: nearest the dealer's left)."""
    assert first_to_act("seven-card-stud", ["Kh 7d", "8c 8d", "As 2c"], street=4).announcement == "Pair of eights bets"
    old_style = dataclasses.replace(get_game("five-card-stud"), bring_in=None, betting_ties="dealer_left")
    result = first_to_act(old_style, ["Kh", "Ac", "As", "7d"], dealer=1)
    assert (result.seat, result.action, result.announcement, result.tie) == (2, "bets", "First ace bets", "dealer_left")
    assert first_to_act(old_style, ["Kh", "Ac", "As", "7d"], dealer=2).seat == 1  # now seat 1 sits nearer the dealer's left


def test_four_flush_bets_ahead_of_a_pair_where_it_beats_one():
    flush_draw, pair, two_pair = "2h 5h 9h Kh", "Ac Ad 9s 2c", "3c 3d 4s 4d"
    canadian = first_to_act("soko-canadian", [pair, flush_draw], street=5)
    assert (canadian.seat, canadian.announcement) == (1, "Four-flush bets")
    assert first_to_act("soko-canadian", [flush_draw, two_pair], street=5).seat == 1  # below two pair
    assert first_to_act("soko-finnish", [pair, flush_draw], street=5).seat == 0  # a four-flush is below a pair there
    assert first_to_act("five-card-stud", [pair, flush_draw], street=5).seat == 0


def test_soko_four_card_hands_showing_rank_as_at_the_showdown():
    """Issue #12: in Canadian, 5-6-7-8 showing lost the bet to a pair of kings, which it beats at the showdown;
    in Finnish a four-flush showing did not outrank ace-high. Both games now read law 32's exception alike."""
    kings, straight_draw, flush_draw, ace_high = "Kc Kd 9s 2c", "5c 6d 7h 8s", "2h 5h 9h Kh", "Ac Kd 9s 2c"
    canadian = first_to_act("soko-canadian", [kings, straight_draw], street=5)
    assert (canadian.seat, canadian.announcement) == (1, "Four-straight bets")
    finnish = first_to_act("soko-finnish", [ace_high, flush_draw], street=5)
    assert (finnish.seat, finnish.announcement) == (1, "Four-flush bets")
    for game in ("soko-finnish", "soko-canadian"):
        assert first_to_act(game, [straight_draw, flush_draw], street=5).seat == 1  # a four-flush above a four-straight
        assert first_to_act(game, [ace_high, straight_draw], street=5).seat == 1
        assert first_to_act(game, ["Ac Kd 9s", "2h 5h 9h"], street=4).seat == 0  # three cards make no four-card hand
    assert first_to_act("soko-finnish", [kings, straight_draw], street=5).seat == 0  # below a pair in Finland
    assert first_to_act("seven-card-stud", [ace_high, straight_draw], street=6).seat == 0  # and nothing where no hand has four cards


@pytest.mark.parametrize("name", ["soko-finnish", "soko-canadian"])
def test_every_four_card_soko_showing_follows_the_rules(name):
    """Every four up cards of a 32-card Sökö deck: the category the rules name, in the order of the game's showdown."""
    game = dataclasses.replace(get_game(name), deck="piquet")
    hands = list(itertools.combinations(game.the_deck.cards, 4))
    ranking = exposed_ranking(game, 4)
    ranks, suits = cards_to_arrays(hands, ranking)
    ours = [ranking.category_of(v) for v in ranking.best_values(ranks, suits)]
    rules = [exposed_rules_category(name, game.the_deck.ranks, [(c.rank, c.suit) for c in h]) for h in hands]
    assert ours == rules
    order = rules_order(name, game.the_deck.ranks)
    assert list(ranking.categories) == sorted(set(rules), key=order.index)


def test_five_up_cards_count_in_full():
    """Mississippi stud's end: five up cards, so a straight beats trips showing; with four showing it does not."""
    straight, trips = "5c 6d 7h 8s 9c", "Ac Ad Ah Kc 2d"
    assert first_to_act("mississippi-stud", [trips, straight], street=7).announcement == "Straight bets"
    assert first_to_act("mississippi-stud", [trips[:-3], straight[:-3]], street=6).seat == 0


def test_last_card_down_keeps_the_opener():
    """Seed 000: with the fifth card down, the last round is begun by the player who began the one before."""
    ups = ["Kh 7d 2c", "9s 9d 3h"]
    game = "five-card-stud-last-down"
    assert first_to_act(game, ups, street=4).seat == first_to_act(game, ups, street=5).seat == 1


def test_ties_by_suit_and_their_order():
    """Seed 000/001: clubs lowest ... spades highest; seed 004 lists them the other way round."""
    stud5 = get_game("five-card-stud")
    result = first_to_act(stud5, ["Ah Kd", "As Kc"], street=3)
    assert (result.seat, result.tie, result.announcement) == (1, "suit", "Ace-king, ace of spades, bets")
    clubs_high = dataclasses.replace(stud5, suit_order="shdc")
    assert first_to_act(clubs_high, ["Ah Kd", "As Kc"], street=3).seat == 0
    # the bring-in: the lowest card, clubs lowest by default
    assert first_to_act("seven-card-stud", ["2d", "Kh", "2c"]).announcement == "Deuce of clubs brings in"
    stud7 = dataclasses.replace(get_game("seven-card-stud"), suit_order="shdc")
    assert first_to_act(stud7, ["2d", "Kh", "2c"]).seat == 0
    # razz: the highest card brings in, ace low; a tie goes to the higher suit
    assert first_to_act("razz", ["Kc", "Ks", "Ad"]).announcement == "King of spades brings in"
    dealer_left = dataclasses.replace(get_game("razz"), bring_in_ties="dealer_left")
    assert first_to_act(dealer_left, ["Kc", "Ks", "Ad"], dealer=0).announcement == "First king brings in"


def test_mexican_joker_face_up_is_the_bug():
    """Seed 002: the high card brings in; a joker showing is the bug, so it shows as an ace."""
    result = first_to_act("mexican-stud", ["Kd", "Jk", "7c"])
    assert (result.seat, result.action) == (1, "brings in")
    assert describe(get_game("mexican-stud"), "Jk Ah") == "pair of aces"


@pytest.mark.parametrize("args, message", [
    ((["Kh 7d", "As"], 4), "each player shows 2 up cards"),
    ((["Kh", "As 2c"], None), "match no street"),
    ((["Kh 7d", "Kh 2c"], 4), "duplicate card Kh"),
    ((["Kh 7d", None], 4), "at least two players"),
    ((["Kh", "2c"], 2), "has no street 2"),
])
def test_bad_input(args, message):
    with pytest.raises(InputError, match=message):
        first_to_act("seven-card-stud", *args)


def test_unknown_game():
    with pytest.raises(InputError, match="unknown game"):
        first_to_act("seven-card-omaha", ["Kh", "2c"])


# -- pokerkit's game engine decides the same openers ------------------------------------------------
def _pokerkit_openers(game_type, hands: list[list[str]]) -> list[int]:
    """Deal ``hands`` (seven cards each, in dealing order) through pokerkit, everyone calling; the opener of each street."""
    from pokerkit import Automation

    automations = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
                   Automation.CARD_BURNING, Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
                   Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING)
    state = game_type.create_state(automations, True, 0, 1, 2, 4, (1000,) * len(hands), len(hands))
    openers, dealt = [], 0
    for count in (3, 1, 1, 1, 1):
        for hand in hands:
            state.deal_hole("".join(hand[dealt : dealt + count]))
        dealt += count
        openers.append(state.opener_index)
        if state.can_post_bring_in():
            state.post_bring_in()
        while state.actor_index is not None:
            state.check_or_call()
    return openers


DECK = [str(c) for c in Deck.standard().cards]


@pytest.mark.filterwarnings("ignore:A card being dealt")  # pokerkit would rather deal from its own shuffled deck
@settings(max_examples=40, deadline=None)
@given(game=st.sampled_from(["seven-card-stud", "razz", "stud8"]), players=st.integers(2, 7), deck=st.permutations(DECK))
def test_openers_agree_with_pokerkit(game, players, deck):
    """pokerkit: bring-in by (rank, suit), clubs lowest; later, the best exposed hand, ties to the first seat dealt."""
    import pokerkit

    engine = {"seven-card-stud": pokerkit.FixedLimitSevenCardStud, "razz": pokerkit.FixedLimitRazz,
              "stud8": pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter}[game]
    hands = [deck[7 * p : 7 * p + 7] for p in range(players)]
    expected = _pokerkit_openers(engine, hands)
    for street, opener in zip(range(3, 8), expected):
        ups = [" ".join(h[2 : min(street, 6)]) for h in hands]
        assert first_to_act(game, ups, street=street).seat == opener, (street, ups)
