"""The situations a wager is settled in, each with its words: one vocabulary for the engines, the tools and the par sheet.

A situation's value is its spelling in a game file (``dealer_higher``); its
words are written once, here, with the roles as the game names them
(baccarat's dealer hand is the Banker), in three forms:

- ``heading``: a row of a settlement matrix (``Banker's hand higher``);
- ``outcome``: a row of a return table (``Banker wins``);
- ``short``: a pay in a summary of a bet's pays (``Banker higher 19/20 to 1``).

>>> Situation.DEALER_HIGHER.outcome(), Situation("dealer_higher").outcome({"dealer": "Banker"})
('dealer wins', 'Banker wins')
>>> Situation.PLAYER_HIGHER.heading(), Situation.DEALER_HIGHER.heading({"dealer": "Banker"}), Situation.EQUAL.short()
("Player's hand higher", "Banker's hand higher", 'equal hands')
>>> Situation.DEALER_HIGHER == "dealer_higher", [s.value for s in Situation][:3]
(True, ['folded', 'dealer_not_qualified', 'player_higher'])
"""

from __future__ import annotations

from enum import Enum
from typing import Mapping

RoleNames = Mapping[str, str]  # role -> its name at the table, as a player reads it (``{"dealer": "Banker"}``)


class Situation(str, Enum):
    """How a deal ends for a wager, as a game file spells it (the value), with the words a player reads.

    The words are templates on the roles' names: ``{player}`` and ``{dealer}``
    as the game names them, ``{Player}`` and ``{Dealer}`` the same at the start
    of a sentence.
    """

    heading_words: str
    outcome_words: str
    short_words: str

    def __new__(cls, value: str, heading: str = "", outcome: str = "", short: str = "") -> Situation:
        # only while the members are made; afterwards Situation("equal") looks a member up by its spelling
        member = str.__new__(cls, value)
        member._value_ = value
        member.heading_words, member.outcome_words, member.short_words = heading, outcome, short
        return member

    # in the order of a settlement matrix
    FOLDED = "folded", "{Player} folds", "fold", "folded"
    DEALER_NOT_QUALIFIED = "dealer_not_qualified", "{Dealer} does not qualify", "{dealer} does not qualify", "{dealer} does not qualify"
    PLAYER_HIGHER = "player_higher", "{Player}'s hand higher", "{player} wins", "{player} higher"
    EQUAL = "equal", "Equal hands", "tie", "equal hands"
    DEALER_HIGHER = "dealer_higher", "{Dealer}'s hand higher", "{dealer} wins", "{dealer} higher"
    PLAYED = "played", "Hand played to the end", "played", "played"
    WAR_PLAYER_HIGHER = "war_player_higher", "At war, {player}'s card higher", "{player} wins at war", "{player} higher at war"
    WAR_EQUAL = "war_equal", "At war, equal cards", "tie at war", "equal at war"
    WAR_DEALER_HIGHER = "war_dealer_higher", "At war, {dealer}'s card higher", "{dealer} wins at war", "{dealer} higher at war"
    OTHERWISE = "otherwise", "Any other end", "otherwise", "otherwise"

    def heading(self, roles: RoleNames | None = None) -> str:
        """As a row of a settlement matrix: ``Dealer's hand higher``."""
        return _fill(self.heading_words, roles)

    def outcome(self, roles: RoleNames | None = None) -> str:
        """As a row of a return table: ``dealer wins``."""
        return _fill(self.outcome_words, roles)

    def short(self, roles: RoleNames | None = None) -> str:
        """As a pay in a summary: ``dealer higher``."""
        return _fill(self.short_words, roles)

    def __str__(self) -> str:
        return self.value


def surrendered(roles: RoleNames | None = None) -> str:
    """A surrendered deal (half of every stake given up), as a return table's row or a settlement matrix's: no game file
    spells it, since a surrender's result is the rule's, not the file's.

    >>> surrendered(), surrendered({"player": "Punto"})
    ('Player surrenders', 'Punto surrenders')
    """
    return _fill("{Player} surrenders", roles)


def role_name(role: str, roles: RoleNames | None = None) -> str:
    """A role as the game names it (``Banker``), or as the engine does (``dealer``).

    >>> role_name("dealer"), role_name("dealer", {"dealer": "Banker"})
    ('dealer', 'Banker')
    """
    return (roles or {}).get(role) or role


def _fill(template: str, roles: RoleNames | None) -> str:
    names = {role: role_name(role, roles) for role in ("player", "dealer")}
    return template.format(**names, **{role.capitalize(): name[:1].upper() + name[1:] for role, name in names.items()})
