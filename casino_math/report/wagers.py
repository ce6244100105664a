"""Par-sheet blocks for the wagers of one Three Card Poker game file.

Return tables, the Ante/Play strategy and its cost, and the comparison of
paytables. Each function turns analyses into document blocks (tables with
printed numbers, charts with the numbers to draw); nothing is computed here
that the analysis does not already hold, except the simpler strategies.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping, Sequence

import numpy as np

from ..analysis import BAND_HANDS, ReturnTable
from ..games.three_card_poker import CATEGORY_LABELS, ThreeCardPokerAnalysis, ante_play, simple_strategies
from ..paytable import Pay
from . import charts
from .document import Block, Cell, Chart, Column, Paragraph, Section, Table, cells
from .formats import amount, decimal, integer, one_in, percent

WAGER_TITLES = {
    "ante_play": "Ante/Play", "pair_plus": "Pair Plus", "six_card_bonus": "Six Card Bonus",
    "prime": "Prime", "progressive": "Progressive",
}
NAMED_PAYS = {"spade_mini_royal": "spade mini-royal", "mini_royal": "mini-royal"}  # named in a paytable's short form
STRATEGY_ROWS = 6  # hand classes shown either side of the weakest hand played
STRATEGY_CHART_ROWS = 24
PROGRESSIVE_METERS = (Fraction(1, 2), Fraction(1), Fraction(3, 2), Fraction(2), Fraction(5, 2))  # × the configured meter


def pays_summary(analysis: ThreeCardPokerAnalysis, wager: str) -> str:
    """A paytable the way the trade writes it: ``Ante Bonus 5-4-1``, ``40-30-6-4-1``, ``mini-royal 50, 40-30-5-4-1``."""
    w = analysis.config.wagers
    if wager == "ante_play":
        bonus = w.ante_play.ante_bonus  # type: ignore[union-attr]
        return f"Ante Bonus {'-'.join(amount(p.amount) for p in bonus.values())}" if bonus else "no Ante Bonus"
    pays: Mapping[str, Pay | str] = getattr(w, wager).pays
    jackpot = w.progressive.jackpot if wager == "progressive" and w.progressive else None

    def text(pay: Pay | str) -> str:
        return f"jackpot ({amount(jackpot)})" if pay == "jackpot" else amount(pay.amount)  # type: ignore[arg-type,union-attr]

    named = [f"{NAMED_PAYS[k]} {text(p)}" for k, p in pays.items() if k in NAMED_PAYS]
    dashed = "-".join(text(p) for k, p in pays.items() if k not in NAMED_PAYS)
    for_one = all(p == "jackpot" or p.for_one for p in pays.values())  # type: ignore[union-attr]
    return ", ".join([*named, dashed]) + (" for 1" if for_one else "")


def wager_heading(analysis: ThreeCardPokerAnalysis, wager: str) -> str:
    return f"{WAGER_TITLES[wager]}, {pays_summary(analysis, wager)}"


def return_table(table: ReturnTable) -> Table:
    """Outcome, pays, combinations, probability, 1 in N, return; totals underneath."""
    total = table.total
    rows = tuple(
        cells(o.name, o.pays, integer(o.combinations), decimal(Fraction(o.combinations, total)),
              one_in(total, o.combinations), decimal(o.net * Fraction(o.combinations, total)))
        for o in table.outcomes
    )
    m = table.metrics
    return Table(
        columns=(Column("Outcome"), Column("Pays"), Column("Combinations", numeric=True), Column("Probability", numeric=True),
                 Column("1 in N", numeric=True), Column("Return", numeric=True)),
        rows=rows,
        totals=cells("Total", "", integer(total), decimal(1), "", decimal(m.expected_return)),
        caption=f"House edge {percent(m.house_edge)} (exact {m.house_edge.numerator:,}/{m.house_edge.denominator:,})"
                + (f"; element of risk {percent(m.element_of_risk)}" if m.average_wager != 1 else ""),
    )


def contribution_chart(analysis: ThreeCardPokerAnalysis, wager: str) -> Chart:
    table = analysis.tables[wager]
    labels = [o.name for o in table.outcomes]
    values = [float(o.net * Fraction(o.combinations, table.total)) for o in table.outcomes]
    title = WAGER_TITLES[wager]
    return Chart(f"returns-{wager}", f"Return contribution by outcome: {title}",
                 lambda: charts.return_contribution_chart(title, labels, values))


def wager_blocks(analysis: ThreeCardPokerAnalysis, wager: str, chart: bool) -> tuple[Block, ...]:
    """A wager's return table, with its chart and what else a reader needs: the strategy played, the meter."""
    blocks: list[Block] = []
    if wager == "ante_play" and analysis.ante_play is not None:
        ap = analysis.ante_play
        blocks.append(Paragraph(f"Strategy: play {ap.weakest_hand_played} or better ({ap.hands_played:,} of "
                                f"{analysis.deal.hands.size:,} player hands), fold the rest."))
    blocks.append(return_table(analysis.tables[wager]))
    if wager == "progressive" and analysis.progressive is not None:
        blocks.append(meter_table(analysis))
    if chart:
        blocks.append(contribution_chart(analysis, wager))
    return tuple(blocks)


