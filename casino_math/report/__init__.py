"""Par-sheet reports: game files in, one ``<family>.html`` and ``<family>.pdf`` (and, asked for, ``.xlsx`` and ``.json``) per game family out.

:func:`write_report` analyses game files (or folders of them), groups them by
their ``game:`` family, checks the published figures on file in ``claims/``
beside them, and writes each family's par sheet, atomically. With no paths it
reports every game shipped under the project's ``paytables/`` and adds an
``index.html`` linking them. The pieces: ``sheet.py`` turns analyses into a
:class:`~casino_math.report.document.Document` (with ``rules.py``,
``bets.py`` and ``strategy.py``); ``index.py`` makes the index;
``charts.py`` draws; ``html.py`` and ``pdf.py`` render; ``data.py`` writes the figures as JSON and a workbook; ``writer.py`` writes; families are written at once, in
processes forked after every game file is read (:mod:`casino_math.workers`: the same bytes, in the same order, for any
number of them).
"""

from __future__ import annotations

import gc
import math
import time
from datetime import date
from pathlib import Path
from typing import Iterable, Mapping, Sequence

import casino_math

from .. import __version__
from ..errors import InputError
from ..parallel import Runner, local_processes
from ..progress import Bar, Relay, Relayed
from ..targets import folder_to_write
from ..workers import in_processes
from ..analysis import GameAnalysis
from ..held import forget_all
from ..game.description import Game
from ..analysis import load_game
from .charts import Rendered, render
from .html import render_html
from .index import Entry, index_document
from .data import render_json, render_xlsx, sheet_data
from .document import Document
from .issued import DEFAULT_FORMATS, Edition, chosen_formats, issue_date, revision_text
from .pdf import kept_pdf
from .sheet import build_document, main_game
from .verification import Check, check_claims
from .writer import write_atomically

DEFAULT_OUT = Path("reports")
GAME_SUFFIXES = (".yaml", ".yml")
INDEX = "index.html"
# a progress bar's weights, in rough seconds, beside each game's counting (its method's estimate): reading a game file,
# and each other step of a family's sheet (its claims checked, its document, each chart, its HTML, its PDF)
READING_SECONDS, STEP_SECONDS = 0.05, 1.0


def shipped_folder() -> Path:
    """The project's ``paytables/``: beside the package (a checkout or an editable install), else in the current folder."""
    for folder in (Path(casino_math.__file__).resolve().parents[1] / "paytables", Path("paytables")):
        if folder.is_dir():
            return folder
    raise InputError("paytables: no such folder beside the casino_math package or here; name game files or folders")


def shipped_games() -> list[Path]:
    """Every game folder under the shipped ``paytables/``, in name order."""
    return sorted(p for p in shipped_folder().iterdir() if p.is_dir())


def game_files(paths: Iterable[str | Path]) -> list[Path]:
    """The game files named, with each folder standing for the game files directly in it (name order; not ``claims/``)."""
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


def by_family(games: Sequence[Game]) -> dict[str, list[Game]]:
    """The games grouped by family (in the order first met), each group in file-name order; ids must differ."""
    seen: dict[str, str] = {}
    for game in games:
        if game.id in seen:
            raise InputError(f"{game.path}: id {game.id!r} is also the id of {seen[game.id]}; ids must differ")
        seen[game.id] = game.path
    families: dict[str, list[Game]] = {}
    for game in games:
        families.setdefault(game.family, []).append(game)
    return {family: sorted(group, key=lambda g: (Path(g.path).name, g.path)) for family, group in families.items()}


def counting_cost(game: Game) -> float:
    """Roughly the seconds counting ``game`` takes with nothing kept, as its method estimates it (a progress bar's
    weight: Pai Gow Poker's 53-card count weighs hundreds of times Three Card Poker's)."""
    return GameAnalysis(game).workload.cost


def family_cost(group: Sequence[Game]) -> float:
    """Roughly the seconds a family's sheet takes with nothing kept: its games' counting and the other steps."""
    return sum(counting_cost(game) for game in group) + 5 * STEP_SECONDS


