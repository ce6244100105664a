"""Pai Gow Poker as a counting method behind the contract of :mod:`casino_math.contract.method`.

``PAI_GOW`` counts a :class:`~.game_file.PaiGowGame` exactly (:mod:`casino_math.methods.pai_gow.counting`) and returns a
:class:`~casino_math.contract.solution.Solution` like every method. The game's own bet is priced as casinos quote it: the
player setting his hands by the house way, as the banker does (its return table: both hands won, one each, none);
the strategy is that house way, as a lookup (``strategy.choose("set", {"player": "Ts Td 4c 4h Ad 9c 2s"})``: the
setting, each setting's exact value in the method's working) and as a table of its rules (which rule set how many
hands, how often the optimal setting differs, what the house way costs against it). The optimal setting's figures are
in the return table's notes and in the working (:class:`~.counting.Counts`, :meth:`Solution.own
<casino_math.contract.solution.Solution.own>`).

A deck of more than ``LOCAL_HANDS`` seven-card hands (the 53-card deck: 154,143,080) is counted by the cards the player's
and the banker's hands share (:mod:`~casino_math.methods.pai_gow.optimal`: about 8 min of processor time for 53 cards, the deck's classes
shared by its house ways in one process), the player setting
by the house way and optimally in one count, in shards on the run's runner (one process here by default), with its
progress, and kept in the count cache: a later run reads the results (outcomes, per rule and hand type, examples) back
at once. With a kept folder (``--cache``), the hands' points and classes lie there, one subfolder per house way.

>>> from casino_math.methods.pai_gow.game_file import load_pai_gow_text, TINY
>>> game = load_pai_gow_text(TINY)
>>> PAI_GOW.unfit(game) is None
True
>>> solution = PAI_GOW.solve(game)
>>> [(o.name, o.combinations) for o in solution.table.outcomes]
[('both hands won', 245528), ('one hand each (push)', 1384304), ('both hands lost', 703928)]
"""

from __future__ import annotations

import hashlib
import logging
import os
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import comb
from pathlib import Path
from typing import TYPE_CHECKING, Mapping

import numpy as np

from ...held import Held
from ...returns import Outcome, ReturnTable
from ...subsets import colex
from ...text import integer, percent
from ...game.description import Game, Option
from ...contract.solution import Decided, DecisionView, Exhibits, Solution, Strategy, UnrankedView
from ...contract.method import Method, Workload
from ...contract.money import Ends, History, pays_text
from ...counting.side_bets import side_bet_table
from .counting import Counts, kept_or_counted
from .coups import PaiGowCoups
from .game_file import SET, SET_OPTIONS, PaiGowGame
from .hands import SETTINGS
from .other_way import OtherWay, from_counts, kind_name, kinds_of

if TYPE_CHECKING:
    import pandas as pd

    from ...parallel import Runner
    from ...game.simple_strategies import Rule
    from ...levels import Progress
    from .optimal import OptimalTotals

LOCAL_HANDS = 2_000_000  # player hands counted hand by hand at most (the full deck's 154,143,080 are swept: .totals)
log = logging.getLogger("casino_math.count_cache")


