"""Game files: a whole table game declared in YAML, read and checked, with every problem as ``file:line: field: what is wrong``.

The format is documented in docs/game-files.md and as a JSON Schema by
``casino-math schema``. A file may ``extends:`` another (a paytable variant
names only what differs) and list the bets it ``offers:``.

>>> game = read_game("paytables/three_card_poker/standard.yaml")
>>> game.bet, game.bets, game.qualifier.text
('ante_play', ('ante_play', 'pair_plus', 'six_card_bonus', 'prime'), 'Q-high')
>>> read_game_text("game: demo\\nid: x\\ndeal:\\n  - player: 60\\n", "bad.yaml")
Traceback (most recent call last):
...
casino_math.errors.InputError: bad.yaml:4: deal.0.player: 60 cards dealt, but the standard deck holds 52
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, Callable, Literal, Sequence

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer, PlainValidator, ValidationError, WithJsonSchema, model_validator

from ..cards import RANK_NAMES, Deck
from ..errors import InputError
from ..pays import MAX_PAY, Pay
from ..rankings import RANKINGS, SuitRanking, get_ranking
from ..rankings.points import POINTS, get_points
from ..yaml_source import read_mapping, read_text, read_yaml
from .description import (ROLES, SHOWDOWN, SITUATIONS, WAR_SHOWDOWN, Deal, Decision, Draw, Game, Hand, Line, Names, Option, Paytable,
                          Qualifier, Result, Role, SideBet, Situation, Stop, Wager, War, counted_by_kind, seen_before, ties_settle)
from .description import Step as GameStep
from .events import parse_event
from .patterns import LinePredicate, Pattern, parse_pattern, two_alike, unreachable
from .progressive import Progressive, ProgressiveSpec, build_progressive
from .qualifier import made_by_some_hand, weakest
from .sections import Problems, Section, Where
from .shoe_rules import RuleError, check_wars, read_decisions
from .variants import allowed_folders, check_is_game, target as extends_target

_NAME = r"^[a-z][a-z0-9_]*$"
_PAY_SCHEMA = {
    "anyOf": [
        {"type": "number", "minimum": 0},
        {"type": "string", "pattern": r"^\s*([0-9][0-9_,]*(\.[0-9]+)?(/[0-9]+)?\s*(([tT][oO]|[fF][oO][rR]|:|-)\s*[0-9][0-9_,]*(\.[0-9]+)?(/[0-9]+)?)?|[pP][uU][sS][hH])\s*$"},
    ],
    "description": 'X to 1 as a number (40, 2.5) or fraction string ("81/2"), "X to Y" ("3 to 2", "3:2", "3-2"), "X for Y", or push',
}


def _amount(value: Any) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, Fraction, str)):
        raise ValueError("must be a number of units, e.g. 1 or 2")
    try:
        amount = Fraction(str(value).replace(",", ""))
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"must be a number of units, not {value!r}") from None
    if not 0 < amount <= MAX_PAY:
        raise ValueError(f"{value} is not a plausible number of units")
    return amount


PayValue = Annotated[Pay, PlainValidator(Pay.parse), PlainSerializer(str), WithJsonSchema(_PAY_SCHEMA)]
Units = Annotated[Fraction, PlainValidator(_amount), PlainSerializer(str), WithJsonSchema({"type": "number", "exclusiveMinimum": 0})]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True, populate_by_name=True, defer_build=True)


class DeckSpec(_Strict):
    """A deck: a named one, or ranks lowest-to-ace (``9-A``), with jokers; or a shoe of several such decks."""

    name: Literal["standard", "short", "piquet", "royal", "mexican", "spanish"] = "standard"
    ranks: str | None = Field(None, pattern=r"^([2-9]|10|[TJQK])-A$", description="lowest rank to ace, e.g. 9-A")
    jokers: int = Field(0, ge=0, le=2)
    joker: Literal["wild", "bug"] = "wild"
    decks: int = Field(1, ge=1, le=Deck.MAX_DECKS, description="decks shuffled together into a shoe (1 to 8)")


def _deck(value: Any) -> Any:
    return {"name": value} if isinstance(value, str) else value


class Cards(_Strict):
    cards: int = Field(ge=1)
    face: Literal["up", "down"] | None = Field(None, description="the dealer's cards: up (seen) or down (the default)")


def _cards(value: Any) -> Any:
    return {"cards": value} if isinstance(value, int) and not isinstance(value, bool) else value


_CARDS_SCHEMA = {"type": "object", "required": ["cards"], "additionalProperties": False,
                 "properties": {"cards": {"type": "integer", "minimum": 1}, "face": {"enum": ["up", "down"]}}}
CardsValue = Annotated[Cards, BeforeValidator(_cards), WithJsonSchema({"anyOf": [{"type": "integer", "minimum": 1}, _CARDS_SCHEMA]})]
def _shown(value: Any) -> str:
    """A value as the file wrote it, near enough: 0.5 (read as an exact fraction) shown as 0.5."""
    if isinstance(value, Fraction):
        return str(float(value)) if Fraction(str(float(value))) == value else str(value)
    return repr(value)


ONLY_WITH = "only_with"  # in an option's mapping: the weakest player hand the option is open to, not a wager


def _option(value: Any) -> Any:
    """An option as written: fold, check, surrender, or units added to wagers, open to every hand or ``only_with`` a
    hand or better (one message, whichever form was meant)."""
    if isinstance(value, str) and value in ("fold", "check", "surrender"):
        return value
    if not isinstance(value, dict) or not value:
        raise ValueError(f"an option is fold, check, or units added to wagers like {{play: 1}}, not {_shown(value)} "
                         "(or surrender, in a game dealt from a shoe)")
    for wager, units in value.items():
        if wager == ONLY_WITH:
            if not isinstance(units, str) or not units.strip():
                raise ValueError(f"{ONLY_WITH}: the weakest hand the option is open to, like 'pair of aces', not {_shown(units)}")
            continue
        if not isinstance(wager, str):
            raise ValueError(f"{wager!r} is not the name of a wager")
        try:
            value[wager] = _amount(units)
        except ValueError as error:
            raise ValueError(f"{wager}: {error}") from None
    if set(value) == {ONLY_WITH}:
        raise ValueError(f"an option open {ONLY_WITH} a hand adds units to wagers, like {{play: 3, {ONLY_WITH}: pair of aces}}")
    return value


_OPTION_SCHEMA = {"anyOf": [{"enum": ["fold", "check", "surrender"]}, {
    "type": "object", "additionalProperties": {"type": "number"}, "description": "units added to each named wager",
    "properties": {ONLY_WITH: {"type": "string", "description": "open only where the player's hand is this hand or better, "
                                                                 "e.g. pair of aces (Crazy 4 Poker's 3x)"}}}]}
OptionValue = Annotated[Literal["fold", "check", "surrender"] | dict[str, Units | str], PlainValidator(_option), WithJsonSchema(_OPTION_SCHEMA)]


class Decide(_Strict):
    """A decision: named options; open only while the wagers in while_unmade hold no stake."""

    name: str | None = None
    options: dict[str, OptionValue]
    while_unmade: list[str] = Field(default_factory=list)
    when: str | None = Field(None, description="in a game dealt from a shoe: when the decision is open, a situation of the "
                             "cards dealt so far (equal: a tie) or an event of a hand (spread); otherwise always")
    up_to: str | None = Field(None, description="the rule's limit on a raise: no option adds more than this wager's stake")


def _decide(value: Any) -> Any:
    return {"options": value} if isinstance(value, dict) and "options" not in value else value


_OPTIONS_SCHEMA = {"type": "object", "description": "option name -> fold | check | {wager: units[, only_with: HAND]}",
                   "additionalProperties": _OPTION_SCHEMA}
DecideValue = Annotated[Decide, BeforeValidator(_decide), WithJsonSchema({"anyOf": [_OPTIONS_SCHEMA, {
    "type": "object", "required": ["options"], "additionalProperties": False,
    "properties": {"name": {"type": "string"}, "options": _OPTIONS_SCHEMA, "while_unmade": {"type": "array", "items": {"type": "string"}},
                   "when": {"type": "string", "description": "a shoe game's decision is open: equal (a tie), or an event like spread"},
                   "up_to": {"type": "string", "description": "no option adds more than this wager's stake"}},
}]})]


def _number_set(value: Any) -> Any:
    """Numbers as written (read by the draw rules): a number, a text like "0-5", or a list of numbers."""
    if isinstance(value, list) and all(isinstance(v, (int, str)) and not isinstance(v, bool) for v in value):
        return value
    if isinstance(value, (int, str)) and not isinstance(value, bool):
        return value
    raise ValueError(f'numbers are written 5, "0-5", "0-7, 9", "not 8", any, none, or a list like [0, 1, 2], not {_shown(value)}')


NumberSet = Annotated[int | str | list[int], PlainValidator(_number_set), WithJsonSchema({
    "anyOf": [{"type": "integer"}, {"type": "string"}, {"type": "array", "items": {"type": "integer"}}],
    "description": 'numbers: 5, "0-5", "0-7, 9", "not 8", any, none, or a list'})]


class DrawSpec(_Strict):
    """One card more to a role, by its hand's points: on these points; or, where ``by`` drew a card, by ``table``."""

    to: Literal["player", "dealer", "board"]
    on: NumberSet = Field(description="the points on which the role draws (when the table does not apply)")
    by: Literal["player", "dealer", "board"] | None = Field(None, description="a role that drew at an earlier draw")
    table: dict[str, NumberSet] = Field(default_factory=dict, description="points -> values of by's drawn card on which to draw")


