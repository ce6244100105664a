"""The blackjack engine against an independent brute force that plays every card sequence of a round, on tiny shoes
(tests/references/blackjack_brute_force.py): every option of every first two cards, resplits, how rounds end."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from casino_math.methods.blackjack.hands import Hand, hand_table
from casino_math.methods.blackjack.exposed import play_exposed
from casino_math.methods.blackjack.linear import linear_ends, lines_of
from casino_math.methods.blackjack.rounds import SPLIT, Root, end_scale, play_game, replay, root_ends
from casino_math.methods.blackjack.rules import BlackjackRules, Shoe
from casino_math.methods.blackjack.values import OWN as ENGINE_OWN
from casino_math.methods.blackjack.game_file import HARD_TOTALS
from casino_math.analysis import load_game
from casino_math.methods.blackjack.game_file import BlackjackGame
from tests.helpers.paths import ROOT
from tests.references.blackjack_brute_force import A, SHOES, T, Brute, ExposedBrute, composition_strategy, split_strategy

RULES = {
    "peek S17": BlackjackRules(split_hands=2),
    "peek H17 surrender": BlackjackRules(split_hands=2, dealer_hits_soft_17=True, surrender="late"),
    "no hole card": BlackjackRules(split_hands=2, dealer_peeks=False, double_after_split=False),
    "no hole card, original bet": BlackjackRules(split_hands=2, dealer_peeks=False, no_hole_card_takes_all=False,
                                                  double_totals=frozenset({10, 11})),
    "double on hard totals only": BlackjackRules(split_hands=2, dealer_hits_soft_17=True, double_totals=HARD_TOTALS),
    "split hands played as unsplit (CDZ-)": BlackjackRules(split_hands=2, split_play="CDZ-"),
    "CDZ-, no double after a split": BlackjackRules(split_hands=2, split_play="CDZ-", double_after_split=False),
    "free bet": BlackjackRules(split_hands=2, dealer_hits_soft_17=True, dealer_22_pushes=True, free_double_totals=frozenset({9, 10, 11}),
                               free_split_values=frozenset(range(9))),
    "free bet, first rules": BlackjackRules(split_hands=2, dealer_hits_soft_17=True, dealer_22_pushes=True,
                                            free_double_totals=frozenset({9, 10, 11}), free_double_any_cards=True,
                                            free_split_values=frozenset(range(9)) - {3}),  # free doubles on any cards, no free 4s
    "spanish 21": BlackjackRules(split_hands=2, dealer_hits_soft_17=True, player_21_wins=True, double_any_cards=True, hit_split_aces=True,
                                 double_rescue=True,
                                 surrender="late", card_bonuses=((5, Fraction(3, 2)),), combination_bonuses=(((5, 6, 7), Fraction(3, 2)),)),
}


# the larger shoe in the slow tier for the plays counted per card seen (CDP, Double Exposure): seconds each on the smaller
TIERED_SHOES = [pytest.param(shoe, marks=[pytest.mark.slow] if name == "five values" else []) for name, shoe in SHOES.items()]


@pytest.mark.parametrize("shoe", SHOES.values(), ids=SHOES.keys())
@pytest.mark.parametrize("rules", RULES.values(), ids=RULES.keys())
def test_every_option_of_every_first_two_cards(rules, shoe):
    """Stand, hit, double, surrender and split, each exactly as the brute force values them, for every up card and every
    first two cards of the shoe; the best option's value is the engine's."""
    play = play_game(rules, Shoe(shoe))
    brute = Brute(rules, shoe)
    for up, upcard in play.upcards.items():
        for hand, root in upcard.roots.items():
            values = hand.values()
            if sorted(values) == [A, T]:
                continue
            expected = brute.root(up, *values)
            if SPLIT in root.options:
                expected[SPLIT] = brute.split(up, values[0], split_strategy(play, up, values[0]))
            assert dict(root.options) == expected, (up, str(hand))


def test_a_resplit_to_three_hands():
    """Resplitting up to three hands: the split's exact value against the brute force playing every sequence."""
    rules = BlackjackRules(split_hands=3, dealer_hits_soft_17=True)
    shoe = (2, 0, 0, 3, 0, 0, 2, 3, 0, 8)  # A A, 4 4 4, 7 7, 8 8 8, eight tens: 122 points
    play = play_game(rules, Shoe(shoe))
    brute = Brute(rules, shoe)
    for up, upcard in play.upcards.items():
        for pair in upcard.splits:
            hand = Hand(tuple(2 * (v == pair) for v in range(10)))
            assert upcard.roots[hand].options[SPLIT] == brute.split(up, pair, split_strategy(play, up, pair)), (up, pair)