class PaiGow(Method):
    """The Pai Gow Poker method (see the module)."""

    name = "Pai Gow Poker, exact over every setting"
    description = ("exhaustive enumeration of every deal: every seven-card hand set by the house way, each player "
                        "hand against every banker hand of the cards left (a small deck hand by hand and setting by "
                        "setting; the 53-card deck by inclusion-exclusion over the cards the two hands share, one sweep "
                        "per class of shared cards under the renamings of suits); exact integers, rounded only for printing")

    def unfit(self, game: Game) -> str | None:
        return None if isinstance(game, PaiGowGame) else "not a Pai Gow Poker game file (no pai_gow: section)"

    def solve(self, game: Game, rule: Rule | None = None, progress: Progress | None = None,
              runner: Runner | None = None) -> Solution:
        assert isinstance(game, PaiGowGame)
        if rule is not None:
            raise ValueError(f"{game.id}: Pai Gow Poker is priced by its house way and the optimal setting; no rule to force")
        hands = comb(len(game.deck), 7)
        if not game.wagers:  # side bets only: nothing of the game's own bet to count
            return Solution(self.name, game, None, Strategy(game), None, hands, hands, lambda: self.side_bets(game))
        counts = kept_or_counted(game) if hands <= LOCAL_HANDS else None
        full = kept_or_counted_optimal(game, progress, runner) if counts is None else None
        totals = HouseTotals.of(counts) if counts is not None else HouseTotals.of_full(full)  # type: ignore[arg-type]
        optimal = optimal_figures(counts, full)
        table, ends = return_table(game, totals, optimal)
        views: tuple[DecisionView, ...] = (HouseWayView(game, totals, optimal, counts, full, progress, runner),)
        lookup = Lookup(game, counts) if counts is not None else None
        return Solution(self.name, game, table, Strategy(game, views, lookup), ends, hands, totals.deals,
                        lambda: self.side_bets(game), working=lambda: counts if counts is not None else full)

    def side_bets(self, game: Game) -> dict[str, ReturnTable]:
        return {bet.name: side_bet_table(game, bet) for bet in game.side_bets}

    def workload(self, game: Game) -> Workload:
        """The files of one deck go together: the first file's house way is priced against each other's from their
        counts (``compare``), and the full deck's count runs on every core already."""
        return Workload.of_deals(("Pai Gow Poker", game.deck), game)

    def coups(self, solution: Solution) -> PaiGowCoups:
        """Deals set by the house way card by card, for the simulator (:mod:`casino_math.methods.pai_gow.coups`)."""
        return PaiGowCoups(solution)


END_NAMES = (("player_higher", "both hands won"), ("equal", "one hand each (push)"), ("dealer_higher", "both hands lost"))


@dataclass(frozen=True, eq=False)
class PaiGowEnds(Ends):
    """Deals by how they end (both hands won, one each, none), priced at any game's results for them (the commission
    changed): :meth:`Solution.replayed <casino_math.contract.solution.Solution.replayed>`."""

    deals: tuple[int, int, int] = (0, 0, 0)
    notes: tuple[str, ...] = ()

    def table(self, game: Game) -> ReturnTable:
        bet = game.wagers[0]
        rows = []
        for (situation, name), deals in zip(END_NAMES, self.deals):
            result = bet.settle[situation]
            net = result.unit_net()
            rows.append(Outcome(name, net, deals, pays_text(net), (("situation", situation),)))
        return ReturnTable(game.bet, tuple(rows), notes=self.notes)


@dataclass(frozen=True, eq=False)
class HouseTotals:
    """The player setting by the house way against the banker doing the same, over every deal: deals won both, lost
    both, and how many of the player's seven-card hands each rule of the house way set."""

    won: int
    lost: int
    deals: int
    by_rule: np.ndarray  # (rules,)

    @property
    def push(self) -> int:
        return self.deals - self.won - self.lost

    @classmethod
    def of(cls, counts: Counts) -> HouseTotals:
        won, _, lost = counts.ends(counts.house)
        return cls(won, lost, counts.deals, np.bincount(counts.rule, minlength=len(counts.game.way.rules)))

    @classmethod
    def of_full(cls, full: OptimalTotals) -> HouseTotals:
        """From the optimal setting's count over every deal, which counts the house way's beside it."""
        won, _, lost = full.house
        return cls(won, lost, full.deals, np.array([c.hands for c in full.by_rule], dtype=np.int64))


