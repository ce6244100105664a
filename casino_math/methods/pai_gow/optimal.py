"""The player setting optimally against the banker's house way, over every deal: the count that scales to 53 cards.

A player hand P set as (high h, low l) wins both hands against the banker hands sharing no card with it that are
below (h, l) in both coordinates, and loses both to those at least as high in both. As in :mod:`~casino_math.methods.pai_gow.totals`, the banker
hands sharing no card with P are counted by inclusion–exclusion over the cards S they share with it:
W(P, setting) = Σ over S ⊆ P of ``(−1)^|S|`` × #{banker hands holding S below the setting in both hands}. One term is a
dominance count over the hands holding S; it is asked for every one of P's settings.

Hands alike under a renaming of suits have the same settings' values and the same counts, so the counts are kept per
class of player hands (about 6.97 million classes of the 53-card deck's 154,143,080 hands), each class's settings
listed by value (copies of a value and illegal settings dropped), so that every member's settings line up with its
class's. For each class of sets S (one set per class, weighed by the class's size, as in :mod:`~casino_math.methods.pai_gow.totals`), every hand P
holding that set adds its term to its class's counts; summed, a class's counts are its size × each member's counts.
Then each class's best setting is the one of highest exact expected value (the house way's where it is as good).

The work is split by the highest rank of the player's hand (the joker its own rank), which a renaming of suits keeps:
a part's classes get every term they need from the one pass over the sets, so a part's result is a few sums (by hand
type and house-way rule), not its counts; the parts run on the shard runner (:mod:`casino_math.parallel`).

>>> from pathlib import Path
>>> from casino_math.analysis import load_game
>>> game = load_game(Path(__file__).parents[3] / "tests" / "games" / "pai-gow-small.yaml")
>>> result = optimal_totals(game)
>>> result.deals == 19448 * 120, result.optimal_edge < result.house_edge
(True, True)
"""

from __future__ import annotations

import functools
import os
import queue
import tempfile
import time
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any, Callable

import numpy as np

from ...subsets import BINOMIAL
from ...suits import Symmetry
from .game_file import PaiGowGame
from .hands import SETTINGS
from .kernel import BATCH_BYTES
from .house_way import COMPLETE, KIND_NAMES, Features
from .other_way import EXAMPLES, HandSetOtherwise, OtherWay, PricedEnds, TypeSetOtherwise, kind_name, setting_text
from .totals import CHUNK, _distinct, _game

REPS_PER_SHARD = 500_000  # classes set by the house way in one shard (the 53-card deck: 14 shards)
CHECKED = 151  # every this many hands (colex order), the house way sets the hand itself: its class's point, checked
SUMMED = 1 << 16  # classes whose results are summed at once (a few arrays of 11 MB each)
PARTS = 2  # 53 cards: the hands holding an ace or the joker (80.4 million) and the rest (73.6 million)
#: the columns of the counts per hand type and per rule of the house way, in this order
COLUMNS = ("hands", "differs", "house won", "house lost", "optimal won", "optimal lost", "gain")


@dataclass(frozen=True)
class Cost:
    """The player hands of one hand type (or set by one rule of the house way): how many, how many of them the optimal
    setting sets otherwise (to other values), the deals won and lost both by each, and the expected value the optimal
    setting gains over the house way's (per initial stake, over all deals)."""

    name: str
    hands: int
    differs: int
    house: tuple[int, int]
    optimal: tuple[int, int]
    gain: Fraction


@dataclass(frozen=True)
class Example:
    """A hand the house way sets otherwise than the optimal setting, the two settings (high hand / low hand) and what
    the house way's gives up on this hand (per initial stake)."""

    kind: str
    hand: str
    house: str
    optimal: str
    gain: Fraction


@dataclass(frozen=True)
class OptimalTotals(PricedEnds):
    """The deals won both, pushed and lost both (of ``deals``) by a player setting by the house way and by one setting
    optimally, against the banker setting by the house way; the player hands (of ``hands``) the optimal setting sets
    otherwise; by hand type (the types present), by rule of the house way (every rule, in order), and the hand of each
    type where the house way costs most."""

    deals: int
    hands: int
    commission: Fraction
    house: tuple[int, int, int]
    optimal: tuple[int, int, int]
    differs: int
    by_hand: tuple[Cost, ...]
    by_rule: tuple[Cost, ...]
    examples: tuple[Example, ...]

    @property
    def house_edge(self) -> Fraction:
        return self.edge(self.house)

    @property
    def optimal_edge(self) -> Fraction:
        return self.edge(self.optimal)


