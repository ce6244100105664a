"""The counting method of shoe games with a decision: Casino War's war, Red Dog's raise, counted by kinds of card.

A game dealt from a shoe may take one decision after its first cards (:mod:`~casino_math.game.shoe_rules` reads it): open
on a tie (``when: equal``) or on an event (``when: spread``), with options that check, raise, fold or
surrender; a war (:class:`~.description.War`) or more cards follow. Its deals are counted as sequences of
ranks with their multiplicities in the shoe, never card by card, in two steps:

- **counts** (:func:`count`): every way the deal can end, without its pays: the stakes, the situation, the
  line of each of the game's own paytables. Deals that never meet the decision open are counted once;
  the others per class of cards the player has seen at the decision (the ranks of each role: the exact
  composition the rest of the shoe is dealt from) and per option. A deal is an ordered deal of the most
  cards the game can use (Casino War: the first two cards, three burnt and the two war cards, 7 in all);
  one that ends sooner stands for every way the cards after it fall, and a burnt card for every card it
  can be, so a burnt card changes no chance (the cards are exchangeable).
- **money** (:func:`solve_counts`): each end's net per initial unit at the game's pays; in each class the
  option of highest expected value (an exact tie goes by ``equal_ev``); the return table of the strategy.
  Counts depend on the rules and the shoe, never on the pays, so a paytable re-solved by the design
  tools costs the money step only.

>>> from casino_math.analysis import load_game
>>> game = load_game("paytables/casino_war/6-decks.yaml")
>>> solution = SHOE_DECISIONS.solve(game)
>>> f"{float(solution.table.metrics.house_edge):.4%}", solution.strategy.choose("tie", {"player": "7h", "up": "7s"}).option
('2.8771%', 'war')
>>> red_dog = SHOE_DECISIONS.solve(load_game("paytables/red_dog/1-deck.yaml"))
>>> red_dog.strategy.decisions[0].summary()
'stand with spread 1 to 6; raise with spread 7 to 11 (the same for every two cards of a spread)'
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any, Iterator, Mapping

import numpy as np

from ...cards import RANK_NAMES, Card
from ...errors import UnknownName
from ...returns import Outcome, ReturnTable
from ...shoe import SUITS, Shoe, falling
from ...text import percent
from ...counting.coup import Coup, first_line, holds
from ...game.description import SHOWDOWN, Deal, Decision, Game, Option, War
from ...counting.drawing import CoupSettler, Rows, bet_tables, places, too_fine
from ...counting.removal import RemovalEffects, counted_removal
from ...game.events import Event
from ...game.sections import Problem
from ...contract.method import Method
from ...contract.solution import Decided, Solution, Strategy, UnrankedView
from ...contract.money import History, Repriced, opening_stakes, pays_text, preference, units_text
from ...game.situations import Situation, surrendered
from ...game.tableau import ranges
from ...held import Held

if TYPE_CHECKING:
    import pandas as pd

    from ...parallel import Runner
    from ...game.simple_strategies import Rule
    from ...levels import Progress

SURRENDERED = "surrendered"  # how a surrendered deal ends (half of every stake given up), as its rows' keys say
SEEN = {"player": "player", "dealer": "up", "board": "board"}  # a role's cards as the strategy's lookup names them


@dataclass(frozen=True, order=True)
class End:
    """One way a deal ends, without its pays: the units on each staked wager, the situation, and the line of each of
    the game's own paytables that pays the final hands (-1: none)."""

    stakes: tuple[Fraction, ...]
    situation: str
    lines: tuple[int, ...]


Seen = tuple[tuple[str, tuple[int, ...]], ...]  # the ranks of each role's cards the player sees, sorted


@dataclass(frozen=True)
class SeenClass:
    """The deals that meet the decision open with these cards seen, and how they end after each option."""

    seen: Seen
    deals: int
    ends: tuple[Mapping[End, int], ...]  # per option of the decision, in the order the file lists them


