"""Sphinx configuration of casino-math's documentation site.

Build it with ``python3 -m sphinx -W -b html docs build/docs`` (warnings are errors, cross-references checked). The
pages that could drift from the code are written at build time by ``docs/pages.py``: the file format (from the JSON
Schema and the shipped game files), one page per family (from its game files and ``claims/``), one per counting method
(from its modules' docstrings), the command-line reference (from ``--help``) and the Python API (from the package).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(HERE)]  # this checkout's casino_math, and pages.py

import pages  # noqa: E402

project = "casino-math"
author = "casino-math contributors"
copyright = "casino-math contributors"

extensions = ["myst_parser", "sphinx.ext.autodoc"]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "**/*.py"]
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]
suppress_warnings = ["myst.header"]  # pages moved from the README start at "##" under their own title

nitpicky = True
# Types of other libraries: no inventory of theirs is fetched (the build reaches no documentation site)
nitpick_ignore_regex = [
    ("py:.*", r"(abc|gc|functools|numpy|np|pandas|pd|fractions|pathlib|collections|typing|types|datetime|concurrent|multiprocessing"
                 r"|hashlib|io|enum|re|pydantic|rich|typer|click|flask|jinja2|matplotlib|reportlab|dask|distributed"
                 r"|numba|sympy|yaml|hypothesis|contextlib|argparse|subprocess|threading|os|logging|ast|string)(\..*)?"),
    ("py:class", r"(Fraction|Path|Callable|Iterable|Iterator|Sequence|Mapping|Hashable|Generator|Any|Literal|TypeVar|"
                 r"ndarray|DataFrame|Series|NDArray|Decimal|Counter|date|TracebackType|ModuleType)"),
]

# every public name of a module (its __all__ where it has one), with or without a docstring: the targets of the roles
autodoc_default_options = {"members": True, "undoc-members": True, "member-order": "bysource"}
autodoc_typehints = "none"  # the signatures name the arguments; their types are in the code and its docstrings
autodoc_preserve_defaults = True

html_theme = "alabaster"
html_title = "casino-math"
html_theme_options = {"nosidebar": False, "page_width": "1100px", "sidebar_width": "260px"}
html_sidebars = {"**": ["about.html", "navigation.html", "relations.html", "searchbox.html"]}
html_show_sourcelink = False
html_static_path = ["_static"]
html_css_files = ["custom.css"]


def setup(app):  # noqa: ANN001, ANN201 - Sphinx's hook
    app.connect("config-inited", lambda app, config: pages.write_all(HERE / "_generated"))
    app.connect("source-read", pages.source_read)
    return {"parallel_read_safe": True}