def parts(n: int, jokers: int, count: int = PARTS) -> list[tuple[int, int]]:
    """The player hands split by their highest rank into about ``count`` parts of about as many hands: card ranges
    (lo, hi), a hand in the part whose range holds its highest card (a range is whole ranks, the joker one of them).

    >>> parts(53, 1), parts(53, 1, 4)
    ([(48, 53), (0, 48)], [(52, 53), (48, 52), (44, 48), (0, 44)])
    """
    cuts = sorted({0, *range(n - jokers, 7, -4), n}, reverse=True)  # rank boundaries, highest first
    out: list[tuple[int, int]] = []
    hi = n
    for i, cut in enumerate(cuts[1:-1], 1):
        left = count - len(out)
        target = comb(hi, 7) / left
        taken, more = comb(hi, 7) - comb(cut, 7), comb(hi, 7) - comb(cuts[i + 1], 7)
        if left > 1 and abs(taken - target) <= abs(more - target):
            out.append((cut, hi))
            hi = cut
    return out + [(0, hi)]


def counted_on(game: PaiGowGame, runner: Any) -> tuple[Any, int, int]:
    """Where a count over every deal runs, in how many parts of the player hands, on how many threads each: on a
    cluster, two parts, one thread each (a worker each); otherwise in this process, in as few parts as the memory free
    holds (:func:`part_bytes` each, beside the hands' classes), one after another, each on as many threads as the
    runner asks (default: one per core; one where it keeps the work in this process), every banker's table built once
    for all of a part's hands; the house way's settings before them on worker processes forked from this one."""
    from ...parallel import Runner
    from ...workers import local_cores

    if runner is not None and runner.where not in ("here", "local", "forked"):
        return runner, PARTS, 1
    here = runner is not None and runner.where == "here"
    threads = 1 if here else (runner.workers if runner is not None else None) or local_cores()
    hands = comb(len(game.deck), 7)
    free = _memory_free()
    count = 1
    while count < 16 and free is not None and 4 * hands + part_bytes(game, count) > free:
        count *= 2
    return (runner if here else Runner.forked(threads, runner.cache if runner is not None else None)), count, threads


def part_bytes(game: PaiGowGame, count: int) -> int:
    """About the memory one part of ``count`` takes: its classes' settings and counts (a class stands for about as
    many hands as there are renamings of suits) and the banker's tables held at once (``kernel.BATCH_BYTES``).

    >>> from casino_math.analysis import load_game
    >>> part_bytes(load_game("tests/games/pai-gow-small.yaml"), 2) - BATCH_BYTES < 2 ** 20
    True
    """
    hands = comb(len(game.deck), 7) // count
    return hands // len(Symmetry.of(game.deck)) * len(SETTINGS) * (8 + 2 + 2) * 2 + BATCH_BYTES


def _memory_free() -> int | None:
    """The memory the system could give now (Linux's MemAvailable), in bytes; None where it does not say."""
    try:
        with open("/proc/meminfo") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def optimal_totals(game: PaiGowGame, folder: str | None = None, runner: Any = None, progress: Any = None,
                   count: int = PARTS, seconds: list[float] | None = None, deck: str | None = None,
                   threads: int = 1) -> OptimalTotals:
    """The house way's and the optimal setting's results over every deal of the game's deck, in shards on ``runner``
    (:mod:`casino_math.parallel`; this process by default): the hands' house-way points and classes (kept in
    ``folder``), then one shard per part of the player hands; a run stopped resumes from the shards its runner keeps.
    ``seconds``, if given, receives each part's processor seconds (for a benchmark); ``deck``, if given, a folder
    where the deck's classes (which no house way changes) are shared with other house ways' folders; with ``threads``
    above one, the parts run one after another in this process, each on that many threads (:func:`counted_on`)."""
    from ...parallel import Runner

    runner = runner or Runner.here()
    if folder is None:
        with tempfile.TemporaryDirectory() as scratch:
            return optimal_totals(game, scratch, runner, progress, count, seconds, threads=threads)
    _prepare(game, folder, runner, progress, deck, threads)
    ranges = _ranges(game, count)
    shards = [(game.path, folder, lo, hi) for lo, hi in ranges]
    results = _parts(game, folder, shards, f"pai-gow-optimal-{game.sha256[:16]}-{ranges}", runner, progress,
                     "player hands against the banker's", threads)
    if seconds is not None:
        seconds.extend(float(r["seconds"][0]) for r in results)
    return _totals(game, folder, results)


