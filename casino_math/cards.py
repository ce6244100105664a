"""Cards and decks: notation, parsing, and the decks poker is played with.

A card is a rank and a suit. Ranks run 2..14 (ace = 14); a joker has rank 0
and no suit. Notation accepts ``Ah``, ``Td``, ``10d``, ``A♥`` and ``Jk``:

>>> parse_cards("Ah Td 10c 2c A♠ Jk")
(Card('Ah'), Card('Td'), Card('Tc'), Card('2c'), Card('As'), Card('Jk'))
>>> str(Deck.standard()), len(Deck.stripped(6)), len(Deck.standard(jokers=1))
('standard', 36, 53)
>>> Deck.named("mexican").ranks
(2, 3, 4, 5, 6, 7, 11, 12, 13, 14)

A shoe is several decks shuffled together: the same card then appears once per deck.

>>> shoe = Deck.named("standard", decks=8)
>>> str(shoe), len(shoe), shoe.cards.count(Card(14, 3))
('8 × standard', 416, 8)
>>> len(Deck.named("spanish", decks=6))   # the Spanish deck has no tens: 6 × 48 cards
288
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Iterable, Literal

from .errors import InputError

SUITS = "cdhs"  # clubs, diamonds, hearts, spades: the order used for bring-in ties
SUIT_SYMBOLS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
RANK_CHARS = "23456789TJQKA"
JOKER = 0
ACE = 14
AcePlace = Literal["both", "low", "high"]  # where a ranking lets the ace make straights

RANK_NAMES = {
    2: "deuce", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
}


def rank_char(rank: int) -> str:
    """The one-character symbol of a rank: ``rank_char(10) == 'T'``."""
    return RANK_CHARS[rank - 2]


@dataclass(frozen=True, order=True)
class Card:
    """One playing card. ``suit`` is 0..3 for clubs, diamonds, hearts, spades; a joker has rank 0, suit -1."""

    rank: int
    suit: int

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    def __str__(self) -> str:
        return "Jk" if self.is_joker else rank_char(self.rank) + SUITS[self.suit]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card, e.g. ``Ah``, ``10d``, ``A♥``, ``Jk``.

        >>> Card.parse("10♦"), Card.parse("jk")
        (Card('Td'), Card('Jk'))
        """
        token = text.strip()
        if token.lower() in ("jk", "joker", "jo", "🃏"):
            return cls(JOKER, -1)
        match = re.fullmatch(r"(10|[2-9TJQKAtjqka])([cdhsCDHS♣♦♥♠])", token)
        if not match:
            raise InputError(f"unknown card {text!r} (write rank then suit, e.g. Ah, Td, 10d, A♥, Jk)")
        rank_text, suit_text = match.groups()
        rank = 10 if rank_text == "10" else RANK_CHARS.index(rank_text.upper()) + 2
        suit = SUITS.index(SUIT_SYMBOLS.get(suit_text, suit_text.lower()))
        return cls(rank, suit)


