"""Game files: YAML paytables and house rules, loaded and validated.

One file is one game as offered (format in shared/DESIGN.md). Every problem
is reported as ``file:line: field: what is wrong``.

>>> config = load_game_text('''
... game: three_card_poker
... id: demo
... wagers:
...   pair_plus:
...     pays: {straight_flush: 40, three_of_a_kind: "30 to 1", straight: "7 for 1", flush: "7/2", pair: 1}
... ''')
>>> config.wagers.pair_plus.pays["straight"], config.wagers.pair_plus.pays["flush"]
(Pay('7 for 1'), Pay('7/2 to 1'))
>>> load_game_text("game: three_card_poker\\nid: x\\nwagers:\\n  pair_plus:\\n    pays: {pair: 40:1}\\n", "pp.yaml")
Traceback (most recent call last):
...
casino_math.errors.InputError: pp.yaml:5: wagers.pair_plus.pays.pair: write "40 to 1" (quoted) or 40; a bare 40:1 is read by YAML as the base-60 number 2401
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, PlainSerializer, PlainValidator, ValidationError, WithJsonSchema, field_validator

from .errors import InputError

MAX_PAY = Fraction(10**7)  # no table game pays ten million to one; a bigger number is a typo
_SEXAGESIMAL = re.compile(r"^[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?$")
_PAY_TEXT = re.compile(r"^\s*([0-9][0-9_,]*(?:\.[0-9]+)?(?:/[0-9]+)?)\s*(?:(to|for)\s*1)?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Pay:
    """What a winning wager pays per unit staked: ``net`` is the win beyond the returned stake.

    "X to 1" wins X and returns the stake; "X for 1" returns X in all (a net win of X − 1).

    >>> Pay.parse("40 to 1").net, Pay.parse("40 for 1").net, Pay.parse("81/2").net
    (Fraction(40, 1), Fraction(39, 1), Fraction(81, 2))
    """

    amount: Fraction
    for_one: bool = False

    @property
    def net(self) -> Fraction:
        return self.amount - 1 if self.for_one else self.amount

    def __str__(self) -> str:
        amount = str(self.amount.numerator) if self.amount.denominator == 1 else f"{self.amount.numerator}/{self.amount.denominator}"
        return f"{amount} {'for' if self.for_one else 'to'} 1"

    def __repr__(self) -> str:
        return f"Pay({str(self)!r})"

    @classmethod
    def to_one(cls, amount: Fraction | int) -> Pay:
        return cls(Fraction(amount))

    @classmethod
    def parse(cls, value: Any) -> Pay:
        if isinstance(value, Pay):
            return value
        if isinstance(value, bool) or value is None:
            raise ValueError(f"a pay must be a number like 40, \"81/2\", \"40 to 1\" or \"40 for 1\", not {value!r}")
        if isinstance(value, (int, Fraction)):
            amount, for_one = Fraction(value), False
        elif isinstance(value, float):
            amount, for_one = Fraction(str(value)), False
        elif isinstance(value, str):
            match = _PAY_TEXT.match(value)
            if not match:
                raise ValueError(f"a pay must be a number like 40, \"81/2\", \"40 to 1\" or \"40 for 1\", not {value!r}")
            amount = Fraction(match.group(1).replace(",", "").replace("_", ""))
            for_one = (match.group(2) or "to").lower() == "for"
        else:
            raise ValueError(f"a pay must be a number, not {type(value).__name__}")
        if amount < 0:
            raise ValueError(f"a pay cannot be negative ({value})")
        if for_one and amount < 1:
            raise ValueError(f"\"{value}\" returns less than the stake: write a pay of at least 1 for 1")
        if amount > MAX_PAY:
            raise ValueError(f"{value} is not a plausible pay (over {MAX_PAY} to 1)")
        return cls(amount, for_one)


def _amount(value: Any) -> Fraction:
    """A positive amount (a jackpot meter, per unit wagered)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction, str)):
        raise ValueError("must be an amount per unit wagered, e.g. 25000")
    try:
        amount = Fraction(str(value).replace(",", ""))
    except ValueError:
        raise ValueError(f"must be an amount per unit wagered, not {value!r}") from None
    if not 0 < amount <= MAX_PAY:
        raise ValueError(f"{value} is not a plausible amount (0 < amount <= {MAX_PAY})")
    return amount


