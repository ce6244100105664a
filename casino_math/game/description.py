"""A table game, declared: the deck, the deal, the decisions, the hands, the qualifier, the wagers and their pays.

Everything the engine, the design tools, the simulator and the par sheet know
about a game is here, as immutable values read from its YAML file
(:mod:`.loader`). Nothing here computes a figure.

The situations a wager is settled in, in the order of a settlement matrix:

- ``folded``: the player folded;
- ``dealer_not_qualified``: the dealer's hand does not qualify (where a qualifier is declared);
- ``player_higher``, ``equal``, ``dealer_higher``: the showdown (where a dealer hand is declared);
- ``played``: the hand was played to the end (a game with no dealer hand);
- ``war_player_higher``, ``war_equal``, ``war_dealer_higher``: the showdown of the cards dealt at war
  (Casino War, after a tie).

Where the dealer does not qualify but a wager names no ``dealer_not_qualified``
result, the showdown decides it (Ultimate Texas Hold'em's Play bet).

Games dealt from a shoe, with drawing rules (baccarat's tableau) or hands
valued in points, are counted kind of card by kind of card
(:mod:`.drawing`); their bets stand alone as side bets, each paid by a table
or settled by the showdown like a wager.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from math import comb, prod
from typing import Literal, Mapping

from ..cards import Deck
from ..pays import Pay
from ..rankings import Ranking
from ..rankings.points import Points
from ..text import title
from .patterns import LinePredicate, Pattern
from .progressive import Progressive
from .situations import role_name

Role = Literal["player", "dealer", "board"]
ROLES: tuple[Role, ...] = ("player", "dealer", "board")
Situation = Literal["folded", "dealer_not_qualified", "player_higher", "equal", "dealer_higher", "played",
                    "war_player_higher", "war_equal", "war_dealer_higher"]
SHOWDOWN: tuple[Situation, ...] = ("player_higher", "equal", "dealer_higher")
WAR_SHOWDOWN: tuple[Situation, ...] = ("war_player_higher", "war_equal", "war_dealer_higher")  # the cards dealt at war compared
SITUATIONS: tuple[Situation, ...] = ("folded", "dealer_not_qualified", *SHOWDOWN, "played", *WAR_SHOWDOWN)


@dataclass(frozen=True)
class Deal:
    """Cards dealt to one role; the player sees them unless they are the dealer's face-down cards."""

    role: Role
    cards: int
    face_up: bool = True

    @property
    def seen(self) -> bool:
        return self.face_up


@dataclass(frozen=True)
class Option:
    """One choice at a decision: fold, surrender (give up half of every stake, the deal ends), or add ``units`` (per
    initial unit) to wagers, or neither (check); open to every hand, or (``only_with``) only where the player's hand
    is at least the hand written (Crazy 4 Poker's 3x: a pair of aces or better)."""

    name: str
    folds: bool = False
    adds: tuple[tuple[str, Fraction], ...] = ()
    only_with: Qualifier | None = None
    surrenders: bool = False

    @property
    def units(self) -> Fraction:
        return sum((u for _, u in self.adds), Fraction(0))


@dataclass(frozen=True)
class Decision:
    """A decision after the cards dealt so far; open only while every wager in ``while_unmade`` has no stake.

    In a game dealt from a shoe, ``when`` says when the decision is open, as written: a showdown situation of the cards
    dealt so far (``equal``: a tie) or an event of a hand (``spread``), read as ``opens_on``; closed, the deal goes on
    with no option taken."""

    name: str
    options: tuple[Option, ...]
    while_unmade: tuple[str, ...] = ()
    when: str = ""
    opens_on: LinePredicate | None = None  # the event ``when`` names (None: a situation, or always open)
    up_to: str = ""  # the wager whose stake no option may add more than (a raise up to the bet)


@dataclass(frozen=True)
class Draw:
    """One more card to ``role`` when its hand's points are in ``on``.

    Where ``by`` names a role that drew a card at an earlier draw, and it did,
    ``table`` decides instead: the points of ``role``'s hand -> the values of
    that card on which ``role`` draws (baccarat's banker and the player's third
    card). Points the table does not list stand.
    """

    role: Role
    on: frozenset[int]
    by: Role | None = None
    table: Mapping[int, frozenset[int]] = field(default_factory=dict)


@dataclass(frozen=True)
class War:
    """Casino War's rule on a tie, once the player has gone to war: ``burn`` cards are burnt, one card more goes to the
    player and one to the dealer, and those two cards are compared (the ``war_`` situations)."""

    burn: int = 3


@dataclass(frozen=True)
class Stop:
    """The deal ends here if a hand made of one role's cards is a natural of its points ranking."""

    when: Literal["natural"] = "natural"


Step = Deal | Decision | Draw | Stop | War


