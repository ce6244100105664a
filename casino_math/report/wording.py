"""Words a lab can file: pays as the table states them, results, stakes and histories with the game's own names.

A game file names things for machines (``super_6_banker``, ``flop_bet``,
``19/20``); a par sheet names them as the table does. Pays read as the trade
writes them: whole pays "to 1", a fraction in its smallest whole terms
("3 to 2", "6 to 5"), and a pay a little short of even money as the commission
it is ("1 to 1 less 5% commission").

>>> from fractions import Fraction
>>> pay_text(Fraction(3, 2)), pay_text(Fraction(19, 20)), pay_text(Fraction(40)), pay_text(Fraction(5, 2), for_one=True)
('3 to 2', '1 to 1 less 5% commission', '40 to 1', '5 for 2')
>>> readable_pays("win 19/20 to 1"), readable_pays("wins 3/2"), readable_pays("1.5 to 1"), readable_pays("loses 1")
('win 1 to 1 less 5% commission', 'wins 1.5', '3 to 2', 'loses 1')
>>> line_name("any"), line_name("same_colour on six_cards"), outcome_name("any: Banker wins")
('any other hand', 'same colour on six cards', 'any other hand: Banker wins')
>>> stake_history("flop_bet=2, turn_bet=1", {})
'after betting 2 on the Flop Bet and 1 on the Turn Bet'
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Mapping

from ..game.description import Game, Result
from ..pays import Pay
from ..text import title, words

MOST_COMMISSION = Fraction(1, 10)  # a pay short of even money by at most this, in whole percent, is read as a commission
_PAY = re.compile(r"(?<![\w/.])(\d+(?:\.\d+)?(?:/\d+)?) (to|for) 1\b")
_FRACTION = re.compile(r"(?<![\w/.])(\d+)/(\d+)(?![\w/])")


def pay_text(amount: Fraction, for_one: bool = False) -> str:
    """A pay as the table states it: ``40 to 1``, ``3 to 2``, ``1 to 1 less 5% commission``, ``5 for 2``."""
    if for_one:
        return f"{amount.numerator} for {amount.denominator}"
    if amount.denominator == 1:
        return f"{amount.numerator} to 1"
    commission = 1 - amount
    if 0 < commission <= MOST_COMMISSION and (commission * 100).denominator == 1:
        return f"1 to 1 less {commission * 100}% commission"
    return f"{amount.numerator} to {amount.denominator}"


def pay_words(pay: Pay) -> str:
    """:func:`pay_text` of a :class:`~casino_math.pays.Pay` (or ``push``)."""
    return "push" if pay.push else pay_text(pay.amount, pay.for_one)


def readable_pays(text: str) -> str:
    """A pay or a result written by the engine, with its pays stated as the table states them and any other fraction
    (a net result in stakes) as a decimal."""
    text = _PAY.sub(lambda m: pay_text(Fraction(m.group(1)), m.group(2) == "for") if m.group(2) == "to" or "/" in m.group(1)
                    or "." in m.group(1) else m.group(0), text)
    return _FRACTION.sub(lambda m: f"{int(m.group(1)) / int(m.group(2)):g}", text)


def line_name(key: str) -> str:
    """A paytable's line as words: ``any`` (a table's last line, paying whatever else wins) as ``any other hand``."""
    return "any other hand" if key == "any" else words(key)


def outcome_name(name: str) -> str:
    """An outcome of a return table as words, its line named by :func:`line_name`."""
    line, colon, rest = name.partition(": ")
    return f"{line_name(line)}: {words(rest)}" if colon else words(name)


def wager_name(game: Game, wager: str) -> str:
    """A wager as the game names it (its ``names: {bets: ...}``), else as a heading (``Flop Bet``), as its column in the
    settlement matrix is headed."""
    return game.names.bet(wager)


def result_text(game: Game, result: Result) -> str:
    """A declared result in the settlement matrix: ``win``, ``win 3 to 2``, ``paid by the Ante Bonus table, else push``."""
    if result.kind == "win":
        return "win" if result.net == 1 else f"win {pay_text(Fraction(result.net))}"
    if result.kind == "pays":
        return f"paid by the {title(result.table)} table" + (", else push" if result.otherwise == "push" else "")
    return result.kind


def stake_history(history: str, names: Mapping[str, str]) -> str:
    """A history of stakes (``flop_bet=2``, as the engine writes it) as words: ``after betting 2 on the flop bet``."""
    parts = []
    for item in history.split(", "):
        wager, _, units = item.partition("=")
        parts.append(f"{readable_pays(units)} on the {names.get(wager) or title(wager)}")
    return "after betting " + " and ".join(parts)


_HISTORY = re.compile(r"after ((?:\w+=[\d/]+)(?:, \w+=[\d/]+)*)")


def strategy_sentence(text: str, names: Mapping[str, str]) -> str:
    """A strategy in words as the engine writes it, its histories of stakes (``after a=2``) in words and its names
    without underscores (``bet_2x``: ``bet 2x``).

    >>> strategy_sentence("check | after flop_bet=2: bet_2x 828 of 1,980", {})
    'check | after betting 2 on the Flop Bet: bet 2x 828 of 1,980'
    """
    return _HISTORY.sub(lambda m: stake_history(m.group(1), names), text).replace("_", " ")
