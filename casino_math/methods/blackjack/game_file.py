"""Blackjack game files: the rules as a ``blackjack:`` section, read and checked with ``file:line: field: message``.

A blackjack file names its shoe as every game file does (``deck: {decks: 6}``, ``{name: spanish, decks: 6}``) and its
rules as a dealer would list them; everything not written is the most common rule (docs/blackjack.md)::

    game: blackjack
    id: bj-6d-h17-das
    deck: {decks: 6}
    blackjack:
      dealer: {soft_17: hits, hole_card: peek}     # hole_card: none (European), with blackjack_takes: all | original;
                                                   # face up (Double Exposure), with ties: lose, blackjack_ties: player wins
      double: {on: any, after_split: true}         # on: any, hard (no soft hand), 9-11, 10-11, 9-11 and soft 19-20; cards: 2 | any
      split: {hands: 4, resplit_aces: false, hit_split_aces: false}   # play: CDP1 | CDZ- | CDP (how split hands are played)
      surrender: late                              # none, late, early
      pays: {blackjack: 3 to 2}

A variant ``extends:`` another file and changes the entries of ``blackjack:`` it names, each whole
(``blackjack: {pays: {blackjack: 6 to 5}}``). The loader of game files hands any file with a ``blackjack:`` section
here (:func:`build_blackjack`); the game it builds is a :class:`BlackjackGame`: a game like any other to the tools
(its shoe, the player's and the dealer's hands in blackjack points, one bet settled win, push or lose) that carries
its :class:`~.rules.BlackjackRules`.

>>> game = load_blackjack_text("game: blackjack\\nid: bj\\ndeck: {decks: 2}\\nblackjack: {dealer: {soft_17: hits}, surrender: late}\\n")
>>> game.rules.dealer_hits_soft_17, game.rules.surrender, game.rules.split_hands, game.rules.blackjack_pays, game.bet
(True, 'late', 4, Fraction(3, 2), 'blackjack')
>>> load_blackjack_text("game: blackjack\\nid: bj\\nblackjack:\\n  split: {hands: 1}\\n", "bad.yaml")
Traceback (most recent call last):
...
casino_math.errors.InputError: bad.yaml:4: blackjack.split.hands: a split makes at least 2 hands; to allow no split, write split: none
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BeforeValidator, Field, ValidationError

from ...cards import Deck
from ...errors import InputError
from ...pays import Pay
from ...rankings.points import get_points
from ...yaml_source import read_mapping
from ...game.description import Deal, Decision, Game, GameWords, Hand, Line, Names, Option, Paytable, Result, Wager
from ...game.sections import Section, Where
from ...game.loader import _NAME, DeckSpec, NamesSpec, PayValue, _at, _deck, _explain, _Strict, main_field
from .bonuses import SUIT_CONDITIONS, one_suit_chance
from .rules import TEN, BlackjackRules, Shoe

MOST_HANDS = 8  # a split to more hands than this is not a table rule
BONUS_LINES = {"five-card 21": 5, "six-card 21": 6, "seven-card 21": 7}  # a 21 of that many cards or more (the most first)
COMBINATIONS = {"6-7-8": (5, 6, 7), "7-7-7": (6, 6, 6)}  # three-card 21s by their values (positions ACE..TEN)
SUITED_COMBINATIONS = {  # the same three cards all of one suit, or all of the suit named (bonuses.py: paid exactly)
    line: (values, suits) for name, values in COMBINATIONS.items()
    for line, suits in [(f"suited {name}", "suited"), *((f"{name} in {s}", s) for s in SUIT_CONDITIONS[1:])]}
PAIR_NAMES = {"A": 0, **{str(v + 1): v for v in range(1, 9)}, "T": 9, "10": 9}  # a pair's card, by name (positions ACE..TEN)
PAY_LINES = ("blackjack", "suited blackjack", *BONUS_LINES, *COMBINATIONS, *SUITED_COMBINATIONS)


class DealerRules(_Strict):
    """How the dealer plays: soft 17, the hole card (and what a blackjack takes without one), a total of 22."""

    soft_17: Literal["stands", "hits"] = "stands"
    hole_card: Literal["peek", "none", "face up"] = Field("peek", description="peek: checks for blackjack first; none: European, no hole "
                                                                          "card; face up: both dealer cards dealt face up (Double Exposure)")
    blackjack_takes: Literal["all", "original"] | None = Field(None, description="without a hole card: what a dealer blackjack "
                                                                         "takes, every bet doubled and split (all) or the original bet")
    twenty_two: Literal["busts", "pushes"] = Field("busts", description="pushes: a dealer 22 pushes every hand still standing (Free Bet)")


class DoubleRules(_Strict):
    """Doubling: on which first two cards, after a split or not, on more cards, and the doubles the house pays for."""

    on: Literal["any", "hard", "9-11", "10-11", "9-11 and soft 19-20"] = Field(
        "any", description="any two cards (soft hands too), any hard total (no soft hand), hard 9-11, hard 10-11, or hard "
                           "9-11 and soft 19-20 (Atlantic City's Double Exposure)")
    after_split: bool = True
    cards: Literal[2, "any"] = Field(2, description="2: the first two cards of a hand; any: any number (Spanish 21)")
    free: Literal["none", "9-11", "10-11"] = Field("none", description="hard totals doubled for free: the house stakes the double (Free Bet)")
    free_cards: Literal[2, "any"] = Field(2, description="2: free doubles on a hand's first two cards; any: on any number of cards "
                                                        "(Free Bet's first rules: a hard 9-11 of three cards too)")
    rescue: bool = Field(False, description="after the double's card, the player may take the double back and forfeit the "
                                           "original bet (Spanish 21's double-down rescue; counted on hands not split)")


class SplitRules(_Strict):
    """Splitting pairs: up to how many hands, aces resplit or hit, and the splits the house pays for."""

    hands: int = Field(4, description=f"the most hands a pair can become (2 to {MOST_HANDS})")
    resplit_aces: bool = False
    hit_split_aces: bool = False
    play: Literal["CDP1", "CDZ-", "CDP"] = Field("CDP1", description="how split hands are played: CDP1, each by its best play with "
                                                                   "the pair's two cards out; CDZ-, as the same cards unsplit; CDP, "
                                                                   "each by its best play given every card seen, the first hand's "
                                                                   "cards too (a split to two hands)")
    free: Literal["none", "all but tens", "all"] | list[str | int] = Field(
        "none", description="pairs split for free: the house stakes the new hands (Free Bet); or the pairs named, e.g. [A, 2, 3, 5, 6, 7, 8, 9]")


def _none_or(value: Any) -> Any:
    return {} if value is None else value


class BlackjackSection(_Strict):
    """The rules of a blackjack game: the dealer, doubling, splitting, surrender, the pays."""

    dealer: Annotated[DealerRules, BeforeValidator(_none_or)] = DealerRules.model_validate({})
    double: Literal["none"] | DoubleRules = Field(DoubleRules.model_validate({}), description="none: no doubling")
    split: Literal["none"] | SplitRules = Field(SplitRules.model_validate({}), description="none: no splitting")
    surrender: Literal["none", "late", "early"] = "none"
    player_21: Literal["as usual", "always wins"] = Field("as usual", description="always wins: a player's 21 beats a dealer's 21, "
                                                         "a player's blackjack a dealer's blackjack (Spanish 21)")
    ties: Literal["push", "lose"] = Field("push", description="lose: a tie loses, but blackjacks' (Double Exposure)")
    blackjack_ties: Literal["push", "player wins"] = Field("push", description="player wins: a player's blackjack against the dealer's "
                                                                              "is paid (Double Exposure)")
    switch: Literal["none", "second cards"] = Field("none", description="second cards: two hands of equal bets, whose second "
                                                   "cards the player may switch before playing (Blackjack Switch)")
    switched_blackjack: Annotated[Literal["21", "blackjack"], BeforeValidator(str)] = Field(
        "21", description="what an ace and a ten made by switching count: 21, or a blackjack (Switch)")
    switch_play: Literal["best", "basic strategy"] = Field(
        "best", description="how each hand is played after the switch (Switch): best, by its own cards; basic strategy, by the "
                            "ordinary game's chart under the same rules, the switch still taken by the hands' exact values")
    pays: dict[str, PayValue] = Field(default_factory=lambda: {"blackjack": Pay(Fraction(3, 2))},
                                      description="blackjack (3 to 2), suited blackjack, five-card 21, six-card 21, seven-card 21, "
                                                  "6-7-8, 7-7-7 (a three-card 21 of those cards, not doubled), and the same of one "
                                                  "suit or of a named suit: suited 6-7-8, 6-7-8 in spades (hearts, diamonds, clubs), "
                                                  "suited 7-7-7, 7-7-7 in spades, ...")


class BlackjackFile(_Strict):
    """A blackjack game file: identification, the shoe and the rules."""

    game: str = Field(pattern=_NAME)
    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$", max_length=80)
    name: str = ""
    source: str = ""
    main: str = main_field()
    deck: Annotated[DeckSpec, BeforeValidator(_deck)] = DeckSpec.model_validate({})
    blackjack: Annotated[BlackjackSection, BeforeValidator(_none_or)]
    names: NamesSpec = Field(NamesSpec.model_validate({}))


PLAY = "play"  # the decision of a hand not split: its first two cards, or more
SPLIT_HAND = "split hand"  # the decision of a hand made by splitting (its pair card first among its cards)
STAND, HIT = Option("stand"), Option("hit")
DOUBLE, SPLIT = Option("double", adds=(("bet", Fraction(1)),)), Option("split", adds=(("bet", Fraction(1)),))
PLAY_DECISION = Decision(PLAY, (STAND, HIT, DOUBLE, SPLIT, Option("surrender")))
SPLIT_DECISION = Decision(SPLIT_HAND, (STAND, HIT, DOUBLE))


PAYS = "pays"  # the paytable of a blackjack game's pays (blackjack, suited blackjack, the bonuses)


@dataclass(frozen=True)
class PayLine:
    """What a line of a blackjack game's pays pays on, by its name (``blackjack``, ``five-card 21``, ``6-7-8``): read by
    the blackjack method from the rules, never on card sets. No line takes another's hands."""

    text: str
    needs_cards: ClassVar[bool] = False

    def matches(self, values: Any, suits: Any = None, ranks: Any = None) -> Any:
        raise TypeError(f"the blackjack pay {self.text!r} is read by the blackjack method, not on hand values")

    def covers(self, other: Any) -> bool:
        return False


