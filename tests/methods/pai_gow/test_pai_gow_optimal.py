"""Pai Gow Poker's optimal setting by classes of shared cards (casino_math/methods/pai_gow/optimal.py) against the count
by player hand (counting.py, itself checked against every deal visited), exactly, on 17 and 21 cards."""

from __future__ import annotations

from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest

from casino_math.analysis import load_game
from casino_math.methods.pai_gow.counting import count
from casino_math.methods.pai_gow.house_way import COMPLETE, KIND_NAMES, Features
from casino_math.methods.pai_gow.optimal import class_settings, optimal_totals, other_way_totals, parts, unrank
from casino_math.methods.pai_gow.totals import _distinct, classes, points_shard
from casino_math.methods.pai_gow.kernel import (class_results, class_results_reference, settings_against,
                                                settings_against_reference)
from casino_math.parallel import Runner
from casino_math.subsets import all_subsets, colex
from tests.helpers.paths import ROOT

SMALL = ROOT / "tests" / "games" / "pai-gow-small.yaml"


def deck_of(tmp_path: Path, ranks: str) -> Path:
    """The small test deck's game with other ranks (the joker kept)."""
    text = SMALL.read_text().replace("../../paytables", str(ROOT / "paytables")).replace("ranks: J-A", f"ranks: {ranks}")
    path = tmp_path / f"pai-gow-{ranks}.yaml"
    path.write_text(text)
    return path


def by_hand_type(game, counts) -> dict[str, tuple[int, int, tuple[int, int], tuple[int, int], Fraction]]:
    """Per hand type, from the count by player hand: hands, how many the optimal setting sets otherwise, the deals won
    and lost both by the house way's setting and by the optimal one, and the optimal setting's gain per deal."""
    f = Features.of(game.way.hands, counts.hands)
    kinds = f.kind * len(COMPLETE) + f.complete
    v = counts.values()
    gain = v[counts.rows, counts.optimal] - v[counts.rows, counts.house]
    out = {}
    for code in np.unique(kinds):
        mine = kinds == code
        name = KIND_NAMES[code // len(COMPLETE)] + ("" if COMPLETE[code % len(COMPLETE)] == "nothing"
                                                    else f" with a {COMPLETE[code % len(COMPLETE)]}")
        ends = [(int(counts.wins[counts.rows, s][mine].sum()), int(counts.losses[counts.rows, s][mine].sum()))
                for s in (counts.house, counts.optimal)]
        out[name] = (int(mine.sum()), int((counts.optimal[mine] != counts.house[mine]).sum()), ends[0], ends[1],
                     Fraction(int(gain[mine].sum()), counts.deals * game.commission.denominator))
    return out


@pytest.mark.parametrize("ranks, count_of_parts", [("J-A", 4), ("10-A", 2)])
def test_optimal_count_by_classes_equals_the_count_by_player_hand(tmp_path, ranks, count_of_parts):
    game = load_game(deck_of(tmp_path, ranks))
    counts = count(game)
    result = optimal_totals(game, str(tmp_path), Runner.here(tmp_path / "shards"), count=count_of_parts)
    assert result.deals == counts.deals and result.hands == len(counts.hands)
    assert result.house == counts.ends(counts.house)
    assert result.optimal == counts.ends(counts.optimal)
    assert result.differs == int((counts.optimal != counts.house).sum()) > 0
    assert result.optimal_edge == -counts.expected(counts.optimal) < result.house_edge == -counts.expected(counts.house)
    expected = by_hand_type(game, counts)
    assert {c.name: (c.hands, c.differs, c.house, c.optimal, c.gain) for c in result.by_hand} == expected
    assert sum(c.gain for c in result.by_rule) == result.house_edge - result.optimal_edge
    assert sum(c.hands for c in result.by_rule) == result.hands
    index = {tuple(h): i for i, h in enumerate(counts.hands.tolist())}
    v = counts.values()
    for example in result.examples:  # each example's gain is its hand's, and the largest of its type
        ids = game.way.hands.ids(example.hand)
        row = index[tuple(ids)]
        gain = Fraction(int(v[row, counts.optimal[row]] - v[row, counts.house[row]]),
                        counts.banker_hands * game.commission.denominator)
        assert gain == example.gain > 0
    # read back from the kept shards: the same figures
    assert optimal_totals(game, str(tmp_path), Runner.here(tmp_path / "shards"), count=count_of_parts) == result


