"""Envy bonuses across seats dealt from one deck: the exact counts against every deal of a small deck, and properties."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from casino_math.analysis import analyze
from casino_math.counting.progressives import envy_seats
from casino_math.counting.seats import seat_counts
from tests.references.seats_brute_force import envy_figures, line_of

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


@pytest.mark.parametrize("others", [1, 2, pytest.param(3, marks=pytest.mark.slow)])
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


@pytest.mark.parametrize("others", [1, 2, pytest.param(3, marks=pytest.mark.slow)])
def test_a_shared_meter_matches_every_deal_of_a_small_deck(tmp_path: Path, others: int) -> None:
    """Seats holding a mini royal in one round split the meter: every deal of a 12-card deck, the player's pay divided
    by the seats that hold one."""
    from casino_math.counting.progressives import shared_meter
    from tests.references.seats_brute_force import index_deals

    path = tmp_path / "shared.yaml"
    path.write_text(SHARED)
    analysis = analyze(path)
    bet = analysis.game.side_bet["progressive"]
    exact = shared_meter(bet, analysis.tables["progressive"], seat_counts(analysis.game, bet), most=others)[-1]
    lines, cards = ("mini royal", "three of a kind"), analysis.game.deck.cards
    name: dict[tuple[int, ...], str] = {hand: line_of(tuple(cards[i] for i in hand), lines) for hand in itertools.combinations(range(len(cards)), 3)}
    tally: Counter[tuple[str, int]] = Counter()  # deals by the player's line and the mini royals of all seats
    for deal in index_deals(len(cards), others + 1):
        named = [name[hand] for hand in deal]
        tally[(named[0], named.count("mini royal"))] += 1
    total, deals = Fraction(0), sum(tally.values())
    for (own, royals), count in tally.items():
        if own == "mini royal":
            total += count * (Fraction(60, royals) - 1)
        else:
            total += count * (4 if own == "three of a kind" else -1)
    assert exact == total / deals
    assert exact < analysis.tables["progressive"].metrics.expected_return


FIVE = """
game: caribbean_stud
id: small-five-card-envy
deck: {{ranks: Q-A}}
deal: [{deal}]
hands: {{player: {{of: [{of}], best: 5, ranking: high}}}}
side_bets:
  progressive:
    pays: progressive
    progressive:
      meters: {{jackpot: {{pays: {{four of a kind: 100%}}, seed: 200}}}}
      envy: {{four of a kind: 40, full house: 7}}
paytables:
  progressive: {{four of a kind: "200 for 1", full house: "20 for 1", three of a kind: "3 for 1", two pair: "2 for 1"}}
"""


def five_card_game(tmp_path: Path, board: int):
    """Five-card poker hands on a 12-card deck: a seat's own five (Caribbean Stud), or its two and a board of three
    every seat shares (Ultimate Texas Hold'em's hole cards and flop)."""
    path = tmp_path / "five.yaml"
    deal, of = ("{player: 2}, {board: 3}", "player, board") if board else ("{player: 5}", "player")
    path.write_text(FIVE.format(deal=deal, of=of))
    return analyze(path)


def check_against_every_deal(analysis, others: int, size: int, board: int, namer) -> None:
    bet = analysis.game.side_bet["progressive"]
    table = analysis.tables["progressive"]
    figures = envy_seats(bet, table, seat_counts(analysis.game, bet), most=others)[-1]
    nets = {o.key("line"): o.net for o in table.outcomes if o.key("line")}
    mean, sd, paid = envy_figures(analysis.game.deck.cards, others, nets, dict(bet.progressive.envy.pays), size, board, namer)
    assert (figures.expected, figures.any_paid) == (mean, paid)
    assert figures.sd == pytest.approx(sd, rel=1e-12)


def test_five_card_seats_match_every_deal(tmp_path: Path) -> None:
    """Caribbean Stud's shape: each seat's own five cards, the player and another from a 12-card deck."""
    from tests.references.seats_brute_force import poker_line_of

    check_against_every_deal(five_card_game(tmp_path, board=0), 1, 5, 0, poker_line_of)


@pytest.mark.parametrize("others", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_seats_sharing_a_flop_match_every_deal(tmp_path: Path, others: int) -> None:
    """Ultimate Texas Hold'em's shape: every seat's two cards and the flop they share, every deal of a 12-card deck."""
    from tests.references.seats_brute_force import poker_line_of

    check_against_every_deal(five_card_game(tmp_path, board=3), others, 2, 3, poker_line_of)


