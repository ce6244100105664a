"""The documentation's pages that are written from the code and the shipped files at build time, so that they cannot drift.

:func:`write_all` writes them into ``docs/_generated/`` (git-ignored) when Sphinx starts: the file format (from
:func:`casino_math.registry.game_schema` and the game files under ``paytables/``), one page per family (its game files,
its deal, its published figures read from ``claims/``), one page per counting method (its modules' docstrings), the
command-line reference (every command's ``--help``), the import contracts (from ``pyproject.toml``), the Python API
(every module of the package), and the changelog and benchmarks pages (their files, links made to work here).
:func:`source_read` makes the README the index page. A file is rewritten only when its text changes, so a second build
reads again only what changed.
"""

from __future__ import annotations

import functools
import json
import pkgutil
import re
import tomllib
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = "_generated"

# The README and the repository's other pages link files by their place in the repository; on the site they are pages
LINKS = (
    (r"\]\(docs/", "]("),  # the README's links to docs/X.md
    (r"\]\(\.\./README\.md", "](index.md"),
    (r"\]\((?:\.\./)?CHANGELOG\.md", f"]({OUT}/changelog.md"),
    (r"\]\((?:\.\./)?benchmarks/README\.md", f"]({OUT}/benchmarks.md"),
)

TOCTREE = f"""

```{{toctree}}
:caption: Using casino-math
:maxdepth: 1

analysing
{OUT}/cli
game-files
{OUT}/format
reports-and-design
studio
speed
cache-and-parallel
hand-frequencies
```

```{{toctree}}
:caption: Games
:maxdepth: 1

games
{OUT}/families/index
shoe-games
blackjack
high-card-flush
pai-gow-poker
video-poker
dice-and-wheels
progressives-and-envy
```

```{{toctree}}
:caption: How it counts, for contributors
:maxdepth: 1

architecture
{OUT}/contracts
{OUT}/methods/index
testing
conformance
{OUT}/api/index
{OUT}/benchmarks
{OUT}/changelog
```
"""


def linked(text: str, prefix: str = "") -> str:
    """``text`` with the repository's links made links between the site's pages (``prefix``: from a generated page)."""
    for pattern, replacement in LINKS:
        text = re.sub(pattern, replacement.replace("](", f"]({prefix}"), text)
    return text


def source_read(app: Any, docname: str, source: list[str]) -> None:
    """Sphinx's ``source-read`` hook: the index page is the README, with the site's table of contents."""
    if docname == "index":
        app.env.note_dependency(str(ROOT / "README.md"))  # an edited README is read again by the next build
        source[0] = linked((ROOT / "README.md").read_text(encoding="utf-8")) + TOCTREE
    elif "/" not in docname:
        source[0] = linked(source[0])


def write(path: Path, text: str) -> None:
    """Write ``text`` unless the file holds it already (Sphinx then reads it again)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def write_all(out: Path) -> None:
    """Every generated page, under ``out``."""
    pages: dict[str, str] = {}
    pages["format.md"] = format_page()
    pages.update(family_pages())
    pages.update(method_pages())
    pages["cli.md"] = cli_page()
    pages["contracts.md"] = contracts_page()
    pages.update(api_pages())
    pages["changelog.md"] = linked((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), "../").replace("](index.md", "](../index.md")
    pages["benchmarks.md"] = linked((ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8"), "../")
    for name, text in pages.items():
        write(out / name, text)
    for stale in out.rglob("*.md"):  # a family or module gone
        if stale.relative_to(out).as_posix() not in pages:
            stale.unlink()


# -- helpers -------------------------------------------------------------------------------------------------------
def cell(text: Any) -> str:
    """Text for a Markdown table's cell."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def table(header: tuple[str, ...], rows: list[tuple[Any, ...]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def fence(text: str, language: str = "text") -> str:
    ticks = "````" if "```" in text else "```"
    return f"{ticks}{language}\n{text.rstrip()}\n{ticks}\n"


def shipped_families() -> list[Path]:
    return sorted(p for p in (ROOT / "paytables").iterdir() if p.is_dir())


def game_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())


