"""Pai Gow Poker game files: a ``pai_gow:`` section (the rules and the house way), read with ``file:line`` errors.

::

    game: pai_gow_poker
    id: pgp-foxwoods
    deck: {name: standard, jokers: 1}      # 53 cards; the joker is the bug (an ace, or completes a straight or flush)
    pai_gow:
      wheel: second highest                # A-2-3-4-5: second highest (most casinos) | lowest
      commission: 5%                       # taken from a win of both hands; or none
      house_way:                           # the banker's: rules in order (casino_math/methods/pai_gow/house_way.py)
        - {hand: no pair, set: {front: highest}, text: "No Pair: Place the second and third highest cards in front."}
        ...
    side_bets:
      fortune: {pays: fortune}             # paid on the best five of the player's seven cards
    paytables:
      fortune: {five aces: 500, royal flush: 250, straight flush: 50, four of a kind: 25, full house: 5, flush: 4,
                three of a kind: 3, straight: 2}

Each player and the banker get seven cards; the player sets them into a high hand of five and a low hand of two (the
high hand must outrank the low one), the banker by the house way; each hand against the banker's, ties (copies) to the
banker: both won pays 1 to 1 less the commission, one won pushes, none won loses. The loader hands any file with a
``pai_gow:`` section here (:func:`build_pai_gow`).

>>> game = load_pai_gow_text(TINY)
>>> game.commission, game.hands_valued.wheel_second, len(game.house_way.rules)
(Fraction(1, 20), True, 1)
>>> load_pai_gow_text(TINY.replace("commission: 5%", "commission: 120%"), "bad.yaml")
Traceback (most recent call last):
...
casino_math.errors.InputError: bad.yaml:5: pai_gow.commission: a commission is a percent from 0% to 100% of the win, or none, not 120%
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, ValidationError

from ...cards import Deck
from ...errors import InputError
from ...pays import Pay
from ...rankings import get_ranking
from ...yaml_source import read_mapping
from ...game.description import Deal, Decision, Game, GameWords, Hand, Line, Names, Option, Paytable, Result, SideBet, Wager
from ...game.sections import Section, Where
from ...game.loader import _NAME, DeckSpec, NamesSpec, PayValue, _at, _deck, _explain, _Strict, main_field
from ...game.patterns import parse_pattern
from .hands import SETTINGS, PaiGowHands
from .house_way import HouseWay, read_house_way

SET = "set"  # the player's one decision: which two cards make the low hand
SEVEN_CARDS = "seven_cards"  # the hand side bets read: the best five of the player's seven cards
TINY = """game: pai_gow_poker
id: tiny
deck: {ranks: J-A, jokers: 1}
pai_gow:
  commission: 5%
  house_way:
    - {hand: [no pair, one pair, two pair, three pair, three of a kind, full house, three of a kind and two pair, two sets,
              four of a kind, four of a kind and a pair, four of a kind and three of a kind, five aces, five aces and a pair],
       with: anything, set: {front: highest}}
"""


def _none_or(value: Any) -> Any:
    return {} if value is None else value


class PaiGowSection(_Strict):
    """Pai Gow Poker's rules: the straight with the ace low, the commission, the house way."""

    wheel: Literal["second highest", "lowest"] = Field("second highest", description="where A-2-3-4-5 ranks among straights "
                                                       "(and straight flushes): second highest, as most casinos rule, or lowest")
    commission: str = Field("5%", description="taken from a win of both hands: a percent (5%), or none")
    house_way: Any = Field(description="the banker's house way: a list of rules (hand, with, if, unless, set, text)")


class PaiGowFile(_Strict):
    """A Pai Gow Poker game file: identification, the deck, the rules and house way, side bets on the seven cards."""

    game: str = Field(pattern=_NAME)
    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$", max_length=80)
    name: str = ""
    source: str = ""
    main: str = main_field()
    deck: Annotated[DeckSpec, BeforeValidator(_deck)] = DeckSpec.model_validate({"jokers": 1, "joker": "bug"})
    pai_gow: Annotated[PaiGowSection, BeforeValidator(_none_or)]
    bet: str = Field("pai_gow", pattern=_NAME, description="the name of the game's own bet")
    side_bets: dict[str, dict[Literal["pays"], str]] = Field(default_factory=dict,
                                                             description="bets paid on the best five of the player's seven cards")
    paytables: dict[str, dict[str, PayValue]] = Field(default_factory=dict)
    names: NamesSpec = Field(NamesSpec.model_validate({}))