def pays_table(rules: BlackjackRules) -> Paytable:
    """The rules' pays as a paytable (the lines the design tools change): blackjack first, then the file's others."""
    pays = {"blackjack": rules.blackjack_pays}
    if rules.suited_blackjack_pays is not None:
        pays["suited blackjack"] = rules.suited_blackjack_pays
    by_cards = {cards: name for name, cards in BONUS_LINES.items()}
    by_values: dict[tuple[int, ...], str] = {values: name for name, values in COMBINATIONS.items()}
    by_suits = {(tuple(values), suits): name for name, (values, suits) in SUITED_COMBINATIONS.items()}
    pays |= {by_cards[cards]: pay for cards, pay in rules.card_bonuses} | {by_values[values]: pay for values, pay in rules.combination_bonuses}
    pays |= {by_suits[(values, suits)]: pay for values, suits, pay in rules.suit_bonuses}
    return Paytable(PAYS, tuple(Line(name, PayLine(name), Pay(pay), "player") for name, pay in pays.items()))


def paid_rules(rules: BlackjackRules, pays: dict[str, Fraction]) -> BlackjackRules:
    """The rules with these pays (by line name: blackjack, suited blackjack, the bonuses)."""
    return replace(rules, blackjack_pays=pays["blackjack"], suited_blackjack_pays=pays.get("suited blackjack"),
                   card_bonuses=tuple(sorted(((BONUS_LINES[k], p) for k, p in pays.items() if k in BONUS_LINES), reverse=True)),
                   combination_bonuses=tuple((COMBINATIONS[k], p) for k, p in pays.items() if k in COMBINATIONS),
                   suit_bonuses=tuple((*SUITED_COMBINATIONS[k], p) for k, p in pays.items() if k in SUITED_COMBINATIONS))


