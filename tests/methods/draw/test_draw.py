"""The draw method (video poker): against a plain brute force on small decks (every deal, hold and draw), against the
ranking's own valuation on deals of the full decks, the lookup, the re-solve at other pays, and the game file's errors."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_math.analysis import analyze, load_game
from casino_math.errors import InputError
from casino_math.methods.draw.counting import counted
from casino_math.methods.draw.game_file import load_draw_text, TINY
from casino_math.methods.draw.lookup import member
from casino_math.methods.draw.solving import pays_of, solve_pays, solved
from tests.helpers.paths import ROOT
from tests.references.draw_brute_force import brute_force

SMALL = ROOT / "tests" / "games" / "draw-small.yaml"
JOKER = ROOT / "tests" / "games" / "draw-joker-small.yaml"


ROYAL = ROOT / "tests" / "games" / "draw-royal-small.yaml"


@pytest.mark.parametrize("path", [SMALL, JOKER, pytest.param(ROYAL, marks=pytest.mark.slow)],
                         ids=["16 cards", "13 cards with a joker", "20 cards with straights and flushes"])
def test_every_deal_hold_and_draw_as_the_brute_force(path):
    """Every deal × hold × draw listed card set by card set: the same final hands per line, the same return, and each
    class member's 32 holds the same draws by line."""
    game = load_game(path)
    counts, played = solved(game)
    plain = brute_force(game)
    assert [int(x) for x in played.by_class] == plain.by_class
    assert counts.total == plain.total
    rtp = Fraction(sum(int(c) * p for c, p in zip(played.by_class, pays_of(game))), counts.total)
    assert rtp == plain.rtp
    for row, deal in enumerate(counts.deals.tolist()):
        assert (counts.counts[row] == plain.holds[tuple(deal)]).all(), deal


def test_the_small_deck_through_the_facade():
    """The analysis's return table is the solve's, every line paid, and its total the weighted combinations."""
    analysis = analyze(SMALL)
    table = analysis.tables[analysis.game.bet]
    counts = counted(analysis.game)
    assert table.total == counts.total == 4368 * counts.per_hold
    assert [o.name for o in table.outcomes][:2] == ["four of a kind of aces", "four of a kind"]


@pytest.mark.parametrize("name", ["deuces-wild-full-pay", *(pytest.param(n, marks=pytest.mark.slow)
                                                           for n in ("joker-poker-kings", "double-double-bonus-9-6"))])
def test_deals_of_the_full_deck_as_valued_hand_by_hand(name):
    """A few deals of a full deck: each hold's draws by line, counted here by listing every draw and valuing each
    final hand with the ranking's vectorised valuation (not the method's keys), equal the method's counts."""
    from casino_math.rankings import WILD, sort_hands
    from casino_math.subsets import all_subsets, colex

    game = load_game(ROOT / "paytables" / "video_poker" / f"{name}.yaml")
    counts = counted(game)
    ranking, cards = game.ranking, game.deck.cards
    rng = np.random.default_rng(29)
    n = len(cards)
    rank = np.array([WILD if ranking.is_wild(c) else c.rank for c in cards])
    suit = np.array([-1 if ranking.is_wild(c) else c.suit for c in cards])
    for deal in (np.sort(rng.choice(n, 5, replace=False)),):
        keys, _ = member(deal[None, :], 4 * len(game.deck.ranks))
        row = int(np.searchsorted(colex(counts.deals.astype(np.int64)), keys[0]))
        member_cards = counts.deals[row].astype(np.int64)
        rest = np.array([c for c in range(n) if c not in member_cards])
        for mask in (0, 0b00011, 0b10101, 0b11110, 31):
            kept = member_cards[[i for i in range(5) if mask >> i & 1]]
            drawn = rest[all_subsets(len(rest), 5 - len(kept))] if len(kept) < 5 else np.zeros((1, 0), dtype=np.int64)
            finals = np.concatenate([np.tile(kept, (len(drawn), 1)), drawn], axis=1)
            ranks, suits = sort_hands(rank[finals], suit[finals])
            values = ranking.best_values(ranks, suits)
            paid = np.full(len(finals), len(game.lines))
            for index in reversed(range(len(game.lines))):
                paid[game.draw_lines[index].matches(values, suits, ranks)] = index
            assert (np.bincount(paid, minlength=len(game.lines) + 1) == counts.counts[row, mask]).all(), (deal, mask)


def test_the_best_hold_looked_up():
    """Four to a royal is held, whatever order the cards come in; four aces stand pat (holding the kicker or not is
    worth the same, with no variance either way: the tie goes to the hold keeping more cards)."""
    analysis = analyze(ROOT / "paytables" / "video_poker" / "jacks-or-better-9-6.yaml")
    choose = analysis.solution.strategy.choose
    royal = choose("draw", {"player": "Ah Kh Qh Jh 2c"})
    assert royal.option == "hold Ah Kh Qh Jh"
    shuffled = choose("draw", {"player": "2c Jh Qh Ah Kh"})
    assert (shuffled.option, shuffled.ev) == ("hold Jh Qh Ah Kh", royal.ev)
    made = choose("draw", {"player": "Ah Ad Ac As 2c"})
    assert (made.option, made.ev) == ("hold all five", 24)
    assert choose("draw", {"player": "7c 2d 9h 4c 3s"}).option == "draw five"


