"""Provisional figures at once for the edits a blackjack designer makes (issue 33, item 4): an edit made right after a
game is opened (Spanish 21's first seconds) is priced by the strategy kept from an earlier run, not only once a worker
has worked it out again; a rule edit is priced at once by the strategy last solved under the same rules (in this run
or an earlier one), then solved. Each provisional figure is the exact replay of that strategy at the edit's pays; the
optimal strategy does no worse; a strategy replayed at the pays it was solved at is the optimal one. On the small
bonus game of ``tests/games`` (a stand-in for Spanish 21: its bonuses move the play), through the server's API and in
Debian's headless Chromium."""

from __future__ import annotations

import json
import re
import shutil
import threading
import time
from fractions import Fraction

import pytest

from casino_math.studio import solves
from casino_math.studio.workbench import ESTIMATED, Workbench
from tests.helpers.cli_runner import run
from tests.tools.test_studio import BONUS, CHROMIUM, GAMES, TOKEN, browse, create_app, opened, priced, solve_of, with_pay

LATE = {"Surrender": "late"}  # a rule the small game's file does not have


@pytest.fixture
def kept(tmp_path, monkeypatch):
    """A folder of the small bonus game and a count cache of its own (what an earlier run keeps, the next one reads)."""
    monkeypatch.setenv("CASINO_MATH_EXTENDS", "")
    monkeypatch.setenv("CASINO_MATH_CACHE", str(tmp_path / "counts"))
    root = tmp_path / "tables"
    root.mkdir()
    shutil.copy(GAMES / BONUS, root / BONUS)
    return root


class Run:
    """One run of the studio on a folder (a workbench and a client), its workers stopped at the end."""

    def __init__(self, root) -> None:
        self.workbench = Workbench(root)
        self.client = create_app(self.workbench).test_client()

    def __enter__(self) -> Run:
        return self

    def __exit__(self, *exc: object) -> None:
        self.workbench.solves.stop_all()


def edit(client, tables: dict | None = None, rules: dict | None = None) -> dict:
    answer = client.post("/api/edit", json={"path": BONUS, "tables": tables or {}, "rules": rules or {}})
    assert answer.status_code == 200
    return answer.json


def held_back(monkeypatch, hold, file: bool = False) -> None:
    """An edit's solve (in its worker; ``file``: the file's own, as opened) waits until ``hold`` exists: what the page
    shows meanwhile can be looked at."""
    solve = solves._solve

    def held(connection, game, figures, shown, opened, price):
        while shown and opened == file and not hold.exists():
            time.sleep(0.05)
        solve(connection, game, figures, shown, opened, price)

    monkeypatch.setattr(solves, "_solve", held)


def replayed(root, tables: dict, rules: dict, strategy_rules: dict) -> dict:
    """The bet's figures of the strategy solved under ``strategy_rules`` at the file's pays, replayed directly at the
    edit's pays and rules (the plain path: :meth:`Solution.replayed`), as the page shows them."""
    from casino_math.analysis import GameAnalysis, load_game
    from casino_math.studio.workbench import _bet

    workbench = Workbench(root)  # for its variant files of the strategy's game and of the edit
    try:
        solved, edited = (load_game(workbench._edited(root / BONUS, t, r)) for t, r in (({}, strategy_rules), (tables, rules)))
        with workbench.lock:
            table = GameAnalysis(solved).solution.replayed(edited)
    finally:
        shutil.rmtree(workbench.scratch)
    return _bet(edited, edited.bet, table)


def test_an_edit_right_after_opening_is_priced_by_the_strategy_kept_from_an_earlier_run(kept, monkeypatch):
    """The first run prices the file's strategy (in a worker) and keeps it; the next run opens the file with no worker
    to wait for, and an edit made at once is shown provisional: the file's strategy at the new pays, exactly its replay
    there; then solved, no worse for the player."""
    with Run(kept) as first:
        opened(first.client, BONUS)
        priced(first.workbench)
    held_back(monkeypatch, kept / "go")
    with Run(kept) as second:
        shown = opened(second.client, BONUS)
        assert [s.shown for s in second.workbench.solves.numbered.values()] == []  # nothing to price: it was kept
        tables = with_pay(shown, "pays", "five-card 21", "2")
        answer = edit(second.client, tables)
        assert "pending" not in answer and answer["provisional"]["of"] == "the file"
        assert answer["strategy"] == shown["strategy"]
        (bet,) = answer["bets"]
        expected = replayed(kept, tables, {}, {})
        assert bet["house_edge"] == expected["house_edge"] and bet["figures"] == expected["figures"]
        (kept / "go").touch()
        final = solve_of(second.client, answer["solve"])
        assert final["state"] == "done" and "provisional" not in final["result"]
        assert Fraction(final["result"]["bets"][0]["house_edge"]) <= Fraction(bet["house_edge"])


