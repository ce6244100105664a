"""Pai Gow Poker: the house way's transcription against the published text, the exact count against a brute force,
the side bets against the Wizard of Odds' counts, and the game file's errors."""

from __future__ import annotations

import functools
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from casino_math.errors import InputError
from casino_math.analysis import analyze
from casino_math.analysis import load_game
from casino_math.methods.pai_gow.counting import count
from casino_math.methods.pai_gow.game_file import TINY, load_pai_gow_text
from tests.helpers.paths import ROOT

FOXWOODS = "paytables/pai_gow_poker/foxwoods.yaml"
SMALL = "tests/games/pai-gow-small.yaml"


@pytest.fixture(scope="module")
def foxwoods():
    return load_game(FOXWOODS).house_way


@functools.cache
def small():
    """The 17-card game analysed once for the module: its per-hand counts are the solution's detail."""
    return analyze(SMALL)


# Each published line of the Foxwoods house way, a hand it speaks of, and the setting the line gives (high | low).
FOXWOODS_EXAMPLES = [
    ("Ah Kd 9c 7s 5h 3d 2c", "Ah 7s 5h 3d 2c", "Kd 9c", "No Pair"),
    ("8h 8d Kc Js 5h 3d 2c", "8d 8h 5h 3d 2c", "Kc Js", "One Pair"),
    ("Kh Kd 4c 4s Ah 9d 2c", "Ah Kd Kh 9d 2c", "4c 4s", "Big Pair is Aces, Kings, Queens, Jacks"),
    ("Ts Td 4c 4h Ad 9c 2s", "Td Ts 4c 4h 2s", "Ad 9c", "Big Pair is 10s, 9s, 8s, 7s"),
    ("Ts Td 4c 4h Kd 9c 2s", "Kd Td Ts 9c 2s", "4c 4h", "Big Pair is 10s, 9s, 8s, 7s"),
    ("6s 6d 4c 4h Kd 9c 2s", "6d 6s 4c 4h 2s", "Kd 9c", "Big Pair is 6s, 5s, 4s, 3s"),
    ("6s 6d 4c 4h Qd 9c 2s", "Qd 6d 6s 9c 2s", "4c 4h", "Big Pair is 6s, 5s, 4s, 3s"),
    ("Qs Qd 9c 9h 4d 4c 2s", "9c 9h 4c 4d 2s", "Qd Qs", "Three Pair"),
    ("As Ad Ac Kd 9h 5c 2s", "Ad As 9h 5c 2s", "Ac Kd", "Three of a Kind: Aces"),
    ("8s 8d 8c Kd 9h 5c 2s", "8c 8d 8s 5c 2s", "Kd 9h", "Kings and below"),
    ("9s 9d 9c 5d 5h 5c 2s", "5c 5d 5h 9s 2s", "9c 9d", "Two Sets"),
    ("Ah Qd 9c 8s 7h 6d 5c", "9c 8s 7h 6d 5c", "Ah Qd", "With No Pair"),
    ("Kh Kd Ah Qs Jc Ts 3d", "Kd Kh Jc Ts 3d", "Ah Qs", "Exception"),
    ("Kh Kd Ah Qs Jc Ts 9d", "Kh Qs Jc Ts 9d", "Ah Kd", "Exception"),
    # read as written: the straight kept, the front would be A-T; the pair in back gives A-J, "improved", so the
    # straight is given up (the optimal setting keeps it: the largest cost of one pair with a straight)
    ("As Jh Td Tc 9d 8c 7s", "Tc Td 9d 8c 7s", "As Jh", "Exception"),
    ("8h 8d 9c 7s 6h 5d 2c", "9c 8h 7s 6h 5d", "8d 2c", "With One Pair"),
    ("5s 5d 5c 6d 7h 8c 9s", "9s 8c 7h 6d 5s", "5c 5d", "With Three of a Kind"),
    ("Ks Kd Kc 4d 4h Ac 2s", "Kc Kd Ks Ac 2s", "4d 4h", "Full House"),
    ("7h 7d 7c 7s Kd 3c 2h", "7c 7d 7h 7s 2h", "Kd 3c", "10s, 9s, 8s, 7s"),
    ("7h 7d 7c 7s Qd 3c 2h", "Qd 7h 7s 3c 2h", "7c 7d", "10s, 9s, 8s, 7s"),
    ("Qh Qd Qc Qs 9d 3c 2h", "Qh Qs 9d 3c 2h", "Qc Qd", "Aces, Kings, Queens, Jacks"),
    ("5h 5d 5c 5s Ad 3c 2h", "5c 5d 5h 5s 2h", "Ad 3c", "6s and below"),
    ("5h 5d 5c 5s Ad Ac 2h", "5c 5d 5h 5s 2h", "Ac Ad", "Four of a Kind with a Pair"),
    ("Jk Ah Ad Ac As Kd Kh", "Ac Ad Ah As Jk", "Kd Kh", "Five Aces"),
    ("Jk Ah Ad Ac As Qd 2h", "Ah As Jk Qd 2h", "Ac Ad", "Five Aces"),
]


