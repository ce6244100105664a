"""The Three Card Poker par sheet: analyses and checks in, a :class:`Document` out.

The main game is the file that offers the most wagers (the first such file
on a tie); the other files are its variants. Sections follow the order a
regulator reads a par sheet: identification, rules and assumptions,
settlement, figures, return tables, strategy, variants, verification.
"""

from __future__ import annotations

from typing import Sequence

from ..games.three_card_poker import ThreeCardPokerAnalysis
from .document import Block, Bullets, Cell, Column, Document, Paragraph, Section, Table, cells
from .verification import Check
from .wagers import (
    WAGER_TITLES, bands_table, comparison, funnel, hand_frequencies, headline_table,
    strategy_section, wager_blocks, wager_heading,
)

GAME_TITLE = "Three Card Poker"
QUALIFIER_TEXT = {"pair": "a pair"}  # the rest read as written: queen_high -> queen-high


def main_game(analyses: Sequence[ThreeCardPokerAnalysis]) -> ThreeCardPokerAnalysis:
    return max(analyses, key=lambda a: len(a.tables))  # max keeps the first of equals


def build_document(analyses: Sequence[ThreeCardPokerAnalysis], checks: Sequence[Check], version: str) -> Document:
    """The whole par sheet of a game and its paytable variants."""
    main = main_game(analyses)
    variants = [a for a in analyses if a is not main]
    analyses = [main, *variants]
    sections = [
        identification(analyses, version),
        rules(analyses),
        settlement(analyses),
        Section("Headline figures", "headline", (
            Paragraph(f"{main.config.title} ({main.config.id}), per wager. Percentages are rounded for printing; "
                      "the exact house edge is the fraction the enumeration gives."),
            headline_table(main),
            bands_table(main),
            funnel(main),
        )),
        Section("Return tables", "returns", (
            Section("The player's three cards", "hands", hand_frequencies(main)),
            *(Section(wager_heading(main, w), f"returns-{w}", wager_blocks(main, w, chart=True)) for w in main.tables),
        )),
    ]
    if main.ante_play is not None:
        sections.append(strategy_section(main))
    if variants:
        sections.append(Section("Paytable variants", "variants", (
            *comparison(analyses, main),
            *(variant_section(a) for a in variants),
        )))
    sections.append(verification(checks, [a.config.id for a in analyses]))
    passed = sum(c.passed for c in checks)
    return Document(
        title=f"{GAME_TITLE} par sheet",
        header=f"{GAME_TITLE} par sheet · casino-math {version}",
        summary=f"{main.config.title}, with {_count(len(variants), 'paytable variant')}. "
                f"Published figures: {passed} of {len(checks)} agree.",
        sections=tuple(sections),
    )


def _count(n: int, noun: str) -> str:
    """``no variants``, ``1 variant``, ``12 variants``."""
    return f"{n or 'no'} {noun}{'s' * (n != 1)}"


def identification(analyses: Sequence[ThreeCardPokerAnalysis], version: str) -> Section:
    """What was analysed, from which files, by which software; the main game first."""
    main = analyses[0]
    return Section("Identification", "identification", (
        Table((Column("Field"), Column("Value")), (
            cells("Game", GAME_TITLE),
            cells("Main paytable", f"{main.config.title} ({main.config.id})"),
            cells("Variants", f"{_count(len(analyses) - 1, 'further game file')}" + (", listed below" if len(analyses) > 1 else "")),
            cells("Software", f"casino-math {version}"),
            cells("Method", "exhaustive enumeration of every deal; exact fractions, rounded only for printing"),
        )),
        Table((Column("Paytable id"), Column("Name"), Column("Source")),
              tuple(cells(a.config.id, a.config.title, a.config.source or "not stated") for a in analyses),
              caption="Each input file, as identified in the file."),
        Table((Column("Paytable id"), Column("File", code=True), Column("SHA-256 of the file", code=True)),
              tuple(cells(a.config.id, a.config.path, a.config.sha256) for a in analyses),
              caption="The SHA-256 identifies the exact bytes of each game file analysed."),
    ))


def rules(analyses: Sequence[ThreeCardPokerAnalysis]) -> Section:
    """House rules as the files state them, the rules of each wager offered, and the conventions of the figures."""
    offered = {w for a in analyses for w in a.tables}
    items: list[str] = []
    house_rules = sorted({(a.config.rules.deck, a.config.rules.dealer_qualifies) for a in analyses})
    for deck, qualifies in house_rules:
        ids = [a.config.id for a in analyses if (a.config.rules.deck, a.config.rules.dealer_qualifies) == (deck, qualifies)]
        d = next(a.deal for a in analyses if a.config.id == ids[0])
        cards = len(d.hands.ranking.deck.cards)
        which = "Every game file" if len(house_rules) == 1 else ", ".join(ids)
        items.append(
            f"{which}: one {deck} {cards}-card deck, shuffled before every round, so each of the "
            f"C({cards},3) × C({cards - 3},3) = {d.hands.size:,} × {d.dealer_hands:,} = {d.deals:,} deals of the player's "
            f"and the dealer's three cards is equally likely. The dealer qualifies with "
            f"{QUALIFIER_TEXT.get(qualifies, qualifies.replace('_', '-'))} or better."
        )
    if "ante_play" in offered:
        items += [
            "Ante/Play: the player antes, sees three cards, then folds (losing the ante) or plays by betting the ante "
            "again. If the dealer does not qualify, the ante pays 1 to 1 and the play pushes; otherwise the higher hand "
            "wins, ante and play paying 1 to 1, and equal hands push.",
            "Ante Bonus: paid to a player who plays, by its table, whether or not the dealer qualifies or wins.",
            "Strategy: the player plays a hand exactly when playing has the higher expected value, computed for each "
            "Ante Bonus table (not assumed). Pays on the Ante Bonus and house edge are per ante.",
        ]
    side = {
        "pair_plus": "Pair Plus: paid on the player's three cards alone, whatever the dealer holds and whether or not the player plays.",
        "six_card_bonus": "Six Card Bonus: paid on the best five-card hand from the player's three and the dealer's three "
                          "cards; every set of six cards is equally likely.",
        "prime": "Prime: pays when the player's three cards are all one colour, and the higher pay when all six cards, "
                 "the player's and the dealer's, are one colour.",
        "progressive": "Progressive: fixed pays and a jackpot meter paid on the player's three cards; amounts are "
                       "'for 1' (the stake is not returned besides them).",
    }
    items += [text for wager, text in side.items() if wager in offered]
    items += [
        "Pays: 'X to 1' wins X and returns the stake; 'X for 1' returns X in all, a net win of X − 1. A push returns the stake.",
        "House edge: the expected loss per initial wager (the ante for Ante/Play). Element of risk: the expected loss "
        "per total amount wagered (ante and play). RTP = 1 − house edge.",
        "Hit frequency: the probability that the wager wins something (a push is not a hit). Standard deviation: per "
        "initial wager. Volatility index (VI) = 1.645 × standard deviation; after N hands the average return lies "
        "within RTP ± VI/√N nine times in ten.",
        "Hold (win ÷ drop) is a casino accounting figure, not the house edge; it does not appear here.",
    ]
    return Section("Rules and assumptions", "rules", (Bullets(tuple(items)),))


