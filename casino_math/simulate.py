"""Simulation: the cross-check regulators ask for. Real deals, dealt with a seeded generator, played by the
derived strategy and settled by the game's declared rules, their average return set beside the exact one.

Each hand is dealt step by step as the game file says (a uniformly random
draw without replacement). At each decision the player's cards, the board
and the dealer's up cards are named up to a renaming of suits, as the
counts name them, and the option the analysis chose for that class and the
stakes so far is taken. Every wager and side bet is then settled by the
file's settlement (situation, qualifier, the first paytable line a hand
matches), on hands valued from the dealt cards, never from the counts. A
mistake in the counting or in the settlement shows as an exact value outside
the simulation's 95% interval (which a correct value also falls outside of
one time in twenty).

A game dealt from a shoe (counted by kinds of card: baccarat, the blackjack
side bets) has no decisions: each coup is dealt card by card from a full,
shuffled shoe, as the exact figures assume, its draws played by the steps of
the file and every bet settled by the counting engine's own vectorised rules
(:meth:`Rows.of_sequences <casino_math.counting.drawing.Rows.of_sequences>` and
:func:`~casino_math.counting.drawing.settle`), one rule written once. Each
outcome's observed frequency is then set beside its exact probability too.

The deals come in chunks; each is a pure function of the plan (the game and
the strategy as lookup tables), the seed and the chunk's number
(:func:`play_chunk`), with its own random stream, so chunks may be played in
any order, on any worker, with the same result. Tallies are exact integers.

>>> frame = simulate("paytables/three_card_poker/standard.yaml", hands=20_000, seed=7)
>>> frame["wager"].tolist(), bool(frame["inside"].all())
(['ante_play', 'pair_plus', 'six_card_bonus', 'prime'], True)
>>> coups = simulate("paytables/baccarat/4-decks.yaml", hands=20_000, seed=7)
>>> coups["wager"].tolist(), bool(coups["inside"].all()), coups.attrs["outcomes"]["outcome"].tolist()[:3]
(['banker', 'player', 'tie'], True, ['Player wins', 'tie', 'Banker wins'])
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Callable, Mapping

import numpy as np
import pandas as pd

from .errors import InputError
from .analysis import GameAnalysis, analyze
from .game.description import Deal, Decision, Game, Paytable, Result
from .contract.solution import SEEN_AS, Strategy
from .levels import SEEN_ROLES
from .contract.method import Coups, Throws
from .parallel import Runner, Shards

Z_95 = 1.96
CHUNK = 100_000  # hands dealt at once, at most: a few tens of megabytes of arrays
SHARD = 2_000_000  # hands per shard by default: a second or two of a worker's time
LOCAL_FROM = 20_000_000  # hands from which local worker processes pay for their start
MAX_HANDS = 10**10


# -- the plan: what a worker needs ----------------------------------------------------------------
# how one staked wager (with its bonuses) settles in one situation: for each of them, the table its result reads (None: a
# fixed result) and its net per unit of the stake where no line of that table pays, then for each line (or its one net)
Rule = tuple[tuple[str | None, np.ndarray], ...]


@dataclass(frozen=True, eq=False)
class HandPlan:
    """A game ready to deal, play and settle: its suit symmetry, the strategy as lookup tables, the settlement as integers.

    Situation code 0 is a fold; the others are ``situations[code - 1]``: (situation, dealer qualified).
    Stakes are integers over ``stake_scale``; a hand's net on the game's own bet is an integer over
    ``stake_scale × unit_scale`` per unit staked, divided by the initial stake.
    """

    analysis: GameAnalysis  # values the dealt hands as the count does
    strategy: Strategy  # the analysed strategy, looked up for the cards each hand has seen
    staked: tuple[str, ...]
    start: tuple[int, ...]
    stake_scale: int
    stake_radix: np.ndarray  # weights making a hand's stakes (integers, each below its bound) one number
    unit_scale: int
    situations: tuple[tuple[str, bool], ...]
    settlement: Mapping[str, tuple[Rule, ...]]  # per staked wager, per situation code
    exact: type  # int64, or object (Python integers) where the nets could pass 64 bits
    side_scale: Mapping[str, int]  # per side bet: its line nets as integers over this

    @property
    def game(self) -> Game:
        return self.analysis.game

    @property
    def net_scale(self) -> Fraction:
        """What a net numerator of the game's own bet is divided by to give the net per initial unit."""
        return self.stake_scale * self.unit_scale * (self.game.initial_stake or Fraction(1))