@dataclass(frozen=True)
class Hand:
    """A named hand: the best ``best`` cards of the roles in ``of``, valued by a poker ranking or in points (every
    card counts), or by colour only (``valuation`` None)."""

    name: str
    of: tuple[Role, ...]
    best: int
    valuation: Ranking | Points | None

    @property
    def ranking(self) -> Ranking | None:
        """The poker ranking the hand is valued by (None: in points, or by colour only)."""
        return self.valuation if isinstance(self.valuation, Ranking) else None

    @property
    def points(self) -> Points | None:
        """The points ranking the hand is valued in (None: a poker ranking, or colour only)."""
        return self.valuation if isinstance(self.valuation, Points) else None

    @property
    def ranking_name(self) -> str:
        """The valuation's name, as a game file writes it (``colour``: by colour only)."""
        return self.valuation.name if self.valuation is not None else "colour"


@dataclass(frozen=True)
class Line:
    """One line of a paytable: what it pays on (of its hand), and the pay."""

    key: str
    pattern: LinePredicate  # a Pattern; an Event in games counted kind by kind
    pay: Pay
    hand: str

    @property
    def card_pattern(self) -> Pattern:
        """The line's pattern, in a game counted card set by card set (whose lines are patterns, never events)."""
        if not isinstance(self.pattern, Pattern):
            raise TypeError(f"line {self.key!r} is an event of a game counted by kinds of card, not a pattern of card sets")
        return self.pattern


@dataclass(frozen=True)
class Paytable:
    """Lines in the order they are tried; a hand takes the first it matches."""

    name: str
    lines: tuple[Line, ...]

    @property
    def hands(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(line.hand for line in self.lines))


@dataclass(frozen=True)
class Result:
    """How a wager settles in one situation: win ``net`` to 1, push, lose, or be paid by a table."""

    kind: Literal["win", "push", "lose", "pays"]
    net: Fraction = Fraction(0)
    table: str = ""
    otherwise: Literal["push", "lose"] = "lose"  # a table's hand that no line pays

    def unit_net(self, paid: Fraction | None = None, bonus: bool = False) -> Fraction:
        """The net per unit staked; ``paid`` is the net of the table's line that pays the hand (None: no line does).

        A bonus never loses: where it would, it pays nothing.

        >>> Result("pays", table="t").unit_net(Fraction(3)), Result("pays", table="t").unit_net(), Result("lose").unit_net(bonus=True)
        (Fraction(3, 1), Fraction(-1, 1), Fraction(0, 1))
        """
        if self.kind == "win":
            return self.net
        if self.kind == "pays" and paid is not None:
            return paid
        lost = self.kind == "lose" or (self.kind == "pays" and self.otherwise == "lose")
        return Fraction(-1) if lost and not bonus else Fraction(0)

    def __str__(self) -> str:
        if self.kind == "win":
            return "win" if self.net == 1 else f"win {Pay(self.net)}"
        if self.kind == "pays":
            return f"paid by {self.table}" + (", else push" if self.otherwise == "push" else "")
        return self.kind


@dataclass(frozen=True)
class Wager:
    """One wager of the game: its stake and its result in each situation.

    ``stake`` is placed before the deal (0: only decisions stake it). A bonus
    (``bonus_on``) has no money of its own: it pays per unit of another
    wager's stake and never loses.
    """

    name: str
    stake: Fraction
    settle: Mapping[str, Result]
    bonus_on: str | None = None

    def result(self, situation: str, qualified: bool = True) -> Result:
        """The result in ``situation`` (a showdown one, with the dealer qualifying or not)."""
        if not qualified and "dealer_not_qualified" in self.settle:
            return self.settle["dealer_not_qualified"]
        return self.settle[situation]

    def folded_net(self) -> Fraction:
        """The net per unit staked when the player folds: a folded hand is paid by no table (so pushes there)."""
        result = self.settle.get("folded")
        if result is None or result.kind == "pays":
            return Fraction(0)
        return result.unit_net(bonus=self.bonus_on is not None)


@dataclass(frozen=True)
class SideBet:
    """A bet settled whatever the player decides: ``stake`` units, paid by ``table``; or, where ``settle`` is
    given, settled by the showdown like a wager (``table`` is then empty)."""

    name: str
    table: str
    stake: Fraction = Fraction(1)
    meter: str | None = None  # the line whose pay is a progressive meter
    settle: Mapping[str, Result] = field(default_factory=dict)  # situation -> result
    progressive: Progressive | None = None  # its meters' seeds, resets and rates, and its envy bonus

    @property
    def tables(self) -> tuple[str, ...]:
        """Every paytable that pays this bet."""
        if not self.settle:
            return (self.table,)
        return tuple(dict.fromkeys(r.table for r in self.settle.values() if r.kind == "pays"))


