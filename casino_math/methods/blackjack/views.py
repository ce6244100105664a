"""Blackjack's return table and its views: the first two cards' options, the strategy charts, the returns by up card,
the lookup of a hand, and a strategy replayed at other pays (what :mod:`~casino_math.methods.blackjack.method`, :mod:`.exposed_views` and
:mod:`.switch_solution` show)."""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Mapping, Sequence

import numpy as np

from ...returns import Outcome, ReturnTable
from ...text import percent
from ...game.description import Game, Option
from ...contract.solution import Decided, Exhibits, UnrankedView
from ...contract.money import History, Repriced, pays_text
from .basic import key_of, key_text
from .choices import DOUBLE, HIT, SPLIT, STAND, SURRENDER
from .figures import BlackjackFigures
from .game_file import PLAY, SPLIT_HAND, BlackjackGame
from .hands import Hand, hand_table
from .linear import LinearEnds, linear_ends, lines_of
from .nets import OWN
from .rounds import BLACKJACK_OPTION, Ends, Play, UpCard, replay
from .rules import ACE, VALUES, value_name
from .splits import Split

if TYPE_CHECKING:
    import pandas as pd


OPTIONS = (Option(STAND), Option(HIT), Option(DOUBLE, adds=(("bet", Fraction(1)),)), Option(SPLIT, adds=(("bet", Fraction(1)),)),
           Option(SURRENDER))
UP_ORDER = (*range(1, VALUES), ACE)  # up cards as charts print them: 2 to 10, then the ace
PAID = ("blackjack", "suited blackjack")  # the results of a natural paid


def _signed(x: Fraction) -> str:
    return f"{float(x):+.6f}"


@dataclass(frozen=True, eq=False)
class Replay(Repriced):
    """The optimal strategy's decisions, every one, replayed at another game's pays (:meth:`Solution.replayed
    <casino_math.contract.solution.Solution.replayed>`): the same rules, other pays."""

    play: Play

    def table(self, game: Game) -> ReturnTable:
        assert isinstance(game, BlackjackGame)
        if game.rules.unpaid() != self.play.rules.unpaid() or game.shoe != self.play.shoe:
            raise ValueError(f"{game.id}: a replay changes the pays only, not the rules or the shoe")
        play = replay(self.play, game.rules)
        return return_table(game, play.ends, ())

    def linear(self) -> LinearReplay:
        """The replay worked out once as linear forms of the pays (:mod:`~casino_math.methods.blackjack.linear`, seconds): then any pays in milliseconds."""
        return LinearReplay(linear_ends(self.play, lines_of(self.play.rules)))


@dataclass(frozen=True, eq=False)
class LinearReplay(Repriced):
    """:class:`Replay`'s tables from the ends as linear forms of the pays (the split rounds' float spread added up in
    another order: their exact chance, average and stake the same)."""

    ends: LinearEnds

    def table(self, game: Game) -> ReturnTable:
        assert isinstance(game, BlackjackGame)
        if game.shoe != self.ends.shoe:
            raise ValueError(f"{game.id}: a replay changes the pays only, not the rules or the shoe")
        return return_table(game, self.ends.ends(game.rules), ())


# -- the return table ----------------------------------------------------------------------------------------
FIRST_DECISION = {"blackjack": "blackjack", "suited blackjack": "blackjack", "both blackjack": "blackjack", "dealer blackjack": "none",
                  "surrender": "surrender", "hand": "stand or hit", "double": "double", "split": "split",
                  "rescue": "double (or hit, then double)"}  # a row's first decision
END_WORDS = {"blackjack": "blackjack", "suited blackjack": "suited blackjack", "both blackjack": "blackjack against a dealer blackjack",
             "dealer blackjack": "dealer blackjack", "surrender": "surrender", "rescue": "double rescued (the original bet lost)"}


def end_label(kind: str, net: Fraction) -> str:
    """A way a round ends as a dealer says it: ``blackjack``, ``double won``, ``split: wins 2``."""
    if kind in END_WORDS:
        return END_WORDS[kind]
    if kind == "split":
        return f"split: {pays_text(net)}"
    verb = "won" if net > 0 else "pushed" if net == 0 else "lost"
    if kind == "double":
        return f"double {verb}" + (f" ({pays_text(net)})" if net > 2 or 0 < net < 1 else "")
    return {"won": "win", "pushed": "push", "lost": "loss"}[verb] + (f" ({pays_text(net)})" if net not in (1, 0, -1) else "")