def meter_table(analysis: ThreeCardPokerAnalysis) -> Table:
    """House edge of the progressive at several meters: it is linear in the meter."""
    p = analysis.progressive
    assert p is not None
    meters = sorted({p.jackpot * k for k in PROGRESSIVE_METERS} | {p.break_even_jackpot})
    rows = tuple(
        cells(amount(j), percent(p.house_edge_at(j)),
              "break-even" if j == p.break_even_jackpot else "configured" if j == p.jackpot else "")
        for j in meters
    )
    return Table((Column("Jackpot meter (for 1)", numeric=True), Column("House edge", numeric=True), Column("")), rows,
                 caption=f"The progressive has no house edge at a meter of {amount(p.break_even_jackpot)}.")


def hand_frequencies(analysis: ThreeCardPokerAnalysis) -> tuple[Block, ...]:
    """The player's three-card hands by category, strongest first: table and chart."""
    d = analysis.deal
    counts = np.bincount(d.category, minlength=len(d.categories))
    order = list(reversed(range(len(d.categories))))
    labels = [CATEGORY_LABELS[d.categories[i]] for i in order]
    values = [int(counts[i]) for i in order]
    total = d.hands.size
    table = Table(
        (Column("Hand"), Column("Combinations", numeric=True), Column("Probability", numeric=True), Column("1 in N", numeric=True)),
        tuple(cells(label, integer(v), decimal(Fraction(v, total)), one_in(total, v)) for label, v in zip(labels, values)),
        totals=cells("Total", integer(total), decimal(1), ""),
    )
    return table, Chart("hand-frequencies", "Frequency of the player's three-card hands",
                        lambda: charts.hand_frequency_chart(labels, values, total))


