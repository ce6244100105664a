"""The declaration printed: the rules a par sheet assumes and its settlement matrix, from the game file alone.

Nothing here knows a game: the deck, each step of the deal, the decisions,
the hands, the qualifier, the tie rule and every wager's result per situation
are read from the :class:`~casino_math.game.description.Game` and written
out in words.

>>> from casino_math.analysis import load_game
>>> game = load_game("tests/games/mini-caribbean.yaml")
>>> deck_text(game)
'one deck of 12 cards: Q K A in each of four suits, shuffled before every round'
>>> print(deal_rows(game)[2][1].replace(" (the hand ends and the stakes are settled as folded)", ""))
Decision “decision 1”, seeing the player's 3 cards and the dealer's face-up card: fold or raise (adds 2 to raise).
>>> deals_text(game)
'C(12,3) × C(9,1) × C(8,2) = 220 × 9 × 28 = 55,440'

A game dealt from a shoe says how many decks, and its draws and stops:

>>> baccarat = load_game("paytables/baccarat/standard.yaml")
>>> deck_text(baccarat)
'a shoe of 8 standard decks of 52 cards (416 cards): 2 3 4 5 6 7 8 9 T J Q K A in each of four suits, each card 8 times; every coup is dealt from the full shoe, shuffled'
>>> [text for _, text in deal_rows(baccarat)][2:4]
['If either hand is a natural, no more cards are drawn.', 'The Player draws a card on 0-5.']
>>> [row[1].text for row in tableau_tables(baccarat)[0].rows][2:6]
['0-9', '0-7, 9', '2-7', '4-7']
"""

from __future__ import annotations

from math import comb
from typing import Callable, Hashable, Sequence, TypeVar

from ..cards import RANK_CHARS, Deck
from ..analysis import GameAnalysis
from ..game.description import ROLES, SITUATIONS, Deal, Decision, Draw, Game, Hand, Option, SideBet, Stop, War
from ..game.situations import Situation, surrendered
from ..game.tableau import step_words, tableau_rows
from .document import Block, Bullets, Column, Paragraph, Section, Table, cells
from ..text import exact, integer, percent, title, words
from .wording import result_text, wager_name

EQUAL_EV = {
    "wager_more": "Where two options have exactly equal expected value, the one that wagers more is taken. The house "
                  "edge is the same either way, but the average total wager and the element of risk are not: the "
                  "averages published for the games where this happens assume this rule.",
    "wager_less": "Where two options have exactly equal expected value, the one that wagers less is taken (this game "
                  "file's rule). The house edge is the same either way; the average total wager and the element of "
                  "risk are lower than under the rule most published analyses assume (take the option that wagers more).",
}
CONVENTIONS = (
    "Pays: 'X to 1' wins X and returns the stake; 'X for 1' returns X in all, a net win of X − 1. A push returns the stake.",
    ("House edge: the expected loss per initial stake (what is bet before the first card; for a side bet, its own stake). "
     "Element of risk: the expected loss per total amount wagered, the initial stake and what decisions add. "
     "RTP = 1 − house edge."),
    ("Hit frequency: the probability that the bet wins something (a push is not a hit). Standard deviation: per "
     "initial stake. Volatility index (VI) = 1.645 × standard deviation; after N hands the average return lies "
     "within RTP ± VI/√N nine times in ten."),
    "Hold (win ÷ drop) is a casino accounting figure, not the house edge; it does not appear here.",
)
T = TypeVar("T", bound=Hashable)


def grouped(analyses: Sequence[GameAnalysis], describe: Callable[[GameAnalysis], T]) -> list[tuple[list[str], T]]:
    """Files sharing one description, in the order first met: (ids, description)."""
    groups: dict[T, list[str]] = {}
    for a in analyses:
        groups.setdefault(describe(a), []).append(a.game.id)
    return [(ids, description) for description, ids in groups.items()]


