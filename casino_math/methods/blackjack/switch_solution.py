"""Blackjack Switch as a solution the tools read (:mod:`~casino_math.methods.blackjack.switch` counts it): the return table
per hand, the expected return and the chance of switching by up card, and one clear line where a tool is not built
for it (a lookup by cards: the simulator's, the effect of removal).

>>> from casino_math.methods.blackjack.game_file import load_blackjack_text
>>> game = load_blackjack_text("game: blackjack\\nid: s\\ndeck: {ranks: 9-A}\\nblackjack:\\n  switch: second cards\\n"
...                            "  dealer: {twenty_two: pushes}\\n  split: none\\n  pays: {blackjack: 1 to 1}\\n")
>>> solution = switch_solution("blackjack", game)
>>> solution.table.metrics.house_edge == -solution.own(SwitchPlay).expected_return
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING

from ...errors import InputError
from ...returns import ReturnTable
from ...text import percent
from ...game.description import Game, Option
from ...contract.solution import Exhibits, Solution, Strategy, UnrankedView
from ...contract.money import Repriced
from .game_file import BlackjackGame
from .basic import basic_strategy
from .views import PAID, return_table, table_of
from .rounds import paid_naturals
from .rules import ACE, VALUES, value_name
from .switch import SwitchPlay, play_switch

if TYPE_CHECKING:
    import pandas as pd

UP_ORDER = (*range(1, VALUES), ACE)  # up cards as charts print them: 2 to 10, then the ace


def switch_solution(method: str, game: BlackjackGame) -> Solution:
    """The solution of a game of Switch (``method``: the blackjack method's name): each hand played best, or by the
    ordinary game's basic strategy where the file says so (``switch_play: basic strategy``)."""
    chart = basic_strategy(replace(game.rules, switch=False), game.shoe)[0] if game.rules.switch_basic else None
    play = play_switch(game.rules, game.shoe, chart)
    table = return_table(game, play.ends, notes(play))
    views = (SwitchByUpCard(game, play),)
    return Solution(method, game, table, Strategy(game, views, None), SwitchReplay(game, table), len(play.upcards), table.total,
                    working=lambda: play)


def notes(play: SwitchPlay) -> tuple[str, ...]:
    """What the return table of Switch is, as the par sheet states it."""
    out: tuple[str, ...] = (
        "per hand: each of a round's two bets, every result with its exact probability, as whole numbers over their common "
        "denominator; the house edge is the round's return over its two initial bets",
        f"the player switches the second cards where the two hands are worth more switched ({percent(play.switch_rate, 2)} "
        "of rounds); each hand played by " + ("the basic strategy of the ordinary game under these rules (its chart by totals, "
                                             "split hands too), valued" if play.rules.switch_basic else "its best play for its own cards,")
        + " with the up card and the other hand's two cards out of the shoe, never reading the other hand's draws (as split "
        "hands are played under CDP1): exact for that play",
        "the spread is of one hand: the two hands of a round share the dealer's hand and are counted apart, so the "
        "standard deviation is per hand, not per round",
    )
    if play.rules.splits:
        out += ("a split round's spread: each split hand's chance of every result against every dealer total is exact; the "
                "hands are combined as if independent given the dealer's total (the average stays exact)",)
    return out


@dataclass(frozen=True, eq=False)
class SwitchReplay(Repriced):
    """Switch's decisions (every switch, every hand's play) kept, paid at another game's pays of a blackjack: no decision
    of a hand sees its own natural, so only the naturals' rows change their pay; a switch made or not for a natural's sake
    stays as it was (the strategy replayed, not solved again)."""

    game: BlackjackGame
    table_solved: ReturnTable

    def table(self, game: Game) -> ReturnTable:
        if not isinstance(game, BlackjackGame) or game.rules.unpaid() != self.game.rules.unpaid() or game.shoe != self.game.shoe:
            raise InputError(f"{game.id}: a replay of Blackjack Switch changes the pays of a blackjack only, not the rules or the shoe")
        solved = self.table_solved
        merged = {(str(o.key("result")), o.net): Fraction(o.combinations, solved.total) for o in solved.outcomes}
        paid = sum((p for (kind, _), p in merged.items() if kind in PAID), Fraction(0))
        merged = {k: p for k, p in merged.items() if k[0] not in PAID} | {k: p for k, p in paid_naturals(game.rules, paid).items() if p}
        return table_of(game, merged, solved.average_wager, solved.notes)


@dataclass(eq=False)
class SwitchByUpCard(UnrankedView):
    """The expected return per hand and the chance of switching, given the up card."""

    game: BlackjackGame
    play: SwitchPlay
    by_category: bool = False
    history: str = ""
    threshold: str | None = None
    name: str = "switch by up card"

    @property
    def exhibits(self) -> Exhibits:
        play = "the best switch, each hand then played by the basic strategy" if self.game.rules.switch_basic else "the optimal switch and play"
        return Exhibits(table_caption=f"given the dealer's up card: its chance, the expected return per hand under {play}, "
                                      "and the chance that the player switches the second cards")

    @property
    def options(self) -> tuple[Option, ...]:
        return ()

    def taken(self) -> dict[str, int]:
        return {}

    @cached_property
    def rates(self) -> dict[int, Fraction]:
        out = {}
        for up, u in self.play.upcards.items():
            total = sum(w for w, _, _ in u.deals.values())
            out[up] = Fraction(sum(w for w, dealt, switched in u.deals.values() if switched > dealt), total)
        return out

    def frame(self) -> pd.DataFrame:
        import pandas as pd

        ups = [up for up in UP_ORDER if up in self.play.upcards]
        return pd.DataFrame([{"dealer shows": value_name(up), "probability": f"{float(self.play.upcards[up].chance):.6f}",
                              "return per hand": f"{float(self.play.upcards[up].ev):+.6f}",
                              "switched": f"{float(self.rates[up]):.6f}"} for up in ups])

    def summary(self) -> str:
        evs = {up: u.ev for up, u in self.play.upcards.items()}
        best, worst = max(evs, key=evs.__getitem__), min(evs, key=evs.__getitem__)
        return (f"the player switches {percent(self.play.switch_rate, 2)} of rounds; per hand, he does best with the dealer "
                f"showing {value_name(best)} ({percent(evs[best], 2)}) and worst with {value_name(worst)} ({percent(evs[worst], 2)})")


__all__ = ["SwitchReplay", "SwitchByUpCard", "notes", "switch_solution"]