class WarSpec(_Strict):
    """Casino War's rule on a tie, once the player goes to war: cards burnt, then one card more each, compared."""

    burn: int = Field(3, ge=0, le=10, description="cards burnt before the player's and the dealer's war cards")


class Step(_Strict):
    """One step of the deal: cards to the player, the dealer or the board, a decision, a draw, a stop on a natural, or
    Casino War's war on a tie."""

    player: CardsValue | None = None
    dealer: CardsValue | None = None
    board: CardsValue | None = None
    decide: DecideValue | None = None
    draw: DrawSpec | None = None
    stop: Literal["natural"] | None = Field(None, description="the deal ends if a hand of one role's cards is a natural")
    war: WarSpec | None = Field(None, description="after going to war on a tie: cards burnt, one card more each, compared")

    @model_validator(mode="after")
    def _one(self) -> Step:
        if sum(v is not None for v in (self.player, self.dealer, self.board, self.decide, self.draw, self.stop, self.war)) != 1:
            raise ValueError("a step is one of player: N, dealer: N, board: N, decide: {...}, draw: {...}, stop: natural or war: {burn: 3}")
        return self


class HandSpec(_Strict):
    """A hand: the best ``best`` cards of the roles ``of``, valued by ``ranking`` (null: colours only; baccarat or
    blackjack: points, every card counting; rank: each card by its rank, ace high, as Casino War and Red Dog read them)."""

    of: list[Literal["player", "dealer", "board"]] = Field(min_length=1)
    best: int | None = Field(None, ge=1)
    ranking: str | None = Field("high", description=f"a poker ranking ({', '.join(RANKINGS)}: the last two value every card "
                                "of the hand by its best suit), points (baccarat, blackjack), or null: read only for colours or the ranks of its cards (A-K suited)")


class PaysSpec(_Strict):
    """Paid by a paytable on a hand; a hand no line pays loses (or pushes, with else: push)."""

    pays: str
    on: str = "player"
    otherwise: Literal["push", "lose"] = Field("lose", alias="else")


def _result(value: Any) -> Any:
    if isinstance(value, dict):
        return PaysSpec.model_validate(value)
    if not isinstance(value, str):
        raise ValueError('a result is win, "win 3 to 2", push, lose, or {pays: TABLE, on: HAND}')
    words = value.strip().lower()
    if words in ("push", "lose"):
        return words
    if words == "win" or words.startswith("win "):
        pay = Pay.parse(words.removeprefix("win").strip() or 1)
        if pay.push or pay.net <= 0:
            raise ValueError(f"{value!r}: a win pays more than nothing")
        return pay
    raise ValueError(f'{value!r} is not a result (write win, "win 3 to 2", push, lose, or {{pays: TABLE, on: HAND}})')


_RESULT_SCHEMA = {"anyOf": [{"type": "string", "pattern": r"^(win( .+)?|push|lose)$"}, {
    "type": "object", "required": ["pays"], "additionalProperties": False,
    "properties": {"pays": {"type": "string"}, "on": {"type": "string"}, "else": {"enum": ["push", "lose"]}},
}]}
ResultValue = Annotated[Any, PlainValidator(_result), WithJsonSchema(_RESULT_SCHEMA)]
SituationName = Literal[Situation, "otherwise"]  # as written: a situation, or every other one


def _settle(value: Any) -> Any:
    return {"otherwise": value} if isinstance(value, str) or (isinstance(value, dict) and "pays" in value) else value


SettleValue = Annotated[dict[SituationName, ResultValue], BeforeValidator(_settle),
                        WithJsonSchema({"anyOf": [_RESULT_SCHEMA, {"type": "object", "additionalProperties": _RESULT_SCHEMA,
                                                                   "description": "situation -> result: " + ", ".join((*SITUATIONS, "otherwise"))}]})]


class WagerSpec(_Strict):
    """A wager of the game: a stake placed before the deal (or only by decisions), and its result per situation."""

    stake: Units | None = None
    bonus_on: str | None = Field(None, description="no stake of its own: paid per unit of this wager's stake, never loses")
    settle: SettleValue


class SideBetSpec(_Strict):
    """A bet settled whatever the player decides: paid by a paytable, or settled by the showdown like a wager."""

    pays: str | None = None
    on: str = "player"
    settle: SettleValue | None = Field(None, description="situation -> result, as for a wager (instead of pays)")
    stake: Units = Fraction(1)
    meter: str | None = Field(None, description="the line whose pay is a progressive meter")
    progressive: ProgressiveSpec | None = Field(None, description="the meters' seeds, resets and rates, and an envy bonus")

    @model_validator(mode="after")
    def _one(self) -> SideBetSpec:
        if (self.pays is None) == (self.settle is None):
            raise ValueError("a side bet is paid by a table (pays: TABLE) or settled by the showdown (settle: {...}), one of them")
        return self


class NamesSpec(_Strict):
    """What the table calls the game, its roles and its bets, for the par sheet (the file's own names otherwise)."""

    game: str = Field("", max_length=80, description="the family as a player reads it, e.g. 21+3 or Ultimate Texas Hold'em")
    roles: dict[Role, str] = Field(default_factory=dict, description="a role's name at the table, e.g. {dealer: Banker}")
    bets: dict[str, str] = Field(default_factory=dict, description="a bet's name on the layout, e.g. {twenty_one_plus_three: 21+3}")


def main_field() -> Any:
    """A game file's ``main:``: which file of the family its par sheet opens with (written once, in the file the others
    extend, and inherited as every field is)."""
    return Field("", pattern=r"^([A-Za-z0-9][A-Za-z0-9_.-]*)?$", max_length=80, description=(
        "the id of the family's main game, the paytable its par sheet opens with and the index lists (default: the file "
        "offering the most bets)"))


