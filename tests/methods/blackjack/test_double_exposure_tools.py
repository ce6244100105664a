"""Double Exposure through the tools (issue 30, item 2): the small test game (tests/games/double-exposure-small.yaml:
the Stratosphere's rules from one deck of sevens to aces) run through every check of the conformance kit in the
default tier (the common suite runs its tools in the slow tier only), its views against its rounds, the simulator's
rounds against the exact ones, the lookup seeing the dealer's two cards, and the studio's "face up" edit analysed as
the command line analyses the saved file."""

from __future__ import annotations

import json
import shutil
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from casino_math.analysis import analyze
from casino_math.conformance import parametrize_with_checks
from casino_math.methods.blackjack.choices import STAND
from casino_math.methods.blackjack.exposed_views import ExposedFigures, dealer_column
from casino_math.methods.blackjack.method import BLACKJACK
from casino_math.methods.blackjack.rounds import BLACKJACK_OPTION
from casino_math.methods.blackjack.rules import VALUES
from casino_math.studio.workbench import Workbench
from tests.helpers.cli_runner import run
from tests.helpers.paths import ROOT
from tests.tools.test_studio import GAMES, create_app, opened, solve_of

SMALL = ROOT / "tests" / "games" / "double-exposure-small.yaml"


@parametrize_with_checks([SMALL])
def test_every_tool_carries_double_exposure(path, check):
    check(path)


def test_the_chart_is_the_play_of_the_first_two_cards():
    """Every cell of the charts by totals is the option of highest expected value over the rounds of its totals
    (starred where some of them play best otherwise), and the first two cards' view lists every round the charts add up, by the dealer's two cards; the
    returns by the dealer's cards add up to the game's."""
    analysis = analyze(SMALL)
    solution = analysis.solution
    play = solution.own(ExposedFigures).play
    first, *charts, returns = solution.strategy.decisions
    rows = first.frame()
    assert len(rows) == sum(r.taken != BLACKJACK_OPTION for u in play.upcards.values() for r in u.roots.values())
    chart_cells = 0
    for chart in charts:
        frame = chart.frame()
        for _, row in frame.iterrows():
            for column, code in row.items():
                if column == "hand" or not code:
                    continue
                chosen = rows[(rows["hand"] == row["hand"]) & (rows["dealer's cards"].map(_column) == column)]
                chances = chosen["probability"].map(float)
                values = {o: (chosen[f"ev_{o}"] * chances).sum() for o in ("stand", "hit", "double", "split")
                          if chosen[f"ev_{o}"].notna().all()}
                best = max(values, key=lambda o: values[o])
                assert code[0] == {"stand": "S", "hit": "H", "double": "D", "split": "P"}[best], (row["hand"], column)
                assert code.endswith("*") == (set(chosen["decision"]) != {best}), (row["hand"], column)
                chart_cells += 1
    assert chart_cells > 50
    table = returns.frame()
    chances = table["probability"].astype(float)
    assert abs(chances.sum() - 1) < 1e-5
    assert abs((chances * table["optimal"].astype(float)).sum() - float(play.expected_return)) < 1e-5


def _column(cards: str) -> str:
    names = "A23456789T"
    up, hole = (names.index(c) for c in cards.split())
    return dealer_column(up, hole)


def test_the_lookup_sees_both_dealer_cards():
    """A hand looked up against the dealer's two cards is valued as the round against them; one card is refused."""
    solution = analyze(SMALL).solution
    play = solution.own(ExposedFigures).play
    choice = solution.strategy.choose("play", {"player": "Th 7c", "up": "Ts 7d"})
    root = next(r for h, r in play.upcards[9 * VALUES + 6].roots.items() if sorted(h.values()) == [6, 9])
    assert choice.option == root.taken and choice.option != STAND  # 17 against 17: a tie loses
    with pytest.raises(ValueError, match="the dealer's two cards"):
        solution.strategy.choose("play", {"player": "Th 7c", "up": "Ts"})