def _situations(game: Game) -> tuple[tuple[str, bool], ...]:
    if not game.has_dealer:
        return (("played", True),)
    qualified = (False, True) if game.qualifier else (True,)
    return tuple((s, q) for q in qualified for s in ("player_higher", "equal", "dealer_higher"))


def _line_nets(result: Result, table: Paytable | None, bonus: bool) -> list[Fraction]:
    """A result's net per unit where no line of its table pays, then for each line; or its one net."""
    if table is None:
        return [result.unit_net(bonus=bonus)]
    return [result.unit_net(None, bonus)] + [result.unit_net(line.pay.net, bonus) for line in table.lines]


@dataclass(frozen=True, eq=False)
class ShoePlan:
    """A game counted by kinds, ready to deal coups from its shoe: the settlement the count uses (its cards, their
    kinds), and per bet the denominator that makes each of its nets a whole number."""

    game: Game
    coups: Coups
    side_scale: Mapping[str, int]


@dataclass(frozen=True, eq=False)
class ThrowPlan:
    """A game thrown with dice or a wheel, ready to throw coups: its method throws and settles them (each throw drawn by
    its exact weight, independent of the last), and per bet the denominator that makes each of its nets whole."""

    game: Game
    throws: Throws
    side_scale: Mapping[str, int]


def shoe_plan(analysis: GameAnalysis) -> ShoePlan:
    """The plan of a game counted by kinds; its exact return tables are read only for the nets a bet can have (so that
    a tally counts whole numbers)."""
    tables = analysis.tables
    scales = {bet: math.lcm(*(o.net.denominator for o in tables[bet].outcomes), 1) for bet in analysis.game.bets}
    coups = analysis.coups()
    assert coups is not None, "a game dealt by its method's coups"
    return ShoePlan(analysis.game, coups, scales)


def make_plan(analysis: GameAnalysis) -> HandPlan | ShoePlan | ThrowPlan:
    """The game of an analysis with its strategy as lookup tables and its settlement as integers."""
    game = analysis.game
    throws = analysis.throws()
    if throws is not None:  # dice or a wheel: coups its method throws
        tables = analysis.tables
        return ThrowPlan(game, throws, {bet: math.lcm(*(o.net.denominator for o in tables[bet].outcomes), 1) for bet in game.bets})
    if analysis.coups() is not None:  # coups its method deals (a shoe game card by card, blackjack's rounds, Pai Gow's)
        return shoe_plan(analysis)
    staked = tuple(w.name for w in game.wagers if w.bonus_on is None)
    stakes = [w.stake for w in game.wagers] + [u for d in game.decisions for o in d.options for _, u in o.adds]
    stake_scale = math.lcm(*(s.denominator for s in stakes), 1)
    situations = _situations(game)
    rules: dict[str, list[list[tuple[str | None, list[Fraction]]]]] = {}
    for name in staked:
        riders = [w for w in game.wagers if w.name == name or w.bonus_on == name]
        rules[name] = [[(None, [sum((w.folded_net() for w in riders), Fraction(0))])]]
        for situation, qualified in situations:
            results = [(w.result(situation, qualified), w.bonus_on is not None) for w in riders]
            rules[name].append([(r.table or None, _line_nets(r, game.paytables.get(r.table), bonus)) for r, bonus in results])
    every = [x for per_code in rules.values() for rule in per_code for _, xs in rule for x in xs]
    unit_scale = math.lcm(*(x.denominator for x in every), 1)
    # a hand's net is at most every unit it can stake times the largest net of a wager and its bonuses
    largest = max((abs(x) for x in every), default=Fraction(0)) * unit_scale * len(game.wagers)
    exact = np.int64 if largest * sum(stakes, Fraction(0)) * stake_scale < 2**62 else object
    settlement = {name: tuple(tuple((t, np.array([int(x * unit_scale) for x in xs], dtype=exact)) for t, xs in rule) for rule in v)
                  for name, v in rules.items()}
    side_scale = {b.name: math.lcm(*(line.pay.net.denominator for line in game.paytables[b.table].lines), 1) for b in game.side_bets}
    start = tuple(int(game.wager[n].stake * stake_scale) for n in staked)
    bounds = [s + sum(int(u * stake_scale) for d in game.decisions for o in d.options for w, u in o.adds if w == n) + 1
              for n, s in zip(staked, start)]
    radix = np.array([math.prod(bounds[i + 1:]) for i in range(len(bounds))], dtype=np.int64)
    return HandPlan(analysis, analysis.solution.strategy, staked, start, stake_scale, radix, unit_scale, situations, settlement, exact,
                side_scale)