@pytest.mark.parametrize("rules", [BlackjackRules(split_hands=1, dealer_hits_soft_17=True, surrender="late"),
                                   BlackjackRules(split_hands=1, dealer_hits_soft_17=True, double_rescue=True)],
                         ids=["H17 late surrender", "H17 double rescue"])
def test_the_ends_of_rounds_played_as_one_hand(rules):
    """How every round not split ends: the engine's chance of each net against the brute force's, exactly."""
    shoe = SHOES["five values"]
    play = play_game(rules, Shoe(shoe))
    brute = Brute(rules, shoe)
    for up, upcard in play.upcards.items():
        for hand, root in upcard.roots.items():
            got: dict[Fraction, Fraction] = {}
            scale = end_scale(rules, shoe)
            for (_, net, _), p in root_ends(upcard, root).items():
                got[Fraction(net, scale)] = got.get(Fraction(net, scale), Fraction(0)) + p
            assert got == brute_ends(brute, up, root, upcard), (up, str(hand))


def brute_ends(brute: Brute, up: int, root: Root, upcard) -> dict[Fraction, Fraction]:
    """The chance of each net of the round, every card dealt in order, the decisions the engine's."""
    table = hand_table()
    rules = brute.rules
    values = tuple(sorted(root.hand.values()))
    rem0 = brute.left(up, values)
    n = sum(rem0)
    out: dict[Fraction, Fraction] = {}

    def add(net: Fraction, p: Fraction) -> None:
        out[net] = out.get(net, Fraction(0)) + p

    def settle(cards: tuple[int, ...], rem: tuple[int, ...], hole: int, stake: int, p: Fraction) -> None:
        if sum(c + 1 for c in cards) > 21:
            add(Fraction(-stake), p)
            return
        for d, q in brute.dealer(rem, tuple(sorted((up, hole)))).items():
            add(brute.pay(cards, d, (stake, 0), stake == 2), p * q)

    def play_on(cards: tuple[int, ...], rem: tuple[int, ...], hole: int, p: Fraction, option: str) -> None:
        if option == "stand" or sum(c + 1 for c in cards) > 21:
            settle(cards, rem, hole, 1, p)
            return
        m = sum(rem)
        for c in range(10):
            if rem[c]:
                after = tuple(x - (w == c) for w, x in enumerate(rem))
                more = tuple(sorted(cards + (c,)))
                if option == "double":
                    index = table.index.get(Hand(tuple(more.count(v) for v in range(10))))
                    if index is not None and upcard.position.rescued(index, ENGINE_OWN, ENGINE_OWN.doubled(False)):
                        add(Fraction(-1), p * Fraction(rem[c], m))  # the double rescued: the original bet lost
                    else:
                        settle(more, after, hole, 2, p * Fraction(rem[c], m))
                elif sum(x + 1 for x in more) > 21:
                    add(Fraction(-1), p * Fraction(rem[c], m))
                else:
                    nxt = upcard.valued[table.index[Hand(tuple(more.count(v) for v in range(10)))]].taken
                    play_on(more, after, hole, p * Fraction(rem[c], m), nxt)

    for h in range(10):
        if not rem0[h]:
            continue
        q = Fraction(rem0[h], n)
        rem = tuple(c - (w == h) for w, c in enumerate(rem0))
        dealer_blackjack = sorted((up, h)) == [A, T]
        if root.taken == "blackjack":
            add(Fraction(0) if dealer_blackjack else rules.blackjack_pays, q)
        elif dealer_blackjack and rules.dealer_peeks:
            add(Fraction(-1), q)
        elif root.taken == "surrender":
            add(Fraction(-1, 2), q)
        else:
            play_on(values, rem, h, q, root.taken)
    return {k: v for k, v in out.items() if v}


