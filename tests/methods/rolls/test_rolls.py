"""Dice and wheels: the roll-by-roll method against formulas worked out by hand and against every sequence of throws to
a depth (tests/references/dice.py), its properties over random bets and loaded dice, and the game file's errors."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_math.analysis import analyze, load_game
from casino_math.errors import InputError
from casino_math.methods.rolls.bets import RollBet, rule
from casino_math.methods.rolls.chain import solve_chain
from casino_math.methods.rolls.devices import Dice, Wheel
from casino_math.methods.rolls.game_file import TINY, load_rolls_text
from casino_math.conformance import checks_for
from tests.helpers.paths import ROOT
from tests.references import dice as ref

CRAPS = "paytables/craps/standard.yaml"
PASS = (rule("total 7, 11", "no point", "pays win"), rule("total 2, 3, 12", "no point", "lose"),
        rule("total 4-6, 8-10", "no point", "point"), rule("the point", "", "pays win"), rule("total 7", "", "lose"))


@pytest.fixture(scope="module")
def craps():
    return analyze(CRAPS)


def chances(table) -> dict[str, Fraction]:
    out: dict[str, Fraction] = {}
    for o in table.outcomes:
        out[o.name] = out.get(o.name, Fraction(0)) + Fraction(o.combinations, table.total)
    return out


def won(table) -> Fraction:
    return sum((Fraction(o.combinations, table.total) for o in table.outcomes if o.net > 0), Fraction(0))


# -- small cases by hand ------------------------------------------------------------------------------------------
def test_line_bets_by_hand(craps):
    """Pass: 244/495 to win (7/495 house edge); don't pass bar 12: 949/1980 to win, 1/36 to push (3/220)."""
    assert won(craps.tables["pass_line"]) == Fraction(244, 495) == ref.pass_line_win()
    assert craps.tables["pass_line"].metrics.house_edge == Fraction(7, 495)
    dont = craps.tables["dont_pass"]
    assert won(dont) == Fraction(949, 1980) and dont.metrics.house_edge == Fraction(3, 220)
    assert craps.solution.figures.per_bet["pass_line"]["rolls_to_resolve"] == Fraction(557, 165)


def test_odds_by_hand(craps):
    """Odds at true odds add nothing to the house edge per flat bet; the average wager is 1 + the odds expected behind
    a point: 3-4-5x gives 1 + (6·3 + 8·4 + 10·5)/36 = 34/9."""
    table = craps.tables["pass_line_odds_345"]
    assert table.metrics.house_edge == Fraction(7, 495) and table.metrics.average_wager == Fraction(34, 9)
    assert table.metrics.element_of_risk == Fraction(7, 495) / Fraction(34, 9)
    assert craps.tables["dont_pass_odds_345"].metrics.average_wager == 5


def test_commission_on_the_win_and_with_the_bet(craps, tmp_path):
    """Buy 4, 5% of the bet on a win: 1/3 · 1.95 − 2/3 = −1/60; lay 4, 5% of the win: 2/3 · 0.475 − 1/3 = −1/60; paid
    with the bet, the lay costs 0.025 more on every decision over 1.025 staked (the 2.44% of the trade)."""
    assert craps.tables["buy_4"].metrics.house_edge == Fraction(1, 60)
    assert craps.tables["lay_4"].metrics.house_edge == Fraction(1, 60)
    upfront = analyze("paytables/craps/commission-with-the-bet.yaml").tables
    assert upfront["lay_4"].metrics.element_of_risk == Fraction(1, 40) / Fraction(41, 40)
    assert upfront["buy_4"].metrics.element_of_risk == Fraction(1, 20) / Fraction(21, 20)


def test_closed_forms_of_the_side_bets(craps):
    """All Small, All Tall and Make 'Em All by inclusion and exclusion; the repeater as (5/11)^6; the Fire Bet point
    cycle by point cycle."""
    assert won(craps.tables["all_small"]) == ref.all_before_seven((2, 3, 4, 5, 6))
    assert won(craps.tables["all_tall"]) == ref.all_before_seven((8, 9, 10, 11, 12))
    assert won(craps.tables["make_em_all"]) == ref.all_before_seven((2, 3, 4, 5, 6, 8, 9, 10, 11, 12))
    assert won(craps.tables["repeater_6"]) == ref.repeater(6, 6) == Fraction(5, 11) ** 6
    fire = chances(craps.tables["fire_bet"])
    cycles = ref.fire_bet()
    assert (fire["4 points"], fire["5 points"], fire["6 points"]) == (cycles[4], cycles[5], cycles[6])