@dataclass(frozen=True, eq=False)
class Counts:
    """Every deal of a game by how it ends (see the module): ``closed`` never meets the decision open."""

    game: Game
    shoe: Shoe
    cards: int  # the most cards a deal uses (burnt ones included): deals are ordered deals of this many
    closed: Mapping[End, int]
    classes: tuple[SeenClass, ...]

    @property
    def total(self) -> int:
        return falling(self.shoe.size, self.cards)


def unfit(game: Game) -> str | None:
    """Why the method cannot count ``game`` (None: it can)."""
    if not game.counted_by_kind:
        return "not dealt from a shoe nor valued in points"
    if not game.decisions or not game.wagers:
        return "no decision in the deal"
    return None


def most_cards(game: Game) -> int:
    """The cards the longest deal uses: every card dealt, and at war the burnt cards and the two war cards."""
    return sum(s.cards if isinstance(s, Deal) else s.burn + 2 if isinstance(s, War) else 0 for s in game.steps)


def _coup(game: Game, held: Mapping[str, tuple[int, ...]]) -> Coup:
    """The cards dealt as a coup to read events on (suits are never read here: every card a club)."""
    return Coup(game, {role: tuple(Card(r, 0) for r in ranks) for role, ranks in held.items()})


def _showdown(player: int, dealer: int) -> str:
    return SHOWDOWN[0] if player > dealer else SHOWDOWN[1] if player == dealer else SHOWDOWN[2]


def _opens(game: Game, decision: Decision, held: Mapping[str, tuple[int, ...]]) -> bool:
    """Whether the decision is open on the cards dealt so far."""
    when = decision.when.strip()
    if not when:
        return True
    coup = _coup(game, held)
    if isinstance(decision.opens_on, Event):
        return all(holds(game, atom, coup) for atom in decision.opens_on.atoms)
    return _showdown(coup.value("player"), coup.value("dealer")) == when


def count(game: Game, shoe: Shoe | None = None) -> Counts:
    """Every deal of ``game`` (from its shoe, or from ``shoe``: the same ranks, any counts) by how it ends."""
    shoe = shoe or Shoe.of(game.deck)
    ranks, size, cards = shoe.ranks, shoe.size, most_cards(game)
    staked = [w.name for w in game.wagers if w.bonus_on is None]
    tables = game.own_tables
    closed: Counter = Counter()
    classes: dict[Seen, list[Any]] = {}

    def add(ends: Counter, end: End, ways: int, dealt: int) -> None:
        ends[end] += ways * falling(size - dealt, cards - dealt)

    read: dict[tuple, tuple[str, tuple[int, ...]]] = {}  # the cards' situation and lines, whatever was staked on them

    def leaf(held: dict[str, tuple[int, ...]], stakes: tuple[Fraction, ...], war: tuple[int, int] | None) -> End:
        key = (tuple(sorted(held.items())), war)
        if key not in read:
            coup = _coup(game, held)
            if war is not None:
                situation = "war_" + _showdown(*war)
            elif game.has_dealer:
                situation = _showdown(coup.value("player"), coup.value("dealer"))
            else:
                situation = "played"
            read[key] = situation, tuple(first_line(game, t, coup) for t in tables)
        return End(stakes, *read[key])

    def walk(step: int, held: dict[str, tuple[int, ...]], left: list[int], ways: int, dealt: int,
             stakes: tuple[Fraction, ...], into: Counter, decided: bool = False) -> None:
        """Deal the steps from ``step`` on; ``into`` counts the ends (the closed deals', or a class's option's);
        ``decided``: an option that plays on was taken (at a war, the player went to war)."""
        if step == len(game.steps):
            add(into, leaf(held, stakes, None), ways, dealt)
            return
        now = game.steps[step]
        if isinstance(now, Deal):
            for held2, left2, ways2 in _deal(now.role, now.cards, held, left, ways):
                walk(step + 1, held2, left2, ways2, dealt + now.cards, stakes, into, decided)
        elif isinstance(now, Decision):
            if not _opens(game, now, held):
                walk(step + 1, held, left, ways, dealt, stakes, into)
                return
            seen = tuple((role, tuple(sorted(held.get(role, ())))) for role in SEEN if held.get(role))
            entry = classes.setdefault(seen, [0, [Counter() for _ in now.options]])
            entry[0] += ways * falling(size - dealt, cards - dealt)
            for o, option in enumerate(now.options):
                if option.surrenders or option.folds:  # the deal ends here
                    add(entry[1][o], End(stakes, SURRENDERED if option.surrenders else "folded", ()), ways, dealt)
                    continue
                raised = list(stakes)
                for wager, units in option.adds:
                    raised[staked.index(wager)] += units
                walk(step + 1, held, left, ways, dealt, tuple(raised), entry[1][o], True)
        elif isinstance(now, War):
            if not decided:  # no tie, so no war: the first cards settle
                walk(step + 1, held, left, ways, dealt, stakes, into)
                return
            # the burnt cards are any cards (counted with the cards no deal reads): the war cards follow at once
            for war_player, left2, ways2 in _deal("player", 1, {}, left, ways):
                for war_dealer, _, ways3 in _deal("dealer", 1, {}, left2, ways2):
                    add(into, leaf(held, stakes, (war_player["player"][0], war_dealer["dealer"][0])), ways3, dealt + 2)
        else:
            raise TypeError(f"{game.id}: a {type(now).__name__} step is not counted with a decision")

    def _deal(role: str, n: int, held: dict[str, tuple[int, ...]], left: list[int],
              ways: int) -> Iterator[tuple[dict[str, tuple[int, ...]], list[int], int]]:
        if n == 0:
            yield held, left, ways
            return
        for r, k in enumerate(left):
            if k:
                rest = left.copy()
                rest[r] -= 1
                yield from _deal(role, n - 1, {**held, role: held.get(role, ()) + (ranks[r],)}, rest, ways * k)

    walk(0, {}, [int(n) for n in shoe.rank_counts], 1, 0, opening_stakes(game), closed)
    found = tuple(SeenClass(seen, deals, tuple(dict(c) for c in ends)) for seen, (deals, ends) in sorted(classes.items()))
    return Counts(game, shoe, cards, dict(closed), found)