def other_way_totals(game: PaiGowGame, other: PaiGowGame, folder: str, other_folder: str, runner: Any = None,
                     progress: Any = None, count: int = PARTS, deck: str | None = None, threads: int = 1) -> OtherWay:
    """A player setting by ``other``'s house way against the game's banker, beside one setting by the game's own, over
    every deal (:mod:`~casino_math.methods.pai_gow.other_way`): the same count as :func:`optimal_totals` (its kept points, classes and card sets in
    ``folder``), each class's settings valued, with the other way's setting (its hands' points kept in
    ``other_folder``, checked alike for hands alike but for their suits) taken beside the game's own."""
    from ...parallel import Runner

    if other.deck != game.deck or other.way.hands.wheel_second != game.way.hands.wheel_second:
        raise ValueError(f"{other.id}: another deck or ranking than {game.id}'s: its settings cannot be set against it")
    runner = runner or Runner.here()
    _prepare(game, folder, runner, progress, deck, threads)
    _keep_classes(other, other_folder, deck)
    _points(other, other_folder, runner, progress)
    ranges = _ranges(game, count)
    shards = [(game.path, folder, lo, hi, other_folder) for lo, hi in ranges]
    results = _parts(game, folder, shards, f"pai-gow-other-way-{game.sha256[:16]}-{other.sha256[:16]}-{ranges}",
                     runner, progress, "player hands against the banker's, set by both ways", threads)
    return _other_totals(game, results)


def _parts(game: PaiGowGame, folder: str, shards: list[Any], key: str, runner: Any, progress: Any, label: str,
           threads: int) -> list[dict[str, np.ndarray]]:
    """The parts' results: on ``runner`` a part a shard, or, on more than one thread, one after another in this
    process (kept in the runner's folder alike), the progress told in units of work (:func:`part_work`), so that its
    time left reads true."""
    from ...parallel import Runner, Shards

    if threads <= 1:
        return Shards(part_shard, shards, key).run(runner, progress, label)
    total = part_work(game, folder) * len(shards)
    counted = [0]

    def done(units: int) -> None:
        counted[0] += units
        if progress is not None:
            progress(label, counted[0], total)

    task = functools.partial(part_shard, threads=threads, done=done)
    return Shards(task, shards, key).run(Runner.here(runner.cache if runner is not None else None))


def part_work(game: PaiGowGame, folder: str) -> int:
    """The units of work of one part of the player hands: the banker's hands holding each class of card sets
    (:func:`.kernel.work`), as the part's threads count them."""
    from .kernel import work

    n = len(game.deck)
    return sum(work(n, k, len(np.load(os.path.join(folder, f"weights{k}.npy"), mmap_mode="r"))) for k in range(7))


def _ranges(game: PaiGowGame, count: int) -> list[tuple[int, int]]:
    """The parts of the player hands, the biggest first."""
    return sorted(parts(len(game.deck), game.deck.jokers, count), key=lambda p: comb(p[0], 7) - comb(p[1], 7))


def _points(game: PaiGowGame, folder: str, runner: Any, progress: Any) -> None:
    """Each class's house-way point (the ranks of its high and low values) and rule, kept in ``folder``
    (``class_points.npy``, (3, classes)): the house way sets one hand of each class (hands alike but for their suits get the
    same values: a renaming of suits changes no rule's reading of a hand), 22 times fewer than every hand, and each
    hand is read as its class (``class_id``). Checked on every ``CHECKED``-th hand (colex order) set by the house way
    itself."""
    from ...parallel import Shards

    points_path = os.path.join(folder, "class_points.npy")
    if os.path.exists(points_path):
        return
    _keep_classes(game, folder)
    reps = np.load(os.path.join(folder, "reps.npy"), mmap_mode="r")
    pieces = [(game.path, folder, start, min(start + REPS_PER_SHARD, len(reps))) for start in range(0, len(reps), REPS_PER_SHARD)]
    of_class = np.concatenate(Shards(class_points_shard, pieces, f"pai-gow-class-points-{game.sha256[:16]}").run(
        runner, progress, "hands set by the house way"), axis=1)
    class_id = np.load(os.path.join(folder, "class_id.npy"), mmap_mode="r")
    sample = np.arange(0, len(class_id), CHECKED)
    if not np.array_equal(of_class[:, np.asarray(class_id[sample])], _hand_points(game, unrank(sample))):
        raise AssertionError(f"{game.id}: the house way sets hands alike but for their suits to different values")
    scratch = points_path + ".part.npy"  # written whole, then renamed: a stopped run never leaves half a file read back
    np.save(scratch, of_class)
    os.replace(scratch, points_path)


