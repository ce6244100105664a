"""A comma in a pay groups thousands, or the file is refused: "1,5" (a decimal comma, or a slip) was read as 15 to 1
without a word (issue #34, item 5)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from casino_math.analysis import load_game
from casino_math.errors import InputError
from casino_math.pays import Pay
from tests.helpers.paths import ROOT

MINI = ROOT / "tests" / "games" / "mini-three-card.yaml"
LINE = "  ante_bonus: {mini royal: 7, straight flush: 5, three of a kind: 4, straight: 1}"


@pytest.mark.parametrize("written, net", [("1,000", 1000), ("10,000 to 1", 10000), ("2,500.5", Fraction(5001, 2)),
                                          ("1,000 for 1", 999)])
def test_commas_that_group_thousands_are_read(written, net):
    assert Pay.parse(written).net == net


@pytest.mark.parametrize("written, readings", [("1,5", ("1.5", "15")), ("1000,5", ("1000.5", "10005")),
                                               ("3 to 2,5", ("2.5", "25")), ("1,50,000", ("1.50000", "150000"))])
def test_a_comma_that_groups_no_thousands_is_refused_with_both_readings(written, readings):
    with pytest.raises(ValueError) as refused:
        Pay.parse(written)
    assert all(reading in str(refused.value) for reading in readings), refused.value


def test_a_game_file_with_a_decimal_comma_says_where(tmp_path: Path):
    text = MINI.read_text()
    assert LINE in text
    game = tmp_path / "mini.yaml"
    game.write_text(text.replace(LINE, LINE.replace("straight: 1}", 'straight: "1,5"}')))
    with pytest.raises(InputError) as refused:
        load_game(game)
    message = str(refused.value)
    line = text.splitlines().index(LINE) + 1
    assert message.startswith(f"{game}:{line}: paytables.ante_bonus.straight: '1,5' has a comma") and "\n" not in message, message