def test_counted_on_threads_the_same_figures(tmp_path, monkeypatch):
    """The default where the run names no cluster: one part in this process on a thread per worker asked (three
    here, the banker's tables a few sets at a time), its progress told in units of work up to the whole: what one
    process counts in two parts on one thread."""
    from casino_math.methods.pai_gow import kernel
    from casino_math.methods.pai_gow.optimal import counted_on, part_work

    game = load_game(deck_of(tmp_path, "J-A"))
    (tmp_path / "here").mkdir()
    (tmp_path / "threads").mkdir()
    here = optimal_totals(game, str(tmp_path / "here"), Runner.here(), count=2)
    runner, parts, threads = counted_on(game, Runner.of(workers=3))
    assert runner.where == "forked" and (parts, threads) == (1, 3)
    monkeypatch.setattr(kernel, "BATCH_BYTES", 1 << 14)  # tables of a few sets at a time: many batches per k
    heard: list[tuple[str, int, int]] = []
    found = optimal_totals(game, str(tmp_path / "threads"), runner, lambda *told: heard.append(told), count=parts,
                           threads=threads)
    assert found == here
    told = [(done, of) for what, done, of in heard if what == "player hands against the banker's"]
    assert len(told) > 7 and [done for done, _ in told] == sorted(done for done, _ in told)
    assert told[-1] == (part_work(game, str(tmp_path / "threads")),) * 2
    assert counted_on(game, Runner.here()) == (Runner.here(), 1, 1)


def test_summed_a_few_classes_at_a_time_the_same_figures(tmp_path, monkeypatch):
    """A part's classes are summed a stretch at a time (memory): stretches of 37 classes give what one stretch gives,
    the optimal setting's figures and examples and another house way's alike."""
    from casino_math.methods.pai_gow import optimal

    game = load_game(deck_of(tmp_path, "J-A"))
    other_path = tmp_path / "gold-star.yaml"
    other_path.write_text(f"extends: {ROOT / 'paytables' / 'pai_gow_poker' / 'gold-star.yaml'}\nid: gold-star-J-A\n"
                          "deck: {ranks: J-A, jokers: 1, joker: bug}\n")
    other = load_game(other_path)
    folders = [tmp_path / "first", tmp_path / "other"]
    for folder in folders:
        folder.mkdir()
    whole = optimal_totals(game, str(folders[0]), count=2), other_way_totals(game, other, *map(str, folders), count=2)
    monkeypatch.setattr(optimal, "SUMMED", 37)
    assert (optimal_totals(game, str(folders[0]), count=2), other_way_totals(game, other, *map(str, folders), count=2)) == whole
    assert len(whole[0].examples) > 1 and len(whole[1].examples) > 1


@pytest.mark.parametrize("ranks, count_of_parts", [("J-A", 4), ("10-A", 2)])
def test_another_house_way_by_classes_equals_the_per_hand_counts(tmp_path, ranks, count_of_parts):
    """The dealer school's house way set against the Foxwoods banker, counted by classes over the shared cards (the
    53-card path) and read from the per-hand counts (checked against every deal visited in test_pai_gow.py): the same
    figures by hand type and the same examples; read back from the kept shards, the same again; a way set against
    itself sets nothing otherwise."""
    from casino_math.methods.pai_gow.other_way import from_counts

    game = load_game(deck_of(tmp_path, ranks))
    other_path = tmp_path / f"gold-star-{ranks}.yaml"
    other_path.write_text(f"extends: {ROOT / 'paytables' / 'pai_gow_poker' / 'gold-star.yaml'}\nid: gold-star-{ranks}\n"
                          f"deck: {{ranks: {ranks}, jokers: 1, joker: bug}}\n")
    other = load_game(other_path)
    counts = count(game)
    expected = from_counts(counts, other.way)
    folders = [tmp_path / "first", tmp_path / "other"]
    for folder in folders:
        folder.mkdir()
    runner = Runner.here(tmp_path / "shards")
    found = other_way_totals(game, other, *map(str, folders), runner, count=count_of_parts)
    assert found == expected and found.differs > 0 and len(found.examples) > 0
    assert found.house == counts.ends(counts.house) and found.hands == len(counts.hands)
    assert other_way_totals(game, other, *map(str, folders), runner, count=count_of_parts) == found
    same = other_way_totals(game, game, str(folders[0]), str(folders[0]), runner, count=count_of_parts)
    assert same.differs == 0 and same.cost == 0 and same.examples == () and same.other == same.house


