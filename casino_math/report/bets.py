"""Par-sheet blocks for the bets of a game file: figures, return tables, pays, meters, and the comparison of files.

Each function turns analyses into document blocks (tables of printed numbers,
charts with the numbers to draw). Figures come from the return tables; the
only arithmetic here is the re-pricing of a progressive meter, whose return is
linear in the meter's pay.

>>> from casino_math.analysis import load_game
>>> game = load_game("paytables/three_card_poker/pair-plus-40-30-5-4-1-mini-royal-50.yaml")
>>> pays_summary(game, "pair_plus")
'mini royal: 50, 40-30-5-4-1'
>>> pays_summary(load_game("paytables/three_card_poker/progressive.yaml"), "progressive")
'mini royal in spades meter (10000), mini royal: 500, 100-90 for 1'
>>> ez = load_game("paytables/baccarat/ez-baccarat.yaml")
>>> pays_summary(ez, "tie"), pays_summary(ez, "banker")
('equal hands 8 to 1', 'Banker higher (three-card 7 points: push, any other hand: 1)')
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial
from typing import Callable, Sequence

from ..analysis import GameAnalysis
from ..counting.progressives import Progression
from ..game.description import SITUATIONS, Game, Line, Paytable, SideBet
from ..game.progressive import Meter
from ..game.events import Atom, Event
from ..game.situations import Situation
from ..game.patterns import Pattern
from ..pays import Pay
from ..returns import BAND_HANDS, ReturnTable
from . import charts
from .document import Block, Cell, Chart, Column, Paragraph, Section, Table, cells
from ..text import amount, decimal, integer, one_in, percent, title, words
from .wording import line_name, outcome_name, pay_text, pay_words, readable_pays, strategy_sentence

COLUMN_BETS = 4  # bets side by side in a table of figures, at most: more do not fit a page
LONGEST_COUNT = 15  #: digits of a return table's total past which its combinations go to the appendix (a shoe's rounds)
METER_MULTIPLES = (Fraction(1, 2), Fraction(1), Fraction(3, 2), Fraction(2), Fraction(5, 2))  # × the meter in the file


# -- pays ------------------------------------------------------------------------------------------
def _pattern(line: Line) -> Pattern | None:
    """A line's poker pattern: its own, or that of an event of one poker hand with no other condition (21+3's lines)."""
    if isinstance(line.pattern, Event):
        atom = line.pattern.atoms[0]
        alone = len(line.pattern.atoms) == 1 and atom == Atom(atom.hand, poker=atom.poker)
        return atom.poker if alone else None
    # a pattern of card sets; other lines (blackjack's pays) are written by name
    return line.pattern if isinstance(line.pattern, Pattern) else None


def _in_dashes(line: Line, hand: str) -> bool:
    """Whether a line reads as one number of the trade's ``40-30-6-4-1``: a plain category (or rank range) of the table's hand."""
    p = _pattern(line)
    return (line.hand == hand and p is not None and p.category is not None
            and not (p.needs_cards or p.mini_royal or line.pay.push))


def table_summary(table: Paytable, meter: str | None = None) -> str:
    """A paytable the way the trade writes it: runs of plain categories joined by dashes, other lines by name.

    Amounts are printed bare, and the table marked ``for 1`` where every pay is "for 1"; where "to 1" and "for 1"
    mix, every line is named and says which.
    """
    if not table.lines:
        return "pays nothing"
    paid = [line.pay for line in table.lines if not line.pay.push]
    alike = len({p.for_one for p in paid}) <= 1

    def pay(line: Line) -> str:
        if line.pay.push:
            return "push"
        x = line.pay.amount
        return str(x.numerator) if alike and x.denominator == 1 else pay_words(line.pay)  # 1000 in a run, else 3 to 2

    parts: list[str] = []
    run: list[str] = []
    for line in table.lines:
        if alike and _in_dashes(line, table.hands[0]) and line.key != meter and line.pay.amount.denominator == 1:
            run.append(pay(line))
            continue
        if run:
            parts.append("-".join(run))
            run = []
        parts.append(f"{line_name(line.key)} meter ({pay(line)})" if line.key == meter else f"{line_name(line.key)}: {pay(line)}")
    if run:
        parts.append("-".join(run))
    return ", ".join(parts) + (" for 1" if alike and paid and paid[0].for_one else "")


def pays_summary(game: Game, bet: str) -> str:
    """A bet's pays: a side bet's table; for the game's own bet, each table its wagers are paid by, named."""
    if bet in game.side_bet:
        side = game.side_bet[bet]
        if side.settle:
            return settled_summary(game, side)
        return table_summary(game.paytables[side.table], side.meter)
    tables = dict.fromkeys(game.own_tables)
    if list(tables) == [bet]:  # a table named as the bet it pays (Let It Ride's): no need to name it
        return table_summary(game.paytables[bet])
    return "; ".join(f"{title(t)} {table_summary(game.paytables[t])}" for t in tables)