@pytest.mark.parametrize("cards,high,low,line", FOXWOODS_EXAMPLES)
def test_foxwoods_house_way_sets_the_published_examples(foxwoods, cards, high, low, line):
    set_high, set_low, rule = foxwoods.setting_of(cards)
    assert (set(set_high.split()), set(set_low.split())) == (set(high.split()), set(low.split()))
    assert line in rule.text


# The Foxwoods house way as the Wizard of Odds publishes it (https://wizardofodds.com/games/pai-gow-poker/house-way/foxwoods/),
# each line under its heading, word for word.
FOXWOODS_PUBLISHED = [
    ("No Pair", "Place the second and third highest cards in front."),
    ("One Pair", "Pair in back, highest two other cards in front."),
    ("Two Pair", "Big Pair is Aces, Kings, Queens, Jacks: Place small pair in front."),
    ("Two Pair", "Big Pair is 10s, 9s, 8s, 7s: Place both pair in back if you can: Put an Ace in front, otherwise split."),
    ("Two Pair", "Big Pair is 6s, 5s, 4s, 3s: Place both pair in back if you can: place a King or higher in front: otherwise split."),
    ("Three Pair", "Place high pair in front."),
    ("Three of a Kind", "Aces: Place an Ace and the next highest card in front."),
    ("Three of a Kind", "Kings and below: Place three of a kind in back, two highest cards in front."),
    ("Two Sets", "Place pair from higher set in front."),
    ("Straight, Flush, Straight Flush", "With No Pair: Place the two highest cards in front that will leave any complete hand in back."),
    ("Straight, Flush, Straight Flush", "With One Pair: Place highest possible two cards (pair or no pair) in front that will leave any complete hand in back."),
    ("Straight, Flush, Straight Flush", "Exception: With an Ace and a pair of Kings, Queens, Jacks or 10s, play the Ace in front and pair in back if front hand can be improved."),
    ("Straight, Flush, Straight Flush", "With Two Pair: Play according to two-pair strategy."),
    ("Straight, Flush, Straight Flush", "With Three of a Kind: Place complete hand in back, pair in front."),
    ("Full House", "Put highest permissible pair in front."),
    ("Four of a Kind", "Aces, Kings, Queens, Jacks: Always split."),
    ("Four of a Kind", "10s, 9s, 8s, 7s: Play four of a kind in back if you can; put at least a King up front; otherwise split."),
    ("Four of a Kind", "6s and below: never split."),
    ("Four of a Kind", "Four of a Kind with a Pair (or Three of a Kind): Play the pair in front."),
    ("Five Aces", "Place pair of Aces in front, unless a pair of Kings can be played in front."),
]


def test_foxwoods_transcription_is_the_published_text_line_for_line(foxwoods):
    """Every published line is transcribed by a rule that quotes it word for word (in the order a first-fit needs: the
    exception before the line it excepts), and every rule quotes a published line (five aces by two rules: with a pair
    of kings, and otherwise)."""
    texts = [r.text for r in foxwoods.rules]
    quoted = [next(i for i, (_, line) in enumerate(FOXWOODS_PUBLISHED) if text.endswith(line)) for text in texts]
    assert sorted(set(quoted)) == list(range(len(FOXWOODS_PUBLISHED)))
    for text, i in zip(texts, quoted):
        heading, line = FOXWOODS_PUBLISHED[i]
        assert text in (f"{heading}: {line}", line), text
    assert quoted.count(len(FOXWOODS_PUBLISHED) - 1) == 2


