"""A posted strategy card written as data: ordered lines in the words strategy cards use, read from a game file's
``draw: strategies:`` and played exactly (:mod:`~casino_math.methods.draw.strategy_card`).

::

    draw:
      ...
      strategies:
        simple strategy:
          source: "Wizard of Odds, 9/6 Jacks or Better simple strategy (wizardofodds.com/...)"
          lines:
            - royal flush              # a paytable line: the hand stood on as dealt
            - 4 to a royal flush
            - high pair
            - suited JT, QT or KT      # alternatives of the same kind joined by "," or "or"
            - draw five

The player holds, of each deal, the first line the deal has; where several holds fit that line, the best of them.
The words a line may use (``N`` a number of cards; without a wild card prefix, no wild card is held):

- a paytable line (``royal flush``, ``full house``): the hand stood on as dealt; where the line's words also name
  cards held (``four of a kind``, ``three of a kind``, ``two pair``), they mean the cards held, and ``four of a kind
  (all five held)`` the hand stood on;
- ``N to a royal flush``, ``N to a straight flush``, ``N to a flush``, ``4 to an outside straight``, ``4 to an inside
  straight``, ``4 to a straight``, each with qualifiers after a comma or ``with``: ``H high cards``, ``open to S
  straights`` (the straights holding every rank held), or the ranks held (``3 to a royal flush, KQJ``);
- ``high pair``, ``low pair``, ``pair``, ``pair of aces``, ``pair of 2s to 4s``; ``two pair``; ``three of a kind``,
  ``three of a kind of aces``, ``... and a kicker of 2s to 4s``, ``four of a kind of kings``; a paytable line followed by
  ``(all five held)``: the made hand stood on alone;
- ``N suited high cards``, ``N unsuited high cards``, ``N high cards``, ``one high card``; ``suited QJ``, ``unsuited
  KQJ``, ``J only`` (ranks as letters, T for ten);
- ``draw five`` (or ``discard everything``);
- before any of them, the wild cards held: ``1 deuce + ...``, ``2 deuces + ...``, ``joker + ...``; ``2 deuces alone``;
  after three or four of a kind, those that make it: ``four of a kind with 2 deuces``, ``three of a kind with joker``.

These are the words the derived card (:mod:`~casino_math.methods.draw.strategy_table`) prints.

>>> card = read_card("simple", "a book", ["4 to a royal flush", "suited JT, QT or KT", "draw five"], ["royal flush"])
>>> [len(line) for line in card.lines], len(card.lines[1][0].ranks)
([1, 1, 1], 3)
>>> read_card("simple", "a book", ["4 to a royal flush", "5 to a royal"], ["royal flush"])
Traceback (most recent call last):
...
casino_math.methods.draw.posted.LineError: line 2: '5 to a royal': not a line a card prints (write e.g. '4 to a royal flush', 'low pair', 'suited QJ', 'J only', 'draw five')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import numpy as np

from ...game.simple_strategies import Rule
from .codes import (FLUSH, HIGH, HIGH_PAIR, HIGH_SUITED, INSIDE, LOW_CARD, LOW_PAIR, NO_LINE, NOTHING, OTHER, OUTSIDE, QUADS,
                    HoldKinds, ROYAL, STOOD, STRAIGHT, STRAIGHT_FLUSH, TRIPS, TRIPS_KICKER, TWO_PAIR, WILDS)


LETTERS = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, "10": 10, **{str(r): r for r in range(2, 10)}}
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "a": 1, "an": 1}
SUITED = (ROYAL, STRAIGHT_FLUSH, FLUSH, HIGH_SUITED)
WORDS = {"ace": 14, "aces": 14, "king": 13, "kings": 13, "queen": 12, "queens": 12, "jack": 11, "jacks": 11, "ten": 10,
         "tens": 10}
EXAMPLES = "write e.g. '4 to a royal flush', 'low pair', 'suited QJ', 'J only', 'draw five'"


class LineError(ValueError):
    """A line of a posted card that is not a card's words: its place (1 for the first line) and why."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(f"line {index + 1}: {message}")
        self.index = index
        self.message = message