@dataclass(frozen=True, eq=False)
class Optimal:
    """The player setting each hand optimally (the setting of highest exact expected value against the banker's hands
    left) against the banker's house way: deals won both, pushed, lost both; the player hands set otherwise than the
    house way sets them, and, per rule of the house way, those hands and the expected value the house way gives up
    there (in units of 1 / ``scale`` of the initial stake, over all deals)."""

    won: int
    push: int
    lost: int
    expected: Fraction
    hands: int
    differs: int
    differs_by_rule: np.ndarray | None = None  # (rules,); None: not counted rule by rule
    cost_by_rule: np.ndarray | None = None  # (rules,), integers over scale
    scale: int = 1

    @classmethod
    def of(cls, counts: Counts) -> Optimal:
        v = counts.values()
        house, best = v[counts.rows, counts.house], v[counts.rows, counts.optimal]
        rules = len(counts.game.way.rules)
        differs = counts.optimal != counts.house
        cost = np.array([int((best[counts.rule == r] - house[counts.rule == r]).sum()) for r in range(rules)], dtype=object)
        return cls(*counts.ends(counts.optimal), counts.expected(counts.optimal), len(counts.hands), int(differs.sum()),
                   np.bincount(counts.rule[differs], minlength=rules), cost, counts.deals * counts.game.commission.denominator)

    @classmethod
    def of_full(cls, full: OptimalTotals) -> Optimal:
        """From the optimal setting's count over every deal (:mod:`~casino_math.methods.pai_gow.optimal`): per rule, its hands set otherwise and
        the expected value the house way gives up there."""
        scale = full.deals * full.commission.denominator
        cost = np.array([int(c.gain * scale) for c in full.by_rule], dtype=object)
        return cls(*full.optimal, -full.optimal_edge, full.hands, full.differs,
                   np.array([c.differs for c in full.by_rule], dtype=np.int64), cost, scale)


def optimal_figures(counts: Counts | None, full: OptimalTotals | None) -> Optimal | None:
    """The optimal setting's figures: from the per-hand counts where the deck is small enough to count hand by hand,
    else from the optimal setting's own count over every deal (:mod:`~casino_math.methods.pai_gow.optimal`, the 53-card deck). None: neither
    (the par sheet says the optimal setting is not counted for this deck)."""
    if counts is not None:
        return Optimal.of(counts)
    return Optimal.of_full(full) if full is not None else None


def return_table(game: PaiGowGame, totals: HouseTotals, optimal: Optimal | None) -> tuple[ReturnTable, PaiGowEnds]:
    """Both hands won, one each, none: the player setting by the house way; the optimal setting's in the notes."""
    hands = comb(len(game.deck), 7)
    notes = [*game.notes, f"every deal: {hands:,} player hands × {comb(len(game.deck) - 7, 7):,} banker hands, the "
                          "banker's set by the house way"]
    if optimal is None:
        notes.append("the player sets by the house way too (the table); the optimal setting is not counted for this deck")
    else:
        d = totals.deals
        notes += ["the player sets by the house way too (the table); set optimally (the highest exact expected value "
                  f"against the banker's hands left) he wins both {percent(Fraction(optimal.won, d), 4)}, pushes "
                  f"{percent(Fraction(optimal.push, d), 4)}, loses both {percent(Fraction(optimal.lost, d), 4)}: "
                  f"house edge {percent(-optimal.expected, 4)}",
                  f"the optimal setting differs from the house way's on {optimal.differs:,} of {optimal.hands:,} hands "
                  f"({percent(Fraction(optimal.differs, optimal.hands), 2)})"]
    ends = PaiGowEnds({}, (), None, (totals.won, totals.push, totals.lost), tuple(notes))  # type: ignore[arg-type]
    return ends.table(game), ends


# -- the house way and the optimal setting over a big deck, kept between runs (casino_math/count_cache.py) -----------
TOTALS_KIND = "Pai Gow Poker house way and optimal setting"