def test_every_seven_card_hand_of_the_small_deck_is_set():
    game = load_game(SMALL)
    setting, rule = game.house_way.set_or_fail(np.array([[0, 1, 2, 3, 4, 5, 16]]))
    assert setting[0] >= 0 and rule[0] >= 0


def _brute_force(counts, rows):
    """Per player row and setting: the banker hands sharing no card with it, visited one by one."""
    bits = np.bitwise_or.reduce(np.left_shift(np.int64(1), counts.hands), axis=1)
    bh = counts.high[counts.rows, counts.house]
    bl = counts.low[counts.rows, counts.house]
    wins = np.zeros((len(rows), 21), dtype=np.int64)
    losses = np.zeros((len(rows), 21), dtype=np.int64)
    for k, row in enumerate(rows):
        apart = (bits & bits[row]) == 0
        for s in range(21):
            wins[k, s] = (apart & (bh < counts.high[row, s]) & (bl < counts.low[row, s])).sum()
            losses[k, s] = (apart & (bh >= counts.high[row, s]) & (bl >= counts.low[row, s])).sum()
    return wins, losses


@pytest.mark.parametrize("text", [TINY, open(SMALL).read()])
def test_exact_count_agrees_with_every_deal_visited(text):
    counts = small().solution.working() if "extends" in text else count(load_pai_gow_text(text))
    assert counts.deals == comb(17, 7) * comb(10, 7)
    rows = np.random.default_rng(18).choice(len(counts.hands), 150, replace=False)
    wins, losses = _brute_force(counts, rows)
    assert np.array_equal(wins, counts.wins[rows]) and np.array_equal(losses, counts.losses[rows])
    # the whole game, house way against house way, every deal
    bits = np.bitwise_or.reduce(np.left_shift(np.int64(1), counts.hands), axis=1)
    bh = counts.high[counts.rows, counts.house]
    bl = counts.low[counts.rows, counts.house]
    won = lost = 0
    for row in range(len(counts.hands)):
        apart = (bits & bits[row]) == 0
        won += int((apart & (bh < bh[row]) & (bl < bl[row])).sum())
        lost += int((apart & (bh >= bh[row]) & (bl >= bl[row])).sum())
    assert counts.ends(counts.house) == (won, counts.deals - won - lost, lost)


def test_optimal_never_worse_than_the_house_way():
    counts = small().solution.working()
    values = counts.values()
    assert (values[counts.rows, counts.optimal] >= values[counts.rows, counts.house]).all()
    assert counts.expected(counts.optimal) > counts.expected(counts.house)


def test_analysis_reports_the_house_way_and_its_rules():
    game = small()
    table = game.tables["pai_gow"]
    assert table.total == comb(17, 7) * comb(10, 7)
    assert any("optimally" in note for note in table.notes)
    view = game.decision("set")
    frame = view.frame()
    assert frame["hands"].sum() == comb(17, 7)
    assert view.by_hand()["hands"].sum() == comb(17, 7)
    choice = game.solution.strategy.choose("set", {"player": "Ah Ad Kh Kd Qh Qd Jk"})
    assert choice.option == "the 2nd and 3rd highest cards low"  # a pair of aces (an ace and the joker) in front


def test_fortune_bonus_counts_by_class():
    """The Wizard of Odds' seven-card counts with the joker (Pai Gow Mania, appendix 5): every line agrees but three
    of a kind and straight, where the published table counts the 201,824 hands holding both three of a kind and a
    straight (50,600 without the joker, 151,224 with it) as three of a kind; the best five cards make a straight."""
    table = analyze(FOXWOODS).side_tables["fortune"]
    got = {o.name: o.combinations for o in table.outcomes}
    published = {"five aces": 1128, "royal flush": 26132, "straight flush": 184832, "four of a kind": 307472,
                 "full house": 4188528, "flush": 6172088, "three of a kind": 7672500, "straight": 11034204}
    assert table.total == comb(53, 7) == 154_143_080
    for line in ("five aces", "royal flush", "straight flush", "four of a kind", "full house", "flush"):
        assert got[line] == published[line]
    assert got["three of a kind"] == published["three of a kind"] - 201_824
    assert got["straight"] == published["straight"] + 201_824
    assert sum(got.values()) - got["loses"] + got["loses"] == 154_143_080
    assert got["loses"] == 124_556_196


