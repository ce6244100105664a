"""The declaration printed: the rules a par sheet assumes and its settlement matrix, from the game file alone.

Nothing here knows a game: the deck, each step of the deal, the decisions,
the hands, the qualifier, the tie rule and every wager's result per situation
are read from the :class:`~casino_math.game.description.Game` and written
out in words.

>>> from casino_math.game.loader import load_game
>>> game = load_game("tests/games/mini-caribbean.yaml")
>>> deck_text(game)
'one deck of 12 cards: Q K A in each of four suits, shuffled before every round'
>>> print(deal_rows(game)[2][1].replace(" (the hand ends and the stakes are settled as folded)", ""))
Decision decision_1, seeing the player's 3 cards and the dealer's face-up card: fold or raise (adds 2 to raise).
>>> deals_text(game)
'C(12,3) × C(9,1) × C(8,2) = 220 × 9 × 28 = 55,440'
"""

from __future__ import annotations

from math import comb, prod
from typing import Callable, Hashable, Sequence, TypeVar

from ..cards import RANK_CHARS, Deck
from ..game.analysis import GameAnalysis
from ..game.description import Deal, Decision, Game, Hand, Option
from .document import Block, Bullets, Column, Paragraph, Section, Table, cells
from .formats import exact, integer, percent, title

SITUATION_TEXT = {
    "folded": "Player folds",
    "dealer_not_qualified": "Dealer does not qualify",
    "player_higher": "Player's hand higher",
    "equal": "Equal hands",
    "dealer_higher": "Dealer's hand higher",
    "played": "Hand played to the end",
}
ROLE_TEXT = {"player": "the player's", "dealer": "the dealer's", "board": "the board's"}
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
    deck = game.deck
    jokers = f", plus {deck.jokers} joker{'s' * (deck.jokers > 1)}" if deck.jokers else ""
    ranks = " ".join(RANK_CHARS[r - 2] for r in deck.ranks)
    named = f" {deck.name}" if deck.name in Deck.NAMED else ""  # a stripped deck is named by its ranks, listed anyway
    return f"one{named} deck of {len(deck.cards)} cards: {ranks} in each of four suits{jokers}, shuffled before every round"


def _cards(n: int) -> str:
    return f"{n} card{'s' * (n != 1)}"


def _seen_before(game: Game, index: int) -> str:
    """What the player sees at the decision at ``index`` in the deal: his cards, the board, the dealer's face-up cards."""
    dealt = {"player": 0, "board": 0, "up": 0}
    for step in game.steps[:index]:
        if isinstance(step, Deal) and step.seen:
            dealt["up" if step.role == "dealer" else step.role] += step.cards
    parts = [f"the player's {_cards(dealt['player'])}" if dealt["player"] else ""]
    parts.append(f"the {_cards(dealt['board'])} of the board" if dealt["board"] else "")
    parts.append(f"the dealer's face-up card{'s' * (dealt['up'] > 1)}" if dealt["up"] else "")
    shown = [p for p in parts if p]
    return " and ".join([", ".join(shown[:-1]), shown[-1]] if len(shown) > 1 else shown) or "no card"


def option_text(option: Option) -> str:
    if option.folds:
        return f"{option.name} (the hand ends and the stakes are settled as folded)"
    if not option.adds:
        return f"{option.name} (adds nothing)"
    return f"{option.name} (adds " + " and ".join(f"{exact(units)} to {wager}" for wager, units in option.adds) + ")"


def deal_rows(game: Game) -> list[tuple[str, str]]:
    """The deal step by step: (step number, what happens)."""
    rows = []
    for i, step in enumerate(game.steps):
        if isinstance(step, Deal):
            face = {"player": "", "board": ", face up, shared"}.get(step.role, ", face up" if step.face_up else ", face down")
            who = {"player": "The player gets", "dealer": "The dealer gets", "board": "The board gets"}[step.role]
            rows.append((str(i + 1), f"{who} {_cards(step.cards)}{face}."))
            continue
        assert isinstance(step, Decision)
        options = [option_text(o) for o in step.options]
        choice = ", ".join(options[:-1]) + " or " + options[-1] if len(options) > 1 else options[0]
        unmade = ""
        if step.while_unmade:
            verb = "is" if len(step.while_unmade) == 1 else "are"
            unmade = f" Open only while {' and '.join(step.while_unmade)} {verb} not made."
        rows.append((str(i + 1), f"Decision {step.name}, seeing {_seen_before(game, i)}: {choice}.{unmade}"))
    return rows


def hand_text(game: Game, hand: Hand, categories: bool = True) -> str:
    """``player: the best 5 of the player's 2 cards and the board's 3 cards, ranked high (royal flush, ...)``."""
    sources = " and ".join(f"{ROLE_TEXT[r]} {_cards(game.cards_of(r))}" for r in hand.of)
    total = sum(game.cards_of(r) for r in hand.of)
    made = sources if hand.best == total else f"the best {hand.best} of {sources}"
    if hand.ranking is None:
        return f"{hand.name}: {made}, valued by colour only"
    order = ", ".join(c.replace("_", " ") for c in reversed(hand.ranking.categories))
    return f"{hand.name}: {made}, ranked {hand.ranking_name}" + (f" ({order}, strongest first)" if categories else "")


