"""Terminal injection (issue #34, item 3): a game's name, a paytable's key or a file's name may carry escape
sequences (OSC 52 writes the clipboard of many terminals, OSC 0 the window's title); whatever the command line
prints, in its normal output and in its ``error:`` and ``warning:`` lines, shows them as text (``\\x1b``, ``\\n``)."""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd

from casino_math.output import render_frame
from casino_math.text import escaped

from tests.helpers.cli_runner import run
from tests.helpers.paths import ROOT

MINI = ROOT / "tests" / "games" / "mini-three-card.yaml"
CLIPBOARD, TITLE = "\x1b]52;c;aGVsbG8=\x07", "\x1b]0;owned\x07"  # OSC 52 and OSC 0, as a YAML "\e]52;...\a" writes them
SENT = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")  # what a terminal would obey: any control character but the line end


def game(tmp_path: Path, name: str, key: str = "mini royal") -> Path:
    text = MINI.read_text().replace("id: mini-three-card\n", f"id: mini-three-card\nname: {name}\n")
    path = tmp_path / "evil.yaml"
    path.write_text(text.replace("{mini royal: 7,", f"{{{key}: 7,"))
    return path


def test_escape_sequences_in_a_games_name_are_shown_not_sent(monkeypatch, capsys, tmp_path):
    code, out, err = run(monkeypatch, capsys, "analyze", str(game(tmp_path, r'"Mini\e]52;c;aGVsbG8=\a\e]0;owned\a Poker"')))
    assert code == 0 and not SENT.search(out + err), (out + err)[:400]
    assert out.startswith(r"Mini\x1b]52;c;aGVsbG8=\x07\x1b]0;owned\x07 Poker (mini-three-card): ")


def test_a_line_end_in_a_name_does_not_start_a_line(monkeypatch, capsys, tmp_path):
    code, out, _ = run(monkeypatch, capsys, "analyze", str(game(tmp_path, r'"Mini\nerror: all is well"')))
    assert code == 0 and out.splitlines()[0].startswith(r"Mini\nerror: all is well (mini-three-card)")
    assert not any(line.startswith("error:") for line in out.splitlines())


def test_an_error_line_quoting_a_key_shows_its_escape_sequences(monkeypatch, capsys, tmp_path):
    code, out, err = run(monkeypatch, capsys, "analyze", str(game(tmp_path, "Mini", r'"mini royal\e]0;owned\a"')))
    assert (code, out) == (2, "") and err.startswith("error: ") and not SENT.search(err), err
    assert r"mini royal\x1b]0;owned\x07" in err


def test_a_file_name_with_escape_sequences_is_shown_as_text(monkeypatch, capsys, tmp_path):
    code, _, err = run(monkeypatch, capsys, "analyze", str(tmp_path / f"nope{CLIPBOARD}{TITLE}.yaml"))
    assert code == 2 and not SENT.search(err) and r"nope\x1b]52;c;aGVsbG8=\x07\x1b]0;owned\x07.yaml" in err, err


def test_a_table_cell_or_heading_stays_on_its_line():
    frame = pd.DataFrame({f"bet{TITLE}": ["pair\nplus", f"ante{CLIPBOARD}"], "pays": [1, 2]})
    for fmt in ("table", "markdown"):
        shown = render_frame(frame, fmt)
        assert not SENT.search(shown) and len(shown.splitlines()) == 4, shown
        assert r"pair\nplus" in shown and r"bet\x1b]0;owned\x07" in shown


def test_escaping_keeps_what_a_terminal_shows_as_it_is():
    assert escaped("Three Card Poker – Pair Plus, 40 to 1 ♠") == "Three Card Poker – Pair Plus, 40 to 1 ♠"
    assert escaped("a\x9b31mb\x7f\tc") == r"a\x9b31mb\x7f\tc"  # C1's single-byte CSI, DEL, a tab
    assert escaped("Banker\u202eTie") == "Banker[U+202E]Tie"  # direction controls as the reports show them
