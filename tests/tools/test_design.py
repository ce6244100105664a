"""Paytable design tools: every figure they give agrees with re-analysing the changed game file from scratch."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from casino_math.design import PayGrid, compare, parse_band, parse_range, parse_vary, pay_for_target, price, search, sweep, wager_model
from casino_math.design.model import GameBetModel, strategy_text
from casino_math.errors import InputError
from casino_math.analysis import analyze
from casino_math.analysis import load_game
from casino_math.pays import Pay
from tests.helpers.cli_runner import run
from tests.helpers.paths import ROOT

TABLES = ROOT / "paytables" / "three_card_poker"
STANDARD = TABLES / "standard.yaml"
MINI = ROOT / "tests" / "games"
# Three Card Poker on 20 cards (tens to aces), the dealer qualifying with a pair: a bonus on a pair makes more pairs play;
# the play bet is paid by a table (one to one on every hand), so the bet has two
ROYAL_PAIR = """\
game: mini
id: royal-pair
deck: royal
deal:
  - player: 3
  - dealer: 3
  - decide: {options: {fold: fold, play: {play: 1}}}
hands:
  player: {of: [player], ranking: three-card}
  dealer: {of: [dealer], ranking: three-card}
dealer_qualifies: pair
bet: ante_play
wagers:
  ante: {stake: 1, settle: {folded: lose, dealer_not_qualified: win, player_higher: win, equal: push, dealer_higher: lose}}
  play: {settle: {dealer_not_qualified: push, player_higher: {pays: play, on: player}, equal: push, dealer_higher: lose}}
  ante_bonus: {bonus_on: ante, settle: {folded: push, otherwise: {pays: ante_bonus, on: player}}}
paytables:
  ante_bonus: {straight flush: 5}
  play: {straight flush: 1, three of a kind: 1, straight: 1, flush: 1, pair: 1, high card: 1}
"""


BACCARAT = ROOT / "paytables" / "baccarat" / "standard.yaml"


@pytest.fixture
def reanalyse(tmp_path, monkeypatch):
    """The figures of a bet in a new game file that extends ``path`` with ``pays`` (net, by line key) written into
    ``table``, loaded and analysed from nothing: the independent check. Keys in ``first`` go before the file's lines."""
    made = itertools.count()

    def figures(path, bet, table, pays, first=()):
        # the variant lies in a scratch folder: the folder of the file it extends is allowed explicitly
        monkeypatch.setenv("CASINO_MATH_EXTENDS", str(Path(path).resolve().parent))
        old = {line.key: line.pay for line in load_game(path).paytables[table].lines}
        keys = [*first, *(k for k in old if k not in first), *(k for k in pays if k not in old and k not in first)]
        body = {"extends": str(Path(path).resolve()), "id": f"variant-{next(made)}", "offers": [bet],
                "paytables": {table: {k: str(old.get(k, Pay(Fraction(0))).with_net(pays[k]) if k in pays else old[k]) for k in keys}}}
        file = tmp_path / f"{body['id']}.yaml"
        file.write_text(yaml.safe_dump(body, sort_keys=False))
        return analyze(file)

    return figures


def exact(analysis, bet):
    m = analysis.tables[bet].metrics
    return m.house_edge, m.element_of_risk, m.hit_frequency


def fraction(pay) -> Fraction:
    return Fraction(pay)


@pytest.fixture(scope="module")
def royal_pair(tmp_path_factory):
    path = tmp_path_factory.mktemp("games") / "royal-pair.yaml"
    path.write_text(ROYAL_PAIR)
    return path


# -- pricing --------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", [STANDARD, TABLES / "progressive.yaml", TABLES / "pair-plus-40-30-6-3-1.yaml",
                                  *sorted(MINI.glob("mini-*.yaml"))], ids=lambda p: p.stem)
def test_every_bet_priced_as_analysed(path):
    analysis = analyze(path)
    for bet, table in analysis.tables.items():
        model = wager_model(path, bet)
        priced = price(model, PayGrid.product(model.pays, {}))
        assert tuple(priced.exact(0, m) for m in ("house_edge", "element_of_risk", "hit_frequency")) == exact(analysis, bet), bet
        assert priced.standard_deviation[0] == pytest.approx(table.metrics.standard_deviation, rel=1e-12)


