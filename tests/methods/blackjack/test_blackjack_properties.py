"""Properties of the blackjack engine on shoes hypothesis draws: the compiled dealer count against its plain recursion,
every round's chances adding to one with the exact average, the best option taken everywhere, an option added never
lowering the optimal return, the basic strategy never beating the optimal one, and the brute force of
:mod:`test_blackjack_brute_force` agreeing on random shoes, a split hand's ends followed as the engine follows them
against a plain walk, and the compiled hands' kernel against the Python walk (every option of every hand, every
choice), Spanish 21's bonuses, double rescue and split aces that may not draw included."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from casino_math.count_cache import disabled
from casino_math.methods.blackjack.basic import BasicStrategy, basic_strategy
from casino_math.methods.blackjack.choices import DOUBLE, HIT, STAND, Given, best
from casino_math.methods.blackjack.compiled_values import python_walk
from casino_math.methods.blackjack.dealer import dealer_ways, reference_ways
from casino_math.methods.blackjack.dealer_kernel import BLOCK
from casino_math.methods.blackjack.rounds import SPLIT, pays_scale, play_game, replay
from casino_math.methods.blackjack.compiled_splits import follow
from casino_math.methods.blackjack.split_ends import _leaf_terms, _Walk
from casino_math.methods.blackjack.splits import Split
from casino_math.methods.blackjack.hands import hand_table
from casino_math.methods.blackjack.rules import BlackjackRules, Shoe
from casino_math.analysis import load_game
from casino_math.methods.blackjack.nets import Stakes
from casino_math.held import forget_all
from casino_math.methods.blackjack.values import dealer_counts, decided, plan_codes, value_hands_compiled
from tests.references.blackjack_brute_force import A, T, Brute, split_strategy
from tests.helpers.paths import ROOT

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def rules_strategy(most_hands: int = 2) -> st.SearchStrategy[BlackjackRules]:
    return st.builds(
        BlackjackRules,
        dealer_hits_soft_17=st.booleans(),
        dealer_peeks=st.booleans(),
        no_hole_card_takes_all=st.booleans(),
        double_totals=st.sampled_from([None, frozenset({9, 10, 11}), frozenset({10, 11})]),
        double_after_split=st.booleans(),
        split_hands=st.integers(1, most_hands),
        surrender=st.sampled_from(["none", "late", "early"]),
    )


def shoes(least_points: int) -> st.SearchStrategy[tuple[int, ...]]:
    """Small shoes (up to 3 cards of a value, up to 8 tens) worth more than ``least_points``."""
    counts = st.tuples(*(st.integers(0, 3) for _ in range(9)), st.integers(2, 8))
    return counts.filter(lambda c: sum((v + 1) * n for v, n in enumerate(c)) > least_points and sum(c) >= 6)


@SETTINGS
@given(left=st.tuples(*(st.integers(0, 5) for _ in range(10))), up=st.integers(0, 9), hits=st.booleans(), peeks=st.booleans())
def test_the_compiled_dealer_count_is_the_plain_recursion(left, up, hits, peeks):
    rules = BlackjackRules(dealer_hits_soft_17=hits, dealer_peeks=peeks)
    rows, totals = dealer_ways(np.array([left]), up, rules)
    assert (rows[0], totals[0]) == reference_ways(left, up, rules)


@SETTINGS
@given(lefts=st.lists(st.tuples(*(st.integers(0, 3) for _ in range(10))), min_size=BLOCK + 1, max_size=2 * BLOCK + 5),
       up=st.integers(0, 9), hits=st.booleans())
def test_shoes_counted_together_are_each_counted_alone(lefts, up, hits):
    """The kernel walks the shoes a block at a time (a last block part full, shoes short of a card a node drew):
    each shoe's counts as the plain recursion gives them alone."""
    rules = BlackjackRules(dealer_hits_soft_17=hits)
    rows, totals = dealer_ways(np.array(lefts), up, rules)
    assert list(zip(rows, totals)) == [reference_ways(left, up, rules) for left in lefts]


