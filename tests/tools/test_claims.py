"""Published claims: the shipped ones pass (but the one published error), false ones fail, bad files are exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from casino_math.claims import Published, load_claims, verify_file, verify_files
from casino_math.errors import InputError
from tests.helpers.paths import ROOT

CLAIMS = ROOT / "paytables" / "three_card_poker" / "claims"
OURS = ["hand-counts.yaml", "ante-play.yaml", "pair-plus.yaml", "six-card-bonus.yaml", "progressive.yaml"]


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "casino_math", *args], capture_output=True, text=True)


@pytest.fixture(scope="module")
def shipped():
    return verify_files([CLAIMS / name for name in OURS])


def test_shipped_claims_pass_but_the_published_six_card_error(shipped):
    failed = shipped[~shipped["passed"]]
    assert failed["published"].tolist() == ["10.23%"]
    row = failed.iloc[0]
    assert row["game"] == "six-card-bonus-1000-200-50-25-20-10-5.yaml"
    assert f"{float(row['computed']):.4%}" == "10.2248%" and row["error"] == row["computed"] * 100 - Fraction(1023, 100)
    assert len(shipped) >= 45


def test_shipped_claims_cover_the_published_three_card_poker_figures(shipped):
    published = set(shipped["published"])
    for figure in ["3,744", "69.59%", "Q-6-4", "3.37%", "2.01%", "407,170,400", "617,044", "665,776", "2.16%", "7.28%",
                   "7.10%", "4.49%", "-0.129389", "-0.086580", ">8.5%", "10.23%", "11,520 for 1", "9,730,740"]:
        assert figure in published, figure


@pytest.mark.parametrize("published, exact, passes", [
    ("2.32%", Fraction(23167, 1000000), True),
    ("2.32%", Fraction(2325, 100000), True),  # exactly half a unit: publishers round halves either way
    ("2.32%", Fraction(232501, 10000000), False),
    ("7.10%", Fraction(70950, 1000000), True),  # the trailing zero counts: two decimals
    ("7.1%", Fraction(7149, 100000), True),
    ("3,744", 3744, True),
    ("3,744", 3745, False),
    ("0.6959", Fraction(15380, 22100), True),
    ("1 in 460.42", Fraction(48, 22100), True),
    ("1 in 460", Fraction(48, 22100), True),
    ("1 in 461", Fraction(48, 22100), False),
    (">8.5%", Fraction(856, 10000), True),
    (">8.5%", Fraction(85, 1000), False),
    ("<=-0.05", Fraction(-1, 20), True),
    ("Q-6-4", "Q-6-4", True),
    ("Q-6-4", "Q-6-3", False),
])
def test_published_rounding(published, exact, passes):
    assert Published.parse(published).matches(exact) is passes


def write(tmp_path: Path, text: str) -> Path:
    (tmp_path / "game.yaml").write_text((CLAIMS.parent / "standard.yaml").read_text())
    path = tmp_path / "claims.yaml"
    path.write_text(text)
    return path


def test_true_and_false_claims(tmp_path):
    path = write(tmp_path, """\
game: game.yaml
claims:
  - {figure: house_edge, wager: pair_plus, published: "2.32%"}
  - {figure: house_edge, wager: pair_plus, published: "2.33%"}
  - {figure: probability, wager: pair_plus, outcome: straight flush, published: "0.0022"}
  - {figure: probability, ranking: three-card, category: pair, published: "1 in 5.90"}
  - {figure: hands_played, published: "14,901"}