@pytest.mark.slow  # a minute: every sequence of up to four hands
def test_a_resplit_to_four_hands():
    """Resplitting up to four hands (pair cards of 2s and aces aplenty): the split's exact value against the brute force."""
    rules = BlackjackRules(split_hands=4, resplit_aces=True, dealer_hits_soft_17=True)
    shoe = (5, 5, 0, 0, 0, 0, 0, 0, 3, 12)  # A x5, 2 x5, 9 x3, ten x12: 162 points
    play = play_game(rules, Shoe(shoe))
    brute = Brute(rules, shoe)
    for up, upcard in play.upcards.items():
        for pair in upcard.splits:
            hand = Hand(tuple(2 * (v == pair) for v in range(10)))
            assert upcard.roots[hand].options[SPLIT] == brute.split(up, pair, split_strategy(play, up, pair)), (up, pair)


@pytest.mark.parametrize("shoe", SHOES.values(), ids=SHOES.keys())
def test_the_best_split_play_never_loses_to_the_unsplit_one(shoe):
    """With two hands at most, CDP1 plays each split hand best for what it can know, so no split is worth less than
    under CDZ- (the same hand played as unsplit); the hands not split are the same under both."""
    best_play, unsplit = (play_game(BlackjackRules(split_hands=2, split_play=p), Shoe(shoe)) for p in ("CDP1", "CDZ-"))
    for up, upcard in best_play.upcards.items():
        for hand, root in upcard.roots.items():
            other = unsplit.upcards[up].roots[hand].options
            assert {o: v for o, v in root.options.items() if o != SPLIT} == {o: v for o, v in other.items() if o != SPLIT}
            if SPLIT in root.options:
                assert root.options[SPLIT] >= other[SPLIT], (up, str(hand))


CDP_RULES = {
    "CDP, peek S17": BlackjackRules(split_hands=2, split_play="CDP"),
    "CDP, H17, hard doubles, no hole card": BlackjackRules(split_hands=2, split_play="CDP", dealer_hits_soft_17=True,
                                                           dealer_peeks=False, double_totals=HARD_TOTALS),
    "CDP, no double after a split, original bet": BlackjackRules(split_hands=2, split_play="CDP", dealer_peeks=False,
                                                                 no_hole_card_takes_all=False, double_after_split=False),
    "CDP, free splits": BlackjackRules(split_hands=2, split_play="CDP", dealer_hits_soft_17=True, dealer_22_pushes=True,
                                       free_double_totals=frozenset({9, 10, 11}), free_split_values=frozenset(range(9))),
}


@pytest.mark.parametrize("shoe", TIERED_SHOES, ids=SHOES.keys())
@pytest.mark.parametrize("rules", CDP_RULES.values(), ids=CDP_RULES.keys())
def test_a_split_played_by_every_card_seen(rules, shoe):
    """CDP: every split's exact value against the brute force dealing every sequence, the first hand played by the engine's
    split strategy and the second by the brute force's own best play given every card seen (the first hand's too)."""
    play = play_game(rules, Shoe(shoe))
    brute = Brute(rules, shoe)
    splits = 0
    for up, upcard in play.upcards.items():
        for pair in upcard.splits:
            hand = Hand(tuple(2 * (v == pair) for v in range(10)))
            strategy = composition_strategy(brute, split_strategy(play, up, pair))
            assert upcard.roots[hand].options[SPLIT] == brute.split(up, pair, strategy), (up, pair)
            splits += 1
    assert splits


