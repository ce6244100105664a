"""Stud games as declarations: the deck, the rankings, which cards fall face up, what may play.

Every preset is one :class:`StudGame`; the frequency tables, the equity
calculator and the first-to-act rules read these fields and nothing else.

>>> game = get_game("seven-card-stud")
>>> game.positions, game.street_numbers, game.up_count(4)
('dduuuud', (3, 4, 5, 6, 7), 2)
>>> buffalo = get_game("buffalo-stud")
>>> buffalo.cards, buffalo.limited_positions, buffalo.hole_limit
(8, (0, 1, 2), HoleLimit(cards=3, usable=2))
>>> get_game("omaha")
Traceback (most recent call last):
...
casino_math.errors.InputError: unknown game 'omaha' (choose from five-card-stud, five-card-stud-last-down, six-card-stud, six-card-stud-1-4-1, seven-card-stud, razz, london-lowball, stud8, soko-finnish, soko-canadian, mexican-stud, short-deck-stud, crocodile-stud, buffalo-stud, murrumbidgee-stud, mississippi-stud)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Literal

from ..cards import SUITS, Deck
from ..errors import InputError

if TYPE_CHECKING:  # the rankings load numpy: the presets' names (for --help) should not
    from ..rankings import Ranking
    from ..rankings.base import WildPolicy

TieBreak = Literal["suit", "dealer_left"]


@dataclass(frozen=True)
class HoleLimit:
    """Of the first ``cards`` down cards dealt, at most ``usable`` may play in the final hand."""

    cards: int
    usable: int


@dataclass(frozen=True)
class StudGame:
    """One stud game as offered.

    ``streets`` lists the cards dealt before each betting round, ``d`` face down
    and ``u`` face up, in dealing order. ``ranking`` decides the pot (or its high
    half); ``split`` names the ranking of the low half in a split-pot game.
    ``deck`` is a deck's name (with ``jokers`` added) or a :class:`~casino_math.cards.Deck`.
    A joker plays by ``joker_up`` when dealt face up and ``joker_down`` when
    face down. The bring-in is the ``lowest`` or ``highest`` up card (None: the
    best exposed card simply bets); later streets start with the best exposed
    hand, high or low as ``opener`` says. Ties go by suit (``suit_order`` runs
    lowest to highest: clubs, diamonds, hearts, spades by default, as in pagat.com's stud page
    and a five-card stud rules guide; the 2009 "Stud Hi/Lo Rules" post has the reverse, ``"shdc"``) or to the player nearest
    the dealer's left.
    """

    name: str
    title: str
    streets: tuple[str, ...]
    deck: str | Deck = "standard"
    jokers: int = 0
    ranking: str = "high"
    split: str | None = None
    joker_up: WildPolicy = "wild"
    joker_down: WildPolicy = "wild"
    hole_limit: HoleLimit | None = None
    bring_in: Literal["lowest", "highest"] | None = "lowest"
    opener: Literal["high", "low"] = "high"
    bring_in_ties: TieBreak = "suit"
    betting_ties: TieBreak = "dealer_left"
    suit_order: str = SUITS
    source: str = ""

    def __post_init__(self) -> None:
        if not self.streets or any(not s or set(s) - {"d", "u"} for s in self.streets):
            raise InputError(f"{self.name}: streets are strings of d (down) and u (up), e.g. ('ddu', 'u')")
        if sorted(self.suit_order) != sorted(SUITS):
            raise InputError(f"suit order must list c, d, h and s once each, lowest first, not {self.suit_order!r}")
        if self.cards < 5:
            raise InputError(f"{self.name}: a stud hand needs at least five cards")
        limit = self.hole_limit
        if limit and not (0 < limit.usable < limit.cards <= self.positions.count("d")):
            raise InputError(f"{self.name}: the hole limit must allow fewer than all of at most {self.positions.count('d')} down cards")
        if limit and self.face_matters:
            raise InputError(f"{self.name}: a hole limit together with a joker that changes face is not supported")

    # -- the deal --------------------------------------------------------------------------
    @cached_property
    def positions(self) -> str:
        """Every card of a final hand in dealing order: ``d`` down, ``u`` up."""
        return "".join(self.streets)

    @property
    def cards(self) -> int:
        return len(self.positions)

    @cached_property
    def street_numbers(self) -> tuple[int, ...]:
        """Streets are named by the cards each player holds when their betting begins."""
        held, numbers = 0, []
        for street in self.streets:
            held += len(street)
            numbers.append(held)
        return tuple(numbers)

    def check_street(self, street: int) -> None:
        if street not in self.street_numbers:
            raise InputError(f"{self.title} has no street {street} (streets: {', '.join(map(str, self.street_numbers))})")

    def up_count(self, street: int) -> int:
        """Up cards each player shows on ``street``."""
        self.check_street(street)
        return self.positions[:street].count("u")

    def street_of(self, down: int, up: int) -> int:
        """The street on which a player holds ``down`` down and ``up`` up cards."""
        for street in self.street_numbers:
            if self.positions[:street].count("d") == down and self.positions[:street].count("u") == up:
                return street
        shapes = ", ".join(f"{self.positions[:s].count('d')} down + {self.positions[:s].count('u')} up" for s in self.street_numbers)
        raise InputError(f"{down} down and {up} up cards is no street of {self.title} ({shapes})")

    @cached_property
    def down_positions(self) -> tuple[int, ...]:
        return tuple(i for i, p in enumerate(self.positions) if p == "d")

    @cached_property
    def up_positions(self) -> tuple[int, ...]:
        return tuple(i for i, p in enumerate(self.positions) if p == "u")

    @cached_property
    def limited_positions(self) -> tuple[int, ...]:
        """Positions the hole limit applies to: the first down cards dealt."""
        return self.down_positions[: self.hole_limit.cards] if self.hole_limit else ()

    # -- cards and rankings ------------------------------------------------------------------
    @cached_property
    def the_deck(self) -> Deck:
        return self.deck if isinstance(self.deck, Deck) else Deck.named(self.deck, self.jokers)

    @property
    def face_matters(self) -> bool:
        """Whether a card plays differently face up and face down (a joker that is the bug up, wild down)."""
        return bool(self.the_deck.jokers) and self.joker_up != self.joker_down

    def rankings(self, name: str) -> tuple[Ranking, Ranking]:
        """Ranking ``name`` over this game's deck, as it plays with a joker face up and face down."""
        from ..rankings import get_ranking

        return get_ranking(name, self.the_deck, self.joker_up), get_ranking(name, self.the_deck, self.joker_down)

    @property
    def ranking_names(self) -> tuple[str, ...]:
        """The main ranking, then the low half's where the pot splits."""
        return (self.ranking,) if self.split is None else (self.ranking, self.split)

    def suit_rank(self, suit: int) -> int:
        """Position of a suit in this game's tie order (a joker's missing suit ranks below all)."""
        return self.suit_order.index(SUITS[suit]) if suit >= 0 else -1