# -- rules ----------------------------------------------------------------------------------------
def deck_text(game: Game) -> str:
    """The deck, or the shoe: how many decks of which cards (a Spanish deck's 48, a stripped deck's ranks)."""
    deck = game.deck
    jokers = f", plus {deck.jokers} joker{'s' * (deck.jokers > 1)}" if deck.jokers else ""
    ranks = " ".join(RANK_CHARS[r - 2] for r in deck.ranks)
    named = f" {deck.name}" if deck.name in Deck.NAMED else ""  # a stripped deck is named by its ranks, listed anyway
    if deck.decks == 1:
        return f"one{named} deck of {len(deck.cards)} cards: {ranks} in each of four suits{jokers}, shuffled before every round"
    one = len(deck.cards) // deck.decks
    return (f"a shoe of {deck.decks}{named} decks of {one} cards ({len(deck.cards)} cards): {ranks} in each of four suits, "
            f"each card {deck.decks} times; every coup is dealt from the full shoe, shuffled")


def the(game: Game, role: str, possessive: bool = False) -> str:
    """A role as the game names it, in a sentence: ``the dealer``, ``the Banker's``."""
    return f"the {game.names.role(role)}" + ("'s" * possessive)


def The(game: Game, role: str, possessive: bool = False) -> str:  # noqa: N802 - "The" as it starts a sentence
    """:func:`the` at the start of a sentence: ``The Banker``."""
    text = the(game, role, possessive)
    return text[:1].upper() + text[1:]


def _cards(n: int) -> str:
    return f"{n} card{'s' * (n != 1)}"


def _seen_before(game: Game, index: int) -> str:
    """What the player sees at the decision at ``index`` in the deal: his cards, the board, the dealer's face-up cards."""
    dealt = {"player": 0, "board": 0, "up": 0}
    for step in game.steps[:index]:
        if isinstance(step, Deal) and step.seen:
            dealt["up" if step.role == "dealer" else step.role] += step.cards
    parts = [f"{the(game, 'player', True)} {_cards(dealt['player'])}" if dealt["player"] else ""]
    parts.append(f"the {_cards(dealt['board'])} of {the(game, 'board')}" if dealt["board"] else "")
    parts.append(f"{the(game, 'dealer', True)} face-up card{'s' * (dealt['up'] > 1)}" if dealt["up"] else "")
    shown = [p for p in parts if p]
    return " and ".join([", ".join(shown[:-1]), shown[-1]] if len(shown) > 1 else shown) or "no card"


def option_text(option: Option) -> str:
    if option.surrenders:
        return f"{option.name} (half of every stake is given up and the deal ends)"
    if option.folds:
        return f"{option.name} (the hand ends and the stakes are settled as folded)"
    if not option.adds:
        return f"{option.name} (adds nothing)"
    limit = f", only with {option.only_with.text} or better" if option.only_with else ""
    return f"{option.name} (adds " + " and ".join(f"{exact(units)} to {words(wager)}" for wager, units in option.adds) + limit + ")"