@dataclass(frozen=True)
class HoldPattern:
    """Holds of one kind of a card's words: the kinds, counts and ranks they keep (None or empty: any)."""

    kinds: frozenset[int]
    wild: int = 0
    naturals: int | None = None
    highs: int | None = None
    opens: int | None = None
    ranks: frozenset[int] = frozenset()  # the natural ranks held, as bit masks: any of them
    made: int | None = None  # a paytable line stood on
    pair_ranks: tuple[int, int] | None = None  # the rank held twice or more, within these
    kicker_ranks: tuple[int, int] | None = None  # beside three of a kind, the fourth card's rank within these

    def matches(self, held: HoldKinds) -> np.ndarray:
        """Which holds of each deal (deals, 32) fit."""
        hit = np.isin(held.kind, list(self.kinds)) & (held.wild == self.wild if self.made is None else True)
        for wanted, have in ((self.naturals, held.naturals), (self.highs, held.highs), (self.opens, held.opens),
                             (self.made, held.made)):
            if wanted is not None:
                hit &= have == wanted
        if self.ranks:
            hit &= np.isin(held.ranks, list(self.ranks))
        for limits, have in ((self.pair_ranks, held.paired), (self.kicker_ranks, held.lone)):
            if limits is not None:
                hit &= (have >= limits[0]) & (have <= limits[1])
        return hit


@dataclass(frozen=True)
class PostedCard:
    """A posted strategy card: its name, where it was published, and its lines (each one or more hold patterns)."""

    name: str
    source: str
    lines: tuple[tuple[HoldPattern, ...], ...]
    words: tuple[str, ...]

    @property
    def rule_text(self) -> str:
        """The card as the par sheet's table of simpler strategies names it."""
        return f"the {len(self.lines)} lines of the posted card ({self.source}), the first line the hand has"

    def line_of(self, held: HoldKinds) -> np.ndarray:
        """Each hold's first line on the card (``NO_LINE``, :mod:`~casino_math.methods.draw.codes` where none fits)."""

        out = np.full(held.kind.shape, NO_LINE, dtype=np.int64)
        for index, patterns in enumerate(self.lines):
            hit = np.zeros(held.kind.shape, dtype=bool)
            for pattern in patterns:
                hit |= pattern.matches(held)
            out = np.where(hit & (out == NO_LINE), index, out)
        return out


@dataclass(frozen=True)
class PostedRule(Rule):
    """A posted card as the simpler strategy a game file names (the engine's common form of one)."""

    card: PostedCard | None = None


def read_card(name: str, source: str, lines: list[str], paytable: list[str]) -> PostedCard:
    """A card's lines read (``paytable``: the game's lines, in order); :class:`LineError` names the first wrong one."""
    read = []
    for index, text in enumerate(lines):
        try:
            read.append(read_line(text, paytable))
        except ValueError as error:
            raise LineError(index, f"{text!r}: {error}") from None
    return PostedCard(name, source, tuple(read), tuple(lines))


_WILD = re.compile(r"^(?:(?P<n>\d|one|two|three|four) (?:deuces?|wild cards?)|(?P<joker>joker)) ?(?:\+ ?(?P<rest>.+)|alone)$")
_MADE_WILD = re.compile(r"(?P<what>(?:three|four) of a kind(?: of .+)?) with (?:(?P<n>\d) (?:deuces?|wild cards?)|(?P<joker>joker))")
_TO = re.compile(r"^(?P<n>\d) to an? (?P<what>royal flush|straight flush|flush|outside straight|inside straight|straight)$")
_HIGHS = re.compile(r"^(?P<n>\d|one|two|three|four|no) (?P<suit>suited |unsuited )?high cards?$")
_OPEN = re.compile(r"^open to (?P<n>\d) straights?$")
_RANKS = re.compile(r"^(?:[AKQJT2-9]|10)+$")