@functools.cache
def analysis_of(path: Path) -> Any:
    """A shipped game file read once for every page (nothing counted)."""
    from casino_math.analysis import GameAnalysis, load_game

    return GameAnalysis(load_game(path))


def repo_path(path: Path | str) -> str:
    return Path(path).resolve().relative_to(ROOT).as_posix()


# -- the file format -----------------------------------------------------------------------------------------------
def schema_type(spec: dict[str, Any]) -> str:
    """A property's type in a few words, from its JSON Schema."""
    if "$ref" in spec:
        name = spec["$ref"].rsplit("/", 1)[-1]
        return f"[{name}](#{name.lower()})"
    if "enum" in spec:
        return "one of " + ", ".join(f"`{v}`" for v in spec["enum"])
    if "anyOf" in spec:
        return " or ".join(schema_type(s) for s in spec["anyOf"])
    kind = spec.get("type", "any")
    if kind == "array" and "items" in spec:
        return f"list of {schema_type(spec['items'])}"
    if kind == "object" and isinstance(spec.get("additionalProperties"), dict):
        return f"mapping of names to {schema_type(spec['additionalProperties'])}"
    if kind == "null":
        return "null"
    return str(kind)


def limits(spec: dict[str, Any]) -> str:
    said = []
    for key, words in (("minimum", "at least"), ("maximum", "at most"), ("minItems", "items at least"), ("pattern", "matching")):
        if key in spec:
            said.append(f"{words} `{spec[key]}`")
    return ", ".join(said)


def properties_table(spec: dict[str, Any]) -> str:
    required = set(spec.get("required", ()))
    rows = []
    for name, prop in spec.get("properties", {}).items():
        default = "required" if name in required else (f"`{json.dumps(prop['default'])}`" if "default" in prop else "")
        words = "; ".join(w for w in (prop.get("description", ""), limits(prop)) if w)
        rows.append((f"`{name}`", schema_type(prop), default, words))
    return table(("Field", "Type", "Default", "What it is"), rows)


def format_page() -> str:
    """The game file's fields from the JSON Schema the engine validates with, then every shipped game file."""
    from casino_math.registry import game_schema

    schema = game_schema()
    parts = [
        "# The game file format, field by field\n",
        "This page is written from the JSON Schema the engine reads game files with (`casino-math schema` prints it; "
        "`casino_math.registry.game_schema()` in Python) and from the game files shipped under `paytables/`, when the "
        "documentation is built: it cannot drift from the code. The format in words, with its limits and errors, is in "
        "[Game files](../game-files.md).\n",
        "## A game file\n",
        properties_table(schema),
    ]
    for name, spec in sorted(schema.get("$defs", {}).items()):
        parts += [f"### {name}\n", (spec.get("description", "") + "\n") if spec.get("description") else "",
                  properties_table(spec) if spec.get("properties") else fence(json.dumps(spec, indent=2), "json")]
    example = ROOT / "paytables" / "three_card_poker" / "standard.yaml"
    parts += ["## A whole game: Three Card Poker\n",
              f"`{repo_path(example)}`, as shipped:\n", fence(example.read_text(encoding="utf-8"), "yaml"),
              "## Every shipped game file\n",
              "A file with `extends:` is the file it names with the fields it writes changed.\n"]
    rows = []
    for folder in shipped_families():
        for path in game_files(folder):
            game = analysis_of(path).game
            parent = repo_path(game.files[1][0]) if len(game.files) > 1 else ""
            rows.append((f"[{folder.name}](families/{folder.name}.md)", f"`{path.name}`", f"`{game.id}`", game.name,
                         f"`{Path(parent).name}`" if parent else ""))
    parts.append(table(("Family", "File", "Id", "Name", "Extends"), rows))
    return "\n".join(parts)


# -- families ------------------------------------------------------------------------------------------------------
HAND_WRITTEN = {  # a family's page written by hand as well, beside its generated one
    "blackjack": "blackjack", "high_card_flush": "high-card-flush", "pai_gow_poker": "pai-gow-poker",
    "baccarat": "shoe-games", "blackjack_side_bets": "shoe-games", "casino_war": "shoe-games", "red_dog": "shoe-games",
}