class GameSpec(_Strict):
    """A table game: its deck, deal, decisions, hands, qualifier, wagers, side bets and paytables."""

    game: str = Field(pattern=_NAME, description="the game's family: files of one family share a par sheet")
    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$", max_length=80)
    name: str = ""
    source: str = ""
    main: str = main_field()
    extends: str | None = Field(None, description="a game file this one changes (relative path)")
    offers: list[str] | None = Field(None, description="the bets this file offers (default: all)")
    deck: Annotated[DeckSpec, BeforeValidator(_deck)] = DeckSpec.model_validate({})
    deal: list[Step] = Field(min_length=1)
    hands: dict[str, HandSpec] = Field(default_factory=dict)
    dealer_qualifies: str | None = None
    bet: str = Field("game", pattern=_NAME, description="the name of the game's own bet (its wagers, settled together)")
    wagers: dict[str, WagerSpec] = Field(default_factory=dict)
    side_bets: dict[str, SideBetSpec] = Field(default_factory=dict)
    paytables: dict[str, dict[str, PayValue]] = Field(default_factory=dict, description=(
        "table -> {line: pay}, tried in order: a category (flush), a category by rank (pair of tens or better), a special "
        "hand (mini royal, same colour, … in spades), the ranks of every card (A-K suited, A-Q or A-J offsuit), "
        "or any of them '… on HAND'"))
    equal_ev: Literal["wager_more", "wager_less"] = "wager_more"
    strategies: dict[str, str] = Field(default_factory=dict, description="simpler strategies to price, e.g. 'play J-high or better'")
    quoted_per: list[str] = Field(default_factory=list, description="the wagers whose stakes the house edge and the average "
                                  "wager are quoted per (default: every stake placed before the deal), e.g. [ante]")
    names: NamesSpec = Field(NamesSpec.model_validate({}), description="the game, its roles and bets as the table names them")
    blackjack: Any = Field(None, description="blackjack's rules: a file with them is read by casino_math/methods/blackjack/game_file.py")
    pai_gow: Any = Field(None, description="Pai Gow Poker's rules and house way: read by casino_math/methods/pai_gow/game_file.py")
    dealer_bets: Any = Field(None, description="bets on the dealer's blackjack hand: read by casino_math/methods/blackjack/dealer_bet_file.py")
    draw: Any = Field(None, description="video poker's draw and paytable: read by casino_math/methods/draw/game_file.py")
    rolls: Any = Field(None, description="dice or a wheel and bets over throws: read by casino_math/methods/rolls/game_file.py")


# -- reading, with variants ---------------------------------------------------------------------
_MERGED = ("hands", "wagers", "side_bets", "paytables", "strategies", "names", "blackjack", "pai_gow", "rolls", "dealer_bets", "draw")


def _read(path: Path, seen: tuple[Path, ...] = (), allowed: tuple[Path, ...] | None = None,
          via: tuple[str, str] | None = None) -> tuple[dict[str, Any], Where, list[tuple[str, str]]]:
    """A file's data with what it extends merged in, where every key was written, and every file read (path, SHA-256).

    ``allowed``: the folders variants may extend from (casino_math.game.variants); ``via``: where and how the file
    extending this one named it, so that a file that is not a game file is refused without quoting it."""
    allowed = allowed_folders(path) if allowed is None else allowed
    text = read_text(path, "game file")
    data, lines = read_yaml(text, str(path))
    if via is not None:
        check_is_game(*via, data, GameSpec.model_fields)
    if not isinstance(data, dict):
        raise InputError(f"{path}:1: a game file is a mapping with game, id, deal, hands and wagers")
    if "claims" in data and "game" not in data and "extends" not in data:
        raise InputError(f"{path}:{lines[('claims',)]}: claims: this is a claims file (it lists claims), not a game file; "
                         "check it with casino-math verify")
    where = {key: f"{path}:{line}" for key, line in lines.items()}
    files = [(str(path), hashlib.sha256(text.encode()).hexdigest())]
    parent = data.get("extends")
    if parent is None:
        return data, where, files
    parent_path = extends_target(where[("extends",)], parent, path.parent, allowed, len(seen) + 1)
    if parent_path in seen or parent_path == path.resolve():
        raise InputError(f"{where[('extends',)]}: extends: {parent} extends this file again (a loop)")
    base, base_where, base_files = _read(parent_path, (*seen, path.resolve()), allowed, (f"{where[('extends',)]}: extends", parent))
    merged = {k: v for k, v in base.items() if k not in ("id", "name", "source", "offers")}
    keep = {k: v for k, v in base_where.items() if k[:1] and k[0] in merged}
    for key, value in data.items():
        if key in _MERGED and isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = {**merged[key], **value}
            keep = {k: v for k, v in keep.items() if not (k[:1] == (key,) and len(k) > 1 and k[1] in value)}
        else:
            merged[key] = value
            keep = {k: v for k, v in keep.items() if k[:1] != (key,)}
    merged.pop("extends", None)
    return merged, {**keep, **where}, files + base_files


def _at(where: Where, path: tuple[str, ...], fallback: str) -> str:
    while path and path not in where:
        path = path[:-1]
    return where.get(path, fallback)


_PATTERNS = {  # a field's pattern in words
    _NAME: "a name of lower-case letters, digits and _, starting with a letter (like three_card_poker)",
    r"^[A-Za-z0-9][A-Za-z0-9_.-]*$": "letters, digits, '.', '_' and '-', starting with a letter or a digit (like tcp-standard)",
    r"^([2-9]|10|[TJQK])-A$": "the lowest rank to the ace, like 9-A or 10-A",
}
_MAPPINGS = {  # what a field written as a mapping holds, in words
    "DeckSpec": "a deck is a name (standard, short, piquet, royal, mexican, spanish) or a mapping like {decks: 8} or {ranks: 9-A}",
    "Cards": "cards dealt are a number, like 3, or a mapping like {cards: 1, face: up}",
    "Decide": "a decision is a mapping like {name: play_or_fold, options: {fold: fold, play: {play: 1}}}",
    "DrawSpec": "a draw is a mapping like {to: player, on: 0-5}",
    "WarSpec": "a war is a mapping like {burn: 3}",
    "HandSpec": "a hand is a mapping like {of: [player], ranking: high}",
    "WagerSpec": "a wager is a mapping like {stake: 1, settle: {...}}",
    "SideBetSpec": "a side bet is a mapping like {pays: TABLE, on: HAND}",
    "Step": "a step of the deal is a mapping like player: 3",
    "PaysSpec": "a result paid by a table is a mapping like {pays: TABLE, on: HAND}",
}


def _plain(problem: Any, message: str) -> str:
    """A structural problem in plain words, with the value written (not the checker's wording)."""
    kind, ctx, value = problem["type"], problem.get("ctx") or {}, problem.get("input")
    written = _shown(value) if not isinstance(value, (dict, list)) else ("a mapping" if isinstance(value, dict) else "a list")
    if kind == "string_pattern_mismatch":
        return f"{written} is not {_PATTERNS.get(str(ctx.get('pattern')), 'written as expected')}"
    if kind == "model_type":
        return f"{_MAPPINGS.get(str(ctx.get('class_name')), 'expected a mapping')}, not {written}"
    plain = {"int_type": "a whole number", "int_parsing": "a whole number", "int_from_float": "a whole number",
             "string_type": "text", "list_type": "a list, like [a, b]", "dict_type": "a mapping (name: value)",
             "bool_type": "true or false", "bool_parsing": "true or false"}
    if kind in plain:
        return f"should be {plain[kind]}, not {written}"
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        bound = {"greater_than_equal": "at least", "less_than_equal": "at most", "greater_than": "more than",
                 "less_than": "less than"}[kind]
        limit = next(iter(ctx.values()), "")
        return f"should be {bound} {limit}, not {written}"
    if kind == "too_short":
        return "should not be empty" if not value else message
    if kind == "string_too_long":
        return f"should be at most {ctx.get('max_length')} characters long"
    return message