def _analysed(game: Game, steps: Bar, runner: Runner | None) -> GameAnalysis:
    """One game analysed as one step of the bar, weighed by its counting, shown with an ETA where it takes long."""
    steps.step(f"analysing {game.id}", counting_cost(game))
    with steps.detail() as progress:
        analysis = GameAnalysis(game, progress, runner)
        analysis.tables  # noqa: B018 - the expensive part (the counts, the solve), done here where the bar shows it
    gc.collect()  # the cycles a count left (blackjack's positions its shared stores let go) freed before the next game's:
    return analysis  # the collector alone would walk everything rarely, and a family's memory grow by a game at a time


def build_reports(paths: Sequence[str | Path] = (), steps: Bar | None = None, runner: Runner | None = None,
                  issued: str | date | None = None, processes: int | None = None, formats: str | Sequence[str] = DEFAULT_FORMATS,
                  revision: str = "1", note: str = "") -> dict[str, bytes]:
    """The bytes of every file of the report, by file name: each family's sheet in each of ``formats`` (and
    ``index.html`` when no paths are given: every shipped game); nothing is written. ``runner``: where big counts run
    (casino_math.parallel); ``issued``: the date printed on the sheets (default: SOURCE_DATE_EPOCH, else today);
    ``processes``: how many families are written at once (default: :func:`~casino_math.parallel.local_processes`), the
    bytes and their order the same for any number; ``formats``: some of html, pdf, xlsx, json (a list, or text joined by
    commas); ``revision``: the document's revision, printed on every sheet; ``note``: a line every sheet opens with
    (the studio's "edited from tcp-standard: Pair Plus flush 4 → 3").

    Every game file is read (and checked) here before any family is analysed, so a file in error costs no count."""
    day = issue_date(issued)  # before any counting: a date mistyped must not cost a run
    edition = Edition(day, revision_text(revision), chosen_formats(formats), note)
    steps = steps or Bar(quiet=True)
    files = game_files(paths or shipped_games())
    steps.plan(len(files) * READING_SECONDS + STEP_SECONDS)
    games = []
    for file in files:
        steps.step(f"reading {file.name}", READING_SECONDS)
        games.append(load_game(file))
    families = by_family(games)
    if not paths and INDEX.removesuffix(".html") in families:
        raise InputError(f"{families['index'][0].path}: a game family may not be named index: index.html lists the games")
    together = min(len(families), local_processes(runner) if processes is None else processes)
    built = _in_processes(families, together, steps, runner, edition) if together > 1 else _here(families, steps, runner, edition)
    out: dict[str, bytes] = {}
    entries = []
    for family in families:  # the families' order, whichever finished first
        files_of, entry = built[family]
        out.update(files_of)
        entries.append(entry)
    if not paths:
        steps.step("rendering the index")
        out[INDEX] = render_html(index_document(entries, __version__, day), {})
    return out


Built = tuple[dict[str, bytes], Entry]  # a family's files (HTML, PDF) and its line of the index


def _family(family: str, group: Sequence[Game], steps: Bar, runner: Runner | None, edition: Edition) -> Built:
    """One family's par sheet: its games analysed, its published figures checked, its charts drawn, each format rendered."""
    steps.extend(sum(counting_cost(game) for game in group) + (1 + len(edition.formats)) * STEP_SECONDS)
    analyses = [_analysed(game, steps, runner) for game in group]
    steps.step(f"checking published figures of {family}")
    checks = check_claims(analyses)  # on these analyses: nothing is counted twice
    with steps.detail():  # the simpler strategies are solved as the document asks for them
        document = build_document(analyses, checks, __version__, edition.day, edition.revision, edition.note)
    images: dict[str, Rendered] = {}
    if {"html", "pdf"} & set(edition.formats):
        charts = document.charts()
        steps.extend(len(charts))
        for chart in charts:
            steps.step(f"drawing chart {chart.key}")
            images[chart.key] = render(chart.draw)
    files: dict[str, bytes] = {}
    for form in edition.formats:
        steps.step(f"rendering {family}.{form}")
        files[f"{family}.{form}"] = _rendered(form, document, images, analyses, checks, edition)
    return files, Entry.of(family, main_game(analyses), len(group) - 1, checks)


def _rendered(form: str, document: Document, images: Mapping[str, Rendered], analyses: Sequence[GameAnalysis],
              checks: Sequence[Check], edition: Edition) -> bytes:
    """One format of a family's sheet: the document drawn (HTML, PDF), or its figures as data (JSON, a workbook)."""
    if form == "html":
        return render_html(document, images)
    if form == "pdf":
        return kept_pdf(document, images)
    data = sheet_data(analyses, checks, __version__, edition.day, edition.revision)
    return render_json(data) if form == "json" else render_xlsx(data, edition.day)