@dataclass(frozen=True)
class BlackjackGame(Game):
    """A blackjack game: a :class:`~casino_math.game.description.Game` to every tool, with its rules. Its pays are also
    a paytable, ``pays``: a game with other pays there (as the design tools make it) has rules paying them."""

    rules: BlackjackRules = BlackjackRules()

    def __post_init__(self) -> None:
        table = self.paytables.get(PAYS)
        if table is None:
            return
        rules = paid_rules(self.rules, {line.key: line.pay.net for line in table.lines})
        if rules != self.rules:
            object.__setattr__(self, "rules", rules)
            object.__setattr__(self, "words", GameWords(rules=rule_notes(rules, self.deck)))  # the rules in words follow

    @property
    def own_tables(self) -> tuple[str, ...]:  # type: ignore[override]
        """The game's own bet is paid by its pays (a win at even money beside them)."""
        return (PAYS,) if PAYS in self.paytables else ()

    def table_field(self, table: str) -> tuple[str, ...]:
        """The pays are written in the blackjack section (``blackjack: pays:``)."""
        return ("blackjack", "pays") if table == PAYS else super().table_field(table)

    @property
    def shoe(self) -> Shoe:
        """The shoe by blackjack value."""
        return Shoe.of_ranks(self.deck.ranks, self.deck.decks)

    @property
    def decisions(self) -> tuple[Decision, ...]:  # type: ignore[override]
        """The decisions a strategy looks up: ``play`` (a hand not split: its first two cards, or more after a hit) and,
        where pairs may be split, ``split hand`` (a hand made by splitting: its pair card first among its cards)."""
        return (PLAY_DECISION, SPLIT_DECISION) if self.rules.splits else (PLAY_DECISION,)