ERRORS = [
    (("commission: 5%", "commission: lots"), "bad.yaml:5: pai_gow.commission: a commission is a percent"),
    (("{ranks: J-A, jokers: 1}", "{ranks: J-A, jokers: 1, decks: 2}"), "bad.yaml:3: deck.decks: Pai Gow Poker is dealt from one deck"),
    (("set: {front: highest}", "set: {front: the moon}"), "bad.yaml:9: pai_gow.house_way.set.front: unknown low hand 'the moon'"),
    (("set: {front: highest}", "set: {back: the moon}"), "bad.yaml:9: pai_gow.house_way.set.back: unknown part 'the moon'"),
    (("with: anything,", "with: anything, if: big pair is sevens to elevens,"), "bad.yaml:9: pai_gow.house_way.if: unknown ranks"),
    (("with: anything,", "with: anything, if: the dealer is happy,"), "bad.yaml:9: pai_gow.house_way.if: unknown role 'the dealer'"),
    (("with: anything,", "with: anything, colour: red,"), "bad.yaml:9: pai_gow.house_way.colour: unknown field 'colour'"),
    (("hand: [no pair, one pair, two pair,", "hand: [no pair, one pair, two pairs,"), "pai_gow.house_way.hand: unknown hand 'two pairs'"),
    (("with: anything", "with: nothing"), "pai_gow.house_way: no rule sets"),
    (("set: {front: highest}", "set: {front: small pair}"), "bad.yaml:7: pai_gow.house_way: no setting of"),
]


@pytest.mark.parametrize("edit,message", ERRORS)
def test_game_file_errors_at_file_and_line(edit, message):
    with pytest.raises(InputError) as error:
        load_pai_gow_text(TINY.replace(*edit), "bad.yaml")
    assert message in str(error.value)


def test_a_hand_no_rule_covers_names_the_hand_and_the_house_way():
    text = TINY.replace("two pair, three pair", "two pair")
    with pytest.raises(InputError, match=r"bad.yaml:6: pai_gow.house_way: no rule sets .* \(three pair\); add a rule"):
        load_pai_gow_text(text, "bad.yaml")


def test_a_house_way_that_checked_out_is_kept_and_one_that_fails_never(monkeypatch, tmp_path):
    """Reading a house way sets every hand shape the deck deals (seconds on the 53-card deck): a way that passed is kept
    in the count cache, so a later process reads the file without setting them again; a way that fails is never kept,
    and fails with its error at every run."""
    import json

    from casino_math import count_cache
    from casino_math.methods.pai_gow import house_way

    monkeypatch.setenv("CASINO_MATH_CACHE", str(tmp_path / "counts"))  # a folder of its own: the cache refuses one holding other files
    monkeypatch.setattr(count_cache, "_switched_off", False)
    monkeypatch.setattr(house_way, "_CHECKED", {})  # as a new process: nothing checked yet
    first = load_pai_gow_text(TINY, "tiny.yaml")
    shapes = house_way.representatives
    monkeypatch.setattr(house_way, "_CHECKED", {})
    monkeypatch.setattr(house_way, "representatives", lambda deck: pytest.fail("every hand shape set again, not read back"))
    again = load_pai_gow_text(TINY, "tiny.yaml")
    assert again.way.rules == first.way.rules
    monkeypatch.setattr(house_way, "representatives", shapes)
    bad = TINY.replace("two pair, three pair", "two pair")
    for _ in range(2):
        monkeypatch.setattr(house_way, "_CHECKED", {})
        with pytest.raises(InputError, match="no rule sets"):
            load_pai_gow_text(bad, "bad.yaml")
    kinds = [json.loads(m.read_text())["kind"] for m in (tmp_path / "counts").glob("*.json")]
    assert kinds == [house_way.CHECKED_KIND]  # the way that passed, alone