def test_the_simulator_deals_the_rounds_counted():
    """Rounds dealt card by card with both dealer cards up, played by the strategy: the mean net within 4 standard
    errors of the exact expected return (a dealer blackjack in view, ties lost, the blackjack ties won, all settled
    card by card)."""
    analysis = analyze(SMALL)
    coups = BLACKJACK.coups(analysis.solution)
    rng = np.random.default_rng(7)
    rows = np.array([rng.permutation(coups.kinds)[:coups.cards] for _ in range(4000)])
    codes, ends = coups(rows)["blackjack"]
    nets = np.array([float(ends[c].net) for c in codes.tolist()])
    exact = float(analysis.tables["blackjack"].metrics.expected_return)
    assert abs(nets.mean() - exact) < 4 * nets.std() / len(nets) ** 0.5
    kinds = {ends[c].key("result") for c in set(codes.tolist())}
    assert {"blackjack", "hand", "split"} <= kinds


def test_a_natural_at_other_pays_is_solved_again_not_repriced(tmp_path):
    """Double Exposure keeps no repricing of a natural: its key holds the pays, so a blackjack paid 3 to 2 is its own
    solve, and pays more."""
    text = SMALL.read_text().replace("extends: ../../", f"extends: {ROOT}/")
    even = tmp_path / "even.yaml"
    even.write_text(text)
    paid = tmp_path / "paid.yaml"
    paid.write_text(text + "  pays: {blackjack: 3 to 2}\n")
    edges = [analyze(p).tables["blackjack"].metrics.house_edge for p in (even, paid)]
    assert edges[1] < edges[0]


SMALL_BLACKJACK = "blackjack-small.yaml"


@pytest.fixture
def small_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("CASINO_MATH_EXTENDS", "")
    root = tmp_path / "tables"
    root.mkdir()
    shutil.copy(GAMES / SMALL_BLACKJACK, root / SMALL_BLACKJACK)
    workbench = Workbench(root)
    yield root, create_app(workbench).test_client()
    workbench.solves.stop_all()


def test_the_studio_s_face_up_hole_card_is_analysed_as_the_saved_file(small_folder, monkeypatch, capsys):
    """The studio offers the hole card face up: on a game with surrender it is refused by the rule that forbids it, named
    by its control; with surrender none too, the edit is solved and is the saved file's analysis."""
    root, client = small_folder
    controls = {c["title"]: c for c in opened(client, SMALL_BLACKJACK)["controls"]}
    assert "face up" in controls["Dealer: hole card"]["options"]
    refused = client.post("/api/edit", json={"path": SMALL_BLACKJACK, "tables": {}, "rules": {"Dealer: hole card": "face up"}}).json
    messages = [e["message"] for e in refused["errors"]]
    assert messages and all("surrender is not offered in Double Exposure" in m for m in messages), messages
    rules = {"Dealer: hole card": "face up", "Surrender": "none"}
    answer = client.post("/api/edit", json={"path": SMALL_BLACKJACK, "tables": {}, "rules": rules}).json
    assert answer["errors"] == [] and answer["solve"]
    result = solve_of(client, answer["solve"])["result"]
    saved = client.post("/api/save", json={"path": SMALL_BLACKJACK, "tables": {}, "rules": rules, "name": "face-up"})
    assert saved.status_code == 200
    code, out, _ = run(monkeypatch, capsys, "analyze", str(Path(root) / "face-up.yaml"), "--format", "json")
    assert code == 0
    edge = json.loads(out)["bets"]["blackjack"]["house_edge"]
    assert edge == result["bets"][0]["house_edge"] and Fraction(edge) != 0


def test_the_dealer_s_totals_by_up_card_are_the_ordinary_game_s():
    """The dealer's final results by up card from the full shoe: his cards fall as in the game without a hole card
    (where a blackjack takes every bet), whether the hole card is seen or not."""
    from dataclasses import replace

    from casino_math.methods.blackjack.game_file import BlackjackGame
    from casino_math.methods.blackjack.rules import BlackjackRules

    analysis = analyze(SMALL)
    game = analysis.game
    assert isinstance(game, BlackjackGame)
    hidden = replace(game, rules=BlackjackRules(dealer_hits_soft_17=True, dealer_peeks=False, split_hands=1))
    totals = analysis.dealer_totals()
    assert totals == BLACKJACK.solve(hidden).figures.dealer_totals
    assert all(sum(chances.values()) == 1 for chances in totals.values())