def blackjack_schema() -> dict[str, Any]:
    """The JSON Schema of the ``blackjack:`` section (and its parts, in ``$defs``)."""
    return BlackjackSection.model_json_schema(mode="validation", by_alias=True, ref_template="#/$defs/{model}")


def with_blackjack(schema: dict[str, Any]) -> dict[str, Any]:
    """A game file's JSON Schema that also takes blackjack files: a ``blackjack:`` section, then no ``deal:`` is needed."""
    section = blackjack_schema()
    out = dict(schema)
    out["$defs"] = {**schema.get("$defs", {}), **section.pop("$defs", {}), "BlackjackSection": section}
    out["properties"] = {**schema["properties"], "blackjack": {"$ref": "#/$defs/BlackjackSection",
                                                               "description": "blackjack's rules (a blackjack file has no deal:)"}}
    required = [r for r in schema.get("required", []) if r != "deal"]
    out["required"] = required
    out["anyOf"] = [{"required": ["deal"]}, {"required": ["blackjack"]}]
    return out


# -- reading --------------------------------------------------------------------------------------------
def load_blackjack_text(text: str, filename: str = "<text>") -> BlackjackGame:
    """A blackjack file's text, checked (no ``extends``: a variant needs its file's folder)."""
    data, where, files = read_mapping(text, filename, "a blackjack file is a mapping with game, id, deck and blackjack")
    return build_blackjack(data, where, files, filename)


def build_blackjack(data: dict[str, Any], where: Where, files: list[tuple[str, str]], fallback: str) -> BlackjackGame:
    """The blackjack game a file's data declares (``extends`` already merged), every problem at its ``file:line``."""
    first = f"{fallback}:1"
    data = {k: v for k, v in data.items() if k not in ("extends", "offers")}
    try:
        spec = BlackjackFile.model_validate(data)
    except ValidationError as error:
        raise InputError(_explain(error, where, first)) from None

    def fail(path: tuple[str, ...], message: str) -> InputError:
        return InputError(f"{_at(where, path, first)}: {'.'.join(path)}: {message}")

    deck = _deck_of(spec, fail)
    rules = _rules_of(spec.blackjack, fail)
    shoe = Shoe.of_ranks(deck.ranks, deck.decks)
    hands = max(rules.split_hands, 1)
    if shoe.points <= 31 * hands + 26:
        written = f"{spec.deck.decks} × {spec.deck.ranks or spec.deck.name}" if spec.deck.decks > 1 else spec.deck.ranks or spec.deck.name
        raise fail(("deck",), f"the {written} deck could run out of cards in a round of {hands} hand{'s' * (hands > 1)}: "
                              f"its cards are worth {shoe.points}, and a round can use cards worth {31 * hands + 26}")
    for values, suits, _ in rules.suit_bonuses:
        if not one_suit_chance(values, shoe.counts):
            line = next(k for k, v in SUITED_COMBINATIONS.items() if v == (values, suits))
            each = shoe.counts[values[0]] // 4
            raise fail(("blackjack", "pays", line), f"{spec.deck.decks} deck{'s' * (spec.deck.decks > 1)} hold{'s' * (spec.deck.decks == 1)} "
                                                    f"{each} {values[0] + 1}{'s' * (each > 1)} of each suit: no {line} can be dealt")
    points = get_points("blackjack", deck)
    player = Hand("player", ("player",), 2, points)
    dealer = Hand("dealer", ("dealer",), 2, points)
    settle = {"player_higher": Result("win", Fraction(1)), "equal": Result("push"), "dealer_higher": Result("lose")}
    names = Names(spec.names.game, {str(role): name for role, name in spec.names.roles.items()}, dict(spec.names.bets))
    return BlackjackGame(
        family=spec.game, id=spec.id, name=spec.name, source=spec.source, deck=deck,
        steps=(Deal("player", 2), Deal("dealer", 1, face_up=True), Deal("dealer", 1, face_up=rules.exposed), PLAY_DECISION),
        hands={"player": player, "dealer": dealer}, wagers=(Wager("bet", Fraction(1), settle),), side_bets=(), paytables={PAYS: pays_table(rules)},
        bet="blackjack", main=spec.main, path=files[0][0], sha256=files[0][1], files=tuple(files), names=names, rules=rules,
        words=GameWords(rules=rule_notes(rules, deck)),
    )