def test_commission_none_and_the_wheel_lowest():
    game = load_pai_gow_text(TINY.replace("commission: 5%", "commission: none\n  wheel: lowest"))
    assert game.commission == Fraction(0) and not game.hands_valued.wheel_second


def test_kernels_against_their_references():
    from casino_math.methods.pai_gow.kernel import dominance_pairs, dominance_pairs_reference, supersets, supersets_reference

    rng = np.random.default_rng(1)
    for _ in range(200):
        m = int(rng.integers(1, 60))
        high, low = rng.integers(0, 9, m), rng.integers(0, 5, m)
        assert dominance_pairs(high, low, 9) == dominance_pairs_reference(high, low)
        held = np.sort(rng.choice(12, int(rng.integers(0, 6)), replace=False))
        assert np.array_equal(supersets(held, 12, 7), supersets_reference(held, 12, 7))


def test_the_count_by_shared_cards_agrees_with_the_count_by_player_hand():
    """The house way against itself by inclusion–exclusion over shared card sets (one set per class of suit renamings,
    the count that scales to 53 cards) against the per-hand count, on 17 cards and on 21 (tens to aces, the joker)."""
    from casino_math.methods.pai_gow.totals import classes, hand_points, totals

    game = load_game(SMALL)
    counts = small().solution.working()
    won, lost = totals(hand_points(game), 17, classes(game.deck))
    assert (won, counts.deals - won - lost, lost) == counts.ends(counts.house)
    assert totals(hand_points(game), 17) == (won, lost)


def gold_star_small(tmp_path):
    """The dealer school's house way (Trump Plaza's two pairs) on the small deck."""
    shipped = ROOT / "paytables" / "pai_gow_poker" / "gold-star.yaml"
    path = tmp_path / "gold-star-small.yaml"
    path.write_text(f"extends: {shipped}\nid: gold-star-small\ndeck: {{ranks: J-A, jokers: 1, joker: bug}}\n")
    return path


def _other_way_brute_force(first, other):
    """Per hand type, every deal visited one by one: hands, hands the other way sets to other values, deals won both
    and lost both by a player setting by each way against the first way's banker, and the other way's cost."""
    from casino_math.methods.pai_gow.other_way import kind_name, kinds_of
    from casino_math.subsets import all_subsets

    hands = all_subsets(len(first.deck), 7)
    rows = np.arange(len(hands))
    bits = np.bitwise_or.reduce(np.left_shift(np.int64(1), hands), axis=1)
    high, low = first.way.hands.settings(hands)
    their_high, their_low = other.way.hands.settings(hands)
    banker = first.way.set(hands)[0]
    theirs = other.way.set(hands)[0]
    bh, bl = high[rows, banker], low[rows, banker]
    th, tl = their_high[rows, theirs], their_low[rows, theirs]
    kinds = kinds_of(first.way, hands)
    out: dict[str, list] = {}
    for row in rows:
        apart = (bits & bits[row]) == 0
        ends = [int((apart & (bh < h) & (bl < lo)).sum()) for h, lo in ((bh[row], bl[row]), (th[row], tl[row]))]
        ends += [int((apart & (bh >= h) & (bl >= lo)).sum()) for h, lo in ((bh[row], bl[row]), (th[row], tl[row]))]
        entry = out.setdefault(kind_name(int(kinds[row])), [0, 0, 0, 0, 0, 0])
        entry[0] += 1
        entry[1] += int((th[row], tl[row]) != (bh[row], bl[row]))
        for i in range(4):
            entry[2 + i] += ends[i]
    deals = len(hands) * comb(len(first.deck) - 7, 7)
    net = 1 - first.commission
    return {name: (e[0], e[1], (e[2], e[4]), (e[3], e[5]),
                   Fraction(e[2], deals) * net - Fraction(e[4], deals) - Fraction(e[3], deals) * net + Fraction(e[5], deals))
            for name, e in out.items()}


