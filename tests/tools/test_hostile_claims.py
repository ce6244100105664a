"""A claims file's ``game:`` (issue #34, item 1): it follows the ``extends:`` rule (the claims file's folder and the
one above, the shipped ``paytables/``, ``CASINO_MATH_EXTENDS``), and a file there that is not a game file is refused
with one line that quotes nothing of it: a vendor's claims file cannot make ``casino-math verify`` print a secret."""

from __future__ import annotations

from pathlib import Path

import pytest

from casino_math.claims import load_claims

from tests.helpers.cli_runner import run
from tests.helpers.paths import ROOT

SHADOW = "root:$6$saltsalt$hashhashhash:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n"
SECRETS = "password: hunter2\napi_key: s3cr3t\nid: vault-7\n"
CLAIM = '{figure: house_edge, wager: pair_plus, published: "2.32%", source: t'


def refused(monkeypatch, capsys, claims: Path) -> str:
    """``casino-math verify claims``: exit 2, one line on stderr naming the game: line, no secret quoted; the line."""
    code, out, err = run(monkeypatch, capsys, "verify", str(claims))
    assert (code, out) == (2, "") and err.startswith("error: ") and err.count("\n") == 1, (code, out, err)
    for secret in ("root:", "$6$", "daemon:", "hunter2", "password", "api_key", "s3cr3t", "vault-7"):
        assert secret not in err, err
    return err


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    """A claims folder two levels below ``tmp_path`` (so ``tmp_path`` is outside its folders), and a secrets folder."""
    claims, secrets = tmp_path / "family" / "claims", tmp_path / "secrets"
    claims.mkdir(parents=True)
    secrets.mkdir()
    (secrets / "shadow").write_text(SHADOW)
    (secrets / "secrets.yaml").write_text(SECRETS)
    return claims, secrets


@pytest.mark.parametrize("where", ["claim", "top"])
@pytest.mark.parametrize("target", ["shadow", "secrets.yaml", "/etc/passwd", "../../secrets/secrets.yaml"])
def test_a_game_outside_the_claims_folders_is_refused(monkeypatch, capsys, folders, where, target):
    claims, secrets = folders
    named = target if "/" in target else str(secrets / target)
    text = (f"claims: [{CLAIM}, game: {named}}}]\n" if where == "claim" else f"game: {named}\nclaims: [{CLAIM}}}]\n")
    (claims / "c.yaml").write_text(text)
    err = refused(monkeypatch, capsys, claims / "c.yaml")
    assert f"c.yaml:1: game: {named} lies outside the folders a claims file may name a game file in" in err


@pytest.mark.parametrize("name, text, why", [
    ("shadow", SHADOW, "named *.yaml or *.yml"),
    ("secrets.yaml", SECRETS, "a mapping of game-file fields"),
    ("list.yaml", "- hunter2\n- s3cr3t\n", "a mapping of game-file fields"),
    ("almost.yaml", "game: x\npassword: hunter2\n", "a mapping of game-file fields"),
])
def test_a_file_that_is_not_a_game_file_is_refused_quoting_nothing(monkeypatch, capsys, folders, name, text, why):
    claims, _ = folders
    (claims.parent / name).write_text(text)  # the folder above the claims file's: allowed, but not a game file
    (claims / "c.yaml").write_text(f"claims: [{CLAIM}, game: ../{name}}}]\n")
    assert f"c.yaml:1: game: ../{name} is not a game file (a game file is {why}" in refused(monkeypatch, capsys, claims / "c.yaml")


def test_the_allowed_folders_still_serve(monkeypatch, folders):
    claims, secrets = folders
    game = ROOT / "tests" / "games" / "mini-three-card.yaml"
    (claims.parent / "mini.yaml").write_text(game.read_text())
    (claims / "c.yaml").write_text("game: ../mini.yaml\nclaims: [{figure: deals, published: \"18,480\"}]\n")
    assert load_claims(claims / "c.yaml").claims[0].game == (claims.parent / "mini.yaml").resolve()  # the one above
    shipped = ROOT / "paytables" / "three_card_poker" / "standard.yaml"
    (claims / "c.yaml").write_text(f"game: {shipped}\nclaims: [{{figure: deals, published: \"1\"}}]\n")
    assert load_claims(claims / "c.yaml").claims[0].game == shipped.resolve()  # the shipped games, by any path
    (secrets / "mini.yaml").write_text(game.read_text())
    (claims / "c.yaml").write_text(f"game: {secrets / 'mini.yaml'}\nclaims: [{{figure: deals, published: \"1\"}}]\n")
    monkeypatch.setenv("CASINO_MATH_EXTENDS", str(secrets))
    assert load_claims(claims / "c.yaml").claims[0].game == (secrets / "mini.yaml").resolve()  # a folder allowed explicitly