def kept_or_counted_optimal(game: PaiGowGame, progress: Progress | None, runner: Runner | None) -> OptimalTotals:
    """The player setting by the house way and optimally against the banker's house way over every deal
    (:func:`.optimal.optimal_totals`), read back from the count cache if kept there, else counted in shards on
    ``runner`` (by default in this process on a thread per local core, in as few parts as the memory free holds:
    :func:`.optimal.counted_on`) and kept.
    The optimal setting depends on the commission, so the key holds it beside the house way's."""
    from ...count_cache import current
    from .counting import CODE, count_key
    from .optimal import OptimalTotals, counted_on, optimal_totals

    cache = current()
    key = f"{count_key(game)} commission {game.commission}"
    if cache is not None:
        found, stored = cache.load(TOTALS_KIND, key, game.id, CODE)
        if found:
            try:
                kept = stored["totals"]
                if not isinstance(kept, OptimalTotals) or len(kept.by_rule) != len(game.way.rules) \
                        or sum(c.hands for c in kept.by_rule) != comb(len(game.deck), 7) or kept.deals != deals_of(game):
                    raise ValueError("not this house way's counts")
                return kept
            except (ValueError, KeyError, TypeError) as error:
                log.warning(f"the counts of {game.id} kept in {cache.folder} do not fit this game ({type(error).__name__}); "
                            "they are computed again")
    where, parts, threads = counted_on(game, runner)
    totals = optimal_totals(game, _points_folder(game, where), where, progress, parts, deck=_deck_folder(game, where),
                            threads=threads)
    if cache is not None:
        cache.keep(TOTALS_KIND, key, game.id, {"totals": totals}, CODE)
    return totals


class _Scratch:
    """A temporary folder removed when this object goes or the process ends, by the process that made it only (a
    forked worker's copy of it never removes its parent's folder)."""

    def __init__(self) -> None:
        import tempfile
        import weakref

        self.name = tempfile.mkdtemp(prefix="pai-gow-")
        weakref.finalize(self, _remove, self.name, os.getpid())


def _remove(folder: str, owner: int) -> None:
    import shutil

    if os.getpid() == owner:
        shutil.rmtree(folder, ignore_errors=True)


_SCRATCH: Held[int, _Scratch] = Held()  # this process's folder for the big deck's counts (see _scratch)


def _scratch() -> str:
    """A folder of this process for the counts over a big deck where the runner keeps none: each house way's points
    and the deck's classes, which the next file of the deck (a report's, a compare's) reads again instead of counting
    them anew; removed when the process ends or forgets what it holds (:func:`casino_math.held.forget_all`)."""
    if os.getpid() not in _SCRATCH:  # a forked worker makes its own
        _SCRATCH[os.getpid()] = _Scratch()
    return _SCRATCH[os.getpid()].name


def _points_folder(game: PaiGowGame, where: Runner) -> str:
    """Where the hands' points and classes of this house way lie: in the runner's kept folder (a stopped run resumes),
    one folder per house way, so that another file's run there never reads them; else in this process's scratch."""
    from .counting import count_key

    return _folder(where, f"pai-gow-{game.sha256[:16]}", count_key(game))


def _deck_folder(game: PaiGowGame, where: Runner) -> str:
    """Where the deck's classes (of hands and of card sets), which no house way changes, are shared between the
    house ways' folders (:func:`_points_folder`)."""
    deck = repr((game.deck.name, game.deck.ranks, game.deck.jokers, len(game.deck)))
    return _folder(where, f"pai-gow-deck-{hashlib.sha256(deck.encode()).hexdigest()[:16]}", deck)


def _folder(where: Runner, scratch_name: str, key: str) -> str:
    """A folder in the runner's kept folder named by ``key`` and the engine (what other code counted is never read
    back), else ``scratch_name`` in this process's scratch; made if missing."""
    from ...parallel import shard_engine

    if not where.cache:
        folder = Path(_scratch()) / scratch_name
    else:
        folder = Path(where.cache) / f"pai-gow-{hashlib.sha256(f'{key}|{shard_engine()}'.encode()).hexdigest()[:16]}"
    folder.mkdir(parents=True, exist_ok=True)
    return str(folder)


OTHER_KIND = "Pai Gow Poker another house way against the banker's"