def class_points_shard(shard: tuple[str, str, int, int]) -> np.ndarray:
    """One shard of the classes' points: the house way's setting of the canonical members ``start``..``stop``−1, as
    (3, classes) ranks of high and low values and the rule that set it."""
    path, folder, start, stop = shard
    game = _game(path)
    reps = np.load(os.path.join(folder, "reps.npy"), mmap_mode="r")
    return np.concatenate([_hand_points(game, unrank(np.asarray(reps[i:min(i + CHUNK, stop)])))
                           for i in range(start, stop, CHUNK)], axis=1)


def _hand_points(game: PaiGowGame, rows: np.ndarray) -> np.ndarray:
    """The house way's setting of each hand (rows of card ids, ascending), as (3, hands) ranks of high and low values
    and the rule that set it."""
    highs, lows = _distinct(game)
    setting, rule = game.way.set_or_fail(rows)
    high, low = game.way.hands.settings(rows)
    pick = np.arange(len(rows))
    return np.stack([np.searchsorted(highs, high[pick, setting]), np.searchsorted(lows, low[pick, setting]),
                     rule]).astype(np.int16)


def _prepare(game: PaiGowGame, folder: str, runner: Any, progress: Any, deck: str | None = None, threads: int = 1) -> None:
    """The hands' classes (on ``threads`` threads) and points and the classes of card sets, kept in ``folder`` (made
    where missing; the deck's, which no house way changes, linked from ``deck`` where another house way made them)."""
    n = len(game.deck)
    _keep_classes(game, folder, deck, threads)
    _points(game, folder, runner, progress)
    names = [f"{name}{k}" for k in range(7) for name in ("sets", "weights")]
    if _borrowed(names, folder, deck):
        return
    for k in range(7):
        sets, weights = set_classes(n, n - game.deck.jokers, k)
        np.save(os.path.join(folder, f"sets{k}.npy"), sets)
        np.save(os.path.join(folder, f"weights{k}.npy"), weights)
    _lend(names, folder, deck)


def _borrowed(names: list[str], folder: str, deck: str | None) -> bool:
    """Whether ``folder`` holds the files ``names`` (.npy), linking them from ``deck`` where they lie there."""
    if all(os.path.exists(os.path.join(folder, f"{name}.npy")) for name in names):
        return True
    if deck is None or not all(os.path.exists(os.path.join(deck, f"{name}.npy")) for name in names):
        return False
    for name in names:
        _link(os.path.join(deck, f"{name}.npy"), os.path.join(folder, f"{name}.npy"))
    return True


def _lend(names: list[str], folder: str, deck: str | None) -> None:
    """The files ``names`` of ``folder`` linked into ``deck`` (if given), for the next house way's folder."""
    if deck is not None:
        os.makedirs(deck, exist_ok=True)
        for name in names:
            _link(os.path.join(folder, f"{name}.npy"), os.path.join(deck, f"{name}.npy"))


def _link(source: str, target: str) -> None:
    """``target`` made the same file as ``source`` (a hard link, or a copy across file systems), whole or not at all."""
    import shutil

    scratch = f"{target}.{os.getpid()}.part"
    try:
        os.link(source, scratch)
    except OSError:
        shutil.copyfile(source, scratch)
    os.replace(scratch, target)


def set_classes(n: int, naturals: int, k: int) -> tuple[np.ndarray, np.ndarray]:
    """The classes of k-card sets of a deck (``naturals`` natural cards, the rest jokers) under the renamings of suits:
    one set each (its canonical member, :func:`casino_math.methods.pai_gow.kernel.canonical_hands`) and the sets it stands for.

    >>> sets, weights = set_classes(53, 52, 2)
    >>> len(sets), int(weights.sum()) == comb(53, 2)
    (182, True)
    """
    from .kernel import canonical_sets, mark_members, members_before, number_classes

    if k == 0:
        return np.zeros((1, 0), dtype=np.int64), np.ones(1, dtype=np.int64)
    canon = np.empty(comb(n, k), dtype=np.int32)  # the sets never listed: their canonical members' ranks only
    canonical_sets(k, 0, n, naturals, canon)
    bits = _bits(len(canon))
    mark_members(canon, 0, bits)
    before = members_before(bits)
    weights = np.zeros(int(before[-1]), dtype=np.int64)
    number_classes(canon, bits, before, weights)
    return unrank(_members(bits), k), weights