@SETTINGS
@given(rules=rules_strategy(), counts=shoes(31 * 2 + 26))
def test_rounds_add_up_and_the_best_option_is_taken(rules, counts):
    play = play_game(rules, Shoe(counts))
    ends = play.ends
    exact = ends.on_grid()  # split rounds' spread rounded to the grid, their total chance and average kept exact
    assert sum(exact.values()) == 1
    assert sum((p * ends.net(k) for k, p in exact.items()), Fraction(0)) == play.expected_return
    for upcard in play.upcards.values():
        for root in upcard.roots.values():
            assert root.ev == max(root.options.values())
        for valued in upcard.valued.values():
            assert valued.value == max(valued.options.values())


@SETTINGS
@given(rules=rules_strategy(), counts=shoes(31 * 2 + 26))
def test_an_option_more_never_costs_the_player(rules, counts):
    shoe = Shoe(counts)
    base = play_game(rules, shoe).expected_return
    surrender = BlackjackRules(**{**rules.__dict__, "surrender": "early"})
    better_pay = BlackjackRules(**{**rules.__dict__, "blackjack_pays": rules.blackjack_pays + 1})
    assert play_game(surrender, shoe).expected_return >= base
    assert play_game(better_pay, shoe).expected_return >= base


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rules_strategy(), counts=shoes(31 * 2 + 26))
def test_basic_strategy_never_beats_the_optimal_one(rules, counts):
    shoe = Shoe(counts)
    optimal = play_game(rules, shoe)
    _, basic, _ = basic_strategy(rules, shoe, optimal)
    assert basic.expected_return <= optimal.expected_return


@pytest.mark.slow  # minutes: the brute force deals every sequence of shoes with many values
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rules_strategy(), counts=shoes(31 * 2 + 26))
def test_the_brute_force_agrees_on_random_shoes(rules, counts):
    play = play_game(rules, Shoe(counts))
    brute = Brute(rules, counts)
    for up, upcard in play.upcards.items():
        for hand, root in upcard.roots.items():
            values = hand.values()
            if sorted(values) == [A, T]:
                continue
            expected = brute.root(up, *values)
            if SPLIT in root.options:
                expected[SPLIT] = brute.split(up, values[0], split_strategy(play, up, values[0]))
            assert dict(root.options) == expected, (up, str(hand))


def test_a_split_hand_hit_where_every_card_busts_ends_in_the_round():
    """The basic strategy (by totals) hits split hands that, on this small shoe, bust with any card: the hand holds more
    cards than any the deals were counted over, and its ends still add to one with the exact average (found by
    hypothesis: the count of the dealer's draws past the deals once raised an error)."""
    rules = BlackjackRules(dealer_hits_soft_17=False, dealer_peeks=False, split_hands=2, surrender="none")
    shoe = Shoe((2, 1, 3, 2, 3, 3, 0, 1, 2, 4))
    _, basic, _ = basic_strategy(rules, shoe, play_game(rules, shoe))
    exact = basic.ends.on_grid()
    assert sum(exact.values()) == 1
    assert sum((p * basic.ends.net(k) for k, p in exact.items()), Fraction(0)) == basic.expected_return


@pytest.mark.slow  # half a minute: the kept positions are checked in the default tier by the replay tests
@SETTINGS
@given(rules=rules_strategy(), counts=shoes(31 * 3 + 26), surrender=st.sampled_from(["none", "late", "early"]),
       pays=st.sampled_from([Fraction(3, 2), Fraction(6, 5), Fraction(1)]), split_hands=st.integers(1, 3))
def test_plays_kept_in_shared_positions_count_as_if_alone(rules, counts, surrender, pays, split_hands):
    """A game whose hands play like one counted before (only surrender, the blackjack's pay or the split limit differ) is
    solved on the positions that game left in memory, with the plays solved in them (:func:`~casino_math.methods.blackjack.
    values.hand_rules`): every option of every round, every end and the basic strategy are what the game gives counted
    alone, from nothing in memory; and the basic strategy played from nothing in memory returns what it returned played
    after the optimal strategy, on the positions that one solved."""
    from dataclasses import replace

    from casino_math.methods.blackjack.basic import play_by
    from casino_math.methods.blackjack.values import hand_rules

    other = replace(rules, surrender=surrender, blackjack_pays=pays, split_hands=split_hands)
    assert hand_rules(other) == hand_rules(rules)
    shoe = Shoe(counts)

    def counted(rules: BlackjackRules) -> tuple:
        play = play_game(rules, shoe)
        strategy, basic, _ = basic_strategy(rules, shoe, play)
        roots = {(up, hand): (dict(root.options), root.taken) for up, u in play.upcards.items() for hand, root in u.roots.items()}
        return (roots, dict(play.ends.chances), play.ends.split, play.ends.split_net, basic.expected_return,
                dict(basic.ends.chances), strategy)

    forget_all()
    alone = counted(other)
    forget_all()
    counted(rules)
    assert counted(other) == alone
    forget_all()
    assert play_by(alone[-1], shoe).expected_return == alone[-3]