_PAY_SCHEMA = {
    "anyOf": [
        {"type": "number", "minimum": 0},
        {"type": "string", "pattern": r"^\s*[0-9][0-9_,]*(\.[0-9]+)?(/[0-9]+)?\s*((to|for)\s*1)?\s*$"},
    ],
    "description": 'X to 1 as a number (40, 2.5) or fraction string ("81/2"), or "X to 1" / "X for 1"',
}
PayValue = Annotated[Pay, PlainValidator(Pay.parse), PlainSerializer(str), WithJsonSchema(_PAY_SCHEMA)]
Amount = Annotated[Fraction, PlainValidator(_amount), PlainSerializer(str), WithJsonSchema({"type": "number", "exclusiveMinimum": 0})]
JackpotPay = Annotated[Literal["jackpot"], WithJsonSchema({"const": "jackpot"})]


ThreeCardCategory = Literal["straight_flush", "three_of_a_kind", "straight", "flush", "pair"]
PairPlusCategory = Literal["mini_royal", "straight_flush", "three_of_a_kind", "straight", "flush", "pair"]
FiveCardCategory = Literal[
    "royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight", "three_of_a_kind", "two_pair", "one_pair"
]
PrimeCategory = Literal["three_same_color", "six_same_color"]
ProgressiveCategory = Literal["spade_mini_royal", "mini_royal", "straight_flush", "three_of_a_kind", "straight", "flush", "pair"]
DealerQualifies = Literal["jack_high", "queen_high", "king_high", "ace_high", "pair"]
DeckName = Literal["standard", "short", "piquet", "royal", "mexican"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)


class AntePlay(_Strict):
    """Ante and Play against the dealer; the Ante Bonus is paid to a player who plays, win or lose."""

    ante_bonus: dict[ThreeCardCategory, PayValue] = Field(default_factory=dict)


class PayWager(_Strict):
    """A side bet paid on the player's own cards, by category ("to 1" unless written "for 1")."""

    pays: dict[PairPlusCategory, PayValue]


class SixCardBonus(_Strict):
    pays: dict[FiveCardCategory, PayValue]


class Prime(_Strict):
    pays: dict[PrimeCategory, PayValue]


class Progressive(_Strict):
    """A progressive: fixed pays plus ``jackpot`` (paid "for 1") on the category whose pay reads ``jackpot``."""

    jackpot: Amount
    pays: dict[ProgressiveCategory, JackpotPay | PayValue]

    @field_validator("pays")
    @classmethod
    def _one_jackpot(cls, pays: dict[str, Any]) -> dict[str, Any]:
        if sum(1 for p in pays.values() if p == "jackpot") != 1:
            raise ValueError("exactly one category must pay 'jackpot'")
        return pays


class Rules(_Strict):
    dealer_qualifies: DealerQualifies = "queen_high"
    deck: DeckName = "standard"


class Wagers(_Strict):
    ante_play: AntePlay | None = None
    pair_plus: PayWager | None = None
    six_card_bonus: SixCardBonus | None = None
    prime: Prime | None = None
    progressive: Progressive | None = None


class GameConfig(_Strict):
    """One game as offered: identification, house rules, and the paytable of each wager."""

    game: Literal["three_card_poker"]
    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$", max_length=80)
    name: str = ""
    source: str = ""
    rules: Rules = Field(default_factory=Rules)
    wagers: Wagers
    path: str = Field(default="", exclude=True)
    sha256: str = Field(default="", exclude=True)

    @property
    def title(self) -> str:
        return self.name or self.id