def test_two_house_ways_compared_against_every_deal_visited(tmp_path):
    """The dealer school's house way beside Foxwoods' on the small deck, against every deal visited one by one: per
    hand type, the hands it sets otherwise, the deals won and lost both by a player setting by each way against the
    Foxwoods banker, and what setting by the dealer school's way costs; the examples are hands it sets otherwise, the
    first of their type in card order (one of each class of hands alike but for their suits), at their own cost."""
    from casino_math.methods.pai_gow.other_way import EXAMPLES

    first, other = load_game(SMALL), load_game(gold_star_small(tmp_path))
    found = small().decision("set").other_way(other)
    expected = _other_way_brute_force(first, other)
    assert {t.name: (t.hands, t.differs, t.house, t.other, t.cost) for t in found.by_hand} == expected
    assert found.differs == sum(e[1] for e in expected.values()) > 0 and found.hands == comb(17, 7)
    assert found.cost == sum(e[4] for e in expected.values()) == found.edge(found.other) - found.edge(found.house)
    assert found.house == small().solution.working().ends(small().solution.working().house)
    counts = small().solution.working()
    index = {tuple(h): i for i, h in enumerate(counts.hands.tolist())}
    theirs = other.way.set(counts.hands)[0]
    v = counts.values()
    shown = [e.kind for e in found.examples]
    for t in found.by_hand:
        assert shown.count(t.name) == min(EXAMPLES, t.differs)
    for e in found.examples:
        row = index[tuple(first.way.hands.ids(e.hand))]
        assert e.cost == Fraction(int(v[row, counts.house[row]] - v[row, theirs[row]]), counts.banker_hands * 20)
        assert (counts.high[row, theirs[row]], counts.low[row, theirs[row]]) != (counts.high[row, counts.house[row]],
                                                                               counts.low[row, counts.house[row]])
        assert e.house != e.other
    assert small().decision("set").compared(other)["set otherwise"].sum() == found.differs


def test_full_count_in_shards_resumes_from_kept_shards(tmp_path):
    """The sharded count (points, then sweeps) on the shard runner, kept in a folder: a second run reads the kept
    shards and gives the same figures, equal to the per-hand count's."""
    from casino_math.methods.pai_gow.totals import full_count
    from casino_math.parallel import Runner

    game = load_game(SMALL)
    runner = Runner.here(cache=tmp_path)
    first = full_count(game, str(tmp_path), runner, per_shard=100)
    assert full_count(game, str(tmp_path), runner, per_shard=100) == first
    counts = small().solution.working()
    won, _, lost = counts.ends(counts.house)
    assert first == (won, lost)


def test_compiled_settings_against_the_numpy_reference():
    from casino_math.methods.pai_gow.kernel import settings
    from casino_math.methods.pai_gow.hands import HIGH_POSITIONS, LOW_POSITIONS

    valued = load_game(SMALL).house_way.hands
    hands = np.sort(np.random.default_rng(7).permuted(np.tile(np.arange(17), (500, 1)), axis=1)[:, :7], axis=1)
    compiled = settings(hands, HIGH_POSITIONS, LOW_POSITIONS, valued.high_table, valued.low_table)
    reference = valued.settings_reference(hands)
    assert all(np.array_equal(a, b) for a, b in zip(compiled, reference))