def _solved_both_ways(position, stakes, choose, first=None):
    compiled = position.value_hands(stakes, choose, first)
    plain = position.value_hands(stakes, choose, first, compiled=False)
    return compiled, plain


@SETTINGS
@given(rules=st.builds(BlackjackRules, dealer_hits_soft_17=st.booleans(), dealer_peeks=st.booleans(),
                       no_hole_card_takes_all=st.booleans(), double_after_split=st.booleans(),
                       double_totals=st.sampled_from([None, frozenset({9, 10, 11})]), double_any_cards=st.booleans(),
                       dealer_22_pushes=st.booleans(), free_double_totals=st.sampled_from([frozenset(), frozenset({9, 10, 11})])),
       counts=shoes(31 * 2 + 26), up=st.integers(0, 9), pair=st.integers(0, 9),
       stakes=st.sampled_from([Stakes(1, 0), Stakes(0, 1), Stakes(2, 1)]), seed=st.randoms(use_true_random=False))
def test_the_compiled_hands_are_the_plain_walk(rules, counts, up, pair, stakes, seed):
    """Every option of every hand and every choice, by the kernel over residues and by the walk over whole numbers: the
    best play, a strategy given hand by hand (split hands with more pair cards out), and a chart's order of options."""
    if counts[up] == 0:
        return
    left = tuple(c - (v == up) for v, c in enumerate(counts))
    dealer = dealer_counts(rules, up, counts)
    position = dealer.position(left)
    compiled, plain = _solved_both_ways(position, stakes, best)
    assert compiled == plain and [v.taken for v in compiled.values()] == [v.taken for v in plain.values()]
    table = hand_table()
    keys = {("soft" if table.soft[h] else "hard", table.total[h], table.cards[h] == 2) for h in compiled}
    orders = {(up, key): tuple(seed.sample([STAND, HIT, DOUBLE, SPLIT], 3)) for key in sorted(keys)}
    chart = BasicStrategy(rules, orders)
    for split in (False, True):
        compiled, plain = _solved_both_ways(position, stakes, chart.hand_chooser(up, split))
        assert compiled == plain
    if left[pair] >= 2:
        holding = tuple(c - (v == pair) for v, c in enumerate(left))
        split = dealer.position(holding, split=True, holding=pair)
        compiled, plain = _solved_both_ways(split, stakes, best, pair)
        assert compiled == plain
        strategy = {h: v.taken for h, v in compiled.items()}
        read = decided(compiled)  # the split strategy as the engine keeps it: read off the kernel's codes
        assert read == strategy and np.array_equal(plan_codes(read), plan_codes(strategy))
        more = tuple(c - (v == pair) for v, c in enumerate(holding))
        if more[pair] >= 1:
            compiled, plain = _solved_both_ways(dealer.position(more, split=True, holding=pair), stakes, strategy, pair)
            assert compiled == plain
            by_codes = dealer.position(more, split=True, holding=pair, scale=2).value_hands(stakes, read, pair)
            assert {h: (v.ev(), v.taken) for h, v in by_codes.items()} == {h: (v.ev(), v.taken) for h, v in plain.items()}


def test_the_compiled_hands_of_six_decks_are_the_plain_walk():
    """A real shoe: values of some 250 bits, six primes."""
    rules, shoe = BlackjackRules(dealer_hits_soft_17=True), Shoe.of_decks(6).counts
    left = tuple(c - (v == 5) for v, c in enumerate(shoe))
    with disabled():
        position = dealer_counts(rules, 5, shoe).position(left)
        compiled, plain = _solved_both_ways(position, Stakes(1, 0), best)
        forget_all()
    assert compiled == plain and len(compiled) == 3072