def _explain(error: ValidationError, where: Where, fallback: str) -> str:
    messages = []
    for problem in error.errors():
        loc = tuple(str(p) for p in problem["loc"] if not str(p).startswith("function-") and str(p) not in ("[key]",))
        field = ".".join(loc) or "top level"
        message = problem["msg"].removeprefix("Value error, ")
        if problem["type"] == "extra_forbidden":
            message = f"unknown field {loc[-1]!r}"
        elif problem["type"] == "literal_error":
            message = f"unknown value {problem['input']!r}; expected {message.removeprefix('Input should be ')}"
        elif problem["type"] == "missing":
            message = "is required"
        else:
            message = _plain(problem, message)
        messages.append(f"{_at(where, loc, fallback)}: {field}: {message}")
    return "\n".join(dict.fromkeys(messages))


def read_game(path: str | Path, sections: Sequence[Section] = (), problems: Problems | None = None) -> Game:
    """Load and check one game file: a file with one of ``sections`` is read by it; of a file of steps, ``problems`` says
    what the method that fits the game cannot count (:func:`casino_math.registry.load_game` gives every method's)."""
    data, where, files = _read(Path(path))
    return _build(data, where, files, str(path), sections, problems)


def merged_data(path: str | Path) -> dict[str, Any]:
    """A game file's fields as written, what it ``extends:`` merged in, not yet checked (the studio's rule editor)."""
    return _read(Path(path))[0]


def check_named_game(path: Path, where: str, written: str) -> None:
    """Refuse, quoting nothing of it, a file that another file names (``where``: its place and field; ``written``: how)
    and that is not a game file, or a game file whose variants break the rule (casino_math.game.variants)."""
    _read(path, via=(where, written))


def read_game_text(text: str, filename: str = "<text>", sections: Sequence[Section] = (), problems: Problems | None = None) -> Game:
    """Check a game file's text (no ``extends``: a variant needs its file's folder), as :func:`read_game`."""
    data, where, files = read_mapping(text, filename, "a game file is a mapping with game, id, deal, hands and wagers")
    if "extends" in data:
        raise InputError(f"{where[('extends',)]}: extends: only a game file on disk can extend another")
    return _build(data, where, files, filename, sections, problems)


def schema(sections: Sequence[Section] = ()) -> dict[str, Any]:
    """JSON Schema of a game file, for editors, with ``sections``."""
    out = GameSpec.model_json_schema(mode="validation", by_alias=True)
    for section in sections:
        out = section.schema(out)
    return out


def forget_warnings() -> None:
    """Let each warning be said again when a file is read again (a workbench reads its files at every edit)."""
    _WARNED.clear()


_WARNED: set[str] = set()  # warnings given in this run (a file read again does not repeat them)


