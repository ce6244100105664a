"""Game files: a whole table game declared in YAML, read and checked, with every problem as ``file:line: field: what is wrong``.

The format is documented in the README ("Game files") and as a JSON Schema by
``casino-math schema``. A file may ``extends:`` another (a paytable variant
names only what differs) and list the bets it ``offers:``.

>>> game = load_game("paytables/three_card_poker/standard.yaml")
>>> game.bet, game.bets, game.qualifier.text
('ante_play', ('ante_play', 'pair_plus', 'six_card_bonus', 'prime'), 'Q-high')
>>> load_game_text("game: demo\\nid: x\\ndeal:\\n  - player: 60\\n", "bad.yaml")
Traceback (most recent call last):
...
casino_math.errors.InputError: bad.yaml:4: deal.0.player: 60 cards dealt, but the standard deck holds 52
"""

from __future__ import annotations

import hashlib
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, Callable, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer, PlainValidator, ValidationError, WithJsonSchema, model_validator

from ..cards import Deck
from ..errors import InputError
from ..pays import MAX_PAY, Pay
from ..rankings import RANKINGS, get_ranking
from ..rankings.points import POINTS, get_points
from ..yaml_source import read_text, read_yaml
from .description import (ROLES, SHOWDOWN, Deal, Decision, Draw, Game, Hand, Line, Option, Paytable, Qualifier, Result,
                          SideBet, Stop, Wager, counted_by_kind)
from .description import Step as GameStep
from .events import parse_event
from .patterns import LinePredicate, parse_pattern, two_alike, unreachable
from .qualifier import weakest
from .variants import allowed_folders, check_is_game, target as extends_target

_NAME = r"^[a-z][a-z0-9_]*$"
_PAY_SCHEMA = {
    "anyOf": [
        {"type": "number", "minimum": 0},
        {"type": "string", "pattern": r"^\s*([0-9][0-9_,]*(\.[0-9]+)?(/[0-9]+)?\s*((to|for)\s*[0-9][0-9_,]*(\.[0-9]+)?(/[0-9]+)?)?|push)\s*$"},
    ],
    "description": 'X to 1 as a number (40, 2.5) or fraction string ("81/2"), "X to Y" ("3 to 2"), "X for Y", or push',
}


def _amount(value: Any) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, Fraction, str)):
        raise ValueError("must be a number of units, e.g. 1 or 2")
    try:
        amount = Fraction(str(value).replace(",", ""))
    except ValueError:
        raise ValueError(f"must be a number of units, not {value!r}") from None
    if not 0 < amount <= MAX_PAY:
        raise ValueError(f"{value} is not a plausible number of units")
    return amount


PayValue = Annotated[Pay, PlainValidator(Pay.parse), PlainSerializer(str), WithJsonSchema(_PAY_SCHEMA)]
Units = Annotated[Fraction, PlainValidator(_amount), PlainSerializer(str), WithJsonSchema({"type": "number", "exclusiveMinimum": 0})]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True, populate_by_name=True)


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
OptionValue = Annotated[
    Literal["fold", "check"] | dict[str, Units],
    WithJsonSchema({"anyOf": [{"enum": ["fold", "check"]}, {"type": "object", "additionalProperties": {"type": "number"},
                                                              "description": "units added to each named wager"}]}),
]


class Decide(_Strict):
    """A decision: named options; open only while the wagers in while_unmade hold no stake."""

    name: str | None = None
    options: dict[str, OptionValue]
    while_unmade: list[str] = Field(default_factory=list)


def _decide(value: Any) -> Any:
    return {"options": value} if isinstance(value, dict) and "options" not in value else value


_OPTIONS_SCHEMA = {"type": "object", "description": "option name -> fold | check | {wager: units}"}
DecideValue = Annotated[Decide, BeforeValidator(_decide), WithJsonSchema({"anyOf": [_OPTIONS_SCHEMA, {
    "type": "object", "required": ["options"], "additionalProperties": False,
    "properties": {"name": {"type": "string"}, "options": _OPTIONS_SCHEMA, "while_unmade": {"type": "array", "items": {"type": "string"}}},
}]})]


NumberSet = Annotated[int | str | list[int], WithJsonSchema({
    "anyOf": [{"type": "integer"}, {"type": "string"}, {"type": "array", "items": {"type": "integer"}}],
    "description": 'numbers: 5, "0-5", "0-7, 9", "not 8", any, none, or a list'})]