def deal_rows(game: Game) -> list[tuple[str, str]]:
    """The deal step by step: (step number, what happens)."""
    rows = []
    for i, step in enumerate(game.steps):
        if isinstance(step, (Draw, Stop)):
            rows.append((str(i + 1), step_words(step, game.names.roles)))
            continue
        if isinstance(step, Deal):
            face = {"player": "", "board": ", face up, shared"}.get(step.role, ", face up" if step.face_up else ", face down")
            rows.append((str(i + 1), f"{The(game, step.role)} gets {_cards(step.cards)}{face}."))
            continue
        if isinstance(step, War):
            rows.append((str(i + 1), f"At war (after a tie, when {the(game, 'player')} raised): {_cards(step.burn)} burnt, then "
                         f"one card more each to {the(game, 'player')} and {the(game, 'dealer')}, face up; these two cards are compared."))
            continue
        assert isinstance(step, Decision)
        said = game.words.decisions.get(step.name)  # a decision of many options said in words (Pai Gow)
        if said:
            rows.append((str(i + 1), f"Decision \u201c{words(step.name)}\u201d, seeing {_seen_before(game, i)}: {said}."))
            continue
        options = [option_text(o) for o in step.options]
        choice = ", ".join(options[:-1]) + " or " + options[-1] if len(options) > 1 else options[0]
        unmade = ""
        if step.while_unmade:
            verb = "is" if len(step.while_unmade) == 1 else "are"
            unmade = f" Open only while {' and '.join(step.while_unmade)} {verb} not made."
        when = step.when.strip()
        if when:
            unmade += " Open only on a tie of the first cards." if when == "equal" else f" Open only when the cards show: {when}."
        if step.up_to:
            unmade += f" A raise is at most the {words(step.up_to)}."
        rows.append((str(i + 1), f"Decision \u201c{words(step.name)}\u201d, seeing {_seen_before(game, i)}: {choice}.{unmade}"))
    return rows


def tableau_tables(game: Game) -> tuple[Table, ...]:
    """The table of each draw decided by another role's card drawn (baccarat's banker): total -> values it draws on."""
    tables = []
    for i, step in enumerate(game.steps):
        if isinstance(step, Draw) and step.by is not None:
            tables.append(Table(
                (Column(f"{The(game, step.role, True)} total", numeric=True),
                 Column(f"{The(game, step.role)} draws when {the(game, step.by, True)} card drawn is worth")),
                tuple(cells(*row) for row in tableau_rows(step)),
                caption=f"Step {i + 1}, when {the(game, step.by)} drew a card: a total not listed stands.",
            ))
    return tuple(tables)


def _held(game: Game, role: str) -> str:
    """``the player's 2 cards``, and the cards draws may add."""
    dealt, most = game.cards_of(role), game.most_cards_of(role)  # type: ignore[arg-type]
    return f"{the(game, role, True)} {_cards(dealt)}" + (f" and any drawn (up to {_cards(most)})" if most > dealt else "")


def hand_text(game: Game, hand: Hand, categories: bool = True) -> str:
    """``player: the best 5 of the player's 2 cards and the board's 3 cards, ranked high (royal flush, ...)``; a points
    hand counts every card: ``player: the player's 2 cards and any drawn (up to 3 cards); baccarat points: ...``."""
    sources = " and ".join(_held(game, r) for r in hand.of)
    name = game.names.role(hand.name) if hand.name in ROLES else words(hand.name)  # the player's hand is the Player (baccarat)
    if hand.points is not None:
        return f"{name}: {sources}; {hand.points.description}"
    total = sum(game.cards_of(r) for r in hand.of)
    made = sources if hand.best == total else f"the best {hand.best} of {sources}"
    if hand.ranking is None:
        return f"{name}: {made}, valued by colour only"
    order = ", ".join(words(c) for c in reversed(hand.ranking.categories))
    return f"{name}: {made}, ranked {hand.ranking_name}" + (f" ({order}, strongest first)" if categories else "")


def deals_text(game: Game) -> str:
    """How many equally likely deals the declared deal has, as a product of binomials, one per step of cards."""
    terms = game.deal_sizes
    formula = " × ".join(f"C({n},{k})" for n, k in terms)
    factors = f" = {' × '.join(integer(comb(n, k)) for n, k in terms)}" if len(terms) > 1 else ""
    return f"{formula}{factors} = {integer(game.deals)}"


def _showdown(game: Game) -> bool:
    """Whether the game compares the player's hand with the dealer's (blackjack totals, read by side bets, are not compared)."""
    dealer = game.hands.get("dealer")
    return dealer is not None and (dealer.points is None or dealer.points.compares)


