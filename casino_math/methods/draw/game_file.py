"""Video poker and draw poker game files: a ``draw:`` section (the ranking, the coins bet, the paytable), read with
``file:line`` errors.

::

    game: video_poker
    id: jacks-or-better-9-6
    deck: standard                         # 52 cards; {name: standard, jokers: 1}: Joker Poker's 53, the joker wild
    draw:
      ranking: high                        # high, or deuces wild (every deuce wild)
      coins: 5                             # the coins bet: the pays are per coin at that bet
      pays:                                # coins returned per coin bet ("for 1"); a hand takes the first line it matches
        royal flush: 800
        straight flush: 50
        ...
        pair of jacks or better: 1

The player is dealt five cards, holds any of them (32 ways) and draws the rest from the cards left; the final hand is
paid by the first line it matches (:mod:`~casino_math.methods.draw.hands` reads the lines: ``natural royal flush``, ``four deuces``, ``four of a
kind of aces with a kicker of 2s to 4s``...), else loses the bet. The loader hands any file with a ``draw:`` section
here (:func:`build_draw`).

>>> game = load_draw_text(TINY)
>>> game.coins, [line.key for line in game.lines][:2], len(game.decisions[0].options)
(5, ['four of a kind', 'full house'], 32)
>>> load_draw_text(TINY.replace("full house: 2", "full houses: 2"), "bad.yaml")
Traceback (most recent call last):
...
casino_math.errors.InputError: bad.yaml:8: draw.pays.full houses: the high ranking has no full houses (its categories: high card, pair, two pair, three of a kind, straight, full house, flush, four of a kind, straight flush, royal flush)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, ValidationError

from ...cards import Deck
from ...errors import InputError
from ...pays import Pay
from ...rankings import Ranking, get_ranking
from ...yaml_source import read_mapping
from ...game.description import Deal, Decision, Game, GameWords, Hand, Line, Names, Option, Paytable, Result, Wager
from ...game.patterns import unreachable
from ...game.sections import Section, Where
from ...game.loader import _NAME, DeckSpec, NamesSpec, PayValue, _at, _deck, _explain, _Strict
from .hands import DrawLine, read_line
from .posted import LineError, PostedCard, read_card

DRAW = "draw"  # the player's one decision: which cards to hold
PAYS = "pays"  # the paytable's name
HOLDS = 32
TINY = """game: video_poker
id: tiny
deck: {ranks: J-A}
draw:
  coins: 5
  pays:
    four of a kind: 4
    full house: 2
    three of a kind: 1
    two pair: 1/2
"""
RANKINGS = {"high": "high", "deuces wild": "deuces-wild"}


class PostedSpec(_Strict):
    """A posted strategy card: where it was published, and its lines in the words strategy cards use."""

    source: str = Field(min_length=1, description="where the card was published (a book and page, a web page)")
    lines: list[str] = Field(min_length=1, description="the card's lines, best first: the player holds the first his "
                                                       "hand has (casino_math/methods/draw/posted.py lists the words)")


class DrawSection(_Strict):
    """A draw game's rules: the ranking, the coins bet, the paytable, and posted strategy cards to price."""

    ranking: Literal["high", "deuces wild"] = Field("high", description="high poker, or deuces wild (every deuce wild); a "
                                                                       "joker in the deck is wild")
    coins: int = Field(1, ge=1, le=100, description="the coins bet per hand: the pays are per coin at that bet")
    pays: dict[str, PayValue] = Field(description="coins returned per coin bet (for 1), by hand; a hand takes the first "
                                                  "line it matches")
    strategies: dict[str, PostedSpec] = Field({}, description="posted strategy cards, by name, each priced exactly "
                                                             "against the optimal holds")


class DrawFile(_Strict):
    """A video poker game file: identification, the deck, the draw's rules and paytable."""

    game: str = Field(pattern=_NAME)
    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$", max_length=80)
    name: str = ""
    source: str = ""
    deck: Annotated[DeckSpec, BeforeValidator(_deck)] = DeckSpec.model_validate({})
    draw: DrawSection
    bet: str = Field("bet", pattern=_NAME, description="the name of the game's bet")
    names: NamesSpec = Field(NamesSpec.model_validate({}))