# -- from the checked structure to a Game -----------------------------------------------------------
class _Builder:
    """Turns a structurally valid spec into a Game, checking what only the whole game can tell."""

    def __init__(self, spec: GameSpec, where: Where, fallback: str) -> None:
        self.spec, self.where, self.fallback = spec, where, fallback
        self.by_kind = False  # a game counted by kinds of card: its lines are events (see events.py)
        self.dealt: dict[Role, int] = {}  # cards dealt to each role (read by lines naming the ranks of a hand's cards)

    def warn(self, path: tuple[str, ...], message: str) -> None:
        """Something allowed but worth a look (a line never paid, a pay at the cap): one ``warning:`` line, once a run."""
        text = f"{_at(self.where, path, self.fallback)}: {'.'.join(path) or 'top level'}: {message}"
        if text not in _WARNED:
            _WARNED.add(text)
            logging.getLogger("casino_math.game_file").warning(text)

    def fail(self, path: tuple[str, ...], message: str) -> InputError:
        return InputError(f"{_at(self.where, path, self.fallback)}: {'.'.join(path) or 'top level'}: {message}")

    def deck(self) -> Deck:
        d = self.spec.deck
        try:
            if d.ranks is None:
                return Deck.named(d.name, d.jokers, d.decks)
            lowest = d.ranks.split("-")[0]
            rank = {"T": 10, "J": 11, "Q": 12, "K": 13}.get(lowest) or int(lowest)
            return Deck.stripped(rank, d.jokers, d.decks)
        except InputError as error:
            raise self.fail(("deck",), str(error)) from None

    def steps(self, deck: Deck) -> tuple[GameStep, ...]:
        """The deal as written: cards dealt, decisions, stops, and draws (their numbers read later, by :meth:`draws`)."""
        out: list[GameStep] = []
        dealt = 0
        for i, step in enumerate(self.spec.deal):
            path = ("deal", str(i))
            if step.decide is not None:
                decision = self.decision(path, step.decide, sum(isinstance(s, Decision) for s in out) + 1)
                if any(isinstance(s, Decision) and s.name == decision.name for s in out):
                    raise self.fail((*path, "decide", "name"), f"two decisions are named {decision.name}: give each its own name")
                out.append(decision)
                continue
            if step.stop is not None:
                out.append(Stop(step.stop))
                continue
            if step.war is not None:
                out.append(War(step.war.burn))
                dealt, at = dealt + step.war.burn + 2, (*path, "war")
            elif step.draw is not None:
                out.append(Draw(step.draw.to, frozenset(), step.draw.by))
                dealt, at = dealt + 1, (*path, "draw")
            else:
                deal = self.deal(path, step)
                out.append(deal)
                dealt, at = dealt + deal.cards, (*path, deal.role)
            if dealt > len(deck):
                raise self.fail(at, f"{dealt} cards dealt, but the {deck} deck holds {len(deck)}")
        self.check_decision_times(out)
        return tuple(out)

    def deal(self, path: tuple[str, ...], step: Step) -> Deal:
        """Cards to the player, the dealer or the board; only the dealer's lie face up or down."""
        role: Role = "player" if step.player else "dealer" if step.dealer else "board"
        cards: Cards = getattr(step, role)
        if cards.face is not None and role != "dealer":
            raise self.fail((*path, role, "face"), "only the dealer's cards are dealt face up or down")
        return Deal(role, cards.cards, face_up=cards.face == "up" if role == "dealer" else True)

    def decision(self, path: tuple[str, ...], decide: Decide, number: int) -> Decision:
        """The ``number``-th decision of the deal: its options fold, check, or add units to wagers."""
        if not decide.options:
            raise self.fail((*path, "decide"), "a decision needs options")
        options = tuple(Option(name, adds=tuple((w, Fraction(u)) for w, u in action.items() if w != ONLY_WITH)) if isinstance(action, dict)
                        else Option(name, folds=action == "fold", surrenders=action == "surrender")
                        for name, action in decide.options.items())
        return Decision(decide.name or f"decision_{number}", options, tuple(decide.while_unmade), decide.when or "",
                        up_to=decide.up_to or "")

    def check_decision_times(self, steps: Sequence[GameStep]) -> None:
        """Each decision comes once a card more is seen, and while a card is still to come."""
        decided = [i for i, s in enumerate(steps) if isinstance(s, Decision)]
        for before, i in zip(decided, decided[1:]):
            if not any(isinstance(s, Deal) and s.seen for s in steps[before + 1:i]):
                raise self.fail(("deal", str(i), "decide"), "two decisions with no card seen between them: make them one")
        last_seen = max((i for i, s in enumerate(steps) if (isinstance(s, Deal) and s.seen) or isinstance(s, War)), default=-1)
        hidden = any(isinstance(s, Deal) and not s.seen for s in steps)
        for i in decided:
            ends = all(o.surrenders for o in steps[i].options)  # type: ignore[union-attr]  # every option ends the deal here
            if i > last_seen and not hidden and not ends:
                raise self.fail(("deal", str(i), "decide"), "a decision after the last card: nothing is left to come")

    def hands(self, deck: Deck, steps: tuple[GameStep, ...]) -> dict[str, Hand]:
        """The named hands, each valued by a poker ranking, in points, or by colour only; a dealer hand is a player's match."""
        dealt = {role: sum(s.cards for s in steps if isinstance(s, Deal) and s.role == role) for role in ROLES}
        drawn = {role: sum(isinstance(s, Draw) and s.role == role for s in steps) for role in ROLES}
        self.dealt = dealt
        out: dict[str, Hand] = {}
        for name, spec in self.spec.hands.items():
            path = ("hands", name)
            for role in spec.of:
                if not dealt[role]:
                    raise self.fail((*path, "of"), f"the hand is made of {role} cards, but the deal gives the {role} none")
            of = tuple(dict.fromkeys(spec.of))
            cards = sum(dealt[r] for r in of)
            if spec.ranking in POINTS:
                out[name] = self.points_hand(name, spec, of, cards + sum(drawn[r] for r in of), deck, out)
            else:
                out[name] = self.ranked_hand(name, spec, of, cards, deck)
        if "dealer" in out:
            if "player" not in out:
                raise self.fail(("hands", "dealer"), "a dealer hand is compared with a hand named player: declare it")
            if out["dealer"].ranking_name != out["player"].ranking_name:
                raise self.fail(("hands", "dealer", "ranking"), "the dealer's hand must be ranked as the player's to compare them")
        return out

    def points_hand(self, name: str, spec: HandSpec, of: tuple[Role, ...], most: int, deck: Deck,
                    before: dict[str, Hand]) -> Hand:
        """A hand valued in points: every card it may hold counts (``most``, with its draws)."""
        assert spec.ranking is not None
        path = ("hands", name)
        others = {h.ranking_name for h in before.values() if h.points is not None} - {spec.ranking}
        if others:
            raise self.fail((*path, "ranking"), f"the points hands of a game share one ranking (here {others.pop()})")
        if spec.best is not None:
            raise self.fail((*path, "best"), "a points hand counts every card it holds: leave out best")
        if deck.jokers:
            raise self.fail((*path, "ranking"), "points hands are counted on decks without jokers")
        return Hand(name, of, most, get_points(spec.ranking, deck))

    def ranked_hand(self, name: str, spec: HandSpec, of: tuple[Role, ...], cards: int, deck: Deck) -> Hand:
        """A hand of the best cards by a poker ranking, or (no ranking) of all its cards, valued by colour only."""
        path = ("hands", name)
        ranking = None
        if spec.ranking is not None:
            if spec.ranking not in RANKINGS:
                known = ", ".join([*RANKINGS, *POINTS])
                raise self.fail((*path, "ranking"), f"unknown ranking {spec.ranking!r} (choose from {known})")
            try:
                ranking = get_ranking(spec.ranking, deck, self.spec.deck.joker)
            except InputError as error:  # the joker rule and the ranking do not go together
                raise self.fail((*path, "ranking"), str(error)) from None
        if isinstance(ranking, SuitRanking):  # a ranking of suits values the whole hand, whatever its size
            if spec.best is not None and spec.best != cards:
                raise self.fail((*path, "best"), f"the {spec.ranking} ranking values all {cards} cards of the hand: leave out best")
            try:
                ranking = get_ranking(spec.ranking, deck, self.spec.deck.joker, cards=cards)
            except InputError as error:
                raise self.fail((*path, "ranking"), str(error)) from None
        best = spec.best or (ranking.hand_size if ranking else cards)
        if spec.best is None and ranking is not None and best > cards:
            fits = [n for n in RANKINGS if get_ranking(n, "standard").hand_size == cards]
            hint = f" (for {cards} cards: {', '.join(fits)})" if fits else ""
            raise self.fail((*path, "ranking"), f"the {spec.ranking} ranking compares {best}-card hands, but the hand holds "
                            f"{cards} cards{hint}")
        if best > cards:
            raise self.fail((*path, "best"), f"the best {best} of {cards} cards: the hand has only {cards}")
        if ranking is not None and best != ranking.hand_size:
            raise self.fail((*path, "best"), f"the {spec.ranking} ranking compares {ranking.hand_size}-card hands, not {best}")
        return Hand(name, of, best, ranking)

    def draws(self, steps: tuple[GameStep, ...], hands: dict[str, Hand]) -> tuple[GameStep, ...]:
        """The draw steps with their numbers read, checked against the hands; stops checked."""
        from .tableau import StepError, draw_rule

        out: list[GameStep] = []
        for i, step in enumerate(steps):
            if isinstance(step, Draw):
                spec = self.spec.deal[i].draw
                assert spec is not None
                try:
                    step = draw_rule(spec.to, spec.on, spec.by, spec.table, out, hands)
                except StepError as error:
                    raise self.fail(("deal", str(i), "draw", *error.path), str(error)) from None
            elif isinstance(step, Stop) and not any(len(h.of) == 1 and h.points is not None for h in hands.values()):
                raise self.fail(("deal", str(i), "stop"), "a stop on a natural needs a points hand of one role's cards")
            out.append(step)
        return tuple(out)

    def open_only_with(self, steps: tuple[GameStep, ...], hands: dict[str, Hand]) -> tuple[GameStep, ...]:
        """The decisions with each option's ``only_with`` read as the weakest player hand it is open to: a hand of the
        player hand's ranking, whole at the decision; and one option at least open to every hand."""
        out: list[GameStep] = []
        for i, step in enumerate(steps):
            decide = self.spec.deal[i].decide
            limited = {} if decide is None else {name: str(action[ONLY_WITH]) for name, action in decide.options.items()
                                                  if isinstance(action, dict) and ONLY_WITH in action}
            if not limited:
                out.append(step)
                continue
            assert isinstance(step, Decision)
            path = ("deal", str(i), "decide", "options")
            player = hands.get("player")
            options = []
            for option in step.options:
                if option.name not in limited:
                    options.append(option)
                    continue
                at = (*path, option.name, ONLY_WITH)
                if player is None or player.ranking is None:
                    raise self.fail(at, "an option open only with a hand reads the player's hand: declare a hand named player "
                                    "ranked by a poker ranking")
                held = seen_before(steps, step, player.of)
                if held < player.best:
                    raise self.fail(at, f"at {step.name} the player holds {held} of the {player.best} cards his hand is made of: "
                                    "the hand is not made yet")
                try:
                    options.append(replace(option, only_with=Qualifier(limited[option.name], weakest(player.ranking, limited[option.name]))))
                except ValueError as error:
                    raise self.fail(at, f"{error} (the player's hand)") from None
            if all(o.only_with is not None for o in options):
                raise self.fail(path, f"every option is open only with some hand: leave {ONLY_WITH} off one (fold, check, or "
                                "the least raise), so that every hand has a choice")
            out.append(replace(step, options=tuple(options)))
        return tuple(out)

    def qualifier(self, hands: dict[str, Hand]) -> Qualifier | None:
        text = self.spec.dealer_qualifies
        if text is None or text.strip().lower() in ("none", "always", "any"):
            return None
        dealer = hands.get("dealer")
        if dealer is None:
            raise self.fail(("dealer_qualifies",), f"a qualifier needs a hand named dealer (hands: {', '.join(hands) or 'none'})")
        if dealer.points is not None:
            raise self.fail(("dealer_qualifies",), f"the dealer hand is counted in {dealer.points.name} points; a qualifier "
                            "is a poker hand the dealer must hold (Q-high, pair): rank the hands by a poker ranking, or leave "
                            "out the qualifier")
        if dealer.ranking is None:
            raise self.fail(("dealer_qualifies",), "the dealer hand has no ranking (ranking: null), so no poker hand to "
                            "qualify with: give it one")
        try:
            return Qualifier(text, weakest(dealer.ranking, text))
        except ValueError as error:
            raise self.fail(("dealer_qualifies",), str(error)) from None

    def spec_deck_name(self) -> str:
        """The deck as a line of the par sheet names it: standard, or its ranks (9-A)."""
        return self.spec.deck.ranks or self.spec.deck.name

    def check_pays_something(self, table: str) -> None:
        """A table that a hand no line pays loses on has a line (an empty one is a bonus that never pays: ``else: push``)."""
        if not self.spec.paytables[table]:
            raise self.fail(("paytables", table), "the paytable has no lines, so every hand would lose")

    def paytable(self, name: str, hand: str, hands: dict[str, Hand], used_at: tuple[str, ...]) -> Paytable:
        if name not in self.spec.paytables:
            known = ", ".join(self.spec.paytables) or "none"
            raise self.fail(used_at, f"no paytable {name!r} (paytables: {known})")
        if hand not in hands:
            raise self.fail(used_at, f"no hand {hand!r} (hands: {', '.join(hands) or 'none'})")
        lines: list[Line] = []
        patterns: list[tuple[str, LinePredicate]] = []
        for key, pay in self.spec.paytables[name].items():
            path = ("paytables", name, key)
            if self.by_kind:
                try:
                    event = parse_event(key, hands, hand, self.spec.deck.decks)
                except ValueError as error:
                    raise self.fail(path, str(error)) from None
                lines.append(Line(key, event, pay, event.hand))
                patterns.append((event.hand, event))
                continue
            text, line_hand = key, hand
            head, on, tail = key.rpartition(" on ")
            if on and tail.strip() in hands:
                text, line_hand = head, tail.strip()
            the_hand = hands[line_hand]
            try:
                pattern = parse_pattern(text, the_hand.ranking)
            except ValueError as error:
                if on and tail.strip() not in hands and " " not in tail.strip():  # "… on six_card": a hand misnamed
                    raise self.fail(path, f"no hand {tail.strip()!r} to read the line on (hands: {', '.join(hands)})") from None
                if not key.strip():
                    raise self.fail(path, "a line needs a name: a hand the table pays, e.g. flush or pair of tens or better") from None
                raise self.fail(path, f"{error} (on the {line_hand} hand)") from None
            cards = sum(self.dealt.get(r, 0) for r in the_hand.of)
            named = {len(r) for r in pattern.ranks} - {cards} if isinstance(pattern, Pattern) else set()
            if named:
                raise self.fail(path, f"the line names the ranks of {min(named)} cards, but the {line_hand} hand holds "
                                f"{cards} (its {' and '.join(the_hand.of)} cards): name a rank for each")
            missing = sorted({r for ranks in pattern.ranks for r in ranks} - set(self.deck().ranks)) if isinstance(pattern, Pattern) else []
            if missing:
                raise self.fail(path, f"the {self.spec_deck_name()} deck has no {RANK_NAMES[missing[0]]}s")
            shape = two_alike(pattern, the_hand.ranking)
            if shape is not None:
                raise self.fail(path, f"a suited {shape} needs two cards alike: one deck has none")
            if isinstance(pattern, Pattern) and the_hand.ranking is not None and made_by_some_hand(the_hand.ranking, pattern) is False:
                self.warn(path, f"never paid: no {the_hand.ranking.hand_size}-card hand of the {self.spec_deck_name()} deck is a "
                          f"{pattern.text} (on the {line_hand} hand)")
            if pay.amount == MAX_PAY and not pay.push:
                self.warn(path, f"{pay} is at the cap of plausible pays ({int(MAX_PAY):,} to 1): check it is not a typo")
            lines.append(Line(key, pattern, pay, line_hand))
            patterns.append((line_hand, pattern))
        clash = unreachable(patterns)
        if clash is not None:
            first, later = lines[clash[0]].key, lines[clash[1]].key
            raise self.fail(("paytables", name, later), f"never paid: every such hand is paid first as {first!r}; list it before")
        return Paytable(name, tuple(lines))