def deals_items(analysis: GameAnalysis) -> list[str]:
    """What an equally likely deal is, and how many there are: the product of binomials of the deal's steps, or,
    for a game counted by kinds of card, each bet's return-table notes (ordered deals of every card, or sets of
    the cards the bet reads)."""
    game = analysis.game
    if game.words.deals:  # what a game of another device counts its chances over
        return [game.words.deals]
    if not game.counted_by_kind:
        return [f"Equally likely deals: {deals_text(game)}; every order of the cards dealt is as likely as any other."]
    groups: dict[tuple[tuple[str, ...], int], list[str]] = {}
    for bet, table in analysis.tables.items():
        groups.setdefault((table.notes, table.total), []).append(game.names.bet(bet))
    items = []
    for (notes, total), bets in groups.items():
        which = "every bet" if len(groups) == 1 else ", ".join(bets)
        counted = "; ".join(notes)
        items.append(f"{counted[:1].upper()}{counted[1:]} = {integer(total)} equally likely deals, for {which}.")
    if any(isinstance(s, Draw) for s in game.steps):
        items.append("A coup that ends before the last card could be drawn counts once for every way the cards it leaves "
                     "in the shoe could fall, so that each coup weighs as much as its probability.")
    return items


def rule_items(analysis: GameAnalysis, counted: bool = True) -> tuple[str, ...]:
    """The rules of one file in sentences, the deal steps apart (see :func:`deal_rows`); ``counted`` False: without the
    deals of a game counted by kinds of card, which its return tables say (what the studio shows before the count ends)."""
    game = analysis.game
    items = [game.words.device or f"Deck: {deck_text(game)}."]  # a game thrown with dice or a wheel says so
    items += list(game.words.rules)  # a game whose rules are sentences of its own (blackjack)
    hands_said = game.words.hands  # a game whose hands are set, not dealt whole (Pai Gow)
    items += list(hands_said) or [f"Hand {hand_text(game, hand)}." for hand in game.hands.values()]
    if _showdown(game) and not hands_said:
        dealer = game.hands["dealer"]
        if dealer.points is not None:
            items.append(f"Showdown: {the(game, 'player', True)} total is compared with {the(game, 'dealer', True)} "
                         f"({dealer.ranking_name} points); the higher total wins and equal totals are equal hands.")
        else:
            items.append(f"Showdown: {the(game, 'player', True)} hand is compared with {the(game, 'dealer', True)} by the "
                         f"{dealer.ranking_name} ranking; equal values are equal hands.")
    if game.has_dealer and not game.counted_by_kind:  # a game counted by kinds of card has no qualifier to speak of
        if game.qualifier is not None:
            qualifying, hands = analysis.dealer_qualifying()
            items.append(f"Qualifier: {the(game, 'dealer')} qualifies with {game.qualifier.text} or better: {integer(qualifying)} "
                         f"of {integer(hands)} {game.names.role('dealer')} hands ({percent(qualifying / hands)}).")
        else:
            items.append(f"Qualifier: none; {the(game, 'dealer', True)} hand always plays.")
    strategy_said = game.words.strategy  # a strategy the game declares (a house way), not derived
    if strategy_said:
        items.append(strategy_said)
    elif game.decisions:
        items.append("Strategy: at every decision the player takes the option of highest expected value, computed exactly "
                     "for this file's pays by backward induction over every class of the cards seen.")
        items.append(f"Equal expected values: {EQUAL_EV[game.equal_ev]}")
    items += deals_items(analysis) if counted or not game.counted_by_kind else []
    return tuple(items)


def deal_tables(game: Game) -> tuple[Table, ...]:
    """The deal step by step, then the table of each draw decided by another role's card."""
    steps = Table((Column("Step", numeric=True), Column("The deal")), tuple(cells(*row) for row in deal_rows(game)))
    return (steps, *tableau_tables(game)) if steps.rows else tableau_tables(game)  # dice and wheels deal nothing