@pytest.mark.parametrize("shoe", SHOES.values(), ids=SHOES.keys())
def test_a_split_reading_every_card_never_loses_to_the_pair_cards_alone(shoe):
    """CDP's second hand plays best for more that it knows, its first as CDP1's: no split is worth less than under CDP1,
    one is worth more (the shoes are small enough for the first hand's cards to matter), the rest of the game the same;
    and the round's ends average to the game's expected return."""
    cdp, cdp1 = (play_game(BlackjackRules(split_hands=2, split_play=p), Shoe(shoe)) for p in ("CDP", "CDP1"))
    gained = Fraction(0)
    for up, upcard in cdp.upcards.items():
        for hand, root in upcard.roots.items():
            other = cdp1.upcards[up].roots[hand].options
            assert {o: v for o, v in root.options.items() if o != SPLIT} == {o: v for o, v in other.items() if o != SPLIT}
            if SPLIT in root.options:
                assert root.options[SPLIT] >= other[SPLIT], (up, str(hand))
                gained += root.options[SPLIT] - other[SPLIT]
    assert gained > 0
    ends = cdp.ends
    assert sum((p * ends.net(key) for key, p in ends.chances.items()), ends.split_net) == cdp.expected_return
    assert replay(cdp, cdp.rules).expected_return == cdp.expected_return  # every decision taken again, the second hands' too
    assert linear_ends(cdp, lines_of(cdp.rules)).ends(cdp.rules).split_net == ends.split_net  # the split's net as forms of the pays


EXPOSED_RULES = {
    "double exposure, ties lose, blackjack even money": BlackjackRules(exposed=True, ties_lose=True, dealer_peeks=False, split_hands=2,
                                                                      dealer_hits_soft_17=True, blackjack_pays=Fraction(1)),
    "blackjack ties win, hard 9-11, no DAS": BlackjackRules(exposed=True, ties_lose=True, blackjack_ties_win=True, dealer_peeks=False,
                                                            split_hands=2, double_totals=frozenset({9, 10, 11}), double_after_split=False,
                                                            blackjack_pays=Fraction(1)),
    "hard 9-11 and soft 19-20, stands on soft 17": BlackjackRules(exposed=True, ties_lose=True, blackjack_ties_win=True, dealer_peeks=False,
                                                                split_hands=2, double_totals=frozenset({9, 10, 11}),
                                                                double_soft_totals=frozenset({19, 20}), blackjack_pays=Fraction(1)),
}


@pytest.mark.parametrize("shoe", TIERED_SHOES, ids=SHOES.keys())
@pytest.mark.parametrize("rules", EXPOSED_RULES.values(), ids=EXPOSED_RULES.keys())
def test_double_exposure_against_the_brute_force(rules, shoe):
    """Double Exposure: every option of every first two cards against every up card and hole card shown, the split's
    too, as the brute force values them knowing the hole card; the blackjacks' values; the game's expected return, added
    up both ways; and the round's ends, which add up to it."""
    _exposed_against_the_brute_force(rules, shoe)


DOUBLE_EXPOSURE_FILES = sorted((ROOT / "paytables" / "blackjack").glob("double-exposure-*.yaml"))