def settled_summary(game: Game, bet: SideBet) -> str:
    """A bet settled by the showdown: what it pays in each situation where it can win (``dealer higher 19/20 to 1``)."""
    parts = []
    for situation in (s for s in SITUATIONS if s in bet.settle):
        result = bet.settle[situation]
        if result.kind == "win":
            parts.append(f"{Situation(situation).short(game.names.roles)} {pay_text(result.net)}")
        elif result.kind == "pays":
            parts.append(f"{Situation(situation).short(game.names.roles)} ({table_summary(game.paytables[result.table])})")
    return "; ".join(parts)


def pays_sentence(game: Game, bet: str) -> str:
    """A bet's pays in words, every line with its pay as the table writes it, for the line under the bet's heading.

    >>> from casino_math.analysis import load_game
    >>> pays_sentence(load_game("paytables/baccarat/standard.yaml"), "dragon_bonus_banker")[:69]
    'tie (natural: push); Banker wins (natural: 1 to 1, wins by 9: 30 to 1'
    >>> pays_sentence(load_game("paytables/three_card_poker/progressive.yaml"), "progressive")[:62]
    'mini royal in spades: the meter (10000 for 1 in the file), min'
    """

    def lines(table: Paytable, meter: str | None = None) -> str:
        return ", ".join(f"{line_name(line.key)}: the meter ({pay_words(line.pay)} in the file)" if line.key == meter
                         else f"{line_name(line.key)}: {pay_words(line.pay)}" for line in table.lines) or "nothing"

    if bet not in game.side_bet:
        return "; ".join(f"{title(t)} ({lines(game.paytables[t])})" for t in game.own_tables)
    side = game.side_bet[bet]
    if not side.settle:
        return lines(game.paytables[side.table], side.meter)
    parts = []
    for situation in (s for s in SITUATIONS if s in side.settle):
        result, ending = side.settle[situation], Situation(situation).outcome(game.names.roles)
        if result.kind == "win":
            parts.append(f"{ending}: {pay_text(result.net)}")
        elif result.kind == "push":
            parts.append(f"{ending}: push")
        elif result.kind == "pays":
            parts.append(f"{ending} ({lines(game.paytables[result.table])})")
    return "; ".join(parts)


def bet_heading(game: Game, bet: str) -> str:
    """A bet's heading: its name on the layout (its pays follow under it, not in it)."""
    return game.names.bet(bet)


# -- return tables -------------------------------------------------------------------------------------
def counted_in_body(table: ReturnTable) -> bool:
    """Whether a return table prints its combinations: not where they run past :data:`LONGEST_COUNT` digits (a shoe's
    rounds, weighted by the order of the cards), which the appendix lists."""
    return len(str(table.total)) <= LONGEST_COUNT


