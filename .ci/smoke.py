"""Every command of the command line answers, with whatever versions of its dependencies are installed: ``--help`` of
each command (found by walking the app, so a new command is covered; in this process, as they are quick), and quick
real runs (each its own process) of the commands that count, report, check and read. Run by .ci/run with the newest versions pyproject.toml allows and
with the lowest, in a fresh environment, with the checkout on PYTHONPATH; prints one line per command and fails on the first that does not answer.
"""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = str(ROOT / "tests" / "games" / "mini-three-card.yaml")
TCP = str(ROOT / "paytables" / "three_card_poker" / "standard.yaml")


def commands() -> list[list[str]]:
    """Every command's path under ``casino-math``, the root's too."""
    from casino_math.cli.app import command

    def walk(group, path):
        yield path
        for name, sub in getattr(group, "commands", {}).items():
            yield from walk(sub, [*path, name])

    return list(walk(command(), []))


def helps(path: list[str]) -> None:
    import contextlib
    import io

    from casino_math.cli.app import command

    shown = io.StringIO()
    with contextlib.redirect_stdout(shown), contextlib.suppress(SystemExit):
        command()([*path, "--help"], prog_name="casino-math", standalone_mode=False)
    if "Usage: casino-math" not in shown.getvalue():
        sys.exit(f"casino-math {' '.join(path)} --help: no usage shown\n{shown.getvalue()[-3000:]}")
    print(f"ok  casino-math {' '.join(path)} --help")


def answers(args: list[str], expect: str, scratch: str) -> None:
    environment = {**os.environ, "CASINO_MATH_CACHE": os.path.join(scratch, "counts"), "NUMBA_CACHE_DIR": os.path.join(scratch, "numba")}
    result = subprocess.run([sys.executable, "-m", "casino_math", *args], capture_output=True, text=True, timeout=600,
                            cwd=scratch, env=environment)
    said = result.stdout + result.stderr
    if result.returncode != 0 or expect not in said or "Traceback" in said:
        sys.exit(f"casino-math {' '.join(args)}: exit code {result.returncode}\n{said[-3000:]}")
    print(f"ok  casino-math {' '.join(args)}")


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        for path in commands():
            helps(path)
        for args, expect in [
            (["--version"], "casino-math "),
            (["analyze", GAME, "--format", "json"], '"house_edge"'),
            (["frequencies", "--ranking", "three-card", "--cards", "3"], "straight_flush"),
            (["verify", str(ROOT / "paytables" / "three_card_poker" / "claims" / "pair-plus.yaml")], "claims pass"),
            (["solve", TCP, "-b", "pair_plus", "--pay", "flush", "--target-edge", "3%"], "flush"),
            (["simulate", GAME, "--hands", "2000", "--seed", "1"], "ante"),
            (["report", GAME, "--out", "reports", "--date", "2026-01-01"], "mini.pdf"),
            (["stud", "games"], "razz"),
            (["schema"], '"properties"'),
            (["cache", "show"], "entries"),
        ]:
            answers(args, expect, scratch)


if __name__ == "__main__":
    main()