def kept_or_counted_other(game: PaiGowGame, other: PaiGowGame, progress: Progress | None,
                          runner: Runner | None) -> OtherWay:
    """A player setting by ``other``'s house way against the game's banker, beside one setting by the game's own, over
    every deal (:func:`.optimal.other_way_totals`): read back from the count cache if kept there, else counted in
    shards on ``runner`` (by default in this process on a thread per local core) and kept, under both ways' rules and the commission."""
    from ...count_cache import current
    from .counting import CODE, count_key
    from .optimal import counted_on, other_way_totals
    from .other_way import OtherWay

    cache = current()
    key = f"{count_key(game)} commission {game.commission} player by {count_key(other)}"
    if cache is not None:
        found, stored = cache.load(OTHER_KIND, key, f"{game.id} against {other.id}", CODE)
        if found:
            try:
                kept = stored["other way"]
                if not isinstance(kept, OtherWay) or kept.deals != deals_of(game) \
                        or sum(t.hands for t in kept.by_hand) != comb(len(game.deck), 7):
                    raise ValueError("not these house ways' counts")
                return kept
            except (ValueError, KeyError, TypeError) as error:
                log.warning(f"the counts of {other.id} against {game.id} kept in {cache.folder} do not fit these games "
                            f"({type(error).__name__}); they are computed again")
    where, parts, threads = counted_on(game, runner)
    result = other_way_totals(game, other, _points_folder(game, where), _points_folder(other, where), where, progress,
                              parts, deck=_deck_folder(game, where), threads=threads)
    if cache is not None:
        cache.keep(OTHER_KIND, key, f"{game.id} against {other.id}", {"other way": result}, CODE)
    return result


def deals_of(game: Game) -> int:
    """Every deal: the player's seven cards, then the banker's seven of the rest."""
    return comb(len(game.deck), 7) * comb(len(game.deck) - 7, 7)


def card_rows(game: Game, seen: np.ndarray) -> np.ndarray:
    """Rows of seven card ids as the counts' rows (each hand's colex rank)."""
    return colex(np.sort(seen, axis=1))


@dataclass(frozen=True, eq=False)
class Lookup:
    """The house way looked up: ``set`` for a player's seven cards gives the house way's setting, with every setting's
    exact value (illegal ones very low)."""

    game: PaiGowGame
    counts: Counts

    def decide(self, decision: str, stakes: History, seen: Mapping[str, np.ndarray]) -> Decided | None:
        if decision != SET:
            raise KeyError(f"{self.game.id} has no decision {decision!r} (set)")
        players = seen["player"]
        if players.shape[1] != 7:
            raise ValueError("Pai Gow Poker's decision sees the player's seven cards")
        rows = card_rows(self.game, players)
        values = self.counts.values()[rows].T
        scale = self.counts.banker_hands * self.game.commission.denominator
        return Decided(SET_OPTIONS, self.counts.house[rows], values.astype(object), scale)