def worked_out(workbench, number: int, timeout: float = 300) -> None:
    """Wait until the worker of solve ``number`` is done: its strategy priced (and kept), after its figures."""
    assert workbench.solves.numbered[number].finished.wait(timeout), "the solve's worker never ended"
    assert workbench.solves.numbered[number].state == "done"


def test_a_rule_edit_is_priced_at_once_by_the_strategy_last_solved_under_its_rules(kept, monkeypatch):
    """Late surrender, never solved: the infinite deck's estimate at once, then solved. The same rules again with five-card 21 at 2 to 1: at once, the
    strategy solved under late surrender at the new pays (exactly its replay there, marked provisional), then the
    optimal, no worse for the player. The same rules at the pays they were solved at: the provisional figures are the
    optimal ones. In the next run (the strategy kept), the rule edit is priced at once too."""
    with Run(kept) as first:
        shown = opened(first.client, BONUS)
        novel = edit(first.client, rules=LATE)
        assert "pending" not in novel and novel["provisional"]["estimate"]
        exact = solve_of(first.client, novel["solve"])["result"]
        worked_out(first.workbench, novel["solve"])
        tables = with_pay(shown, "pays", "five-card 21", "2")
        answer = edit(first.client, tables, LATE)
        assert answer["provisional"]["of"] == "an earlier edit" and "pending" not in answer
        (bet,) = answer["bets"]
        expected = replayed(kept, tables, LATE, LATE)
        assert bet["house_edge"] == expected["house_edge"] and bet["figures"] == expected["figures"]
        assert bet["house_edge"] != exact["bets"][0]["house_edge"]  # the pay moved the figure
        final = solve_of(first.client, answer["solve"])["result"]
        assert Fraction(final["bets"][0]["house_edge"]) <= Fraction(bet["house_edge"])
        worked_out(first.workbench, answer["solve"])
    held_back(monkeypatch, kept / "go")
    with Run(kept) as second:
        opened(second.client, BONUS)
        again = edit(second.client, with_pay(shown, "pays", "five-card 21", "3"), LATE)  # a pay not solved: priced, not remembered
        assert "provisional" in again and again["solve"]
        # the strategy last solved under late surrender (five-card 21 at 2) at those very pays: the optimal figures
        same = edit(second.client, tables, LATE)
        assert same["provisional"] and [b["figures"] for b in same["bets"]] == [b["figures"] for b in final["bets"]]
        assert same["bets"][0]["house_edge"] == final["bets"][0]["house_edge"]