# -- one chunk ------------------------------------------------------------------------------------
@dataclass
class Tally:
    """What a number of hands came to, exactly: per bet, hands by net numerator (see :class:`HandPlan`); for the game's
    own bet, hands by total stake numerator and the hands folded at each decision."""

    hands: int = 0
    nets: dict[str, Counter] = field(default_factory=dict)
    stakes: Counter = field(default_factory=Counter)
    folds: Counter = field(default_factory=Counter)
    outcomes: dict[str, Counter] = field(default_factory=dict)  # games counted by kinds: per bet, coups by outcome keys

    def add(self, other: Tally) -> Tally:
        def merged(mine: dict[str, Counter], theirs: dict[str, Counter]) -> dict[str, Counter]:
            return {b: mine.get(b, Counter()) + theirs.get(b, Counter()) for b in dict.fromkeys([*mine, *theirs])}

        return Tally(self.hands + other.hands, merged(self.nets, other.nets), self.stakes + other.stakes,
                     self.folds + other.folds, merged(self.outcomes, other.outcomes))


def _histogram(values: np.ndarray) -> Counter:
    found, times = np.unique(values, return_counts=True)
    return Counter({int(v): int(n) for v, n in zip(found.tolist(), times.tolist())})


def deal_cards(rng: np.random.Generator, hands: int, deck_size: int, cards: int) -> np.ndarray:
    """``hands`` rows of ``cards`` distinct card ids, each row a uniformly random ordered draw without replacement.

    The i-th card is the r-th of the cards left, r uniform: r becomes a card id by stepping over the cards
    already dealt, lowest first. Only the cards dealt are held, never the deck (an eight-deck shoe has 416).
    """
    out = np.empty((hands, cards), dtype=np.int64)
    for i in range(cards):
        card = rng.integers(0, deck_size - i, size=hands)
        dealt = np.sort(out[:, :i], axis=1)
        for k in range(i):
            card += card >= dealt[:, k]
        out[:, i] = card
    return out


def _decide(plan: HandPlan, decision: Decision, seen: dict[str, list[np.ndarray]], stakes: np.ndarray, folded: np.ndarray,
            tally: Tally) -> None:
    """Take the analysed option for every hand still in play (stakes and folds change in place)."""
    rows = np.flatnonzero(~folded)
    empty = np.zeros((len(rows), 0), dtype=np.int64)
    roles = {r: np.concatenate(seen[r], axis=1)[rows] if seen[r] else empty for r in SEEN_ROLES}
    # the stakes so far as one number per hand, to group the hands by history
    _, first, which = np.unique(stakes[rows] @ plan.stake_radix, return_index=True, return_inverse=True)
    for h, row in enumerate(stakes[rows[first]]):
        group = which == h
        history = tuple(Fraction(int(s), plan.stake_scale) for s in row)
        decided = plan.strategy.decide(decision.name, history, {r: cards[group] for r, cards in roles.items()})
        if decided is None:  # the decision is closed after these stakes
            continue
        mine = rows[group]
        for i, o in enumerate(decided.options):
            chosen = mine[decided.choice == i]
            if o.folds:
                folded[chosen] = True
                tally.folds[decision.name] += len(chosen)
            for wager, units in o.adds:
                stakes[chosen, plan.staked.index(wager)] += int(units * plan.stake_scale)


