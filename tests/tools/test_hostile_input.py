"""Hostile or careless input (issue #16, items 1 and 2): every file is read within limits, a variant extends only
game files where the rule allows, and each refusal is one line ``error: …`` on stderr, exit code 2, nothing written,
no traceback. Cases that would hang or fill memory if they regressed run in a subprocess under a memory limit and a
timeout; those of one shape (a file, a command, the one line) are rows of test_hostile_table.py."""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest

from casino_math.errors import InputError
from casino_math.analysis import load_game, load_game_text
from casino_math.game.variants import MAX_EXTENDS
from casino_math.yaml_source import MAX_ALIASES, MAX_DEPTH, MAX_FILE_BYTES

from tests.helpers.cli_runner import refused
from tests.helpers.paths import ROOT

MINI = ROOT / "tests" / "games" / "mini-three-card.yaml"
MEMORY = 1 << 30  # bytes of address space a limited run may use: a bomb that got through would die here, not pass
TIMEOUT = 60  # seconds: a read that waits on a pipe would hit this


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def limited(*args: str, stdin=subprocess.DEVNULL, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """``python -m casino_math *args`` under a memory limit and a timeout."""
    return subprocess.run([sys.executable, "-m", "casino_math", *args], capture_output=True, text=True, timeout=TIMEOUT,
                          stdin=stdin, cwd=cwd, preexec_fn=_limit_memory)


def one_line(result: subprocess.CompletedProcess, expected: str) -> None:
    assert result.returncode == 2 and result.stdout == "", (result.returncode, result.stdout, result.stderr[-2000:])
    assert result.stderr.count("\n") == 1 and expected in result.stderr and "Traceback" not in result.stderr, result.stderr[-2000:]


# -- item 1: bounded input ------------------------------------------------------------------------
def test_too_many_aliases(monkeypatch, capsys, tmp_path):
    many = tmp_path / "many.yaml"
    many.write_text("a: &a 1\nb: [" + ", ".join(["*a"] * (MAX_ALIASES + 1)) + "]\n")
    assert f"more than {MAX_ALIASES} aliases" in refused(monkeypatch, capsys, tmp_path, "analyze", str(many))


def test_an_alias_holding_itself(monkeypatch, capsys, tmp_path):
    loop = tmp_path / "loop.yaml"
    loop.write_text("game: &a [1, *a]\n")
    assert f"nested more than {MAX_DEPTH} levels" in refused(monkeypatch, capsys, tmp_path, "analyze", str(loop))


def test_a_file_over_the_size_limit(monkeypatch, capsys, tmp_path):
    big = tmp_path / "big.yaml"
    big.write_text(MINI.read_text() + "#" * MAX_FILE_BYTES + "\n")
    assert "over 1024 KiB" in refused(monkeypatch, capsys, tmp_path, "analyze", str(big))
    with pytest.raises(InputError, match="over 1024 KiB"):
        load_game_text("#" * (MAX_FILE_BYTES + 1), "big.yaml")


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 3000])
def test_deep_nesting(monkeypatch, capsys, tmp_path, depth):
    flow = tmp_path / "flow.yaml"
    flow.write_text("game: " + "[" * depth + "]" * depth + "\n")
    assert f"nested more than {MAX_DEPTH} levels" in refused(monkeypatch, capsys, tmp_path, "analyze", str(flow))
    block = tmp_path / "block.yaml"
    levels = min(depth, 1000)  # indented one space a level: 1000 levels fit in the size limit
    block.write_text("".join(f"{' ' * i}k{i}:\n" for i in range(levels)) + " " * levels + "x: 1\n")
    assert f"nested more than {MAX_DEPTH} levels" in refused(monkeypatch, capsys, tmp_path, "analyze", str(block))


def test_a_deep_chain_of_variants(monkeypatch, capsys, tmp_path):
    (tmp_path / "f0.yaml").write_text(MINI.read_text())
    for i in range(1, 300):
        (tmp_path / f"f{i}.yaml").write_text(f"extends: f{i - 1}.yaml\nid: v{i}\n")
    err = refused(monkeypatch, capsys, tmp_path, "analyze", str(tmp_path / "f299.yaml"))
    assert f"more than {MAX_EXTENDS} files in a chain of variants" in err
    assert load_game(tmp_path / f"f{MAX_EXTENDS - 1}.yaml").id == f"v{MAX_EXTENDS - 1}"  # a chain of 16 files is fine