def rules_section(analyses: Sequence[GameAnalysis]) -> Section:
    """The rules of every file and the conventions of the figures. Files sharing a deal and rules are grouped; where
    the files that share a deal are not those that share the rules (shoes of 8 and 6 decks dealt alike), the deals
    and the rules are grouped apart."""
    deals = grouped(analyses, lambda a: deal_tables(a.game))
    rules = grouped(analyses, rule_items)
    blocks: list[Block] = []
    if [ids for ids, _ in deals] == [ids for ids, _ in rules]:
        for (ids, tables), (_, items) in zip(deals, rules):
            own: tuple[Block, ...] = (*tables, Bullets(items))
            if len(deals) == 1:
                blocks += [Paragraph("Every game file below deals and plays as follows."), *own]
            else:
                blocks.append(Section(f"Rules of {', '.join(ids)}", f"rules-{ids[0]}", own))
    else:
        for ids, tables in deals:
            if len(deals) == 1:
                blocks += [Paragraph("Every game file below deals as follows."), *tables]
            else:
                blocks.append(Section(f"The deal of {', '.join(ids)}", f"deal-{ids[0]}", tables))
        for ids, items in rules:
            if len(rules) == 1:
                blocks += [Paragraph("Every game file below plays by these rules."), Bullets(items)]
            else:
                blocks.append(Section(f"Rules of {', '.join(ids)}", f"rules-{ids[0]}", (Bullets(items),)))
    blocks.append(Section("Conventions of the figures", "conventions", (Bullets(CONVENTIONS),)))
    return Section("Rules and assumptions", "rules", tuple(blocks))


# -- settlement -------------------------------------------------------------------------------------
def _cell(game: Game, wager: str, situation: str) -> str:
    settle = game.wager[wager].settle
    if situation in settle:
        return result_text(game, settle[situation])
    at_war_only = game.wager[wager].stake == 0 and any(isinstance(s, War) for s in game.steps)  # staked only by going to war
    if situation == "surrendered":
        return "not staked" if at_war_only else "loses half"
    return "not staked" if situation == "folded" or at_war_only else "as the showdown"


def stakes_text(game: Game) -> str:
    """What each wager of the game's own bet stakes, for the matrix's caption."""
    parts = []
    for w in game.wagers:
        name = wager_name(game, w.name)
        if w.bonus_on is not None:
            parts.append(f"{name}: no stake of its own; paid per unit of {wager_name(game, w.bonus_on)}, never loses")
            continue
        added = [f"\u201c{words(d.name)}\u201d, {words(o.name)} {exact(u)}" for d in game.decisions for o in d.options
                 for n, u in o.adds if n == w.name]
        before = [f"{exact(w.stake)} before the deal"] if w.stake else []
        parts.append(f"{name}: " + "; ".join(before + [f"added at {', '.join(added)}"] * bool(added)))
    return "Stakes, in units of the initial stake. " + ". ".join(parts) + "."


def own_matrix(game: Game) -> Table:
    """One row per situation the game's own bet can end in, one column per wager: each cell the declared result."""
    said = game.words.situations  # situations a game names its own way (Pai Gow's two hands)
    return Table(
        (Column("Situation"), *(Column(game.names.bet(w.name)) for w in game.wagers)),
        tuple(cells(said.get(s) or (surrendered(game.names.roles) if s == "surrendered" else Situation(s).heading(game.names.roles)),
                    *(_cell(game, w.name, s) for w in game.wagers))
              for s in (*game.situations, *["surrendered"] * any(o.surrenders for d in game.decisions for o in d.options))),
        caption=stakes_text(game),
    )