def deals_text(game: Game) -> str:
    """How many equally likely deals the declared deal has, as a product of binomials, one per step of cards."""
    left, terms = len(game.deck.cards), []
    for step in game.steps:
        if isinstance(step, Deal):
            terms.append((left, step.cards))
            left -= step.cards
    ways = [comb(n, k) for n, k in terms]
    formula = " × ".join(f"C({n},{k})" for n, k in terms)
    factors = f" = {' × '.join(integer(w) for w in ways)}" if len(terms) > 1 else ""
    return f"{formula}{factors} = {integer(prod(ways))}"


def rule_items(analysis: GameAnalysis) -> tuple[str, ...]:
    """The rules of one file in sentences, the deal steps apart (see :func:`deal_rows`)."""
    game = analysis.game
    items = [f"Deck: {deck_text(game)}."]
    items += [f"Hand {hand_text(game, hand)}." for hand in game.hands.values()]
    if game.has_dealer:
        ranking = game.hands["dealer"].ranking_name
        items.append(f"Showdown: the player's hand is compared with the dealer's by the {ranking} ranking; equal values are equal hands.")
        if game.qualifier is not None:
            qualifying, hands = analysis.dealer_qualifying()
            items.append(f"Qualifier: the dealer qualifies with {game.qualifier.text} or better: {integer(qualifying)} of "
                         f"{integer(hands)} dealer hands ({percent(qualifying / hands)}).")
        else:
            items.append("Qualifier: none; the dealer's hand always plays.")
    if game.decisions:
        items.append("Strategy: at every decision the player takes the option of highest expected value, computed exactly "
                     "for this file's pays by backward induction over every class of the cards seen.")
        items.append(f"Equal expected values: {EQUAL_EV[game.equal_ev]}")
    items.append(f"Equally likely deals: {deals_text(game)}; every order of the cards dealt is as likely as any other.")
    return tuple(items)


def rules_section(analyses: Sequence[GameAnalysis]) -> Section:
    """The rules of every file (grouped where files share them) and the conventions of the figures."""
    groups = grouped(analyses, lambda a: (tuple(deal_rows(a.game)), rule_items(a)))
    blocks: list[Block] = []
    for ids, (rows, items) in groups:
        own = (Table((Column("Step", numeric=True), Column("The deal")), tuple(cells(*row) for row in rows)), Bullets(items))
        if len(groups) == 1:
            blocks += [Paragraph("Every game file below deals and plays as follows."), *own]
        else:
            blocks.append(Section(f"Rules of {', '.join(ids)}", f"rules-{ids[0]}", own))
    blocks.append(Section("Conventions of the figures", "conventions", (Bullets(CONVENTIONS),)))
    return Section("Rules and assumptions", "rules", tuple(blocks))


# -- settlement -------------------------------------------------------------------------------------
def _cell(game: Game, wager: str, situation: str) -> str:
    settle = game.wager[wager].settle
    if situation in settle:
        return str(settle[situation])
    return "not staked" if situation == "folded" else "as the showdown"


def stakes_text(game: Game) -> str:
    """What each wager of the game's own bet stakes, for the matrix's caption."""
    parts = []
    for w in game.wagers:
        if w.bonus_on is not None:
            parts.append(f"{w.name}: no stake of its own; paid per unit of {w.bonus_on}, never loses")
            continue
        added = [f"{d.name}: {o.name} {exact(u)}" for d in game.decisions for o in d.options for n, u in o.adds if n == w.name]
        before = [f"{exact(w.stake)} before the deal"] if w.stake else []
        parts.append(f"{w.name}: " + "; ".join(before + [f"added at {', '.join(added)}"] * bool(added)))
    return "Stakes, in units of the initial stake. " + ". ".join(parts) + "."


def own_matrix(game: Game) -> Table:
    """One row per situation the game's own bet can end in, one column per wager: each cell the declared result."""
    return Table(
        (Column("Situation"), *(Column(title(w.name)) for w in game.wagers)),
        tuple(cells(SITUATION_TEXT[s], *(_cell(game, w.name, s) for w in game.wagers)) for s in game.situations),
        caption=stakes_text(game),
    )


def side_bet_rows(analyses: Sequence[GameAnalysis]) -> list[tuple[str, ...]]:
    """Each side bet offered by any file (first declaration met): bet, table, hand, stake."""
    rows: dict[str, tuple[str, ...]] = {}
    for a in analyses:
        game = a.game
        for bet in game.side_bets:
            hands = game.paytables[bet.table].hands
            on = "; ".join(hand_text(game, game.hands[h], categories=False) for h in hands)
            meter = f"; {bet.meter} pays a progressive meter" if bet.meter else ""
            rows.setdefault(bet.name, (title(bet.name), f"{bet.table}{meter}", on, exact(bet.stake)))
    return list(rows.values())


def settlement_section(analyses: Sequence[GameAnalysis]) -> Section:
    """The game's own bet as a matrix of situations and wagers (per distinct declaration), then the side bets."""
    blocks: list[Block] = []
    own = [a for a in analyses if a.game.wagers]
    groups = grouped(own, lambda a: (a.game.bet, own_matrix(a.game)))
    for ids, (bet, table) in groups:
        if len(groups) > 1:
            blocks.append(Paragraph(f"{title(bet)} in {', '.join(ids)}:"))
        blocks.append(table)
    rows = side_bet_rows(analyses)
    if rows:
        blocks.append(Table(
            (Column("Side bet"), Column("Paid by"), Column("On the hand"), Column("Stake", numeric=True)),
            tuple(cells(*row) for row in rows),
            caption="Each side bet stands whatever the player decides: it is paid by the first line of its paytable that "
                    "the hand matches and loses otherwise, whether or not the dealer qualifies.",
        ))
    return Section("Settlement matrix", "settlement", tuple(blocks))