def _bits(count: int) -> np.ndarray:
    return np.zeros((count + 63) // 64, dtype=np.int64)


def _members(bits: np.ndarray) -> np.ndarray:
    """The ranks whose bits are set, ascending."""
    return np.flatnonzero(np.unpackbits(bits.view(np.uint8), bitorder="little"))


def _keep_classes(game: PaiGowGame, folder: str, deck: str | None = None, threads: int = 1) -> None:
    """Every hand's class (numbered in the order of the canonical members' colex ranks), the canonical members and the
    classes' sizes, kept in ``folder`` (linked from ``deck`` if another house way made them there): counted in this
    process by a compiled pass over the hands (never listed), a stretch at a time straight into the file, so that no
    more than a stretch a thread is ever held in memory; on ``threads`` threads, each a stretch at a time."""
    from .kernel import canonical_sets, mark_members, members_before, number_classes, on_each, thread_pool

    names = ["class_id", "reps", "sizes"]
    if _borrowed(names, folder, deck):
        return
    n = len(game.deck)
    naturals = n - game.deck.jokers
    path = os.path.join(folder, "class_id.npy")
    scratch = path + ".part.npy"  # written whole, then renamed: a stopped run never leaves half a file read back
    np.lib.format.open_memmap(scratch, mode="w+", dtype=np.int32, shape=(comb(n, 7),)).flush()
    bits = _bits(comb(n, 7))  # the canonical members, a bit each
    tops = list(range(n - 1, 5, -1))  # each stretch: the hands whose highest card is top (the largest first)
    own: queue.SimpleQueue[np.ndarray] = queue.SimpleQueue()

    def stretch(top: int) -> tuple[np.memmap, np.ndarray]:  # mapped for one thread; unmapped when dropped
        mapped = np.lib.format.open_memmap(scratch, mode="r+")
        return mapped, mapped[comb(top, 7):comb(top + 1, 7)]

    def mark(top: int) -> None:
        mapped, hands = stretch(top)
        canonical_sets(7, top, top + 1, naturals, hands)
        mark_members(hands, comb(top, 7), bits)
        mapped.flush()  # written through: its pages leave this process when it is unmapped

    def number(top: int) -> None:
        (mapped, hands), sizes = stretch(top), own.get()
        number_classes(hands, bits, before, sizes)
        mapped.flush()
        own.put(sizes)

    with thread_pool(threads) as pool:
        for parity in (0, 1):  # neighbouring stretches share a word of bits at their edge: never marked at once
            on_each(pool, mark, [top for top in tops if top % 2 == parity])
        before = members_before(bits)
        for _ in range(threads):  # a thread's own sizes: no two threads add to one
            own.put(np.zeros(int(before[-1]), dtype=np.int64))
        on_each(pool, number, tops)
    sizes = np.sum([own.get() for _ in range(threads)], axis=0)
    reps = _members(bits)
    np.save(os.path.join(folder, "sizes.npy"), sizes)
    np.save(os.path.join(folder, "reps.npy"), reps)
    os.replace(scratch, path)
    _lend(names, folder, deck)


def unrank(ranks: np.ndarray, size: int = 7) -> np.ndarray:
    """The sets of ``size`` cards of these colex ranks (rows ascending).

    >>> from casino_math.subsets import colex
    >>> unrank(colex(np.array([[0, 3, 5, 6, 9, 11, 20]]))).tolist()
    [[0, 3, 5, 6, 9, 11, 20]]
    """
    rest = np.asarray(ranks, dtype=np.int64).copy()
    out = np.empty((len(rest), size), dtype=np.int64)
    for t in range(size, 0, -1):
        column = BINOMIAL[:, t]
        card = np.searchsorted(column, rest, side="right") - 1
        out[:, t - 1] = card
        rest -= column[card]
    return out


def class_settings(game: PaiGowGame, hands: np.ndarray, points: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each hand's legal settings of distinct values, as ranks of their high and low values, in increasing order
    (−1 after the last); and the position among them of the house way's setting (its values: ``points``)."""
    highs, lows = _distinct(game)
    width = len(lows) + 1
    high, low = game.way.hands.settings(hands)
    key = np.searchsorted(highs, high) * width + np.searchsorted(lows, low)
    top = np.iinfo(np.int64).max
    key = np.sort(np.where(high > low, key, top), axis=1)
    key[:, 1:][key[:, 1:] == key[:, :-1]] = top
    key = np.sort(key, axis=1)
    valid = key != top
    set_high = np.where(valid, key // width, -1).astype(np.int16)
    set_low = np.where(valid, key % width, -1).astype(np.int16)
    return set_high, set_low, position(game, set_high, set_low, points)


def position(game: PaiGowGame, set_high: np.ndarray, set_low: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Where a house way's setting (its values' ranks: ``points``) lies among each hand's settings (:func:`class_settings`).

    >>> position(None, np.array([[0, 1, -1]]), np.array([[2, 0, -1]]), np.array([[1], [0]])).tolist()
    [1]
    """
    found = (set_high == points[0][:, None]) & (set_low == points[1][:, None])
    if not found.any(axis=1).all():
        raise AssertionError(f"{game.id}: a house way's setting is not among the hand's legal settings")
    return found.argmax(axis=1)


def part_shard(shard: tuple[str, str, int, int] | tuple[str, str, int, int, str], threads: int = 1,
               done: Callable[[int], None] | None = None) -> dict[str, np.ndarray]:
    """One part of the player hands (highest card in lo..hi−1): every class's settings against the banker's hands over
    every deal, each class set optimally; per hand type and per rule of the house way the columns :data:`COLUMNS`
    (deals, over all the part's hands), and per hand type the class where the house way costs most. With another
    house way's points (a fifth item: their folder), the same columns with its setting in place of the optimal one
    ("differs": set to other values; "gain": what it gives up) per hand type, and the first classes of each type it
    sets otherwise (:data:`.other_way.EXAMPLES`). On ``threads`` threads (the same result); ``done`` hears of the
    units of work of the banker's tables as they are answered (:func:`part_work`)."""
    from .kernel import on_each, settings_against, thread_pool

    path, folder, lo, hi = shard[:4]
    clock = time.process_time()
    game = _game(path)
    n = len(game.deck)
    points = np.load(os.path.join(folder, "class_points.npy"))  # by class: (high, low, rule)
    class_id = np.asarray(np.load(os.path.join(folder, "class_id.npy"), mmap_mode="r"))
    reps = np.load(os.path.join(folder, "reps.npy"))
    sizes = np.load(os.path.join(folder, "sizes.npy"))
    first, last = comb(lo, 7), comb(hi, 7)
    c0, c1 = np.searchsorted(reps, [first, last])
    mine, size = reps[c0:c1], sizes[c0:c1]
    m = len(mine)
    set_high = np.empty((m, len(SETTINGS)), dtype=np.int16)
    set_low = np.empty_like(set_high)
    house = np.empty(m, dtype=np.int8)  # small types: a part may hold all 6,972,147 classes of 53 cards
    kind = np.empty(m, dtype=np.int16)
    rule = points[2, c0:c1]
    own = points[:2, c0:c1]
    theirs = np.empty(m, dtype=np.int8)
    their_points = np.load(os.path.join(shard[4], "class_points.npy"))[:2, c0:c1] if len(shard) == 5 else own

    def settle(start: int) -> None:  # a chunk of classes' settings ranked, their type (threads: chunks at once)
        rows = unrank(mine[start:start + CHUNK])
        part = slice(start, start + CHUNK)
        set_high[part], set_low[part], house[part] = class_settings(game, rows, own[:, part])
        if len(shard) == 5:
            theirs[part] = position(game, set_high[part], set_low[part], their_points[:, part])
        features = Features.of(game.way.hands, rows)
        kind[part] = features.kind * len(COMPLETE) + features.complete

    with thread_pool(threads) as pool:
        on_each(pool, settle, range(0, m, CHUNK))
    if comb(n - 7, 7) * len(Symmetry.of(game.deck)) >= 1 << 31:
        raise ValueError(f"{game.id}: {n} cards: a class's counts would not fit in 31 bits")
    counts = np.zeros((m, len(SETTINGS)), dtype=np.int64)  # below + 2^32 × at least as high (the kernel's doc)
    high, low = points[0], points[1]
    width, lows = (len(d) for d in _distinct(game))
    for k in range(7):
        sets, weights = (np.load(os.path.join(folder, f"{name}{k}.npy")) for name in ("sets", "weights"))
        settings_against(sets, weights, n, high, low, width, lows, class_id, int(c0), first, last, set_high, set_low,
                         counts, threads=threads, done=done)
    by_kind = np.zeros((len(KIND_NAMES) * len(COMPLETE), len(COLUMNS)), dtype=np.int64)
    by_rule = np.zeros((len(game.way.rules), len(COLUMNS)), dtype=np.int64)
    costliest: dict[int, list[int]] = {}  # per hand type, the class where the house way costs most (the first of equals)
    other_by_kind = np.zeros_like(by_kind)
    first_otherwise: dict[int, list[list[int]]] = {}  # per hand type, the first classes another way sets otherwise
    for start in range(0, m, SUMMED):  # a stretch of classes at a time: a few arrays of its size, not of the part's
        at = slice(start, start + SUMMED)
        won, lost, value = _class_results(game, counts[at], set_high[at], set_low[at], own[:, at], size[at])
        rows, sized = np.arange(len(won)), size[at]
        best = np.where(value[rows, house[at]] == value.max(axis=1), house[at], value.argmax(axis=1))
        gain = value[rows, best] - value[rows, house[at]]
        columns = np.stack([np.ones(len(won), dtype=np.int64), gain > 0, won[rows, house[at]], lost[rows, house[at]],
                            won[rows, best], lost[rows, best], gain]) * sized
        for j in range(len(COLUMNS)):  # whole numbers past 2^53: added as integers
            np.add.at(by_kind[:, j], kind[at], columns[j])
            np.add.at(by_rule[:, j], rule[at], columns[j])
        for code in np.unique(kind[at][gain > 0]).tolist():
            here = np.flatnonzero(kind[at] == code)
            i = here[np.argmax(gain[here])]
            if code not in costliest or gain[i] > costliest[code][2]:
                j = start + i
                costliest[code] = [code, mine[j], gain[i], set_high[j, house[j]], set_low[j, house[j]],
                                   set_high[j, best[i]], set_low[j, best[i]]]
        if len(shard) == 5:
            _set_otherwise(value, won, lost, house[at], theirs[at], set_high[at], set_low[at], sized, kind[at], mine[at],
                           other_by_kind, first_otherwise)
    examples = [costliest[code] for code in sorted(costliest)]
    out = {"by_kind": by_kind, "by_rule": by_rule, "examples": np.array(examples, dtype=np.int64).reshape(-1, 7),
           "seconds": np.array([time.process_time() - clock])}
    if len(shard) == 5:
        found = [row for code in sorted(first_otherwise) for row in first_otherwise[code]]
        out |= {"other_by_kind": other_by_kind, "other_examples": np.array(found, dtype=np.int64).reshape(-1, 7)}
    return out


def _class_results(game: PaiGowGame, counts: np.ndarray, set_high: np.ndarray, set_low: np.ndarray, own: np.ndarray,
                   size: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Some classes' counts (a class's size times each member's, both in one whole number: the kernel's) as each
    member's deals won both and lost both per setting, and each setting's value (exact, in units of 1 / the
    commission's denominator; illegal settings the lowest value): compiled (:func:`.kernel.class_results`)."""
    from .kernel import class_results

    c = game.commission
    won, lost, value, whole = class_results(counts, set_high, set_low, own, size, c.denominator - c.numerator,
                                            c.denominator)
    if not whole:
        raise AssertionError(f"{game.id}: a class's counts are not its size times its members' counts")
    return won, lost, value


def _set_otherwise(value: np.ndarray, won: np.ndarray, lost: np.ndarray, house: np.ndarray, theirs: np.ndarray,
                   set_high: np.ndarray, set_low: np.ndarray, size: np.ndarray, kind: np.ndarray, mine: np.ndarray,
                   by_kind: np.ndarray, first: dict[int, list[list[int]]]) -> None:
    """Some classes set by another house way (``theirs``) beside the game's own (``house``), added to ``by_kind`` (per
    hand type the columns :data:`COLUMNS`, its setting in place of the optimal one) and ``first`` (the first classes
    of each type it sets to other values, at most :data:`.other_way.EXAMPLES`, as rows: type, canonical member's rank,
    what it gives up, both settings' value ranks)."""
    rows = np.arange(len(mine))
    differs = theirs != house  # the settings of a class are listed by value: another place, other values
    loss = value[rows, house] - value[rows, theirs]
    columns = np.stack([np.ones(len(mine), dtype=np.int64), differs, won[rows, house], lost[rows, house],
                        won[rows, theirs], lost[rows, theirs], loss]) * size
    for j in range(len(COLUMNS)):
        np.add.at(by_kind[:, j], kind, columns[j])
    for code in np.unique(kind[differs]).tolist():
        found = first.setdefault(code, [])
        for i in np.flatnonzero(differs & (kind == code))[:EXAMPLES - len(found)].tolist():
            found.append([kind[i], mine[i], loss[i], set_high[i, house[i]], set_low[i, house[i]], set_high[i, theirs[i]],
                          set_low[i, theirs[i]]])


def _totals(game: PaiGowGame, folder: str, results: list[dict[str, np.ndarray]]) -> OptimalTotals:
    """The parts' sums put together, with the examples written out as cards."""
    n = len(game.deck)
    deals = comb(n, 7) * comb(n - 7, 7)
    scale = deals * game.commission.denominator

    def costs(rows: np.ndarray, names: list[str], every: bool = False) -> tuple[Cost, ...]:
        return tuple(Cost(name, int(r[0]), int(r[1]), (int(r[2]), int(r[3])), (int(r[4]), int(r[5])),
                          Fraction(int(r[6]), scale)) for name, r in zip(names, rows.tolist()) if r[0] or every)

    by_kind = np.sum([r["by_kind"] for r in results], axis=0)
    by_rule = np.sum([r["by_rule"] for r in results], axis=0)
    kinds = [kind + ("" if complete == "nothing" else f" with a {complete}") for kind in KIND_NAMES for complete in COMPLETE]
    total = by_kind.sum(axis=0).tolist()
    house = (total[2], deals - total[2] - total[3], total[3])
    optimal = (total[4], deals - total[4] - total[5], total[5])
    found = np.concatenate([r["examples"] for r in results])
    examples = []
    for code in sorted(set(found[:, 0].tolist())):
        row = max((r for r in found.tolist() if r[0] == code), key=lambda r: (r[2], -r[1]))
        examples.append(_example(game, kinds[code], row, scale // deals * comb(n - 7, 7)))
    return OptimalTotals(deals, comb(n, 7), game.commission, house, optimal, total[1], costs(by_kind, kinds),
                         costs(by_rule, [r.summary for r in game.way.rules], every=True), tuple(examples))


def _example(game: PaiGowGame, kind: str, row: list[int], scale: int) -> Example:
    """One hand and its two settings, as cards: the settings whose values are those kept (ranks of the values)."""
    _, rank, gain, house_high, house_low, best_high, best_low = row
    hand = unrank(np.array([rank]))[0]
    return Example(kind, _hand_text(game, hand), setting_text(game, hand, house_high, house_low),
                   setting_text(game, hand, best_high, best_low), Fraction(gain, scale))


def _hand_text(game: PaiGowGame, hand: np.ndarray) -> str:
    return " ".join(str(game.deck.cards[c]) for c in hand.tolist())


def _other_totals(game: PaiGowGame, results: list[dict[str, np.ndarray]]) -> OtherWay:
    """The parts' sums of another way's setting beside the game's own, with the first examples of each type (by the
    canonical members' ranks) written out as cards."""
    n = len(game.deck)
    deals = comb(n, 7) * comb(n - 7, 7)
    by_kind = np.sum([r["other_by_kind"] for r in results], axis=0)
    total = by_kind.sum(axis=0).tolist()
    by_hand = tuple(TypeSetOtherwise(kind_name(code), int(r[0]), int(r[1]), (int(r[2]), int(r[3])), (int(r[4]), int(r[5])),
                                     Fraction(int(r[6]), deals * game.commission.denominator))
                    for code, r in enumerate(by_kind.tolist()) if r[0])
    found = sorted(map(tuple, np.concatenate([r["other_examples"] for r in results]).tolist()))
    per_hand = comb(n - 7, 7) * game.commission.denominator
    examples = []
    for code in sorted({row[0] for row in found}):
        for _, rank, loss, house_high, house_low, their_high, their_low in [r for r in found if r[0] == code][:EXAMPLES]:
            hand = unrank(np.array([rank]))[0]
            examples.append(HandSetOtherwise(kind_name(code), _hand_text(game, hand),
                                             setting_text(game, hand, house_high, house_low),
                                             setting_text(game, hand, their_high, their_low), Fraction(loss, per_hand)))
    return OtherWay(deals, comb(n, 7), game.commission, (total[2], deals - total[2] - total[3], total[3]),
                    (total[4], deals - total[4] - total[5], total[5]), total[1], by_hand, tuple(examples))
