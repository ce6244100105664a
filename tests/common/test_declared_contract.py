"""The tools read what a view, a method, a solution or a game declares, never a member by its name in a string.

Every ``getattr``/``hasattr`` whose second argument is a string literal, in the tools' modules, is a member read by name
across the seam unless it is clearly unrelated to the engine (``ALLOWED``, with its reason). Nor does a tool's class
answer undeclared names (``__getattr__``).
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import pkgutil
from pathlib import Path

import pytest

import casino_math.methods
from tests.helpers.paths import ROOT
from casino_math.contract.kept_solution import BackedView, KeptView
from casino_math.contract.solution import DecisionView, PlainView

PACKAGE = ROOT / "casino_math"
TOOLS = ("report", "design", "studio", "cli", "claims.py", "simulate.py", "analysis.py", "contract/kept_solution.py")

# (module, literal): why reading it by name is no member of the engine read across the seam
ALLOWED = {
    ("report/charts.py", "__module__"): "a functools.partial's function: where a chart's drawing comes from",
    ("report/charts.py", "func"): "a functools.partial's function, where the drawing is one",
    ("report/charts.py", "__name__"): "a function's own name, for a message",
    ("cli/app.py", "commands"): "click: a group's subcommands (a command has none)",
    ("cli/app.py", "format_message"): "click's usage errors, matched by their interface (typer vendors click)",
    ("cli/app.py", "exit_code"): "click's usage errors, matched by their interface (typer vendors click)",
    ("cli/app.py", "ctx"): "click: the context a usage error carries",
    ("cli/help.py", "commands"): "click: a group's subcommands (a command has none)",
}

def _modules() -> list[Path]:
    out: list[Path] = []
    for tool in TOOLS:
        path = PACKAGE / tool
        out += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return out


def _by_name() -> dict[tuple[str, str], list[int]]:
    """(module, literal) -> the lines of each getattr/hasattr reading that literal name."""
    found: dict[tuple[str, str], list[int]] = {}
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr")
                    and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)):
                found.setdefault((path.relative_to(PACKAGE).as_posix(), node.args[1].value), []).append(node.lineno)
    return found


def _forwarders() -> set[tuple[str, str]]:
    """(module, class) of each class that answers names it does not declare (a ``__getattr__``)."""
    out = set()
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ClassDef) and any(isinstance(f, ast.FunctionDef) and f.name in ("__getattr__", "__getattribute__")
                                                      for f in node.body):
                out.add((path.relative_to(PACKAGE).as_posix(), node.name))
    return out


def test_no_tool_reads_a_member_by_its_name():
    read = {site: lines for site, lines in _by_name().items() if site not in ALLOWED}
    assert not read, "read by name, not declared: " + "; ".join(f"{m}:{lines} {name!r}" for (m, name), lines in read.items())


def test_no_tool_class_answers_undeclared_names():
    assert not _forwarders(), f"classes answering undeclared names: {sorted(_forwarders())}"


def test_every_allowed_site_is_still_there():
    """An allowed site that is gone leaves the list, so that the list never allows more than the code does."""
    assert not set(ALLOWED) - set(_by_name()), f"gone, to be taken off ALLOWED: {sorted(set(ALLOWED) - set(_by_name()))}"


def _views() -> list[type]:
    """Every view class: each method's (below the contract's shared bases) and the kept ones."""
    for module in pkgutil.walk_packages(casino_math.methods.__path__, "casino_math.methods."):
        importlib.import_module(module.name)  # every method's modules, so that every view class exists
    found, todo = [], list(PlainView.__subclasses__())
    while todo:
        kind = todo.pop()
        found.append(kind)
        todo += kind.__subclasses__()
    return [*(kind for kind in found if kind.__module__ != PlainView.__module__), KeptView, BackedView]


@pytest.mark.parametrize("view", _views(), ids=lambda kind: kind.__qualname__)
def test_every_view_declares_the_whole_contract(view):
    """Every view class (a method's, a kept one) has every member a DecisionView declares, exhibits and classes too."""
    members = {name for name in vars(DecisionView) if not name.startswith("_")}
    fields = {f.name for f in dataclasses.fields(view)} if dataclasses.is_dataclass(view) else set()
    assert not {name for name in members if name not in fields and name not in dir(view)}