@dataclass(frozen=True)
class PaiGowGame(Game):
    """A Pai Gow Poker game: a :class:`~casino_math.game.description.Game` to every tool, with its rules and house way."""

    commission: Fraction = Fraction(1, 20)
    house_way: HouseWay | None = None
    hands_valued: PaiGowHands | None = None
    notes: tuple[str, ...] = ()

    @property
    def way(self) -> HouseWay:
        assert self.house_way is not None
        return self.house_way


def game_words(notes: tuple[str, ...], way: HouseWay, names: Names) -> GameWords:
    """The rules in words, as the par sheet gives them (:mod:`casino_math.report.rules`): the two hands and their
    ranking, the setting, how the two hands settle, the house way as the strategy."""
    banker = names.role("dealer")
    return GameWords(
        hands=(*notes[1:], "The high hand is ranked as high poker, the joker as the bug: an ace, or any card completing a "
                           "straight, a flush or a straight flush (five aces the best hand); the low hand is a pair or two "
                           "cards by rank, the joker an ace. Side bets read the best five of the player's seven cards."),
        decisions={SET: SET_WORDS},
        situations={"player_higher": f"Both hands higher than the {banker}'s",
                    "equal": f"One hand higher, the other equal to or below the {banker}'s",
                    "dealer_higher": f"Neither hand higher than the {banker}'s (an equal hand, a copy, goes to the {banker})"},
        strategy=f"Setting: the {banker} sets by the house way, {len(way.rules)} rules in the casino's words, the first that "
                 "fits a hand setting it (the Strategy section lists them with the hands each sets); as casinos quote the "
                 "game, the player sets by the same house way.")


def setting_name(low: tuple[int, int]) -> str:
    """A setting in words: which two of the seven cards, by rank (positions in ascending order of the cards, the joker
    highest), go to the low hand.

    >>> setting_name((5, 6)), setting_name((4, 5)), setting_name((0, 6))
    ('the two highest cards low', 'the 2nd and 3rd highest cards low', 'the highest and the lowest cards low')
    """
    a, b = sorted(low)
    if (a, b) == (5, 6):
        return "the two highest cards low"
    if (a, b) == (0, 1):
        return "the two lowest cards low"
    nth = {6: "highest", 5: "2nd", 4: "3rd", 3: "4th", 2: "5th", 1: "6th", 0: "lowest"}
    if b == 6:
        return f"the highest and the {nth[a]}{' highest' * (0 < a)} cards low"
    if a == 0:
        return f"the {nth[b]} highest and the lowest cards low"
    return f"the {nth[b]} and {nth[a]} highest cards low"


SET_OPTIONS = tuple(Option(setting_name(low)) for low in SETTINGS)
SET_DECISION = Decision(SET, SET_OPTIONS)
SET_WORDS = ("which two of the seven cards make the low hand (21 ways), the other five the high hand, which must outrank "
             "the low hand")


def with_pai_gow(schema: dict[str, Any]) -> dict[str, Any]:
    """A game file's JSON Schema that also takes Pai Gow files: a ``pai_gow:`` section (the rules and the house way,
    each rule's fields described), then no ``deal:`` is needed."""
    section = PaiGowSection.model_json_schema(mode="validation", by_alias=True, ref_template="#/$defs/{model}")
    section["properties"]["house_way"] = {"type": "array", "description": section["properties"]["house_way"]["description"],
                                          "items": RULE_SCHEMA}
    out = dict(schema)
    out["$defs"] = {**schema.get("$defs", {}), **section.pop("$defs", {}), "PaiGowSection": section}
    out["properties"] = {**schema["properties"], "pai_gow": {"$ref": "#/$defs/PaiGowSection",
                                                             "description": "Pai Gow Poker's rules and house way (no deal:)"}}
    out["anyOf"] = [*schema.get("anyOf", [{"required": ["deal"]}]), {"required": ["pai_gow"]}]
    return out


