"""Simple strategies written as a player says them: ``always play``, ``play Q-6-4 or better``, ``raise with a pair or better``.

A rule takes one option at one decision when the player's hand there is at
least the hand written (by the player hand's ranking), and otherwise the
option that wagers least (the fold). ``OPTION or more with HAND or better``
takes, with such a hand, the option wagering the most of those open to it
(``only_with``), at least OPTION: High Card Flush's "the largest raise allowed
with T-8-6 three-card flush or better". The par sheet prices such rules against
the optimal strategy; a claim may name one.

>>> from casino_math.analysis import load_game
>>> game = load_game("paytables/three_card_poker/standard.yaml")
>>> rule = parse_rule(game, "play J-high or better")
>>> rule.decision, rule.option, rule.otherwise, rule.threshold is not None
('play_or_fold', 'play', 'fold', True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .description import Decision, Game, seen_before
from .qualifier import weakest


@dataclass(frozen=True)
class Rule:
    text: str
    decision: str
    option: str
    otherwise: str
    threshold: int | None  # the weakest player hand value that takes ``option``; None: always
    most: bool = False  # take the option wagering the most of those open to the hand (at least ``option``)


def player_cards_at(game: Game, decision: Decision) -> int:
    """How many of the player's own cards and board cards the player sees at ``decision``."""
    roles = game.hands["player"].of if "player" in game.hands else ("player",)
    if decision not in game.steps:
        raise ValueError(f"{decision.name} is not a decision of {game.id}")
    return seen_before(game.steps, decision, roles)


def parse_rule(game: Game, text: str) -> Rule:
    """Read a rule; ValueError says what is wrong."""
    words = " ".join(text.lower().split())
    always = re.fullmatch(r"always (\w+)", words)
    option_name = always.group(1) if always else words.split(" ", 1)[0]
    found = [(d, o) for d in game.decisions for o in d.options if o.name == option_name]
    if not game.decisions:
        raise ValueError(f"{text!r}: {game.id} has no decision for a rule to take: the player decides nothing in it")
    if not found:
        options = ", ".join(dict.fromkeys(o.name for d in game.decisions for o in d.options))
        raise ValueError(f"{text!r}: no option {option_name!r} (options: {options})")
    if len(found) > 1:
        raise ValueError(f"{text!r}: {option_name!r} is an option of more than one decision")
    decision, option = found[0]
    otherwise = min((o for o in decision.options if o is not option and o.only_with is None), key=lambda o: (not o.folds, o.units),
                    default=option)
    limit = option.only_with
    if always:
        if limit is not None:
            raise ValueError(f"{text!r}: {option.name} is open only with {limit.text} or better: write "
                             f"'{option.name} with {limit.text} or better'")
        return Rule(text, decision.name, option.name, otherwise.name, None)
    rest = words.split(" ", 1)[1] if " " in words else ""
    most = rest.startswith("or more ")
    hand_text = re.sub(r"^(with|on) (an? )?", "", rest.removeprefix("or more "))
    if not hand_text.endswith("or better"):
        raise ValueError(f"{text!r}: write 'always OPTION' or 'OPTION with HAND or better' (e.g. play Q-6-4 or better)")
    player = game.hands.get("player")
    if player is None or player.ranking is None:
        raise ValueError(f"{text!r}: the game has no ranked player hand to compare")
    if player_cards_at(game, decision) < player.best:
        raise ValueError(f"{text!r}: at {decision.name} the player holds fewer than the {player.best} cards a hand needs")
    try:
        threshold = weakest(player.ranking, hand_text)
    except ValueError as error:
        raise ValueError(f"{text!r}: {error}") from None
    if limit is not None and threshold < limit.value:
        raise ValueError(f"{text!r}: {option.name} is open only with {limit.text} or better, not to every hand the rule names")
    return Rule(text, decision.name, option.name, otherwise.name, threshold, most)