def test_the_kernel_equals_its_plain_reference_on_every_path(tmp_path):
    """The banker's hands counted by a table over every high value, over the high values present, and one by one, on
    one thread and on three."""
    game = load_game(SMALL)
    n = len(game.deck)
    points = np.concatenate([points_shard((str(SMALL), top)) for top in range(6, n)], axis=1)
    high, low = points.astype(np.int64)
    width, lows = (len(d) for d in _distinct(game))
    hands = all_subsets(n, 7)
    canonical_members = np.arange(len(hands))  # every hand its own class: the kernel's sums per hand
    high_s, low_s, _ = class_settings(game, hands, points)
    rng = np.random.default_rng(7)
    for lo, _ in parts(n, 1, 4):  # a stretch of each part's player hands (the reference asks them one by one)
        first, last = comb(lo, 7), comb(lo, 7) + 120
        for k, (sets, _) in classes(game.deck, range(7)).items():
            pick = sets[rng.choice(len(sets), min(len(sets), 3), replace=False)]
            w = rng.integers(1, 5, len(pick))
            expected = np.zeros((last - first, 21), dtype=np.int64)
            settings_against_reference(pick, w, n, high, low, canonical_members, first, first, last,
                                       high_s[first:last], low_s[first:last], expected)
            for dense_from, brute_below in ((width, 64), (1, 0), (10**9, 0), (10**9, 10**9)):
                for threads in (1, 3):  # three threads: the tables built at once, the classes in 48 slices
                    got = np.zeros((last - first, 21), dtype=np.int64)
                    settings_against(pick, w, n, high, low, width, lows, canonical_members, first, first, last,
                                     high_s[first:last], low_s[first:last], got, dense_from, brute_below, threads)
                    assert np.array_equal(got, expected), (lo, k, dense_from, brute_below, threads)
            # sums past 2^63 wrap, and read back exactly once they end in range (as the 53-card deck's do)
            got = np.zeros((last - first, 21), dtype=np.int64)
            for weight in (w << 40, w - (w << 40)):
                settings_against(pick, weight, n, high, low, width, lows, canonical_members, first, first, last,
                                 high_s[first:last], low_s[first:last], got)
            assert np.array_equal(got, expected)


def test_the_classes_results_equal_their_plain_reference():
    """Won, lost and value per setting from the kernel's counts (sizes times members' counts, the seven-card term
    taken off, sums past 2^32 carried into the losses' half), compiled and in numpy, on the small deck's real settings;
    and a count not its size times a whole number found by both."""
    game = load_game(SMALL)
    hands = all_subsets(len(game.deck), 7)[::7]
    points = np.concatenate([points_shard((str(SMALL), top)) for top in range(6, len(game.deck))], axis=1)[:, ::7]
    set_high, set_low, _ = class_settings(game, hands, points)
    rng = np.random.default_rng(11)
    size = rng.integers(1, 25, len(hands))
    members = rng.integers(0, 1 << 26, (2, *set_high.shape)) * (set_high >= 0)
    counts = size[:, None] * (members[0] + (members[1] << 32))
    valid = set_high >= 0  # the seven-card term: P itself, below or at least as high as each legal setting
    counts += np.where(valid & (points[0][:, None] < set_high) & (points[1][:, None] < set_low), size[:, None], 0)
    counts += np.where(valid & (points[0][:, None] >= set_high) & (points[1][:, None] >= set_low), size[:, None] << 32, 0)
    got = class_results(counts, set_high, set_low, points[:2], size, 19, 20)
    expected = class_results_reference(counts, set_high, set_low, points[:2], size, 19, 20)
    assert all(np.array_equal(a, b) for a, b in zip(got[:3], expected[:3])) and got[3] and expected[3]
    assert np.array_equal(got[0], members[0]) and np.array_equal(got[1], members[1])
    counts[3, 0] += 1 if size[3] > 1 else 0
    assert class_results(counts, set_high, set_low, points[:2], size, 19, 20)[3] == (size[3] == 1)
    assert class_results_reference(counts, set_high, set_low, points[:2], size, 19, 20)[3] == (size[3] == 1)