@pytest.mark.parametrize("number", ["9" * 5000, "1.0e+9999999", "1.5e-99999999"])
def test_numbers_too_long_to_be_pays(monkeypatch, capsys, tmp_path, number):
    game = tmp_path / "g.yaml"
    game.write_text(MINI.read_text().replace("mini royal: 7", f"mini royal: {number}"))
    assert "a number of more than 1,000 digits" in refused(monkeypatch, capsys, tmp_path, "analyze", str(game))


def test_standard_input_fed_forever_is_not_read(tmp_path):
    with subprocess.Popen(["yes", "game: x"], stdout=subprocess.PIPE) as feeder:
        try:
            one_line(limited("analyze", "/dev/stdin", stdin=feeder.stdout), "/dev/stdin: is a pipe, not a regular file")
        finally:
            feeder.kill()


def test_a_regular_file_on_standard_input_is_read(tmp_path):
    with MINI.open() as stdin:
        result = limited("analyze", "/dev/stdin", stdin=stdin, cwd=MINI.parent)
    assert result.returncode == 0 and "mini-three-card" in result.stdout, result.stderr


# -- item 2: extends ---------------------------------------------------------------------------------
@pytest.mark.parametrize("target", ["/etc/passwd", "../../../../../../../../etc/passwd", "/etc/hostname"])
def test_extends_outside_the_allowed_folders_is_refused_and_nothing_quoted(monkeypatch, capsys, tmp_path, target):
    variant = tmp_path / "variant.yaml"
    variant.write_text(f"extends: {target}\nid: v\n")
    err = refused(monkeypatch, capsys, tmp_path, "analyze", str(variant))
    assert "variant.yaml:1: extends: " in err and "lies outside the folders a variant may extend" in err
    assert "root:" not in err and "unknown field" not in err


def test_extends_a_yaml_file_that_is_not_a_game_file(monkeypatch, capsys, tmp_path):
    (tmp_path / "secrets.yaml").write_text("password: hunter2\nuser: admin\n")
    (tmp_path / "notes.txt").write_text("game: x\n")
    for target in ("secrets.yaml", "notes.txt"):
        variant = tmp_path / "variant.yaml"
        variant.write_text(f"extends: {target}\nid: v\n")
        err = refused(monkeypatch, capsys, tmp_path, "analyze", str(variant))
        assert f"variant.yaml:1: extends: {target} is not a game file" in err
        assert "hunter2" not in err and "password" not in err and "admin" not in err


def test_a_link_out_of_the_folder_is_refused(monkeypatch, capsys, tmp_path):
    games, elsewhere = tmp_path / "games", tmp_path / "elsewhere"
    games.mkdir()
    elsewhere.mkdir()
    (elsewhere / "base.yaml").write_text(MINI.read_text())
    (games / "base.yaml").symlink_to(elsewhere / "base.yaml")
    (games / "variant.yaml").write_text("extends: base.yaml\nid: v\n")
    assert "lies outside the folders" in refused(monkeypatch, capsys, tmp_path, "analyze", str(games / "variant.yaml"))


def test_extends_stays_in_its_tree_the_shipped_games_or_a_folder_allowed(monkeypatch, tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "base.yaml").write_text(MINI.read_text())
    (tmp_path / "variant.yaml").write_text("extends: sub/base.yaml\nid: v\n")
    assert load_game(tmp_path / "variant.yaml").id == "v"  # below the first file's folder
    shipped = ROOT / "paytables" / "three_card_poker" / "standard.yaml"
    (tmp_path / "shipped.yaml").write_text(f"extends: {shipped}\nid: s\n")
    assert load_game(tmp_path / "shipped.yaml").id == "s"  # the shipped games, by any path
    (tmp_path / "up.yaml").write_text("extends: ../up.yaml\nid: u\n")
    (tmp_path / "sub" / "up.yaml").write_text("extends: ../sub/base.yaml\nid: u\n")
    assert load_game(tmp_path / "sub" / "up.yaml").id == "u"  # .. that stays in the tree
    (tmp_path / "sub" / "out.yaml").write_text("extends: ../variant.yaml\nid: o\n")
    with pytest.raises(InputError, match="lies outside the folders a variant may extend"):
        load_game(tmp_path / "sub" / "out.yaml")
    monkeypatch.setenv("CASINO_MATH_EXTENDS", str(tmp_path))
    assert load_game(tmp_path / "sub" / "out.yaml").id == "o"  # a folder allowed explicitly