def _one_by_one(walk, starts):
    """A split hand's ends followed from each second card alone, one after the other, into one dict: the plain walk the
    engine's (all second cards at once, each end priced once, :class:`~.split_ends._Walk`) must equal, order included."""
    table, position, valued = hand_table(), walk.position, walk.valued
    out = defaultdict(int)
    for start, ways in starts:
        seen, frontier = {start}, [start]
        while frontier:
            hand = frontier.pop()
            if valued[hand].taken not in (STAND, DOUBLE):
                for v, child in enumerate(table.child[hand]):
                    if child >= 0 and position.shoes[hand][v] and child not in seen:
                        seen.add(child)
                        frontier.append(child)
        weights = {start: ways}
        for hand in sorted(seen, reverse=True):  # the smaller hands first
            w, rest, taken = weights[hand], walk.h1 - (table.cards[hand] - 1), valued[hand].taken
            ends = [(hand, None, walk.stakes, False, rest, w)] if taken == STAND else []
            if taken != STAND:
                doubled = walk.stakes.doubled(position.rules.free_double(table.total[hand], table.soft[hand]))
                for v, child in enumerate(table.child[hand]):
                    count = position.shoes[hand][v]
                    if count and taken == DOUBLE:
                        ends.append((child if child >= 0 else hand, None if child >= 0 else v, doubled, True, rest - 1, w * count))
                    elif count and child >= 0:
                        weights[child] = weights.get(child, 0) + w * count
                    elif count:
                        ends.append((hand, v, walk.stakes, False, rest - 1, w * count))
            for leaf, bust, stakes, doubled, cards_counted, ways_in in ends:
                keys, terms = _leaf_terms(position, leaf, bust, stakes, doubled, cards_counted, walk.factor)
                for key, term in zip(keys, terms):
                    out[key] += ways_in * term
    return dict(out)


@pytest.mark.slow  # a quarter of a minute; the brute force's resplit to three hands checks split ends in the default tier
@SETTINGS
@given(rules=rules_strategy(4), counts=shoes(31 * 4 + 26))
@example(rules=BlackjackRules(dealer_hits_soft_17=False, dealer_peeks=False, no_hole_card_takes_all=False,
                              double_after_split=False, split_hands=4), counts=(3, 2, 1, 0, 0, 3, 0, 2, 3, 8))
def test_a_split_hands_ends_followed_at_once_are_those_followed_one_by_one(rules, counts):
    """Every split hand's chances of each end, and the order its ends are met in (the order the rounds' floating-point
    spread adds them up in, so the printed figures depend on it): all second cards followed at once, as the engine does
    in Python and in its compiled kernel, and each alone, one after the other. The example (found by hypothesis): split
    6s against an ace, a hand of six cards on 15 with only 8s, 9s and tens left, where standing loses as surely as
    hitting, is hit; its busts are parts of a deal, which the kernel once declined to follow."""
    play = play_game(rules, Shoe(counts))
    for upcard in play.upcards.values():
        for pair, split in upcard.splits.items():
            for (_, stakes), values in list(split._values.items()):
                for walk, starts in _split_walks(values, pair, stakes):
                    alone = list(_one_by_one(walk, starts).items())
                    assert list(walk.follow(starts).items()) == alone
                    assert list(follow(walk.position, walk.valued, stakes, walk.h1, 1, starts).items()) == alone


def _split_walks(values, pair, stakes, factor=1):
    """The walks of a split hand's ends (:class:`~.split_ends._Walk`), from second cards not of the pair and of it."""
    table = hand_table()
    one = min(values.hands, key=lambda h: table.cards[h])
    shoe = values.position.shoes[one]
    for pairs in (False, True):
        starts = [(table.child[one][v], shoe[v]) for v in range(len(shoe)) if shoe[v] and (v == pair) == pairs]
        yield _Walk(values.position, values.hands, stakes, values.position.horizon(1)[1], factor), starts


