"""The comparison of a family's paytables: for each bet, every file offering it, with what sets it apart from the main game.

A lab filing one paytable reads its row: its house edge and the rest beside
the main game's, and, in words, what differs from the main game: the deck or
shoe, each rule the file states differently (blackjack's soft 17, its pays
for a blackjack, a surrender), each step of the deal that differs, and the
bet's pays where they differ. The main game's row gives its own pays.

>>> from types import SimpleNamespace
>>> from casino_math.analysis import load_game
>>> six = SimpleNamespace(game=load_game("paytables/blackjack/6-decks-h17-das.yaml"))
>>> five = SimpleNamespace(game=load_game("paytables/blackjack/6-decks-h17-das-6-to-5.yaml"))
>>> differences(five, six, "blackjack")
'Blackjack pays 6 to 5.'
>>> war = SimpleNamespace(game=load_game("paytables/casino_war/6-decks.yaml"))
>>> differences(SimpleNamespace(game=load_game("paytables/casino_war/8-decks.yaml")), war, "casino_war")
'8 decks (6 in the main game).'
"""

from __future__ import annotations

from functools import partial
from typing import Sequence

from ..analysis import GameAnalysis
from ..game.description import Game
from ..text import amount, percent
from . import charts
from .bets import pays_summary
from .document import Block, Chart, Column, Table, cells
from .rules import deal_rows, deck_text


def pays_sentence(game: Game, bet: str) -> str:
    """A bet's pays as a sentence of the table: ``Pays 40-30-6-4-1.`` (a table named "pays" is not named twice)."""
    pays = pays_summary(game, bet)
    return "" if not pays else f"{pays[:1].upper()}{pays[1:]}." if pays.lower().startswith("pays") else f"Pays {pays}."


def _decks(n: int) -> str:
    return f"{n} deck{'s' * (n != 1)}"


def differences(variant: GameAnalysis, main: GameAnalysis, bet: str) -> str:
    """What the variant changes from the main game, for this bet, in sentences ("" where nothing does)."""
    game, base = variant.game, main.game
    said: list[str] = []
    if game.deck != base.deck:
        same_cards = (game.deck.ranks, game.deck.jokers) == (base.deck.ranks, base.deck.jokers)
        said.append(f"{_decks(game.deck.decks)} ({base.deck.decks} in the main game)." if same_cards
                    else f"Deck: {deck_text(game)}.")
    rules = [r for r in game.words.rules if r not in base.words.rules and not r.startswith("Shoe:")]
    said += rules
    steps = [text for _, text in deal_rows(game) if text not in {t for _, t in deal_rows(base)}]
    said += steps
    if game.words.strategy != base.words.strategy:
        said.append("Played by a declared strategy of its own (its section gives it)." if game.words.strategy else
                    "Played by the optimal strategy.")
    pays = pays_sentence(game, bet)
    if pays and bet in base.bets and pays != pays_sentence(base, bet) and not game.words.rules:  # rules in words state the pays
        said.append(pays)
    return " ".join(said)


def comparison(analyses: Sequence[GameAnalysis], main: GameAnalysis) -> tuple[Block, ...]:
    """One row per file and bet, lowest house edge first within each bet, saying what differs from the main game; and
    its chart."""
    order = list(dict.fromkeys(bet for a in analyses for bet in a.tables))
    rows, labels, edges, groups = [], [], [], []
    for bet in order:
        offering = sorted((a for a in analyses if bet in a.tables), key=lambda a: a.tables[bet].metrics.house_edge)
        for a in offering:
            m = a.tables[bet].metrics
            name = a.game.id + (" (main)" if a is main else "")
            pays = pays_sentence(a.game, bet)
            if a is main:
                what = pays or "The main game."
            else:
                what = differences(a, main, bet) or (pays if bet not in main.game.bets else "No rule or pay differs for this bet.")
            rows.append(cells(a.game.names.bet(bet), name, what, percent(m.house_edge), percent(m.element_of_risk),
                              percent(m.hit_frequency), f"{m.standard_deviation:.4f}", amount(m.max_win)))
            labels.append(f"{a.game.names.bet(bet)}: {name}")
            edges.append(float(m.house_edge))
            groups.append(a.game.names.bet(bet))
    table = Table(
        (Column("Bet"), Column("Paytable"), Column("What differs from the main game"), Column("House edge", numeric=True),
         Column("Element of risk", numeric=True), Column("Hit frequency", numeric=True), Column("SD", numeric=True),
         Column("Max win", numeric=True)),
        tuple(rows),
        grouped=True,
        caption="SD: standard deviation per initial stake. Max win: the largest net win, in initial stakes. The main "
                "game's row gives its pays; a variant's, what it changes.",
    )
    return table, Chart("house-edges", "House edge of each paytable variant", partial(charts.house_edge_chart, labels, edges, groups))