def read_line(text: str, paytable: list[str]) -> tuple[HoldPattern, ...]:
    """One line's hold patterns (a union); ValueError says what is wrong. A line that is not one phrase may be several
    joined by "," and "or" (``three of a kind, straight, flush or full house``)."""
    try:
        return _phrase(text, paytable)
    except ValueError:
        parts = [p for p in re.split(r",| or ", " ".join(str(text).split())) if p.strip()]
        if len(parts) < 2:
            raise
        try:
            return tuple(pattern for part in parts for pattern in _phrase(part, paytable))
        except ValueError:
            raise ValueError(f"not a line a card prints, nor phrases of one joined by ',' or 'or' ({EXAMPLES})") from None


def _phrase(text: str, paytable: list[str]) -> tuple[HoldPattern, ...]:
    words = " ".join(str(text).split())
    low = words.lower()
    keys = [p.lower() for p in paytable]
    stood = low.removesuffix(" (all five held)")
    if stood != low:  # the made hand alone, not the cards of it held
        if stood not in keys:
            raise ValueError(f"{stood!r} is no line of the paytable (its lines: {', '.join(paytable)})")
        return (HoldPattern(frozenset({STOOD}), made=keys.index(stood)),)
    try:
        return _held(low, words)
    except ValueError:
        if low in keys:  # a made hand a card names by its paytable line
            return (HoldPattern(frozenset({STOOD}), made=keys.index(low)),)
        raise


def _held(low: str, words: str) -> tuple[HoldPattern, ...]:
    """The patterns of cards held (``low``: the line in lower case; ``words``: as written)."""
    made = _MADE_WILD.fullmatch(low)
    if made:  # three or four of a kind made with wild cards held
        count = 1 if made["joker"] else _number(made["n"])
        return tuple(replace(p, wild=count, naturals=None) for p in _natural(made["what"], made["what"]))
    wild = _WILD.match(low)
    if wild:
        count = 1 if wild["joker"] else _number(wild["n"])
        rest = wild["rest"]
        if rest is None:
            return (HoldPattern(frozenset({WILDS}), wild=count, naturals=0),)
        return tuple(replace(p, wild=count) for p in _natural(rest, words[len(words) - len(rest):]))
    return _natural(low, words)