def parse_cards(text: str | Iterable[str], *, allow_repeats: bool = False) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas; repeats are an error unless allowed.

    Jokers may repeat (a deck can hold two).

    >>> parse_cards("Ah Ah")
    Traceback (most recent call last):
    ...
    casino_math.errors.InputError: duplicate card Ah
    """
    tokens = re.split(r"[\s,]+", text.strip()) if isinstance(text, str) else list(text)
    cards = tuple(Card.parse(t) for t in tokens if t)
    if not allow_repeats:
        seen: set[Card] = set()
        for card in cards:
            if card in seen and not card.is_joker:
                raise InputError(f"duplicate card {card}")
            seen.add(card)
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """``format_cards(parse_cards("Ah 10d")) == 'Ah Td'``."""
    return " ".join(str(c) for c in cards)


@dataclass(frozen=True)
class Deck:
    """A deck: the ranks present in each of the four suits, plus any jokers; or a shoe of ``decks`` such decks.

    Stripped decks keep the ace and drop low ranks (or, as in Mexican stud, the
    8s, 9s and 10s; the Spanish deck its tens); the ace then stands next to the
    lowest rank present.
    """

    name: str
    ranks: tuple[int, ...]
    jokers: int = 0
    decks: int = 1

    NAMED = {
        "standard": tuple(range(2, 15)),
        "short": tuple(range(6, 15)),
        "piquet": tuple(range(7, 15)),
        "royal": tuple(range(10, 15)),
        "mexican": (2, 3, 4, 5, 6, 7, 11, 12, 13, 14),
        "spanish": (2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14),
    }
    MAX_DECKS = 8  # the biggest shoe dealt: baccarat's eight decks

    def __post_init__(self) -> None:
        if not 0 <= self.jokers <= 2:
            raise InputError(f"a deck holds 0, 1 or 2 jokers, not {self.jokers}")
        if not 1 <= self.decks <= self.MAX_DECKS:
            raise InputError(f"a shoe holds 1 to {self.MAX_DECKS} decks, not {self.decks}")
        if self.decks > 1 and self.jokers:
            raise InputError("a shoe of several decks is dealt without jokers")

    @classmethod
    def standard(cls, jokers: int = 0) -> Deck:
        return cls.named("standard", jokers)

    @classmethod
    def stripped(cls, lowest: int, jokers: int = 0, decks: int = 1) -> Deck:
        """Ranks ``lowest``..ace: ``stripped(6)`` is the 36-card short deck."""
        return cls(f"{lowest}-A", tuple(range(lowest, 15)), jokers, decks)

    @classmethod
    def named(cls, name: str, jokers: int = 0, decks: int = 1) -> Deck:
        if name not in cls.NAMED:
            raise InputError(f"unknown deck {name!r} (choose from {', '.join(cls.NAMED)})")
        return cls(name, cls.NAMED[name], jokers, decks)

    def __str__(self) -> str:
        one = self.name + (f"+{self.jokers}jk" if self.jokers else "")
        return f"{self.decks} × {one}" if self.decks > 1 else one

    def __len__(self) -> int:
        return 4 * len(self.ranks) * self.decks + self.jokers

    @cached_property
    def cards(self) -> tuple[Card, ...]:
        """Every card, naturals by rank then suit (a shoe's copies of a card together), jokers last."""
        naturals = tuple(Card(r, s) for r in self.ranks for s in range(4) for _ in range(self.decks))
        return naturals + (Card(JOKER, -1),) * self.jokers

    @cached_property
    def straights(self) -> tuple[tuple[int, ...], ...]:
        """Every run of five ranks that makes a straight in high poker, lowest first.

        >>> Deck.stripped(6).straights[0], Deck.named("mexican").straights[3]
        ((14, 6, 7, 8, 9), (4, 5, 6, 7, 11))
        """
        return self.runs(5)

    def runs(self, length: int, ace: AcePlace = "both") -> tuple[tuple[int, ...], ...]:
        """Runs of ``length`` ranks in a row in this deck, lowest first: the one adjacency rule of every ranking.

        Two ranks are in a row when the deck holds no rank between them, so
        7-J is a run in the Mexican deck (no 8s, 9s or 10s). The ace stands
        above the king and below the lowest rank present (pagat.com: A-6-7-8-9
        in the 36-card deck), at both ends where the ranking plays it so
        (``both``, high poker) or at one end only: ``low`` (ace-to-six, where
        the ace is always low) or ``high`` (deuce-to-seven, always high).

        Where the deck has only ``length`` ranks (five in the 20-card deck), the
        ace-low and ace-high runs hold the same ranks; the run counts once, ace high
        (else A-K-Q-J-T would top out at the king and no royal flush could be made).

        >>> Deck.named("royal").straights
        ((10, 11, 12, 13, 14),)
        >>> Deck.stripped(6).runs(5, "low")[0], Deck.stripped(6).runs(5, "high")[0]
        ((14, 6, 7, 8, 9), (6, 7, 8, 9, 10))
        """
        others = tuple(sorted(r for r in self.ranks if r != ACE))
        has_ace = ACE in self.ranks
        order = (ACE,) * (has_ace and ace != "high") + others + (ACE,) * (has_ace and ace != "low")
        runs = (order[i : i + length] for i in range(len(order) - length + 1))
        by_ranks = {frozenset(run): run for run in runs}  # a later (higher) run replaces an earlier one
        return tuple(by_ranks.values())

    def check_contains(self, cards: Iterable[Card], what: str) -> None:
        """Raise InputError if any card is not in this deck."""
        jokers = 0
        for card in cards:
            if card.is_joker:
                jokers += 1
                if jokers > self.jokers:
                    raise InputError(f"{what}: {'more jokers than' if self.jokers else 'no joker in'} the {self} deck")
            elif card.rank not in self.ranks:
                raise InputError(f"{what}: {card} is not in the {self} deck")