def strategy_section(analysis: ThreeCardPokerAnalysis) -> Section:
    """The optimal play/fold rule, the hands around its threshold, the cost of simpler rules, outcomes by hand."""
    ap = analysis.ante_play
    assert ap is not None
    frame = ap.strategy
    threshold = int(np.flatnonzero(frame["hand"].eq(ap.weakest_hand_played) & frame["decision"].eq("play"))[0])
    near = frame.iloc[max(threshold - STRATEGY_ROWS, 0):threshold + STRATEGY_ROWS]
    table = Table(
        (Column("Player hand"), Column("Category"), Column("Hands", numeric=True), Column("EV play", numeric=True),
         Column("EV fold", numeric=True), Column("Play − fold", numeric=True), Column("Decision")),
        tuple(cells(r.hand, CATEGORY_LABELS[r.category], integer(int(r.hands)), f"{r.ev_play:+.6f}", f"{r.ev_fold:+.6f}",
                    f"{r.ev_play - r.ev_fold:+.6f}", r.decision) for r in near.itertuples()),
        caption="Expected value per ante of each decision, for the hand classes either side of the threshold.",
    )
    wide = frame.iloc[max(threshold - STRATEGY_CHART_ROWS, 0):threshold + STRATEGY_CHART_ROWS]
    hands, gains, plays = list(wide["hand"]), list(wide["ev_play"] - wide["ev_fold"]), list(wide["decision"].eq("play"))
    weakest = ap.weakest_hand_played
    return Section("Ante/Play strategy", "strategy", (
        Paragraph(f"With {pays_summary(analysis, 'ante_play')}, the player maximises the expected return by playing "
                  f"{weakest} or better and folding the rest: {ap.hands_played:,} of {analysis.deal.hands.size:,} hands "
                  "play. The rule is derived hand by hand from the exact expected value of playing and of folding "
                  "(a fold loses the ante)."),
        table,
        Chart("strategy", f"Play-vs-fold expected value by player hand around {weakest}",
              lambda: charts.play_fold_chart(hands, gains, plays, weakest)),
        Section("Cost of simpler strategies", "simpler-strategies", (simpler_strategies(analysis),)),
        Section("Outcomes by player hand", "outcomes-by-hand", (outcomes_by_hand(analysis),)),
    ))


def simpler_strategies(analysis: ThreeCardPokerAnalysis) -> Table:
    """House edge of rules of thumb against the optimal strategy, same paytable."""
    ap = analysis.ante_play
    assert ap is not None
    optimal = ap.metrics.house_edge
    rows = [cells(f"optimal: play {ap.weakest_hand_played} or better", integer(ap.hands_played), percent(optimal),
                  percent(ap.metrics.element_of_risk), percent(0))]
    seen: dict[bytes, str] = {}
    for name, plays in simple_strategies(analysis.deal).items():
        same = seen.setdefault(plays.tobytes(), name)
        label = name if same == name else f"{name}: the same hands as {same}"
        m = ante_play(analysis.deal, ap.ante_bonus, plays).metrics
        rows.append(cells(label, integer(int(plays.sum())), percent(m.house_edge), percent(m.element_of_risk),
                          percent(m.house_edge - optimal)))
    return Table(
        (Column("Strategy"), Column("Hands played", numeric=True), Column("House edge", numeric=True),
         Column("Element of risk", numeric=True), Column("Cost per ante", numeric=True)),
        tuple(rows),
        caption="Cost: the extra house edge, per ante, of playing a simpler rule instead of the optimal one.",
    )


def outcomes_by_hand(analysis: ThreeCardPokerAnalysis) -> Table:
    """Deals by the player's hand: won, tied, lost, dealer not qualifying (whatever the decision)."""
    assert analysis.ante_play is not None
    frame = analysis.ante_play.outcomes_by_hand()
    return Table(
        (Column("Player hand"), Column("Hands", numeric=True), Column("Player wins", numeric=True), Column("Ties", numeric=True),
         Column("Dealer wins", numeric=True), Column("Dealer does not qualify", numeric=True)),
        tuple(cells(CATEGORY_LABELS[r.category], integer(r.hands), integer(r.wins), integer(r.ties), integer(r.losses),
                    integer(r.not_qualified)) for r in frame.itertuples()),
        totals=cells("Total", *(integer(int(frame[c].sum())) for c in ("hands", "wins", "ties", "losses", "not_qualified"))),
        caption=f"Counts of the {analysis.deal.deals:,} deals by the player's hand, whether or not the hand is played.",
    )