@dataclass(frozen=True)
class DrawGame(Game):
    """A video poker game: a :class:`~casino_math.game.description.Game` to every tool, with its coins and lines."""

    coins: int = 1
    ranking_name: str = "high"
    posted: tuple[PostedCard, ...] = ()

    @property
    def lines(self) -> tuple[Line, ...]:
        return self.paytables[PAYS].lines

    @property
    def draw_lines(self) -> tuple[DrawLine, ...]:
        """The lines as the count reads them."""
        out = []
        for line in self.lines:
            assert isinstance(line.pattern, DrawLine)
            out.append(line.pattern)
        return tuple(out)

    @property
    def ranking(self) -> Ranking:
        ranking = self.hands["player"].ranking
        assert ranking is not None
        return ranking

    def table_field(self, table: str) -> tuple[str, ...]:
        """The pays are written in the draw section (``draw: pays:``)."""
        return (DRAW, PAYS) if table == PAYS else super().table_field(table)


def hold_name(mask: int) -> str:
    """A hold by the positions of the cards kept, in the order the cards are given.

    >>> hold_name(0), hold_name(0b10011), hold_name(31)
    ('draw five', 'hold 1st 2nd 5th', 'hold all five')
    """
    if mask == 0:
        return "draw five"
    if mask == HOLDS - 1:
        return "hold all five"
    return "hold " + " ".join(("1st", "2nd", "3rd", "4th", "5th")[i] for i in range(5) if mask >> i & 1)


HOLD_OPTIONS = tuple(Option(hold_name(mask)) for mask in range(HOLDS))
DRAW_DECISION = Decision(DRAW, HOLD_OPTIONS)
DRAW_WORDS = ("which of the five cards to hold (32 ways, from none to all five); the others are replaced from the cards "
              "left in the deck")


def with_draw(schema: dict[str, Any]) -> dict[str, Any]:
    """A game file's JSON Schema that also takes video poker files: a ``draw:`` section, then no ``deal:``."""
    section = DrawSection.model_json_schema(mode="validation", by_alias=True, ref_template="#/$defs/{model}")
    out = dict(schema)
    out["$defs"] = {**schema.get("$defs", {}), **section.pop("$defs", {}), "DrawSection": section}
    out["properties"] = {**schema["properties"], DRAW: {"$ref": "#/$defs/DrawSection",
                                                        "description": "video poker's draw: ranking, coins and pays (no deal:)"}}
    out["anyOf"] = [*schema.get("anyOf", [{"required": ["deal"]}]), {"required": [DRAW]}]
    return out


def load_draw_text(text: str, filename: str = "<text>") -> DrawGame:
    """A video poker file's text, checked (no ``extends``)."""
    data, where, files = read_mapping(text, filename, "a video poker file is a mapping with game, id, deck and draw")
    return build_draw(data, where, files, filename)