def return_table(game: Game, ends: Ends, notes: tuple[str, ...]) -> ReturnTable:
    """Each way a round ends with its exact probability, as whole numbers over one common denominator (a split round's
    on the same grid: :meth:`~.rounds.Ends.on_grid`); split rounds by their net, whatever they staked."""
    merged: dict[tuple[str, Fraction], Fraction] = defaultdict(Fraction)
    for key, p in ends.on_grid().items():
        merged[(key[0], ends.net(key))] += p
    return table_of(game, merged, ends.average_wager, notes)


def table_of(game: Game, merged: Mapping[tuple[str, Fraction], Fraction], average_wager: Fraction, notes: tuple[str, ...]) -> ReturnTable:
    """The return table of each result and net's exact chance."""
    denominator = math.lcm(*(p.denominator for p in merged.values()))
    rows = [Outcome(end_label(kind, net), net, int(p * denominator), pays_text(net),
                    (("decision", FIRST_DECISION[kind]), ("result", kind), ("net", str(net))))
            for (kind, net), p in merged.items()]
    rows.sort(key=lambda o: (-o.net, o.name))
    return ReturnTable(game.bet, tuple(rows), average_wager=average_wager, notes=notes)


def notes(basic_return: Fraction, basic_wager: Fraction, insurance: Fraction, split_play: str = "CDP1") -> tuple[str, ...]:
    """What the return table is, how splits are counted, and the basic strategy's figures (its expected return and average
    wager; insurance's return), as the par sheet states them (one clause each; the rules in words are the game's own,
    :attr:`~casino_math.game.description.Game.words`)."""
    edge = -basic_return
    return (
        "every round's exact probability (the dealer's hand from the cards left, every option valued exactly), "
        "as whole numbers over their common denominator",
        "played by the optimal strategy: each hand by its own cards and the up card; split hands "
        + ("as the same cards unsplit (CDZ-; an option not open after a split gives way to the best of the rest)"
           if split_play == "CDZ-" else "each by its best play given every card seen, the first hand's cards too (CDP)"
           if split_play == "CDP" else "by the best play with the pair's two cards out (CDP1)")
        + ", the split's value exact for that play (the other hands' cards counted as far as they are known: pair cards, "
        "and second cards known not to be)",
        "a split round's spread: each split hand's chance of every result against every dealer total is exact; the "
        "hands are combined as if independent given the dealer's total (the round's average stays exact)",
        f"basic strategy (by total, the chart): house edge {percent(edge, 4)}, element of risk "
        f"{percent(edge / basic_wager, 4)}, average wager {float(basic_wager):.4f}",
        f"insurance (never taken by either strategy) returns {percent(insurance, 4)} of the amount insured",
    )


# -- the strategy as a lookup --------------------------------------------------------------------------------
def card_values(game: Game, ids: np.ndarray) -> list[int]:
    """Card ids of the game's deck as blackjack values (ACE..TEN)."""
    out = []
    for i in ids.tolist():
        rank = game.deck.cards[int(i)].rank
        out.append(ACE if rank == 14 else min(rank, 10) - 1)
    return out


@dataclass(frozen=True, eq=False)
class Lookup:
    """The optimal strategy looked up: ``play`` for a hand not split (its first two cards: every option of the round,
    values per initial unit from the deal; more cards: stand, hit, or double where allowed, values given no dealer
    blackjack where the dealer peeked), ``split hand`` for a hand made by splitting (its cards, the pair card first)."""

    game: Game
    play: Play

    def decide(self, decision: str, stakes: History, seen: Mapping[str, np.ndarray]) -> Decided | None:
        players, ups = seen["player"], seen["up"]
        names = [o.name for o in OPTIONS]
        values = np.full((len(OPTIONS), len(players)), None, dtype=object)
        scales = np.ones(len(players), dtype=object)
        choice = np.zeros(len(players), dtype=np.int64)
        for row in range(len(players)):
            cards = card_values(self.game, players[row])
            hand = Hand(tuple(np.bincount(cards, minlength=VALUES).tolist()))
            up = self.dealer_key(card_values(self.game, ups[row]))
            options, taken = self.options(decision, up, hand, cards[0] if cards else None)
            scale = math.lcm(*(v.denominator for v in options.values()))
            for o, v in options.items():
                values[names.index(o), row] = int(v * scale)
            scales[row] = scale
            choice[row] = names.index(taken)
        return Decided(OPTIONS, choice, values, scales)

    def dealer_key(self, dealer: list[int]) -> int:
        """The dealer's cards in view as the play keys its rounds: the up card."""
        if len(dealer) != 1:
            raise ValueError("blackjack's decisions see the dealer's one up card")
        return dealer[0]

    def options(self, decision: str, up: int, hand: Hand, pair: int | None = None) -> tuple[dict[str, Fraction], str]:
        """Each option's exact value at ``hand`` against ``up`` under ``decision``, and the option taken (``pair``: the
        pair a split hand was split from)."""
        upcard = self.play.upcards[up]
        table = hand_table()
        if decision == PLAY:
            if hand.cards == 2:
                root = upcard.roots[hand]
                if root.taken == BLACKJACK_OPTION:
                    return {STAND: root.ev}, STAND
                return dict(root.options), root.taken
            valued = upcard.valued[table.index[hand]]
            live = upcard.position.live(hand.cards, upcard.position.shoes[table.index[hand]][upcard.position.hole]
                                        if upcard.position.hole is not None else 0)
            return {o: Fraction(v, live) for o, v in valued.options.items()}, valued.taken
        if decision != SPLIT_HAND:
            raise KeyError(f"{self.game.id} has no decision {decision!r} (play, split hand)")
        if pair is None or pair not in upcard.splits:
            raise KeyError(f"a split hand's cards start with its pair card: no pair of {pair} is split against {value_name(up)}")
        split: Split = upcard.splits[pair]
        valued = split.hands_at(0, OWN).hands[table.index[hand]]
        return {o: valued.ev(o) for o in valued.options}, valued.taken


