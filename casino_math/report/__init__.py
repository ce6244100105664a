"""Par-sheet reports: game files in, ``<game>.html`` and ``<game>.pdf`` out.

:func:`write_report` analyses game files (or folders of them), checks the
published figures on file in ``claims/`` beside them, and writes one HTML
and one PDF per game, atomically. The pieces: ``sheet.py`` turns analyses
into a :class:`~casino_math.report.document.Document`; ``charts.py`` draws;
``html.py`` and ``pdf.py`` render; ``writer.py`` writes.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Iterable, Sequence

from .. import __version__
from ..errors import InputError
from ..games.three_card_poker import analyze_config
from ..paytable import GameConfig, load_game
from .charts import Rendered, render
from .html import render_html
from .pdf import render_pdf
from .progress import Steps
from .sheet import build_document
from .verification import check_claims
from .writer import write_atomically

DEFAULT_INPUTS = (Path("paytables") / "three_card_poker",)
DEFAULT_OUT = Path("reports")
GAME_SUFFIXES = (".yaml", ".yml")


def game_files(paths: Iterable[str | Path]) -> list[Path]:
    """The game files named, with each folder standing for the game files directly in it (name order)."""
    files: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            found = sorted(p for p in path.iterdir() if p.suffix in GAME_SUFFIXES and p.is_file())
            if not found:
                raise InputError(f"{path}: no game files (*.yaml) in this folder")
            files += found
        elif path.exists():
            files.append(path)
        else:
            raise InputError(f"{path}: no such file or folder")
    return list(dict.fromkeys(files))  # a file named twice is analysed once


def _by_game(configs: Sequence[GameConfig]) -> dict[str, list[GameConfig]]:
    games: dict[str, list[GameConfig]] = defaultdict(list)
    seen: dict[str, str] = {}
    for config in configs:
        if config.id in seen:
            raise InputError(f"{config.path}: id {config.id!r} is also the id of {seen[config.id]}; ids must differ")
        seen[config.id] = config.path
        games[config.game].append(config)
    return games


def build_reports(paths: Sequence[str | Path] = (), steps: Steps | None = None) -> dict[str, tuple[bytes, bytes]]:
    """The HTML and PDF bytes of each game's report, by game name; nothing is written."""
    steps = steps or Steps(quiet=True)
    if not paths and not DEFAULT_INPUTS[0].is_dir():
        raise InputError(f"{DEFAULT_INPUTS[0]}: no such folder here; run in the casino-math checkout, or name game files or folders")
    files = game_files(paths or DEFAULT_INPUTS)
    steps.plan(2 * len(files) + 10)
    configs = []
    for file in files:
        steps.step(f"reading {file.name}")
        configs.append(load_game(file))
    reports = {}
    for game, group in _by_game(configs).items():
        analyses = []
        for config in group:
            steps.step(f"analysing {config.id}")
            analyses.append(analyze_config(config))
        steps.step("checking published figures")
        checks = check_claims(group)
        document = build_document(analyses, checks, __version__)
        charts = document.charts()
        steps.plan(2 * len(files) + len(charts) + 3)
        images: dict[str, Rendered] = {}
        for chart in charts:
            steps.step(f"drawing {chart.key}")
            images[chart.key] = render(chart.draw)
        steps.step("rendering HTML")
        html = render_html(document, images)
        steps.step("rendering PDF")
        reports[game] = (html, render_pdf(document, images))
    return reports


def write_report(paths: Sequence[str | Path] = (), out_dir: str | Path = DEFAULT_OUT, quiet: bool = True) -> list[Path]:
    """Analyse game files or folders (default: the Three Card Poker folder) and write ``<game>.html`` and ``<game>.pdf``.

    Both files of every game are written or none is: a failed run leaves the
    previous reports untouched. ``quiet=False`` shows a progress bar on stderr
    when the run takes over a second. Returns the paths written.
    """
    out = Path(out_dir)
    with Steps(quiet) as steps:
        reports = build_reports(paths, steps)
        files = {}
        for game, (html, pdf) in reports.items():
            files[out / f"{game}.html"] = html
            files[out / f"{game}.pdf"] = pdf
        return write_atomically(files)


__all__ = ["build_reports", "game_files", "write_report"]