def _natural(low: str, words: str) -> tuple[HoldPattern, ...]:
    """The patterns of a line's natural cards (``low``: the line in lower case; ``words``: as written)."""
    if low in ("draw five", "discard everything", "nothing"):
        return (HoldPattern(frozenset({NOTHING})),)
    simple = {"two pair": (TWO_PAIR,), "three of a kind": (TRIPS,), "four of a kind": (QUADS,), "high pair": (HIGH_PAIR,),
              "low pair": (LOW_PAIR,), "pair": (HIGH_PAIR, LOW_PAIR), "three of a kind and a kicker": (TRIPS_KICKER,)}
    if low in simple:
        naturals = 2 if "pair" in low and low != "two pair" else None
        return (HoldPattern(frozenset(simple[low]), naturals=naturals),)
    of_a_kind = re.fullmatch(r"(?P<n>three|four) of a kind of (?P<ranks>.+?)(?P<kicked> and a kicker(?: of (?P<kicker>.+))?)?", low)
    if of_a_kind:
        kind = QUADS if of_a_kind["n"] == "four" else TRIPS_KICKER if of_a_kind["kicked"] else TRIPS
        kicker = _rank_range(of_a_kind["kicker"]) if of_a_kind["kicker"] else None
        return (HoldPattern(frozenset({kind}), pair_ranks=_rank_range(of_a_kind["ranks"]), kicker_ranks=kicker),)
    if low.startswith("pair of "):
        return (HoldPattern(frozenset({HIGH_PAIR, LOW_PAIR}), naturals=2, pair_ranks=_rank_range(low[8:])),)
    head, *qualifiers = [part.strip() for part in re.split(r",| with ", low)]
    to = _TO.match(head)
    if to:
        n = int(to["n"])
        kinds = {"royal flush": (ROYAL,), "straight flush": (STRAIGHT_FLUSH,), "flush": (FLUSH,), "outside straight": (OUTSIDE,),
                 "inside straight": (INSIDE,), "straight": (OUTSIDE, INSIDE, STRAIGHT)}[to["what"]]
        if to["what"] in ("outside straight", "inside straight") and n != 4:
            raise ValueError("an outside or inside straight is 4 cards to it")
        return (_qualified(HoldPattern(frozenset(kinds), naturals=n), qualifiers, words),)
    highs = _HIGHS.match(head)
    if highs and not qualifiers:
        n = _number(highs["n"])
        kinds = {"suited ": (ROYAL, HIGH_SUITED), "unsuited ": (HIGH,), None: (ROYAL, HIGH_SUITED, HIGH)}[highs["suit"]]
        if n == 1:
            kinds = (HIGH,)
        return (HoldPattern(frozenset(kinds), naturals=n, highs=n),)
    only = re.fullmatch(r"(?P<rank>[akqjt2-9]|10) only", low)
    if only:
        rank = LETTERS[only["rank"].upper()]
        return (HoldPattern(frozenset({HIGH, LOW_CARD}), naturals=1, ranks=frozenset({1 << rank})),)
    if low.startswith(("suited ", "unsuited ")):
        suited = low.startswith("suited ")
        sets = [s for s in re.split(r",|\bor\b", words.split(" ", 1)[1]) if s.strip()]
        masks = [_ranks(s.strip()) for s in sets]
        sizes = {bin(m).count("1") for m in masks}
        kinds = SUITED if suited else (HIGH, STRAIGHT, OTHER, INSIDE, OUTSIDE, LOW_CARD)
        return tuple(HoldPattern(frozenset(kinds), naturals=size, ranks=frozenset(m for m in masks if bin(m).count("1") == size))
                     for size in sorted(sizes))
    raise ValueError(f"not a line a card prints ({EXAMPLES})")


def _qualified(pattern: HoldPattern, qualifiers: list[str], words: str) -> HoldPattern:
    highs, opens, ranks = pattern.highs, pattern.opens, pattern.ranks
    for q in qualifiers:
        h, o = _HIGHS.match(q), _OPEN.match(q)
        if h and h["suit"] is None:
            highs = _number(h["n"])
        elif o:
            opens = int(o["n"])
        elif _RANKS.match(q.upper()):
            ranks = frozenset({_ranks(q.upper())})
        else:
            raise ValueError(f"{q!r} is no qualifier of a card's line (write e.g. '2 high cards', 'open to 2 straights', 'KQJ')")
    return replace(pattern, highs=highs, opens=opens, ranks=ranks)


def _number(word: str) -> int:
    return 0 if word == "no" else NUMBERS[word] if word in NUMBERS else int(word)


def _ranks(text: str) -> int:
    """Ranks as letters (``KQJ``, ``10J``, ``JT``): their bit mask; every rank once."""
    written = text.upper().replace(" ", "").replace("/", "")
    found = re.findall(r"10|[AKQJT2-9]", written)
    if not found or "".join(found) != written:
        raise ValueError(f"{text!r} is not ranks as letters (write e.g. QJ, KQJ, JT)")
    mask = 0
    for letter in found:
        bit = 1 << LETTERS[letter]
        if mask & bit:
            raise ValueError(f"{text!r} names a rank twice")
        mask |= bit
    return mask


def _rank_range(text: str) -> tuple[int, int]:
    """``aces``, ``2s to 4s``, ``jacks or better``: the ranks, low and high."""
    def one(word: str) -> int:
        word = word.strip()
        if word in WORDS:
            return WORDS[word]
        if re.fullmatch(r"([2-9]|10)s?", word):
            return int(word.rstrip("s"))
        raise ValueError(f"{word!r} is not a rank (write e.g. aces, jacks, 2s)")

    if text.endswith(" or better"):
        return one(text[:-10]), 14
    if " to " in text:
        low, high = text.split(" to ", 1)
        return one(low), one(high)
    return one(text), one(text)