KEPT = 8  # the counts of the last few games met (a session editing one game's pays reads one)
_KEPT: Held[str, Counts] = Held(most=KEPT)  # counts by what they depend on (the rules and the shoe, never the pays)


def kept_count(game: Game) -> Counts:
    """:func:`count` of the game's own shoe, kept for the run: a paytable re-solved by the design tools costs no count."""
    hands = [(h.name, h.of, h.best, h.ranking_name) for h in game.hands.values()]
    lines = [(t, [(line.key, repr(line.pattern)) for line in game.paytables[t].lines]) for t in game.own_tables]
    key = repr((game.deck, game.steps, hands, lines, [w.name for w in game.wagers if w.bonus_on is None]))
    if key not in _KEPT:
        _KEPT[key] = count(game)
    _KEPT.move_to_end(key)
    return dataclasses.replace(_KEPT[key], game=game)


# -- money --------------------------------------------------------------------------------------------------------
def net(game: Game, end: End) -> Fraction:
    """What a deal ending so nets per initial unit at ``game``'s pays: every staked wager (with its bonuses) settled in
    the end's situation, by the line its table pays; a surrender gives up half of every stake."""
    initial = game.initial_stake or Fraction(1)
    if end.situation == SURRENDERED:
        return -sum(end.stakes, Fraction(0)) / 2 / initial
    staked = [w for w in game.wagers if w.bonus_on is None]
    total = Fraction(0)
    for wager, stake in zip(staked, end.stakes):
        if not stake:
            continue
        for rider in (w for w in game.wagers if w.name == wager.name or w.bonus_on == wager.name):
            result = rider.settle[end.situation]
            paid = None
            if result.kind == "pays":
                line = end.lines[game.own_tables.index(result.table)]
                paid = game.paytables[result.table].lines[line].pay.net if line >= 0 else None
            total += stake * result.unit_net(paid, rider.bonus_on is not None)
    return total / initial