BOARD = """
game: three_card_poker
id: small-board-envy
deck: {ranks: Q-A}
deal: [{player: 2}, {board: 1}]
hands: {player: {of: [player, board], ranking: three-card}}
side_bets:
  progressive:
    pays: progressive
    progressive:
      meters: {jackpot: {pays: {mini royal in spades: 100%}, seed: 50}}
      envy: {mini royal in spades: 10, mini royal: 3, three of a kind: 1}
paytables:
  progressive: {mini royal in spades: "50 for 1", mini royal: "20 for 1", three of a kind: "5 for 1", pair: "2 for 1"}
"""


@pytest.mark.parametrize("ranks, others", [("K-A", 1), ("K-A", 2), ("Q-A", 1), pytest.param("Q-A", 2, marks=pytest.mark.slow),
                                           pytest.param("Q-A", 3, marks=pytest.mark.slow)])
def test_seats_sharing_a_board_card_match_every_deal(tmp_path: Path, ranks: str, others: int) -> None:
    """Three-card hands of two own cards and one board card every seat shares: up to four seats on 8 or 12 cards, where
    the board ties the seats together (a board queen of spades leaves the mini royal in spades to one seat at most)."""
    path = tmp_path / "board.yaml"
    path.write_text(BOARD.replace("ranks: Q-A", f"ranks: {ranks}"))
    check_against_every_deal(analyze(path), others, 2, 1, line_of)


def test_a_shared_board_ties_the_seats(tmp_path: Path) -> None:
    """Seats sharing a board are far from independent: the chance another seat is paid differs from the same bet on
    each seat's own three cards, while the mean per seat is the same."""
    path = tmp_path / "board.yaml"
    path.write_text(BOARD)
    board = analyze(path)
    bet = board.game.side_bet["progressive"]
    own = small_game(tmp_path)
    rows = envy_seats(bet, board.tables["progressive"], seat_counts(board.game, bet), most=3)
    apart = envy_seats(own.game.side_bet["progressive"], own.tables["progressive"], seat_counts(own.game, own.game.side_bet["progressive"]), most=3)
    assert [r.envy for r in rows] == [r.envy for r in apart]
    assert all(r.any_paid != a.any_paid for r, a in zip(rows[1:], apart[1:]))


def test_a_meter_split_on_a_shared_board_is_refused(tmp_path: Path) -> None:
    from casino_math.errors import InputError

    path = tmp_path / "board.yaml"
    path.write_text(BOARD.replace("      envy: {mini royal in spades: 10, mini royal: 3, three of a kind: 1}", "      several: share"))
    with pytest.raises(InputError, match=r"several: .*no board or dealer card shared"):
        analyze(path)


def test_seven_cards_on_a_shared_board_are_refused(tmp_path: Path) -> None:
    """Trips reads the hole cards and all five board cards: its 133,784,560 seven-card hands are too many to name one by
    one, and the refusal says so (exit code 2 from the tools, no traceback)."""
    from casino_math.analysis import load_game
    from casino_math.errors import InputError

    path = tmp_path / "trips.yaml"
    path.write_text(FIVE.format(deal="{player: 2}, {board: 5}", of="player, board").replace("Q-A", "2-A"))
    game = load_game(path)
    with pytest.raises(InputError, match=r"133,784,560 hands of 7 cards: too many"):
        seat_counts(game, game.side_bet["progressive"])


@settings(max_examples=10, deadline=None)
@given(st.integers(1, 200), st.integers(1, 200), st.integers(1, 200))
def test_on_a_shared_board_each_seat_adds_the_tables_chance(spades: int, other: int, trips: int) -> None:
    """With a board every seat shares, each other seat still adds the bet's own chance of each line times its bonus (the
    seats are alike), while the chance another seat is paid grows with the seats and does not depend on the amounts."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "board.yaml"
        path.write_text(BOARD.replace("envy: {mini royal in spades: 10, mini royal: 3, three of a kind: 1}",
                                      f"envy: {{mini royal in spades: {spades}, mini royal: {other}, three of a kind: {trips}}}"))
        analysis = analyze(path)
        bet = analysis.game.side_bet["progressive"]
        table = analysis.tables["progressive"]
        rows = envy_seats(bet, table, seat_counts(analysis.game, bet), most=3)
    chance = {o.key("line"): Fraction(o.combinations, table.total) for o in table.outcomes}
    per_seat = spades * chance["mini royal in spades"] + other * chance["mini royal"] + trips * chance["three of a kind"]
    assert [r.envy for r in rows] == [n * per_seat for n in (1, 2, 3)]
    chances = [r.any_paid for r in rows]
    assert chances == sorted(chances) and all(0 < c < 1 for c in chances)