class DrawSpec(_Strict):
    """One card more to a role, by its hand's points: on these points; or, where ``by`` drew a card, by ``table``."""

    to: Literal["player", "dealer", "board"]
    on: NumberSet = Field(description="the points on which the role draws (when the table does not apply)")
    by: Literal["player", "dealer", "board"] | None = Field(None, description="a role that drew at an earlier draw")
    table: dict[str, NumberSet] = Field(default_factory=dict, description="points -> values of by's drawn card on which to draw")


class Step(_Strict):
    """One step of the deal: cards to the player, the dealer or the board, a decision, a draw, or a stop on a natural."""

    player: CardsValue | None = None
    dealer: CardsValue | None = None
    board: CardsValue | None = None
    decide: DecideValue | None = None
    draw: DrawSpec | None = None
    stop: Literal["natural"] | None = Field(None, description="the deal ends if a hand of one role's cards is a natural")

    @model_validator(mode="after")
    def _one(self) -> Step:
        if sum(v is not None for v in (self.player, self.dealer, self.board, self.decide, self.draw, self.stop)) != 1:
            raise ValueError("a step is one of player: N, dealer: N, board: N, decide: {...}, draw: {...} or stop: natural")
        return self


class HandSpec(_Strict):
    """A hand: the best ``best`` cards of the roles ``of``, valued by ``ranking`` (null: colours only; baccarat or
    blackjack: points, every card counting)."""

    of: list[Literal["player", "dealer", "board"]] = Field(min_length=1)
    best: int | None = Field(None, ge=1)
    ranking: str | None = "high"


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
SituationName = Literal["folded", "dealer_not_qualified", "player_higher", "equal", "dealer_higher", "played", "otherwise"]


def _settle(value: Any) -> Any:
    return {"otherwise": value} if isinstance(value, str) or (isinstance(value, dict) and "pays" in value) else value


SettleValue = Annotated[dict[SituationName, ResultValue], BeforeValidator(_settle),
                        WithJsonSchema({"anyOf": [_RESULT_SCHEMA, {"type": "object", "additionalProperties": _RESULT_SCHEMA,
                                                                   "description": "situation -> result"}]})]


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

    @model_validator(mode="after")
    def _one(self) -> SideBetSpec:
        if (self.pays is None) == (self.settle is None):
            raise ValueError("a side bet is paid by a table (pays: TABLE) or settled by the showdown (settle: {...}), one of them")
        return self


class GameSpec(_Strict):
    """A table game: its deck, deal, decisions, hands, qualifier, wagers, side bets and paytables."""

    game: str = Field(pattern=_NAME, description="the game's family: files of one family share a par sheet")
    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$", max_length=80)
    name: str = ""
    source: str = ""
    extends: str | None = Field(None, description="a game file this one changes (relative path)")
    offers: list[str] | None = Field(None, description="the bets this file offers (default: all)")
    deck: Annotated[DeckSpec, BeforeValidator(_deck)] = DeckSpec()
    deal: list[Step] = Field(min_length=1)
    hands: dict[str, HandSpec] = Field(default_factory=dict)
    dealer_qualifies: str | None = None
    bet: str = Field("game", pattern=_NAME, description="the name of the game's own bet (its wagers, settled together)")
    wagers: dict[str, WagerSpec] = Field(default_factory=dict)
    side_bets: dict[str, SideBetSpec] = Field(default_factory=dict)
    paytables: dict[str, dict[str, PayValue]] = Field(default_factory=dict)
    equal_ev: Literal["wager_more", "wager_less"] = "wager_more"
    strategies: dict[str, str] = Field(default_factory=dict, description="simpler strategies to price, e.g. 'play J-high or better'")
    quoted_per: list[str] = Field(default_factory=list, description="the wagers whose stakes the house edge and the average "
                                  "wager are quoted per (default: every stake placed before the deal), e.g. [ante]")


# -- reading, with variants ---------------------------------------------------------------------
Where = dict[tuple[str, ...], str]  # key path -> "file:line"
_MERGED = ("hands", "wagers", "side_bets", "paytables", "strategies")


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
    where = {key: f"{path}:{line}" for key, line in lines.items()}
    files = [(str(path), hashlib.sha256(text.encode()).hexdigest())]
    parent = data.get("extends")
    if parent is None:
        return data, where, files
    parent_path = extends_target(where[("extends",)], parent, path.parent, allowed, len(seen) + 1)
    if parent_path in seen or parent_path == path.resolve():
        raise InputError(f"{where[('extends',)]}: extends: {parent} extends this file again (a loop)")
    base, base_where, base_files = _read(parent_path, (*seen, path.resolve()), allowed, (where[("extends",)], parent))
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
        messages.append(f"{_at(where, loc, fallback)}: {field}: {message}")
    return "\n".join(dict.fromkeys(messages))