def values(game: Game, counts: Counts) -> list[list[Fraction]]:
    """Each option's expected value per initial unit, per class of seen cards."""
    nets: dict[End, Fraction] = {}
    out = []
    for seen in counts.classes:
        row = []
        for ends in seen.ends:
            total = sum((n * nets.setdefault(end, net(game, end)) for end, n in ends.items()), Fraction(0))
            row.append(total / seen.deals)
        out.append(row)
    return out


def chosen(game: Game, counts: Counts, evs: list[list[Fraction]], rule: Rule | None = None) -> tuple[int, ...]:
    """The option taken in each class: the best (an exact tie to the option ``equal_ev`` prefers), or the rule's."""
    decision = game.decisions[0]
    options = list(decision.options)
    if rule is not None:
        if rule.threshold is not None:
            raise ValueError(f"{game.id}: a rule here takes one option always (always {rule.option})")
        return (options.index(next(o for o in options if o.name == rule.option)),) * len(counts.classes)
    order = [options.index(o) for o in preference(decision, game.equal_ev)]
    return tuple(max(order, key=lambda o: (row[o], -order.index(o))) for row in evs)


def ends_of(counts: Counts, taken: tuple[int, ...]) -> dict[End, int]:
    """Every deal by how it ends under the options taken."""
    rows: Counter = Counter(counts.closed)
    for seen, option in zip(counts.classes, taken):
        rows.update(seen.ends[option])
    return dict(rows)


@dataclass(frozen=True, eq=False)
class ShoeEnds(Repriced):
    """Deals by how they end under one strategy; :meth:`table` prices them at any pays of the same lines (what the
    design tools replay)."""

    rows: Mapping[End, int]
    notes: tuple[str, ...] = ()

    def table(self, game: Game) -> ReturnTable:
        return self.priced(game)[0]

    def priced(self, game: Game) -> tuple[ReturnTable, dict[End, int]]:
        """The return table at ``game``'s pays, and the row each end falls in."""
        varied = len({sum(end.stakes, Fraction(0)) for end in self.rows}) > 1
        grouped: dict[tuple[str, Fraction], list[Any]] = {}
        where: dict[End, tuple[str, Fraction]] = {}
        for end, deals in sorted(self.rows.items()):
            name, keys = _label(game, end, varied)
            key = (name, net(game, end))
            entry = grouped.setdefault(key, [0, keys])
            entry[0] += deals
            entry[1] = {k: v for k, v in entry[1].items() if keys.get(k) == v}
            where[end] = key
        order = sorted(grouped, key=lambda k: (-k[1], k[0]))
        outcomes = tuple(Outcome(name, value, grouped[(name, value)][0], pays_text(value), tuple(sorted(grouped[(name, value)][1].items())))
                         for name, value in order)
        total = sum(self.rows.values())
        wagered = sum((n * sum(end.stakes, Fraction(0)) for end, n in self.rows.items()), Fraction(0))
        table = ReturnTable(game.bet, outcomes, average_wager=wagered / total / (game.initial_stake or Fraction(1)), notes=self.notes)
        return table, {end: order.index(key) for end, key in where.items()}


def _label(game: Game, end: End, varied: bool) -> tuple[str, dict[str, str]]:
    """A row's name as a dealer says it (the lines paid, then the situation; the units staked where they vary) and its keys."""
    roles = game.names.roles
    total = sum(end.stakes, Fraction(0))
    keys = {"situation": end.situation, "stake": units_text(total)}
    if end.situation == SURRENDERED:
        return surrendered(roles), keys
    applying = {r.table for w in game.wagers for r in [w.settle.get(end.situation)] if r is not None and r.kind == "pays"}
    parts = []
    for table, line in zip(game.own_tables, end.lines):
        if table in applying:
            keys[f"line:{table}"] = game.paytables[table].lines[line].key if line >= 0 else ""
            if line >= 0:
                parts.append(game.paytables[table].lines[line].key)
    if end.situation == "played":
        text = ", ".join(parts) or "no paying hand"
    else:
        text = ": ".join([*parts, Situation(end.situation).outcome(roles)])
    return text + (f" ({units_text(total)} unit{'' if total == 1 else 's'})" if varied else ""), keys