def comparison(analyses: Sequence[ThreeCardPokerAnalysis], main: ThreeCardPokerAnalysis) -> tuple[Block, ...]:
    """One row per paytable and wager, lowest house edge first within each wager; and its chart."""
    order = [w for w in WAGER_TITLES if any(w in a.tables for a in analyses)]
    rows, labels, edges, groups = [], [], [], []
    for wager in order:
        offering = sorted((a for a in analyses if wager in a.tables), key=lambda a: a.tables[wager].metrics.house_edge)
        for a in offering:
            m = a.tables[wager].metrics
            name = a.config.id + (" (main)" if a is main else "")
            rows.append(cells(WAGER_TITLES[wager], name, pays_summary(a, wager), percent(m.house_edge), percent(m.element_of_risk),
                              percent(m.hit_frequency), f"{m.standard_deviation:.4f}", amount(m.max_win)))
            labels.append(f"{WAGER_TITLES[wager]}: {name}")
            edges.append(float(m.house_edge))
            groups.append(WAGER_TITLES[wager])
    table = Table(
        (Column("Wager"), Column("Paytable"), Column("Pays"), Column("House edge", numeric=True),
         Column("Element of risk", numeric=True), Column("Hit frequency", numeric=True), Column("SD", numeric=True),
         Column("Max win", numeric=True)),
        tuple(rows),
        grouped=True,
        caption="SD: standard deviation per initial wager. Max win: the largest net win, in initial wagers.",
    )
    return table, Chart("house-edges", "House edge of each paytable variant", lambda: charts.house_edge_chart(labels, edges, groups))


def bands_table(analysis: ThreeCardPokerAnalysis) -> Table:
    """The 90% band of the average return after N hands, per wager."""
    wagers = list(analysis.tables)
    rows = []
    for n in BAND_HANDS:
        row = [integer(n)]
        for wager in wagers:
            low, high = analysis.tables[wager].metrics.band(n)
            row.append(f"{low:.2%} to {high:.2%}")
        rows.append(cells(*row))
    return Table((Column("Hands", numeric=True), *(Column(WAGER_TITLES[w], numeric=True) for w in wagers)), tuple(rows),
                 caption="Nine times in ten, the player's average return per initial wager after N hands lies in the band "
                         "RTP ± VI/√N.")


def funnel(analysis: ThreeCardPokerAnalysis) -> Chart:
    metrics = {WAGER_TITLES[w]: t.metrics for w, t in analysis.tables.items()}
    labels = list(metrics)
    rtps = [float(m.rtp) for m in metrics.values()]
    indices = [m.volatility_index for m in metrics.values()]
    return Chart("funnel", "Confidence funnel: 90% band of the return over N hands",
                 lambda: charts.funnel_chart(labels, rtps, indices, BAND_HANDS))


def headline_table(analysis: ThreeCardPokerAnalysis) -> Table:
    """The par sheet's figures, one column per wager."""
    metrics = [t.metrics for t in analysis.tables.values()]
    figures = (
        ("House edge (per initial wager)", lambda m: percent(m.house_edge)),
        ("House edge, exact", lambda m: f"{m.house_edge.numerator:,}/{m.house_edge.denominator:,}"),
        ("RTP", lambda m: percent(m.rtp)),
        ("Element of risk", lambda m: percent(m.element_of_risk)),
        ("Average total wager (× initial)", lambda m: f"{float(m.average_wager):.4f}"),
        ("Hit frequency", lambda m: percent(m.hit_frequency)),
        ("Standard deviation", lambda m: f"{m.standard_deviation:.4f}"),
        ("Volatility index (90%)", lambda m: f"{m.volatility_index:.4f}"),
        ("Maximum win (× initial wager)", lambda m: amount(m.max_win)),
        ("Equally likely combinations", lambda m: integer(m.combinations)),
    )
    return Table(
        (Column("Figure"), *(Column(WAGER_TITLES[w], numeric=True) for w in analysis.tables)),
        tuple((Cell(label), *(Cell(show(m)) for m in metrics)) for label, show in figures),
    )
