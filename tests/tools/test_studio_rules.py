"""The studio beyond the pays (issue 33, item 4): the rules as form controls generated from the game file format (a
deck, a qualifier, a raise's size; blackjack's dealer, doubling, splitting, surrender), an edit of them analysed as the
command line analyses the saved file; the family's declared ``main:`` game first; the strategy drawn as the par sheet
draws it (blackjack's chart a grid); each bet's house edge as one pay moves, as ``casino-math sweep`` gives it; a file's
figures beside the edit's; an edit made before the file's strategy is priced shown provisional once it is. The rule
edits and the chart are driven in Debian's headless Chromium."""

from __future__ import annotations

import json
import re
import shutil
import threading
import time
from fractions import Fraction

import pytest

from casino_math.studio.workbench import Workbench
from tests.helpers.cli_runner import run
from tests.tools.test_studio import BONUS, CHROMIUM, GAMES, blackjack, browse, create_app, opened, priced

__all__ = ["blackjack"]  # the fixture, used by name

RAISE = "Decision 3: raise, units staked"  # mini-caribbean's one decision names no name: the deal's third step


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A family of a main game (declared by the file the others extend: not the file most of them extend) and a
    variant, and another family."""
    monkeypatch.setenv("CASINO_MATH_EXTENDS", "")
    root = tmp_path / "tables"
    (root / "caribbean").mkdir(parents=True)
    text = (GAMES / "mini-caribbean.yaml").read_text().replace("id: mini-caribbean\n", "id: mini-caribbean\nmain: mini-flush-3\n")
    (root / "caribbean" / "base.yaml").write_text(text)
    (root / "caribbean" / "flush-3.yaml").write_text("extends: base.yaml\nid: mini-flush-3\npaytables:\n  raise: {flush: 3}\n")
    (root / "caribbean" / "raise-1.yaml").write_text("extends: base.yaml\nid: mini-raise-1\n"
                                                      "deal: [{player: 3}, {dealer: {cards: 1, face: up}}, "
                                                      "{decide: {options: {fold: fold, raise: {raise: 1}}}}, {dealer: 2}]\n")
    shutil.copy(GAMES / "mini-three-card.yaml", root / "three.yaml")
    return root


@pytest.fixture
def client(folder):
    return create_app(Workbench(folder)).test_client()


BASE = "caribbean/base.yaml"


def edit(client, path: str, tables: dict | None = None, rules: dict | None = None) -> dict:
    answer = client.post("/api/edit", json={"path": path, "tables": tables or {}, "rules": rules or {}})
    assert answer.status_code == 200
    return answer.json


def test_the_rules_are_controls_generated_from_the_file_format(client):
    shown = opened(client, BASE)
    controls = {c["title"]: c for c in shown["controls"]}
    assert controls["Dealer qualifies"]["value"] == "pair" and controls["Dealer qualifies"]["kind"] == "text"
    assert controls[RAISE]["value"] == "2" and controls[RAISE]["kind"] == "number"
    assert controls["Deck: decks"]["value"] == "1" and controls["Deck: decks"]["max"] == 8


def test_a_rule_edit_gives_what_the_command_line_gives_for_the_saved_file(client, folder, monkeypatch, capsys):
    """A raise of 1 unit instead of 2: the figures are those of the file that deals it (written by hand), and of the
    edit saved; the saved file says what was edited in its name."""
    edited = edit(client, BASE, rules={RAISE: "1"})
    assert edited["errors"] == [] and "solve" not in edited
    by_hand = client.get("/api/game?path=caribbean/raise-1.yaml").json
    assert edited["bets"][0]["house_edge"] == by_hand["bets"][0]["house_edge"] != opened(client, BASE)["bets"][0]["house_edge"]
    assert client.post("/api/save", json={"path": BASE, "tables": {}, "rules": {RAISE: "1"}, "name": "raise-one"}).json == {
        "saved": "caribbean/raise-one.yaml"}
    saved = (folder / "caribbean" / "raise-one.yaml").read_text()
    assert "Decision 3: raise, units staked 2 \u2192 1" in saved and '"raise": 1' in saved
    code, out, _ = run(monkeypatch, capsys, "analyze", str(folder / "caribbean" / "raise-one.yaml"), "--format", "json")
    assert code == 0 and json.loads(out)["bets"]["ante_raise"]["house_edge"] == edited["bets"][0]["house_edge"]
    sheet = client.post("/api/report", json={"path": BASE, "tables": {}, "rules": {RAISE: "1"}, "kind": "html"})
    assert sheet.status_code == 200 and "edited from mini-caribbean: Decision 3: raise, units staked 2 → 1" in sheet.data.decode()


@pytest.mark.parametrize("rule, typed, words", [("Deck: decks", "9", "Deck: decks: should be at most 8, not 9"),
                                                ("Dealer qualifies", "lots", "Dealer qualifies: 'lots' is not a hand")])
def test_a_rule_that_does_not_read_is_named_by_its_control(client, rule, typed, words):
    (error,) = edit(client, BASE, rules={rule: typed})["errors"]
    assert (error["table"], error["line"]) == ("rules", rule) and error["message"].startswith(words)
    assert "edited-" not in error["message"] and "/" not in error["message"].split(":")[0]


def test_the_family_s_declared_main_game_comes_first(client):
    games = client.get("/api/games").json["games"]
    mains = [g["path"] for g in games if g["main"]]
    assert "caribbean/flush-3.yaml" in mains and "caribbean/base.yaml" not in mains  # base is the file the others extend
    assert [g["path"] for g in games if g["family"] == "mini"][0] == "caribbean/flush-3.yaml"


def test_a_file_s_figures_beside_the_edit(client):
    beside = client.get("/api/figures?path=caribbean/flush-3.yaml").json
    assert beside["bets"][0]["house_edge"] == client.get("/api/game?path=caribbean/flush-3.yaml").json["bets"][0]["house_edge"]
    assert client.get("/api/figures?path=../x.yaml").status_code == 403


def test_the_sweep_is_the_sweep_command_s(client, folder, monkeypatch, capsys):
    swept = client.post("/api/sweep", json={"path": BASE, "tables": {}, "table": "raise", "line": "pair", "pays": "0..4"}).json
    assert swept["pays"] == ["0", "1", "2", "3", "4"] and [b["name"] for b in swept["bets"]] == ["ante_raise"]
    code, out, _ = run(monkeypatch, capsys, "sweep", str(folder / BASE), "--bet", "ante_raise", "--pay", "pair",
                       "--from", "0", "--to", "4", "--format", "json")
    assert code == 0
    assert [str(Fraction(r["house_edge"])) for r in json.loads(out)] == swept["bets"][0]["exact"]
    too_many = client.post("/api/sweep", json={"path": BASE, "tables": {}, "table": "raise", "line": "pair", "pays": "0..100"}).json
    assert "at most 25" in too_many["errors"][0]["message"]


def test_a_blackjack_rule_edit_is_solved_apart_and_is_the_saved_file_s(blackjack, monkeypatch, capsys):
    """The game as opened: its rules' controls and its strategy drawn as the par sheet draws it. Late surrender where
    the file has none: the figure shown at once is an estimate, marked so; the solve's are the saved variant's
    from the command line."""
    from tests.tools.test_studio import solve_of

    root, _, client = blackjack
    shown = opened(client, BONUS)
    # the strategy's blocks are the par sheet's section: a chart per kind of hand, a column per up card, each cell an
    # action's code coloured by its action
    sections = [b for b in shown["blocks"] if b["kind"] == "section"]
    charts = [t for s in sections for t in s["blocks"] if t["kind"] == "table" and any(c["tone"].startswith("act-") for r in t["rows"] for c in r)]
    assert charts and all(c["columns"][0]["header"] == "Hand" for c in charts)
    hard = next(c for c in charts if "hard" in c["caption"])
    assert [c["header"] for c in hard["columns"][1:]] == ["2", "3", "4", "5", "6", "7", "8", "9", "T", "A"]
    assert all(cell["tone"] == "act-" + {"H": "hit", "S": "stand", "D": "double", "P": "split", "R": "surrender"}[cell["text"][0]]
               for row in hard["rows"] for cell in row[1:])
    controls = {c["title"]: c["value"] for c in shown["controls"]}
    assert (controls["Deck: name"], controls["Dealer: soft 17"], controls["Surrender"], controls["Split: hands"]) == ("spanish", "stands", "none", "2")
    answer = edit(client, BONUS, rules={"Surrender": "late"})
    assert answer["errors"] == [] and answer["solve"] and answer["provisional"]["estimate"] and "pending" not in answer
    result = solve_of(client, answer["solve"])["result"]
    assert client.post("/api/save", json={"path": BONUS, "tables": {}, "rules": {"Surrender": "late"}, "name": "late-surrender"}).status_code == 200
    code, out, _ = run(monkeypatch, capsys, "analyze", str(root / "late-surrender.yaml"), "--format", "json")
    assert code == 0 and json.loads(out)["bets"]["blackjack"]["house_edge"] == result["bets"][0]["house_edge"]
    assert any(r["moved"] == "True" for r in result["compare"])


def test_an_edit_made_before_the_strategy_is_priced_is_shown_provisional_once_it_is(blackjack, monkeypatch):
    """Spanish 21's first seconds, on the small bonus game: the edit's own solve held back, the file's strategy priced
    meanwhile; the edit's solve then carries that strategy at the new pays, marked provisional, while it runs."""
    from casino_math.studio import solves
    from tests.tools.test_studio import solve_of, with_pay

    root, workbench, client = blackjack
    hold = root / "go"
    solve = solves._solve

    def held(connection, game, figures, shown, opened, price):  # in the worker: the edit's solve waits for the test's word
        while shown and not opened and not hold.exists():
            time.sleep(0.05)
        solve(connection, game, figures, shown, opened, price)

    monkeypatch.setattr(solves, "_solve", held)
    shown = opened(client, BONUS)
    answer = edit(client, BONUS, with_pay(shown, "pays", "five-card 21", "2"))
    assert answer["provisional"]["estimate"]  # asked before the file's strategy was priced: the method's estimate
    priced(workbench)
    deadline = time.monotonic() + 60
    status = client.get(f"/api/solve?number={answer['solve']}&wait=0.2").json
    while status["provisional"] is None and time.monotonic() < deadline:
        status = client.get(f"/api/solve?number={answer['solve']}&wait=0.2").json
    late = status["provisional"]
    assert status["state"] == "solving" and late["provisional"]["of"] == "the file"
    hold.touch()
    final = solve_of(client, answer["solve"])["result"]
    assert Fraction(final["bets"][0]["house_edge"]) <= Fraction(late["bets"][0]["house_edge"])  # the optimal does no worse