# -- YAML with line numbers -------------------------------------------------------------
def read_yaml(text: str, filename: str) -> tuple[Any, dict[tuple[str, ...], int]]:
    """Parse YAML into Python values, remembering the line of every key, refusing duplicates and 40:1."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else 1
        raise InputError(f"{filename}:{line}: YAML syntax error: {error.problem or error}") from None
    except yaml.YAMLError as error:
        raise InputError(f"{filename}:1: YAML error: {error}") from None
    if root is None:
        raise InputError(f"{filename}:1: the file is empty; a game file needs game, id and wagers")
    lines: dict[tuple[str, ...], int] = {(): root.start_mark.line + 1}
    constructor = yaml.SafeLoader("")

    def build(node: yaml.Node, path: tuple[str, ...]) -> Any:
        if isinstance(node, yaml.MappingNode):
            out: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                key = build(key_node, path)
                where = f"{filename}:{key_node.start_mark.line + 1}"
                if not isinstance(key, (str, int)):
                    raise InputError(f"{where}: {'.'.join(path) or 'top level'}: keys must be names")
                key = str(key)
                if key in out:
                    raise InputError(f"{where}: {'.'.join((*path, key))}: duplicate key (also on line {lines[(*path, key)]})")
                lines[(*path, key)] = key_node.start_mark.line + 1
                out[key] = build(value_node, (*path, key))
            return out
        if isinstance(node, yaml.SequenceNode):
            return [build(item, (*path, str(i))) for i, item in enumerate(node.value)]
        if node.tag.endswith(":int") and node.style is None and _SEXAGESIMAL.match(node.value):
            raise InputError(
                f"{filename}:{node.start_mark.line + 1}: {'.'.join(path)}: write \"{node.value.replace(':', ' to ')}\" (quoted) "
                f"or {node.value.split(':')[0]}; a bare {node.value} is read by YAML as the base-60 number "
                f"{constructor.construct_yaml_int(node)}"
            )
        if node.tag.endswith(":float"):
            try:
                return Fraction(node.value.replace("_", ""))
            except ValueError:
                raise InputError(f"{filename}:{node.start_mark.line + 1}: {'.'.join(path)}: {node.value} is not a finite number") from None
        return constructor.construct_object(node)

    return build(root, ()), lines


def _explain(error: ValidationError, lines: dict[tuple[str, ...], int], filename: str) -> str:
    messages = []
    for problem in error.errors():
        loc = tuple(str(p) for p in problem["loc"] if not str(p).startswith("function-") and str(p) != "[key]")
        known = loc
        while known and known not in lines:
            known = known[:-1]
        field = ".".join(loc) or "top level"
        message = problem["msg"].removeprefix("Value error, ")
        if problem["type"] == "extra_forbidden":
            message = f"unknown {'wager' if loc[:1] == ('wagers',) and len(loc) == 2 else 'field'} {loc[-1]!r}"
        elif problem["type"] == "literal_error":
            kind = "category" if "pays" in loc or "ante_bonus" in loc else "value"
            choices = message.removeprefix("Input should be ")
            message = f"unknown {kind} {problem['input']!r}; expected {choices}"
        elif problem["type"] == "missing":
            message = "is required"
        messages.append(f"{filename}:{lines.get(known, 1)}: {field}: {message}")
    return "\n".join(messages)


def load_game_text(text: str, filename: str = "<text>") -> GameConfig:
    """Validate a game file's text; errors read ``file:line: field: what is wrong``."""
    data, lines = read_yaml(text, filename)
    if not isinstance(data, dict):
        raise InputError(f"{filename}:1: a game file is a mapping with game, id and wagers")
    try:
        config = GameConfig.model_validate({**data, "path": filename, "sha256": hashlib.sha256(text.encode()).hexdigest()})
    except ValidationError as error:
        raise InputError(_explain(error, lines, filename)) from None
    if not any(getattr(config.wagers, name) for name in Wagers.model_fields):
        raise InputError(f"{filename}:{lines.get(('wagers',), 1)}: wagers: name at least one wager")
    return config


def load_game(path: str | Path) -> GameConfig:
    """Load and validate one game file."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a folder, not a game file") from None
    except OSError as error:
        raise InputError(f"{path}: cannot read: {error.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{path}:1: not a UTF-8 text file") from None
    return load_game_text(text, str(path))


def game_schema() -> dict[str, Any]:
    """JSON Schema of a game file, for editors."""
    schema = GameConfig.model_json_schema(mode="validation")
    for hidden in ("path", "sha256"):
        schema.get("properties", {}).pop(hidden, None)
    return schema
