"""The studio as a designer types and browses: pays in a designer's notation ("3:1", "3-1", "3 to 1", "4 for 1", "3/1",
"3"), read once by :class:`casino_math.pays.Pay` (game files read them the same way), the unit shown back; a pay that
does not read named by its cell, never by a scratch file; the game files grouped by family, each family's main game
first; the landing page and the workbench with no horizontal overflow at 1,280 px, and undo/redo, in Chromium."""

from __future__ import annotations

import json
import re
import shutil
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_math.pays import Pay
from casino_math.studio.workbench import Workbench
from tests.helpers.cli_runner import run
from tests.tools.test_studio import CHROMIUM, GAMES, browse, create_app, edit, opened, served, with_pay

__all__ = ["served"]  # the fixture, used by name

NOTATIONS = [("3:1", "3 to 1", Fraction(3)), ("3-1", "3 to 1", Fraction(3)), ("3 to 1", "3 to 1", Fraction(3)),
             ("3/1", "3 to 1", Fraction(3)), ("3", "3 to 1", Fraction(3)), ("4 for 1", "4 for 1", Fraction(3)),
             ("3:2", "3/2 to 1", Fraction(3, 2)), ("6 - 5", "6/5 to 1", Fraction(6, 5)), ("7 TO 2", "7/2 to 1", Fraction(7, 2))]


@pytest.mark.parametrize("typed, shown, net", NOTATIONS)
def test_a_designers_notation_reads_as_its_pay(typed, shown, net):
    assert (str(Pay.parse(typed)), Pay.parse(typed).net) == (shown, net)


@pytest.mark.parametrize("typed", ["3::1", "3:", ":1", "3 - - 1", "3:-1", "-3:1", "3 to 1 to 1"])
def test_a_notation_that_does_not_read_is_refused(typed):
    with pytest.raises(ValueError, match="a pay must be"):
        Pay.parse(typed)


@settings(deadline=None)  # a loaded machine's pause is no failure
@given(st.integers(0, 10**6), st.integers(1, 1000), st.sampled_from([":", "-", " to ", " : ", " TO "]))
def test_every_way_of_writing_to_is_the_same_pay(amount, per, word):
    assert Pay.parse(f"{amount}{word}{per}") == Pay.parse(f"{amount} to {per}") == Pay(Fraction(amount, per))


def test_the_published_schema_takes_what_the_loader_takes():
    from casino_math.analysis import game_schema

    def patterns(node):
        if isinstance(node, dict):
            yield from ([node["pattern"]] if "[fF][oO][rR]" in str(node.get("pattern", "")) else [])
            for value in node.values():
                yield from patterns(value)
        elif isinstance(node, list):
            for value in node:
                yield from patterns(value)

    (pattern,) = set(patterns(game_schema()))
    assert all(re.match(pattern, typed) for typed in [t for t, _, _ in NOTATIONS] + ["Push", "40 For 1"])
    assert not any(re.match(pattern, typed) for typed in ("3::1", "3:", "3 to 1 to 1"))


def test_a_game_file_reads_a_quoted_3_1_and_still_refuses_a_bare_one(tmp_path, monkeypatch, capsys):
    shutil.copy(GAMES / "mini-caribbean.yaml", tmp_path / "mini-caribbean.yaml")
    for name, pays in (("colon", '"3:1"'), ("dash", "3-1"), ("plain", "3")):
        (tmp_path / f"{name}.yaml").write_text(f"extends: mini-caribbean.yaml\nid: {name}\npaytables:\n  raise: {{pair: {pays}}}\n")
    edges = set()
    for name in ("colon", "dash", "plain"):
        code, out, _ = run(monkeypatch, capsys, "--no-cache", "analyze", str(tmp_path / f"{name}.yaml"), "--format", "json")
        assert code == 0
        edges.add(json.loads(out)["bets"]["ante_raise"]["house_edge"])
    assert len(edges) == 1
    (tmp_path / "bare.yaml").write_text("extends: mini-caribbean.yaml\nid: bare\npaytables:\n  raise: {pair: 3:1}\n")
    code, _, err = run(monkeypatch, capsys, "analyze", str(tmp_path / "bare.yaml"))
    assert code == 2 and "base-60 number 181" in err