def test_unrank_inverts_colex_and_parts_cover_every_hand():

    hands = all_subsets(17, 7)
    assert np.array_equal(unrank(colex(hands)), hands)
    for n, jokers in ((53, 1), (17, 1), (52, 0)):
        ranges = sorted(parts(n, jokers))
        assert ranges[0][0] == 0 and ranges[-1][1] == n
        assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:]))
        assert sum(comb(hi, 7) - comb(lo, 7) for lo, hi in ranges) == comb(n, 7)


def test_canonical_members_name_the_classes_of_the_suit_renamings():
    """The compiled canonical member against the suit symmetry's own (another member of each class): the same classes,
    and each canonical member its own."""
    from casino_math.methods.pai_gow.kernel import canonical_hands
    from casino_math.suits import Symmetry

    game = load_game(SMALL)
    hands = all_subsets(17, 7)
    mine = canonical_hands(hands, 16)
    theirs = colex(np.sort(Symmetry.of(game.deck).canonical([hands])[1][0], axis=1))
    pairs = set(zip(mine.tolist(), theirs.tolist()))
    assert len(pairs) == len(set(mine.tolist())) == len(set(theirs.tolist()))
    assert np.array_equal(canonical_hands(hands[mine], 16), mine)


@pytest.mark.parametrize("ranks", ["J-A", "9-A"])
def test_classes_counted_in_one_pass_are_the_listed_hands_numbered(tmp_path, ranks):
    """The compiled pass (hands never listed, numbered by a bit per canonical member; on one thread and on three)
    against every hand listed, its
    canonical member by :func:`canonical_hands` and the classes numbered by ``np.searchsorted``; the card-set classes
    against ``np.unique`` over the sets listed."""
    from casino_math.methods.pai_gow.kernel import canonical_hands
    from casino_math.methods.pai_gow.optimal import _keep_classes, set_classes

    game = load_game(deck_of(tmp_path, ranks))
    n, naturals = len(game.deck), len(game.deck) - game.deck.jokers
    canon = canonical_hands(all_subsets(n, 7), naturals)
    reps, sizes = np.unique(canon, return_counts=True)
    for threads in (1, 3):  # three threads: stretches marked and numbered at once
        folder = tmp_path / f"threads-{threads}"
        folder.mkdir()
        _keep_classes(game, str(folder), threads=threads)
        assert np.array_equal(np.load(folder / "reps.npy"), reps)
        assert np.array_equal(np.load(folder / "sizes.npy"), sizes)
        assert np.array_equal(np.load(folder / "class_id.npy"), np.searchsorted(reps, canon))
    for k in range(1, 7):
        members, weights = np.unique(canonical_hands(all_subsets(n, k), naturals), return_counts=True)
        sets, got = set_classes(n, naturals, k)
        assert np.array_equal(sets, unrank(members, k)) and np.array_equal(got, weights), k


def test_two_house_ways_share_the_decks_classes_and_count_as_alone(tmp_path):
    """A second house way's folder borrows the deck's classes from the first's (the same files, linked), and its
    figures are those it gets counted alone."""
    game = load_game(SMALL)
    path = tmp_path / "gold-star-small.yaml"  # the dealer school's house way on the small deck
    path.write_text(f"extends: {ROOT / 'paytables' / 'pai_gow_poker' / 'gold-star.yaml'}\nid: gold-star-small\n"
                    "deck: {ranks: J-A, jokers: 1, joker: bug}\n")
    other = load_game(path)
    deck = tmp_path / "deck"
    first, second, alone = (tmp_path / name for name in ("first", "second", "alone"))
    for folder in (first, second, alone):
        folder.mkdir()
    optimal_totals(game, str(first), deck=str(deck))
    shared = optimal_totals(other, str(second), deck=str(deck))
    for name in ("class_id", "reps", "sizes", "sets6", "weights6"):
        assert (second / f"{name}.npy").samefile(first / f"{name}.npy"), name
    assert shared == optimal_totals(other, str(alone))