@pytest.mark.parametrize("rules, up, pair, stakes", [
    (BlackjackRules(dealer_hits_soft_17=True), 5, 7, Stakes(1, 0)),
    (BlackjackRules(dealer_hits_soft_17=True), A, A, Stakes(1, 0)),
    (BlackjackRules(dealer_hits_soft_17=True, dealer_peeks=False, no_hole_card_takes_all=True), T, 1, Stakes(1, 0)),
    (BlackjackRules(dealer_hits_soft_17=True, dealer_22_pushes=True, free_split_values=frozenset(range(9))), 3, 7,
     Stakes(0, 1)),
])
def test_the_compiled_split_ends_of_six_decks_are_the_python_walk(rules, up, pair, stakes):
    """A real shoe, chances of some 250 bits and five primes: a split hand's ends by the kernel and walked in Python, every
    chance and their order, with the pair's two cards out and with two more (scaled: a round's scale of 2)."""
    shoe = Shoe.of_decks(6).counts
    left = tuple(c - (v == up) for v, c in enumerate(shoe))
    with disabled():
        split = Split(rules, up, left, pair, dealer_counts(rules, up, shoe))
        for more in (0, 2):
            values = split.hands_at(more, stakes)
            for walk, starts in _split_walks(values, pair, stakes, factor=2):
                compiled = follow(walk.position, walk.valued, stakes, walk.h1, 2, starts)
                assert compiled
                assert list(compiled.items()) == list(walk.follow(starts).items())
        forget_all()


@pytest.mark.parametrize("pair", [1, 6])
def test_the_compiled_split_ends_of_spanish_21_are_the_python_walk(pair):
    """Spanish 21's six decks of 48 cards, its wins of 21 paid by their cards (five cards or more) and by their suits (a
    6-7-8 by its suits: chances that are fractions): split 2s and split 7s against a 6, by the kernel and in Python."""
    game = load_game(ROOT / "paytables" / "blackjack" / "spanish-21.yaml")
    rules, shoe, up = game.rules, game.shoe.counts, 5
    left = tuple(c - (v == up) for v, c in enumerate(shoe))
    with disabled():
        split = Split(rules, up, left, pair, dealer_counts(rules, up, shoe))
        split.scale = pays_scale(rules, shoe)
        values = split.hands_at(0, Stakes(1, 0))
        paid = set()
        for walk, starts in _split_walks(values, pair, Stakes(1, 0), factor=2):
            compiled = follow(walk.position, walk.valued, Stakes(1, 0), walk.h1, 2, starts)
            assert compiled and list(compiled.items()) == list(walk.follow(starts).items())
            paid |= {Fraction(net, 2 * split.scale) for net, _, _ in compiled}
        assert paid >= {Fraction(3, 2), 2, 3}  # a 21 of five cards or of 6-7-8 of mixed suits, of six cards, of seven
        forget_all()


def test_too_few_primes_for_a_split_hands_chances_are_seen(monkeypatch):
    """The bound the kernel's primes are chosen by is what makes its chances exact: with one prime (53 bits) for six decks'
    chances of some 250 bits, the rebuilt chances fall out of their bounds and the kernel says so rather than return them."""
    import casino_math.methods.blackjack.compiled_splits as compiled_splits

    rules, up, pair = BlackjackRules(dealer_hits_soft_17=True), 5, 7
    shoe = Shoe.of_decks(6).counts
    left = tuple(c - (v == up) for v, c in enumerate(shoe))
    with disabled():
        values = Split(rules, up, left, pair, dealer_counts(rules, up, shoe)).hands_at(0, Stakes(1, 0))
        walk, starts = next(_split_walks(values, pair, Stakes(1, 0), factor=3))  # a factor no other test uses: no frame kept
        monkeypatch.setattr(compiled_splits, "primes_for", lambda bound: 1)
        with pytest.raises(ArithmeticError, match="more primes"):
            follow(walk.position, walk.valued, Stakes(1, 0), walk.h1, 3, starts)
        forget_all()


def _parts_of_a_deal(walk, starts):
    """How many ends of a split hand's walk are parts of a deal: a hand hit past the horizon, the dealer's draws reaching
    past the cards its deals count (:func:`~.split_ends._leaf_terms`)."""
    position, found = walk.position, 0
    for hand in walk.reached(dict(starts)):
        for (end, bust, _, _, rest), _ in walk.events(hand)[0]:
            found += rest < min(position.dealer.longest, sum(position.shoes[end]) - (bust is not None))
    return found