# -- the studio's API ----------------------------------------------------------------------------------------------
@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A family of a main game and two variants extending it, and another family."""
    monkeypatch.setenv("CASINO_MATH_EXTENDS", "")
    root = tmp_path / "tables"
    (root / "caribbean").mkdir(parents=True)
    shutil.copy(GAMES / "mini-caribbean.yaml", root / "caribbean" / "main.yaml")
    for name, pays in (("a-flush-3", 3), ("z-flush-4", 4)):
        (root / "caribbean" / f"{name}.yaml").write_text(f"extends: main.yaml\nid: {name}\npaytables:\n  raise: {{flush: {pays}}}\n")
    shutil.copy(GAMES / "shoe-war-small.yaml", root / "war.yaml")
    return root


@pytest.fixture
def client(folder):
    return create_app(Workbench(folder)).test_client()


MAIN = "caribbean/main.yaml"


def test_each_notation_in_a_cell_gives_the_same_figures_and_shows_its_unit(client):
    shown = opened(client, MAIN)
    assert shown["units"]["raise"]["pair"] == "1 to 1" and shown["paytables"]["raise"]["pair"] == "1"
    answers = {typed: edit(client, with_pay(shown, "raise", "pair", typed), MAIN) for typed, _, _ in NOTATIONS}
    for typed, unit, _ in NOTATIONS:
        assert answers[typed]["errors"] == [] and answers[typed]["units"]["raise"]["pair"] == unit
    same = {typed for typed, _, net in NOTATIONS if net == 3}
    assert len({answers[t]["bets"][0]["house_edge"] for t in same}) == 1
    assert answers["3:2"]["bets"][0]["house_edge"] != answers["3:1"]["bets"][0]["house_edge"]
    assert answers["3:1"]["bets"][0]["house_edge"] != shown["bets"][0]["house_edge"]


def test_a_saved_3_1_is_read_back_by_the_command_line(client, folder, monkeypatch, capsys):
    tables = with_pay(opened(client, MAIN), "raise", "pair", "3:1")
    edited = edit(client, tables, MAIN)
    assert client.post("/api/save", json={"path": MAIN, "tables": tables, "name": "colon"}).json == {"saved": "caribbean/colon.yaml"}
    assert '"pair": "3:1"' in (folder / "caribbean" / "colon.yaml").read_text()  # as typed, quoted
    code, out, _ = run(monkeypatch, capsys, "--no-cache", "analyze", str(folder / "caribbean" / "colon.yaml"), "--format", "json")
    assert code == 0 and json.loads(out)["bets"]["ante_raise"]["house_edge"] == edited["bets"][0]["house_edge"]


@pytest.mark.parametrize("typed, words", [("3::1", "a pay must be a number like 40"), ("lots", "a pay must be a number like 40"),
                                          ("3:0", "divides by zero"), ("1,5", "groups no thousands")])
def test_a_pay_that_does_not_read_is_named_by_its_cell_never_by_a_scratch_file(client, folder, typed, words):
    answer = edit(client, with_pay(opened(client, MAIN), "raise", "flush", typed), MAIN)
    (error,) = answer["errors"]
    assert (error["table"], error["line"]) == ("raise", "flush") and words in error["message"]
    assert error["message"].startswith("raise, flush: ")
    assert "edited" not in error["message"] and "/" not in error["message"].split(": ", 1)[0]
    assert not re.search(r"\.ya?ml|:\d+:|tmp|casino-math-studio", error["message"])


def test_the_games_are_grouped_by_family_each_main_game_first(client):
    games = client.get("/api/games").json["games"]
    assert [(g["path"], g["main"]) for g in games] == [(MAIN, True), ("caribbean/a-flush-3.yaml", False),
                                                       ("caribbean/z-flush-4.yaml", False), ("war.yaml", True)]
    assert games[0]["family"] == games[2]["family"] != games[3]["family"]
    assert client.get("/api/games").json["first"] is None  # started on a folder: the page opens on the families


def test_a_file_named_to_the_command_comes_first_and_is_opened_at_once(folder):
    answer = create_app(Workbench(folder, folder / "war.yaml")).test_client().get("/api/games").json
    assert answer["first"] == "war.yaml" and [g["path"] for g in answer["games"]][:2] == ["war.yaml", MAIN]


# -- in Chromium -----------------------------------------------------------------------------------------------------
WIDE = "--window-size=1280,900"


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium here (Debian's package: apt-get install chromium)")
def test_the_landing_page_by_family_in_chromium(served, tmp_path):
    dom = browse(served, tmp_path, "--dump-dom", WIDE)
    assert 'data-families="2"' in dom and 'data-wide="false"' in dom
    main = dom.index(f'data-path="{MAIN}"')
    assert 'class="main"' in dom[dom.rindex("<button", 0, main):main] and main < dom.index('data-path="caribbean/a-flush-3.yaml"')
    assert re.search(r'<section id="landing"(?! hidden)', dom) and re.search(r'<main id="workbench" hidden', dom)


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium here (Debian's package: apt-get install chromium)")
def test_a_3_1_cell_its_unit_and_the_edits_listed_in_chromium(served, client, tmp_path):
    expected = edit(client, with_pay(opened(client, MAIN), "raise", "pair", "3"), MAIN)["bets"][0]["figures"]["house edge"]
    dom = browse(f"{served}#path={MAIN}&edit=raise|pair|3:1", tmp_path, "--dump-dom", WIDE)
    assert f'<dd class="edge">{expected}</dd>' in dom and 'data-errors="0"' in dom and 'data-wide="false"' in dom
    assert re.search(r'<td class="unit" data-table="raise" data-line="pair">3 to 1</td>', dom)
    assert 'data-edits="1"' in dom and "raise, pair: 1 → 3:1" in dom


# a page of the test's own, served beside the studio, that drives it in a frame (same origin) as a designer would: a
# pay typed, Undo, Redo; it writes what the studio showed after each step into its own page, read back by --dump-dom
HARNESS = """<!doctype html><html><body><pre id="out"></pre><iframe id="studio" src="%s" width="1280" height="900"></iframe>
<script>
const out = [];
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(test) { for (let i = 0; i < 80 && !test(); i++) await pause(50); }
function seen(doc, step) {
  const cell = doc.querySelector('.paytable input[data-line="pair"]');
  const unit = doc.querySelector('.paytable td.unit[data-line="pair"]');
  out.push({ step, pair: cell.value, unit: unit.textContent, edge: doc.querySelector("dd.edge").textContent,
             edits: [...doc.querySelectorAll("#history li")].map((li) => li.className + ":" + li.textContent),
             undo: doc.getElementById("undo").disabled, redo: doc.getElementById("redo").disabled });
}
async function drive() {
  const doc = document.getElementById("studio").contentDocument;
  await until(() => doc.body.dataset.updated === "1");
  seen(doc, "linked");
  const cell = doc.querySelector('.paytable input[data-line="pair"]');
  cell.value = "5:1";
  cell.dispatchEvent(new Event("input"));
  await until(() => doc.body.dataset.updated === "2");
  seen(doc, "typed");
  doc.getElementById("undo").click();
  await until(() => doc.body.dataset.updated === "3");
  seen(doc, "undone");
  doc.getElementById("redo").click();
  await until(() => doc.body.dataset.updated === "4");
  seen(doc, "redone");
  document.getElementById("out").textContent = JSON.stringify(out);
}
document.getElementById("studio").addEventListener("load", drive);
</script></body></html>"""


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium here (Debian's package: apt-get install chromium)")
def test_undo_and_redo_in_chromium(folder, client, tmp_path):
    import html
    import threading

    from werkzeug.serving import make_server

    from tests.tools.test_studio import TOKEN

    edges = {pays: edit(client, with_pay(opened(client, MAIN), "raise", "pair", pays), MAIN)["bets"][0]["figures"]["house edge"]
             for pays in ("3", "5")}
    app = create_app(Workbench(folder))
    app.add_url_rule("/harness", "harness", lambda: HARNESS % html.escape(f"/?token={TOKEN}#path={MAIN}&edit=raise|pair|3"))
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        dom = browse(f"http://127.0.0.1:{server.server_port}/harness?token={TOKEN}", tmp_path, "--dump-dom", "--window-size=1400,1000")
    finally:
        server.shutdown()
    steps = {s["step"]: s for s in json.loads(html.unescape(re.search(r'<pre id="out">(.*?)</pre>', dom, re.S)[1]))}
    assert (steps["linked"]["pair"], steps["linked"]["unit"], steps["linked"]["edge"]) == ("3", "3 to 1", edges["3"])
    assert (steps["typed"]["pair"], steps["typed"]["unit"], steps["typed"]["edge"]) == ("5:1", "5 to 1", edges["5"])
    assert steps["typed"]["edits"] == [":raise, pair: 1 → 3", "current:raise, pair: 3 → 5:1"]
    assert (steps["undone"]["pair"], steps["undone"]["edge"], steps["undone"]["redo"]) == ("3", edges["3"], False)
    assert steps["undone"]["edits"] == ["current:raise, pair: 1 → 3", "undone:raise, pair: 3 → 5:1"]
    assert (steps["redone"]["pair"], steps["redone"]["edge"], steps["redone"]["redo"]) == ("5:1", edges["5"], True)