def _build(data: dict[str, Any], where: Where, files: list[tuple[str, str]], fallback: str, sections: Sequence[Section],
           problems: Problems | None) -> Game:
    """The game a file's data declares: by the first of ``sections`` it has (its reader checks all its method counts),
    else as a file of steps, then what the method that fits it cannot count, each at its field's ``file:line``."""
    section = next((s for s in sections if s.key in data), None)  # blackjack's rules are a section of their own, and Pai Gow's
    if section is not None:
        return section.build(data, where, files, fallback)
    game = _built(data, where, files, fallback)
    faults = [f"{_at(where, tuple(map(str, p.field)), f'{fallback}:1')}: {'.'.join(map(str, p.field)) or 'top level'}: {p.words}"
              for p in (problems(game) if problems is not None else ())]
    if faults:
        raise InputError("\n".join(faults))
    return game


def _built(data: dict[str, Any], where: Where, files: list[tuple[str, str]], fallback: str) -> Game:
    """The game a file of steps declares, checked part by part in the order its errors are reported."""
    b = _Builder(_validated(data, where, f"{fallback}:1"), where, f"{fallback}:1")
    deck = b.deck()
    steps = b.steps(deck)
    hands = b.hands(deck, steps)
    try:
        check_wars(steps, hands)
    except RuleError as error:
        raise b.fail(error.path, str(error)) from None
    steps = b.open_only_with(b.draws(steps, hands), hands)
    qualifier = b.qualifier(hands)
    b.by_kind = counted_by_kind(deck, steps, hands, ()) or any(s.settle is not None for s in b.spec.side_bets.values())
    if b.by_kind:
        _check_by_kind(b, steps, hands, qualifier)
    _check_options(b)
    paid = _Paid(b, hands)
    wagers = _wagers(b, steps, hands, _situations(steps, hands, qualifier), paid)
    side_bets = _side_bets(b, hands, paid)
    offered = _offered(b, wagers, paid)
    if b.spec.bet not in offered:
        wagers = []
    side_bets = [s for s in side_bets if s.name in offered]
    used = {r.table for w in wagers for r in w.settle.values() if r.kind == "pays"} | {t for s in side_bets for t in s.tables}
    spec = b.spec
    game = Game(
        family=spec.game, id=spec.id, name=spec.name, source=spec.source, deck=deck, steps=steps, hands=hands,
        wagers=tuple(wagers), side_bets=tuple(side_bets), paytables={n: t for n, t in paid.tables.items() if n in used},
        bet=spec.bet, qualifier=qualifier, equal_ev=spec.equal_ev, strategies=dict(spec.strategies),
        quoted_per=tuple(spec.quoted_per), path=files[0][0], sha256=files[0][1], files=tuple(files), main=spec.main,
        names=Names(spec.names.game, {str(role): name for role, name in spec.names.roles.items()}, dict(spec.names.bets)),
    )
    try:
        game = read_decisions(game)
    except RuleError as error:
        raise b.fail(error.path, str(error)) from None
    _check_strategies(b, game)
    return game


