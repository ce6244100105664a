"""What a command loads: a video poker analysis from the command line loads its own method alone, numba without SciPy
(and, its kernels read from numba's disk cache, without numba's compiler registries nor its array implementations), and none of pandas, matplotlib,
SciPy or the other methods' engines; a game file read loads no other method's reader.
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
             "'numba': sorted(m for m in ('numba.np.arraymath', 'scipy.linalg', 'cffi', 'numba.cpython.numbers', "
             "'numba.np.npyimpl', 'numba.np.arrayobj') if m in sys.modules)}))")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CASINO_MATH_CACHE": str(cache)}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    loaded: dict[str, list[str]] = json.loads(done.stdout.splitlines()[-1])
    return loaded


def test_a_video_poker_analysis_loads_its_method_alone_and_numba_without_scipy(tmp_path):
    code = ("import sys\nfrom casino_math.cli import main\n"
            "sys.argv = ['casino-math', 'analyze', 'tests/games/draw-small.yaml', '--format', 'json']\n"
            "try:\n    main()\nexcept SystemExit as stop:\n    assert not stop.code, stop.code\n")
    first = _loaded(code, tmp_path / "first")  # the kernels compiled here where numba's cache has none yet
    assert first["heavy"] == [] and first["methods"] == ["draw"] and "scipy.linalg" not in first["numba"]
    _loaded(code, tmp_path / "first")  # and those of counts read back (arrays of other types), where it has none yet
    loaded = _loaded(code, tmp_path / "counts")  # the kernels read from numba's cache: no compiler registry (numbers, npyimpl)
    assert loaded == {"heavy": [], "methods": ["draw"], "numba": []}  # nor any implementation (its kernels make no array)
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


def test_a_kernel_compiled_after_one_read_from_numbas_cache_has_numbas_implementations(tmp_path):
    """A kernel read from the cache leaves numba's registries unloaded; one compiled after it in the same process gets
    them (numba's compiler refreshes them), arrays, lists, dictionaries, math and SciPy's BLAS included."""
    read = ("import numpy as np\nfrom casino_math.methods.draw.kernel import hand_keys\n"
            "keys = hand_keys(np.array([14, 14, 13, 13, 12, 12, 0]), np.array([0, 1, 0, 1, 0, 1, -1]), 7)\n")
    _loaded(read, tmp_path / "counts")  # compiled into numba's cache where it was not yet
    code = (f"{read}import sys\nassert 'numba.cpython.numbers' not in sys.modules and len(keys) == 21\n"
            "import math\nfrom numba import njit\n"
            "@njit\ndef f(n):\n    out = np.empty(n)\n    seen = [0]\n    d = {}\n"
            "    for i in range(n):\n        out[i] = math.sqrt(i)\n        seen.append(i)\n        d[i] = 2.0 * i\n"
            "    return out, len(seen), d[n - 1], np.dot(out, out)\n"
            "out, size, last, dot = f(5)\nassert out[4] == 2.0 and size == 6 and last == 8.0 and dot == 10.0\n")
    loaded = _loaded(code, tmp_path / "counts")
    assert "numba.cpython.numbers" in loaded["numba"] and "scipy.linalg" in loaded["numba"]