def _paid_lines(table: Paytable, values: Mapping[str, np.ndarray], suits: Mapping[str, np.ndarray],
                ranks: Mapping[str, np.ndarray]) -> np.ndarray:
    """Per hand, the index of the first line of ``table`` its hand matches (-1: none)."""
    out = np.full(len(next(iter(values.values()))), -1, dtype=np.int64)
    for i in reversed(range(len(table.lines))):
        line = table.lines[i]
        out[line.pattern.matches(values[line.hand], suits.get(line.hand), ranks.get(line.hand))] = i
    return out


def play_chunk(plan: HandPlan | ShoePlan | ThrowPlan, seed: int, chunk: int, hands: int) -> Tally:
    """Deal, play and settle ``hands`` hands: chunk ``chunk`` of the simulation seeded ``seed`` (its own random stream)."""
    rng = np.random.default_rng([seed, chunk])
    if isinstance(plan, ThrowPlan):
        return tally_coups(plan.throws(rng, hands), plan.side_scale, hands)
    if isinstance(plan, ShoePlan):
        return play_coups(plan, plan.coups.kinds[deal_cards(rng, hands, plan.coups.shoe.size, plan.coups.cards)])
    dealt = sum(s.cards for s in plan.game.steps if isinstance(s, Deal))
    return play(plan, deal_cards(rng, hands, len(plan.game.deck.cards), dealt))


def play_coups(plan: ShoePlan, cards: np.ndarray) -> Tally:
    """Play and settle coups of a game counted by kinds: each row the kinds of the cards in the order the shoe gives
    them (the steps take as many as the coup's draws need), every bet settled by the counting engine's own rules."""
    return tally_coups(plan.coups(cards), plan.side_scale, len(cards))


def tally_coups(settled: Mapping[str, tuple[np.ndarray, tuple]], scales: Mapping[str, int], coups: int) -> Tally:
    """Coups settled by a method (per bet, each coup's end and the ends), tallied: nets and outcomes."""
    tally = Tally(coups)
    for bet, (codes, ends) in settled.items():
        nets = np.array([_whole(end.net * scales[bet]) for end in ends], dtype=np.int64)
        tally.nets[bet] = _histogram(nets[codes])
        tally.outcomes[bet] = Counter({ends[code].keys: n for code, n in _histogram(codes).items()})
    return tally


def _whole(value: Fraction) -> int:
    assert value.denominator == 1, "a net the plan's scale does not make whole"
    return int(value)


def play(plan: HandPlan, cards: np.ndarray) -> Tally:
    """Play and settle dealt hands: each row the card ids in the order the game deals them."""
    game = plan.game
    hands = len(cards)
    held: dict[str, list[np.ndarray]] = {r: [] for r in ("player", "dealer", "board")}
    seen: dict[str, list[np.ndarray]] = {r: [] for r in SEEN_ROLES}
    stakes = np.tile(np.array(plan.start, dtype=np.int64), (hands, 1))
    folded = np.zeros(hands, dtype=bool)
    tally = Tally(hands)
    dealt = 0
    for step in game.steps:
        if isinstance(step, Deal):
            part = cards[:, dealt:dealt + step.cards]
            dealt += step.cards
            held[step.role].append(part)
            if step.seen:
                seen[SEEN_AS[step.role]].append(part)
        elif isinstance(step, Decision) and plan.strategy.lookup is not None:
            _decide(plan, step, seen, stakes, folded, tally)
    values, suits, ranks = {}, {}, {}
    lines = [line for t in game.paytables.values() for line in t.lines]
    for name in {line.hand for line in lines} | ({"player", "dealer"} & set(game.hands)):
        hand = game.hands[name]
        ids = np.concatenate([c for r in hand.of for c in held[r]], axis=1)
        values[name] = plan.analysis.hand_values(name, ids)
        if any(line.hand == name and line.pattern.needs_cards for line in lines):
            ranks[name], suits[name] = plan.analysis.hand_cards(name, ids)
    paid = {name: _paid_lines(t, values, suits, ranks) for name, t in game.paytables.items()}
    if game.wagers:
        tally.nets[game.bet] = _histogram(_settle(plan, values, paid, stakes, folded))
        tally.stakes = _histogram(stakes.sum(axis=1))
    for bet in game.side_bets:
        table = game.paytables[bet.table]
        scale = plan.side_scale[bet.name]
        nets = np.array([int(line.pay.net * scale) for line in table.lines] + [-scale], dtype=np.int64)
        tally.nets[bet.name] = _histogram(nets[paid[bet.table]])
    return tally