def showdown_matrix(game: Game, bets: Sequence[SideBet]) -> Table:
    """Bets settled by the showdown like a wager: one row per situation, one column per bet, each cell the declared result."""
    situations = [s for s in SITUATIONS if any(s in b.settle for b in bets)]
    return Table(
        (Column("Situation"), *(Column(game.names.bet(b.name)) for b in bets)),
        tuple(cells(Situation(s).heading(game.names.roles), *(result_text(game, b.settle[s]) if s in b.settle else "not settled"
                                                               for b in bets))
              for s in situations),
        caption="Stakes, in units, placed before the deal: " + ", ".join(f"{game.names.bet(b.name)} {exact(b.stake)}" for b in bets) + ". "
                "Paid by a table: the first line of that table the hand matches pays (the return tables list the lines); "
                "a hand no line pays loses, or pushes where the cell says so.",
    )


def _declared(bet: SideBet) -> tuple:
    return bet.name, bet.stake, tuple(sorted(bet.settle.items()))


def showdown_matrices(analyses: Sequence[GameAnalysis]) -> list[tuple[list[str], Table]]:
    """The bets settled by the showdown: the first file's, then each later file's bets that it declares anew (a bet
    of the same name settled otherwise, or one not met before); files declaring the same are grouped."""
    shown: set[tuple] = set()
    matrices: dict[str, Table] = {}
    for a in analyses:
        new = [b for b in a.game.side_bets if b.settle and _declared(b) not in shown]
        shown |= {_declared(b) for b in new}
        if new:
            matrices[a.game.id] = showdown_matrix(a.game, new)
    return grouped([a for a in analyses if a.game.id in matrices], lambda a: matrices[a.game.id])


def side_bet_rows(analyses: Sequence[GameAnalysis]) -> list[tuple[str, ...]]:
    """Each side bet paid by a table alone, offered by any file (first declaration met): bet, table, hand, stake."""
    rows: dict[str, tuple[str, ...]] = {}
    for a in analyses:
        game = a.game
        for bet in game.side_bets:
            if bet.settle:
                continue  # in a matrix of situations (showdown_matrices)
            hands = game.paytables[bet.table].hands
            on = game.words.settles.get(bet.name) or "; ".join(hand_text(game, game.hands[h], categories=False) for h in hands)
            meter = f"; its {words(bet.meter)} line pays a progressive meter" if bet.meter else ""
            rows.setdefault(bet.name, (game.names.bet(bet.name), f"the {title(bet.table)} table{meter}", on, exact(bet.stake)))
    return list(rows.values())


def settlement_section(analyses: Sequence[GameAnalysis]) -> Section:
    """The game's own bet as a matrix of situations and wagers (per distinct declaration), then the bets settled by the
    showdown alike (a column each), then the side bets paid by a table alone."""
    blocks: list[Block] = []
    own = [a for a in analyses if a.game.wagers]
    groups = grouped(own, lambda a: (a.game.bet, own_matrix(a.game)))
    for ids, (bet, table) in groups:
        if len(groups) > 1:
            blocks.append(Paragraph(f"{own[0].game.names.bet(bet)} in {', '.join(ids)}:"))
        blocks.append(table)
    matrices = showdown_matrices(analyses)
    for i, (ids, table) in enumerate(matrices):
        if len(matrices) > 1:
            anew = " (declared there anew; the others as above)" if i else ""
            blocks.append(Paragraph(f"Bets settled by the showdown in {', '.join(ids)}{anew}:"))
        blocks.append(table)
    rows = side_bet_rows(analyses)
    if rows:
        decides = any(a.game.decisions for a in analyses)
        qualifies = any(a.game.qualifier for a in analyses)
        blocks.append(Table(
            (Column("Side bet"), Column("Paid by"), Column("On the hand"), Column("Stake", numeric=True)),
            tuple(cells(*row) for row in rows),
            caption="Each side bet " + ("stands whatever the player decides: it " if decides else "") + "is paid by the first "
                    "line of its paytable that the hand matches and loses otherwise"
                    + (", whether or not the dealer qualifies." if qualifies else "."),
        ))
    return Section("Settlement matrix", "settlement", tuple(blocks))