def settlement(analyses: Sequence[ThreeCardPokerAnalysis]) -> Section:
    """Who is paid what in each situation: the settlement matrix."""
    offered = {w for a in analyses for w in a.tables}
    blocks: list[Block] = []
    if "ante_play" in offered:
        blocks.append(Table(
            (Column("Situation"), Column("Ante"), Column("Play"), Column("Ante Bonus")),
            (
                cells("Player folds", "loses", "not made", "not paid"),
                cells("Dealer does not qualify", "pays 1 to 1", "push", "paid by its table"),
                cells("Dealer qualifies, player's hand higher", "pays 1 to 1", "pays 1 to 1", "paid by its table"),
                cells("Dealer qualifies, equal hands", "push", "push", "paid by its table"),
                cells("Dealer qualifies, dealer's hand higher", "loses", "loses", "paid by its table"),
            ),
            caption="Ante/Play. The Ante Bonus is paid on the qualifying player hands of its table whenever the player plays.",
        ))
    side = (
        ("pair_plus", "player's three cards", "by its table", "stands: settled on the player's cards"),
        ("six_card_bonus", "best five of the player's and dealer's six cards", "by its table", "stands: both hands are still dealt"),
        ("prime", "colours of the player's three (and dealer's three) cards", "3 or 6 cards one colour", "stands"),
        ("progressive", "player's three cards", "by its table, jackpot on the top hand", "stands"),
    )
    rows = tuple(cells(WAGER_TITLES[w], decided, pays, fold) for w, decided, pays, fold in side if w in offered)
    if rows:
        blocks.append(Table((Column("Side bet"), Column("Decided by"), Column("Pays"), Column("If the player folds")), rows,
                            caption="Side bets lose when they do not pay; none depends on the dealer qualifying."))
    return Section("Settlement matrix", "settlement", tuple(blocks))


def variant_section(analysis: ThreeCardPokerAnalysis) -> Section:
    """A variant's return tables; a file with one wager is one section, not a section holding one."""
    c = analysis.config
    about = Paragraph(f"{c.title}. Source: {c.source or 'not stated'}.")
    if len(analysis.tables) == 1:
        wager = next(iter(analysis.tables))
        return Section(f"{c.id}: {wager_heading(analysis, wager)}", f"variant-{c.id}",
                       (about, *wager_blocks(analysis, wager, chart=False)))
    return Section(f"Variant {c.id}", f"variant-{c.id}", (about, *(
        Section(wager_heading(analysis, w), f"variant-{c.id}-{w}", wager_blocks(analysis, w, chart=False)) for w in analysis.tables
    )))


def verification(checks: Sequence[Check], ids: Sequence[str]) -> Section:
    """Each published figure beside the computed one; pass means the exact value rounds to the printed digits."""
    if not checks:
        return Section("Verification", "verification",
                       (Paragraph("No published figures are on file for these paytables (claims/*.yaml beside the game files)."),))
    failed = [c for c in checks if not c.passed]
    order = {paytable: i for i, paytable in enumerate(["", *ids])}  # claims on the deck alone first, then as the report
    checks = sorted(checks, key=lambda c: order[c.paytable])  # grouped by paytable; stable: claims-file order within one
    rows = tuple(
        (*cells(c.paytable or "the deck", c.claim, c.published, c.computed, c.source),
         Cell("PASS", "pass") if c.passed else Cell("FAIL", "fail"))
        for c in checks
    )
    summary = (f"{len(checks) - len(failed)} of {len(checks)} published figures agree with the exact computation. "
               "A figure passes when the exact value, rounded to the digits printed, gives the published value "
               "(or, for a published comparison such as \">8.5%\", when the comparison holds).")
    if failed:
        summary += " Failures: " + "; ".join(
            f"{c.paytable} {c.claim}: published {c.published}, exact {c.computed}" for c in failed
        ) + "."
    return Section("Verification", "verification", (
        Paragraph(summary),
        Table((Column("Paytable"), Column("Figure"), Column("Published", numeric=True), Column("Computed", numeric=True),
               Column("Source"), Column("Result")), rows, grouped=True),
    ))