# -- the strategy as tables ------------------------------------------------------------------------------------
@dataclass(eq=False)
class FirstTwoCards(UnrankedView):
    """The optimal play of the first two cards: one row per up card and two cards, each option's value."""

    game: Game
    play: Play
    name: str
    by_category: bool = False
    history: str = ""
    threshold: str | None = None
    dealt = 3  # cards dealt before the first decision: the up card and the player's two
    dealer_heading = "dealer shows"  # the first column: what the player sees of the dealer's hand

    @property
    def options(self) -> tuple[Option, ...]:
        return OPTIONS

    @cached_property
    def rows(self) -> list[tuple[UpCard, Hand, Fraction, Mapping[str, Fraction], str]]:
        return [(u, h, r.chance, r.options, r.taken) for u in self.play.upcards.values() for h, r in u.roots.items()
                if r.taken != BLACKJACK_OPTION]

    def taken(self) -> dict[str, int]:
        """Deals (the dealer's cards seen and the player's two, in order) taking each option."""
        total = math.perm(self.play.shoe.size, self.dealt)
        out = {o.name: 0 for o in OPTIONS}
        for _, _, chance, _, taken in self.rows:
            out[taken] += int(chance * total)
        return out

    def dealer_words(self, upcard: UpCard) -> str:
        """The dealer's cards the player sees, as the first column prints them."""
        return value_name(upcard.up)

    def hand_words(self, hand: Hand) -> str:
        """The player's two cards as the strategy names them (``hard 16``, ``pair of 8s``)."""
        return key_text(key_of(hand, True, self.play.rules.splits))

    def frame(self) -> pd.DataFrame:
        import pandas as pd

        data = []
        for upcard, hand, chance, options, taken in self.rows:
            row: dict[str, object] = {self.dealer_heading: self.dealer_words(upcard), "player": str(hand),
                                      "hand": self.hand_words(hand), "probability": chance}
            for o in OPTIONS:
                row[f"ev_{o.name}"] = float(options[o.name]) if o.name in options else float("nan")
            row["decision"] = taken
            data.append(row)
        return pd.DataFrame(data)

    def summary(self) -> str:
        taken = self.taken()
        total = sum(taken.values())
        return "; ".join(f"{o} {percent(Fraction(n, total), 2)}" for o, n in taken.items() if n) + " of the first two cards"