@pytest.mark.parametrize("path, bet, table, pays, first", [
    (STANDARD, "pair_plus", "pair_plus", {"flush": Fraction(7, 2), "pair": Fraction(2)}, ()),
    (STANDARD, "pair_plus", "pair_plus", {"mini royal": Fraction(60), "straight": Fraction(5)}, ("mini royal",)),  # added first
    (STANDARD, "prime", "prime", {"same colour on six_cards": Fraction(5)}, ()),
    (STANDARD, "six_card_bonus", "six_card_bonus", {"royal flush": Fraction(500), "two pair": Fraction(1)}, ()),  # added last
    (TABLES / "progressive.yaml", "progressive", "progressive", {"mini royal in spades": Fraction(4999)}, ()),  # "5000 for 1"
    (STANDARD, "ante_play", "ante_bonus", {"straight": Fraction(3, 2), "pair": Fraction(1, 2)}, ()),
    (MINI / "mini-three-card.yaml", "ante_play", "ante_bonus", {"pair": Fraction(1)}, ()),  # the strategy moves
    (MINI / "mini-caribbean.yaml", "ante_raise", "raise", {"pair": Fraction(3), "high card": Fraction(0)}, ()),
    (MINI / "mini-four-card.yaml", "ante_play", "bonus", {"three of a kind": Fraction(0)}, ()),  # folds appear
    (MINI / "mini-let-it-ride.yaml", "game", "t", {"full house": Fraction(0)}, ()),
    (MINI / "mini-mississippi.yaml", "game", "t", {"pair of kings or better": Fraction(1), "four of a kind": Fraction(7, 2)}, ()),
    # shoe side bets: one paid by a table alone, one settled by the showdown with a table on the winning margin
    (BACCARAT, "player_pair", "player_pair", {"pair": Fraction(12)}, ()),
    (BACCARAT, "dragon_bonus_banker", "dragon_bonus_banker", {"wins by 9": Fraction(25), "natural": Fraction(2)}, ()),
], ids=lambda v: v.stem if isinstance(v, Path) else None)
def test_changed_paytables_priced_as_reanalysed(reanalyse, path, bet, table, pays, first):
    model = wager_model(path, bet, list(pays))
    assert model.table == table
    grid = PayGrid.product(model.pays, {model.name(k): [v] for k, v in pays.items()})
    priced = price(model, grid)
    again = reanalyse(path, bet, table, pays, first)
    assert tuple(priced.exact(0, m) for m in ("house_edge", "element_of_risk", "hit_frequency")) == exact(again, bet)
    assert priced.standard_deviation[0] == pytest.approx(again.tables[bet].metrics.standard_deviation, rel=1e-12)
    if isinstance(model, GameBetModel):
        assert priced.strategy(0) == strategy_text(again.strategy_summary())


def test_a_pay_that_moves_the_strategy_moves_it():
    frame = sweep(MINI / "mini-three-card.yaml", "ante_play", "pair", [Fraction(0), Fraction(1)])
    assert list(frame["strategy"]) == ["play pair of kings or better; fold the rest", "play pair of queens or better; fold the rest"]


def test_strategy_values_are_per_initial_unit_at_a_fractional_pay():
    """A fold loses the ante whatever the bonus pays (the solver once scaled values by the pays' denominator twice)."""
    model = wager_model(STANDARD, "ante_play")
    decision = model.analysis({"straight": Fraction(1, 3)}).decision()
    assert decision.exact(0, "fold") == -1


# -- sweep, search, solve ----------------------------------------------------------------------------
def test_sweep_matches_reanalysis(reanalyse):
    frame = sweep(MINI / "mini-caribbean.yaml", "ante_raise", "pair", parse_range("0..3:1.5"))
    assert [str(v) for v in frame["pair"]] == ["0", "3/2", "3"]
    assert frame["strategy"].nunique() > 1
    for row in frame.itertuples():
        again = reanalyse(MINI / "mini-caribbean.yaml", "ante_raise", "raise", {"pair": row.pair})
        assert (row.house_edge, row.element_of_risk, row.hit_frequency) == exact(again, "ante_raise")
        assert row.strategy == next(iter(again.strategy_summary().values()))