# -- the strategy -------------------------------------------------------------------------------------------------
def kind_of_category(game: Game) -> str:
    """How the decision's classes of seen cards are told: ``tie`` (by the rank tied: ``when: equal``), ``spread`` (by
    the spread of the first two cards: ``when: spread``) or ``cards`` (by the cards themselves)."""
    decision = game.decisions[0]
    if decision.when.strip() == "equal":
        return "tie"
    event = decision.opens_on
    return "spread" if isinstance(event, Event) and any(a.spread is not None for a in event.atoms) else "cards"


def category(game: Game, seen: Seen) -> tuple[int, str]:
    """A class of seen cards as the strategy is told (see :func:`kind_of_category`), with a number ordering the categories."""
    cards = dict(seen)
    kind = kind_of_category(game)
    if kind == "tie":
        rank = cards["player"][0]
        return rank, f"{RANK_NAMES[rank]}s" if rank != 6 else "sixes"
    if kind == "spread":
        event = game.decisions[0].opens_on
        assert isinstance(event, Event)
        hand = game.hands[next(a.hand for a in event.atoms if a.spread is not None)]
        first = [r for role in hand.of for r in cards.get(role, ())][:2]
        spread = abs(game.deck.ranks.index(first[0]) - game.deck.ranks.index(first[1])) - 1
        return spread, f"spread {spread}"
    return 0, "; ".join(f"{role} {' '.join(map(str, ranks))}" for role, ranks in seen)


@dataclass(eq=False)
class DecisionTable(UnrankedView):
    """The decision as the par sheet shows it: per category of seen cards, the deals, how many take each option, and
    each option's expected value (averaged over the category's classes, per initial unit)."""

    game: Game
    counts: Counts
    evs: list[list[Fraction]]
    taken_in: tuple[int, ...]
    by_category: bool = True
    history: str = ""

    @property
    def name(self) -> str:
        return self.game.decisions[0].name

    @property
    def threshold(self) -> str | None:
        """The weakest category taking the option that wagers most, where every stronger one takes it too and no weaker
        one does (Red Dog: ``spread 7``); None where the categories take no one option above a threshold."""
        options = self.options
        most = max(range(len(options)), key=lambda o: options[o].units)
        taking = [bool(row["taken"][most]) for row in self.rows]
        if any(len(row["taken"]) > 1 for row in self.rows) or not any(taking) or all(taking):
            return None
        first = taking.index(True)
        return self.rows[first]["hand"] if all(taking[first:]) else None

    @property
    def options(self) -> tuple[Option, ...]:
        return self.game.decisions[0].options

    @cached_property
    def rows(self) -> list[dict[str, Any]]:
        """One per category, in its order: its words, deals, classes, deals per option, expected value per option."""
        grouped: dict[tuple[int, str], dict[str, Any]] = {}
        for seen, row, taken in zip(self.counts.classes, self.evs, self.taken_in):
            entry = grouped.setdefault(category(self.game, seen.seen), {"deals": 0, "classes": 0, "taken": Counter(),
                                                                         "value": [Fraction(0)] * len(row)})
            entry["deals"] += seen.deals
            entry["classes"] += 1
            entry["taken"][taken] += seen.deals
            entry["value"] = [v + seen.deals * x for v, x in zip(entry["value"], row)]
        return [{"order": order, "hand": words, **entry, "value": [v / entry["deals"] for v in entry["value"]]}
                for (order, words), entry in sorted(grouped.items())]

    def taken(self) -> dict[str, int]:
        """Deals taking each option where the decision is open."""
        out = {o.name: 0 for o in self.options}
        for seen, taken in zip(self.counts.classes, self.taken_in):
            out[self.options[taken].name] += seen.deals
        return out

    def frame(self) -> pd.DataFrame:
        import pandas as pd

        data = []
        for row in self.rows:
            record: dict[str, object] = {"hand": row["hand"], "combinations": row["deals"], "classes": row["classes"]}
            for o, option in enumerate(self.options):
                record[option.name] = row["taken"][o]
            for o, option in enumerate(self.options):
                record[f"ev_{option.name}"] = float(row["value"][o])
            record["decision"] = self.options[row["taken"].most_common(1)[0][0]].name
            data.append(record)
        return pd.DataFrame(data)

    def summary(self) -> str:
        """The strategy in words: each option with the categories taking it, and whether the cards of a category ever
        split (a strategy by the exact cards that differs from one by category)."""
        kind = kind_of_category(self.game)
        word = "on a tie of" if kind == "tie" else "with"
        parts, mixed = [], []
        for o, option in enumerate(self.options):
            mine = [row for row in self.rows if row["taken"][o]]
            if not mine:
                continue
            parts.append(f"{option.name} {word} {self._runs(mine)}")
            mixed += [row["hand"] for row in mine if len(row["taken"]) > 1]
        if mixed:
            split = ", ".join(dict.fromkeys(mixed))
            return "; ".join(parts) + (f" (at {split} the exact cards decide: {percent(self._share_split(), 2)} of the deals "
                                       "there take the less common option)")
        tail = " (the same for every two cards of a spread)" if kind == "spread" and any(row["classes"] > 1 for row in self.rows) else ""
        return "; ".join(parts) + tail

    def _runs(self, rows: list[dict[str, Any]]) -> str:
        """Categories as runs: ``spread 1 to 6``, ``2s to aces``."""
        if kind_of_category(self.game) == "spread":
            return f"spread {ranges(frozenset(r['order'] for r in rows)).replace('-', ' to ')}"
        names = {r["order"]: r["hand"] for r in self.rows}
        orders = [r["order"] for r in self.rows]
        runs: list[list[int]] = []
        for r in rows:
            i = orders.index(r["order"])
            if runs and orders.index(runs[-1][-1]) == i - 1:
                runs[-1].append(r["order"])
            else:
                runs.append([r["order"]])
        return ", ".join(names[run[0]] if len(run) == 1 else f"{names[run[0]]} to {names[run[-1]]}" for run in runs)

    def _share_split(self) -> Fraction:
        split = [row for row in self.rows if len(row["taken"]) > 1]
        return Fraction(sum(min(row["taken"].values()) for row in split), sum(row["deals"] for row in split))


