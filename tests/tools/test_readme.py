"""Every command of the README runs as the README shows it (issue 33): the quick ones are run, each with the lines of
output the README shows found in its own; those that count for an hour (the report of every family), serve (the
studio) or are this suite are asked for ``--help``; the install lines name extras that exist; the game file shown
reads and prices as the README says."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.helpers.paths import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
FENCE = re.compile(r"^```(bash|console|yaml)\n(.*?)^```", re.M | re.S)
ONLY_HELP = (  # commands the suite does not run whole: their --help must answer
    re.compile(r"^casino-math report$"),  # every shipped family counted cold: an hour on two cores
    re.compile(r"^casino-math studio\b"),  # a server, until stopped
)
NOT_RUN = (  # the environment and the suite themselves: CI runs them (.ci/run)
    re.compile(r"^python3 -m venv\b"), re.compile(r"^\. \S+/bin/activate$"), re.compile(r"^python3 -m pytest\b"),
    re.compile(r"^python3 -m sphinx\b"),
)


@dataclass(frozen=True)
class Command:
    line: str
    shown: tuple[str, ...]  # the output lines the README shows under it

    def __str__(self) -> str:
        return self.line


def commands(text: str = README) -> tuple[list[Command], dict[str, str]]:
    """The README's commands in order (``&&`` split, comments dropped) and the shell variables it sets."""
    found: list[Command] = []
    variables: dict[str, str] = {}
    for kind, body in FENCE.findall(text):
        if kind == "yaml":
            continue
        for raw in body.splitlines():
            if kind == "console" and not raw.startswith("$ "):
                if raw.strip() and found:
                    found[-1] = Command(found[-1].line, (*found[-1].shown, raw.rstrip()))
                continue
            line = raw[2:] if kind == "console" else raw
            line = re.sub(r"\s+#.*$", "", line).strip()
            if not line or line.startswith("#"):
                continue
            assignment = re.fullmatch(r"([A-Z_]+)=(\S+)", line)
            if assignment:
                variables[assignment[1]] = assignment[2]
                continue
            found += [Command(part.strip(), ()) for part in line.split("&&")]
    return found, variables


COMMANDS, VARIABLES = commands()
RUN = [c for c in COMMANDS if c.line.startswith("casino-math") and not any(p.search(c.line) for p in ONLY_HELP)]
HELP = [c for c in COMMANDS if any(p.search(c.line) for p in ONLY_HELP)]
INSTALLS = [c for c in COMMANDS if c.line.startswith("python3 -m pip install")]


def run(line: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """A README command line as a shell runs it from the checkout, ``casino-math`` this checkout's, counts kept apart."""
    env = {**os.environ, **VARIABLES, "PYTHONPATH": str(ROOT), "CASINO_MATH_CACHE": str(tmp_path / "counts"),
           "COLUMNS": "200"}
    line = line.replace("/tmp/", f"{tmp_path}/")  # where the README writes a report for the reader to open
    words = [os.path.expandvars(w) if "$" in w else w for w in shlex.split(line)]
    for name, value in VARIABLES.items():
        words = [w.replace(f"${name}", value) for w in words]
    assert words[0] == "casino-math", line
    return subprocess.run([sys.executable, "-m", "casino_math", *words[1:]], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=600)


def test_the_readme_is_read_in_five_minutes() -> None:
    assert len(README.encode()) <= 15_000
    assert RUN and HELP and INSTALLS, "the README's commands were not found"
    unknown = [c.line for c in COMMANDS if c not in RUN + HELP + INSTALLS and not any(p.search(c.line) for p in NOT_RUN)]
    assert not unknown, f"README commands this test neither runs nor checks: {unknown}"


@pytest.mark.parametrize("command", RUN, ids=str)
def test_a_readme_command_runs_as_shown(command: Command, tmp_path: Path) -> None:
    done = run(command.line, tmp_path)
    assert done.returncode == 0, f"{command.line}: exit {done.returncode}\n{done.stderr[-2000:]}"
    printed = [line.rstrip() for line in done.stdout.replace(str(tmp_path), "/tmp").splitlines()]
    missing = [line for line in command.shown if line not in printed]
    assert not missing, f"{command.line}: the README shows lines it did not print: {missing}\n{done.stdout[:3000]}"


@pytest.mark.parametrize("command", HELP, ids=str)
def test_a_long_readme_command_answers_help(command: Command, tmp_path: Path) -> None:
    words = shlex.split(command.line)
    done = run(" ".join([*words[:2], "--help"]), tmp_path)
    assert done.returncode == 0 and "Usage" in done.stdout, done.stderr


def test_the_install_lines_name_extras_that_exist() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    for command in INSTALLS:
        named = re.findall(r"\.\[([a-z,]+)\]", command.line)
        assert named and all(extra in extras for group in named for extra in group.split(",")), command.line


def test_the_readme_game_file_extends_the_shipped_game(tmp_path: Path) -> None:
    from casino_math.analysis import analyze

    text = next(body for kind, body in FENCE.findall(README) if kind == "yaml")
    (tmp_path / "paytables").symlink_to(ROOT / "paytables")  # the README's file sits beside the shipped paytables/
    path = tmp_path / "my_tables" / "my-pair-plus.yaml"
    path.parent.mkdir()
    path.write_text(text, encoding="utf-8")
    analysis = analyze(path)
    pays = {line.key: line.pay for line in analysis.game.paytables["pair_plus"].lines}
    assert analysis.game.id == "my-pair-plus" and str(pays["flush"]) == "3 to 1"
    assert f"{float(analysis.tables['pair_plus'].metrics.house_edge):.4%}" == "7.2760%"  # Pair Plus 40-30-6-3-1's
