"""The strategy section: each decision the engine solved, in words, in numbers around its threshold, and what simpler play costs.

For every decision (and every history of stakes that reaches it): the rule in
a sentence, how often each option is taken, and, where the choice is a
threshold on the player's hand, the hand classes either side of it with each
option's expected value and a chart of the best option's gain over the least.
Then the simpler strategies the game file lists, priced against the optimal one.
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial

import numpy as np
import pandas as pd

from ..analysis import GameAnalysis
from ..contract.solution import DecisionView
from ..returns import ReturnTable
from . import charts
from .bets import LONGEST_COUNT, strategy_words
from .document import Block, Cell, Chart, Column, Paragraph, Section, Table, cells
from ..text import decimal, integer, percent, sentence, words
from .rules import option_text
from .wording import stake_history, strategy_sentence

NEAR_ROWS = 6  # hand classes shown either side of each threshold
CHART_ROWS = 24  # and drawn either side of the threshold of the least option
SEEN_COLUMNS = {"dealer shows": "Dealer shows", "board": "Board", "player": "Player's cards"}


def _least(strategy: DecisionView) -> int:
    """The option that wagers least (a fold before a check): the baseline of the gain chart."""
    options = strategy.options
    return min(range(len(options)), key=lambda i: (options[i].units, not options[i].folds))


def _either(names: list[str]) -> str:
    """``split``, ``split or surrender``, ``double, split or surrender``."""
    return " or ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)


def taken_table(strategy: DecisionView, played: str = "the optimal strategy") -> Table:
    """How often each option is taken; an option no hand takes here (blackjack's surrender where the rules have none, a
    split among hard totals) is named in the caption, not given a row of zeros."""
    taken = strategy.taken()
    total = sum(taken.values())
    counted = len(str(total)) <= LONGEST_COUNT  # a shoe's later decisions weigh hands by deals: shares alone there
    rows = tuple(cells(option_text(o), *[integer(taken[o.name])] * counted,
                       percent(Fraction(taken[o.name], total), 2) if total else "–")
                 for o in strategy.options if taken[o.name] or not total)
    never = [o.name for o in strategy.options if total and not taken[o.name]]
    return Table((Column("Option"), *[Column("Hands", numeric=True)] * counted, Column("Share", numeric=True)), rows,
                 totals=cells("Total", *[integer(total)] * counted, percent(1, 2)),
                 caption=f"How often each option is taken under {played}, over the hands the player can see here (each "
                         "set of the cards seen counted once)." + (f" No hand here takes {_either(never)}." if never else ""))


def _ordered(strategy: DecisionView) -> tuple[pd.DataFrame, list[int]]:
    """The strategy's classes strongest hand first, and where the option taken changes (the thresholds)."""
    values = strategy.player_values
    assert values is not None
    frame = strategy.frame()
    order = np.lexsort((np.arange(len(values)), -values))
    ordered = frame.iloc[order].reset_index(drop=True)
    decisions = ordered["decision"].tolist()
    changes = [i for i in range(1, len(decisions)) if decisions[i] != decisions[i - 1]]
    return ordered, changes


def _ev(value: float) -> str:
    """An option's EV as the table shows it; an option the hand may not take (open only with a better one) has none."""
    return "not open" if np.isnan(value) else f"{value:+.6f}"