def _settle(plan: HandPlan, values: Mapping[str, np.ndarray], paid: Mapping[str, np.ndarray], stakes: np.ndarray,
            folded: np.ndarray) -> np.ndarray:
    """The net numerator of the game's own bet for each hand (over :attr:`HandPlan.net_scale`)."""
    game = plan.game
    if game.has_dealer:
        player, dealer = values["player"], values["dealer"]
        outcome = np.where(player > dealer, 0, np.where(player == dealer, 1, 2))
        qualified = dealer >= game.qualifier.value if game.qualifier else np.ones(len(player), dtype=bool)
        shift = 3 if game.qualifier else 0
        code = 1 + outcome + np.where(qualified, shift, 0)
    else:
        code = np.ones(len(folded), dtype=np.int64)
    code = np.where(folded, 0, code)
    net: np.ndarray = np.zeros(len(folded), dtype=plan.exact)
    for w, name in enumerate(plan.staked):
        unit: np.ndarray = np.zeros(len(folded), dtype=plan.exact)
        for c, rule in enumerate(plan.settlement[name]):
            mine = code == c
            for table, nets in rule:
                unit[mine] += nets[paid[table][mine] + 1] if table is not None else nets[0]
        net += stakes[:, w].astype(plan.exact) * unit
    return net


# -- the simulation ------------------------------------------------------------------------------
def chunks(hands: int, size: int = CHUNK) -> list[int]:
    """The hands of each chunk: whole chunks of ``size``, then the rest."""
    return [min(size, hands - start) for start in range(0, hands, size)]


def _estimate(total: int, square: int, hands: int, scale: Fraction) -> tuple[float, float]:
    """Mean and standard error of a mean from the exact sums of numerators and their squares."""
    mean = Fraction(total, hands) / scale
    variance = (Fraction(square, hands) - Fraction(total, hands) ** 2) / scale**2 * Fraction(hands, hands - 1)
    return float(mean), math.sqrt(variance / hands)


def _row(name: str, observed: tuple[float, float], exact: Fraction, hands: int) -> dict[str, object]:
    mean, se = observed
    low, high = mean - Z_95 * se, mean + Z_95 * se
    return {"wager": name, "hands": hands, "observed_return": mean, "standard_error": se, "ci_low": low, "ci_high": high,
            "exact_return": exact, "exact_return_float": float(exact), "z": (mean - float(exact)) / se if se else 0.0,
            "inside": bool(low <= float(exact) <= high)}


def _sums(histogram: Counter) -> tuple[int, int]:
    return sum(v * n for v, n in histogram.items()), sum(v * v * n for v, n in histogram.items())


