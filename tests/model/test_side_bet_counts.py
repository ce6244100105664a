"""A side bet's deals per line are counted once per deck, hands and patterns: a changed pay is priced on them, a
changed pattern counts again, and either gives what a count from nothing gives."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from casino_math.counting import side_bets
from casino_math.analysis import load_game
from casino_math.pays import Pay
from tests.helpers.paths import ROOT



def _fresh(game, bet):
    side_bets._COUNTED.clear()
    return side_bets.side_bet_table(game, bet)


def test_a_changed_pay_reuses_the_count_and_a_changed_line_counts_again():
    game = load_game(ROOT / "paytables" / "three_card_poker" / "standard.yaml")
    bet = game.side_bet["pair_plus"]
    table = game.paytables[bet.table]
    before = _fresh(game, bet)
    first = table.lines[0]
    paid_more = replace(game, paytables={**game.paytables, bet.table: replace(table, lines=(
        replace(first, pay=Pay(first.pay.amount + 7)), *table.lines[1:]))})
    kept = len(side_bets._COUNTED)
    again = side_bets.side_bet_table(paid_more, bet)
    assert len(side_bets._COUNTED) == kept  # the same deals, priced anew
    assert again == _fresh(paid_more, bet) != before
    assert [o.combinations for o in again.outcomes] == [o.combinations for o in before.outcomes]
    assert again.outcomes[0].net == before.outcomes[0].net + 7
    dropped = replace(game, paytables={**game.paytables, bet.table: replace(table, lines=table.lines[1:])})
    fewer = side_bets.side_bet_table(dropped, bet)
    assert len(side_bets._COUNTED) == kept + 1 and fewer == _fresh(dropped, bet)
    assert sum(o.combinations for o in fewer.outcomes) == sum(o.combinations for o in before.outcomes)
    assert isinstance(fewer.outcomes[-1].net, Fraction)