def test_a_split_hand_hit_past_the_horizon_is_followed_by_the_kernel():
    """The hands of :func:`test_a_split_hand_hit_where_every_card_busts_ends_in_the_round`: where the basic strategy hits
    a split hand that busts with any card, its ends are parts of a deal, which the kernel follows as the Python walk does
    (once left to the Python walk), as it does every other split hand's ends."""
    rules = BlackjackRules(dealer_hits_soft_17=False, dealer_peeks=False, split_hands=2, surrender="none")
    shoe = Shoe((2, 1, 3, 2, 3, 3, 0, 1, 2, 4))
    play = play_game(rules, shoe)
    _, basic, _ = basic_strategy(rules, shoe, play)
    _ = basic.ends
    with_parts = followed = 0
    for upcard in basic.upcards.values():
        for pair, split in upcard.splits.items():
            for (_, stakes), values in list(split._values.items()):
                for walk, starts in _split_walks(values, pair, stakes):
                    compiled = follow(walk.position, walk.valued, stakes, walk.h1, 1, starts)
                    assert compiled is not None and list(compiled.items()) == list(walk.follow(starts).items())
                    with_parts += _parts_of_a_deal(walk, starts) > 0
                    followed += 1
    assert with_parts and followed > with_parts


def _kernel_and_walk(position, stakes, choose, first=None):
    """A position's hands by the kernel (which must take them: None would be the Python walk's fallback) and by the
    Python walk: every option of every hand and every choice equal."""
    plan = choose if isinstance(choose, dict) else None
    chooser = best if plan is not None else choose
    hands = position.reached(plan, first) if plan is not None else position.dealt
    position.count_dealer(hands, plan)
    compiled = value_hands_compiled(position, stakes, plan, chooser, first, hands)
    assert compiled is not None
    plain = position.value_hands_plain(stakes, plan, chooser, first, hands)
    assert compiled == plain and [v.taken for v in compiled.values()] == [v.taken for v in plain.values()]
    return compiled


F = Fraction
SPANISH_PAYS = {"card_bonuses": ((7, F(3)), (6, F(2)), (5, F(3, 2))),
                "combination_bonuses": (((5, 6, 7), F(3, 2)), ((6, 6, 6), F(3, 2))),
                "suit_bonuses": (((5, 6, 7), "suited", F(2)), ((5, 6, 7), "spades", F(3)), ((6, 6, 6), "suited", F(2)))}


def bonus_shoes() -> st.SearchStrategy[tuple[int, ...]]:
    """Small shoes whose sixes, sevens and eights come in whole decks (their suits pay), worth more than two hands need."""
    counts = st.tuples(*(st.integers(0, 3) for _ in range(5)), *(st.sampled_from([4, 8]) for _ in range(3)), st.integers(0, 3),
                       st.integers(2, 8))
    return counts.filter(lambda c: sum((v + 1) * n for v, n in enumerate(c)) > 31 * 2 + 26)


@SETTINGS
@given(rules=st.builds(BlackjackRules, dealer_hits_soft_17=st.booleans(), dealer_peeks=st.booleans(),
                       no_hole_card_takes_all=st.booleans(), double_any_cards=st.booleans(), double_rescue=st.booleans(),
                       hit_split_aces=st.booleans(), player_21_wins=st.booleans(), dealer_22_pushes=st.booleans(),
                       free_double_totals=st.sampled_from([frozenset(), frozenset({9, 10, 11})])),
       pays=st.sampled_from([SPANISH_PAYS, {"card_bonuses": ((5, F(3, 2)),)}, {}]),
       counts=bonus_shoes(), up=st.integers(0, 9), pair=st.sampled_from([0, 0, 5, 6]),
       stakes=st.sampled_from([Stakes(1, 0), Stakes(0, 1), Stakes(2, 1)]), seed=st.randoms(use_true_random=False))