def return_table(table: ReturnTable) -> Table:
    """Outcome, pays, combinations (where short enough to read), probability, 1 in N, return; totals underneath."""
    total = table.total
    counted = counted_in_body(table)
    rows = tuple(
        cells(outcome_name(o.name), readable_pays(o.pays), *[integer(o.combinations)] * counted, decimal(Fraction(o.combinations, total)),
              one_in(total, o.combinations), decimal(o.net * Fraction(o.combinations, total)))
        for o in table.outcomes
    )
    m = table.metrics
    return Table(
        columns=(Column("Outcome"), Column("Pays"), *[Column("Combinations", numeric=True)] * counted,
                 Column("Probability", numeric=True), Column("1 in N", numeric=True), Column("Return", numeric=True)),
        rows=rows,
        totals=cells("Total", "", *[integer(total)] * counted, decimal(1), "", decimal(m.expected_return)),
        caption=f"House edge {percent(m.house_edge)}"
                + (f"; element of risk {percent(m.element_of_risk)}" if m.average_wager != 1 else "")
                + ("" if counted else f". Each outcome's weight, a whole number of up to {len(str(total))} digits, is in the "
                                      "appendix of exact figures") + ".",
    )


def contribution_chart(analysis: GameAnalysis, bet: str) -> Chart:
    table = analysis.tables[bet]
    labels = [outcome_name(o.name) for o in table.outcomes]
    values = [float(o.net * Fraction(o.combinations, table.total)) for o in table.outcomes]
    name = analysis.game.names.bet(bet)
    return Chart(f"returns-{bet}", f"Return contribution by outcome: {name}",
                 partial(charts.return_contribution_chart, name, labels, values))


def strategy_words(analysis: GameAnalysis) -> str:
    """The optimal strategy in a sentence per decision, in the game's words (:func:`~.wording.strategy_sentence`)."""
    said = {words(name): strategy_sentence(text, analysis.game.names.bets) for name, text in analysis.strategy_summary().items()}
    return "; ".join(f"{name}: {text}" for name, text in said.items()) if len(said) > 1 else next(iter(said.values()), "")


def bet_blocks(analysis: GameAnalysis, bet: str, chart: bool) -> tuple[Block, ...]:
    """A bet's return table, with its chart and, for the game's own bet, the strategy it is played by."""
    pays = pays_sentence(analysis.game, bet)
    rest = "; anything else loses" if bet in analysis.game.side_bet else ""  # the game's own bet: see its settlement
    blocks: list[Block] = [Paragraph(f"Pays: {pays}{rest}.")] if pays else []
    if bet == analysis.game.bet and analysis.game.decisions:
        played = "Played" if analysis.game.words.strategy else "Played by the optimal strategy"
        blocks.append(Paragraph(f"{played}: {strategy_words(analysis)}."))
    blocks.append(return_table(analysis.tables[bet]))
    if chart:
        blocks.append(contribution_chart(analysis, bet))
    return tuple(blocks)


def hand_frequency_blocks(analysis: GameAnalysis) -> tuple[Block, ...]:
    """The player's final hand by category, strongest first, as the analysis counted it: table and chart (nothing where
    no ranked player hand, nor from a shoe: the frequencies are those of one deck)."""
    game = analysis.game
    hand = game.hands.get("player")
    if hand is None or hand.ranking is None or game.counted_by_kind:
        return ()
    cards = sum(game.cards_of(r) for r in hand.of)
    counts = analysis.hand_frequencies("player")
    labels = [words(c) for c in counts]
    values = list(counts.values())
    total = sum(values)
    made = f"best {hand.best} of {cards} cards" if hand.best < cards else f"{cards} cards"
    table = Table(
        (Column("Hand"), Column("Combinations", numeric=True), Column("Probability", numeric=True), Column("1 in N", numeric=True)),
        tuple(cells(label, integer(v), decimal(Fraction(v, total)), one_in(total, v)) for label, v in zip(labels, values)),
        totals=cells("Total", integer(total), decimal(1), ""),
        caption=f"The player's hand ({made}, {hand.ranking_name} ranking) over every set of its cards, whatever the decisions.",
    )
    heading = f"The player's hand, {made}: {integer(total)} combinations"
    return table, Chart("hand-frequencies", f"Frequency of the player's hands ({made})",
                        partial(charts.hand_frequency_chart, labels, values, total, heading))