def _deck_of(spec: BlackjackFile, fail: Any) -> Deck:
    d = spec.deck
    if d.jokers:
        raise fail(("deck", "jokers"), "blackjack is dealt without jokers")
    try:
        if d.ranks is None:
            return Deck.named(d.name, 0, d.decks)
        lowest = d.ranks.split("-")[0]
        return Deck.stripped({"T": 10, "J": 11, "Q": 12, "K": 13}.get(lowest) or int(lowest), 0, d.decks)
    except InputError as error:
        raise fail(("deck",), str(error)) from None


def _rules_of(section: BlackjackSection, fail: Any) -> BlackjackRules:
    """The rules the section declares, with every contradiction refused where it is written."""
    at = ("blackjack",)
    dealer = section.dealer
    if dealer.blackjack_takes is not None and dealer.hole_card == "peek":
        raise fail((*at, "dealer", "blackjack_takes"), "a dealer who peeks never turns a blackjack over after the player acts: "
                   "blackjack_takes is for hole_card: none")
    exposed = dealer.hole_card == "face up"
    if dealer.blackjack_takes is not None and exposed:
        raise fail((*at, "dealer", "blackjack_takes"), "with both dealer cards face up a dealer blackjack is seen before the "
                   "player acts and takes the bet at once: blackjack_takes is for hole_card: none")
    if exposed and section.surrender != "none":
        raise fail((*at, "surrender"), "both dealer cards are face up: surrender is not offered in Double Exposure (write none)")
    for rule, value in (("ties", section.ties != "push"), ("blackjack_ties", section.blackjack_ties != "push")):
        if value and not exposed:
            raise fail((*at, rule), f"{rule}: {getattr(section, rule)} is a rule of Double Exposure, counted with both dealer "
                                    "cards face up (dealer: {hole_card: face up})")
    if section.switch != "none":
        _check_switch(section, fail)
    else:
        for rule in ("switched_blackjack", "switch_play"):
            if rule in section.model_fields_set:
                raise fail((*at, rule), f"{rule} is a rule of Blackjack Switch (switch: second cards)")
    if section.surrender == "late" and dealer.hole_card == "none":
        raise fail((*at, "surrender"), "late surrender comes after the dealer checks for blackjack, and without a hole card "
                   "there is nothing to check: write early (half the bet, before the dealer's second card) or none")
    split = section.split
    double = section.double
    if isinstance(split, SplitRules):
        if split.hands < 2:
            raise fail((*at, "split", "hands"), "a split makes at least 2 hands; to allow no split, write split: none")
        if split.hands > MOST_HANDS:
            raise fail((*at, "split", "hands"), f"a split to {split.hands} hands: no table allows more than {MOST_HANDS}")
        if split.resplit_aces and split.hands == 2:
            raise fail((*at, "split", "resplit_aces"), "aces cannot be resplit when a split makes only 2 hands")
        if split.play == "CDP" and split.hands > 2:
            raise fail((*at, "split", "play"), f"CDP is counted for a split to 2 hands (each hand's play reading the other's "
                                               f"cards), not {split.hands}: write hands: 2, or play: CDP1")
    if isinstance(double, DoubleRules):
        totals = _range(double.on)
        free = _range(double.free) or frozenset()
        if totals is not None and not free <= totals:
            raise fail((*at, "double", "free"), f"free doubles on {double.free}, but doubling only on {double.on}")
        if double.rescue and free:
            raise fail((*at, "double", "rescue"), "a rescue takes a double back: a free double stakes none of the player's money")
        if double.free_cards == "any" and not free:
            raise fail((*at, "double", "free_cards"), "free doubles on any number of cards, but no free doubles (free: none)")
        if double.after_split and split == "none" and "after_split" in double.model_fields_set:
            raise fail((*at, "double", "after_split"), "doubling after a split, but split: none")
    pays = _pays(section, fail)
    paid = paid_rules(BlackjackRules(), pays)
    free_splits = _free_splits(split, fail)
    return BlackjackRules(
        dealer_hits_soft_17=dealer.soft_17 == "hits",
        dealer_peeks=dealer.hole_card == "peek",
        no_hole_card_takes_all=dealer.blackjack_takes != "original",
        double_totals=_range(double.on) if isinstance(double, DoubleRules) else frozenset(),
        double_soft_totals=_soft_range(double.on) if isinstance(double, DoubleRules) else frozenset(),
        double_any_cards=isinstance(double, DoubleRules) and double.cards == "any",
        double_after_split=isinstance(double, DoubleRules) and double.after_split,
        double_rescue=isinstance(double, DoubleRules) and double.rescue,
        split_hands=split.hands if isinstance(split, SplitRules) else 1,
        resplit_aces=isinstance(split, SplitRules) and split.resplit_aces,
        hit_split_aces=isinstance(split, SplitRules) and split.hit_split_aces,
        split_play=split.play if isinstance(split, SplitRules) else "CDP1",
        surrender=section.surrender,
        blackjack_pays=paid.blackjack_pays,
        suited_blackjack_pays=paid.suited_blackjack_pays,
        dealer_22_pushes=dealer.twenty_two == "pushes",
        free_double_totals=(_range(double.free) or frozenset()) if isinstance(double, DoubleRules) else frozenset(),
        free_split_values=free_splits,
        free_double_any_cards=isinstance(double, DoubleRules) and double.free_cards == "any",
        player_21_wins=section.player_21 == "always wins",
        exposed=exposed,
        ties_lose=section.ties == "lose",
        blackjack_ties_win=section.blackjack_ties == "player wins",
        switch=section.switch == "second cards",
        switched_blackjack=section.switched_blackjack == "blackjack",
        switch_basic=section.switch_play == "basic strategy",
        card_bonuses=paid.card_bonuses,
        combination_bonuses=paid.combination_bonuses,
        suit_bonuses=paid.suit_bonuses,
    )