def _validated(data: dict[str, Any], where: Where, fallback: str) -> GameSpec:
    """The file's structure checked field by field (types, names, required fields)."""
    try:
        return GameSpec.model_validate(data)
    except ValidationError as error:
        raise InputError(_explain(error, where, fallback)) from None


class _Paid:
    """The paytables the bets are paid by, each read once, on the one hand it pays on."""

    def __init__(self, b: _Builder, hands: dict[str, Hand]) -> None:
        self.b, self.hands = b, hands
        self.tables: dict[str, Paytable] = {}
        self.hand_of: dict[str, str] = {}

    def table(self, name: str, hand: str, at: tuple[str, ...]) -> None:
        if name in self.hand_of and self.hand_of[name] != hand:
            raise self.b.fail(at, f"paytable {name!r} already pays on the {self.hand_of[name]} hand; a paytable pays on one hand")
        self.tables[name] = self.b.paytable(name, hand, self.hands, at)
        self.hand_of[name] = hand

    def result(self, value: Any, at: tuple[str, ...], bonus: bool = False) -> Result:
        """A settlement as written (win, push, lose, or a table on a hand), its table read."""
        if isinstance(value, PaysSpec):
            self.table(value.pays, value.on, (*at, "pays"))
            if not bonus and value.otherwise == "lose":
                self.b.check_pays_something(value.pays)
            return Result("pays", table=value.pays, otherwise="push" if bonus else value.otherwise)
        if isinstance(value, Pay):
            return Result("win", value.net)
        return Result(value)


def _check_options(b: _Builder) -> None:
    """Decisions add only to wagers of the game that have a stake, and stay open only while wagers of it are unmade."""
    wagers = b.spec.wagers
    for i, step in enumerate(b.spec.deal):
        if step.decide is None:
            continue
        for option, action in step.decide.options.items():
            if not isinstance(action, dict):
                continue
            for wager in action:
                if wager == ONLY_WITH:
                    continue
                at = ("deal", str(i), "decide", "options", option, wager)
                if wager not in wagers:
                    raise b.fail(at, f"no wager {wager!r} to add to (wagers: {', '.join(wagers) or 'none'})")
                if wagers[wager].bonus_on:
                    raise b.fail(at, f"{wager} is a bonus: it has no stake to add to")
        for wager in step.decide.while_unmade:
            if wager not in wagers:
                raise b.fail(("deal", str(i), "decide", "while_unmade"), f"no wager {wager!r}")


def _situations(steps: tuple[GameStep, ...], hands: dict[str, Hand], qualifier: Qualifier | None) -> tuple[Situation, ...]:
    """The situations the game's own wagers can end in (see :mod:`.description`): at war, a tie is never settled as such."""
    dealer, war = "dealer" in hands, any(isinstance(s, War) for s in steps)
    reached = {"folded": any(o.folds for s in steps if isinstance(s, Decision) for o in s.options),
               "dealer_not_qualified": dealer and qualifier is not None, **dict.fromkeys(SHOWDOWN, dealer), "played": not dealer,
               **dict.fromkeys(WAR_SHOWDOWN, war)}
    if not ties_settle(steps):
        reached["equal"] = False
    return tuple(s for s in SITUATIONS if reached[s])


def _wagers(b: _Builder, steps: tuple[GameStep, ...], hands: dict[str, Hand], situations: tuple[Situation, ...],
            paid: _Paid) -> list[Wager]:
    """The game's own wagers: each staked, settled in every situation it can reach, its tables read."""
    wagers = b.spec.wagers
    decisions = [s for s in steps if isinstance(s, Decision)]
    staked_by = {w: [d.name for d in decisions for o in d.options for n, _ in o.adds if n == w] for w in wagers}
    out = []
    war = any(isinstance(s, War) for s in steps)
    for name, w in wagers.items():
        path = ("wagers", name)
        _check_stake(b, path, w, bool(staked_by[name]))
        base = w.bonus_on or name
        # a wager staked only by going to war is settled only there
        reach = tuple(s for s in situations if s in WAR_SHOWDOWN) if war and wagers[base].stake is None else situations
        can_fold_staked = "folded" in reach and (wagers[base].stake is not None or any(
            _before_a_fold(b.spec, d, base) for d in staked_by.get(base, [])))
        _check_settled(b, path, w, reach, can_fold_staked)
        settle = _wager_results(b, path, w, reach, _dealer_hidden(steps), hands, paid)
        out.append(Wager(name, w.stake or Fraction(0), settle, w.bonus_on))
    return out


def _check_stake(b: _Builder, path: tuple[str, ...], w: WagerSpec, staked_by_decision: bool) -> None:
    """A bonus has no stake of its own and pays on a staked wager; any other wager is staked before the deal or by a decision."""
    if w.bonus_on is not None:
        if w.bonus_on not in b.spec.wagers or b.spec.wagers[w.bonus_on].bonus_on:
            raise b.fail((*path, "bonus_on"), f"no wager {w.bonus_on!r} with a stake to pay the bonus on")
        if w.stake is not None:
            raise b.fail((*path, "stake"), "a bonus has no stake of its own (it pays per unit of its bonus_on wager)")
    elif w.stake is None and not staked_by_decision:
        raise b.fail(path, "no stake: give it one (stake: 1) or let a decision add to it")


def _check_settled(b: _Builder, path: tuple[str, ...], w: WagerSpec, situations: tuple[Situation, ...], can_fold_staked: bool) -> None:
    """A result for every situation the wager can reach (a fold only where a stake of it can be folded), and none other."""
    for situation in situations:
        if situation == "folded" and not can_fold_staked:
            continue
        if situation not in w.settle and "otherwise" not in w.settle:
            if situation == "dealer_not_qualified":
                continue  # the showdown decides
            raise b.fail((*path, "settle"), f"no result for {situation}, which the game can reach")
    for written in w.settle:
        if written != "otherwise" and written not in situations:
            why = {"dealer_not_qualified": "the dealer has no qualifier", "played": "the game has a dealer hand",
                   "folded": "no decision folds"}.get(written, "the game has no dealer hand")
            if written in WAR_SHOWDOWN:
                why = "the deal has no war step"
            elif any(s in WAR_SHOWDOWN for s in situations):
                why = "a tie goes to war" if written == "equal" else "the wager is staked only at war"
            raise b.fail((*path, "settle", written), f"the game never ends {written} ({why})")


def _dealer_hidden(steps: tuple[GameStep, ...]) -> bool:
    """Whether the player never sees some of the dealer's cards."""
    return any(isinstance(s, Deal) and s.role == "dealer" and not s.seen for s in steps)


def _wager_results(b: _Builder, path: tuple[str, ...], w: WagerSpec, situations: tuple[Situation, ...], dealer_hidden: bool,
                   hands: dict[str, Hand], paid: _Paid) -> dict[str, Result]:
    """The wager's result per situation, as written (``otherwise`` fills the situations not named)."""
    settle: dict[str, Result] = {}
    for situation in (*situations, "otherwise"):
        if situation not in w.settle:
            continue
        value = w.settle[situation]
        at = (*path, "settle", situation)
        if situation == "folded" and isinstance(value, PaysSpec):
            raise b.fail(at, "a folded hand is not played out: settle it as lose or push")
        if w.bonus_on and value == "lose":
            raise b.fail(at, "a bonus has no stake of its own to lose: use push")
        result = paid.result(value, at, bonus=w.bonus_on is not None)
        if isinstance(value, PaysSpec) and dealer_hidden and "dealer" in hands[value.on].of:
            raise b.fail((*at, "on"), "the game's own wagers pay only on hands the player sees (the player's cards and the board)")
        if situation == "otherwise":
            for s in situations:
                settle.setdefault(s, result)
        else:
            settle[situation] = result
    return settle