def load_game(path: str | Path) -> Game:
    """Load and check one game file."""
    data, where, files = _read(Path(path))
    return _build(data, where, files, str(path))


def load_game_text(text: str, filename: str = "<text>") -> Game:
    """Check a game file's text (no ``extends``: a variant needs its file's folder)."""
    data, lines = read_yaml(text, filename)
    if not isinstance(data, dict):
        raise InputError(f"{filename}:1: a game file is a mapping with game, id, deal, hands and wagers")
    if "extends" in data:
        raise InputError(f"{filename}:{lines[('extends',)]}: extends: only a game file on disk can extend another")
    where = {key: f"{filename}:{line}" for key, line in lines.items()}
    return _build(data, where, [(filename, hashlib.sha256(text.encode()).hexdigest())], filename)


def game_schema() -> dict[str, Any]:
    """JSON Schema of a game file, for editors."""
    return GameSpec.model_json_schema(mode="validation", by_alias=True)


# -- from the checked structure to a Game -----------------------------------------------------------
class _Builder:
    """Turns a structurally valid spec into a Game, checking what only the whole game can tell."""

    def __init__(self, spec: GameSpec, where: Where, fallback: str) -> None:
        self.spec, self.where, self.fallback = spec, where, fallback
        self.by_kind = False  # a game counted by kinds of card: its lines are events (see events.py)

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
        out: list[GameStep] = []
        dealt = 0
        for i, step in enumerate(self.spec.deal):
            path = ("deal", str(i))
            if step.stop is not None:
                out.append(Stop(step.stop))
                continue
            if step.draw is not None:
                dealt += 1
                if dealt > len(deck):
                    raise self.fail((*path, "draw"), f"{dealt} cards dealt, but the {deck} deck holds {len(deck)}")
                out.append(Draw(step.draw.to, frozenset(), step.draw.by))  # its numbers are read once the hands are known
                continue
            if step.decide is None:
                role = "player" if step.player else "dealer" if step.dealer else "board"
                cards: Cards = getattr(step, role)
                if cards.face is not None and role != "dealer":
                    raise self.fail((*path, role, "face"), "only the dealer's cards are dealt face up or down")
                dealt += cards.cards
                if dealt > len(deck):
                    raise self.fail((*path, role), f"{dealt} cards dealt, but the {deck} deck holds {len(deck)}")
                out.append(Deal(role, cards.cards, face_up=cards.face == "up" if role == "dealer" else True))
                continue
            decide = step.decide
            if not decide.options:
                raise self.fail((*path, "decide"), "a decision needs options")
            name = decide.name or f"decision_{sum(isinstance(s, Decision) for s in out) + 1}"
            options = []
            for option_name, action in decide.options.items():
                if action == "fold":
                    options.append(Option(option_name, folds=True))
                elif action == "check":
                    options.append(Option(option_name))
                else:
                    options.append(Option(option_name, adds=tuple(action.items())))  # type: ignore[union-attr]
            out.append(Decision(name, tuple(options), tuple(decide.while_unmade)))
        decided = [i for i, s in enumerate(out) if isinstance(s, Decision)]
        for before, i in zip(decided, decided[1:]):
            if not any(isinstance(s, Deal) and s.seen for s in out[before + 1:i]):
                raise self.fail(("deal", str(i), "decide"), "two decisions with no card seen between them: make them one")
        last_seen = max((i for i, s in enumerate(out) if isinstance(s, Deal) and s.seen), default=-1)
        hidden = any(isinstance(s, Deal) and not s.seen for s in out)
        for i, step in enumerate(out):
            if isinstance(step, Decision) and i > last_seen and not hidden:
                raise self.fail(("deal", str(i), "decide"), "a decision after the last card: nothing is left to come")
        return tuple(out)

    def hands(self, deck: Deck, steps: tuple[GameStep, ...]) -> dict[str, Hand]:
        dealt = {role: sum(s.cards for s in steps if isinstance(s, Deal) and s.role == role) for role in ROLES}
        drawn = {role: sum(isinstance(s, Draw) and s.role == role for s in steps) for role in ROLES}
        out = {}
        for name, spec in self.spec.hands.items():
            path = ("hands", name)
            for role in spec.of:
                if not dealt[role]:
                    raise self.fail((*path, "of"), f"the hand is made of {role} cards, but the deal gives the {role} none")
            cards = sum(dealt[r] for r in dict.fromkeys(spec.of))
            ranking = None
            if spec.ranking in POINTS:
                others = {h.ranking_name for h in out.values() if h.points is not None} - {spec.ranking}
                if others:
                    raise self.fail((*path, "ranking"), f"the points hands of a game share one ranking (here {others.pop()})")
                if spec.best is not None:
                    raise self.fail((*path, "best"), "a points hand counts every card it holds: leave out best")
                if deck.jokers:
                    raise self.fail((*path, "ranking"), "points hands are counted on decks without jokers")
                most = cards + sum(drawn[r] for r in dict.fromkeys(spec.of))
                out[name] = Hand(name, tuple(dict.fromkeys(spec.of)), most, get_points(spec.ranking, deck))
                continue
            if spec.ranking is not None:
                if spec.ranking not in RANKINGS:
                    known = ", ".join([*RANKINGS, *POINTS])
                    raise self.fail((*path, "ranking"), f"unknown ranking {spec.ranking!r} (choose from {known})")
                ranking = get_ranking(spec.ranking, deck, self.spec.deck.joker)
            best = spec.best or (ranking.hand_size if ranking else cards)
            if best > cards:
                raise self.fail((*path, "best"), f"the best {best} of {cards} cards: the hand has only {cards}")
            if ranking is not None and best != ranking.hand_size:
                raise self.fail((*path, "best"), f"the {spec.ranking} ranking compares {ranking.hand_size}-card hands, not {best}")
            out[name] = Hand(name, tuple(dict.fromkeys(spec.of)), best, ranking)
        if "dealer" in out:
            if "player" not in out:
                raise self.fail(("hands", "dealer"), "a dealer hand is compared with a hand named player: declare it")
            if out["dealer"].ranking_name != out["player"].ranking_name:
                raise self.fail(("hands", "dealer", "ranking"), "the dealer's hand must be ranked as the player's to compare them")
        return out

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

    def qualifier(self, hands: dict[str, Hand]) -> Qualifier | None:
        text = self.spec.dealer_qualifies
        if text is None or text.strip().lower() in ("none", "always", "any"):
            return None
        dealer = hands.get("dealer")
        if dealer is None or dealer.ranking is None:
            raise self.fail(("dealer_qualifies",), "a qualifier needs a dealer hand (hands: dealer: ...)")
        try:
            return Qualifier(text, weakest(dealer.ranking, text))
        except ValueError as error:
            raise self.fail(("dealer_qualifies",), str(error)) from None

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
                raise self.fail(path, f"{error} (on the {line_hand} hand)") from None
            shape = two_alike(pattern, the_hand.ranking)
            if shape is not None:
                raise self.fail(path, f"a suited {shape} needs two cards alike: one deck has none")
            lines.append(Line(key, pattern, pay, line_hand))
            patterns.append((line_hand, pattern))
        clash = unreachable(patterns)
        if clash is not None:
            first, later = lines[clash[0]].key, lines[clash[1]].key
            raise self.fail(("paytables", name, later), f"never paid: every such hand is paid first as {first!r}; list it before")
        return Paytable(name, tuple(lines))