def _check_switch(section: BlackjackSection, fail: Any) -> None:
    """Refuse what Switch is not counted with (:mod:`~casino_math.methods.blackjack.switch`), where it is written."""
    at = ("blackjack", "switch")
    if section.dealer.hole_card == "face up":
        raise fail(at, "Switch is counted with one dealer card up (hole_card: peek or none), not both")
    extra = [line for line in section.pays if line not in ("blackjack", "suited blackjack")]
    if extra:
        raise fail(("blackjack", "pays", extra[0]), f"{extra[0]}: Switch is counted with the pays of a blackjack only")
    if isinstance(section.split, SplitRules) and section.split.play != "CDP1":
        raise fail(("blackjack", "split", "play"), f"Switch is counted with split hands played by their own cards (CDP1), "
                                                   f"not {section.split.play}")
    if isinstance(section.double, DoubleRules) and (section.double.rescue or section.double.free != "none"):
        raise fail(("blackjack", "double"), "Switch is counted without free doubles or a double rescue")
    if isinstance(section.split, SplitRules) and section.split.free != "none":
        raise fail(("blackjack", "split", "free"), "Switch is counted without free splits")


def _free_splits(split: Literal["none"] | SplitRules, fail: Any) -> frozenset[int]:
    """The pairs split for free (positions ACE..TEN): none, all, all but tens, or the pairs named."""
    if not isinstance(split, SplitRules) or split.free == "none":
        return frozenset()
    if split.free == "all":
        return frozenset(range(10))
    if split.free == "all but tens":
        return frozenset(v for v in range(10) if v != TEN)
    out = set()
    for i, name in enumerate(split.free):
        value = PAIR_NAMES.get(str(name).upper())
        if value is None:
            raise fail(("blackjack", "split", "free", str(i)), f"{name!r} is not a pair's card: A, 2 to 9, or T (tens and faces)")
        if value in out:
            raise fail(("blackjack", "split", "free", str(i)), f"{name} named twice")
        out.add(value)
    if not out:
        raise fail(("blackjack", "split", "free"), "no pair named: for no free split, write free: none")
    return frozenset(out)