def test_four_to_a_royal_is_worth_its_draws_exactly():
    """A♥K♥Q♥J♥ and a 2♣, holding the four, counted by hand: of the 47 cards left, the T♥ makes the royal (800), the 8
    other hearts a flush (6), the 3 other tens a straight (4), the 12 other aces, kings, queens and jacks a pair of
    jacks or better (1); the 23 others nothing."""
    analysis = analyze(ROOT / "paytables" / "video_poker" / "jacks-or-better-9-6.yaml")
    choice = analysis.solution.strategy.choose("draw", {"player": "Ah Kh Qh Jh 2c"})
    assert choice.ev == Fraction(800 + 8 * 6 + 3 * 4 + 12 * 1, 47) - 1


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 4), st.integers(1, 30))
def test_a_pay_raised_never_lowers_the_return(line, more):
    """Re-solved at a higher pay of any line, the optimal return never falls (the old holds are still open)."""
    game = load_draw_text(TINY)
    counts = counted(game)
    pays = pays_of(game)
    raised = tuple(p + more if i == line else p for i, p in enumerate(pays))
    before, after = solve_pays(game, counts, pays), solve_pays(game, counts, raised)
    assert int((after.by_class * np.array([int(p) for p in raised])).sum()) >= int((before.by_class * np.array([int(p) for p in pays])).sum())


@pytest.mark.parametrize("change, message", [
    ("full house: 2", "full house: 0"),
    ("three of a kind: 1", "three of a kind: 1\n    three of a kind of aces: 3"),
    ("coins: 5", "coins: 0"),
    ("full house: 2", "full house: 1 to 1"),
])
def test_bad_files_say_where(change, message):
    with pytest.raises(InputError, match=r"bad.yaml:\d+: draw\.") as raised:
        load_draw_text(TINY.replace(change, message), "bad.yaml")
    assert "Traceback" not in str(raised.value)


def test_pays_beyond_64_bits_take_the_same_holds():
    """Pays over a big denominator (a solve for a target's exact pay) are compared in floating point and, where close,
    exactly: every pay multiplied by 10**15 takes the same holds and the same final hands as the pays themselves."""
    game = load_draw_text(TINY)
    counts = counted(game)
    pays = pays_of(game)
    plain, wide = solve_pays(game, counts, pays), solve_pays(game, counts, tuple(p * 10**15 for p in pays))
    assert (plain.choice == wide.choice).all() and (plain.by_class == wide.by_class).all()
    assert [Fraction(int(v), plain.unit) * 10**15 for v in plain.value] == [Fraction(int(v), wide.unit) for v in wide.value]


def test_hands_of_wild_cards_valued_one_at_a_time_as_the_ranking_values_them():
    """Deuces Wild's hands of two to four deuces, valued one wild card at a time (each hand once), are worth what the
    ranking's own best over every stand-in at once makes them."""
    from casino_math.methods.draw.counting import final_hands
    from casino_math.methods.draw.hands import KEYS, decode, hand_values
    from casino_math.rankings import WILD

    game = load_game(ROOT / "paytables" / "video_poker" / "deuces-wild-full-pay.yaml")
    seen = np.zeros(KEYS, dtype=bool)
    seen[final_hands(game).keys] = True
    ranks, suited = decode(np.flatnonzero(seen))
    wild = (ranks == WILD).sum(axis=1) >= 2
    ranks, suited = ranks[wild], suited[wild]
    assert len(ranks) == 740
    direct = [game.ranking.hand_value([int(r) for r in row], [bool(s)] * 5) for row, s in zip(ranks, suited)]
    assert hand_values(ranks, suited, game.ranking).tolist() == direct


def test_counts_kept_and_read_back_solve_alike(tmp_path, monkeypatch):
    """What the count cache keeps (the sets of four, one byte a cell, and the deal classes) rebuilds the same table,
    the same counts of every hold and the same solve; a kept entry missing a part is counted again."""
    from casino_math.count_cache import CountCache
    from casino_math.held import forget_all
    from casino_math.methods.draw import counting
    from casino_math.methods.draw.counting import CODE, KIND, count_key

    monkeypatch.setenv("CASINO_MATH_CACHE", str(tmp_path / "counts"))  # a folder of its own
    game = load_draw_text(TINY)
    forget_all()
    counted_now = counted(game)
    forget_all()
    count = counting.count
    monkeypatch.setattr(counting, "count", lambda game: pytest.fail("counted again, not read back"))
    read_back = counted(game)
    monkeypatch.setattr(counting, "count", count)
    assert (read_back.table == counted_now.table).all() and (read_back.deals == counted_now.deals).all()
    assert (read_back.counts == counted_now.counts).all()
    pays = pays_of(game)
    assert (solve_pays(game, read_back, pays).by_class == solve_pays(game, counted_now, pays).by_class).all()
    CountCache(tmp_path / "counts").keep(KIND, count_key(game), game.id, {"deals": counted_now.deals}, CODE)
    forget_all()
    assert (counted(game).table == counted_now.table).all()