@dataclass(eq=False)
class AfterHitting(FirstTwoCards):
    """The optimal play after hitting: one row per up card and hand of three cards or more."""

    name: str = "after hitting"

    @cached_property
    def weights(self) -> dict[tuple[int, int], Fraction]:
        """Each hand of three cards or more's chance of being reached with each up card (the up card's chance in it)."""
        from .basic import reached

        return {(up, h): w for up, u in self.play.upcards.items() for h, w in reached(u).items() if hand_table().cards[h] >= 3}

    def taken(self) -> dict[str, int]:
        """Rounds reaching a hand of three cards or more and taking each option there, in ordered deals of the up card
        and as many cards as the longest such hand holds: one unit for hands of every length, each count whole."""
        cards = hand_table().cards
        total = math.perm(self.play.shoe.size, 1 + max((cards[h] for _, h in self.weights), default=0))
        out = {o.name: 0 for o in OPTIONS}
        for (up, h), w in self.weights.items():
            deals = w * total
            assert deals.denominator == 1, "a hand's reach is a count of deals"
            out[self.play.upcards[up].valued[h].taken] += deals.numerator
        return out

    def frame(self) -> pd.DataFrame:
        import pandas as pd

        table = hand_table()
        words: dict[int, tuple[str, str]] = {}  # a hand's cards and key in words, once: it is reached under most up cards
        names = ("dealer shows", "player", "hand", "probability", *(f"ev_{o.name}" for o in OPTIONS), "decision")
        columns: tuple[list[object], ...] = tuple([] for _ in names)  # a column at a time: tens of thousands of rows
        shows, player, hand, probability, *evs, decision = columns
        for (up, h), w in self.weights.items():
            valued = self.play.upcards[up].valued[h]
            if h not in words:
                words[h] = str(table.hands[h]), key_text(key_of(table.hands[h], False))
            options, denominator = valued.options, valued.denominator
            shows.append(value_name(up))
            player.append(words[h][0])
            hand.append(words[h][1])
            probability.append(w)
            for o, ev in zip(OPTIONS, evs):  # a whole number over the denominator, rounded once: the float of its Fraction, bit for bit
                ev.append(options[o.name] / denominator if o.name in options else float("nan"))
            decision.append(valued.taken)
        return pd.DataFrame(dict(zip(names, columns)) if shows else [])

    def summary(self) -> str:
        taken = self.taken()
        total = sum(taken.values()) or 1
        return "; ".join(f"{o} {percent(Fraction(n, total), 2)}" for o, n in taken.items() if n) + " of the hands of three cards or more"


@dataclass(eq=False)
class ChartView(UnrankedView):
    """One part of the basic strategy chart (hard totals, soft totals or pairs of the first two cards), by up card."""

    game: BlackjackGame
    figures: BlackjackFigures
    kind: str
    by_category: bool = False
    history: str = ""
    threshold: str | None = None

    exhibits = Exhibits(chart_legend="H hit, S stand, D double, P split, R surrender; a lower-case letter is what to do "
                        "where the first is not allowed (Dh: double, else hit)")  # printed as a chart, cells coloured by action

    @property
    def name(self) -> str:
        return {"hard": "basic strategy, hard totals", "soft": "basic strategy, soft totals", "pair": "basic strategy, pairs"}[self.kind]

    @property
    def options(self) -> tuple[Option, ...]:
        return OPTIONS

    @cached_property
    def keys(self) -> list[tuple[str, int, bool]]:
        """The chart's rows: pairs, and the totals two cards that are not a pair can make."""
        dealt = {key_of(h, True, False) for u in self.figures.basic.play.upcards.values() for h in u.roots if h.pair is None}
        keys = {k for (_, k) in self.figures.strategy.orders if k[0] == self.kind and k[2] and (self.kind == "pair" or k in dealt)}
        return sorted(keys, key=lambda k: -((k[1] - 1) % VALUES) if self.kind == "pair" else -k[1])

    @cached_property
    def ups(self) -> list[int]:
        return [v for v in UP_ORDER if v in self.figures.basic.play.upcards]

    def code(self, up: int, key: tuple[str, int, bool]) -> str:
        strategy = self.figures.strategy
        return strategy.code(up, key) if (up, key) in strategy.orders else ""

    def taken(self) -> dict[str, int]:
        """Deals (up card and two cards, in order) of this part of the chart taking each option."""
        play = self.figures.basic.play
        total = play.shoe.size * (play.shoe.size - 1) * (play.shoe.size - 2)
        out = {o.name: 0 for o in OPTIONS}
        for upcard in play.upcards.values():
            for hand, root in upcard.roots.items():
                if root.taken != BLACKJACK_OPTION and key_of(hand, True, play.rules.splits)[0] == self.kind:
                    out[root.taken] += int(root.chance * total)
        return out

    def frame(self) -> pd.DataFrame:
        """The chart as printed: one row per total (or pair), one column per up card, each cell the code (``H``, ``S``,
        ``Dh``: double, else hit; ``P``: split; ``Rh``: surrender, else hit)."""
        import pandas as pd

        return pd.DataFrame([{"hand": _row_name(key), **{value_name(up): self.code(up, key) for up in self.ups}} for key in self.keys])

    def summary(self) -> str:
        """The chart in words: for each row, the up cards taking each code (``hard 12: H against 2-3, S against 4-6, ...``)."""
        parts = []  # (the par sheet heads every decision "optimal": this one is the chart, by total)
        for key in self.keys:
            groups: dict[str, list[int]] = defaultdict(list)
            for up in self.ups:
                groups[self.code(up, key)].append(up)
            if len(groups) == 1:
                parts.append(f"{_row_name(key)}: {next(iter(groups))}")
                continue
            parts.append(f"{_row_name(key)}: " + ", ".join(f"{code} against {_ranges(ups)}" for code, ups in groups.items()))
        return "the basic strategy chart, by total (not the optimal play; H hit, S stand, D double, P split, R surrender, "\
               "a lower-case letter what to do where the first is not allowed): " + "; ".join(parts)