def _side_bets(b: _Builder, hands: dict[str, Hand], paid: _Paid) -> list[SideBet]:
    """The side bets: each paid by a table or settled by the showdown, its tables read."""
    out = []
    for name, s in b.spec.side_bets.items():
        path = ("side_bets", name)
        if name in b.spec.wagers or name == b.spec.bet:
            raise b.fail(path, f"{name!r} is already the name of a wager or of the game's bet")
        settled: dict[str, Result] = {}
        if s.settle is not None:
            settled = _side_settle(b, path, s.settle, hands, paid.result)
        else:
            assert s.pays is not None
            paid.table(s.pays, s.on, (*path, "pays"))
            b.check_pays_something(s.pays)
        progressive = _progressive(b, path, s, hands, paid)
        whole = [line for m in (progressive.meters if progressive else ()) for line in m.whole]
        side_bet = SideBet(name, s.pays or "", s.stake, s.meter or next(iter(whole), None), settled, progressive)
        if s.meter is not None and not any(s.meter in b.spec.paytables[t] for t in side_bet.tables):
            raise b.fail((*path, "meter"), f"the meter is a line of {' or '.join(side_bet.tables)}; it has no line {s.meter!r}")
        out.append(side_bet)
    return out


def _progressive(b: _Builder, path: tuple[str, ...], s: SideBetSpec, hands: dict[str, Hand], paid: _Paid) -> Progressive | None:
    """The bet's meters and envy bonus, read against its table (:mod:`.progressive`)."""
    if s.progressive is None:
        return None
    if s.pays is None:
        raise b.fail((*path, "progressive"), "meters and envy bonuses are lines of a table: pay the bet by one (pays: TABLE)")
    progressive = build_progressive(s.progressive, b.spec.paytables[s.pays], lambda at, words: b.fail((*path, "progressive", *at), words))
    seats = "several" if progressive.several == "share" else "envy" if progressive.envy else None
    read = {frozenset(hands[line.hand].of) for line in paid.tables[s.pays].lines}
    shared = {frozenset({"player"})} if seats == "several" else {frozenset({"player"}), frozenset({"player", "board"})}
    if seats and (b.by_kind or len(read) > 1 or not read <= shared):
        raise b.fail((*path, "progressive", seats), "a bet read across seats is counted where its lines read the player's own "
                     "cards, from one deck" + (" (each seat holds its own: no board or dealer card shared, no shoe)" if seats == "several"
                                               else ", with or without a board every seat shares (no dealer card, no shoe)"))
    return progressive


def _offered(b: _Builder, wagers: list[Wager], paid: _Paid) -> tuple[str, ...]:
    """The bets the file offers, once every paytable is known to pay a bet and the stakes quoted per are staked."""
    spec = b.spec
    for name in spec.paytables:
        if name not in paid.tables:
            raise b.fail(("paytables", name), "no wager or side bet pays by this table")
    bets = ((spec.bet,) if wagers else ()) + tuple(spec.side_bets)
    if not bets:
        raise b.fail(("wagers",), "a game needs at least one wager or side bet")
    if spec.offers is not None and not spec.offers:
        raise b.fail(("offers",), f"the file offers no bet: list one at least (bets: {', '.join(bets)}), or leave out offers")
    for i, bet in enumerate(spec.offers or ()):
        if bet not in bets:
            raise b.fail(("offers", str(i)), f"no bet {bet!r} (bets: {', '.join(bets)})")
        if bet in (spec.offers or [])[:i]:
            raise b.fail(("offers", str(i)), f"{bet} is listed twice")
    for i, name in enumerate(spec.quoted_per):
        if name not in spec.wagers or spec.wagers[name].stake is None:
            staked = ", ".join(n for n, w in spec.wagers.items() if w.stake is not None) or "none"
            raise b.fail(("quoted_per", str(i)), f"no wager {name!r} staked before the deal (staked: {staked})")
    return bets if spec.offers is None else tuple(spec.offers)


def _check_strategies(b: _Builder, game: Game) -> None:
    """Each simpler strategy to price is a rule the game can play."""
    from .simple_strategies import parse_rule

    for name, rule in b.spec.strategies.items():
        try:
            parse_rule(game, rule)
        except ValueError as error:
            raise b.fail(("strategies", name), str(error)) from None


def _check_by_kind(b: _Builder, steps: tuple[GameStep, ...], hands: dict[str, Hand], qualifier: Qualifier | None) -> None:
    """A game counted by kinds of card (a shoe, draws, points hands) has no qualifier here, decisions only without
    drawing rules (then the game's own wagers: :mod:`.shoe_rules`), and its poker hands hold a fixed number of cards."""
    what = "a game dealt from a shoe, by drawing rules or with points hands"
    drawn = any(isinstance(s, (Draw, Stop)) for s in steps)
    decides = any(isinstance(s, Decision) for s in steps)
    for i, step in enumerate(steps):
        if isinstance(step, Decision) and drawn:
            raise b.fail(("deal", str(i), "decide"), f"{what} has no decisions here with drawing rules (draw, stop)")
    drawing = {s.role for s in steps if isinstance(s, Draw)}
    for name, hand in hands.items():
        if hand.ranking is not None and drawing.intersection(hand.of):
            raise b.fail(("hands", name, "of"), f"a poker hand holds a fixed number of cards: the {', '.join(sorted(drawing.intersection(hand.of)))} may draw")
    if b.spec.wagers and not decides:
        raise b.fail(("wagers",), f"in {what}, every bet stands alone unless a decision stakes it: list it under side_bets "
                     "(settle: or pays:)")
    if qualifier is not None:
        raise b.fail(("dealer_qualifies",), f"{what} has no dealer qualifier here")


def _side_settle(b: _Builder, path: tuple[str, ...], settle: dict[SituationName, Any], hands: dict[str, Hand],
                 result_of: Callable[[Any, tuple[str, ...]], Result]) -> dict[str, Result]:
    """A side bet settled by the showdown: a result for every situation the game can end in (no fold: it stands alone)."""
    situations = SHOWDOWN if "dealer" in hands else ("played",)
    for situation in settle:
        if situation != "otherwise" and situation not in situations:
            why = "the game has a dealer hand" if situation == "played" else "no decision folds" if situation == "folded" else (
                "a side bet stands alone, whatever the dealer holds" if situation == "dealer_not_qualified" else "the game has no dealer hand")
            raise b.fail((*path, "settle", situation), f"the game never ends {situation} for a side bet ({why})")
    dealer = hands.get("dealer")
    if situations == SHOWDOWN and dealer is not None and dealer.points is not None and not dealer.points.compares:
        raise b.fail((*path, "settle"), f"{dealer.points.name} hands are not compared here: pay the bet by a table")
    out: dict[str, Result] = {}
    for situation in situations:
        written: SituationName = situation if situation in settle else "otherwise"
        if written not in settle:
            raise b.fail((*path, "settle"), f"no result for {situation}, which the game can reach")
        out[situation] = result_of(settle[written], (*path, "settle", written))
    return out


def _before_a_fold(spec: GameSpec, decision_name: str, wager: str) -> bool:
    """Whether a fold can follow the decision that stakes ``wager`` (so the stake can be lost by folding): a later
    decision with a fold that stays open once the wager is made."""
    decides = [s.decide for s in spec.deal if s.decide is not None]
    names = [d.name or f"decision_{i + 1}" for i, d in enumerate(decides)]
    start = names.index(decision_name)
    return any(a == "fold" for d in decides[start + 1:] if wager not in d.while_unmade for a in d.options.values())
