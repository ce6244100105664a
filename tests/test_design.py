"""Paytable design tools: every figure they give agrees with re-analysing the paytable from scratch."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_math import analyze
from casino_math.design import PayGrid, compare, parse_band, parse_range, parse_vary, price, search, solve, sweep, wager_model
from casino_math.errors import InputError
from casino_math.paytable import load_game, load_game_text

TABLES = Path(__file__).resolve().parent.parent / "paytables" / "three_card_poker"
STANDARD = TABLES / "standard.yaml"
PAIR_QUALIFIER_ROYAL_DECK = """\
game: three_card_poker
id: royal-pair
rules: {deck: royal, dealer_qualifies: pair}
wagers:
  ante_play:
    ante_bonus: {straight_flush: 5}
"""


def with_pays(game, wager: str, pays: dict[str, Fraction]):
    """The game file with ``pays`` (net, to 1) written into one wager, loaded afresh: the independent re-analysis.

    A progressive's jackpot category keeps paying the meter, set to the pay (for 1).
    """
    config = game if not isinstance(game, (str, Path)) else load_game(game)
    data = config.model_dump(mode="json")
    spec = data["wagers"][wager]
    key = "ante_bonus" if wager == "ante_play" else "pays"
    for category, pay in pays.items():
        if spec[key].get(category) == "jackpot":
            spec["jackpot"] = str(pay + 1)
        else:
            spec[key][category] = f"{pay.numerator}/{pay.denominator}"
    data["wagers"] = {wager: spec}
    return load_game_text(yaml.safe_dump(data))


def figures(config, wager: str):
    return analyze(config).tables[wager].metrics


def test_every_shipped_paytable_priced_as_analysed():
    for path in sorted(TABLES.glob("*.yaml")):
        result = analyze(path)
        for wager, table in result.tables.items():
            model = wager_model(path, wager)
            priced = price(model, PayGrid.product(model.pays, {}))
            m = table.metrics
            assert (priced.exact(0), priced.exact(0, "element_of_risk"), priced.exact(0, "hit_frequency")) == (
                m.house_edge, m.element_of_risk, m.hit_frequency), (path.name, wager)
            assert priced.standard_deviation[0] == pytest.approx(m.standard_deviation, rel=1e-12)


@settings(max_examples=15, deadline=None)
@given(
    wager=st.sampled_from(["pair_plus", "progressive", "prime", "six_card_bonus", "ante_play"]),
    data=st.data(),
)
def test_random_paytables_priced_as_analysed(wager, data):
    """Including categories the file does not list (a mini-royal added to Pair Plus pays before the straight flush)."""
    path = TABLES / ("progressive.yaml" if wager == "progressive" else "standard.yaml")
    model = wager_model(path, wager)
    chosen = data.draw(st.lists(st.sampled_from(model.categories), min_size=1, max_size=3, unique=True))
    pays = {c: Fraction(data.draw(st.integers(0, 400)), data.draw(st.sampled_from([1, 2, 4]))) for c in chosen}
    priced = price(model, PayGrid.product(model.pays, {c: [v] for c, v in pays.items()}))
    m = figures(with_pays(path, wager, pays), wager)
    assert (priced.exact(0), priced.exact(0, "element_of_risk"), priced.exact(0, "hit_frequency")) == (m.house_edge, m.element_of_risk, m.hit_frequency)


@pytest.mark.parametrize("wager, category, target", [
    ("pair_plus", "flush", Fraction(3, 100)),
    ("pair_plus", "mini_royal", Fraction(2, 100)),  # not on the file's table: added above the straight flush
    ("six_card_bonus", "royal_flush", Fraction(5, 100)),
    ("prime", "six_same_color", Fraction(1, 100)),
    ("ante_play", "three_of_a_kind", Fraction(3, 100)),
    ("ante_play", "flush", Fraction(-1, 100)),
])
def test_solved_pay_reanalysed_hits_the_target(wager, category, target):
    solution = solve(STANDARD, wager, category, target)
    pay = Fraction(int(solution.pay.p), int(solution.pay.q))
    assert figures(with_pays(STANDARD, wager, {category: pay}), wager).house_edge == target
    nearby = solution.nearby
    assert all(p.denominator in (1, 2) for p in nearby["pay"]) and min(nearby["pay"]) <= pay <= max(nearby["pay"])
    for row in nearby.itertuples():
        assert figures(with_pays(STANDARD, wager, {category: row.pay}), wager).house_edge == row.house_edge


def test_progressive_break_even_solved():
    solution = solve(TABLES / "progressive.yaml", "progressive", "spade_mini_royal", Fraction(0))
    assert solution.pay == 11_519 and solution.for_one  # 11,520 for 1


def test_element_of_risk_solved():
    solution = solve(STANDARD, "ante_play", "straight", Fraction(2, 100), measure="element_of_risk")
    pay = Fraction(int(solution.pay.p), int(solution.pay.q))
    assert figures(with_pays(STANDARD, "ante_play", {"straight": pay}), "ante_play").element_of_risk == Fraction(2, 100)


@pytest.mark.parametrize("measure", ["house_edge", "element_of_risk"])
@pytest.mark.parametrize("target", [Fraction(-10, 100), Fraction(-5, 100), Fraction(-1, 100)])
def test_solve_where_the_strategy_changes_with_the_pay(measure, target):
    """With a pair to qualify on a 20-card deck, pairs fold without a bonus and a bonus over 1/10 makes them play."""
    config = load_game_text(PAIR_QUALIFIER_ROYAL_DECK)
    model = wager_model(config, "ante_play")
    assert any(b > 0 for b in model.breakpoints("pair"))
    solution = solve(config, "ante_play", "pair", target, measure)
    assert solution.pays
    for exact in solution.pays:
        result = analyze(with_pays(config, "ante_play", {"pair": Fraction(int(exact.p), int(exact.q))})).ante_play
        assert getattr(result.metrics, measure) == target


def test_solve_says_when_no_pay_reaches_the_target():
    solution = solve(STANDARD, "pair_plus", "flush", Fraction(30, 100))
    assert solution.pay is None and solution.nearby.empty
    assert "no pay for flush" in solution.message and "22.1538%" in solution.message


def test_sweep_matches_analyze():
    frame = sweep(STANDARD, "ante_play", "three_of_a_kind", parse_range("0..10:2.5"))
    assert [str(v) for v in frame["three_of_a_kind"]] == ["0", "5/2", "5", "15/2", "10"]
    for row in frame.itertuples():
        m = figures(with_pays(STANDARD, "ante_play", {"three_of_a_kind": row.three_of_a_kind}), "ante_play")
        assert (row.house_edge, row.element_of_risk, row.hit_frequency) == (m.house_edge, m.element_of_risk, m.hit_frequency)
        assert row.standard_deviation == pytest.approx(m.standard_deviation, rel=1e-12)


def test_search_finds_exactly_the_band_sorted_and_matches_analyze():
    vary = parse_vary("flush=3..5,straight=5..7,pair=1..2")
    low, high = Fraction(128, 5525), parse_band("2.3167%..6%")[1]  # the low end is the standard table's exact edge
    frame = search(STANDARD, "pair_plus", vary, (low, high))
    edges = list(frame["house_edge"])
    assert edges == sorted(edges) and all(low <= e <= high for e in edges)
    assert {"flush": 4, "straight": 6, "pair": 1} in frame[["flush", "straight", "pair"]].to_dict("records")  # inclusive band
    every = {(f, s, p): figures(with_pays(STANDARD, "pair_plus", {"flush": f, "straight": s, "pair": p}), "pair_plus").house_edge
             for f in vary["flush"] for s in vary["straight"] for p in vary["pair"]}
    assert len(frame) == sum(low <= e <= high for e in every.values())
    for row in frame.itertuples():
        assert every[(row.flush, row.straight, row.pair)] == row.house_edge


def test_search_on_ante_bonus_by_element_of_risk():
    frame = search(STANDARD, "ante_play", parse_vary("straight_flush=3..6,three_of_a_kind=2..5"), parse_band("2%..2.1%"), "element_of_risk")
    assert len(frame) and all(Fraction(2, 100) <= e <= Fraction(21, 1000) for e in frame["element_of_risk"])
    row = frame.iloc[0]
    m = figures(with_pays(STANDARD, "ante_play", {"straight_flush": row.straight_flush, "three_of_a_kind": row.three_of_a_kind}), "ante_play")
    assert m.element_of_risk == row.element_of_risk


def test_compare_differences():
    frame = compare([STANDARD, TABLES / "ante-bonus-5-3-1.yaml"]).set_index(["wager", "figure"])
    standard, other = analyze(STANDARD).ante_play.metrics, analyze(TABLES / "ante-bonus-5-3-1.yaml").ante_play.metrics
    row = frame.loc[("ante_play", "house_edge")]
    assert (row["tcp-standard"], row["tcp-ante-bonus-5-3-1"], row["Δ tcp-ante-bonus-5-3-1"]) == (
        standard.house_edge, other.house_edge, other.house_edge - standard.house_edge)
    assert frame.loc[("pair_plus", "house_edge"), "tcp-ante-bonus-5-3-1"] is None


@pytest.mark.parametrize("call, message", [
    (lambda: solve(STANDARD, "big_six", "flush", Fraction(0)), "unknown wager 'big_six'"),
    (lambda: solve(TABLES / "progressive.yaml", "pair_plus", "flush", Fraction(0)), "offers no 'pair_plus'"),
    (lambda: solve(STANDARD, "pair_plus", "full_house", Fraction(0)), "pair_plus has no category 'full_house'"),
    (lambda: solve(STANDARD, "pair_plus", "flush", Fraction(0), "hold"), "unknown measure 'hold'"),
    (lambda: sweep(STANDARD, "pair_plus", "flush", []), "no values given for flush"),
    (lambda: sweep(STANDARD, "pair_plus", "flush", [Fraction(-1)]), "a pay cannot be negative"),
    (lambda: parse_range("8..3"), "is empty"),
    (lambda: parse_range("3..8:0"), "the step must be positive"),
    (lambda: parse_band("4%..2%"), "is inverted"),
    (lambda: parse_vary("flush"), "is not name=lo..hi"),
    (lambda: parse_vary("flush=2..3,flush=4"), "named twice"),
    (lambda: parse_range("two..six"), "is not a number"),
    (lambda: search(STANDARD, "pair_plus", parse_vary("flush=0..100,straight=0..100,pair=0..100"), (Fraction(0), Fraction(1))),
     "the grid holds 1,030,301 paytables, over the limit of 1,000,000"),
])
def test_bad_input_is_one_clear_error(call, message):
    with pytest.raises(InputError) as error:
        call()
    assert message in str(error.value) and "\n" not in str(error.value)


@pytest.mark.parametrize("args, message", [
    (["solve", str(STANDARD), "--wager", "pair_plus", "--pay", "royal", "--target-edge", "3%"], "no category 'royal'"),
    (["sweep", str(STANDARD), "--wager", "pair_plus", "--pay", "straight", "--from", "8", "--to", "3"], "is empty"),
    (["search", str(STANDARD), "--wager", "pair_plus", "--vary", "flush=2..6", "--edge", "4%..2%"], "is inverted"),
])
def test_cli_bad_input_exits_2(args, message):
    run = subprocess.run([sys.executable, "-m", "casino_math", *args], capture_output=True, text=True)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith("error: ") and message in run.stderr and run.stderr.count("\n") == 1


def test_cli_solve_unreachable_exits_1_and_json_is_exact():
    run = subprocess.run([sys.executable, "-m", "casino_math", "solve", str(STANDARD), "--wager", "pair_plus", "--pay", "flush",
                          "--target-edge", "30%"], capture_output=True, text=True)
    assert run.returncode == 1 and "no pay for flush" in run.stdout
    run = subprocess.run([sys.executable, "-m", "casino_math", "solve", str(STANDARD), "--wager", "pair_plus", "--pay", "flush",
                          "--target-edge", "3%", "--format", "json"], capture_output=True, text=True, check=True)
    import json

    out = json.loads(run.stdout)
    assert out["pay"] == "4233/1096" and out["target"] == "3/100" and [r["pay"] for r in out["nearby"]] == ["3/1", "7/2", "4/1"]
