"""Every module-level store of the engine is registered in casino_math.held, so that forget_all() (the analysis's
forget_all) empties them all: a mapping made empty at import is a Held; a function cached by its arguments is held.cached."""

from __future__ import annotations

import ast

from casino_math.imports import modules

STORES = ("dict", "OrderedDict", "defaultdict", "set")  # made empty at import, filled as the run goes: a store
CACHES = ("lru_cache", "cache")
# the short list of stores left out, each for its reason
UNHELD = {
    "casino_math.workers._TASK": "the task forked workers run, set before they are forked: not counts",
    "casino_math.game.loader._WARNED": "the warnings said this run (loader.forget_warnings): not counts",
    "casino_math.report.pdf._fonts": "the PDF fonts, registered with reportlab once a process: not counts",
}
BESIDE = "casino_math.stud."  # the home-poker toolkit beside the engine keeps its own tables


def _stores(module: str, tree: ast.Module) -> list[str]:
    """The names of ``module``'s stores that are neither a Held nor held.cached."""
    out = []
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            value = node.value
            empty = isinstance(value, ast.Dict) and not value.keys or isinstance(value, ast.Set) and not value.elts or (
                isinstance(value, ast.Call) and _name(value.func) in STORES and not value.keywords
                and all(isinstance(a, ast.Name) for a in value.args))
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            out += [f"{module}.{t.id}" for t in targets if empty and isinstance(t, ast.Name)]
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            cached = [d for d in node.decorator_list if _name(d.func if isinstance(d, ast.Call) else d) in CACHES]
            out += [f"{module}.{node.name}"] if cached else []
    return out


def _name(node: ast.expr) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def test_every_store_is_held():
    unheld = [store for module, path in modules().items() if not module.startswith(BESIDE)
              for store in _stores(module, ast.parse(path.read_bytes())) if store not in UNHELD]
    assert not unheld, "module-level stores forget_all() does not empty (make them Held, or held.cached): " + ", ".join(unheld)


def test_the_list_of_stores_left_out_is_current():
    found = {store for module, path in modules().items() for store in _stores(module, ast.parse(path.read_bytes()))}
    assert set(UNHELD) <= found


def test_forget_all_empties_the_methods_stores():
    from casino_math.analysis import analyze
    from casino_math.held import forget_all
    from casino_math.methods.level_by_level import counts

    analyze("paytables/three_card_poker/standard.yaml").tables  # noqa: B018 - counted and held
    assert counts._CACHE
    forget_all()
    assert not counts._CACHE