HARD_TOTALS = frozenset(range(4, 22))  # every hard total a hand can double: double: {on: hard} (no soft hand)


def _range(text: str) -> frozenset[int] | None:
    """``9-11`` as the totals 9, 10, 11; ``any`` as None (every two cards); ``hard`` as every hard total; ``none`` as no
    total; ``9-11 and soft 19-20``: the hard ones (the soft ones: :func:`_soft_range`)."""
    text = text.split(" and soft ")[0]
    if text == "any":
        return None
    if text == "hard":
        return HARD_TOTALS
    if text == "none":
        return frozenset()
    low, high = (int(x) for x in re.split(r"\s*-\s*", text))
    return frozenset(range(low, high + 1))


def _soft_range(text: str) -> frozenset[int]:
    """The soft totals of ``9-11 and soft 19-20`` (19 and 20); none where the text names none."""
    _, soft, totals = text.partition(" and soft ")
    return (_range(totals) or frozenset()) if soft else frozenset()


def _pays(section: BlackjackSection, fail: Any) -> dict[str, Fraction]:
    out: dict[str, Fraction] = {}
    for line, pay in section.pays.items():
        where = ("blackjack", "pays", line)
        if line not in PAY_LINES:
            raise fail(where, f"unknown pay {line!r} (blackjack pays: {', '.join(PAY_LINES)})")
        if pay.push or pay.net <= 0:
            raise fail(where, f"{line} must pay something: a win of {pay} is not a pay")
        out[line] = pay.net
    if "blackjack" not in out:
        raise fail(("blackjack", "pays"), "say what a blackjack pays (blackjack: 3 to 2)")
    for line, (values, suits) in SUITED_COMBINATIONS.items():  # a hand of a named suit is also suited, and of any suits
        plain = next(name for name, v in COMBINATIONS.items() if v == values)
        wider = plain if suits == "suited" or f"suited {plain}" not in out else f"suited {plain}"
        if line in out and wider in out and out[line] < out[wider]:
            raise fail(("blackjack", "pays", line), f"{line} pays less than {wider}, yet every such hand is also a {wider}")
    return out