def near_threshold(strategy: DecisionView, key: str) -> tuple[Block, ...]:
    """The classes either side of each threshold, each option's EV, and the gain chart around the least option's."""
    ordered, changes = _ordered(strategy)
    options = [o.name for o in strategy.options]
    least = options[_least(strategy)]
    # what the best of the other options gains over the least: negative where the least is right (play − fold, generalised)
    gain = ordered[[f"ev_{o}" for o in options if o != least]].max(axis=1) - ordered[f"ev_{least}"]
    shown = sorted({i for c in changes for i in range(max(c - NEAR_ROWS, 0), min(c + NEAR_ROWS, len(ordered)))})
    seen = [c for c in SEEN_COLUMNS if c in ordered.columns]
    table = Table(
        (*(Column(SEEN_COLUMNS[c]) for c in seen), Column("Hand"), Column("Hands", numeric=True),
         *(Column(f"EV {o}", numeric=True) for o in options), Column(f"Best − {least}", numeric=True), Column("Decision")),
        tuple(cells(*(str(ordered.at[i, c]) for c in seen), words(str(ordered.at[i, "hand"])),
                    integer(int(ordered.at[i, "combinations"])), *(_ev(ordered.at[i, f"ev_{o}"]) for o in options),
                    f"{gain[i]:+.6f}", str(ordered.at[i, "decision"])) for i in shown),
        caption=f"Expected value per initial stake of each option, for the hand classes either side of each threshold, "
                f"strongest hand first; each class is shown by one of its members. Best − {least}: the best other option's "
                f"expected value less that of {least}.",
    )
    edge = changes[-1]  # in strength order the least option is taken last
    window = range(max(edge - CHART_ROWS, 0), min(edge + CHART_ROWS, len(ordered)))
    labels = [str(ordered.at[i, seen[-1]]) for i in window]
    gains = [float(gain[i]) for i in window]
    taken = [ordered.at[i, "decision"] != least for i in window]
    heading = f"{sentence(strategy.name)}: {strategy.summary()}"
    return table, Chart(key, f"Expected value of the best option other than {least}, less {least}'s, by player hand around the threshold",
                        partial(charts.option_gain_chart, labels, gains, taken, least, heading))


ACTIONS = {"H": "hit", "S": "stand", "D": "double", "P": "split", "R": "surrender"}  # a chart's codes by their first letter


def chart_table(strategy: DecisionView, codes: str) -> Table:
    """A strategy chart as printed (a view whose exhibits give a ``chart_legend``: rows of hands, a column per dealer up
    card, each cell an action's code), every cell coloured by its action."""
    frame = strategy.frame()
    ups = [str(c) for c in frame.columns[1:]]
    rows = tuple((Cell(str(r[0])), *(Cell(str(code), tone=f"act-{ACTIONS[str(code)[:1]]}" if str(code)[:1] in ACTIONS else "")
                                     for code in r[1:])) for r in frame.itertuples(index=False))
    by = strategy.exhibits.table_caption or "by the dealer's up card"  # Double Exposure's: by the dealer's two cards
    return Table((Column(str(frame.columns[0]).capitalize()), *(Column(up) for up in ups)), rows,
                 caption=f"{sentence(strategy.name)}, {by}: {codes}.")


def decision_blocks(strategy: DecisionView, key: str) -> tuple[Block, ...]:
    """One decision under one history; ``key`` names its chart."""
    exhibits = strategy.exhibits
    codes, about = exhibits.chart_legend, exhibits.table_caption
    if codes:  # a chart printed as players use it (what its codes mean), not the optimal strategy's
        return chart_table(strategy, codes), taken_table(strategy, "the basic strategy chart")
    if about:  # figures by something the player sees (what they are), no decision in them: the table as it is
        frame = strategy.frame()
        return (Paragraph(f"{sentence(strategy.summary())}."),
                Table(tuple(Column(sentence(str(c)), numeric=i > 0) for i, c in enumerate(frame.columns)),
                      tuple(cells(*(str(x) for x in r)) for r in frame.itertuples(index=False)), caption=f"{sentence(about)}."))
    breakdown = exhibits.breakdown
    if breakdown is not None:  # a strategy written as rules (a house way): each rule, the hands it set, what it costs
        return (Paragraph(f"{sentence(strategy.summary())}."), *(
            Table(tuple(Column(str(c), numeric=frame[c].dtype.kind in "if") for c in frame.columns),
                  tuple(cells(*(integer(int(v)) if isinstance(v, (int, np.integer)) else str(v) for v in row))
                        for row in frame.itertuples(index=False)), caption=caption)
            for caption, frame in breakdown()))
    blocks: list[Block] = [Paragraph(f"Optimal strategy: {strategy_sentence(strategy.summary(), {})}."), taken_table(strategy)]
    if strategy.by_category:
        blocks.append(category_table(strategy))
    elif strategy.thresholds and sum(n > 0 for n in strategy.taken().values()) > 1:  # a threshold some hands fall short of
        blocks += near_threshold(strategy, key)
    return tuple(blocks)