# -- in Chromium -----------------------------------------------------------------------------------------------------
@pytest.fixture
def serving():
    """Serve a workbench's app on a free port while the test runs: the page's address with the session's token."""
    from werkzeug.serving import make_server

    servers = []

    def serve(workbench) -> str:
        server = make_server("127.0.0.1", 0, create_app(workbench), threaded=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_port}/?token={TOKEN}"

    yield serve
    for server in servers:
        server.shutdown()


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="no chromium here (Debian's package: apt-get install chromium)")
def test_edits_in_chromium_provisional_at_once(kept, monkeypatch, serving, tmp_path):
    """In the page: a rule edited (late surrender) with a pay (five-card 21 at 2 to 1), its rules solved before: the
    provisional figures at once, marked, the edit's own solve held back; then the solved ones. And in a run after the
    file's strategy was kept, a pay edited as the page opens (Spanish 21's first seconds): provisional at once; and a rule
    never solved: the estimate at once, marked as one."""
    with Run(kept) as first:
        shown = opened(first.client, BONUS)
        priced(first.workbench)
        worked_out(first.workbench, edit(first.client, rules=LATE)["solve"])
    hold = kept / "go"
    held_back(monkeypatch, hold)
    with Run(kept) as second:
        url = serving(second.workbench)
        expected = edit(second.client, with_pay(shown, "pays", "five-card 21", "2"), LATE)["bets"][0]["figures"]["house edge"]
        second.workbench.solves.stop_all()
        page = f"{url}#path={BONUS}&rule=Surrender|late&edit=pays|five-card 21|2"
        dom = browse(page, tmp_path, "--dump-dom", "--virtual-time-budget=3000")
        assert 'data-provisional="1"' in dom and "the optimal strategy is being solved" in dom
        assert f'<dd class="edge">{expected}</dd>' in dom and re.search(r'class="bet[^"]* provisional"', dom)
        hold.touch()
        dom = browse(page, tmp_path, "--dump-dom")
        assert 'data-solved="' in dom and 'data-provisional="0"' in dom and not re.search(r'class="bet[^"]* provisional"', dom)
    hold.unlink()
    with Run(kept) as third:
        url = serving(third.workbench)
        dom = browse(f"{url}#path={BONUS}&edit=pays|five-card 21|2", tmp_path, "--dump-dom", "--virtual-time-budget=3000")
        assert 'data-provisional="1"' in dom and re.search(r'class="bet[^"]* provisional"', dom)
        assert "the strategy shown is that of the file" in dom
        # rules never solved (the dealer hitting soft 17), the solve held back: the estimate at once, marked as one
        dom = browse(f"{url}#path={BONUS}&rule=Dealer%3A%20soft%2017|hits", tmp_path, "--dump-dom", "--virtual-time-budget=3000")
        assert 'data-provisional="1"' in dom and 'data-estimate="1"' in dom and "an estimate, not the exact figure" in dom
        assert "infinite deck" in dom and re.search(r'class="bet[^"]* provisional"', dom)


# -- an estimate where no strategy solved prices the edit ------------------------------------------------------------------
def estimated(root, tables: dict, rules: dict, exact: str) -> str:
    """The house edge the method estimates for the edit (the plain path: the analysis's estimate, corrected by the file's
    exact house edge ``exact``), as the page shows it."""
    from casino_math.analysis import GameAnalysis, load_game
    from casino_math.text import percent

    workbench = Workbench(root)
    try:
        edited = load_game(workbench._edited(root / BONUS, tables, rules))
        found = GameAnalysis(edited).estimate((load_game(root / BONUS), Fraction(exact)))
    finally:
        shutil.rmtree(workbench.scratch)
    assert found is not None and found.house_edge is not None
    return percent(found.house_edge)


def test_rules_never_solved_and_a_first_run_show_an_estimate_at_once_then_the_exact_figures(kept, monkeypatch):
    """The first run on a machine (nothing kept): a pay edited as the file opens, before its strategy is priced, and a
    rule edit under rules never solved (the dealer hitting soft 17) each show at once the infinite deck's house edge,
    marked as an estimate and by what it is, with no strategy claimed; then the exact figures replace it."""
    held_back(monkeypatch, kept / "go")
    with Run(kept) as first:
        shown = opened(first.client, BONUS)
        for tables, rules in ((with_pay(shown, "pays", "five-card 21", "2"), {}), ({}, {"Dealer: soft 17": "hits"})):
            answer = edit(first.client, tables, rules)
            assert "pending" not in answer and answer["solve"]
            (bet,) = answer["bets"]
            assert bet["figures"] == {"house edge": estimated(kept, tables, rules, shown["bets"][0]["house_edge"])} and bet["returns"] == []
            assert "infinite deck" in answer["provisional"]["estimate"] and answer["provisional"]["of"] == ""
            assert "estimate" in answer["provisional"]["words"] and answer["strategy"] == {}
            assert answer["compare"][0]["file"] == shown["bets"][0]["figures"]["house edge"]
        (kept / "go").touch()
        final = solve_of(first.client, answer["solve"])
        assert final["state"] == "done" and "provisional" not in final["result"]
        exact = final["result"]["bets"][0]
        assert exact["figures"]["house edge"] != bet["figures"]["house edge"] and exact["returns"]
        assert abs(float(Fraction(exact["house_edge"])) - float(bet["house_edge"])) < 0.002  # the file's exact gap corrects it