def _strategy_checks(analysis: GameAnalysis, plan: HandPlan, tally: Tally) -> pd.DataFrame:
    """The strategy played against the analysed one: the average wager, and how often each decision folds."""
    table = analysis.tables[plan.game.bet]
    n = tally.hands
    rows = [{"figure": "average wager", **_check(_estimate(*_sums(tally.stakes), n, plan.stake_scale * (plan.game.initial_stake or Fraction(1))),
                                                 table.metrics.average_wager)}]
    folding = [d.name for d in plan.game.decisions if any(o.folds for o in d.options)]
    for name in folding:
        deals = sum(o.combinations for o in table.outcomes
                    if o.key("situation") == "folded" and o.key("decision") in (name, None if len(folding) == 1 else name))
        exact = Fraction(deals, table.total)
        observed = Fraction(tally.folds[name], n)
        rows.append({"figure": f"folds at {name}", **_check((float(observed), math.sqrt(float(exact * (1 - exact)) / n)), exact)})
    return pd.DataFrame(rows)


def _check(observed: tuple[float, float], exact: Fraction) -> dict[str, object]:
    mean, se = observed
    z = (mean - float(exact)) / se if se else 0.0 if mean == exact else math.inf  # no spread: only the exact value itself
    return {"observed": mean, "exact": exact, "exact_float": float(exact), "standard_error": se, "z": z, "inside": abs(z) <= Z_95}


def _outcome_checks(analysis: GameAnalysis, tally: Tally) -> pd.DataFrame:
    """Each outcome of each bet: how often the coups ended so, beside its exact probability."""
    n = tally.hands
    rows = []
    for bet, table in analysis.tables.items():
        seen = tally.outcomes[bet]
        assert set(seen) <= {o.keys for o in table.outcomes}, "a coup ended in no outcome of the return table"
        for o in table.outcomes:
            exact = Fraction(o.combinations, table.total)
            rows.append({"wager": bet, "outcome": o.name,
                         **_check((seen[o.keys] / n, math.sqrt(float(exact * (1 - exact)) / n)), exact)})
    return pd.DataFrame(rows)


def _play_chunks(plan: HandPlan | ShoePlan | ThrowPlan, seed: int, span: tuple[int, int], hands: int, size: int = CHUNK) -> Tally:
    """One shard: the chunks ``span[0]`` to ``span[1]`` (excluded) of a run of ``hands`` hands in chunks of ``size``."""
    sizes = chunks(hands, size)
    tally = Tally()
    for chunk in range(*span):
        tally = tally.add(play_chunk(plan, seed, chunk, sizes[chunk]))
    return tally


