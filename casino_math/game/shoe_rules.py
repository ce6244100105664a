"""Decisions inside a game dealt from a shoe, read and checked: when a decision is open, a raise's limit, Casino War's war.

A shoe game may take one decision after its first cards (counted by :mod:`.shoe_decisions`):

.. code-block:: yaml

    deal:                                   # Casino War
      - player: 1
      - dealer: {cards: 1, face: up}
      - decide: {name: tie, when: equal, options: {surrender: surrender, war: {raise: 1}}}
      - war: {burn: 3}                      # three cards burnt, one card more each, compared

    deal:                                   # Red Dog
      - board: 2
      - decide: {name: raise, when: spread, up_to: bet, options: {stand: check, raise: {raise: 1}}}
      - board: 1

``when`` is a showdown situation of the cards dealt so far (``equal``) or an event of a hand (``spread``:
the first two cards are neither a pair nor consecutive); ``up_to`` names the wager no option may add more
than; ``surrender`` gives up half of every stake and ends the deal; a war follows a decision open on a tie,
whose options surrender or raise the bet by its own amount. Each problem is a :class:`RuleError` at the
path of the field it is about (the loader adds the file and line).

>>> from casino_math.analysis import load_game
>>> game = load_game("paytables/red_dog/1-deck.yaml")
>>> decision = game.decisions[0]
>>> decision.when, [a.spread for a in decision.opens_on.atoms]
('spread', [(1, 11)])
"""

from __future__ import annotations

import dataclasses
from typing import Mapping

from .description import SHOWDOWN, Deal, Decision, Game, Hand, Step, War
from .events import Event, parse_event
from .tableau import ranges


class RuleError(ValueError):
    """A problem in a shoe game's decision or war, at ``path`` (from the top of the file)."""

    def __init__(self, path: tuple[str, ...], message: str) -> None:
        super().__init__(message)
        self.path = path


def read_decisions(game: Game) -> Game:
    """The game with each decision's ``when`` read as an event, every rule of its decisions and war checked."""
    steps = list(game.steps)
    decided = [i for i, s in enumerate(steps) if isinstance(s, Decision)]
    for n, i in enumerate(decided):
        decision = steps[i]
        assert isinstance(decision, Decision)
        at = ("deal", str(i), "decide")
        _check_limit(game, decision, at)
        if not game.counted_by_kind:
            _plain_decision(decision, at)
            continue
        if n:
            raise RuleError(at, "a game dealt from a shoe takes one decision here")
        if not game.wagers:
            raise RuleError(at, "the decision stakes the game's own wagers: declare them (wagers:), or leave the decision out")
        for name in game.own_tables:
            for line in game.paytables[name].lines:
                if isinstance(line.pattern, Event) and line.pattern.needs_cards:
                    raise RuleError(("paytables", name, line.key), "the game's own bet in a shoe game with a decision is counted by "
                                    "ranks: its lines read no suit or colour (a side bet may)")
        hidden = next((j for j, s in enumerate(steps[:i]) if isinstance(s, Deal) and not s.seen), None)
        if hidden is not None:
            raise RuleError(("deal", str(hidden), "dealer", "face"), "a card dealt face down before a decision in a game dealt "
                            "from a shoe: the decision sees every card dealt before it (deal it face up, or after the decision)")
        steps[i] = dataclasses.replace(decision, opens_on=_opens_on(game, decision, steps[:i], at))
    for i in (i for i, s in enumerate(steps) if isinstance(s, War)):
        _check_war_options(game, steps, i)
    _check_spreads(game)
    return dataclasses.replace(game, steps=tuple(steps))


def _plain_decision(decision: Decision, at: tuple[str, ...]) -> None:
    """A decision of a game counted level by level is always open, and folds rather than surrenders."""
    if decision.when:
        raise RuleError((*at, "when"), "when is read in games dealt from a shoe (a shoe of decks, or points hands); "
                        "here a decision is open on every deal")
    for option in decision.options:
        if option.surrenders:
            raise RuleError((*at, "options", option.name), "surrender is counted in games dealt from a shoe; here write fold")


def _check_limit(game: Game, decision: Decision, at: tuple[str, ...]) -> None:
    """No option adds more than the stake of the wager ``up_to`` names (Red Dog: a raise up to the bet)."""
    if not decision.up_to:
        return
    limit = next((w for w in game.wagers if w.name == decision.up_to and w.stake > 0), None)
    if limit is None:
        staked = ", ".join(w.name for w in game.wagers if w.stake > 0) or "none"
        raise RuleError((*at, "up_to"), f"no wager {decision.up_to!r} staked before the deal to limit the raise (staked: {staked})")
    for option in decision.options:
        if option.units > limit.stake:
            raise RuleError((*at, "options", option.name), f"adds {option.units} units, more than the rule allows: a raise "
                            f"up to the {limit.name} ({limit.stake} units)")