def _build(data: dict[str, Any], where: Where, files: list[tuple[str, str]], fallback: str) -> Game:
    fallback = f"{fallback}:1"
    try:
        spec = GameSpec.model_validate(data)
    except ValidationError as error:
        raise InputError(_explain(error, where, fallback)) from None
    b = _Builder(spec, where, fallback)
    deck = b.deck()
    steps = b.steps(deck)
    hands = b.hands(deck, steps)
    steps = b.draws(steps, hands)
    qualifier = b.qualifier(hands)
    b.by_kind = counted_by_kind(deck, steps, hands, ()) or any(s.settle is not None for s in spec.side_bets.values())
    if b.by_kind:
        _check_by_kind(b, steps, hands, qualifier)
    decisions = [s for s in steps if isinstance(s, Decision)]
    folds = any(o.folds for d in decisions for o in d.options)
    tables: dict[str, Paytable] = {}
    table_hand: dict[str, str] = {}

    def table(name: str, hand: str, at: tuple[str, ...]) -> None:
        if name in table_hand and table_hand[name] != hand:
            raise b.fail(at, f"paytable {name!r} already pays on the {table_hand[name]} hand; a paytable pays on one hand")
        tables[name] = b.paytable(name, hand, hands, at)
        table_hand[name] = hand

    def result_of(value: Any, at: tuple[str, ...], bonus: bool = False) -> Result:
        """A settlement as written (win, push, lose, or a table on a hand), its table read."""
        if isinstance(value, PaysSpec):
            table(value.pays, value.on, (*at, "pays"))
            return Result("pays", table=value.pays, otherwise="push" if bonus else value.otherwise)
        if isinstance(value, Pay):
            return Result("win", value.net)
        return Result(value)

    # which wagers decisions stake, and before which folds
    staked_by = {w: [d.name for d in decisions for o in d.options for n, _ in o.adds if n == w] for w in spec.wagers}
    for i, step in enumerate(spec.deal):
        if step.decide is None:
            continue
        for option, action in step.decide.options.items():
            if isinstance(action, dict):
                for wager in action:
                    if wager not in spec.wagers:
                        raise b.fail(("deal", str(i), "decide", "options", option, wager), f"no wager {wager!r} to add to (wagers: {', '.join(spec.wagers) or 'none'})")
                    if spec.wagers[wager].bonus_on:
                        raise b.fail(("deal", str(i), "decide", "options", option, wager), f"{wager} is a bonus: it has no stake to add to")
        for wager in step.decide.while_unmade:
            if wager not in spec.wagers:
                raise b.fail(("deal", str(i), "decide", "while_unmade"), f"no wager {wager!r}")
    situations = (("folded",) if folds else ()) + (
        (("dealer_not_qualified",) if qualifier else ()) + ("player_higher", "equal", "dealer_higher") if "dealer" in hands else ("played",))
    wagers = []
    for name, w in spec.wagers.items():
        path = ("wagers", name)
        if w.bonus_on is not None:
            if w.bonus_on not in spec.wagers or spec.wagers[w.bonus_on].bonus_on:
                raise b.fail((*path, "bonus_on"), f"no wager {w.bonus_on!r} with a stake to pay the bonus on")
            if w.stake is not None:
                raise b.fail((*path, "stake"), "a bonus has no stake of its own (it pays per unit of its bonus_on wager)")
        elif w.stake is None and not staked_by[name]:
            raise b.fail(path, "no stake: give it one (stake: 1) or let a decision add to it")
        base = w.bonus_on or name
        can_fold_staked = folds and (spec.wagers[base].stake is not None or any(
            _before_a_fold(spec, d, base) for d in staked_by.get(base, [])))
        settle: dict[str, Result] = {}
        for situation in situations:
            if situation == "folded" and not can_fold_staked:
                continue
            if situation not in w.settle and "otherwise" not in w.settle:
                if situation == "dealer_not_qualified":
                    continue  # the showdown decides
                raise b.fail((*path, "settle"), f"no result for {situation}, which the game can reach")
        for situation in w.settle:
            if situation != "otherwise" and situation not in situations:
                why = {"dealer_not_qualified": "the dealer has no qualifier", "played": "the game has a dealer hand",
                       "folded": "no decision folds"}.get(situation, "the game has no dealer hand")
                raise b.fail((*path, "settle", situation), f"the game never ends {situation} ({why})")
        for situation in (*situations, "otherwise"):
            if situation not in w.settle:
                continue
            value = w.settle[situation]
            at = (*path, "settle", situation)
            if situation == "folded" and isinstance(value, PaysSpec):
                raise b.fail(at, "a folded hand is not played out: settle it as lose or push")
            if w.bonus_on and value == "lose":
                raise b.fail(at, "a bonus has no stake of its own to lose: use push")
            result = result_of(value, at, bonus=w.bonus_on is not None)
            if isinstance(value, PaysSpec):
                hand = hands[value.on]
                if any(r == "dealer" for r in hand.of) and any(isinstance(s, Deal) and s.role == "dealer" and not s.seen for s in steps):
                    raise b.fail((*at, "on"), "the game's own wagers pay only on hands the player sees (the player's cards and the board)")
            if situation == "otherwise":
                for s in situations:
                    settle.setdefault(s, result)
            else:
                settle[situation] = result
        wagers.append(Wager(name, w.stake or Fraction(0), settle, w.bonus_on))
    side_bets = []
    for name, s in spec.side_bets.items():
        path = ("side_bets", name)
        if name in spec.wagers or name == spec.bet:
            raise b.fail(path, f"{name!r} is already the name of a wager or of the game's bet")
        settled: dict[str, Result] = {}
        if s.settle is not None:
            settled = _side_settle(b, path, s.settle, hands, result_of)
        else:
            assert s.pays is not None
            table(s.pays, s.on, (*path, "pays"))
        side_bet = SideBet(name, s.pays or "", s.stake, s.meter, settled)
        if s.meter is not None and not any(s.meter in spec.paytables[t] for t in side_bet.tables):
            raise b.fail((*path, "meter"), f"the meter is a line of {' or '.join(side_bet.tables)}; it has no line {s.meter!r}")
        side_bets.append(side_bet)
    for name in spec.paytables:
        if name not in tables:
            raise b.fail(("paytables", name), "no wager or side bet pays by this table")
    bets = ((spec.bet,) if wagers else ()) + tuple(spec.side_bets)
    if not bets:
        raise b.fail(("wagers",), "a game needs at least one wager or side bet")
    offered = bets
    if spec.offers is not None:
        for i, bet in enumerate(spec.offers):
            if bet not in bets:
                raise b.fail(("offers", str(i)), f"no bet {bet!r} (bets: {', '.join(bets)})")
        offered = tuple(spec.offers)
    for i, name in enumerate(spec.quoted_per):
        if name not in spec.wagers or spec.wagers[name].stake is None:
            staked = ", ".join(n for n, w in spec.wagers.items() if w.stake is not None) or "none"
            raise b.fail(("quoted_per", str(i)), f"no wager {name!r} staked before the deal (staked: {staked})")
    if spec.bet not in offered:
        wagers = []
    side_bets = [s for s in side_bets if s.name in offered]
    used = {r.table for w in wagers for r in w.settle.values() if r.kind == "pays"} | {t for s in side_bets for t in s.tables}
    tables = {name: t for name, t in tables.items() if name in used}
    game = Game(
        family=spec.game, id=spec.id, name=spec.name, source=spec.source, deck=deck, steps=steps, hands=hands,
        wagers=tuple(wagers), side_bets=tuple(side_bets), paytables=tables, bet=spec.bet, qualifier=qualifier,
        equal_ev=spec.equal_ev, strategies=dict(spec.strategies), quoted_per=tuple(spec.quoted_per), path=files[0][0], sha256=files[0][1], files=tuple(files),
    )
    for name, rule in spec.strategies.items():
        from .rules import parse_rule

        try:
            parse_rule(game, rule)
        except ValueError as error:
            raise b.fail(("strategies", name), str(error)) from None
    return game


