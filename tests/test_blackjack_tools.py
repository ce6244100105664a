"""Blackjack through the tools: a bad file's exit code, the effect of removal, the design tools on its pays."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from cli_runner import run

from casino_math.game.analysis import analyze
from casino_math.game.blackjack.rounds import play_game
from casino_math.game.blackjack.rules import Shoe

ROOT = Path(__file__).parent.parent
SMALL = ROOT / "tests" / "games" / "blackjack-small.yaml"


BAD = {  # each a bad file's blackjack: section, and the start of its message
    "split limit below 2": ("  split: {hands: 1}\n", "4: blackjack.split.hands: a split makes at least 2 hands"),
    "contradictory doubling": ("  double: {on: 10-11, free: 9-11}\n", "4: blackjack.double.free: free doubles on 9-11, but doubling only on 10-11"),
    "a payout that is not a pay": ("  pays: {blackjack: 0}\n", "4: blackjack.pays.blackjack: blackjack must pay something"),
}


@pytest.mark.parametrize("section, message", BAD.values(), ids=BAD.keys())
def test_a_bad_blackjack_file_exits_2_with_file_line_field(monkeypatch, capsys, tmp_path, section, message):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: blackjack\nid: bj\nblackjack:\n" + section)
    code, out, err = run(monkeypatch, capsys, "analyze", str(bad))
    assert code == 2 and f"{bad}:{message}" in err and "Traceback" not in out + err, (code, out, err)


def test_a_shoe_that_cannot_deal_the_game_exits_2(monkeypatch, capsys, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: blackjack\nid: bj\ndeck: {ranks: Q-A}\nblackjack:\n")
    code, out, err = run(monkeypatch, capsys, "analyze", str(bad))
    assert code == 2 and f"{bad}:3: deck: the Q-A deck could run out of cards" in err and "Traceback" not in out + err


def test_effect_of_removal_is_the_game_counted_again_from_each_smaller_shoe():
    analysis = analyze(SMALL)
    effects = analysis.effect_of_removal("blackjack")
    full = analysis.tables["blackjack"].metrics.expected_return
    assert effects.expected == full
    game = analysis.game
    seven = Shoe(tuple(c - (v == 6) for v, c in enumerate(game.shoe.counts)))
    assert effects.effects[effects.ranks.index(7)] == play_game(game.rules, seven).expected_return - full
    assert len(set(effects.effects[effects.ranks.index(r)] for r in (10, 11, 12, 13))) == 1  # a ten is a ten


def test_a_replay_at_other_pays_is_linear_in_the_pay():
    """The optimal strategy's decisions replayed with blackjack paying 1, 3/2 and 2: equal steps in the expected return."""
    from casino_math.design.model import wager_model

    analysis = analyze(SMALL)
    model = wager_model(analysis.game, "blackjack")
    returns = [analysis.solution.replayed(model.game_with({"blackjack": Fraction(p, 2)})).metrics.expected_return for p in (2, 3, 4)]
    assert returns[1] == analysis.tables["blackjack"].metrics.expected_return
    assert returns[2] - returns[1] == returns[1] - returns[0] > 0


def test_the_dealers_counts_kept_between_runs_give_the_same_bytes(monkeypatch, capsys, tmp_path):
    """A run with the dealer's counts read from the cache prints the same bytes as the run that counted them, and counts
    no dealer hand (the compiled count is never called)."""
    from casino_math.game.blackjack import dealer, values

    monkeypatch.setenv("CASINO_MATH_CACHE", str(tmp_path))
    outputs = []
    for _ in range(2):
        values.forget_counts()  # a new run: nothing in memory
        code, out, _ = run(monkeypatch, capsys, "analyze", str(SMALL), "--format", "json")
        assert code == 0
        outputs.append(out)
        monkeypatch.setattr(values, "dealer_ways", _never)  # the second run must read every count
    assert outputs[0] == outputs[1]
    assert dealer.dealer_ways is not _never


def _never(*args, **kwargs):
    raise AssertionError("the dealer's hands were counted again, not read")