# -- headline figures ----------------------------------------------------------------------------------
def bet_columns(bets: Sequence[str], most: int = COLUMN_BETS) -> list[list[str]]:
    """Bets in groups of at most ``most``, as even as can be: one table each, so that long figures fit a page.

    >>> bet_columns("abcdefg"), bet_columns("abcde"), bet_columns("ab"), bet_columns("abcdefg", 3)
    ([['a', 'b', 'c', 'd'], ['e', 'f', 'g']], [['a', 'b', 'c'], ['d', 'e']], [['a', 'b']], [['a', 'b', 'c'], ['d', 'e'], ['f', 'g']])
    """
    parts = -(-len(bets) // most)
    size, extra = divmod(len(bets), parts)
    edges = [i * size + min(i, extra) for i in range(parts + 1)]
    return [list(bets[a:b]) for a, b in zip(edges, edges[1:])]


def _grouped(analysis: GameAnalysis) -> list[list[str]]:
    """The bets of a file in tables of figures that fit a page in a readable size."""
    return bet_columns(list(analysis.tables))


def headline_tables(analysis: GameAnalysis) -> tuple[Table, ...]:
    """The par sheet's figures, one column per bet (a table per group of bets)."""
    figures = (
        ("House edge (per initial stake)", lambda m: percent(m.house_edge)),
        ("RTP", lambda m: percent(m.rtp)),
        ("Element of risk", lambda m: percent(m.element_of_risk)),
        ("Average total wager (× initial)", lambda m: f"{float(m.average_wager):.4f}"),
        ("Hit frequency", lambda m: percent(m.hit_frequency)),
        ("Standard deviation", lambda m: f"{m.standard_deviation:.4f}"),
        ("Volatility index (90%)", lambda m: f"{m.volatility_index:.4f}"),
        ("Maximum win (× initial stake)", lambda m: amount(m.max_win)),
    )
    tables = []
    quoted = analysis.solution.figures.per_bet  # figures the trade quotes beside the table (a bet over several throws)
    for bets in _grouped(analysis):
        metrics = [analysis.tables[bet].metrics for bet in bets]
        beside = [name for name in PER_BET if any(name in quoted.get(bet, {}) for bet in bets)]
        tables.append(Table(
            (Column("Figure"), *(Column(analysis.game.names.bet(bet), numeric=True) for bet in bets)),
            tuple((Cell(label), *(Cell(show(m)) for m in metrics)) for label, show in figures)
            + tuple((Cell(PER_BET[name][0]), *(Cell(PER_BET[name][1](quoted[bet][name]) if name in quoted.get(bet, {}) else "")
                                               for bet in bets)) for name in beside),
        ))
    return tuple(tables)


PER_BET = {  # a solution's figures beside a bet's table, as the par sheet labels and prints them
    "rolls_to_resolve": ("Average rolls to resolve", lambda v: f"{float(v):.4f}"),
    "house_edge_per_roll": ("House edge per roll", lambda v: percent(v)),
}


def bands_tables(analysis: GameAnalysis) -> tuple[Table, ...]:
    """The 90% band of the average return after N hands, per bet (a table per group of bets)."""
    tables = []
    groups = _grouped(analysis)
    for i, bets in enumerate(groups):
        rows = []
        for n in BAND_HANDS:
            bands = [analysis.tables[bet].metrics.band(n) for bet in bets]
            rows.append(cells(integer(n), *(f"{percent(low, 2)} to {percent(high, 2)}" for low, high in bands)))
        tables.append(Table(
            (Column("Hands", numeric=True), *(Column(analysis.game.names.bet(bet), numeric=True) for bet in bets)), tuple(rows),
            caption="Nine times in ten, the player's average return per initial stake after N hands lies in the band "
                    "RTP ± VI/√N." if i == len(groups) - 1 else ""))
    return tuple(tables)


def bet_edges(analysis: GameAnalysis) -> tuple[Chart, ...]:
    """The house edge of each bet the game offers, one bar each (a game of one bet: none)."""
    if len(analysis.tables) < 2:
        return ()
    labels = [analysis.game.names.bet(bet) for bet in analysis.tables]
    edges = [float(t.metrics.house_edge) for t in analysis.tables.values()]
    return (Chart("bet-edges", "House edge of each bet", partial(charts.house_edge_chart, labels, edges, ["bet"] * len(labels),
                                                                  "House edge of each bet (per initial stake)")),)


def funnel(analysis: GameAnalysis) -> Chart:
    labels = [analysis.game.names.bet(bet) for bet in analysis.tables]
    rtps = [float(t.metrics.rtp) for t in analysis.tables.values()]
    indices = [t.metrics.volatility_index for t in analysis.tables.values()]
    return Chart("funnel", "Confidence funnel: 90% band of the return over N hands",
                 partial(charts.funnel_chart, labels, rtps, indices, BAND_HANDS))


# -- progressive meters -----------------------------------------------------------------------------------
def metered(analyses: Sequence[GameAnalysis]) -> list[tuple[GameAnalysis, str]]:
    """(file, side bet) for every side bet with a progressive meter or an envy bonus, in report order."""
    return [(a, bet.name) for a in analyses for bet in a.game.side_bets if bet.meter or bet.progressive]


def meter_blocks(analysis: GameAnalysis, bet: str) -> tuple[Block, ...]:
    """A progressive bet's blocks: its meters as declared, its lines in the long run, its return by meter (table and
    chart), its envy bonus by seats; a bet naming only the line its meter pays: the house edge at several meters."""
    progressive = analysis.game.side_bet[bet].progressive
    if progressive is None:
        return (meter_table(analysis, bet),)
    blocks: list[Block] = []
    if progressive.meters:
        p = analysis.progression(bet)
        blocks += [_meters_declared(analysis, bet, p), *_long_run(analysis, bet, p)]
        for meter in progressive.meters:
            blocks += _by_meter(analysis, bet, p, meter)
    if progressive.envy is not None or progressive.several == "share":
        blocks.append(_seats_table(analysis, bet))
    return tuple(blocks)


def _meters_declared(analysis: GameAnalysis, bet: str, p: Progression) -> Table:
    def given(value: Fraction | None, show: Callable[[Fraction], str] = amount) -> str:
        return "not declared" if value is None else show(value)

    rows = tuple(cells(m.name, ", ".join(f"{line} {percent(share, 0)}" for line, share in m.lines), amount(p.shown(m.name)),
                       given(m.seed), given(m.reset), given(m.rate, lambda r: percent(r)), amount(p.break_even(m.name)),
                       given(p.long_run_meter(m) if m.rate is not None and m.reset is not None else None, lambda r: percent(r)))
                 for m in p.progressive.meters)
    return Table(
        (Column("Meter"), Column("Lines (share of the meter)"), Column("In the file (for 1)", numeric=True),
         Column("Seed", numeric=True), Column("Reset", numeric=True), Column("Contribution", numeric=True),
         Column("Break-even meter", numeric=True), Column("Long-run return", numeric=True)),
        rows,
        caption=f"{analysis.game.names.bet(bet)} ({analysis.game.id}): amounts per unit bet, for 1. A meter grows by its "
                "contribution of every bet; won whole, it starts again from its reset, which the house adds. In the long run "
                "it returns its contribution plus the chance of winning it whole times its reset. Break-even: the meter at "
                "which the bet has no house edge, the other meters as in the file.")


def _long_run(analysis: GameAnalysis, bet: str, p: Progression) -> tuple[Block, ...]:
    """The bet's lines in the long run, as the Wizard of Odds tables a progressive: event, seed (or fixed pay), meter
    contribution, combinations, probability, average win, return."""
    if not all(m.rate is not None and m.reset is not None for m in p.progressive.meters):
        return (Paragraph(f"{analysis.game.names.bet(bet)} ({analysis.game.id}): no long-run return, since a meter declares no "
                          "contribution rate or no seed; the return at any meter is given below."),)
    rows = []
    table = analysis.tables[bet]
    for o in table.outcomes:
        line = o.key("line") or ""
        meter = p.progressive.meter_of(line) if line else None
        chance = Fraction(o.combinations, table.total)
        win = p.average_win(line) if line else Fraction(0)
        if meter is not None and meter.reset is not None:  # a metered line starts from its share of the reset
            seed, fed = amount(meter.reset * meter.share(line)), percent(meter.rate or 0) if line in meter.whole else "share"
        else:
            seed, fed = amount(o.net + 1) if line else "0", percent(Fraction(0))
        rows.append(cells(o.name, seed, fed, integer(o.combinations), decimal(chance, 6), decimal(win, 2), decimal(chance * win, 6)))
    rows.append(cells("Total", "", "", integer(table.total), decimal(Fraction(1), 6), "", decimal(1 + p.long_run(), 6)))
    return (Table(
        (Column("Event"), Column("Seed", numeric=True), Column("Meter contribution", numeric=True), Column("Combinations", numeric=True),
         Column("Probability", numeric=True), Column("Average win", numeric=True), Column("Return", numeric=True)),
        tuple(rows),
        caption=f"{analysis.game.names.bet(bet)} ({analysis.game.id}) in the long run: a line's average win is its fixed pay, or "
                f"its share of the meter's mean when hit; long-run house edge {percent(-p.long_run())}."),)


def _by_meter(analysis: GameAnalysis, bet: str, p: Progression, meter: Meter) -> tuple[Block, ...]:
    """The bet's return at several meters (multiples of the meter in the file, the seed, the break-even) and the chart."""
    shown, even = p.shown(meter.name), p.break_even(meter.name)
    values = sorted({shown * k for k in METER_MULTIPLES} | {even} | ({meter.seed} if meter.seed else set()))
    rows = tuple(cells(amount(v), percent(1 + p.expected({meter.name: v})), percent(-p.expected({meter.name: v})),
                       "break-even" if v == even else "as in the file" if v == shown else "seed" if v == meter.seed else "")
                 for v in values)
    name = analysis.game.names.bet(bet)
    marks = [("in the file", float(shown)), ("break-even", float(even))]
    top = max(values[-1], even * Fraction(6, 5))
    xs = [float(top * k / 40) for k in range(41)]
    ys = [float(1 + p.expected({meter.name: Fraction(x)})) for x in xs]
    return (
        Table((Column(f"Meter {meter.name!r} (for 1)", numeric=True), Column("Return", numeric=True),
               Column("House edge", numeric=True), Column("")), rows,
              caption=f"{name} ({analysis.game.id}): each further unit on the meter {meter.name!r} adds "
                      f"{percent(p.slope(meter.name), 6)} to the return."),
        Chart(f"meter-{analysis.game.id}-{bet}-{meter.name}".replace(" ", "-"), f"{name}: return by meter {meter.name!r}",
              partial(charts.meter_chart, f"{name} ({analysis.game.id}): return by meter {meter.name!r}", xs, ys, marks)),
    )


def _seats_table(analysis: GameAnalysis, bet: str) -> Table:
    """Per count of other seats (1 to 6): the envy bonus they pay, the bet's house edge, SD and the chance another seat
    pays an envy bonus; where seats split a meter won together, the house edge so."""
    record = analysis.progressive_record(bet)
    side = analysis.game.side_bet[bet]
    envy = record.get("seats")
    shared = record.get("shared_house_edge")
    columns = [Column("Other seats", numeric=True)]
    if envy:
        columns += [Column("Envy return", numeric=True), Column("House edge", numeric=True), Column("SD", numeric=True),
                    Column("Chance another seat pays envy", numeric=True)]
    if shared:
        columns.append(Column("House edge, meter split", numeric=True))
    rows = []
    for n in range(1, 7):
        row = [integer(n)]
        if envy:
            e = envy[n - 1]
            row += [percent(e["envy_return"]), percent(e["house_edge"]), f"{e['standard_deviation']:.4f}", "1 in " + one_in(e["envy_paid"].denominator, e["envy_paid"].numerator)]
        if shared:
            row.append(percent(shared[n - 1]))
        rows.append(cells(*row))
    pays = ", ".join(f"{line}: {amount(a)}" for line, a in (side.progressive.envy.pays if side.progressive and side.progressive.envy else ()))
    board = any("board" in analysis.game.hands[line.hand].of for line in analysis.game.paytables[side.table].lines)
    return Table(tuple(columns), tuple(rows), caption=(
        f"{analysis.game.names.bet(bet)} ({analysis.game.id}) with 1 to 6 other seats making it"
        + (f", the envy bonus ({pays} per other seat)" if pays else "")
        + ". Every seat's hand is dealt from the same deck: the envy return grows by the same amount per seat, but the spread "
          "and the chance that another seat is paid count the cards the seats take from one another exactly"
        + (", each board the seats share counted on its own." if board else ".")))


def meter_table(analysis: GameAnalysis, bet: str) -> Table:
    """The side bet's house edge at several meters: its return is linear in the meter line's pay."""
    side = analysis.game.side_bet[bet]
    assert side.meter is not None
    line = next(line for line in analysis.game.paytables[side.table].lines if line.key == side.meter)
    table = analysis.tables[bet]
    hits = next(o.combinations for o in table.outcomes if o.key("line") == side.meter)
    even = analysis.break_even(bet, side.meter)
    configured = line.pay.net

    def edge(net: Fraction) -> Fraction:
        return table.metrics.house_edge - (net - configured) * Fraction(hits, table.total)

    nets = {Pay(line.pay.amount * k, line.pay.for_one).net for k in METER_MULTIPLES}  # multiples of the meter as written
    rows = tuple(
        cells(amount(net + 1), amount(net), percent(edge(net)),
              "break-even" if net == even else "as in the file" if net == configured else "")
        for net in sorted(nets | {even})
    )
    return Table(
        (Column("Meter (for 1)", numeric=True), Column("Meter (to 1)", numeric=True), Column("House edge", numeric=True), Column("")),
        rows,
        caption=f"{analysis.game.names.bet(bet)} ({analysis.game.id}), line {side.meter!r}: no house edge at a meter of {amount(even + 1)} for 1 "
                f"({amount(even)} to 1); each further unit of meter lowers the edge by {percent(Fraction(hits, table.total), 6)}.",
    )


# -- variants --------------------------------------------------------------------------------------------
def variant_section(analysis: GameAnalysis) -> Section:
    """A variant's return tables; a file with one bet is one section, not a section holding one."""
    g = analysis.game
    about = Paragraph(f"{g.title}. Source: {g.source or 'not stated'}.")
    if len(analysis.tables) == 1:
        bet = next(iter(analysis.tables))
        return Section(f"{g.id}: {bet_heading(g, bet)}", f"variant-{g.id}", (about, *bet_blocks(analysis, bet, chart=False)))
    return Section(f"Variant {g.id}", f"variant-{g.id}", (about, *(
        Section(bet_heading(g, bet), f"variant-{g.id}-{bet}", bet_blocks(analysis, bet, chart=False)) for bet in analysis.tables
    )))
