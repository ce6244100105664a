"""The command line is one package (``casino_math/cli/``): the entry point, the commands in their order, a quick ``--help``."""

from __future__ import annotations

import subprocess
import sys

from tests.helpers.cli_runner import run

COMMANDS = ["frequencies", "analyze", "report", "verify", "solve", "sweep", "search", "compare", "simulate", "schema", "removal", "stud"]


def test_every_command_is_listed_in_order(monkeypatch, capsys):
    code, out, err = run(monkeypatch, capsys, "--help")
    assert (code, err) == (0, "")
    block = out.split("Commands:\n")[1].split("\n\n")[0]  # the examples follow, after a blank line
    listed = [line.split()[0] for line in block.splitlines() if line.startswith("  ")]
    assert listed[:len(COMMANDS)] == COMMANDS


def test_help_loads_neither_numpy_nor_pandas():
    probe = ("import sys\nfrom casino_math.cli import main\nsys.argv = ['casino-math', '--help']\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             "print(sorted(m for m in ('numpy', 'pandas', 'distributed', 'matplotlib') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout.strip().endswith("[]"), result.stdout + result.stderr


def test_the_module_entry_point_runs_the_app():
    result = subprocess.run([sys.executable, "-m", "casino_math", "--version"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout.startswith("casino-math ")