def test_a_deck_too_big_for_the_hand_by_hand_count_is_counted_kept_and_read_back(monkeypatch, tmp_path):
    """Past ``LOCAL_HANDS`` seven-card hands (the 53-card deck) the game's own bet is counted by the cards two hands share
    (optimal.py: the house way and the optimal setting in one count) through the method, with its progress, and kept in
    the count cache. Forced down that path, the 17-card game gives the per-hand count's return table, hands per rule,
    the optimal setting's outcomes, and per rule and per hand type its hands set otherwise and the house way's cost; a
    second run reads the results back (no count) and writes the same par sheet, byte for byte."""
    from casino_math.analysis import GameAnalysis
    from casino_math.methods.pai_gow import method, optimal
    from casino_math.report import build_reports

    monkeypatch.setenv("CASINO_MATH_CACHE", str(tmp_path / "counts"))
    by_hand = small()
    assert by_hand.solution.working().hands.shape[1] == 7  # counted hand by hand now (an analysis counts when first asked)
    monkeypatch.setattr(method, "LOCAL_HANDS", 1000)
    heard: list[str] = []
    swept = GameAnalysis(load_game(SMALL), lambda what, done, of: heard.append(what))
    assert swept.tables["pai_gow"].outcomes == by_hand.tables["pai_gow"].outcomes
    assert swept.tables["pai_gow"].notes == by_hand.tables["pai_gow"].notes
    view, reference = swept.decision("set"), by_hand.decision("set")
    assert view.frame().drop(columns="where").equals(reference.frame().drop(columns="where"))
    assert view.by_hand().equals(reference.by_hand()) and view.outcomes().equals(reference.outcomes())
    assert view.summary() == reference.summary() and "gains" in view.summary()
    assert len(view.examples()) > 0 and set(view.examples()["type"]) <= set(view.by_hand()["hand"])
    assert {"hands set by the house way", "player hands against the banker's"} <= set(heard)
    cold = build_reports([SMALL], issued="2026-01-02")
    assert "Given up by the house way" in cold["pai_gow_poker.html"].decode()
    monkeypatch.setattr(optimal, "optimal_totals", lambda *args, **kwargs: pytest.fail("counted again, not read back"))
    again = GameAnalysis(load_game(SMALL))
    assert again.tables["pai_gow"].outcomes == swept.tables["pai_gow"].outcomes
    assert again.decision("set").frame().equals(swept.decision("set").frame())
    assert build_reports([SMALL], issued="2026-01-02") == cold


def test_a_claim_of_what_setting_optimally_gains_over_the_house_way(tmp_path, monkeypatch):
    """``optimal_gain``: the expected value per initial stake the optimal setting gains over the house way, as the
    per-hand counts give it (the optimal setting's expected value less the house way's); a false one fails."""
    from pathlib import Path

    from casino_math.claims import verify_file

    counts = small().solution.working()
    gain = counts.expected(counts.optimal) - counts.expected(counts.house)
    path = tmp_path / "claims.yaml"
    monkeypatch.setenv("CASINO_MATH_EXTENDS", str(Path(SMALL).resolve().parent))  # a claims file's game: lies where allowed
    path.write_text(f"game: {Path(SMALL).resolve()}\nclaims:\n"
                    f"  - {{figure: optimal_gain, published: \"{float(gain):.4%}\"}}\n"
                    f"  - {{figure: optimal_gain, published: \"{float(gain) + 0.001:.4%}\"}}\n")
    frame = verify_file(path)
    assert frame["result"].tolist() == ["pass", "FAIL"] and frame["computed"].iloc[0] == gain > 0


def test_the_par_sheet_gives_the_house_way_in_the_casinos_words():
    """The rules of the house way with the hands each sets, the settings in words (no position codes), the optimal
    setting beside the house way, and the rules' files named without the folders they lie in."""
    from casino_math.report import build_reports

    html = build_reports([SMALL], issued="2026-01-02")["pai_gow_poker.html"].decode()
    assert "Full House: Put highest permissible pair in front." in html and "foxwoods.yaml:70" in html
    assert "which two of the seven cards make the low hand" in html
    assert "low 1-2" not in html and "backward induction" not in html and "/work/" not in html
    assert "optimally" in html and "Examples of hands the optimal setting sets otherwise" in html