def family_pages() -> dict[str, str]:
    """One page per folder of ``paytables/``: its game files, its bets and deal, its published figures."""
    from casino_math.claims import load_claims
    from casino_math.report.rules import deal_rows, deck_text
    from casino_math.report.sheet import main_game

    pages, index_rows = {}, []
    for folder in shipped_families():
        family = folder.name
        analyses = [analysis_of(path) for path in game_files(folder)]
        main = main_game(analyses)
        game = main.game
        method = main.method
        method_page = method_slug(method)
        parts = [f"# {game.family_name}\n",
                 f"Folder `paytables/{family}/`: {len(analyses)} game file{'s' * (len(analyses) != 1)}, counted "
                 f"[{method.name}](../methods/{method_page}.md). Its par sheet: `casino-math report paytables/{family}` "
                 f"(writes `reports/{family}.html` and `.pdf`); its published figures checked: "
                 f"`casino-math verify paytables/{family}/claims/`.\n"]
        if family in HAND_WRITTEN:
            parts.append(f"More on this game: [{HAND_WRITTEN[family]}](../../{HAND_WRITTEN[family]}.md).\n")
        parts += [f"## The main game: {game.name}\n",
                  f"File `{Path(game.path).name}` (id `{game.id}`). Deck: {deck_text(game)}.\n",
                  "Bets: " + ", ".join(game.names.bet(b) for b in game.bets) + ".\n"]
        rows = deal_rows(game)
        if rows:
            parts.append(table(("Step", "The deal"), rows))
        parts += ["## Game files\n",
                  table(("File (id)", "Name", "Extends"),
                        [(f"`{Path(a.game.path).name}` (`{a.game.id}`)", a.game.name,
                          f"`{Path(a.game.files[1][0]).name}`" if len(a.game.files) > 1 else "") for a in analyses])]
        parts += claims_sections(folder, load_claims)
        pages[f"families/{family}.md"] = "\n".join(parts)
        index_rows.append((f"[{game.family_name}]({family}.md)", len(analyses), f"[{method.name}](../methods/{method_page}.md)"))
    pages["families/index.md"] = "\n".join([
        "# The families shipped\n",
        "One page per folder of `paytables/`, written from its game files and its `claims/` when the documentation is "
        "built: a family added there gets its page without an edit here.\n",
        table(("Family", "Game files", "Counted"), index_rows),
        "```{toctree}\n:hidden:\n\n" + "\n".join(f.name for f in shipped_families()) + "\n```\n"])
    return pages


def claims_sections(folder: Path, load_claims: Any) -> list[str]:
    """The published figures of a family, as its ``claims/`` files give them, with their sources and known gaps."""
    claims_folder = folder / "claims"
    files = sorted(claims_folder.glob("*.yaml")) if claims_folder.is_dir() else []
    if not files:
        return ["## Published figures\n", "None on file for this family.\n"]
    total = 0
    parts = []
    gaps = []
    for path in files:
        claims = load_claims(path)
        total += len(claims.claims)
        parts.append(f"### `claims/{path.name}`\n")
        if claims.source:
            parts.append(f"Source: {claims.source}.\n")
        rows = []
        for claim in claims.claims:
            rows.append((claim.label, f"`{claim.game_name}`", claim.published.text,
                         claim.source if claim.source != claims.source else ""))
            if claim.gap:
                gaps.append((claim.label, f"`{claim.game_name}`", claim.published.text, claim.gap))
        parts.append(table(("Figure", "Game file", "Published", "Source (where not the file's)"), rows))
    head = ["## Published figures\n",
            f"{total} figures as published, read from the family's `claims/` files when this page was built. Each is "
            "checked against the exact figure by `casino-math verify` and printed beside it on the par sheet; the test "
            "suite fails if one that should agree does not.\n"]
    if gaps:
        head += ["### Known differences\n",
                 "Published figures the exact count does not reproduce, each with its reason (the `gap:` of its claim):\n",
                 table(("Figure", "Game file", "Published", "Why it differs"), gaps)]
    return head + parts


# -- counting methods ----------------------------------------------------------------------------------------------
def method_slug(method: Any) -> str:
    return type(method).__module__.split(".")[2]


