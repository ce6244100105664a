"""What a command loads: a video poker analysis from the command line loads its own method alone, numba without SciPy,
and none of pandas, matplotlib, SciPy or the other methods' engines; a game file read loads no other method's reader.
Each run in a fresh process, its ``sys.modules`` read at the end (processor times are the benchmarks' business:
``benchmarks/video_poker.py --cold``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib import import_module
from pathlib import Path

from casino_math.registry import READERS

ROOT = Path(__file__).resolve().parents[2]
METHODS = sorted(p.name for p in (ROOT / "casino_math" / "methods").iterdir() if (p / "__init__.py").exists())
# SciPy's parts (numba's own version check imports its top package, a hundredth of a second)
HEAVY = ("pandas", "matplotlib", "scipy.linalg", "scipy.optimize", "scipy.sparse", "scipy.special", "scipy.stats", "sympy",
         "reportlab", "jinja2", "rich", "distributed")


def _loaded(code: str, cache: Path) -> dict[str, list[str]]:
    """Run ``code`` in a fresh process (the package of this checkout, the count cache in ``cache``), then name which of
    :data:`HEAVY` and which method folders it loaded, and whether numba's implementations and SciPy's linear algebra
    did."""
    probe = (f"{code}\nimport sys, json\n"
             f"print(json.dumps({{'heavy': sorted(m for m in {HEAVY!r} if m in sys.modules), "
             f"'methods': sorted({{m.split('.')[2] for m in sys.modules if m.startswith('casino_math.methods.')}}), "
             "'numba': sorted(m for m in ('numba.np.arraymath', 'scipy.linalg', 'cffi') if m in sys.modules)}))")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CASINO_MATH_CACHE": str(cache)}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    loaded: dict[str, list[str]] = json.loads(done.stdout.splitlines()[-1])
    return loaded


def test_a_video_poker_analysis_loads_its_method_alone_and_numba_without_scipy(tmp_path):
    code = ("import sys\nfrom casino_math.cli import main\n"
            "sys.argv = ['casino-math', 'analyze', 'tests/games/draw-small.yaml', '--format', 'json']\n"
            "try:\n    main()\nexcept SystemExit as stop:\n    assert not stop.code, stop.code\n")
    loaded = _loaded(code, tmp_path / "counts")
    assert loaded == {"heavy": [], "methods": ["draw"], "numba": ["numba.np.arraymath"]}
    again = _loaded(code, tmp_path / "counts")  # the counts read back: the same modules
    assert again == loaded


def test_a_game_file_read_loads_its_own_reader_alone(tmp_path):
    files = {"draw": "paytables/video_poker/jacks-or-better-9-6.yaml", "blackjack": "paytables/blackjack/6-decks-h17-das.yaml",
             "rolls": "paytables/craps/standard.yaml"}
    for method, path in files.items():
        loaded = _loaded(f"from casino_math.analysis import load_game\nload_game({path!r})", tmp_path / "counts")
        assert loaded["methods"] == [method], path
        assert "numba.np.arraymath" not in loaded["numba"], path
    steps = _loaded("from casino_math.analysis import load_game\nload_game('paytables/three_card_poker/standard.yaml')",
                    tmp_path / "counts")
    own = {module.split(".")[0] for module in READERS.values()}  # the methods that read a file type of their own
    assert steps["methods"] and not own.intersection(steps["methods"])  # a file of steps: the methods that may count it


def test_each_section_is_read_by_the_reader_named_for_it():
    for key, module in READERS.items():
        assert module.split(".")[0] in METHODS
        assert import_module(f"casino_math.methods.{module}").SECTION.key == key