def test_en_prison_and_la_partage_by_hand():
    """Both give back half the even-money stake on a zero: 1/37 · 1/2 = 1/74."""
    assert analyze("paytables/roulette/en-prison.yaml").tables["red"].metrics.house_edge == Fraction(1, 74)
    assert analyze("paytables/roulette/la-partage.yaml").tables["red"].metrics.house_edge == Fraction(1, 74)


# -- every sequence of throws to a depth ---------------------------------------------------------------------------
@pytest.mark.parametrize("bet, settle", [("pass_line", ref.settle_pass_line), ("dont_pass", ref.settle_dont_pass)])
def test_against_every_sequence_to_a_depth(craps, bet, settle):
    """The line bets settled on every sequence of totals up to 6 throws: each way of settling has at least the chance
    found there, and at most that plus the mass still standing."""
    found, standing = ref.enumerate_to(6, settle)
    table = craps.tables[bet]
    exact: dict[str, Fraction] = {"win": Fraction(0), "lose": Fraction(0), "push": Fraction(0)}
    for o in table.outcomes:
        kind = "win" if o.net > 0 else "lose" if o.net < 0 else "push"
        exact[kind] += Fraction(o.combinations, table.total)
    assert 0 < standing < Fraction(1, 4)
    for kind, chance in exact.items():
        assert found.get(kind, 0) <= chance <= found.get(kind, 0) + standing, kind


# -- properties ----------------------------------------------------------------------------------------------------
weights = st.tuples(*[st.integers(1, 5)] * 6)


@settings(max_examples=25, deadline=None)
@given(weights)
def test_pass_line_on_loaded_dice(face_weights):
    """On any loaded pair, the pass line's chances sum to one and its win is the closed form; it settles in finitely
    many throws on average."""
    solved = solve_chain(RollBet("pass_line", "t", PASS), Dice(2, 6, face_weights))
    assert sum(solved.chances) == 1
    won_ = sum(c for e, c in zip(solved.ends, solved.chances) if e.flat == "pays")
    assert won_ == ref.pass_line_win(ref.totals_of(face_weights))
    assert 1 <= solved.rolls < 100


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(2, 12), min_size=1, max_size=5), st.sets(st.integers(2, 12), min_size=1, max_size=5))
def test_a_bet_until_one_of_two_sets(wins, loses):
    """A bet that wins on totals W and loses on totals L (L first where they meet): wins with p(W − L) / p(W ∪ L),
    settles in 1 / p(W ∪ L) throws on average."""
    wins = wins - loses
    bet = RollBet("b", "t", (rule(f"total {', '.join(map(str, sorted(loses)))}", "", "lose"),
                             *([rule(f"total {', '.join(map(str, sorted(wins)))}", "", "pays win")] if wins else [])))
    solved = solve_chain(bet, Dice())
    p = ref.TOTALS
    settles = sum(p[t] for t in wins | loses)
    assert sum(solved.chances) == 1
    assert sum((c for e, c in zip(solved.ends, solved.chances) if e.flat == "pays"), Fraction(0)) == sum(
        (p[t] for t in wins), Fraction(0)) / settles
    assert solved.rolls == 1 / settles


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 12).filter(lambda n: n != 7), st.integers(1, 8))
def test_repeaters(number, times):
    bet = RollBet("r", "t", (rule("total 7", "", "lose"), rule(f"total {number}", "", "count")),
                  ends=(rule("any", f"count {times}", "pays win"),))
    solved = solve_chain(bet, Dice())
    assert sum(solved.chances) == 1
    assert dict((e.flat, c) for e, c in zip(solved.ends, solved.chances))["pays"] == ref.repeater(number, times)


@settings(max_examples=20, deadline=None)
@given(st.sets(st.integers(1, 36), min_size=1, max_size=18), st.sampled_from([("0",), ("0", "00"), ("0", "00", "000")]))
def test_a_wheel_pays_its_pockets(numbers, zeros):
    """A bet on n numbers of a wheel of z zeros wins n / (36 + z) times, whatever the numbers."""
    bet = RollBet("b", "t", (rule(f"pocket {', '.join(map(str, sorted(numbers)))}", "", "pays win"),), "lose")
    solved = solve_chain(bet, Wheel.standard(zeros))
    assert sum(solved.chances) == 1
    assert next(c for e, c in zip(solved.ends, solved.chances) if e.flat == "pays") == Fraction(len(numbers), 36 + len(zeros))


