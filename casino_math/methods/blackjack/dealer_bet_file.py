"""Game files of bets on the dealer's blackjack hand: a ``dealer_bets:`` section (the dealer's rules and the bets), the
pays in ``paytables:`` as every game's, each line an event of :mod:`~casino_math.methods.blackjack.dealer_bets`::

    game: buster_blackjack
    id: buster-blackjack-6-decks-h17
    deck: {decks: 6}
    dealer_bets:
      dealer: {soft_17: hits}              # stands | hits; hole_card: peek | none
      bets:
        buster: {pays: buster}             # placed before the deal
    paytables:
      buster: {bust with 8 or more cards: 250, bust with 7 cards: 50, bust with 6 cards: 15, bust with 5 cards: 4,
               bust with 3 or 4 cards: 2}

A bet placed once the up card shows names it, ``up: 7`` (``A``, ``2`` to ``9``, ``T``: tens and faces); under an ace
or a ten, where the dealer peeks, it is placed after the peek. Every problem is refused at its ``file:line``.

>>> game = load_dealer_bets_text('''
... game: bust_bonus
... id: bb
... deck: {decks: 8}
... dealer_bets: {dealer: {soft_17: hits}, bets: {ace_up: {pays: ace_up, up: A}}}
... paytables: {ace_up: {suited bust: 50, bust: 3}}
... ''')
>>> game.rules.dealer_hits_soft_17, game.placed, [line.key for line in game.paytables["ace_up"].lines]
(True, (('ace_up', 0),), ['suited bust', 'bust'])
>>> load_dealer_bets_text("game: x\\nid: x\\ndealer_bets: {bets: {b: {pays: b}}}\\npaytables: {b: {bust twice: 2}}\\n", "bad.yaml")
Traceback (most recent call last):
...
casino_math.errors.InputError: bad.yaml:4: paytables.b.bust twice: 'bust twice' is not a line of a bet on the dealer's hand (bust, bust with 3 cards, bust with 3 or 4 cards, bust with 8 or more cards, suited bust, same colour bust, 8-8-8, bust with 3 cards on a 6, ... and player blackjack; suited match, unsuited match, two suited matches, two unsuited matches, suited match and unsuited match)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BeforeValidator, Field, ValidationError

from ...errors import InputError
from ...pays import Pay
from ...rankings.points import get_points
from ...yaml_source import read_mapping
from ...game.description import Deal, Game, GameWords, Hand, Line, Names, Paytable, SideBet
from ...game.sections import Section, Where
from ...game.loader import _NAME, DeckSpec, NamesSpec, PayValue, _at, _deck, _explain, _Strict
from .dealer_bets import CARD_VALUES, DealerEvent, parse_line
from .game_file import DealerRules, _deck_of, _none_or
from .rules import ACE, TEN, BlackjackRules, Shoe, value_name

KEY = "dealer_bets"


class DealerBet(_Strict):
    """One bet: its paytable, and the up card it is placed on (none: before the deal)."""

    pays: str = Field(pattern=_NAME)
    up: str | int | None = Field(None, description="placed once this up card shows: A, 2 to 9, T (tens and faces)")


class DealerBetsSection(_Strict):
    """The dealer's rules and the bets on the dealer's hand."""

    dealer: Annotated[DealerRules, BeforeValidator(_none_or)] = DealerRules.model_validate({})
    bets: dict[str, DealerBet]


class DealerBetsFile(_Strict):
    """A game file of bets on the dealer's hand."""

    game: str = Field(pattern=_NAME)
    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$", max_length=80)
    name: str = ""
    source: str = ""
    deck: Annotated[DeckSpec, BeforeValidator(_deck)] = DeckSpec.model_validate({})
    dealer_bets: DealerBetsSection
    paytables: dict[str, dict[str, PayValue]]
    names: NamesSpec = Field(NamesSpec.model_validate({}))