@dataclass(frozen=True)
class Qualifier:
    """The weakest hand that qualifies, as written (``Q-6-4``, ``pair of aces``) and as a value of its hand's ranking:
    the dealer's hand that plays, or the player's hand an option is open to (:attr:`Option.only_with`)."""

    text: str
    value: int


@dataclass(frozen=True)
class Names:
    """What the table calls the game, its roles and its bets (a game file's ``names:``); what is not named shows as the
    file spells it.

    >>> names = Names("21+3", {"dealer": "Banker"}, {"twenty_one_plus_three": "21+3"})
    >>> names.role("dealer"), names.role("player"), names.bet("twenty_one_plus_three"), names.bet("pair_plus")
    ('Banker', 'player', '21+3', 'Pair Plus')
    """

    game: str = ""  # the family as a player reads it: "21+3", "Ultimate Texas Hold'em"
    roles: Mapping[str, str] = field(default_factory=dict)  # role -> its name at the table: baccarat's dealer is the Banker
    bets: Mapping[str, str] = field(default_factory=dict)  # bet -> its name on the layout

    def role(self, role: str) -> str:
        """A role as the game names it: ``Banker``; ``dealer`` where the file names none."""
        return role_name(role, self.roles)

    def bet(self, bet: str) -> str:
        """A bet as the layout names it: ``21+3``; the bet's name as a heading (``Pair Plus``) where the file names none."""
        return self.bets.get(bet) or title(bet)


@dataclass(frozen=True)
class GameWords:
    """What a game says of itself in words where its file has a format of its own (blackjack's rules, Pai Gow's house
    way), as the par sheet prints it; empty for a game described step by step, whose words the sheet derives.

    >>> GameWords().strategy, GameWords(situations={"equal": "One hand higher"}).situations.get("equal")
    ('', 'One hand higher')
    """

    rules: tuple[str, ...] = ()  # the rules as a dealer states them, one sentence each, beside the deck
    hands: tuple[str, ...] = ()  # the hands in sentences, in place of one per hand dealt whole
    decisions: Mapping[str, str] = field(default_factory=dict)  # decision -> what it is, in place of its options
    situations: Mapping[str, str] = field(default_factory=dict)  # situation -> its row's heading in the settlement
    strategy: str = ""  # the strategy the game declares (a house way), in place of the optimal one
    device: str = ""  # what the game is thrown with (dice, a wheel), in place of the deck
    deals: str = ""  # what the chances are counted over, in place of the deals of a deck
    settles: Mapping[str, str] = field(default_factory=dict)  # bet -> how it settles, in place of the hand it is paid on