def simulate(game: str | Path | Game, hands: int = 1_000_000, seed: int = 1,
             progress: Callable[[int], None] | None = None, runner: Runner | None = None, shard: int = SHARD) -> pd.DataFrame:
    """Deal ``hands`` hands (seeded) and settle every bet on each; per bet, the observed mean return per initial unit
    with its 95% interval beside the exact expected return, and whether the exact value is inside.

    ``attrs["strategy"]`` sets the strategy played beside the analysed one (average wager, folds per decision);
    for a game dealt from a shoe, ``attrs["outcomes"]`` sets each outcome's frequency beside its exact probability.
    ``progress`` is called with the hands dealt after each shard. Hands are dealt in shards of chunks, each
    chunk from its own seeded stream, so the result is the same wherever the shards run: in this process,
    on every local core (the default from ``LOCAL_FROM`` hands) or on a Dask cluster (``runner``). ``shard`` is the
    hands a shard deals (and a chunk, when under 100,000): the same seed and shard give the same hands anywhere.
    """
    if not 2 <= hands <= MAX_HANDS:
        raise InputError(f"--hands: deal between 2 and {MAX_HANDS:,} hands, not {hands:,}")
    if seed < 0:
        raise InputError(f"--seed: a seed is a whole number of 0 or more, not {seed}")
    if shard < 1:
        raise InputError(f"a shard deals at least one hand, not {shard:,}")
    analysis = analyze(game)
    plan = make_plan(analysis)
    size = min(CHUNK, shard)
    per_shard = max(1, shard // size)
    count = len(chunks(hands, size))
    spans = [(start, min(start + per_shard, count)) for start in range(0, count, per_shard)]
    where = runner or (Runner.of() if hands >= LOCAL_FROM else Runner.here())
    report = None if progress is None else (lambda _what, done, of: progress(min(done * per_shard * size, hands)))
    key = f"simulate|{plan.game.sha256}|{seed}|{hands}|{size}|{per_shard}"
    tallies = Shards(partial(_play_chunks, plan, seed, hands=hands, size=size), spans, key).run(where, report)
    tally = Tally()
    for part in tallies:
        tally = tally.add(part)
    rows = []
    for bet, table in analysis.tables.items():
        scale = plan.net_scale if isinstance(plan, HandPlan) and bet == plan.game.bet else Fraction(plan.side_scale[bet])
        rows.append(_row(bet, _estimate(*_sums(tally.nets[bet]), hands, scale), table.metrics.expected_return, hands))
    frame = pd.DataFrame(rows)
    frame.attrs.update(seed=seed, hands=hands)
    if isinstance(plan, (ShoePlan, ThrowPlan)):
        frame.attrs["outcomes"] = _outcome_checks(analysis, tally)
    elif plan.game.wagers:
        frame.attrs["strategy"] = _strategy_checks(analysis, plan, tally)
    return frame


def simulate_seats(game: str | Path | Game, bet: str, others: int, rounds: int = 100_000, seed: int = 1) -> pd.DataFrame:
    """Rounds of a table of the player and ``others`` other seats, every seat's hand (its own cards and any board they
    share) dealt from one shuffled deck: the bet's observed mean (its own pay plus the envy bonus of each other seat)
    and the observed chance that another seat pays an envy bonus, beside their exact values, each with its z-score.
    Each hand is named by the first line of the bet's table it makes, from its cards; what is checked is the counting
    of the seats together.

    >>> frame = simulate_seats("paytables/three_card_poker/progressive-envy.yaml", "progressive", 6, rounds=20_000, seed=3)
    >>> frame["figure"].tolist(), bool((frame["z"].abs() < 4).all())
    (['mean', 'envy paid'], True)
    """
    if not 2 <= rounds <= MAX_HANDS:
        raise InputError(f"--hands: deal between 2 and {MAX_HANDS:,} rounds, not {rounds:,}")
    from .subsets import colex

    analysis = analyze(game)
    side = analysis.game.side_bet[bet]
    seats = analysis.method.seats(analysis.game, side)
    exact = analysis.envy(bet, others)[-1]
    table = analysis.tables[bet]
    nets = np.array([float(next(o.net for o in table.outcomes if o.key("line") == line)) for line in seats.lines] + [-1.0])
    envy = dict(side.progressive.envy.pays) if side.progressive and side.progressive.envy else {}
    bonus = np.array([float(envy.get(line, 0)) for line in seats.lines] + [0.0])
    lookup = np.empty(len(seats.first), dtype=np.int64)
    lookup[colex(seats.ids)] = seats.first
    rng = np.random.default_rng(seed)
    cards = seats.board + (others + 1) * seats.cards  # the board every seat shares first, then each seat's own cards
    dealt = np.argsort(rng.random((rounds, seats.deck)), axis=1)[:, :cards]
    own = dealt[:, seats.board:].reshape(rounds, others + 1, seats.cards)
    board = np.broadcast_to(dealt[:, None, :seats.board], (rounds, others + 1, seats.board))
    lines = lookup[colex(np.sort(np.concatenate([own, board], axis=2), axis=2))]
    results = nets[lines[:, 0]] + bonus[lines[:, 1:]].sum(axis=1)
    paid = (bonus[lines[:, 1:]] > 0).any(axis=1)
    rows = []
    for figure, observed, value, sd in (("mean", results.mean(), float(exact.expected), exact.sd),
                                        ("envy paid", paid.mean(), float(exact.any_paid),
                                         math.sqrt(float(exact.any_paid) * (1 - float(exact.any_paid))))):
        error = sd / math.sqrt(rounds)
        rows.append({"figure": figure, "observed": float(observed), "exact_float": value,
                     "z": (float(observed) - value) / error if error else 0.0})
    return pd.DataFrame(rows)