def build_draw(data: dict[str, Any], where: Where, files: list[tuple[str, str]], fallback: str) -> DrawGame:
    """The video poker game a file's data declares (``extends`` already merged), every problem at its ``file:line``."""
    first = f"{fallback}:1"
    data = {k: v for k, v in data.items() if k != "extends"}
    try:
        spec = DrawFile.model_validate(data)
    except ValidationError as error:
        raise InputError(_explain(error, where, first)) from None

    def fail(path: tuple[str, ...], message: str) -> InputError:
        return InputError(f"{_at(where, path, first)}: {'.'.join(path)}: {message}")

    d = spec.deck
    if d.decks > 1:
        raise fail(("deck", "decks"), "video poker is dealt from one deck")
    if d.jokers > 1:
        raise fail(("deck", "jokers"), "video poker is dealt with one joker at most")
    if d.jokers and d.joker != "wild":
        raise fail(("deck", "joker"), "a video poker joker is wild")
    try:
        deck = Deck.named(d.name, d.jokers) if d.ranks is None else Deck.stripped(
            {"T": 10, "J": 11, "Q": 12, "K": 13}.get(d.ranks.split("-")[0]) or int(d.ranks.split("-")[0]), d.jokers)
    except InputError as error:
        raise fail(("deck",), str(error)) from None
    if len(deck) < 10:
        raise fail(("deck",), f"the {deck} deck has {len(deck)} cards: a deal of five and a draw of five need 10")
    section = spec.draw
    if section.ranking == "deuces wild" and 2 not in deck.ranks:
        raise fail((DRAW, "ranking"), f"the {deck} deck has no deuces to be wild")
    ranking = get_ranking(RANKINGS[section.ranking], deck, "wild")
    written = data[DRAW].get(PAYS, {}) if isinstance(data.get(DRAW), dict) else {}
    for key, value in written.items():  # video poker's glass prints coins returned: "to 1" would be read one short
        if isinstance(value, str) and " to " in f" {value.lower()} ":
            raise fail((DRAW, PAYS, str(key)), "a video poker pay is the coins returned per coin bet, as the glass prints "
                                               f"it (a number, or 'N for 1'), not {value!r}: X to 1 returns X + 1 for 1")
    lines = _lines(section, ranking, fail)
    posted = []
    for name, card in section.strategies.items():
        try:
            posted.append(read_card(name, card.source, card.lines, [line.key for line in lines]))
        except LineError as error:
            raise fail((DRAW, "strategies", name, "lines", str(error.index)), error.message) from None
    hands = {"player": Hand("player", ("player",), 5, ranking)}
    wagers = (Wager(spec.bet, Fraction(1), {"played": Result("pays", table=PAYS)}),)
    names = Names(spec.names.game or "Video Poker", {str(role): name for role, name in spec.names.roles.items()},
                  dict(spec.names.bets))
    return DrawGame(
        family=spec.game, id=spec.id, name=spec.name, source=spec.source, deck=deck,
        steps=(Deal("player", 5), DRAW_DECISION), hands=hands, wagers=wagers, side_bets=(),
        paytables={PAYS: Paytable(PAYS, lines)}, bet=spec.bet, path=files[0][0], sha256=files[0][1], files=tuple(files),
        names=names, words=_words(deck, section, ranking), coins=section.coins, ranking_name=section.ranking,
        strategies={card.name: card.rule_text for card in posted}, posted=tuple(posted))


def _lines(section: DrawSection, ranking: Ranking, fail: Any) -> tuple[Line, ...]:
    lines = []
    for key, pay in section.pays.items():
        path = (DRAW, PAYS, key)
        try:
            pattern = read_line(key, ranking)
        except ValueError as error:
            raise fail(path, str(error)) from None
        if pay.push or pay.amount <= 0:
            raise fail(path, f"{key} must pay something, not {pay}")
        lines.append(Line(key, pattern, Pay(pay.amount, True), "player"))  # the number is coins returned per coin: for 1
    if not lines:
        raise fail((DRAW, PAYS), "a paytable needs at least one line")
    clash = unreachable([(line.hand, line.pattern) for line in lines])
    if clash is not None:
        i, j = clash
        raise fail((DRAW, PAYS, lines[j].key), f"never paid: every such hand is paid by {lines[i].key!r} above it")
    return tuple(lines)


def _words(deck: Deck, section: DrawSection, ranking: Ranking) -> GameWords:
    wild = ("every deuce is wild" if section.ranking == "deuces wild" else "") + (
        (" and " if section.ranking == "deuces wild" else "") + "the joker is wild" if deck.jokers else "")
    coins = f"{section.coins} coin{'s' * (section.coins > 1)}"
    return GameWords(
        rules=(f"Deck: {len(deck)} cards" + (f"; {wild}" if wild else "") + ", shuffled before every hand.",
               f"The player bets {coins}; every pay is per coin at that bet, as coins returned for each coin bet "
               "(the stake included).",
               "The player is dealt five cards, holds any of them and draws replacements for the others from the cards "
               "left; the final hand is paid by the first line of the paytable it matches, and loses the bet otherwise."),
        hands=(f"The final five cards are ranked as {ranking.name.replace('-', ' ')} poker"
               + (f", {wild}" if wild else "") + " (a wild card stands for any card, one the hand holds already too).",),
        decisions={DRAW: DRAW_WORDS},
        strategy="Holding: the cards of highest exact expected value among the 32 ways; between holds of equal value, "
                 "the less volatile (lower variance), as the published strategy tables play them; then the one keeping more cards.")


SECTION = Section(DRAW, build_draw, with_draw)  # the file reader's draw: section (casino_math.registry gives it to the reader)
