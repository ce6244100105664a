"""The hostile cases of both audits (issues #16 and #34) as one table: what is planted, the command run, the one line
it must end in. Each runs the command line in a subprocess of its own folder, under a memory limit and a timeout (a
bomb that got through dies there, a read that waits on a pipe times out), and must end with exit code 2, nothing on
stdout, one line ``error: …`` on stderr quoting nothing it must not, no traceback and nothing written.

The next surface is added here as a row, not to the next audit. Cases of another shape stay beside their subject:
Ctrl-C (test_interrupt_stages.py), the studio's token (test_studio_token.py), planted cache files that are counted
afresh (test_cache_planted.py), what reaches the terminal in normal output (test_terminal_text.py)."""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from casino_math.game.variants import MAX_EXTENDS
from casino_math.yaml_source import MAX_ALIASES, MAX_DEPTH, MAX_FILE_BYTES
from tests.helpers.paths import ROOT

MEMORY = 1 << 30  # bytes of address space a run may use
TIMEOUT = 60  # seconds
GAMES = ROOT / "tests" / "games"
MINI = (GAMES / "mini-three-card.yaml").read_text()
TCP = (ROOT / "paytables" / "three_card_poker" / "standard.yaml").read_text()
ANTE = "  ante_bonus: {mini royal: 7, straight flush: 5, three of a kind: 4, straight: 1}"
SHADOW = "root:$6$saltsalt$hashhashhash:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n"
SECRETS = "password: hunter2\napi_key: s3cr3t\nid: vault-7\n"
SECRET_WORDS = ("root:", "$6$", "daemon", "hunter2", "password", "api_key", "s3cr3t", "vault-7")
CLAIM = '{figure: house_edge, wager: pair_plus, published: "2.32%", source: a page'
LONG = "1" * 4400  # past Python's 4,300 digits for reading an integer
CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")  # what a terminal would obey


@dataclass(frozen=True)
class Case:
    """Files planted in the case's folder (``links``: name to target, ``pipes``: named pipes), the command (``{here}``
    is the folder), what its one line says, what it must not say, the environment it adds."""

    files: dict[str, str]
    command: tuple[str, ...]
    says: str
    never: tuple[str, ...] = ()
    links: dict[str, str] = field(default_factory=dict)
    pipes: tuple[str, ...] = ()
    env: dict[str, str] = field(default_factory=dict)


