"""Envy bonuses across seats dealt from one deck: the exact counts against every deal of a small deck, and properties."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from casino_math.analysis import analyze
from casino_math.counting.progressives import envy_seats
from casino_math.counting.seats import seat_counts
from tests.references.seats_brute_force import envy_figures

SMALL = """
game: three_card_poker
id: small-envy
deck: {{ranks: Q-A}}
deal: [{{player: 3}}]
hands: {{player: {{of: [player], ranking: three-card}}}}
side_bets:
  progressive:
    pays: progressive
    progressive:
      meters: {{jackpot: {{pays: {{mini royal in spades: 100%}}, seed: 50, rate: 10%}}}}
      envy: {envy}
paytables:
  progressive: {{mini royal in spades: "50 for 1", mini royal: "20 for 1", three of a kind: "5 for 1", pair: "2 for 1"}}
"""


def small_game(tmp_path: Path, envy: str = "{mini royal in spades: 10, mini royal: 3, three of a kind: 1}"):
    path = tmp_path / "small.yaml"
    path.write_text(SMALL.format(envy=envy))
    return analyze(path)


@pytest.mark.parametrize("others", [1, 2, 3])
def test_envy_matches_every_deal_of_a_small_deck(tmp_path: Path, others: int) -> None:
    analysis = small_game(tmp_path)
    bet = analysis.game.side_bet["progressive"]
    table = analysis.tables["progressive"]
    figures = envy_seats(bet, table, seat_counts(analysis.game, bet), most=others)[-1]
    nets = {o.key("line"): o.net for o in table.outcomes if o.key("line")}
    envy = dict(bet.progressive.envy.pays)
    mean, sd, paid = envy_figures(analysis.game.deck.cards, others, nets, envy)
    assert figures.others == others
    assert figures.expected == mean
    assert figures.sd == pytest.approx(sd, rel=1e-12)
    assert figures.any_paid == paid


def test_card_removal_is_counted(tmp_path: Path) -> None:
    """On 12 cards the seats are far from independent: the exact chance that another seat is paid differs from the
    one that treats seats as independent (the mean does not)."""
    analysis = small_game(tmp_path)
    bet = analysis.game.side_bet["progressive"]
    seats = seat_counts(analysis.game, bet)
    one = 1 - seats.none_of(dict(bet.progressive.envy.pays), 1)
    three = envy_seats(bet, analysis.tables["progressive"], seats, most=3)
    assert three[2].any_paid != 1 - (1 - one) ** 3
    assert three[2].envy == 3 * three[0].envy


@settings(max_examples=10, deadline=None)
@given(st.integers(1, 200), st.integers(1, 200), st.integers(1, 200))
def test_envy_is_linear_in_its_pays_and_its_seats(spades: int, other: int, trips: int) -> None:
    """Each seat adds its chance of each line times the line's bonus; the chance another seat is paid does not depend
    on the amounts, and grows with the seats."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        analysis = small_game(Path(folder), f"{{mini royal in spades: {spades}, mini royal: {other}, three of a kind: {trips}}}")
        bet = analysis.game.side_bet["progressive"]
        table = analysis.tables["progressive"]
        rows = envy_seats(bet, table, seat_counts(analysis.game, bet), most=3)
    hands = 220  # C(12, 3): one mini royal in spades, three others, 3 ranks × C(4, 3) = 12 three of a kinds
    per_seat = Fraction(spades * 1 + other * 3 + trips * 12, hands)
    assert [r.envy for r in rows] == [n * per_seat for n in (1, 2, 3)]
    assert [r.expected for r in rows] == [table.metrics.expected_return + n * per_seat for n in (1, 2, 3)]
    chances = [r.any_paid for r in rows]
    assert chances == sorted(chances) and all(0 < c < 1 for c in chances)


SHARED = """
game: three_card_poker
id: small-shared
deck: {ranks: Q-A}
deal: [{player: 3}]
hands: {player: {of: [player], ranking: three-card}}
side_bets:
  progressive:
    pays: progressive
    progressive:
      meters: {jackpot: {pays: {mini royal: 100%}, seed: 60, rate: 10%}}
      several: share
paytables:
  progressive: {mini royal: "60 for 1", three of a kind: "5 for 1"}
"""


@pytest.mark.parametrize("others", [1, 2, 3])
def test_a_shared_meter_matches_every_deal_of_a_small_deck(tmp_path: Path, others: int) -> None:
    """Seats holding a mini royal in one round split the meter: every deal of a 12-card deck, the player's pay divided
    by the seats that hold one."""
    from casino_math.counting.progressives import shared_meter
    from tests.references.seats_brute_force import line_of, table_deals

    path = tmp_path / "shared.yaml"
    path.write_text(SHARED)
    analysis = analyze(path)
    bet = analysis.game.side_bet["progressive"]
    exact = shared_meter(bet, analysis.tables["progressive"], seat_counts(analysis.game, bet), most=others)[-1]
    lines = ("mini royal", "three of a kind")
    total, deals = Fraction(0), 0
    for deal in table_deals(analysis.game.deck.cards, others + 1):
        named = [line_of(hand, lines) for hand in deal]
        if named[0] == "mini royal":
            total += Fraction(60, named.count("mini royal")) - 1
        else:
            total += 4 if named[0] == "three of a kind" else -1
        deals += 1
    assert exact == total / deals
    assert exact < analysis.tables["progressive"].metrics.expected_return
