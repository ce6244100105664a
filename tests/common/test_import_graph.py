"""The package's imports: no cycle anywhere (every import statement counts, in a function or under TYPE_CHECKING too),
and a counting method's cache digest covers every module it imports (casino_math.count_cache.engine)."""

from __future__ import annotations

import grimp
import pytest

from casino_math.imports import closure, graph, modules

METHODS = ("blackjack", "by_kind", "by_suits", "draw", "holdem", "level_by_level", "pai_gow", "shoe_decisions")


def _cycles(edges: dict[str, frozenset[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on.add(start)
        while work:
            node, rest = work[-1]
            step = next(rest, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on.add(step)
                    work.append((step, iter(sorted(edges[step]))))
                elif step in on:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
    return out


def test_no_module_imports_itself_through_others():
    cycles = _cycles(graph())
    assert not cycles, "import cycles:\n" + "\n".join(" <-> ".join(c) for c in cycles)


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset({"a"}), "d": frozenset()}) == [["a", "b", "c"]]


def test_relative_and_function_level_imports_are_read():
    edges = graph()
    assert "casino_math.game.sections" in edges["casino_math.game.loader"]  # from .sections import ...
    assert "casino_math.count_cache" in edges["casino_math.methods.pai_gow.house_way"]  # inside a function


@pytest.mark.parametrize("method", METHODS)
def test_a_methods_digest_covers_every_module_it_imports(method):
    # grimp (import-linter's graph) as the second reader: every module the method's folder imports, directly or not
    package = f"casino_math.methods.{method}"
    imported = _grimp().find_upstream_modules(package, as_package=True)
    covered = closure(m for m in modules() if m == package or m.startswith(package + "."))
    assert imported - covered == set()


_GRAPH: list[grimp.ImportGraph] = []


def _grimp() -> grimp.ImportGraph:
    if not _GRAPH:
        _GRAPH.append(grimp.build_graph("casino_math", cache_dir=None))
    return _GRAPH[0]


def test_every_top_level_module_has_a_layer():
    """Each module and folder of the package is placed in the layers import-linter checks (or is the home-poker toolkit,
    which a contract of its own keeps beside the engine): a new module cannot slip past the layers unnamed."""
    import tomllib

    from tests.helpers.paths import ROOT

    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    layers = next(c for c in contracts if c["id"] == "layers")["layers"]
    named = {name.strip() for layer in layers for name in layer.replace("|", ":").split(":")}
    package = ROOT / "casino_math"
    top = {f"casino_math.{p.stem}" for p in package.glob("*.py") if p.stem not in ("__init__", "__main__")}
    top |= {f"casino_math.{p.name}" for p in package.iterdir() if (p / "__init__.py").exists() and p.name != "stud"}
    assert not top - named, f"not in a layer of pyproject.toml's [tool.importlinter]: {sorted(top - named)}"