def test_a_rule_the_estimate_does_not_reach_is_named_not_guessed(tmp_path, monkeypatch):
    """Blackjack Switch's two hands: no figure, and the rule named (what the page says beside "solving…")."""
    from casino_math.analysis import load_game

    monkeypatch.setenv("CASINO_MATH_EXTENDS", "")
    root = tmp_path / "tables"
    root.mkdir()
    name = "blackjack-switch-6-decks.yaml"
    shutil.copy(GAMES.parent.parent / "paytables" / "blackjack" / name, root / name)
    workbench = Workbench(root)
    try:
        answer = workbench._estimated(root / name, load_game(root / name))
    finally:
        shutil.rmtree(workbench.scratch)
    assert answer == {"pending": True, "unestimated": "no provisional figure for this rule (Blackjack Switch's switch of the two hands' second cards)"}


# -- a file nothing has kept: its estimate at once, then its exact figures ---------------------------------------------------
def test_a_file_nothing_kept_opens_with_its_estimate_then_its_exact_figures(kept, monkeypatch, capsys):
    """A first run (an empty count cache): the file opens at once with its method's estimate, marked as one (no strategy,
    no return table, its rules in words but the count's line), and the number of its solve, whose progress is the
    count's own and its seconds; an edit made meanwhile is estimated too (nothing to compare yet). Then the file's exact
    figures, those of ``casino-math analyze`` with nothing kept; the edit's, compared with them. The next run reads the
    solution kept: the exact figures at once."""
    from casino_math.analysis import GameAnalysis, load_game
    from casino_math.count_cache import disabled
    from casino_math.text import percent

    hold = kept / "go"
    held_back(monkeypatch, hold, file=True)
    with Run(kept) as first:
        answer = first.client.get(f"/api/game?path={BONUS}").json
        estimate = GameAnalysis(load_game(kept / BONUS)).estimate()
        assert estimate is not None and estimate.house_edge is not None
        assert answer["solve"] and answer["provisional"] == {"of": "", "estimate": estimate.words,
                                                             "words": ESTIMATED.format(what=estimate.words)}
        (bet,) = answer["bets"]
        assert bet["figures"] == {"house edge": percent(estimate.house_edge)} and bet["returns"] == [] and answer["strategy"] == {}
        assert answer["paytables"]["pays"]["five-card 21"] == "3/2" and answer["controls"] and answer["errors"] == []
        status = first.client.get(f"/api/solve?number={answer['solve']}&wait=0").json
        assert status["state"] == "solving" and status["opened"] and status["result"] is None
        assert set(status["progress"]) == {"what", "done", "of", "seconds"} and status["progress"]["seconds"] >= 0
        edited = edit(first.client, with_pay(answer, "pays", "five-card 21", "2"))
        assert edited["provisional"]["estimate"] and edited["compare"] == [] and edited["solve"] not in (None, answer["solve"])
        hold.touch()
        final = solve_of(first.client, answer["solve"])
        assert final["state"] == "done" and final["opened"]
        exact = final["result"]
        assert "provisional" not in exact and "solve" not in exact and exact["bets"][0]["returns"] and exact["strategy"]
        assert exact["rules"][:len(answer["rules"])] == answer["rules"] and len(exact["rules"]) == len(answer["rules"]) + 1
        assert "equally likely deals" in exact["rules"][-1]  # what the count says, said once counted
        with disabled():  # nothing kept: solved again, here
            code, out, _ = run(monkeypatch, capsys, "analyze", str(kept / BONUS), "--format", "json")
        assert code == 0 and json.loads(out)["bets"]["blackjack"]["house_edge"] == exact["bets"][0]["house_edge"]
        later = solve_of(first.client, edited["solve"])["result"]
        assert later["compare"][0]["figure"] == "house edge" and later["compare"][0]["file"] == exact["bets"][0]["figures"]["house edge"]
    with Run(kept) as second:
        again = second.client.get(f"/api/game?path={BONUS}").json
        assert "solve" not in again and again["bets"] == exact["bets"] and again["rules"] == exact["rules"]


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="no chromium here (Debian's package: apt-get install chromium)")
def test_a_file_nothing_kept_in_chromium_estimate_then_exact(kept, monkeypatch, serving, tmp_path):
    """In the page, a first run: the file opened shows at once its estimate, marked as one (a dashed card, the banner
    saying how it was made) and the count's seconds, the file's solve held back; opened again as the solve goes on, the
    page takes the running solve's figures when it ends: the exact ones, unmarked."""
    from casino_math.analysis import GameAnalysis, load_game
    from casino_math.text import percent

    hold = kept / "go"
    held_back(monkeypatch, hold, file=True)
    estimate = GameAnalysis(load_game(kept / BONUS)).estimate()
    assert estimate is not None and estimate.house_edge is not None
    with Run(kept) as first:
        url = serving(first.workbench)
        dom = browse(f"{url}#path={BONUS}", tmp_path, "--dump-dom", "--virtual-time-budget=3000")
        assert 'data-provisional="1"' in dom and 'data-estimate="1"' in dom and "an estimate, not the exact figure" in dom
        assert "infinite deck" in dom and re.search(r'class="bet[^"]* provisional"', dom)
        assert f'<dd class="edge">{percent(estimate.house_edge)}</dd>' in dom and 'data-file-solved' not in dom
        assert re.search(r'id="status"[^>]*>counting the exact figures… \d+ s so far<', dom)
        opening = first.workbench.open

        def released(relative: str) -> dict:  # the page opened again, the file's solve still running: it goes on now
            answer = opening(relative)
            hold.touch()
            return answer

        monkeypatch.setattr(first.workbench, "open", released)
        dom = browse(f"{url}#path={BONUS}", tmp_path, "--dump-dom", "--virtual-time-budget=600000")
        exact = first.workbench.figures[(first.workbench.resolve(BONUS), load_game(kept / BONUS).files)]["blackjack"].house_edge
        assert 'data-file-solved="' in dom and 'data-provisional="0"' in dom and 'data-estimate="0"' in dom
        assert f'<dd class="edge">{percent(exact)}</dd>' in dom and not re.search(r'class="bet[^"]* provisional"', dom)