_TEXTS = {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
_SETTING: dict[str, Any] = {"type": "object", "additionalProperties": False, "properties": {
    "back": {**_TEXTS, "description": "what the high hand keeps whole: both pairs, the pair, three of a kind, four of a "
                                      "kind, straight or better..."},
    "front": {"type": "string", "description": "what the low hand is: highest (any), a pair, small pair, big pair, the "
                                               "pair, three of a kind (a pair of it), an ace, a king or better"},
    "any of": {"type": "array", "items": {"type": "object"}, "description": "settings meeting any of these"}}}
RULE_SCHEMA: dict[str, Any] = {"type": "object", "additionalProperties": False, "required": ["hand", "set"], "properties": {
    "hand": {**_TEXTS, "description": "the hands the rule is for: no pair, one pair, two pair, three pair, three of a kind, "
                                      "full house, three of a kind and two pair, two sets, four of a kind, four of a kind "
                                      "and a pair, four of a kind and three of a kind, five aces, five aces and a pair"},
    "with": {**_TEXTS, "description": "the complete hand besides: nothing (default), straight, flush, straight flush, anything"},
    "if": {"type": "string", "description": "clauses joined by 'and': ROLE is RANKS (big pair is 7s to 10s), or a single "
                                            "card held (an ace, a king or better)"},
    "unless": {"type": "string", "description": "as if:, the rule applying unless all of them hold"},
    "set": {"anyOf": [_SETTING, {"type": "array", "items": _SETTING}, {"type": "string", "pattern": "^as "}],
            "description": "a setting, a list tried in order, or 'as HAND'"},
    "text": {"type": "string", "description": "the published line the rule transcribes"}}}


def load_pai_gow_text(text: str, filename: str = "<text>") -> PaiGowGame:
    """A Pai Gow file's text, checked (no ``extends``)."""
    data, where, files = read_mapping(text, filename, "a Pai Gow file is a mapping with game, id, deck and pai_gow")
    return build_pai_gow(data, where, files, filename)


def build_pai_gow(data: dict[str, Any], where: Where, files: list[tuple[str, str]], fallback: str) -> PaiGowGame:
    """The Pai Gow game a file's data declares (``extends`` already merged), every problem at its ``file:line``."""
    first = f"{fallback}:1"
    offers = data.get("offers")
    data = {k: v for k, v in data.items() if k not in ("extends", "offers")}
    try:
        spec = PaiGowFile.model_validate(data)
    except ValidationError as error:
        raise InputError(_explain(error, where, first)) from None

    def fail(path: tuple[str, ...], message: str) -> InputError:
        return InputError(f"{_at(where, path, first)}: {'.'.join(p for p in path if not p.isdigit())}: {message}")

    d = spec.deck
    if d.decks > 1:
        raise fail(("deck", "decks"), "Pai Gow Poker is dealt from one deck")
    if d.jokers > 1:
        raise fail(("deck", "jokers"), "Pai Gow Poker is dealt with one joker at most (the bug)")
    if d.jokers and "joker" in d.model_fields_set and d.joker != "bug":
        raise fail(("deck", "joker"), "Pai Gow Poker's joker is the bug (an ace, or completes a straight or flush)")
    try:
        deck = Deck.named(d.name, d.jokers) if d.ranks is None else Deck.stripped(
            {"T": 10, "J": 11, "Q": 12, "K": 13}.get(d.ranks.split("-")[0]) or int(d.ranks.split("-")[0]), d.jokers)
    except InputError as error:
        raise fail(("deck",), str(error)) from None
    if len(deck) < 14:
        raise fail(("deck",), f"the {deck} deck has {len(deck)} cards: two hands of seven need 14")
    section = spec.pai_gow
    commission = _commission(section.commission, fail)
    valued = PaiGowHands(deck, section.wheel == "second highest")
    way = read_house_way(section.house_way, ("pai_gow", "house_way"), fail,
                         lambda path: _at(where, path, first), valued, spec.name or spec.id)
    ranking = get_ranking("high", deck, "bug")
    hands = {"player": Hand("player", ("player",), 5, ranking), "dealer": Hand("dealer", ("dealer",), 5, ranking),
             SEVEN_CARDS: Hand(SEVEN_CARDS, ("player",), 5, ranking)}
    paytables, side_bets = _side_bets(spec, ranking, fail)
    settle = {"player_higher": Result("win", 1 - commission), "equal": Result("push"), "dealer_higher": Result("lose")}
    wagers: tuple[Wager, ...] = (Wager("bet", Fraction(1), settle),)
    if offers is not None:
        offered = set(offers) if isinstance(offers, list) else set()
        side_bets = tuple(b for b in side_bets if b.name in offered)
        wagers = wagers if spec.bet in offered else ()
    names = Names(spec.names.game, {str(role): name for role, name in spec.names.roles.items()}, dict(spec.names.bets))
    notes = _notes(deck, section, commission)
    return PaiGowGame(
        family=spec.game, id=spec.id, name=spec.name, source=spec.source, deck=deck,
        steps=(Deal("player", 7), Deal("dealer", 7, face_up=False), SET_DECISION),
        hands=hands, wagers=wagers, side_bets=side_bets, paytables=paytables, bet=spec.bet,
        path=files[0][0], sha256=files[0][1], files=tuple(files), names=names, main=spec.main,
        commission=commission, house_way=way, hands_valued=valued,
        notes=notes, words=game_words(notes, way, names),
    )


def _commission(text: str, fail: Any) -> Fraction:
    where = ("pai_gow", "commission")
    if text.strip() == "none":
        return Fraction(0)
    try:
        value = Fraction(text.strip().removesuffix("%")) / 100
    except (ValueError, ZeroDivisionError):
        value = Fraction(-1)
    if not text.strip().endswith("%") or not 0 <= value <= 1:
        raise fail(where, f"a commission is a percent from 0% to 100% of the win, or none, not {text}")
    return value


def _side_bets(spec: PaiGowFile, ranking: Any, fail: Any) -> tuple[dict[str, Paytable], tuple[SideBet, ...]]:
    tables: dict[str, Paytable] = {}
    bets = []
    for name, bet in spec.side_bets.items():
        table = bet.get("pays")
        if table not in spec.paytables:
            raise fail(("side_bets", name, "pays"), f"no paytable {table!r} (paytables: {', '.join(spec.paytables) or 'none'})")
        lines = []
        for key, pay in spec.paytables[table].items():
            path = ("paytables", table, key)
            try:
                pattern = parse_pattern("five of a kind" if key.strip() == "five aces" else key, ranking)
            except ValueError as error:
                raise fail(path, f"{error} (on the best five of the player's seven cards)") from None
            if pay.push or pay.net <= 0:
                raise fail(path, f"{key} must pay something, not {pay}")
            lines.append(Line(key, pattern, Pay(pay.net), SEVEN_CARDS))
        tables[table] = Paytable(table, tuple(lines))
        bets.append(SideBet(name, table))
    return tables, tuple(bets)


def _notes(deck: Deck, section: PaiGowSection, commission: Fraction) -> tuple[str, ...]:
    cut = "no commission" if commission == 0 else f"less a commission of {float(commission * 100):g}%"
    return (
        f"Deck: {len(deck)} cards" + (", the joker as the bug: an ace, or any card completing a straight, a flush or a "
                                      "straight flush" if deck.jokers else "") + ".",
        "The player and the banker get seven cards each; each sets a high hand of five and a low hand of two, the high "
        "hand outranking the low one; the banker sets by the house way.",
        "A-2-3-4-5 is the " + ("second-highest straight (and straight flush)." if section.wheel == "second highest"
                               else "lowest straight."),
        f"Each hand against the banker's, ties (copies) to the banker: both won pays 1 to 1 {cut}; one won pushes; "
        "none won loses.",
    )


SECTION = Section("pai_gow", build_pai_gow, with_pai_gow)  # the file reader's pai_gow: section (casino_math.registry gives it to the reader)