@dataclass(frozen=True)
class DealerBetGame(Game):
    """A game of bets on the dealer's hand: side bets only, each paid by its table of :class:`~.dealer_bets.DealerEvent`
    lines; ``placed`` names the up card (ACE..TEN) a bet is placed on, where it is placed once the up card shows."""

    rules: BlackjackRules = BlackjackRules()
    placed: tuple[tuple[str, int], ...] = ()

    @property
    def shoe(self) -> Shoe:
        return Shoe.of_ranks(self.deck.ranks, self.deck.decks)

    def up_of(self, bet: str) -> int | None:
        """The up card ``bet`` is placed on (None: before the deal)."""
        return dict(self.placed).get(bet)


def load_dealer_bets_text(text: str, filename: str = "<text>") -> DealerBetGame:
    """A file's text, checked (no ``extends``)."""
    data, where, files = read_mapping(text, filename, "a game file is a mapping with game, id, deck, dealer_bets, paytables")
    return build_dealer_bets(data, where, files, filename)


def build_dealer_bets(data: dict[str, Any], where: Where, files: list[tuple[str, str]], fallback: str) -> DealerBetGame:
    """The game a file's data declares (``extends`` already merged), every problem at its ``file:line``."""
    first = f"{fallback}:1"
    data = {k: v for k, v in data.items() if k not in ("extends", "offers")}
    try:
        spec = DealerBetsFile.model_validate(data)
    except ValidationError as error:
        raise InputError(_explain(error, where, first)) from None

    def fail(path: tuple[str, ...], message: str) -> InputError:
        return InputError(f"{_at(where, path, first)}: {'.'.join(path)}: {message}")

    deck = _deck_of(spec, fail)  # type: ignore[arg-type]
    dealer = spec.dealer_bets.dealer
    if dealer.blackjack_takes is not None or dealer.twenty_two != "busts":
        field = "blackjack_takes" if dealer.blackjack_takes is not None else "twenty_two"
        raise fail((KEY, "dealer", field), "a bet on the dealer's hand reads how the dealer draws, not how the hands settle")
    rules = BlackjackRules(dealer_hits_soft_17=dealer.soft_17 == "hits", dealer_peeks=dealer.hole_card == "peek")
    shoe = Shoe.of_ranks(deck.ranks, deck.decks)
    if not spec.dealer_bets.bets:
        raise fail((KEY, "bets"), "name at least one bet")
    tables: dict[str, Paytable] = {}
    side_bets, placed = [], []
    for name, bet in spec.dealer_bets.bets.items():
        if bet.pays not in spec.paytables:
            raise fail((KEY, "bets", name, "pays"), f"no paytable {bet.pays!r} (paytables: {', '.join(spec.paytables)})")
        if bet.up is not None:
            up = CARD_VALUES.get(str(bet.up).lower())
            if up is None:
                raise fail((KEY, "bets", name, "up"), f"{bet.up!r} is not an up card: A, 2 to 9, or T (tens and faces)")
            placed.append((name, up))
        tables[bet.pays] = _table(bet.pays, spec.paytables[bet.pays], bet.up is not None, fail)
        side_bets.append(SideBet(name, bet.pays))
    for name, table in tables.items():
        if any(line.pattern.suits for line in table.lines) and shoe.counts != tuple(c // 4 * 4 for c in shoe.counts):  # type: ignore[attr-defined]
            raise fail(("paytables", name), "suits are counted in whole decks")
    points = get_points("blackjack", deck)
    hands = {"player": Hand("player", ("player",), 2, points), "dealer": Hand("dealer", ("dealer",), 2, points)}
    names = Names(spec.names.game, {str(role): n for role, n in spec.names.roles.items()}, dict(spec.names.bets))
    return DealerBetGame(
        family=spec.game, id=spec.id, name=spec.name, source=spec.source, deck=deck,
        steps=(Deal("player", 2), Deal("dealer", 1, face_up=True), Deal("dealer", 1, face_up=False)),
        hands=hands, wagers=(), side_bets=tuple(side_bets), paytables=tables, bet=side_bets[0].name, path=files[0][0],
        sha256=files[0][1], files=tuple(files), names=names, rules=rules, placed=tuple(placed),
        words=GameWords(rules=rule_notes(rules, deck.decks, tuple(placed), names), hands=HANDS),
    )


def _table(name: str, pays: dict[str, Pay], after_up: bool, fail: Any) -> Paytable:
    lines: list[Line] = []
    for text, pay in pays.items():
        where = ("paytables", name, text)
        try:
            event = parse_line(text)
        except InputError as error:
            raise fail(where, str(error)) from None
        if pay.push or pay.net <= 0:
            raise fail(where, f"a line must pay something: {pay} is not a pay")
        if event.suits and event.player_blackjack:
            raise fail(where, "a line on the dealer's suits and the player's cards together is not counted")
        if after_up and event.player_blackjack:
            raise fail(where, "a bet placed once the up card shows reads the dealer's hand only")
        if any(line.pattern == event for line in lines):
            raise fail(where, f"the line {event.text!r} is written twice")
        lines.append(Line(text, event, pay, "dealer" if event.match is None else "player"))
    kinds = {isinstance(line.pattern, DealerEvent) and line.pattern.match is None for line in lines}
    if len(kinds) > 1:
        raise fail(("paytables", name), "a bet pays on the dealer's hand or on matches of the up card, not both")
    if not lines:
        raise fail(("paytables", name), "a paytable needs a line")
    return Paytable(name, tuple(lines))


HANDS = ("The dealer's hand: the up card, the hole card and every card the dealer draws by the rule, in blackjack totals "
         "(an ace 11 while the total stays at most 21).",
         "The player's hand: the first two cards, read only where a line names them (a player blackjack, a match of the up card).")


def rule_notes(rules: BlackjackRules, decks: int, placed: tuple[tuple[str, int], ...], names: Names = Names()) -> tuple[str, ...]:
    """The rules in words, as the par sheet lists them."""
    out = [f"Shoe: {decks} deck{'s' * (decks > 1)}, shuffled before every round.",
           "The dealer " + ("hits" if rules.dealer_hits_soft_17 else "stands on") + " soft 17 and plays the hand out, "
           "whatever the players hold; the player's first two cards come before the dealer's draws, no other card between.",
           ("The dealer peeks under an ace or a ten." if rules.dealer_peeks else "No hole card is peeked at.")]
    for bet, up in placed:
        card = {ACE: "an ace", TEN: "a ten or a face card", 7: "an 8"}.get(up, f"a {value_name(up)}")
        after = ", after the dealer checks for blackjack" if rules.dealer_peeks and up in (ACE, TEN) else ""
        given = " and no dealer blackjack" if after else ""
        out.append(f"{names.bet(bet)} is placed once the up card shows {card}{after}: its figures are given that up card{given}.")
    return tuple(out)


def with_dealer_bets(schema: dict[str, Any]) -> dict[str, Any]:
    """A game file's JSON Schema that also takes files of bets on the dealer's hand."""
    section = DealerBetsSection.model_json_schema(mode="validation", by_alias=True, ref_template="#/$defs/{model}")
    out = dict(schema)
    out["$defs"] = {**schema.get("$defs", {}), **section.pop("$defs", {}), "DealerBetsSection": section}
    out["properties"] = {**schema["properties"], KEY: {"$ref": "#/$defs/DealerBetsSection",
                                                      "description": "bets on the dealer's blackjack hand (such a file has no deal:)"}}
    out["anyOf"] = [*schema.get("anyOf", [{"required": ["deal"]}]), {"required": [KEY]}]
    out["required"] = [r for r in schema.get("required", []) if r != "deal"]
    return out


SECTION = Section(KEY, build_dealer_bets, with_dealer_bets)  # the file reader's dealer_bets: section
