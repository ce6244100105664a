"""``compare`` solving its games in forked workers: the same frame, JSON and text as one process, whatever the number of
workers; the games that go together (blackjack's rule sets of one shoe and one dealer) solved in one worker; errors as
in one process, a bad file refused before anything is counted."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest

from casino_math.count_cache import disabled
from casino_math.design import compare
from casino_math.errors import InputError
from casino_math.analysis import GameAnalysis
from casino_math.held import forget_all
from casino_math.analysis import load_game
from casino_math.parallel import Runner
from casino_math.workers import can_fork
from tests.helpers.cli_runner import run
from tests.helpers.paths import ROOT

GAMES = ROOT / "tests" / "games"
SMALL = GAMES / "blackjack-small.yaml"
compare_module = importlib.import_module("casino_math.design.compare")  # the package's name compare is the function
RULES = """  double: {on: any, after_split: true}
  split: {hands: 3}
"""


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> list[Path]:
    """The small blackjack game, the same at 6 to 5 without surrender (its hands play alike: the same group), without a
    hole card (another dealer: another group), and a game of another method."""
    folder = tmp_path_factory.mktemp("compare")
    (folder / SMALL.name).write_text(SMALL.read_text())  # a file extends one of its own folder
    for name, dealer, pays in (("six-five", "{soft_17: hits, hole_card: peek}", "{blackjack: 6 to 5}"),
                               ("no-hole-card", "{soft_17: hits, hole_card: none}\n  surrender: early", "{blackjack: 3 to 2}")):
        (folder / f"{name}.yaml").write_text(f"extends: {SMALL.name}\nid: bj-small-{name}\nblackjack:\n  dealer: {dealer}\n{RULES}"
                                             f"  pays: {pays}\n")
    return [folder / SMALL.name, folder / "six-five.yaml", folder / "no-hole-card.yaml", GAMES / "mini-three-card.yaml"]


def test_games_that_share_counts_go_together_the_costliest_first(files):
    groups = compare_module._groups([GameAnalysis(load_game(f)) for f in files])
    assert sorted(groups) == [(0, 1), (2,), (3,)]  # the two peeking games share the dealer's counts and the positions
    assert groups[0] == (0, 1)  # two blackjack solves cost more than one


def test_compare_on_workers_is_one_process_compare_byte_for_byte(files, tmp_path, monkeypatch, capsys):
    """Solved in two forked workers (the games of one group in one), the frame and every format printed are those of
    one process."""
    solved_in = tmp_path / "pids"
    figures = compare_module._figures

    def recorded(analysis, bet):
        with solved_in.open("a") as out:
            out.write(f"{analysis.game.id} {os.getpid()}\n")
        return figures(analysis, bet)

    monkeypatch.setattr(compare_module, "_figures", recorded)  # the workers are forked: they run this one too
    with disabled():  # every game solved, none read back
        here = compare(files, runner=Runner.here())
        assert {line.split()[1] for line in solved_in.read_text().split("\n") if line} == {str(os.getpid())}
        solved_in.unlink()
        together = compare(files, runner=Runner.of(workers=2))
        pids = dict(line.split() for line in solved_in.read_text().split("\n") if line)
        if can_fork():
            assert str(os.getpid()) not in pids.values()  # solved in the workers
            assert pids["bj-small"] == pids["bj-small-six-five"]  # a group in one worker
        assert together.equals(here) and list(together.columns) == list(here.columns)
        for format in ("json", "table", "csv"):
            printed = [run(monkeypatch, capsys, "compare", *map(str, files), "--workers", workers, "--format", format)
                       for workers in ("1", "2")]
            assert printed[0] == printed[1] and printed[0][0] == 0, format


def test_a_game_failing_in_a_worker_fails_the_compare_with_its_error(files, monkeypatch):
    figures = compare_module._figures

    def failing(analysis, bet):
        if analysis.game.id == "bj-small-no-hole-card":
            raise InputError("no-hole-card.yaml:1: a problem found while solving")
        return figures(analysis, bet)

    monkeypatch.setattr(compare_module, "_figures", failing)
    for workers in (1, 2):
        with pytest.raises(InputError, match="no-hole-card.yaml:1: a problem found while solving"):
            compare(files, runner=Runner.of(workers=workers))


def test_a_bad_file_is_refused_before_anything_is_counted(files, monkeypatch, capsys):
    bad = files[0].parent / "bad.yaml"
    bad.write_text(f"extends: {SMALL.name}\nid: bad\nblackjack:\n  dealer: {{soft_17: sometimes, hole_card: peek}}\n")

    def counted(*args):
        raise AssertionError("a game was counted before the bad file was refused")

    monkeypatch.setattr(compare_module, "_solved", counted)
    monkeypatch.setattr(compare_module, "in_processes", counted)
    code, out, err = run(monkeypatch, capsys, "compare", *map(str, files), str(bad), "--workers", "2")
    assert code == 2 and out == "" and err.startswith(f"error: {bad}:4: blackjack.dealer.soft_17: ") and "Traceback" not in err


def test_forgetting_counts_drops_the_dealers_counts_of_blackjack():
    """What a worker forgets between groups (and a report between families) includes blackjack's dealer's counts and
    positions: the next group reuses their memory."""
    from casino_math.methods.blackjack import values

    with disabled():
        GameAnalysis(load_game(SMALL)).tables  # noqa: B018
    assert values._dealer_counts.cache_info().currsize > 0
    forget_all()
    assert values._dealer_counts.cache_info().currsize == 0 and values.known_counts.cache_info().currsize == 0