def test_the_compiled_hands_are_the_plain_walk_with_bonuses_rescue_and_split_aces(rules, pays, counts, up, pair, stakes, seed):
    """Spanish 21's rules in the kernel against the Python walk, every option and every choice: a 21's bonuses by its
    cards (five cards and more, 6-7-8 and 7-7-7 by their suits, averaged exactly), a double's rescue (a choice within the
    double), split aces that may not draw (and may), free doubles; the best play, a chart's order, choices given hand by
    hand (a replay), split hands and a strategy given hand by hand on them."""
    if counts[up] == 0:
        return
    rules = BlackjackRules(**{**rules.__dict__, **pays})
    scale = pays_scale(rules, counts)
    left = tuple(c - (v == up) for v, c in enumerate(counts))
    dealer = dealer_counts(rules, up, counts)
    position = dealer.position(left, scale=scale)
    valued = _kernel_and_walk(position, stakes, best)
    _kernel_and_walk(position, stakes, Given({h: seed.choice(sorted(v.options)) for h, v in valued.items()}))
    table = hand_table()
    keys = {("soft" if table.soft[h] else "hard", table.total[h], table.cards[h] == 2) for h in valued}
    chart = BasicStrategy(rules, {(up, key): tuple(seed.sample([STAND, HIT, DOUBLE, SPLIT], 3)) for key in sorted(keys)})
    _kernel_and_walk(position, stakes, chart.hand_chooser(up))
    if left[pair] >= 2:
        holding = tuple(c - (v == pair) for v, c in enumerate(left))
        split = dealer.position(holding, split=True, holding=pair, scale=scale)
        valued = _kernel_and_walk(split, stakes, best, pair)
        if pair == 0 and not rules.hit_split_aces:  # one card each: two cards stand, none more are valued
            assert {table.cards[h] for h in valued} == {1, 2} and all(v.taken == STAND for h, v in valued.items() if table.cards[h] == 2)
        _kernel_and_walk(split, stakes, chart.hand_chooser(up, split=True), pair)
        more = tuple(c - (v == pair) for v, c in enumerate(holding))
        if more[pair] >= 1:
            strategy = {h: v.taken for h, v in valued.items()}
            _kernel_and_walk(dealer.position(more, split=True, holding=pair, scale=scale), stakes, strategy, pair)


def test_the_compiled_hands_of_spanish_21_are_the_plain_walk():
    """A real Spanish 21 position (six Spanish decks, a ten up): every hand's options and choice by the kernel and by the
    walk, the bonuses paid and doubles rescued in it (so that both are tested, not assumed); and split aces' hands with
    aces taking one card."""
    game = load_game("paytables/blackjack/spanish-21.yaml")
    rules, shoe = game.rules, game.shoe.counts
    up = T
    left = tuple(c - (v == up) for v, c in enumerate(shoe))
    table = hand_table()
    with disabled():
        dealer = dealer_counts(rules, up, shoe)
        position = dealer.position(left, scale=pays_scale(rules, shoe))
        valued = _kernel_and_walk(position, Stakes(1, 0), best)
        doubled = [h for h, v in valued.items() if DOUBLE in v.options]
        assert any(position.rescued(c, Stakes(1, 0), Stakes(2, 0)) for h in doubled for c in table.child[h] if c >= 0)
        assert any(position.win_amount(h, False) == F(3, 2) for h in valued if table.cards[h] == 5)
        holding = tuple(c - (v == 0) for v, c in enumerate(left))
        one_card = BlackjackRules(**{**rules.__dict__, "hit_split_aces": False})
        aces = dealer_counts(one_card, up, shoe).position(holding, split=True, holding=0, scale=pays_scale(rules, shoe))
        _kernel_and_walk(aces, Stakes(1, 0), best, 0)
        forget_all()
    assert len(valued) > 3000


def test_a_replay_by_the_kernel_is_the_replay_walked_in_python():
    """A strategy's decisions replayed at other pays (five-card 21 at 2 to 1, 6-7-8 at 5 to 1) on a small Spanish shoe:
    every hand's options, the rounds' options and ends, by the kernel (choices given hand by hand) and walked in Python."""
    rules = BlackjackRules(dealer_hits_soft_17=True, double_any_cards=True, double_rescue=True, hit_split_aces=True,
                           player_21_wins=True, split_hands=2, **SPANISH_PAYS)
    shoe = Shoe((3, 2, 2, 3, 2, 8, 8, 8, 2, 8))
    play = play_game(rules, shoe)
    other = BlackjackRules(**{**rules.__dict__, "card_bonuses": ((7, F(3)), (6, F(2)), (5, F(2))),
                              "combination_bonuses": (((5, 6, 7), F(5)), ((6, 6, 6), F(3, 2)))})
    compiled = replay(play, other)
    with python_walk():
        walked = replay(play, other)
    assert compiled.expected_return == walked.expected_return != play.expected_return
    assert dict(compiled.ends.chances) == dict(walked.ends.chances)
    for up, upcard in compiled.upcards.items():
        assert upcard.valued == walked.upcards[up].valued
        assert {h: r.options for h, r in upcard.roots.items()} == {h: r.options for h, r in walked.upcards[up].roots.items()}