@dataclass(eq=False)
class ByUpCard(UnrankedView):
    """A figure per dealer up card, printed as a table (its exhibits' ``table_caption``: the par sheet prints the view's
    frame as it is, no decision in it): the expected return of a round under each strategy, or the dealer's final totals."""

    game: BlackjackGame
    figures: BlackjackFigures
    kind: str  # "returns" | "dealer"
    by_category: bool = False
    history: str = ""
    threshold: str | None = None

    @property
    def name(self) -> str:
        return {"returns": "expected return by up card", "dealer": "dealer's final total by up card"}[self.kind]

    @property
    def exhibits(self) -> Exhibits:
        if self.kind == "returns":
            return Exhibits(table_caption="the expected return of a round per initial bet, given the dealer's up card, under "
                                          "the optimal and the basic strategy, and the chance of each up card")
        return Exhibits(table_caption="the chance of each final total of the dealer's hand under each up card, from the full "
                                      "shoe (where the dealer peeks, the blackjack is the hole card's chance of making one)")

    @property
    def options(self) -> tuple[Option, ...]:
        return ()

    @property
    def ups(self) -> list[int]:
        return [v for v in UP_ORDER if v in self.figures.optimal.play.upcards]

    def taken(self) -> dict[str, int]:
        return {}

    def frame(self) -> pd.DataFrame:
        import pandas as pd

        from .figures import OUTCOME_NAMES

        if self.kind == "returns":
            optimal, basic = self.figures.optimal.by_up_card(), self.figures.basic.by_up_card()
            upcards = self.figures.optimal.play.upcards
            return pd.DataFrame([{"dealer shows": value_name(up), "probability": f"{float(upcards[up].chance):.6f}",
                                  "optimal": _signed(optimal[up]), "basic strategy": _signed(basic[up])}
                                 for up in self.ups])
        dealer = self.figures.dealer
        apart = self.figures.rules.dealer_22_pushes  # Free Bet's 22 pushes: told apart from the other busts there alone

        def ends(up: int) -> dict[str, Fraction]:
            counts, out = dealer[up], {}
            for o, name in OUTCOME_NAMES.items():
                if apart or o not in ("22", "bust"):
                    out[name] = counts[o]
                elif o == "bust":
                    out["bust"] = counts["22"] + counts["bust"]
            return out

        return pd.DataFrame([{"dealer shows": value_name(up), **{name: f"{float(x):.6f}" for name, x in ends(up).items()}}
                             for up in self.ups])

    def summary(self) -> str:
        if self.kind == "returns":
            return returns_words(self.figures.optimal.by_up_card())
        bust = {up: c["22"] + c["bust"] for up, c in self.figures.dealer.items()}
        most = max(bust, key=lambda u: bust[u])
        return f"the dealer busts most often under {_card(most)} ({percent(bust[most], 2)})"


def returns_words(returns: Mapping[int, Fraction]) -> str:
    """The returns by up card (the optimal strategy's) in words: the best and the worst."""
    best, worst = max(returns, key=lambda u: returns[u]), min(returns, key=lambda u: returns[u])
    return (f"the player does best against {_card(best)} ({percent(returns[best], 2)}) and worst against "
            f"{_card(worst)} ({percent(returns[worst], 2)}), under the optimal strategy")


def _card(v: int) -> str:
    """An up card in a sentence: ``a 6``, ``an ace``, ``a ten``."""
    return {ACE: "an ace", 9: "a ten"}.get(v, f"a {value_name(v)}")


def _row_name(key: tuple[str, int, bool]) -> str:
    kind, value, _ = key
    return f"{value_name(value)},{value_name(value)}" if kind == "pair" else f"{kind} {value}"


def _ranges(ups: Sequence[int]) -> str:
    """Up cards as runs in chart order: ``2-6, A``."""
    order = [UP_ORDER.index(u) for u in ups]
    runs: list[list[int]] = []
    for i in sorted(order):
        if runs and i == runs[-1][-1] + 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    names = [value_name(UP_ORDER[i]) for i in range(len(UP_ORDER))]
    return ", ".join(names[r[0]] if len(r) == 1 else f"{names[r[0]]}-{names[r[-1]]}" for r in runs)