@dataclass(frozen=True, eq=False)
class Lookup:
    """The strategy looked up for cards seen at the decision (card ids of the game's deck per seen role)."""

    game: Game
    counts: Counts
    evs: list[list[Fraction]]
    taken_in: tuple[int, ...]

    @cached_property
    def index(self) -> dict[Seen, int]:
        return {seen.seen: i for i, seen in enumerate(self.counts.classes)}

    def seen(self, row: Mapping[str, list[int]]) -> Seen:
        """The class of the ranks seen, per role (the lookup's ``up`` is the dealer's)."""
        roles = {v: k for k, v in SEEN.items()}
        ranks = {roles[r]: tuple(sorted(self.game.deck.cards[i].rank for i in ids)) for r, ids in row.items() if len(ids)}
        return tuple((role, ranks[role]) for role in SEEN if role in ranks)

    def decide(self, decision: str, stakes: History, seen: Mapping[str, np.ndarray]) -> Decided | None:
        if stakes != opening_stakes(self.game):
            return None
        options = self.game.decisions[0].options
        hands = len(next(iter(seen.values())))
        choice = np.zeros(hands, dtype=np.int64)
        numbers = np.zeros((len(options), hands), dtype=object)
        scales = np.ones(hands, dtype=object)
        for h in range(hands):
            key = self.seen({role: seen[role][h].tolist() for role in seen})
            if key not in self.index:
                raise UnknownName(f"{decision} is not open on these cards (when: {self.game.decisions[0].when or 'always'})")
            i = self.index[key]
            scales[h] = math.lcm(*(v.denominator for v in self.evs[i]))
            numbers[:, h] = [int(v * scales[h]) for v in self.evs[i]]
            choice[h] = self.taken_in[i]
        return Decided(options, choice, numbers, scales)