# -- in Chromium -----------------------------------------------------------------------------------------------------
@pytest.fixture
def served(folder):
    from werkzeug.serving import make_server

    from tests.tools.test_studio import TOKEN

    server = make_server("127.0.0.1", 0, create_app(Workbench(folder)), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/?token={TOKEN}"
    server.shutdown()


WIDE = "--window-size=1280,900"


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium here (Debian's package: apt-get install chromium)")
def test_a_rule_edit_in_chromium(served, client, tmp_path):
    """A raise of 1 unit chosen in its control: the figures follow, the control is marked changed, the edit is listed;
    no horizontal overflow at 1,280 px."""
    expected = edit(client, BASE, rules={RAISE: "1"})["bets"][0]["figures"]["house edge"]
    dom = browse(f"{served}#path={BASE}&rule={RAISE}|1", tmp_path, "--dump-dom", WIDE)
    assert f'<dd class="edge">{expected}</dd>' in dom and 'data-errors="0"' in dom and 'data-wide="false"' in dom
    assert re.search(rf'data-rule="{re.escape(RAISE)}"[^>]*class="[^"]*changed', dom)
    assert 'data-edits="1"' in dom and f"{RAISE}: 2 → 1" in dom


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium here (Debian's package: apt-get install chromium)")
def test_a_rule_that_does_not_read_in_chromium(served, tmp_path):
    """A shoe of 9 decks: marked at its control in the loader's words, the file's figures still shown."""
    broken = browse(f"{served}#path={BASE}&rule=Deck: decks|9", tmp_path, "--dump-dom", WIDE)
    assert 'data-errors="1"' in broken and re.search(r'data-rule="Deck: decks"[^>]*class="[^"]*invalid', broken)
    assert "Deck: decks: should be at most 8, not 9" in broken and '<dd class="edge">' in broken


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium here (Debian's package: apt-get install chromium)")
def test_the_sweep_chart_and_a_file_beside_in_chromium(served, client, tmp_path):
    """The pair's pay swept from 0 to 4: a line of five points whose house edges are the sweep's; the variant's figures
    in a column beside the file's."""
    swept = client.post("/api/sweep", json={"path": BASE, "tables": {}, "table": "raise", "line": "pair", "pays": "0..4"}).json
    dom = browse(f"{served}#path={BASE}&sweep=raise|pair|0..4&beside=caribbean/flush-3.yaml", tmp_path, "--dump-dom", WIDE)
    assert 'data-swept="5"' in dom and 'data-wide="false"' in dom
    points = re.search(r'<polyline points="([^"]+)" class="edge series-0" data-bet="ante_raise"', dom)
    assert points and len(points[1].split()) == 5
    for pays, shown in zip(swept["pays"], swept["bets"][0]["shown"]):
        assert f"Ante Raise: pair {pays} → house edge {shown}" in dom
    assert 'data-beside="1"' in dom and ">caribbean/flush-3.yaml</th>" in dom