@pytest.mark.parametrize("path", DOUBLE_EXPOSURE_FILES, ids=[p.stem for p in DOUBLE_EXPOSURE_FILES])
def test_the_shipped_double_exposure_rules_against_the_brute_force(path):
    """The rules of each shipped Double Exposure file (its published house edge differs: claims/double-exposure.yaml),
    read from the file, dealt from a small shoe: the engine's every option, split and blackjack, and its expected return,
    equal the brute force's (ties lost, a dealer blackjack taking all but a player's, tied blackjacks pushed or paid,
    doubling and splitting as the file limits them), so the gaps are not in how the engine plays these rules."""
    game = load_game(path)
    assert isinstance(game, BlackjackGame) and game.rules.exposed and game.rules.ties_lose
    # two hands at most: a shoe this small could run out in a round of more (the Stratosphere's four: the slow test below)
    _exposed_against_the_brute_force(replace(game.rules, split_hands=min(game.rules.split_hands, 2)), SHOES["few values"])


@pytest.mark.slow
def test_the_stratosphere_resplits_to_four_hands_against_the_brute_force():
    """The Stratosphere's rules as its file reads them, splits to four hands: every option and split of a shoe of
    eights enough to make four hands equals the brute force's."""
    game = load_game(ROOT / "paytables" / "blackjack" / "double-exposure-stratosphere.yaml")
    assert isinstance(game, BlackjackGame) and game.rules.split_hands == 4
    _exposed_against_the_brute_force(game.rules, (2, 0, 0, 3, 0, 0, 0, 4, 0, 11))  # A A, 4 4 4, 8 8 8 8, eleven tens: 156 points


def _exposed_against_the_brute_force(rules: BlackjackRules, shoe: tuple[int, ...]) -> None:
    play = play_exposed(rules, Shoe(shoe))
    total = Fraction(0)
    for key, upcard in play.upcards.items():
        up, shown = divmod(key, 10)
        brute = ExposedBrute(rules, shoe, shown)
        for hand, root in upcard.roots.items():
            values = tuple(sorted(hand.values()))
            dealer_natural = sorted((up, shown)) == [A, T]
            if values == (A, T):
                expected = {"blackjack": rules.blackjack_pays if not dealer_natural or rules.blackjack_ties_win else Fraction(0)}
            else:
                expected = brute.root(up, *values)
                if SPLIT in root.options and not dealer_natural:
                    expected[SPLIT] = brute.split(up, values[0], split_strategy(play, key, values[0]))
            got = dict(root.options)
            if dealer_natural and values != (A, T):
                got = {o: v for o, v in got.items() if o == root.taken}
                assert root.taken == "stand"
            assert got == expected, (up, shown, str(hand))
            total += root.chance * max(expected.values())
    assert total == play.expected_return
    ends = play.ends
    assert sum((p * ends.net(k) for k, p in ends.chances.items()), ends.split_net) == play.expected_return
    assert sum(ends.chances.values(), ends.split_chance) == 1


@pytest.mark.slow  # a quarter of a minute; the two-hand splits of Double Exposure are checked in the default tier
def test_double_exposure_resplits_to_three_hands():
    """Double Exposure with resplitting up to three hands: every split's exact value, under every up card and hole card
    shown, against the brute force playing every sequence with the hole card in view."""
    rules = BlackjackRules(exposed=True, ties_lose=True, blackjack_ties_win=True, dealer_peeks=False, split_hands=3,
                           dealer_hits_soft_17=True, double_totals=frozenset({9, 10, 11}), blackjack_pays=Fraction(1))
    shoe = (2, 0, 0, 3, 0, 0, 2, 3, 0, 8)  # A A, 4 4 4, 7 7, 8 8 8, eight tens: 122 points
    play = play_exposed(rules, Shoe(shoe))
    splits = 0
    for key, upcard in play.upcards.items():
        up, shown = divmod(key, 10)
        brute = ExposedBrute(rules, shoe, shown)
        for pair in upcard.splits:
            if sorted((up, shown)) == [A, T]:
                continue  # a dealer blackjack in view: the round is over before any split
            hand = Hand(tuple(2 * (v == pair) for v in range(10)))
            assert upcard.roots[hand].options[SPLIT] == brute.split(up, pair, split_strategy(play, key, pair)), (up, shown, pair)
            splits += 1
    assert splits