# -- coups for the simulator --------------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class DecidedCoups:
    """Coups dealt card by card from a full shoe and played by the solution's strategy: the game's own bet settled by
    the declared rules, each side bet by the shoe games' settler (:class:`~casino_math.counting.drawing.CoupSettler`)."""

    game: Game
    shoe: Shoe
    lookup: Lookup
    table: ReturnTable
    row_of: Mapping[End, int]

    @property
    def cards(self) -> int:
        return most_cards(self.game)

    @property
    def kinds(self) -> np.ndarray:
        return CoupSettler(self.game, self.shoe).kinds

    def __call__(self, kinds: np.ndarray) -> dict[str, tuple[np.ndarray, tuple[Any, ...]]]:
        return {self.game.bet: (self.play(kinds), self.table.outcomes)} | CoupSettler(self.game, self.shoe)(kinds)

    def play(self, kinds: np.ndarray) -> np.ndarray:
        """Each coup's row of the return table: the deal steps read by the shoe games' vectorised rules
        (:class:`~.drawing.Rows`), the option taken looked up for the ranks seen, the war cards after the burnt ones."""
        game, lookup = self.game, self.lookup
        rows = Rows.of_sequences(game, self.shoe, kinds)
        spots = places(game)
        ranks = np.array(self.shoe.ranks)[kinds // 4]
        decision = game.decisions[0]
        at = game.steps.index(decision)
        when = decision.when.strip()
        if isinstance(decision.opens_on, Event):
            opens = np.logical_and.reduce([rows.holds(atom) for atom in decision.opens_on.atoms])
        elif when:
            opens = rows.situation() == SHOWDOWN.index(when)
        else:
            opens = np.ones(len(kinds), dtype=bool)
        # the class of the ranks seen at the decision, as one code per role's sorted ranks
        seen = {role: [p for p, place in enumerate(spots) if place.role == role and place.step < at] for role in SEEN}
        code = np.concatenate([np.sort(ranks[:, seen[role]], axis=1) for role in SEEN if seen[role]], axis=1)
        _, first, which = np.unique(code, axis=0, return_index=True, return_inverse=True)
        by_class = np.full(len(first), -1, dtype=np.int64)  # the option each class of ranks seen takes (-1: no class)
        for u, row in enumerate(first):
            key = tuple((role, tuple(int(r) for r in np.sort(ranks[row, seen[role]]))) for role in SEEN if seen[role])
            if key in lookup.index:
                by_class[u] = lookup.taken_in[lookup.index[key]]
        taken = np.where(opens, by_class[which.reshape(-1)], -1)
        # each coup's end: stakes (by the option), situation and lines, then its row
        situation = (np.array(SHOWDOWN)[rows.situation()] if game.has_dealer else np.full(len(kinds), "played")).astype(object)
        lines = np.stack([rows.first_line(game.paytables[t]) for t in game.own_tables], axis=1) if game.own_tables else \
            np.zeros((len(kinds), 0), dtype=np.int64)
        lines = np.where(lines == np.array([len(game.paytables[t].lines) for t in game.own_tables]), -1, lines)
        war = next((s for s in game.steps if isinstance(s, War)), None)
        out = np.zeros(len(kinds), dtype=np.int64)
        for o in (-1, *range(len(decision.options))):
            mine = taken == o
            if not mine.any():
                continue
            option = decision.options[o] if o >= 0 else None
            stakes = _staked(game, option)
            if option is not None and (option.surrenders or option.folds):
                out[mine] = self.row_of[End(stakes, SURRENDERED if option.surrenders else "folded", ())]
                continue
            where = situation.copy()
            if war is not None and option is not None:
                player, dealer = ranks[:, len(spots) + war.burn], ranks[:, len(spots) + war.burn + 1]
                where = np.where(player > dealer, "war_" + SHOWDOWN[0], np.where(player == dealer, "war_" + SHOWDOWN[1], "war_" + SHOWDOWN[2]))
            for end in {(str(s), tuple(int(x) for x in line)) for s, line in zip(where[mine], lines[mine])}:
                hit = mine & (where == end[0]) & (lines == np.array(end[1], dtype=np.int64)).all(axis=1)
                out[hit] = self.row_of[End(stakes, *end)]
        return out


def _staked(game: Game, option: Option | None) -> tuple[Fraction, ...]:
    """The stakes after ``option`` (None: the decision closed, nothing added)."""
    staked = [w.name for w in game.wagers if w.bonus_on is None]
    stakes = list(opening_stakes(game))
    for wager, units in option.adds if option is not None else ():
        stakes[staked.index(wager)] += units
    return tuple(stakes)


# -- the method ---------------------------------------------------------------------------------------------------
def notes(counts: Counts) -> tuple[str, ...]:
    """What the return table counts, as the par sheet states it."""
    game = counts.game
    war = next((s for s in game.steps if isinstance(s, War)), None)
    burnt = f" (at war, {war.burn} burnt cards and the two war cards included)" if war else ""
    return ("the decision taken by the exact cards seen (composition-dependent): each option valued exactly from the ranks "
            "left in the shoe",
            f"deals: every ordered deal of {counts.cards} cards from the {counts.shoe.size}-card shoe{burnt}; a deal that "
            "ends sooner stands for every way the cards after it fall")


class ShoeDecisions(Method):
    """Counts a shoe game with one decision by kinds of card (see the module's introduction)."""

    name = "by kinds of card, with a decision"
    computes_removal = True

    def unfit(self, game: Game) -> str | None:
        return unfit(game)

    def solve(self, game: Game, rule: Rule | None = None, progress: Progress | None = None,
              runner: Runner | None = None) -> Solution:
        counts = kept_count(game)
        return solve_counts(self.name, counts, rule)

    def problems(self, game: Game) -> tuple[Problem, ...]:
        return too_fine(game)

    def side_bets(self, game: Game) -> dict[str, ReturnTable]:
        return bet_tables(game)

    def removal(self, game: Game, bet: str) -> RemovalEffects:
        """A side bet's effects as any bet counted by kinds of card's; the game's own bet played by the best strategy for
        each smaller shoe."""
        if bet != game.bet:
            return counted_removal(game, bet)
        shoe = Shoe.of(game.deck)
        full = expected_return(game, shoe)
        effects = [expected_return(game, shoe.without(Card(rank, max(range(SUITS), key=lambda s: shoe.counts[i][s])))) - full
                   for i, rank in enumerate(shoe.ranks)]
        return RemovalEffects(game, bet, full, shoe.ranks, tuple(int(n) for n in shoe.rank_counts), tuple(effects))

    def coups(self, solution: Solution) -> DecidedCoups:
        """Coups played by the solution's strategy, for the simulator."""
        lookup = solution.strategy.lookup
        assert isinstance(lookup, Lookup) and isinstance(solution.ends, ShoeEnds)
        table, row_of = solution.ends.priced(solution.game)
        return DecidedCoups(solution.game, lookup.counts.shoe, lookup, table, row_of)


def solve_counts(name: str, counts: Counts, rule: Rule | None = None) -> Solution:
    """The game of ``counts`` solved at its pays: optimal, or with ``rule`` taking one option always."""
    game = counts.game
    evs = values(game, counts)
    taken = chosen(game, counts, evs, rule)
    ends = ShoeEnds(ends_of(counts, taken), notes(counts))
    table = ends.table(game)
    view = DecisionTable(game, counts, evs, taken)
    size = sum(len(seen.ends) for seen in counts.classes) + len(counts.closed)
    return Solution(name, game, table, Strategy(game, (view,), Lookup(game, counts, evs, taken)), ends, size, table.total,
                    lambda: bet_tables(game), working=lambda: counts)


def expected_return(game: Game, shoe: Shoe) -> Fraction:
    """The game's own bet from ``shoe`` (its ranks, any counts), played by the best strategy for that shoe."""
    solved = solve_counts("", count(game, shoe))
    assert solved.table is not None
    return solved.table.metrics.expected_return


SHOE_DECISIONS = ShoeDecisions()