def test_a_natural_edited_as_a_file_nothing_kept_opens_follows_the_file_solve(tmp_path, monkeypatch, capsys):
    """A natural's pay edited while the file's own solve runs (a blackjack file of no bonuses, nothing kept): estimated at
    once; its solve waits for the file's, then reads the file's solution at the new pay, not solving it again beside it;
    its figures are those of ``casino-math analyze`` of the saved edit with nothing kept."""
    from casino_math.count_cache import disabled

    monkeypatch.setenv("CASINO_MATH_EXTENDS", "")
    monkeypatch.setenv("CASINO_MATH_CACHE", str(tmp_path / "counts"))
    root, name = tmp_path / "tables", "blackjack-small.yaml"
    root.mkdir()
    shutil.copy(GAMES / name, root / name)
    hold = root / "go"
    held_back(monkeypatch, hold, file=True)
    with Run(root) as first:
        shown = first.client.get(f"/api/game?path={name}").json
        tables = with_pay(shown, "pays", "blackjack", "6/5")
        answer = first.client.post("/api/edit", json={"path": name, "tables": tables}).json
        assert answer["provisional"]["estimate"] and answer["solve"] != shown["solve"]
        follower = first.workbench.solves.numbered[answer["solve"]]
        assert follower.after is first.workbench.solves.numbered[shown["solve"]] and not follower.price
        assert follower.process is None  # no worker yet: it waits for the file's
        hold.touch()
        file = solve_of(first.client, shown["solve"])["result"]
        result = solve_of(first.client, answer["solve"])["result"]
        play = [{k: v for k, v in shown["strategy"].items() if "expected return" not in k} for shown in (result, file)]
        assert play[0] == play[1] and result["compare"][0]["file"] == file["bets"][0]["figures"]["house edge"]  # a natural moves no play
        assert first.client.post("/api/save", json={"path": name, "tables": tables, "name": "six-to-five"}).status_code == 200
    with disabled():
        code, out, _ = run(monkeypatch, capsys, "analyze", str(root / "six-to-five.yaml"), "--format", "json")
    assert code == 0 and json.loads(out)["bets"]["blackjack"]["house_edge"] == result["bets"][0]["house_edge"]