def method_pages() -> dict[str, str]:
    """One page per counting method: its name, its sentence for the par sheet, the families it counts, and the
    docstrings of its modules (how it counts, for contributors)."""
    from casino_math.registry import methods

    counted: dict[str, list[str]] = {}
    for folder in shipped_families():
        for path in game_files(folder):
            slug = method_slug(analysis_of(path).method)
            if folder.name not in counted.setdefault(slug, []):
                counted[slug].append(folder.name)
    pages, rows = {}, []
    by_folder: dict[str, list[Any]] = {}  # a folder may hold two methods (blackjack's and the bets on the dealer's hand)
    for method in methods():
        by_folder.setdefault(method_slug(method), []).append(method)
    for slug, found in by_folder.items():
        names = " and ".join(m.name for m in found)
        package = f"casino_math.methods.{slug}"
        families = ", ".join(f"[{f}](../families/{f}.md)" for f in counted.get(slug, [])) or "test games only"
        modules = [package] + sorted(m.name for m in pkgutil.walk_packages(
            [str(ROOT / "casino_math" / "methods" / slug)], prefix=package + "."))
        classes = ", ".join(role("class", type(m)) for m in found)
        parts = [f"# {names}\n", f"Package `{package}`, {'class' if len(found) == 1 else 'classes'} {classes}. Families it counts: {families}.\n"]
        parts += [f"On the par sheet: “{m.description}”.\n" for m in found if m.description]
        for module in modules:
            parts.append(f"## `{module}`\n")
            parts.append(f"```{{eval-rst}}\n.. automodule:: {module}\n   :no-index:\n   :no-members:\n```\n")
        pages[f"methods/{slug}.md"] = "\n".join(parts)
        rows.append((f"[{names}]({slug}.md)", f"`{package}`", families))
    pages["methods/index.md"] = "\n".join([
        "# Counting methods\n",
        "Every counting method the registry names (`casino_math.registry.methods()`), the most specific first: a game is "
        "counted by the first that fits it. Each page gathers its modules' docstrings.\n",
        table(("Method", "Package", "Families"), rows),
        "```{toctree}\n:hidden:\n\n" + "\n".join(by_folder) + "\n```\n"])
    return pages


def role(kind: str, obj: Any) -> str:
    return f"{{py:{kind}}}`{obj.__module__}.{obj.__qualname__}`"


# -- the command line ----------------------------------------------------------------------------------------------
def cli_page() -> str:
    """Every command's ``--help``, as the command line prints it on an 88-column terminal, the groups' commands after
    their group's, in the order ``--help`` lists them."""
    import typer.core
    import typer.main
    from typer.testing import CliRunner

    from casino_math.cli import app

    runner = CliRunner()
    parts = ["# Command-line reference\n",
             "Every command's `--help`, captured from the command line when the documentation was built.\n"]

    def visit(command: Any, path: list[str]) -> None:
        result = runner.invoke(app, [*path, "--help"], prog_name="casino-math", terminal_width=88,
                               env={"COLUMNS": "88", "NO_COLOR": "1", "TERM": "dumb"})
        if result.exit_code != 0:
            raise RuntimeError(f"casino-math {' '.join(path)} --help exited {result.exit_code}: {result.output}")
        parts.append(f"{'#' * min(len(path) + 2, 4)} `{' '.join(['casino-math', *path])}`\n")
        parts.append(fence(result.output))
        if isinstance(command, typer.core.TyperGroup):
            for name, sub in command.commands.items():
                if not sub.hidden:
                    visit(sub, [*path, name])

    visit(typer.main.get_command(app), [])
    return "\n".join(parts)