@dataclass(eq=False)
class HouseWayView(UnrankedView):
    """The house way as the par sheet shows it: each rule in the casino's words, the player hands it set, and where the
    optimal setting is counted, how often it differs there and what the house way costs against it (per rule, by
    hand type, with examples)."""

    game: PaiGowGame
    totals: HouseTotals
    optimal: Optimal | None = None
    counts: Counts | None = None
    full: OptimalTotals | None = None  # the optimal setting counted over every deal of a big deck (:mod:`~casino_math.methods.pai_gow.optimal`)
    progress: Progress | None = None  # hears of another house way's count over a big deck (:meth:`other_way`)
    runner: Runner | None = None  # where that count runs
    name: str = SET
    by_category: bool = False
    history: str = ""
    threshold: str | None = None

    @property
    def options(self) -> tuple[Option, ...]:
        return SET_OPTIONS

    def taken(self) -> dict[str, int]:
        """Player hands by the setting the house way takes (which two of the seven cards, by rank, go to the low hand);
        counted hand by hand (a small deck) only."""
        by_setting = Counter(self._counts().house.tolist())
        return {o.name: by_setting.get(i, 0) for i, o in enumerate(SET_OPTIONS)}

    def _counts(self) -> Counts:
        if self.counts is None:
            raise ValueError(f"{self.game.id}: the hands of this deck are counted by the cards two hands share, not hand "
                             "by hand: settings, hand types and other house ways are counted on small decks")
        return self.counts

    @property
    def exhibits(self) -> Exhibits:
        """The house way as the par sheet shows it (what the strategy is: not a backward induction but a house way, the
        optimal setting beside it; its rules and what they cost), what ``compare`` shows of another file's house way
        against this game, and what setting optimally gains (a claim's figure)."""
        optimal = ("The optimal setting is counted beside it: for each hand, the setting of highest exact expected "
                   "value against every banker hand of the cards left.") if self.optimal is not None else (
                   "The optimal setting is not counted for this deck.")
        intro = ("As casinos quote the game, the player sets his seven cards as the banker does, by the house way: its "
                 "rules, in the casino's words, are tried in order and the first that fits the hand sets it. " + optimal)
        return Exhibits(intro=intro, breakdown=self.breakdown, other_way_figures=self.other_way_figures,
                        optimal_gain=self.optimal_gain)

    def breakdown(self) -> list[tuple[str, pd.DataFrame]]:
        """The house way rule by rule (and, where the optimal setting is counted, by hand type and with examples), as
        the par sheet shows it: (caption, table) each."""
        frame = self.frame()
        if self.by_rule is not None:
            frame = frame.assign(cost=[percent(c, 4) for c in frame["cost"]]).drop(columns=["cost_float"])
        words = {"rule": "Rule (the casino's words)", "where": "Written at", "hands": "Player hands it sets",
                 "optimal differs": "Set otherwise by the optimal setting", "cost": "Cost of the house way"}
        out = [("The player setting by the house way (the return table) and, where counted, optimally; against the "
                "banker setting by the house way, over every deal.", self.outcomes()),
               ("Each rule of the house way, as the casino publishes it, where the game file writes it, and how many of "
                f"the {integer(int(self.totals.by_rule.sum()))} seven-card hands it sets"
                + (("; how many of them the optimal setting sets otherwise, and the expected value the house way gives "
                    "up there (per initial stake, over all deals)") if self.by_rule is not None else "") + ".",
                frame.rename(columns=words))]
        if self.counts is not None or self.full is not None:
            hands = self.by_hand()
            hands = hands.assign(cost=[percent(c, 4) for c in hands["cost"]]).drop(columns=["cost_float"])
            out.append(("The house way's cost against the optimal setting by hand type (the hand's pairs, the joker an "
                        "ace, and the best straight or flush besides): per initial stake, over all deals.",
                        hands.rename(columns={**words, "hand": "Hand", "hands": "Player hands"})))
        if self.full is not None:
            out.append(("Examples of hands the optimal setting sets otherwise: of each hand type, the hand where the house "
                        "way gives up most, both settings (high hand / low hand) and what the house way gives up on "
                        "that hand (per initial stake).", self.examples().rename(columns={
                            "hand": "Hand", "type": "Hand type", "house way": "House way (high / low)",
                            "optimal": "Optimal (high / low)", "given up": "Given up by the house way"})))
        elif self.counts is not None:
            out.append(("Examples of hands the optimal setting sets otherwise: the first such hand of each rule, each "
                        "setting's expected value per initial stake.", self.examples().rename(columns={
                            "hand": "Hand", "rule": "Rule", "house way": "House way (high | low)", "house way EV": "EV",
                            "optimal": "Optimal (high | low)", "optimal EV": "EV, optimal"})))
        return out

    def outcomes(self) -> pd.DataFrame:
        """Both hands won, one each, both lost and the house edge, the player setting by the house way and optimally."""
        import pandas as pd

        t, d = self.totals, self.totals.deals
        rows = [("by the house way", t.won, t.push, t.lost)]
        if self.optimal is not None:
            rows.append(("optimally", self.optimal.won, self.optimal.push, self.optimal.lost))
        net = 1 - self.game.commission
        return pd.DataFrame([{"Player sets": name, "Both hands won": percent(Fraction(w, d), 4),
                              "One each (push)": percent(Fraction(p, d), 4), "Both hands lost": percent(Fraction(lo, d), 4),
                              "House edge": percent(Fraction(lo - w * net, d), 4)} for name, w, p, lo in rows])

    def frame(self) -> pd.DataFrame:
        """One row per rule: its text, where it is written (file:line), the player hands it set; with the optimal
        setting counted, how many of them it sets otherwise and the house way's cost there (exact and float)."""
        import pandas as pd

        rows = []
        for index, rule in enumerate(self.game.way.rules):
            said = rule.summary if rule.play_as is None else f"{rule.summary} (these hands are set, and counted, by the {rule.play_as} rules)"
            row: dict[str, object] = {"rule": said, "where": _written_at(rule.where), "hands": int(self.totals.by_rule[index])}
            if self.by_rule is not None:
                differs, costs, scale = self.by_rule
                cost = Fraction(int(costs[index]), scale)
                row |= {"optimal differs": int(differs[index]), "cost": cost, "cost_float": float(cost)}
            rows.append(row)
        return pd.DataFrame(rows)

    @property
    def by_rule(self) -> tuple[np.ndarray, np.ndarray, int] | None:
        """The optimal setting per rule (hands it sets otherwise, the house way's cost over ``scale``), where counted."""
        o = self.optimal
        if o is None or o.differs_by_rule is None or o.cost_by_rule is None:
            return None
        return o.differs_by_rule, o.cost_by_rule, o.scale

    @cached_property
    def kinds(self) -> np.ndarray:
        return kinds_of(self.game.way, self._counts().hands)

    def by_hand(self) -> pd.DataFrame:
        """The house way's cost by hand type: hands, how often the optimal setting differs, the cost (per deal)."""
        import pandas as pd

        if self.full is not None:  # counted over every deal by hand type (:mod:`~casino_math.methods.pai_gow.optimal`)
            return pd.DataFrame([{"hand": c.name, "hands": c.hands, "optimal differs": c.differs, "cost": c.gain,
                                  "cost_float": float(c.gain)} for c in self.full.by_hand])
        c = self._counts()
        v = c.values()
        gain = v[c.rows, c.optimal] - v[c.rows, c.house]
        scale = c.deals * self.game.commission.denominator
        rows = []
        for code in np.unique(self.kinds):
            mine = self.kinds == code
            cost = Fraction(int(gain[mine].sum()), scale)
            rows.append({"hand": kind_name(int(code)), "hands": int(mine.sum()),
                         "optimal differs": int((c.optimal[mine] != c.house[mine]).sum()), "cost": cost,
                         "cost_float": float(cost)})
        return pd.DataFrame(rows)

    def examples(self) -> pd.DataFrame:
        """The first hand (in card order) of each rule that the optimal setting sets otherwise: both settings as high
        hand | low hand, and each one's exact expected value per initial stake. Over a big deck (counted by
        :mod:`~casino_math.methods.pai_gow.optimal`): the hand of each hand type where the house way gives up most, and what it gives up."""
        import pandas as pd

        if self.full is not None:  # counted over every deal: the hand of each type where the house way costs most
            return pd.DataFrame([{"hand": e.hand, "type": e.kind, "house way": e.house, "optimal": e.optimal,
                                  "given up": f"{float(e.gain):+.6f}"} for e in self.full.examples])
        c = self._counts()
        v = c.values()
        scale = c.banker_hands * self.game.commission.denominator
        rows = []
        for index, rule in enumerate(self.game.way.rules):
            found = np.flatnonzero((c.rule == index) & (c.optimal != c.house))
            if not len(found):
                continue
            row = int(found[0])
            way, best = int(c.house[row]), int(c.optimal[row])
            rows.append({"hand": _cards(self.game, c.hands[row]), "rule": _written_at(rule.where),
                         "house way": _setting(self.game, c.hands[row], way),
                         "house way EV": f"{float(Fraction(int(v[row, way]), scale)):+.6f}",
                         "optimal": _setting(self.game, c.hands[row], best),
                         "optimal EV": f"{float(Fraction(int(v[row, best]), scale)):+.6f}"})
        return pd.DataFrame(rows)

    def other_way(self, other: PaiGowGame) -> OtherWay | None:
        """A player setting by another file's house way against this game's banker (:mod:`~casino_math.methods.pai_gow.other_way`): from the
        per-hand counts of a small deck, else counted over every deal (kept in the count cache); None where the other
        file deals another deck or ranks A-2-3-4-5 otherwise."""
        if other.deck != self.game.deck or other.way.hands.wheel_second != self.game.way.hands.wheel_second:
            return None
        if self.counts is not None:
            return from_counts(self.counts, other.way)
        return kept_or_counted_other(self.game, other, self.progress, self.runner)

    def compared(self, other: PaiGowGame) -> pd.DataFrame:
        """Another file's house way beside this one, by hand type: the player hands it sets otherwise (to other values)
        and what a player setting by it instead gives up against this game's banker (per initial stake over all deals;
        negative where it does better)."""
        import pandas as pd

        found = self.other_way(other)
        if found is None:
            raise ValueError(f"{other.id}: another deck or ranking than {self.game.id}'s")
        return pd.DataFrame([{"hand": t.name, "hands": t.hands, "set otherwise": t.differs, "cost": t.cost,
                              "cost_float": float(t.cost)} for t in found.by_hand])

    def other_way_figures(self, other: Game) -> list[tuple[str, object]]:
        """Another game file's house way, set by a player against this game's banker, as ``compare`` shows it: the
        player hands it sets otherwise, that player's house edge and what setting so costs him (per initial stake,
        over all deals; negative: it does better), in all and by hand type, with the first hands of each type set
        otherwise as examples; none where the other file is not Pai Gow Poker on this deck."""
        if not isinstance(other, PaiGowGame):
            return []
        found = self.other_way(other)
        if found is None:
            return []
        out: list[tuple[str, object]] = [
            ("hands its house way sets otherwise than the first file's", found.differs),
            ("house edge of a player setting by its house way against the first file's banker (per initial stake)",
             found.edge(found.other)),
            ("its house way's cost against the first file's banker (per initial stake)", found.cost)]
        for t in found.by_hand:
            if t.differs:
                out += [(f"{t.name}: hands set otherwise", t.differs), (f"{t.name}: cost (per initial stake)", t.cost)]
                out += [(f"{t.name}: example {i}", f"{e.hand}: {e.house} by the first file's way, {e.other} by this "
                         f"one, which {'loses' if e.cost > 0 else 'gains'} {percent(abs(e.cost), 4)} of the bet on this hand")
                        for i, e in enumerate((e for e in found.examples if e.kind == t.name), 1)]
        return out

    @property
    def optimal_gain(self) -> Fraction | None:
        """What a player setting optimally rather than by the house way gains, per initial stake (None: not counted)."""
        if self.optimal is None:
            return None
        return self.optimal.expected - Fraction(self.totals.won * (1 - self.game.commission) - self.totals.lost, self.totals.deals)

    def summary(self) -> str:
        rules = f"as casinos quote the game, the player sets as the banker does, by the house way ({len(self.game.way.rules)} rules)"
        gain = self.optimal_gain
        if gain is None:
            return rules + "; the optimal setting is not counted for this deck"
        return rules + f", not optimally: setting optimally gains {percent(gain, 4)} of the bet"


def _written_at(where: str) -> str:
    """A rule's ``file:line`` with the file's name alone (the par sheet's bytes do not depend on where files lie)."""
    path, _, line = where.rpartition(":")
    return f"{Path(path).name}:{line}" if path else where


def _cards(game: PaiGowGame, ids: np.ndarray) -> str:
    return " ".join(str(game.deck.cards[i]) for i in reversed(ids.tolist()))


def _setting(game: PaiGowGame, ids: np.ndarray, setting: int) -> str:
    """A setting as dealers write it: the high hand | the low hand, high cards first."""
    low = set(SETTINGS[setting])
    order = list(reversed(range(len(ids))))
    return (" ".join(str(game.deck.cards[ids[i]]) for i in order if i not in low) + " | "
            + " ".join(str(game.deck.cards[ids[i]]) for i in order if i in low))


PAI_GOW = PaiGow()