def category_table(strategy: DecisionView) -> Table:
    """A decision counted by category (the player's hand and how the board pairs; a shoe game's cards seen): how often
    each takes each option, and each option's expected value where the view gives it."""
    frame = strategy.frame()
    options = [o.name for o in strategy.options]
    board = "board" in frame.columns
    valued = all(f"ev_{o}" in frame.columns for o in options)
    rows = tuple(cells(*([str(r["board"])] if board else []), str(r["hand"]), integer(int(r["combinations"])),
                       *(percent(Fraction(int(r[o]), int(r["combinations"])), 2) for o in options),
                       *(f"{r[f'ev_{o}']:+.6f}" for o in options if valued))
                 for r in frame.to_dict("records"))
    evs = " Expected value: per initial stake, of each option, averaged over the category's cards." if valued else ""
    return Table((*([Column("Board")] if board else []), Column("Player's hand" if board else "Cards seen"), Column("Hands", numeric=True),
                  *(Column(option_text(o), numeric=True) for o in strategy.options),
                  *(Column(f"EV {o}", numeric=True) for o in options if valued)), rows, grouped=board,
                 caption="Each option's share of the hands of each category, under the optimal strategy." + evs)


def _same_play(table: ReturnTable) -> tuple:
    return tuple((o.keys, o.net, o.combinations) for o in table.outcomes)


def simpler_strategies(analysis: GameAnalysis) -> Table:
    """House edge of the simpler strategies the file lists, against the optimal one, on the same pays."""
    own = analysis.tables[analysis.game.bet].metrics
    rows = [cells("optimal", strategy_words(analysis), percent(own.house_edge), percent(own.element_of_risk),
                  decimal(own.average_wager, 4), percent(0))]
    seen: dict[tuple, str] = {}
    for name, table in analysis.simple_strategies.items():
        same = seen.setdefault(_same_play(table), name)
        m = table.metrics
        rows.append(cells(name if same == name else f"{name}: plays as {same}", analysis.game.strategies[name],
                          percent(m.house_edge), percent(m.element_of_risk), decimal(m.average_wager, 4),
                          percent(m.house_edge - own.house_edge)))
    return Table(
        (Column("Strategy"), Column("Rule"), Column("House edge", numeric=True), Column("Element of risk", numeric=True),
         Column("Average wager", numeric=True), Column("Cost", numeric=True)),
        tuple(rows),
        caption="Cost: the extra house edge, per initial stake, of playing a simpler strategy instead of the optimal one.",
    )


def strategy_section(analysis: GameAnalysis) -> Section:
    """Every decision of the main file's own bet, then the simpler strategies it lists."""
    strategies = analysis.decisions
    intro = next((s.exhibits.intro for s in strategies if s.exhibits.intro), "")  # a strategy declared
    blocks: list[Block] = [Paragraph(intro or (
        "The engine derives the strategy by backward induction: at the last decision each option's expected value is "
        "counted exactly over the cards still hidden; at an earlier one, an option is worth the average over the next "
        "cards of the best option there."))]
    for i, strategy in enumerate(strategies):
        heading = sentence(strategy.name) + (f", {stake_history(strategy.history, analysis.game.names.bets)}" if strategy.history else "")
        anchor = f"strategy-{i + 1}"
        blocks.append(Section(heading, anchor, decision_blocks(strategy, anchor)))
    if analysis.simple_strategies:
        blocks.append(Section("Cost of simpler strategies", "simpler-strategies", (simpler_strategies(analysis),)))
    return Section("Strategy", "strategy", tuple(blocks))