""")
    frame = verify_file(path)
    assert frame["result"].tolist() == ["pass", "FAIL", "pass", "pass", "FAIL"]
    assert frame["error"].tolist()[4] == -1  # computed (14,900) − published
    assert frame["line"].tolist() == [3, 4, 5, 6, 7]


BAD_CLAIMS = {
    "unknown figure": ("game: game.yaml\nclaims:\n  - {figure: hold, wager: pair_plus, published: \"2%\"}\n", ":3: claims.0.figure: unknown figure 'hold'"),
    "missing wager": ("game: game.yaml\nclaims:\n  - {figure: house_edge, published: \"2%\"}\n", ":3: claims.0: house_edge needs wager"),
    "unquoted decimal": ("game: game.yaml\nclaims:\n  - {figure: house_edge, wager: pair_plus, published: 0.0232}\n", "quote decimals"),
    "text for a number": ("game: game.yaml\nclaims:\n  - {figure: house_edge, wager: pair_plus, published: about two}\n", "is not a number, a percentage"),
    "unknown field": ("game: game.yaml\nclaims:\n  - {figure: house_edge, wager: pair_plus, publshed: \"2%\"}\n", ":3: claims.0.publshed: unknown field"),
    "no claims": ("game: game.yaml\nclaims: []\n", "non-empty list 'claims'"),
    "unknown paytable id": ("claims:\n  - {figure: house_edge, wager: pair_plus, paytable: nope, published: \"2%\"}\n", "no game file with id 'nope'"),
    "wager not offered": ("game: game.yaml\nclaims:\n  - {figure: house_edge, wager: progressive, published: \"2%\"}\n", "offers no 'progressive'"),
    "unknown outcome": ("game: game.yaml\nclaims:\n  - {figure: combinations, wager: pair_plus, outcome: royal, published: \"4\"}\n", "has no outcome 'royal'"),
    "no game": ("claims:\n  - {figure: house_edge, wager: pair_plus, published: \"2%\"}\n", "name a game file"),
    "optimal_gain of an optimal strategy": ("game: game.yaml\nclaims:\n  - {figure: optimal_gain, published: \"0.2%\"}\n",
                                            ":3: optimal_gain: game.yaml is quoted with its optimal strategy"),
    "YAML error": ("game: game.yaml\nclaims:\n  - {figure: house_edge\n", "YAML syntax error"),
}


@pytest.mark.parametrize("name", sorted(BAD_CLAIMS))
def test_bad_claims_file_is_one_clear_error(name, tmp_path):
    text, expected = BAD_CLAIMS[name]
    path = write(tmp_path, text)
    with pytest.raises(InputError) as error:
        verify_file(path)
    assert expected in str(error.value) and str(error.value).startswith(str(path)) and "\n" not in str(error.value)


BLACKJACK = "game: blackjack\nid: bj-small\ndeck: {ranks: 9-A}\nblackjack: {split: none}\n"  # 24 cards, 16 worth ten
DEALER_CLAIMS = {
    "up card unknown": ("  - {figure: dealer_total, up: \"1\", outcome: \"17\", published: \"0.1\"}\n", ":4: up: no up card '1' (up cards: A, 9, T)"),
    "no such total": ("  - {figure: dealer_total, up: A, outcome: \"16\", published: \"0.1\"}\n", ":4: outcome: the dealer ends on one of 17, 18"),
    "no up card": ("  - {figure: dealer_total, outcome: \"17\", published: \"0.1\"}\n", ":4: claims.0: dealer_total needs up"),
}


def test_a_blackjack_dealer_s_final_totals_are_claimed_by_up_card(tmp_path):
    (tmp_path / "bj.yaml").write_text(BLACKJACK)
    path = write(tmp_path, "game: bj.yaml\nclaims:\n  - {figure: dealer_total, up: A, outcome: blackjack, published: \"0.695652\"}\n"
                           "  - {figure: dealer_total, up: T, outcome: 21, published: \"0.695652\"}\n")
    frame = verify_file(path)
    assert frame["computed"].tolist()[0] == Fraction(16, 23) and frame["result"].tolist() == ["pass", "FAIL"]
    assert frame["claim"].tolist() == ["dealer's blackjack under A", "dealer's 21 under T"]


@pytest.mark.parametrize("name", sorted(DEALER_CLAIMS))
def test_bad_dealer_total_claims(name, tmp_path):
    text, expected = DEALER_CLAIMS[name]
    (tmp_path / "bj.yaml").write_text(BLACKJACK)
    path = write(tmp_path, "game: bj.yaml\nsource: s\nclaims:\n" + text)
    with pytest.raises(InputError) as error:
        verify_file(path)
    assert str(error.value).startswith(str(path)) and expected in str(error.value), str(error.value)


def test_dealer_totals_are_a_blackjack_figure(tmp_path):
    path = write(tmp_path, "game: game.yaml\nclaims:\n  - {figure: dealer_total, up: A, outcome: \"17\", published: \"0.1\"}\n")
    with pytest.raises(InputError, match=r":3: dealer_total: .* the dealer's final totals are a blackjack game's figure"):
        verify_file(path)


def test_paytable_id_names_a_game_beside_the_claims():
    claims = load_claims(CLAIMS / "pair-plus.yaml").claims
    assert {c.game.name for c in claims} >= {"standard.yaml", "pair-plus-40-30-6-3-1.yaml"}


def test_cli_exit_codes(tmp_path):
    passing = cli("verify", str(CLAIMS / "progressive.yaml"), str(CLAIMS / "pair-plus.yaml"))
    assert passing.returncode == 0 and "11,520" in passing.stdout and "10 of 10 claims pass" in passing.stdout
    failing = cli("verify", str(CLAIMS / "six-card-bonus.yaml"), "--format", "json")
    assert failing.returncode == 1
    out = json.loads(failing.stdout)
    assert out["failed"] == 1 and [c["published"] for c in out["claims"] if not c["passed"]] == ["10.23%"]
    assert next(c for c in out["claims"] if not c["passed"])["computed"] == "15306/149695"
    bad = cli("verify", str(write(tmp_path, BAD_CLAIMS["unknown figure"][0])))
    assert bad.returncode == 2 and bad.stdout == "" and bad.stderr.startswith("error: ") and bad.stderr.count("\n") == 1
