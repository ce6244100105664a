"""The shipped progressive and envy files through the conformance kit, and the tools on them: every figure exact."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from typer.testing import CliRunner

from casino_math.analysis import analyze
from casino_math.cli import app
from casino_math.conformance import checks_for
from casino_math.simulate import simulate
from tests.helpers.cli_runner import refused
from tests.helpers.paths import ROOT

FILES = [ROOT / "paytables/three_card_poker/progressive-envy.yaml", ROOT / "paytables/casino_holdem_progressive/pay-table-2.yaml",
         ROOT / "paytables/caribbean_stud/progressive.yaml", ROOT / "paytables/caribbean_stud/progressive-envy.yaml"]


JACKPOT = FILES[0]  # a mini royal in spades is 1 hand in 22,100: 20,000 hands rarely see one, so its mean is simulated apart


@pytest.mark.parametrize("path, check", [pytest.param(path, check, id=f"{path.parent.name}/{path.stem}-{name}")
                                         for path in FILES for name, check in checks_for(path)
                                         if not (path == JACKPOT and name == "simulation")])
def test_progressive_files(path, check):
    check(path)


def test_a_rare_jackpot_simulated_long_enough() -> None:
    """400,000 hands: some 18 mini royals in spades, so the observed spread is the bet's and its mean lands in the band."""
    frame = simulate(JACKPOT, hands=400_000, seed=11)
    assert (frame["z"].abs() < 4).all(), frame[["wager", "z"]].to_string()


def test_solve_and_sweep_the_meter_and_the_seed() -> None:
    runner = CliRunner()
    tcp = str(ROOT / "paytables/three_card_poker/progressive-envy.yaml")
    out = runner.invoke(app, ["solve", tcp, "--bet", "progressive", "--meter", "jackpot", "--target-edge", "0", "-f", "json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["value"] == "13600/1"
    chp = str(ROOT / "paytables/casino_holdem_progressive/pay-table-1.yaml")
    out = runner.invoke(app, ["solve", chp, "--bet", "progressive", "--seed", "straight flush", "--target-edge", "20%", "-f", "json"])
    seed = Fraction(json.loads(out.output)["value"])
    p = analyze(chp).progression("progressive")
    assert -p.long_run() - (seed - 1000) * p.chance("royal flush") * 10 == Fraction(1, 5)  # royal + straight flush: 40 of 2,598,960
    out = runner.invoke(app, ["sweep", tcp, "--bet", "progressive", "--meter", "jackpot", "--from", "5000", "--to", "13600",
                              "--step", "8600", "-f", "json"])
    rows = json.loads(out.output)
    assert [r["house_edge"] for r in rows] == ["86/221", "0/1"]
    out = runner.invoke(app, ["solve", tcp, "--bet", "progressive", "--target-edge", "0"])
    assert out.exit_code == 2 and "one of --pay, --meter or --seed" in out.output


def test_json_gives_the_meters_and_the_seats() -> None:
    record = analyze(ROOT / "paytables/three_card_poker/progressive-envy.yaml").to_dict()["bets"]["progressive"]["progressive"]
    assert record["meters"][0]["break_even"] == 13600 and record["meters"][0]["rate"] is None
    assert [row["other_seats"] for row in record["seats"]] == [1, 2, 3, 4, 5, 6]
    assert record["seats"][0]["envy_paid"] == Fraction(4, 22100)  # the four mini royals of one other seat's 22,100 hands
    assert record["seats"][5]["envy_return"] == 6 * Fraction(175, 22100)


def test_a_bad_meter_is_refused_at_its_line(monkeypatch, capsys, tmp_path) -> None:
    path = tmp_path / "bad.yaml"
    text = (ROOT / "paytables/casino_holdem_progressive/pay-table-1.yaml").read_text()
    path.write_text(text.replace('straight flush: "1000 for 1"', 'straight flush: "999 to 1"'))
    err = refused(monkeypatch, capsys, tmp_path, "analyze", str(path))
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if t.strip().startswith("straight flush: {pays"))
    assert f"bad.yaml:{line}: side_bets.progressive.progressive.meters.straight flush.pays.straight flush: " in err
    assert "written 'for 1'" in err


@pytest.mark.parametrize("name, likelier", [("caribbean_stud/progressive-envy.yaml", False),
                                            ("ultimate_texas_holdem_progressive/envy.yaml", True)])
def test_envy_by_seat_against_seats_dealt_apart(name: str, likelier: bool) -> None:
    """Six other seats: own cards from one deck make another seat's envy rarer than seats dealt from separate decks
    would (Caribbean Stud: 1 in 10,829.58, not 10,829.42); a flop the seats share makes it likelier (1 in 652.36, not
    652.77), since a flop of three suited broadway cards can give royal flushes to several seats at once."""
    analysis = analyze(ROOT / "paytables" / name)
    bet = analysis.game.side_bet["progressive"]
    assert bet.progressive is not None and bet.progressive.envy is not None
    lines = dict(bet.progressive.envy.pays)
    table = analysis.tables["progressive"]
    chance = Fraction(sum(o.combinations for o in table.outcomes if o.key("line") in lines), table.total)
    rows = analysis.envy("progressive")
    apart = [1 - (1 - chance) ** n for n in range(1, 7)]
    assert rows[0].any_paid == apart[0]
    assert all((row.any_paid > independent) == likelier and row.any_paid != independent for row, independent in zip(rows[1:], apart[1:]))
    assert round(float(1 / rows[-1].any_paid), 2) == (652.36 if likelier else 10829.58)