def _opens_on(game: Game, decision: Decision, before: list[Step], at: tuple[str, ...]) -> Event | None:
    """The event a decision is open on (None: a showdown situation, or always), checked against the cards dealt by then."""
    when = decision.when.strip()
    if not when or when in SHOWDOWN:
        if when and not {"player", "dealer"} <= set(game.hands):
            raise RuleError((*at, "when"), f"{when}: no player and dealer hands to compare (hands: {', '.join(game.hands)})")
        if when and any(game.cards_of(r) > _dealt(before, r) for h in ("player", "dealer") for r in game.hands[h].of):
            raise RuleError((*at, "when"), f"{when}: the hands are not all dealt by this decision")
        return None
    hand = "player" if "player" in game.hands else next(iter(game.hands), "player")
    try:
        event = parse_event(when, game.hands, hand, game.deck.decks)
    except (ValueError, KeyError) as error:
        raise RuleError((*at, "when"), f"{error} (or a situation: {', '.join(SHOWDOWN)})") from None
    for atom in event.atoms:
        held = sum(_dealt(before, r) for r in game.hands[atom.hand].of)
        needs = 3 if atom.first_three else 2 if atom.first_two is not None else game.hands[atom.hand].best
        if held < needs:
            raise RuleError((*at, "when"), f"{when!r} reads {needs} cards of the {atom.hand} hand; {held} are dealt by this decision")
    return event


def _dealt(steps: list[Step], role: str) -> int:
    return sum(s.cards for s in steps if isinstance(s, Deal) and s.role == role)


def check_wars(steps: tuple[Step, ...], hands: Mapping[str, Hand]) -> None:
    """Each war compares one card each after a tie, follows a decision open on a tie, and ends the deal (checked as soon
    as the hands are read, before anything a war changes)."""
    for i, step in enumerate(steps):
        if not isinstance(step, War):
            continue
        at = ("deal", str(i), "war")
        compared = {"player", "dealer"} <= set(hands) and all(
            hands[h].points is not None and hands[h].points.compares for h in ("player", "dealer"))  # type: ignore[union-attr]
        if not compared:
            raise RuleError(at, "a war step in a game without ties: it needs a player and a dealer hand compared card against card")
        if any(hands[h].best != 1 for h in ("player", "dealer")):
            raise RuleError(at, "a war compares one card each: the player's and the dealer's hands hold one card each here")
        decision = next((s for s in reversed(steps[:i]) if isinstance(s, Decision)), None)
        if decision is None or decision.when.strip() != "equal":
            raise RuleError(at, "a war follows a decision open on a tie (decide: {when: equal, ...})")
        if i != len(steps) - 1:
            raise RuleError(at, "the war ends the deal: no step after it")


def _check_war_options(game: Game, steps: list[Step], i: int) -> None:
    """The decision before a war surrenders or raises the bet by its own amount."""
    decision = next(s for s in reversed(steps[:i]) if isinstance(s, Decision))
    stake = game.initial_stake
    where = ("deal", str(steps.index(decision)), "decide", "options")
    for option in decision.options:
        if option.surrenders:
            continue
        if option.folds or not option.adds:
            raise RuleError((*where, option.name), "at a tie the player surrenders or goes to war (a raise of the bet): "
                            f"{'fold' if option.folds else 'check'} is not one of them")
        if option.units != stake:
            raise RuleError((*where, option.name), f"going to war raises the bet by its own amount ({stake} units), "
                            f"not {option.units}")


def _check_spreads(game: Game) -> None:
    """A spread table of the game's own bet (lines paying a third card between the first two) pays every spread a deal
    can have (a side bet may pay some spreads only)."""
    widest = len(game.deck.ranks) - 2
    for name in game.own_tables:
        table = game.paytables[name]
        covered: set[int] = set()
        spread_table = False
        for line in table.lines:
            if not isinstance(line.pattern, Event):
                continue
            atoms = line.pattern.atoms
            if any(a.between for a in atoms):  # a third card between, at the spread another part of the line names
                spread_table = True
                low, high = next((a.spread for a in atoms if a.spread is not None), (1, widest))
                covered |= set(range(max(low, 1), high + 1))
        missing = set(range(1, widest + 1)) - covered
        if spread_table and missing:
            raise RuleError(("paytables", name), f"the spread table pays no spread {ranges(frozenset(missing))} between: a third "
                            f"card between the first two at that spread would lose; add a line (between and spread {min(missing)})")