_PAGAT = "pagat.com, Stud Poker (five-card stud): ties by suit, clubs lowest"
_LAWS = ("Albert H. Morehead, Laws and Forms of Poker, law 31: identical exposed holdings, nearest the dealer's left bets; "
         "bring-in ties by suit (\"Stud Hi/Lo Rules\", 2009, in the order of pagat.com's stud page, clubs lowest: that post "
         "itself lists clubs highest)")
_SOKO_SHOWING = "Morehead, Laws and Forms of Poker, law 32: four up cards that make a four-flush or four-straight rank as at the showdown"
_FIVE = ("du", "u", "u", "u")
_SEVEN = ("ddu", "u", "u", "u", "d")

PRESETS: tuple[StudGame, ...] = (
    StudGame("five-card-stud", "Five-card stud", _FIVE, betting_ties="suit", source=_PAGAT),
    StudGame("five-card-stud-last-down", "Five-card stud, last card down", ("du", "u", "u", "d"), betting_ties="suit", source=_PAGAT),
    StudGame("six-card-stud", "Six-card stud (2 down, 3 up, 1 down)", ("ddu", "u", "u", "d"), source="Wikipedia, Stud poker; " + _LAWS),
    StudGame("six-card-stud-1-4-1", "Six-card stud, 1-4-1", ("du", "u", "u", "u", "d"), source="Wikipedia, Stud poker; " + _LAWS),
    StudGame("seven-card-stud", "Seven-card stud", _SEVEN, source=_LAWS),
    StudGame("razz", "Razz", _SEVEN, ranking="ace-to-five", bring_in="highest", opener="low",
             source="Wikipedia, Stud poker: high card (ace low) brings in, lowest exposed hand bets; " + _LAWS),
    StudGame("london-lowball", "London lowball", _SEVEN, ranking="ace-to-six", bring_in="highest", opener="low",
             source="Wikipedia, Stud poker: razz with ace-to-six lows"),
    StudGame("stud8", "Seven-card stud eight-or-better", _SEVEN, split="eight-or-better",
             source="Wikipedia, Stud poker, and \"Stud Hi/Lo Rules\" (2009): high and low halves, low card brings in; " + _LAWS),
    StudGame("soko-finnish", "Sökö (Finnish)", _FIVE, ranking="soko-finnish", betting_ties="suit",
             source="pagat.com, Stud Poker: five-card stud, four-flush and four-straight below a pair; " + _SOKO_SHOWING),
    StudGame("soko-canadian", "Sökö (Canadian stud)", _FIVE, ranking="soko-canadian", betting_ties="suit",
             source="Wikipedia, Stud poker: four-flush and four-straight above one pair; " + _SOKO_SHOWING),
    StudGame("mexican-stud", "Mexican stud", _FIVE, deck="mexican", jokers=1, joker_up="bug", joker_down="wild",
             bring_in="highest", betting_ties="suit",
             source="Wikipedia, Stud poker: 40 cards (no 8-9-10) and a joker, the bug face up and wild face down; high card brings in. "
                    "Cards fall as dealt: the roll-your-own choice of which card to show is not modelled"),
    StudGame("short-deck-stud", "Short-deck stud (36 cards, five-card stud)", _FIVE, deck="short", betting_ties="suit",
             source="pagat.com, Stud Poker: stripped deck, A-6-7-8-9 a straight; a flush beats a full house"),
    StudGame("crocodile-stud", "Crocodile stud", ("ddu", "u", "u", "u"), hole_limit=HoleLimit(2, 1), betting_ties="suit",
             source="Wikipedia, Stud poker: five-card stud with an extra down card, one of the two plays"),
    StudGame("buffalo-stud", "Buffalo stud", ("dddu", "u", "u", "u", "d"), hole_limit=HoleLimit(3, 2),
             source="Wikipedia, Stud poker: seven-card stud with three first down cards, at most two of them play"),
    StudGame("murrumbidgee-stud", "Murrumbidgee stud", ("dddu", "uu", "u", "u"), hole_limit=HoleLimit(3, 2),
             source="Wikipedia, Stud poker: Mississippi stud with three first down cards, at most two of them play"),
    StudGame("mississippi-stud", "Mississippi stud", ("ddu", "uu", "u", "u"),
             source="Wikipedia, Stud poker: two up cards on the second round, last card up; five up cards on the end count in full"),
)
GAMES: dict[str, StudGame] = {g.name: g for g in PRESETS}


def get_game(name: str | StudGame) -> StudGame:
    """A preset by name (a StudGame passes through)."""
    if isinstance(name, StudGame):
        return name
    if name not in GAMES:
        raise InputError(f"unknown game {name!r} (choose from {', '.join(GAMES)})")
    return GAMES[name]