def rule_notes(rules: BlackjackRules, deck: Deck) -> tuple[str, ...]:
    """The rules in words, one sentence each, as the par sheet lists them."""
    def pay(x: Fraction) -> str:
        return f"{x.numerator} to {x.denominator}"

    shoe = f"{deck.decks} deck{'s' * (deck.decks > 1)}" + (" of 48 cards (Spanish: no tens)" if deck.name == "spanish" else "")
    out = [f"Shoe: {shoe}, shuffled before every round."]
    out.append("The dealer " + ("hits" if rules.dealer_hits_soft_17 else "stands on") + " soft 17"
               + (" and a total of 22 pushes every hand still standing (a blackjack is still paid)." if rules.dealer_22_pushes else "."))
    if rules.exposed:
        out.append("Both dealer cards are dealt face up (Double Exposure): the player decides seeing both; a dealer blackjack "
                   "takes every bet at once but a player's blackjack, which " + ("wins" if rules.blackjack_ties_win else "pushes")
                   + " against it.")
    elif rules.dealer_peeks:
        out.append("The dealer peeks under an ace or a ten: a dealer blackjack takes only the original bet, before the player acts.")
    else:
        out.append("No hole card: the dealer draws the second card after the player; a dealer blackjack takes "
                   + ("every bet, doubles and splits included." if rules.no_hole_card_takes_all else "the original bet only."))
    out.append(f"Blackjack pays {pay(rules.blackjack_pays)}" + (
        f"; a suited blackjack {pay(rules.suited_blackjack_pays)} (a quarter of all blackjacks in a shoe of whole decks)."
        if rules.suited_blackjack_pays is not None else "."))
    if rules.double_totals == frozenset():
        out.append("No doubling.")
    else:
        on = ("any first two cards" if rules.double_totals is None else "any hard total, never a soft hand"
              if rules.double_totals == HARD_TOTALS else f"hard {min(rules.double_totals)}-{max(rules.double_totals)}") + (
            f" and soft {min(rules.double_soft_totals)}-{max(rules.double_soft_totals)}" if rules.double_soft_totals else "")
        out.append(f"Double on {on}" + (" or more cards" if rules.double_any_cards else "") + (
            ", after a split too." if rules.double_after_split and rules.splits else ", not after a split." if rules.splits else "."))
    if rules.double_rescue:
        out.append("Double-down rescue: after the double's card, the player may take the double back and forfeit the original "
                   "bet (counted on hands not split).")
    if rules.free_double_totals:
        out.append(f"Free doubles on hard {min(rules.free_double_totals)}-{max(rules.free_double_totals)}"
                   + (" of any number of cards" if rules.free_double_any_cards else "") + ": the house stakes the "
                   "double, which wins like the player's money and loses nothing.")
    if rules.splits:
        out.append(f"Split pairs up to {rules.split_hands} hands; aces " + ("may be resplit" if rules.resplit_aces else "once only")
                   + (" and hit." if rules.hit_split_aces else ", one card each."))
        if rules.split_play == "CDZ-":
            out.append("Split hands are counted as played like the same cards unsplit (CDZ-), not by the best play with the "
                       "pair's cards out.")
        elif rules.split_play == "CDP":
            out.append("Split hands are counted as played by their best play given every card seen (CDP): the first hand by "
                       "the pair's cards and its own, the second by the first hand's cards too.")
        if rules.free_split_values:
            others = sorted(set(range(10)) - rules.free_split_values)
            out.append("Free splits of " + ("every pair" if not others else "every pair but " + " and ".join(
                       "tens" if v == TEN else "aces" if v == 0 else f"{v + 1}s" for v in others))
                       + ": the house stakes each new hand.")
    else:
        out.append("No splitting.")
    out.append({"none": "No surrender.", "late": "Late surrender: half the bet, after the dealer checks for blackjack.",
                "early": "Early surrender: half the bet, before the dealer checks for blackjack."}[rules.surrender])
    if rules.switch:
        out.append("Two hands of equal bets: the player may switch their second cards once, before playing either ("
                   "Blackjack Switch); an ace and a ten made by switching count "
                   + ("as a blackjack." if rules.switched_blackjack else "21, not a blackjack."))
        if rules.switch_basic:
            out.append("After the switch each hand is counted as played by the basic strategy of the ordinary game under "
                       "these rules (its chart by totals), not by its best play.")
    if rules.ties_lose:
        out.append("Ties lose: a hand equal to the dealer's total loses (a player's blackjack beats every other dealer hand).")
    if rules.player_21_wins:
        out.append("A player's 21 always wins, against a dealer's 21 too, and a player's blackjack against the dealer's.")
    for cards, bonus in rules.card_bonuses:
        out.append(f"A 21 of {cards} cards or more pays {pay(bonus)} (not on a doubled hand).")
    for values, bonus in rules.combination_bonuses:
        out.append(f"A 21 of {'-'.join(str(v + 1) for v in values)} pays {pay(bonus)} (not on a doubled hand).")
    for values, suits, bonus in rules.suit_bonuses:
        out.append(f"A 21 of {'-'.join(str(v + 1) for v in values)} " + ("all of one suit" if suits == "suited" else f"all in {suits}") + f" pays {pay(bonus)} "
                   "(not on a doubled hand).")
    if rules.suit_bonuses:
        out.append("The pays of a 21 by its suits are counted exactly: given the values of every card dealt, the suits of "
                   "each rank's cards are as random as the shoe's, and no decision reads a suit.")
    return tuple(out)


SECTION = Section("blackjack", build_blackjack, with_blackjack)  # the file reader's blackjack: section (casino_math.registry gives it to the reader)