def test_a_link_out_of_the_claims_folders_is_refused(monkeypatch, capsys, folders):
    claims, secrets = folders
    (claims / "game.yaml").symlink_to(secrets / "secrets.yaml")
    (claims / "c.yaml").write_text(f"game: game.yaml\nclaims: [{CLAIM}}}]\n")
    assert "lies outside the folders" in refused(monkeypatch, capsys, claims / "c.yaml")


def test_a_loop_of_links_as_the_game_is_one_line(monkeypatch, capsys, folders):
    claims, _ = folders
    (claims / "a.yaml").symlink_to(claims / "b.yaml")
    (claims / "b.yaml").symlink_to(claims / "a.yaml")
    (claims / "c.yaml").write_text(f"game: a.yaml\nclaims: [{CLAIM}}}]\n")
    assert "a loop of symbolic links" in refused(monkeypatch, capsys, claims / "c.yaml")


# -- item 9: tracebacks left, now one line each ------------------------------------------------------------------------
GAME = str(ROOT / "tests" / "games" / "mini-three-card.yaml")
TCP = str(ROOT / "paytables" / "three_card_poker" / "standard.yaml")
LONG = "1" * 4400  # past Python's 4,300 digits for reading an integer


def one_line(monkeypatch, capsys, *args: str) -> str:
    code, out, err = run(monkeypatch, capsys, *args)
    assert (code, out) == (2, "") and err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err, err[-2000:]
    return err


@pytest.mark.parametrize("address", ["tcp://localhost", "localhost", "tls://example.org"])
def test_a_scheduler_without_its_port_is_one_line(monkeypatch, capsys, address):
    assert f"--scheduler: {address} names no port" in one_line(monkeypatch, capsys, "analyze", GAME, "--scheduler", address)


@pytest.mark.parametrize("args, option", [
    (["solve", TCP, "-b", "pair_plus", "--pay", "flush", "--target-edge", LONG], "--target-edge"),
    (["solve", TCP, "-b", "pair_plus", "--pay", "flush", "--target-edge", f"0.{LONG}%"], "--target-edge"),
    (["sweep", TCP, "-b", "pair_plus", "--pay", "flush", "--from", "1", "--to", LONG], "--to"),
    (["sweep", TCP, "-b", "pair_plus", "--pay", "flush", "--from", "1", "--to", "2", "--step", f"1/{LONG}"], "--step"),
    (["search", TCP, "-b", "pair_plus", "--vary", "flush=2..3", "--edge", f"2%..{LONG}%"], "--edge"),
    (["search", TCP, "-b", "pair_plus", "--vary", f"flush=2..{LONG}", "--edge", "2%..4%"], "--vary flush="),
])
def test_a_number_of_thousands_of_digits_in_an_option_is_one_line(monkeypatch, capsys, args, option):
    err = one_line(monkeypatch, capsys, *args)
    assert f"error: {option}" in err and "a number of more than 1,000 digits" in err


@pytest.mark.parametrize("published", [f'"{LONG}"', f'"{LONG}%"', f'"1 in {LONG}"', f'">{LONG}.5%"'])
def test_a_published_number_of_thousands_of_digits_is_one_line(monkeypatch, capsys, tmp_path, published):
    (tmp_path / "game.yaml").write_text(Path(TCP).read_text())
    (tmp_path / "c.yaml").write_text(f"game: game.yaml\nclaims:\n  - {{figure: house_edge, wager: pair_plus, published: {published}}}\n")
    assert "c.yaml:3: claims.0.published: a number of more than 1,000 digits" in one_line(monkeypatch, capsys, "verify", str(tmp_path / "c.yaml"))


@pytest.mark.parametrize("command", [["analyze"], ["compare", GAME], ["simulate", "--hands", "10"], ["removal", "--bet", "ante"]])
def test_a_loop_of_links_as_the_game_path_is_one_line(monkeypatch, capsys, tmp_path, command):
    (tmp_path / "a.yaml").symlink_to(tmp_path / "b.yaml")
    (tmp_path / "b.yaml").symlink_to(tmp_path / "a.yaml")
    name, *options = command
    err = one_line(monkeypatch, capsys, name, str(tmp_path / "a.yaml"), *options)
    assert "a.yaml: cannot read: a loop of symbolic links" in err