def _check_by_kind(b: _Builder, steps: tuple[GameStep, ...], hands: dict[str, Hand], qualifier: Qualifier | None) -> None:
    """A game counted by kinds of card (a shoe, draws, points hands) has no decisions, wagers of its own or qualifier
    here, and its poker hands hold a fixed number of cards."""
    what = "a game dealt from a shoe, by drawing rules or with points hands"
    for i, step in enumerate(steps):
        if isinstance(step, Decision):
            raise b.fail(("deal", str(i), "decide"), f"{what} has no decisions here")
    drawing = {s.role for s in steps if isinstance(s, Draw)}
    for name, hand in hands.items():
        if hand.ranking is not None and drawing.intersection(hand.of):
            raise b.fail(("hands", name, "of"), f"a poker hand holds a fixed number of cards: the {', '.join(sorted(drawing.intersection(hand.of)))} may draw")
    if b.spec.wagers:
        raise b.fail(("wagers",), f"in {what}, every bet stands alone: list it under side_bets (settle: or pays:)")
    if qualifier is not None:
        raise b.fail(("dealer_qualifies",), f"{what} has no dealer qualifier here")


def _side_settle(b: _Builder, path: tuple[str, ...], settle: dict[str, Any], hands: dict[str, Hand],
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
    out = {}
    for situation in situations:
        written = situation if situation in settle else "otherwise"
        if written not in settle:
            raise b.fail((*path, "settle"), f"no result for {situation}, which the game can reach")
        out[situation] = result_of(settle[written], (*path, "settle", written))
    return out


def _before_a_fold(spec: GameSpec, decision_name: str, wager: str) -> bool:
    """Whether a fold can follow the decision that stakes ``wager`` (so the stake can be lost by folding): a later
    decision with a fold that stays open once the wager is made."""
    names = [d.decide.name or f"decision_{i + 1}" for i, d in enumerate(s for s in spec.deal if s.decide is not None)]
    decides = [s.decide for s in spec.deal if s.decide is not None]
    start = names.index(decision_name)
    return any(a == "fold" for d in decides[start + 1:] if wager not in d.while_unmade for a in d.options.values())