def test_compare_says_which_hands_two_house_ways_set_otherwise_and_what_it_costs(tmp_path):
    """``compare`` of two house ways on one deck: the hands the second sets otherwise and what a player setting by it
    gives up against the first file's banker, in all and by hand type, as the first file's view counts them."""
    from casino_math.design import compare
    from casino_math.design.show import readable

    path = gold_star_small(tmp_path)
    frame = compare([SMALL, path]).set_index("figure")
    found = small().decision("set").other_way(load_game(path))
    assert frame.loc["hands its house way sets otherwise than the first file's", "gold-star-small"] == found.differs > 0
    cost = frame.loc["its house way's cost against the first file's banker (per initial stake)", "gold-star-small"]
    assert cost == found.cost == sum(t.cost for t in found.by_hand)
    assert frame.loc["house edge of a player setting by its house way against the first file's banker (per initial "
                     "stake)", "gold-star-small"] == found.edge(found.other)
    assert frame.loc["three of a kind and two pair: cost (per initial stake)", "pgp-small"] is None
    example = frame.loc["three of a kind and two pair: example 1", "gold-star-small"]
    assert example.startswith(found.examples[0].hand + ": " + found.examples[0].house + " by the first file's way")
    shown = readable(frame.reset_index(), "figure").set_index("figure")
    assert shown.loc["three of a kind and two pair: cost (per initial stake)", "gold-star-small"].endswith("%")


def test_compare_past_the_hand_by_hand_count_counts_by_shared_cards_and_keeps_the_result(monkeypatch, capsys, tmp_path):
    """Forced down the 53-card path, ``compare`` of two house ways gives the rows the per-hand counts give (hands set
    otherwise, the house edge and cost, by hand type, the examples), counted on the runner with its progress and kept:
    a second run reads them back (no count) and gives the same frame; the same from the command line, with --cache."""
    from casino_math.design import compare
    from casino_math.methods.pai_gow import method, optimal

    from tests.helpers.cli_runner import run

    path = gold_star_small(tmp_path)
    monkeypatch.setenv("CASINO_MATH_CACHE", "off")
    by_hand = compare([SMALL, path])
    monkeypatch.setenv("CASINO_MATH_CACHE", str(tmp_path / "counts"))
    monkeypatch.setattr(method, "LOCAL_HANDS", 1000)
    heard: list[str] = []
    swept = compare([SMALL, path], lambda what, done, of: heard.append(what))
    assert swept.equals(by_hand) and "player hands against the banker's, set by both ways" in heard
    monkeypatch.setattr(optimal, "other_way_totals", lambda *args, **kwargs: pytest.fail("counted again, not read back"))
    assert compare([SMALL, path]).equals(by_hand)
    code, out, _ = run(monkeypatch, capsys, "compare", SMALL, str(path), "--cache", str(tmp_path / "kept"), "--format", "csv")
    assert code == 0 and "three of a kind and two pair: example 1" in out


def test_one_worker_and_two_give_the_same_bytes_past_the_hand_by_hand_count(monkeypatch, capsys, tmp_path):
    """Forced down the 53-card path (the count by shared cards, on a thread per worker), ``analyze --workers 1`` and
    ``--workers 2`` write the same JSON, byte for byte, with the count cache off."""
    from casino_math.methods.pai_gow import method

    from tests.helpers.cli_runner import run

    monkeypatch.setenv("CASINO_MATH_CACHE", "off")
    monkeypatch.setattr(method, "LOCAL_HANDS", 1000)
    outputs = []
    for workers in ("1", "2"):
        code, out, _ = run(monkeypatch, capsys, "analyze", SMALL, "--no-cache", "--workers", workers, "--format", "json")
        assert code == 0 and '"house_edge"' in out
        outputs.append(out)
    assert outputs[0] == outputs[1]


def test_two_house_ways_swept_with_one_kept_folder_keep_their_own_points(monkeypatch, tmp_path):
    """A report of a family counts each file's house way on the same runner (and its kept folder, with ``--cache``):
    each way's hands' points are kept apart, so the second file never reads the first's."""

    from casino_math.analysis import GameAnalysis
    from casino_math.methods.pai_gow import method
    from casino_math.parallel import Runner

    other = gold_star_small(tmp_path)
    monkeypatch.setenv("CASINO_MATH_CACHE", "off")
    expected = {path: GameAnalysis(load_game(path)).tables["pai_gow"].outcomes for path in (SMALL, other)}
    monkeypatch.setattr(method, "LOCAL_HANDS", 1000)
    runner = Runner.here(cache=tmp_path / "kept")
    for path in (SMALL, other, SMALL):
        assert GameAnalysis(load_game(path), None, runner).tables["pai_gow"].outcomes == expected[path]
    assert expected[SMALL] != expected[other]
