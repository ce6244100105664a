"""Honest progress (issue 33 item 5): a report's bar weighs each family by its estimated counting, and a line's ETA is
its work left at its pace so far, so a step that runs for minutes never shows an ETA of a second."""

from __future__ import annotations

import re
import time
from io import StringIO

import pytest

from rich.console import Console

from casino_math.analysis import load_game
from casino_math.progress import Bar
from casino_math.report import counting_cost, family_cost
from tests.helpers.paths import ROOT


def shown_eta(out: StringIO) -> str:
    """The last ETA drawn on the run's own line."""
    lines = [re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", line) for line in out.getvalue().replace("\r", "\n").split("\n")]
    return re.findall(r"ETA\s+(\S+)", "\n".join(line for line in lines if "writing" in line))[-1]


def test_a_long_step_makes_the_eta_grow_not_sit_at_a_second() -> None:
    out = StringIO()
    now = [0.0]
    with Bar(False, console=Console(file=out, force_terminal=True, width=100), clock=lambda: now[0]) as steps:
        steps.plan(1 + 100)  # in estimated seconds
        steps.step("writing small", 1)
        now[0] = 1.0
        steps.step("writing big", 100)  # the small step took 1 s: the big one is estimated at 100 s
        assert steps.progress is not None  # a terminal: the bar is drawn
        now[0] = 2.0
        steps.progress.refresh()
        first = shown_eta(out)
        now[0] = 600.0  # ten minutes into the big step: it has run past its estimate
        steps.progress.refresh()
        later = shown_eta(out)
    # 100 estimated seconds left at the pace so far (1 in 2 s, and the estimate's own pace for 30 s): 103 s
    assert first == "0:01:43", first
    assert later == "0:33:52"  # the big step ten minutes long: the estimate grows with the wait, never "0:00:01"


def test_the_weights_follow_each_game_counting() -> None:
    three_card = load_game(ROOT / "paytables/three_card_poker/standard.yaml")
    pai_gow = load_game(ROOT / "paytables/pai_gow_poker/foxwoods.yaml")
    one_deck, six_decks = (load_game(ROOT / f"paytables/blackjack/{name}.yaml") for name in ("1-deck-s17-das", "6-decks-s17-das"))
    assert counting_cost(pai_gow) > 100 * counting_cost(three_card)  # 13 minutes against a second or two, measured
    assert counting_cost(one_deck) < counting_cost(six_decks)
    assert family_cost([three_card, pai_gow]) > counting_cost(three_card) + counting_cost(pai_gow)


def test_a_family_counted_in_a_worker_shows_its_own_count() -> None:
    """The run waits for a family counted in another process: the bar draws that family's count as its worker reports
    it (the engine's units of work, with their own ETA), not only the step it waits on."""
    from casino_math.progress import Relay
    from casino_math.workers import can_fork, in_processes

    if not can_fork():
        pytest.skip("no forked workers here: every family is written in this process, its count drawn there")
    out = StringIO()
    relay = Relay()

    def count(family: str) -> str:
        report = relay.sender(family)
        report("showdown", 3, 13)
        return family

    with Bar(False, console=Console(file=out, force_terminal=True, width=120)) as steps, relay.drawn(steps):
        in_processes(count, ["three_card_poker", "pai_gow_poker"], 2, relay.show)
        assert steps.progress is not None  # a terminal: the bar is drawn
        deadline = time.monotonic() + 30
        while not any("pai_gow_poker: showdown" in task.description for task in steps.progress.tasks):
            assert time.monotonic() < deadline, [task.description for task in steps.progress.tasks]
            time.sleep(0.05)
        line = next(task for task in steps.progress.tasks if "pai_gow_poker" in task.description)
        assert (line.completed, line.total) == (3, 13)