def test_search_finds_exactly_the_band(reanalyse):
    vary = parse_vary("flush=3..5,straight=5..6,pair=1..2")
    low, high = Fraction(128, 5525), Fraction(6, 100)  # the low end is the standard table's exact edge
    frame = search(STANDARD, "pair_plus", vary, (low, high))
    edges = list(frame["house_edge"])
    assert edges == sorted(edges) and {"flush": 4, "straight": 6, "pair": 1} in frame[["flush", "straight", "pair"]].to_dict("records")
    every = {(f, s, p): exact(reanalyse(STANDARD, "pair_plus", "pair_plus", {"flush": f, "straight": s, "pair": p}), "pair_plus")[0]
             for f in vary["flush"] for s in vary["straight"] for p in vary["pair"]}
    assert sorted((row.flush, row.straight, row.pair) for row in frame.itertuples()) == sorted(k for k, e in every.items() if low <= e <= high)
    assert all(every[(row.flush, row.straight, row.pair)] == row.house_edge for row in frame.itertuples())


def test_search_on_the_games_own_bet_by_element_of_risk(reanalyse):
    path = MINI / "mini-four-card.yaml"
    vary = {"three of a kind": [Fraction(0), Fraction(1), Fraction(2)], "two pair": [Fraction(0), Fraction(1, 2)]}
    every = {(t, p): reanalyse(path, "ante_play", "bonus", {"three of a kind": t, "two pair": p}).tables["ante_play"].metrics.element_of_risk
             for t in vary["three of a kind"] for p in vary["two pair"]}
    band = (sorted(every.values())[1], sorted(every.values())[4])
    frame = search(path, "ante_play", vary, band, "element_of_risk")
    assert sorted(zip(frame["three_of_a_kind"], frame["two_pair"])) == sorted(k for k, e in every.items() if band[0] <= e <= band[1])
    assert list(frame["element_of_risk"]) == sorted(frame["element_of_risk"])


@pytest.mark.parametrize("path, bet, table, line, target, measure, first", [
    (STANDARD, "pair_plus", "pair_plus", "flush", Fraction(3, 100), "house_edge", ()),
    (STANDARD, "pair_plus", "pair_plus", "mini royal", Fraction(2, 100), "house_edge", ("mini royal",)),  # not on the table
    (STANDARD, "six_card_bonus", "six_card_bonus", "royal flush", Fraction(5, 100), "house_edge", ()),
    (STANDARD, "prime", "prime", "same colour on six_cards", Fraction(1, 100), "house_edge", ()),
    (STANDARD, "ante_play", "ante_bonus", "three of a kind", Fraction(3, 100), "house_edge", ()),
    (STANDARD, "ante_play", "ante_bonus", "flush", Fraction(-1, 100), "house_edge", ()),  # not on the table
    (STANDARD, "ante_play", "ante_bonus", "straight", Fraction(2, 100), "element_of_risk", ()),
    (MINI / "mini-let-it-ride.yaml", "game", "t", "full house", Fraction(-1), "house_edge", ()),  # two decisions
], ids=lambda v: v.stem if isinstance(v, Path) else str(v) if isinstance(v, Fraction) else None)
def test_solved_pay_reanalysed_hits_the_target(reanalyse, path, bet, table, line, target, measure, first):
    solution = pay_for_target(path, bet, line, target, measure)
    pay = fraction(solution.pay)
    assert getattr(reanalyse(path, bet, table, {line: pay}, first).tables[bet].metrics, measure) == target
    nearby = solution.nearby
    assert all(p.denominator in (1, 2) for p in nearby["pay"]) and min(nearby["pay"]) <= pay <= max(nearby["pay"])
    for row in nearby.itertuples():
        assert (row.house_edge, row.element_of_risk, row.hit_frequency) == exact(reanalyse(path, bet, table, {line: row.pay}, first), bet)


def test_progressive_break_even_solved():
    solution = pay_for_target(TABLES / "progressive.yaml", "progressive", "mini royal in spades", Fraction(0))
    assert solution.pay == 11_519 and solution.for_one  # 11,520 for 1