def _here(families: dict[str, list[Game]], steps: Bar, runner: Runner | None, edition: Edition) -> dict[str, Built]:
    """Every family in this process, one after the other, the bar showing each step."""
    return {family: _family(family, group, steps, runner, edition) for family, group in families.items()}


def _in_processes(families: dict[str, list[Game]], processes: int, steps: Bar, runner: Runner | None, edition: Edition) -> dict[str, Built]:
    """Every family in one of ``processes`` forked workers (:mod:`casino_math.workers`), the bar stepping as each is
    waited for; the families the last report took longest on start first (:func:`longest_first`), so that no long
    one starts last, alone on one core."""
    relay = Relay()  # each worker's counting, drawn for the family waited for

    def written(family: str) -> tuple[Built, float]:
        start = time.perf_counter()
        try:
            built = _family(family, families[family], Relayed(relay.sender(family)), runner, edition)
            return built, time.perf_counter() - start
        finally:  # the worker's next family reuses the memory of this one's counts (families share no counts); this
            forget_all()  # process, which may analyse again (the studio), keeps its own

    def waiting(family: str) -> None:
        steps.step(f"writing {family}", costs[family])
        relay.show(family)

    # in seconds of the run: the families are written ``processes`` at once
    costs = {family: family_cost(group) / processes for family, group in families.items()}
    steps.extend(sum(costs.values()))
    with relay.drawn(steps):
        done = in_processes(written, longest_first(families), processes, waiting)
    _keep_seconds({family: seconds for family, (_, seconds) in done.items()})
    return {family: built for family, (built, _) in done.items()}


SECONDS = "Report: seconds each family took"  # kept in the count cache: data only, no figure of any report


def longest_first(families: Iterable[str]) -> list[str]:
    """The families in the order to start them: those the last report (with the count cache on) took longest on first;
    a family never timed before them all, as it may be long; otherwise in their order."""
    from ..count_cache import current

    cache = current()
    found, kept = cache.load(SECONDS, "families", "the report's families") if cache is not None else (False, None)
    seconds = kept.get("seconds", {}) if found and isinstance(kept, dict) else {}
    return sorted(families, key=lambda family: -float(seconds.get(family, math.inf)))


def _keep_seconds(seconds: dict[str, float]) -> None:
    """Each family's wall seconds kept beside the earlier ones (the next report's order: :func:`longest_first`)."""
    from ..count_cache import current

    cache = current()
    if cache is None:
        return
    found, kept = cache.load(SECONDS, "families", "the report's families")
    earlier = kept.get("seconds", {}) if found and isinstance(kept, dict) else {}
    cache.keep(SECONDS, "families", "the report's families", {"seconds": {**earlier, **seconds}})


def write_report(paths: Sequence[str | Path] = (), out_dir: str | Path = DEFAULT_OUT, quiet: bool = True,
                 runner: Runner | None = None, issued: str | date | None = None,
                 formats: str | Sequence[str] = DEFAULT_FORMATS, revision: str = "1", note: str = "") -> list[Path]:
    """Analyse game files or folders (default: every shipped game, with an index) and write each family's par sheet.

    Every file is written or none is: a failed run leaves the previous reports
    untouched. ``quiet=False`` shows a progress bar on stderr when the run
    takes over a second. ``issued``: the date on the sheets, ``YYYY-MM-DD`` (default: the build's SOURCE_DATE_EPOCH,
    else today); the same inputs and date give the same bytes. ``formats``, ``revision`` and ``note``: as
    :func:`build_reports`.
    Returns the paths written.
    """
    out = folder_to_write(out_dir, "report folder")  # before any counting: a run must not fail at the end for want of a place
    day = issue_date(issued)
    chosen_formats(formats), revision_text(revision)  # checked before any counting too
    with Bar(quiet) as steps:
        reports = build_reports(paths, steps, runner, day, formats=formats, revision=revision, note=note)
        return write_atomically({out / name: data for name, data in reports.items()})


__all__ = ["build_reports", "by_family", "game_files", "shipped_folder", "shipped_games", "write_report"]