def test_every_shipped_table_sums_to_one():
    for path in ("paytables/craps/standard.yaml", "paytables/roulette/standard.yaml", "paytables/sic_bo/standard.yaml"):
        for bet, table in analyze(path).tables.items():
            assert sum(Fraction(o.combinations, table.total) for o in table.outcomes) == 1, (path, bet)


# -- the game file ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("change, message", [
    (("total 7, 11", "totals 7, 11"), r"<text>:8: rolls\.bets\.pass_line\.rolls\.on: 'totals 7, 11': not an event"),
    (("then: lose}", "then: loose}"), r"<text>:9: rolls\.bets\.pass_line\.rolls\.then: 'loose': not an action"),
    (("pays win}", "pays wins}"), r"<text>:8: rolls\.bets\.pass_line\.rolls\.then: pass_line has no line 'wins'"),
    (("when: no point, then: point", "when: no pint, then: point"), r"<text>:10: rolls\.bets\.pass_line\.rolls\.when: 'no pint': not a condition"),
    (("dice: {count: 2}", "dice: {count: 9}"), r"<text>:4: rolls\.dice\.count: "),
    (("dice: {count: 2}", "dice: {count: 2, weights: [1, 2]}"), r"<text>:4: rolls\.dice\.weights: one weight"),
    (("dice: {count: 2}", "wheel: {pockets: '0, 1-36'}\n  dice: {count: 2}"), r"<text>:3: rolls: name one device"),
    (("pass_line: {win: 1}", "pass_line: {win: 1, wim: 2}"), r"<text>:16: paytables\.pass_line\.wim: no rule of a bet paid by pass_line pays 'wim'"),
])
def test_errors_name_the_file_line_and_field(change, message):
    with pytest.raises(InputError, match=message):
        load_rolls_text(TINY.replace(*change))


def test_a_bet_that_never_settles_is_refused():
    game = load_rolls_text("game: g\nid: g\nrolls:\n  dice: {count: 2}\n  bets:\n    limbo:\n      rolls:\n"
                           "        - {on: total 7, then: to limbo}\n        - {on: total 2, when: phase none, then: lose}\n"
                           "paytables:\n  limbo: {win: 1}\n")
    with pytest.raises(InputError, match="limbo: the bet can stand for ever"):
        assert analyze(game).tables


def test_a_variant_changes_the_paytable_alone():
    """A sic bo variant (Atlantic City) extends the Macau file and changes its paytables only."""
    game = load_game("paytables/sic_bo/atlantic-city.yaml")
    assert game.paytables["totals"].lines[0].pay.net == 60 and len(game.files) == 2
    assert [b.name for b in game.roll_bets] == [b.name for b in load_game("paytables/sic_bo/standard.yaml").roll_bets]


def test_what_must_make_em_all_pay_for_a_7_percent_edge():
    """The design tools price a dice bet from its chain: the pay for a 7% edge lies between 175 and 176 to 1."""
    from casino_math.design.solve import pay_for_target

    found = pay_for_target(CRAPS, "make_em_all", "win", Fraction(7, 100))
    assert found.pays and 175 <= Fraction(str(found.pays[0])) <= 177


# -- every shipped variant through the conformance kit's exact, simulated and JSON checks --------------------------
VARIANTS = sorted(p for family in ("craps", "roulette", "sic_bo") for p in (ROOT / "paytables" / family).glob("*.yaml")
                  if p.name != "standard.yaml")


@pytest.mark.parametrize("path", VARIANTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_variants_conform(path):
    for name, check in checks_for(path):
        if name in ("counted exactly", "simulation", "json contract", "solve"):
            check(path)


def test_simulated_throws_land_on_every_exact_outcome():
    """En Prison thrown spin by spin (a bet held over several spins): each way it settles as often as its exact
    probability says, within 4 standard errors, and each bet's mean within its interval's reach."""
    from casino_math.simulate import simulate

    frame = simulate("paytables/roulette/en-prison.yaml", hands=20_000, seed=3)
    outcomes = frame.attrs["outcomes"]
    assert set(outcomes["outcome"]) >= {"released from prison", "win", "loses"}
    assert (outcomes["z"].abs() < 4).all() and (frame["z"].abs() < 4).all()