@pytest.mark.parametrize("measure", ["house_edge", "element_of_risk"])
@pytest.mark.parametrize("target", [Fraction(-10, 100), Fraction(-4, 100), Fraction(-1, 100)])
def test_solve_where_the_strategy_changes_with_the_pay(reanalyse, royal_pair, measure, target):
    """Newton steps on the strategies' lines (house edge) and every piece (element of risk) give exact pays; the
    strategy at the answers is not the strategy at a pay of 0."""
    solution = pay_for_target(royal_pair, "ante_play", "pair", target, measure, table="ante_bonus")
    assert solution.pays
    for answer in solution.pays:
        again = reanalyse(royal_pair, "ante_play", "ante_bonus", {"pair": fraction(answer)})
        assert getattr(again.tables["ante_play"].metrics, measure) == target
    strategies = set(sweep(royal_pair, "ante_play", "pair", [Fraction(0), *map(fraction, solution.pays)], "ante_bonus")["strategy"])
    assert len(strategies) > 1


def test_solve_says_when_no_pay_reaches_the_target():
    solution = pay_for_target(STANDARD, "pair_plus", "flush", Fraction(30, 100))
    assert solution.pay is None and solution.nearby.empty
    assert "no pay for flush" in solution.message and "22.1538%" in solution.message
    solution = pay_for_target(MINI / "mini-three-card.yaml", "ante_play", "pair", Fraction(1, 2))
    assert solution.pay is None and "runs from" in solution.message


# -- compare ------------------------------------------------------------------------------------
def test_compare_differences_and_strategies(royal_pair):
    frame = compare([STANDARD, TABLES / "ante-bonus-5-3-1.yaml", royal_pair]).set_index(["wager", "figure"])
    standard, other = analyze(STANDARD).tables["ante_play"].metrics, analyze(TABLES / "ante-bonus-5-3-1.yaml").tables["ante_play"].metrics
    row = frame.loc[("ante_play", "house_edge")]
    assert (row["tcp-standard"], row["tcp-ante-bonus-5-3-1"], row["Δ tcp-ante-bonus-5-3-1"]) == (
        standard.house_edge, other.house_edge, other.house_edge - standard.house_edge)
    assert frame.loc[("pair_plus", "house_edge"), "tcp-ante-bonus-5-3-1"] is None
    assert frame.loc[("ante_play", "strategy: play_or_fold"), "tcp-standard"] == "play Q-6-4 or better; fold the rest"
    wagered = analyze(royal_pair).tables["ante_play"].metrics.average_wager
    assert frame.loc[("ante_play", "average_wager"), "Δ royal-pair"] == wagered - Fraction(370, 221)
    same = compare([STANDARD, TABLES / "ante-bonus-5-3-1.yaml"])
    assert not same["figure"].str.startswith("strategy").any()  # both play Q-6-4 or better


# -- bad input ----------------------------------------------------------------------------------
@pytest.mark.parametrize("call, message", [
    (lambda: pay_for_target(STANDARD, "big_six", "flush", Fraction(0)), "offers no bet 'big_six'"),
    (lambda: pay_for_target(TABLES / "progressive.yaml", "pair_plus", "flush", Fraction(0)), "offers no bet 'pair_plus'"),
    (lambda: pay_for_target(STANDARD, "pair_plus", "royal", Fraction(0)), "pair_plus has no line 'royal'"),
    (lambda: pay_for_target(STANDARD, "pair_plus", "flush", Fraction(0), "hold"), "unknown measure 'hold'"),
    (lambda: pay_for_target(STANDARD, "pair_plus", "flush", Fraction(0), table="ante_bonus"), "pair_plus is paid by no table 'ante_bonus'"),
    (lambda: sweep(STANDARD, "pair_plus", "flush", []), "no values given for flush"),
    (lambda: sweep(STANDARD, "pair_plus", "flush", [Fraction(-1)]), "a pay cannot be negative"),
    (lambda: search(STANDARD, "pair_plus", {"flush": [Fraction(1)], "Flush": [Fraction(2)]}, (Fraction(0), Fraction(1))), "named twice"),
    (lambda: search(STANDARD, "pair_plus", {"flush": [Fraction(1)]}, (Fraction(1), Fraction(0))), "is inverted"),
    (lambda: search(STANDARD, "pair_plus", parse_vary("flush=0..100,straight=0..100,pair=0..100"), (Fraction(0), Fraction(1))),
     "the grid holds 1,030,301 paytables, over the limit of 1,000,000"),
    (lambda: sweep(STANDARD, "ante_play", "straight", parse_range("0..100000")), "each solved again over 1,756 classes"),
    (lambda: parse_range("8..3"), "is empty"),
    (lambda: parse_range("3..8:0"), "the step must be positive"),
    (lambda: parse_band("4%..2%"), "is inverted"),
    (lambda: parse_vary("flush"), "is not name=lo..hi"),
    (lambda: parse_range("two..six"), "is not a number"),
])
def test_bad_input_is_one_clear_error(call, message):
    with pytest.raises(InputError) as error:
        call()
    assert message in str(error.value) and "\n" not in str(error.value)