def billion_laughs(levels: int = 9) -> str:
    """1 KB of YAML that expands to 10**levels values."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, levels)]
    return "\n".join([*lines, f"game: *a{levels - 1}", ""])


def chain(length: int) -> dict[str, str]:
    return {"f0.yaml": MINI, **{f"f{i}.yaml": f"extends: f{i - 1}.yaml\nid: v{i}\n" for i in range(1, length)}}


BJ = "game: blackjack\nid: bj\ndeck: {decks: 1}\nblackjack:\n  dealer: {hole_card: none}\n  surrender: late\n"

CASES = {
    # -- issue #16, items 1 and 2: bounded input, extends ---------------------------------------------------------------
    "alias bomb": Case({"g.yaml": billion_laughs()}, ("analyze", "g.yaml"), "values once aliases (*name) are expanded"),
    "alias bomb in claims": Case({"c.yaml": billion_laughs()}, ("verify", "c.yaml"), "values once aliases (*name) are expanded"),
    "too many aliases": Case({"g.yaml": "a: &a 1\nb: [" + ", ".join(["*a"] * (MAX_ALIASES + 1)) + "]\n"}, ("analyze", "g.yaml"),
                             f"more than {MAX_ALIASES} aliases"),
    "an alias holding itself": Case({"g.yaml": "game: &a [1, *a]\n"}, ("analyze", "g.yaml"), f"nested more than {MAX_DEPTH} levels"),
    "deep nesting": Case({"g.yaml": "game: " + "[" * 3000 + "]" * 3000 + "\n"}, ("analyze", "g.yaml"), f"nested more than {MAX_DEPTH} levels"),
    "over the size limit": Case({"g.yaml": MINI + "#" * MAX_FILE_BYTES + "\n"}, ("analyze", "g.yaml"), "over 1024 KiB"),
    "a long chain of variants": Case(chain(300), ("analyze", "f299.yaml"), f"more than {MAX_EXTENDS} files in a chain of variants"),
    "a pay of 5,000 digits": Case({"g.yaml": MINI.replace("mini royal: 7", "mini royal: " + "9" * 5000)}, ("analyze", "g.yaml"),
                                  "a number of more than 1,000 digits"),
    "an exponent of millions": Case({"g.yaml": MINI.replace("mini royal: 7", "mini royal: 1.0e+9999999")}, ("analyze", "g.yaml"),
                                    "a number of more than 1,000 digits"),
    "a device": Case({}, ("analyze", "/dev/zero"), "/dev/zero: is a device, not a regular file"),
    "a device as claims": Case({}, ("verify", "/dev/zero"), "/dev/zero: is a device, not a regular file"),
    "a pipe with no writer": Case({}, ("analyze", "game.yaml"), "is a pipe, not a regular file", pipes=("game.yaml",)),
    "extends /etc/passwd": Case({"v.yaml": "extends: /etc/passwd\nid: v\n"}, ("analyze", "v.yaml"),
                                "v.yaml:1: extends: /etc/passwd lies outside the folders a variant may extend", ("root:",)),
    "extends a file that is not a game": Case({"secrets.yaml": SECRETS, "v.yaml": "extends: secrets.yaml\nid: v\n"},
                                              ("analyze", "v.yaml"), "v.yaml:1: extends: secrets.yaml is not a game file",
                                              SECRET_WORDS),
    "extends through a link out": Case({"games/v.yaml": "extends: base.yaml\nid: v\n", "elsewhere/base.yaml": MINI},
                                       ("analyze", "games/v.yaml"), "lies outside the folders",
                                       links={"games/base.yaml": "{here}/elsewhere/base.yaml"}),
    # -- issue #34 -------------------------------------------------------------------------------------------------------
    "1: a claims file's game outside its folders": Case(
        {"secrets/shadow": SHADOW, "family/claims/c.yaml": f"claims: [{CLAIM}, game: {{here}}/secrets/shadow}}]\n"},
        ("verify", "family/claims/c.yaml"), "lies outside the folders a claims file may name a game file in", SECRET_WORDS),
    "1: a claims file's game that is not a game file": Case(
        {"family/secrets.yaml": SECRETS, "family/claims/c.yaml": f"game: ../secrets.yaml\nclaims: [{CLAIM}}}]\n"},
        ("verify", "family/claims/c.yaml"), "game: ../secrets.yaml is not a game file", SECRET_WORDS),
    "3: an escape sequence in a paytable key": Case(
        {"g.yaml": MINI.replace("{mini royal: 7,", '{"mini royal\\e]0;owned\\a": 7,')}, ("analyze", "g.yaml"),
        r"mini royal\x1b]0;owned\x07"),
    "4: a folder of the user's files as the count cache": Case(
        {"mine/notes.txt": "my notes", "mine/.draft.tmp": "a draft"}, ("analyze", str(GAMES / "mini-three-card.yaml")),
        "CASINO_MATH_CACHE", env={"CASINO_MATH_CACHE": "{here}/mine"}),
    "5: a decimal comma in a pay": Case({"g.yaml": MINI.replace(ANTE, ANTE.replace("straight: 1}", 'straight: "1,5"}'))},
                                        ("analyze", "g.yaml"), "paytables.ante_bonus.straight: '1,5' has a comma"),
    "8: late surrender without a hole card": Case({"bj.yaml": BJ}, ("analyze", "bj.yaml"),
                                                  "bj.yaml:6: blackjack.surrender: late surrender comes after the dealer checks"),
    "9: a scheduler without its port": Case({"g.yaml": MINI}, ("analyze", "g.yaml", "--scheduler", "tcp://localhost"),
                                            "--scheduler: tcp://localhost names no port"),
    "9: an option of 4,400 digits": Case({"g.yaml": TCP}, ("solve", "g.yaml", "-b", "pair_plus", "--pay", "flush", "--target-edge", LONG),
                                         "--target-edge: a number of more than 1,000 digits"),
    "9: a published figure of 4,400 digits": Case(
        {"g.yaml": TCP, "c.yaml": f"game: g.yaml\nclaims:\n  - {{figure: house_edge, wager: pair_plus, published: \"{LONG}%\"}}\n"},
        ("verify", "c.yaml"), "c.yaml:3: claims.0.published: a number of more than 1,000 digits"),
    "9: a loop of symbolic links as the game": Case({}, ("analyze", "a.yaml"), "a.yaml: cannot read: a loop of symbolic links",
                                                    links={"a.yaml": "{here}/b.yaml", "b.yaml": "{here}/a.yaml"}),
}


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def planted(case: Case, here: Path) -> None:
    for name, text in case.files.items():
        (here / name).parent.mkdir(parents=True, exist_ok=True)
        (here / name).write_text(text.replace("{here}", str(here)))
    for name, target in case.links.items():
        (here / name).parent.mkdir(parents=True, exist_ok=True)
        (here / name).symlink_to(target.replace("{here}", str(here)))
    for name in case.pipes:
        os.mkfifo(here / name)


def listing(here: Path) -> dict[str, int]:
    return {str(p.relative_to(here)): p.lstat().st_mtime_ns for p in sorted(here.rglob("*"))}


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not hasattr(resource, "RLIMIT_AS"), reason="named pipes and memory limits")
@pytest.mark.parametrize("name", CASES)
def test_a_hostile_case_ends_in_one_line(name, tmp_path):
    case = CASES[name]
    here = tmp_path / "case"
    here.mkdir()
    planted(case, here)
    before = listing(here)
    environment = {**os.environ, "CASINO_MATH_CACHE": str(tmp_path / "counts"),
                   **{key: value.replace("{here}", str(here)) for key, value in case.env.items()},
                   "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    command = [sys.executable, "-m", "casino_math", *(arg.replace("{here}", str(here)) for arg in case.command)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, cwd=here, env=environment,
                            stdin=subprocess.DEVNULL, preexec_fn=_limited)
    err = result.stderr
    assert (result.returncode, result.stdout) == (2, ""), (result.returncode, result.stdout[-2000:], err[-2000:])
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err, err[-2000:]
    assert case.says in err, err
    assert not CONTROL.search(err) and not any(word in err for word in case.never), err
    assert listing(here) == before  # nothing written, nothing removed
