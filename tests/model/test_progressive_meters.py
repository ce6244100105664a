"""Progressive meters and envy as a file declares them: the reader's refusals at their lines, and the meter figures'
properties (linear in the meter, the long run independent of the meter shown, each solve the inverse of its figure)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from casino_math.analysis import analyze, load_game
from casino_math.counting.progressives import progression
from casino_math.errors import InputError
from casino_math.game.progressive import Meter, Progressive
from tests.helpers.paths import ROOT

CHP = ROOT / "paytables/casino_holdem_progressive/pay-table-1.yaml"


@pytest.mark.parametrize("old, new, field, words", [
    ('straight flush: "1000 for 1"', 'straight flush: "900 for 1"', "meters.straight flush.pays", "disagree on the meter"),
    ("royal flush: 100%", "royal flush: 120%", "meters.straight flush.pays.royal flush", "at most 100%"),
    ('straight flush: "1000 for 1"', 'straight flush: "999 to 1"', "meters.straight flush.pays.straight flush", "written 'for 1'"),
    ("rate: 9%", "rate: 100%", "meters.straight flush.rate", "below 100%"),
    ("{four of a kind: 100%}", "{five aces: 100%}", "meters.four of a kind.pays.five aces", "no line 'five aces'"),
    ("{full house: 100%}", "{royal flush: 100%}", "meters.full house.pays.royal flush", "paid by the meter 'straight flush' already"),
])
def test_a_meter_is_refused_at_its_field(tmp_path: Path, old: str, new: str, field: str, words: str) -> None:
    path = tmp_path / "bad.yaml"
    text = CHP.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(InputError) as error:
        load_game(path)
    message = str(error.value)
    assert message.startswith(f"{path}:") and f"side_bets.progressive.progressive.{field}: " in message and words in message, message


def test_an_envy_line_is_a_line_of_the_table(tmp_path: Path) -> None:
    text = (ROOT / "paytables/three_card_poker/progressive-envy.yaml").read_text()
    path = tmp_path / "bad.yaml"
    path.write_text(text.replace("extends: standard.yaml", f"extends: {ROOT}/paytables/three_card_poker/standard.yaml")
                    .replace("envy: {mini royal in spades: 100", "envy: {royal flush: 100"))
    with pytest.raises(InputError, match="progressive.progressive.envy.royal flush: the bet's table has no line"):
        load_game(path)


@settings(max_examples=25, deadline=None)
@given(st.fractions(Fraction(1), Fraction(10**6)), st.fractions(Fraction(0), Fraction(99, 100)), st.fractions(Fraction(1), Fraction(10**5)))
def test_meter_figures(meter: Fraction, rate: Fraction, reset: Fraction) -> None:
    analysis = analyze(CHP)
    side = analysis.game.side_bet["progressive"]
    assert side.progressive is not None
    first = side.progressive.meters[0]
    bet = replace(side, progressive=Progressive((Meter(first.name, first.lines, reset, reset, rate), *side.progressive.meters[1:])))
    p = progression(bet, analysis.tables["progressive"])
    name = first.name
    slope = Fraction(40, 2598960)  # the royal and straight flushes win the whole meter
    assert p.slope(name) == slope
    assert p.expected({name: meter}) - p.expected() == (meter - p.shown(name)) * slope
    assert p.expected({name: p.break_even(name)}) == 0
    edge = Fraction(1, 5)
    assert p.expected({name: p.meter_for_edge(name, edge)}) == -edge
    # the long run does not depend on the meter shown, and totals the lines' average wins
    lines = [str(o.key("line")) for o in analysis.tables["progressive"].outcomes if o.key("line")]
    assert sum((p.chance(line) * p.average_win(line) for line in lines), Fraction(0)) == 1 + p.long_run()
    assert p.long_run_meter(p.meter(name)) == rate + slope * reset
    seeded = replace(bet, progressive=Progressive((Meter(first.name, first.lines, p.reset_for_edge(name, edge),
                                                         p.reset_for_edge(name, edge), rate), *side.progressive.meters[1:])))
    assert -progression(seeded, analysis.tables["progressive"]).long_run() == edge


def test_a_split_meter_on_a_shared_board_is_refused_at_its_field(tmp_path: Path) -> None:
    """The Casino Hold'em Progressive reads the flop every seat shares: an envy bonus on it is counted board by board,
    but a meter split between seats is not, and the reader says so at the field."""
    path = tmp_path / "envy.yaml"
    path.write_text(f"extends: {CHP}\nid: chp-envy\nside_bets:\n  progressive:\n    pays: progressive\n"
                    "    progressive:\n      envy: {royal flush: 100}\n")
    progressive = load_game(path).side_bet["progressive"].progressive
    assert progressive is not None and progressive.envy is not None and progressive.envy.pays == (("royal flush", 100),)
    path = tmp_path / "share.yaml"
    path.write_text(f"extends: {CHP}\nid: chp-share\nside_bets:\n  progressive:\n    pays: progressive\n"
                    "    progressive:\n      several: share\n")
    with pytest.raises(InputError, match=r"share.yaml:7: side_bets\.progressive\.progressive\.several: .*no board or dealer"):
        load_game(path)