def test_a_bet_with_several_tables_needs_one_named(royal_pair):
    with pytest.raises(InputError, match=r"ante_play is paid by several tables \(play, ante_bonus\): name one with --table"):
        pay_for_target(royal_pair, "ante_play", "straight flush", Fraction(0))
    assert pay_for_target(royal_pair, "ante_play", "high card", Fraction(0)).table == "play"  # only one table lists it
    assert sweep(royal_pair, "ante_play", "straight flush", [Fraction(5)], table="ante_bonus").attrs["table"] == "ante_bonus"


# -- the command line ---------------------------------------------------------------------------
@pytest.mark.parametrize("args, message", [
    (["solve", str(STANDARD), "--wager", "pair_plus", "--pay", "royal", "--target-edge", "3%"], "no line 'royal'"),
    (["sweep", str(STANDARD), "--wager", "pair_plus", "--pay", "straight", "--from", "8", "--to", "3"], "is empty"),
    (["search", str(STANDARD), "--wager", "pair_plus", "--vary", "flush=2..6", "--edge", "4%..2%"], "is inverted"),
    (["simulate", str(STANDARD), "--hands", "1"], "deal between 2 and"),
])
def test_cli_bad_input_exits_2(monkeypatch, capsys, args, message):
    code, out, err = run(monkeypatch, capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and message in err and err.count("\n") == 1


def test_cli_solve_exits_1_when_unreachable_and_json_is_exact(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, "solve", str(STANDARD), "--wager", "pair_plus", "--pay", "flush", "--target-edge", "30%")
    assert code == 1 and "no pay for flush" in out
    code, out, _ = run(monkeypatch, capsys, "solve", str(STANDARD), "--wager", "pair_plus", "--pay", "flush", "--target-edge", "3%",
                       "--format", "json")
    answer = json.loads(out)
    assert code == 0 and answer["pay"] == "4233/1096" and answer["target"] == "3/100" and answer["line"] == "flush"
    assert [r["pay"] for r in answer["nearby"]] == ["3/1", "7/2", "4/1"]


def test_cli_sweep_search_compare_exit_0(monkeypatch, capsys, royal_pair):
    code, out, _ = run(monkeypatch, capsys, "sweep", str(royal_pair), "--wager", "ante_play", "--pay", "pair", "--table", "ante_bonus",
                       "--from", "0", "--to", "1", "--step", "0.5", "--format", "csv")
    assert code == 0 and out.splitlines()[0].startswith("pair,house_edge,") and len(out.splitlines()) == 4
    code, out, _ = run(monkeypatch, capsys, "search", str(STANDARD), "--wager", "pair_plus", "--vary", "flush=3..5", "--edge", "2%..6%")
    assert code == 0 and out.startswith("1 of 3 paytables have their house edge in 2%..6%")
    code, out, _ = run(monkeypatch, capsys, "compare", str(STANDARD), str(TABLES / "pair-plus-40-30-6-3-1.yaml"), "--format", "json")
    assert code == 0 and {r["figure"] for r in json.loads(out) if r["wager"] == "pair_plus"} >= {"house_edge", "hit_frequency"}