@dataclass(frozen=True)
class Game:
    """A whole table game as offered: identification, rules and every wager's pays."""

    family: str
    id: str
    name: str
    source: str
    deck: Deck
    steps: tuple[Step, ...]
    hands: Mapping[str, Hand]
    wagers: tuple[Wager, ...]
    side_bets: tuple[SideBet, ...]
    paytables: Mapping[str, Paytable]
    bet: str = "game"
    qualifier: Qualifier | None = None
    equal_ev: Literal["wager_more", "wager_less"] = "wager_more"
    strategies: Mapping[str, str] = field(default_factory=dict)  # simpler strategies to price: name -> rule
    quoted_per: tuple[str, ...] = ()  # the wagers whose stakes figures are quoted per (empty: every stake before the deal)
    path: str = ""
    sha256: str = ""
    files: tuple[tuple[str, str], ...] = ()  # every file read (a variant and what it extends): path, SHA-256
    names: Names = field(default_factory=Names)  # the game, its roles and bets as the table names them
    main: str = ""  # the id of the family's main game, as the file declares it ("": the par sheet chooses)
    words: GameWords = field(default_factory=GameWords)  # what a file of a format of its own says in words

    @property
    def title(self) -> str:
        return self.name or self.id

    @property
    def family_name(self) -> str:
        """The family as a player reads it: its ``names: {game: ...}``, else its name as a heading (``Three Card Poker``)."""
        return self.names.game or title(self.family)

    @cached_property
    def decisions(self) -> tuple[Decision, ...]:
        return tuple(s for s in self.steps if isinstance(s, Decision))

    @cached_property
    def deal_sizes(self) -> tuple[tuple[int, int], ...]:
        """Each step of cards dealt as (cards left in the deck, cards dealt): the deals number the product of their
        binomials (:attr:`deals`)."""
        left, sizes = len(self.deck.cards), []
        for step in self.steps:
            if isinstance(step, Deal):
                sizes.append((left, step.cards))
                left -= step.cards
        return tuple(sizes)

    @cached_property
    def deals(self) -> int:
        """How many equally likely deals the declared deal has (every order of the cards dealt in a step counted once)."""
        return prod(comb(n, k) for n, k in self.deal_sizes)

    @cached_property
    def has_dealer(self) -> bool:
        return "dealer" in self.hands

    @property
    def situations(self) -> tuple[str, ...]:
        """The situations this game's main bet can end in."""
        folds = any(o.folds for d in self.decisions for o in d.options)
        ends = (("dealer_not_qualified",) if self.qualifier else ()) + SHOWDOWN if self.has_dealer else ("played",)
        if not ties_settle(self.steps):
            ends = tuple(s for s in ends if s != "equal") + (WAR_SHOWDOWN if any(isinstance(s, War) for s in self.steps) else ())
        return (("folded",) if folds else ()) + ends

    def cards_of(self, role: Role) -> int:
        return sum(s.cards for s in self.steps if isinstance(s, Deal) and s.role == role)

    @cached_property
    def wager(self) -> Mapping[str, Wager]:
        return {w.name: w for w in self.wagers}

    @cached_property
    def side_bet(self) -> Mapping[str, SideBet]:
        return {b.name: b for b in self.side_bets}

    def table_field(self, table: str) -> tuple[str, ...]:
        """Where a game file writes the paytable ``table``: under ``paytables:`` by its name (a game with a format of its
        own writes some elsewhere: blackjack's pays).

        >>> from casino_math.analysis import load_game
        >>> load_game("paytables/caribbean_stud/standard.yaml").table_field("raise")
        ('paytables', 'raise')
        >>> load_game("paytables/blackjack/6-decks-h17-das.yaml").table_field("pays")
        ('blackjack', 'pays')
        """
        return ("paytables", table)

    @cached_property
    def own_tables(self) -> tuple[str, ...]:
        """The paytables that pay the game's own wagers, in the order the wagers name them."""
        return tuple(dict.fromkeys(r.table for w in self.wagers for r in w.settle.values() if r.kind == "pays"))

    @cached_property
    def decision_levels(self) -> dict[int, Decision]:
        """Each decision by how many steps of seen cards come before it (its level in the engine's counts)."""
        out, seen = {}, 0
        for step in self.steps:
            if isinstance(step, Deal) and step.seen:
                seen += 1
            elif isinstance(step, Decision):
                out[seen] = step
        return out

    @property
    def bets(self) -> tuple[str, ...]:
        """Every bet offered: the game's own (when it has wagers), then the side bets."""
        return ((self.bet,) if self.wagers else ()) + tuple(b.name for b in self.side_bets)

    @cached_property
    def counted_by_kind(self) -> bool:
        """Whether the game is counted kind of card by kind of card (:mod:`.drawing`) rather than card set by card set."""
        return counted_by_kind(self.deck, self.steps, self.hands, self.side_bets)

    def most_cards_of(self, role: Role) -> int:
        """The cards ``role`` holds when every draw is made."""
        return self.cards_of(role) + sum(isinstance(s, Draw) and s.role == role for s in self.steps)

    @property
    def initial_stake(self) -> Fraction:
        """Units placed before the deal on the game's own bet (or on the wagers named in ``quoted_per``, as
        Ultimate Texas Hold'em is quoted per its Ante, not Ante and Blind): house edge is quoted per this."""
        named = [w for w in self.wagers if w.name in self.quoted_per] if self.quoted_per else self.wagers
        return sum((w.stake for w in named if w.bonus_on is None), Fraction(0))


def seen_before(steps: tuple[Step, ...], step: Step, roles: tuple[Role, ...]) -> int:
    """The cards of ``roles`` the player sees before ``step`` of the deal.

    >>> steps = (Deal("player", 2), Deal("board", 1), Decision("bet", ()), Deal("dealer", 2, face_up=False))
    >>> seen_before(steps, steps[2], ("player", "board")), seen_before(steps, steps[3], ("player", "dealer"))
    (3, 2)
    """
    return sum(s.cards for s in steps[:steps.index(step)] if isinstance(s, Deal) and s.seen and s.role in roles)


def ties_settle(steps: tuple[Step, ...]) -> bool:
    """Whether a tie of the first cards is settled as such: not where it goes to war, nor where every option at a
    decision open on a tie surrenders."""
    war = any(isinstance(s, War) for s in steps)
    return not war and not any(isinstance(s, Decision) and s.when.strip() == "equal" and all(o.surrenders for o in s.options)
                               for s in steps)


def counted_by_kind(deck: Deck, steps: tuple[Step, ...], hands: Mapping[str, Hand], side_bets: tuple[SideBet, ...]) -> bool:
    """A shoe of several decks, drawing rules, points hands or bets settled by the showdown: counted by kinds of card."""
    return (deck.decks > 1 or any(isinstance(s, (Draw, Stop, War)) for s in steps)
            or any(h.points is not None for h in hands.values()) or any(b.settle for b in side_bets))