# -- architecture: the import contracts ----------------------------------------------------------------------------
def contracts_page() -> str:
    """The import-linter contracts of ``pyproject.toml`` as ``lint-imports`` checks them in CI."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    parts = ["# The import contracts\n",
             "The engine's layers and the methods' independence, as `lint-imports` checks them on every CI run (read "
             "from `pyproject.toml`'s `[tool.importlinter]` when the documentation was built). The layers are described "
             "in [How the engine works](../architecture.md).\n"]
    for contract in config["tool"]["importlinter"]["contracts"]:
        parts.append(f"## {contract['name'][:1].upper()}{contract['name'][1:]}\n")
        parts.append(f"Contract `{contract['id']}`, of kind `{contract['type']}`.\n")
        if contract["type"] == "layers":
            parts.append("From the top: a module imports only from the layers below its own (`:` separates modules of "
                         "one layer that may import one another, `|` those that may not).\n")
            parts += [f"{i}. " + ", ".join(f"`{m.strip()}`" for m in re.split(r"\s*[|:]\s*", layer)) for i, layer in
                      enumerate(contract["layers"], 1)]
            parts.append("")
        for key, words in (("modules", "Modules"), ("source_modules", "These modules"),
                           ("forbidden_modules", "may not import"), ("ignore_imports", "Allowed exceptions")):
            if key in contract:
                parts.append(f"{words}:\n")
                parts += [f"- `{m}`" for m in contract[key]]
                parts.append("")
    return "\n".join(parts)


# -- the Python API ------------------------------------------------------------------------------------------------
API_AREAS = (  # the package's areas, as the layers go, top first
    ("casino_math", "The package: the names most scripts need", ("casino_math",)),
    ("analysis", "The façade and the registry", ("casino_math.analysis", "casino_math.registry")),
    ("tools", "The tools: par sheets, claims, design, simulation, the studio, the command line, the conformance kit",
     ("casino_math.report", "casino_math.claims", "casino_math.design", "casino_math.simulate", "casino_math.studio",
      "casino_math.cli", "casino_math.conformance")),
    ("methods", "The counting methods", ("casino_math.methods",)),
    ("contract", "The contract every method derives from", ("casino_math.contract",)),
    ("counting", "Shared counting", ("casino_math.counting",)),
    ("game", "The game model and its file reader", ("casino_math.game",)),
    ("stud", "The home-poker toolkit", ("casino_math.stud",)),
)


def api_modules() -> list[str]:
    """Every module of the package, by name."""
    import casino_math

    names = ["casino_math"] + [m.name for m in pkgutil.walk_packages(casino_math.__path__, "casino_math.")]
    return sorted(n for n in names if not n.rsplit(".", 1)[-1].startswith("_") or n.endswith("__init__"))


def api_pages() -> dict[str, str]:
    """The Python API, module by module, each with its documented public names (its ``__all__`` where it has one)."""
    modules = api_modules()
    claimed: set[str] = set()
    pages, rows = {}, []
    for key, title, prefixes in API_AREAS:
        mine = [m for m in modules if m not in claimed and (m in prefixes if key == "casino_math" else
                any(m == p or m.startswith(p + ".") for p in prefixes))]
        claimed.update(mine)
        pages[f"api/{key}.md"] = area_page(title, mine)
        rows.append((f"[{title}]({key}.md)", len(mine)))
    base = [m for m in modules if m not in claimed]
    pages["api/base.md"] = area_page("The base modules: cards, rankings, kernels, counts kept and run", base)
    rows.append(("[The base modules](base.md)", len(base)))
    pages["api/index.md"] = "\n".join([
        "# Python API\n",
        "Every module of the package with its documented names, as the code gives them when the documentation is built. "
        "`casino_math.analyze(path)` and `casino_math.load_game(path)` are the way in (see [Analysing](../../analysing.md)); "
        "the tools reach the counting methods through `casino_math.analysis` only.\n",
        table(("Area", "Modules"), rows),
        "```{toctree}\n:hidden:\n\n" + "\n".join([k for k, _, _ in API_AREAS] + ["base"]) + "\n```\n"])
    return pages


WAY_IN = ("casino_math", "casino_math.analysis")  # modules whose names are those they re-export: their __all__


def area_page(title: str, modules: list[str]) -> str:
    """The modules' docstrings and names."""
    parts = [f"# {title}\n"]
    for module in modules:
        parts.append(f"## `{module}`\n")
        # a module's every public name defined in it (a package's own, not those it re-exports from its modules); the
        # way in, its ``__all__``
        parts.append(f"```{{eval-rst}}\n.. automodule:: {module}\n" + ("" if module in WAY_IN else "   :ignore-module-all:\n") + "```\n")
    return "\n".join(parts)
