"""The designer's workbench, without the web: a folder of game files, a game shown as a designer thinks of it, and an
edit of its paytables analysed as the command line would analyse the same file.

An edit is a variant file: ``extends:`` the game and the paytables edited, whole, written out as a designer would
write them (each pay as typed), then read by the loader and analysed on the counts kept between runs. So an invalid
pay gets the very message ``casino-math analyze`` gives, placed at the cell it came from; a saved edit is that file,
which ``casino-math analyze`` reads back to the same figures.

Paths come from the page: each is resolved inside the folder the workbench was opened on, and refused otherwise
(``..``, an absolute path, a link leading out).
"""

from __future__ import annotations

import os
import re
import tempfile
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..analysis import GameAnalysis, game_schema, load_game
from ..game.description import Game, Paytable
from ..contract.kept_solution import unkept
from ..game.loader import forget_warnings
from ..pays import Pay
from ..returns import Metrics, ReturnTable
from ..text import decimal, integer, percent
from . import kept_pricers
from . import rules as ruling
from .solves import Solve, Solves, Warnings, listening

GAME_SUFFIXES = (".yaml", ".yml")
SAFE_PAY = re.compile(r"[0-9A-Za-z .,/+\-]*")  # written as typed (YAML reads it as the file would); anything else quoted
# (a designer's "3:1" too: bare, YAML would read the base-60 number 181)
REMEMBERED = 32  #: edits solved kept in memory, with their figures: going back to one is instant
MAX_WAIT = 20.0  # seconds a request for a solve's figures waits at most
PROVISIONAL = ("the previous strategy at the new pays (exact for that strategy; the optimal strategy does at least as well): "
               "the optimal strategy is being solved…")
ESTIMATED = "an estimate, not the exact figure: the house edge of {what}. The exact figures are being counted…"
MAX_SWEEP = 25  #: pays of a sweep charted in the studio (each a solve of the game's own bet)
MAX_SEARCH = 400  #: paytables of a search in the studio (each of the game's own bet is a solve): a small grid, at once
SHOWN_FOUND = 25  #: paytables of a search shown
SEARCH_FIGURES = ("house_edge", "element_of_risk", "hit_frequency", "standard_deviation")
COMPARED = (("house_edge", True), ("element_of_risk", True), ("hit_frequency", True), ("standard_deviation", False),
            ("average_wager", False))
EDITED = re.compile(r"^(?P<file>.*?):(?P<line>\d+): (?P<field>[^:]+): (?P<message>.*)$")


class Refused(Exception):
    """A path outside the workbench's folder, or a file that is not a game file there."""


@dataclass
class CountProgress:
    """How far the count in progress is (the page shows it as a bar): what, done, of."""

    what: str = ""
    done: int = 0
    of: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def __call__(self, what: str, done: int, of: int) -> None:
        with self.lock:
            self.what, self.done, self.of = what, done, of

    def snapshot(self) -> dict[str, Any]:
        with self.lock:
            return {"what": self.what, "done": self.done, "of": self.of}


class Workbench:
    """Game files of ``root`` (a folder, or one file's folder), opened, edited, analysed, saved. One analysis at a time:
    the engine's caches are shared, and two tabs editing one game then never interleave."""

    def __init__(self, root: Path, first: Path | None = None) -> None:
        self.root = root.resolve()
        self.first = first
        self.lock = threading.Lock()
        self.progress = CountProgress()
        self.scratch = Path(tempfile.mkdtemp(prefix="casino-math-studio-"))
        self.edits = 0
        # (file, every file it was read from and its SHA-256) -> its strategy in words; each bet's figures
        self.strategies: dict[tuple[Path, tuple], dict[str, str]] = {}
        self.figures: dict[tuple[Path, tuple], dict[str, Metrics]] = {}
        self.originals: dict[Path, tuple[tuple, Game]] = {}  # file -> (its files' sizes and times, its game)
        self.remembered: OrderedDict[tuple, tuple[Game, dict[str, Any]]] = OrderedDict()  # the edits solved: (file, its files, pays)
        # (file, its rules edited as written) -> the strategy last solved under those rules: the files it was read from,
        # the pays it was solved at (pays_key), its pricer, its strategy in words
        self.pricers: dict[tuple[Path, str], tuple[tuple, str, Any, dict[str, str]]] = {}
        self.apart: dict[int, tuple[str, Path]] = {}  # a solve in a worker -> the file as the page names it, the edit's file
        self.solves = Solves(solved_figures, self._solved_apart, self._priced, self.lock)
        # edits extend the games of this folder from a scratch folder: the loader's extends rule is told of it
        folders = [f for f in os.environ.get("CASINO_MATH_EXTENDS", "").split(":") if f]
        if str(self.root) not in folders:
            os.environ["CASINO_MATH_EXTENDS"] = ":".join([*folders, str(self.root)])

    # -- paths ------------------------------------------------------------------------------------------------
    def resolve(self, relative: str) -> Path:
        """A game file named relative to the root, refused unless it lies inside the root (links followed) and is YAML."""
        if not relative or "\0" in relative or Path(relative).is_absolute():
            raise Refused(f"{relative!r}: name a game file inside {self.root}")
        path = (self.root / relative).resolve()
        if self.root not in path.parents:
            raise Refused(f"{relative!r}: outside the folder the studio was started on")
        if path.suffix not in GAME_SUFFIXES or not path.is_file():
            raise Refused(f"{relative!r}: not a game file of this folder")
        return path

    def name_of(self, path: Path) -> str:
        return path.resolve().relative_to(self.root).as_posix()

    def games(self) -> list[dict[str, Any]]:
        """Every game file under the root (claims files and unreadable files left out), by family: each family's main
        game first (``main``: the game its files name as ``main:``, else the file most of its family extend), the
        family of the file opened first first."""
        found: list[dict[str, Any]] = []
        read: dict[str, set[str]] = {}  # each game: the other files it reads (what it extends, at any depth)
        for path in sorted(p for suffix in GAME_SUFFIXES for p in self.root.rglob(f"*{suffix}")):
            if "claims" in path.relative_to(self.root).parts or not path.is_file():
                continue
            try:
                with self.lock:  # the engine runs under the lock only: a solve's worker is forked while none runs
                    game = self._load(path)
            except (InputError, OSError):
                continue
            found.append({"path": self.name_of(path), "id": game.id, "name": game.title, "family": game.family, "declared": game.main})
            read[str(path.resolve())] = {str(Path(f).resolve()) for f, _ in game.files} - {str(path.resolve())}
        return by_family(found, read, self.root, None if self.first is None else self.name_of(self.first))

    # -- a game, as shown --------------------------------------------------------------------------------------
    def open(self, relative: str) -> dict[str, Any]:
        """The game of a file: its rules in words, every paytable as rows of (line, pays), every bet's figures. Where an
        edit of it may take a solve of seconds (blackjack), how its strategy is priced at other pays is worked out apart
        (:mod:`.solves`), so that such an edit shows that strategy's figures at once, provisional.

        A file whose method estimates its house edge (blackjack) and whose solution nothing has kept (a first run: a
        solve of 10 s to minutes) is solved apart too: the answer is at once, with the number of its solve (``solve``)
        and the estimate (``provisional`` with ``estimate``; ``pending`` where the estimate does not reach a rule), and the
        page then asks for the file's figures (:meth:`solved`: ``opened``, its ``result`` what this gives once solved)."""
        path = self.resolve(relative)
        with self.lock:
            warnings = Warnings()
            with listening(warnings):
                game = self._load(path)
                analysis = GameAnalysis(game, self.progress)
                if not analysis.kept() and analysis.estimate() is not None:
                    return self._opening(path, relative, game, analysis, warnings.messages)
                self._count(analysis)
                shown, metrics = figures_of(analysis)
            shown["rules"] = _rules(analysis)
            shown = self._file_shown(path, relative, game, shown, metrics, warnings.messages)
            if self._prices(path, game, analysis) and not self.solves.pricing(path):
                self.solves.start(path, (path, game.files, _pays(game), ""), game, shown=False)
            return shown

    def _opening(self, path: Path, relative: str, game: Game, analysis: GameAnalysis, messages: list[str]) -> dict[str, Any]:
        """A file nothing has kept, solved apart (its solve running already where it was opened before): the house edge
        its method estimates, marked as such, its rules in words but for what the count says."""
        solve = self.solves.opening(path)
        if solve is None or solve.key[1] != game.files:
            solve = self.solves.start(path, (path, game.files, _pays(game), ""), game, opened=True,
                                      price=self._prices(path, game, analysis))
            self.apart[solve.number] = (relative, path)
        estimated = self._estimated(path, game)
        shown = _shown(game, 0, [], {}) | {"deals": ""} | estimated
        shown.update(path=relative, paytables=_paytables(game), errors=[], solve=solve.number, rules=_rules(analysis, counted=False),
                     warnings=[m.replace(f"{self.root}{os.sep}", "") for m in messages] + shown.pop("edges", []),
                     controls=[c.shown() for c in ruling.controls(ruling.game_data(path), game_schema())])
        return shown

    def _file_shown(self, path: Path, relative: str, game: Game, shown: dict[str, Any], metrics: dict[str, Metrics],
                    messages: list[str]) -> dict[str, Any]:
        """A file's figures as opened, held (an edit is compared with them): its paytables, warnings and rule controls."""
        self.strategies[(path, game.files)] = shown["strategy"]
        self.figures[(path, game.files)] = metrics
        shown.update(path=relative, paytables=_paytables(game), errors=[],
                     warnings=[m.replace(f"{self.root}{os.sep}", "") for m in messages] + _edges(game, metrics))
        shown["controls"] = [c.shown() for c in ruling.controls(ruling.game_data(path), game_schema())]
        return shown

    def _prices(self, path: Path, game: Game, analysis: GameAnalysis) -> bool:
        """Whether the file's strategy is to be priced at other pays: an edit of it may be a solve of seconds, and no
        pricer of the file as it is now is held or kept."""
        held = self.pricers.get((path, ""))
        return _edits_solve(analysis) and (held is None or held[0] != game.files) and self._kept_pricer(path, game, "") is None

    def edit(self, relative: str, tables: dict[str, dict[str, str]], rules: dict[str, str] | None = None) -> dict[str, Any]:
        """The game with the paytables edited (each ``{line: pays as typed}``): its figures, warnings and strategy
        changes, or the loader's errors placed at their cells (``errors``: table, line, message) with no figures.

        An edit solved before in this process is answered from memory (the last :data:`REMEMBERED`). An edit whose
        strategy must be solved again (blackjack at pays a decision sees: seconds) is solved apart (:mod:`.solves`): the
        answer has its number (``solve``) and, where the strategy last solved of this file has its pricer, that strategy's
        figures at the new pays (``provisional``: exact for that strategy; the optimal one does at least as well), else
        the house edge its method estimates (``provisional`` with ``estimate``: what the estimate is), else none
        (``pending``, with ``unestimated`` where the method names the rule its estimate does not reach); the page then asks for the solve's figures (:meth:`solved`). ``rules``: each rule edited
        (its control's title -> its value as typed, ``casino_math.studio.rules``); an edit of the rules is a game of its own, never
        priced by a strategy solved under other rules."""
        path = self.resolve(relative)
        with self.lock:
            original = self._original(path)
            sections, titles = self._rules_edited(path, rules or {})
            text, cells = variant_text(path, original, tables, rules=sections, titles=titles)
            self.edits += 1
            sequence = self.edits
            edited = self.scratch / f"{path.stem}-edited-{self.edits}.yaml"
            edited.write_text(text)
            warnings = Warnings()
            start = time.perf_counter()
            try:
                with listening(warnings):
                    game = self._load(edited)
            except InputError as error:
                return {"path": relative, "sequence": sequence,
                        "errors": [_placed(line, cells, edited, path) for line in str(error).splitlines()]}
            key = (path, original.files, _pays(game), _written(sections))
            known = self.remembered.get(key)
            if known is not None:
                self.remembered.move_to_end(key)
                return known[1] | {"sequence": sequence, "elapsed_ms": round((time.perf_counter() - start) * 1000)}
            opening = None if (path, original.files) in self.figures else self.solves.opening(path)
            if opening is None:  # the file solved (in the request where it was kept), else its own solve runs: the edit's
                self._file_solved(path, original)  # goes beside it, or after it where the file's solution gives its figures
            analysis = GameAnalysis(game, self.progress)
            at_once = analysis.answered_at_once(original, *(g for (p, *_), (g, _) in self.remembered.items() if p == path))
            if opening is not None or not at_once:
                return self._apart(path, relative, key, game, edited, list(warnings.messages), sequence, start,
                                   opening if at_once else None)
            try:
                with listening(warnings):
                    self._count(analysis)
                    shown, metrics = figures_of(analysis)
            except InputError as error:
                return {"path": relative, "sequence": sequence,
                        "errors": [_placed(line, cells, edited, path) for line in str(error).splitlines()]}
            shown["elapsed_ms"] = round((time.perf_counter() - start) * 1000)
            shown = self._final(path, relative, original, edited, shown, metrics, warnings.messages)
            self._remember(key, game, shown)
            return shown | {"sequence": sequence}

    def solved(self, number: int, wait: float) -> dict[str, Any]:
        """A solve's state (``solving``, ``done``, ``failed``, ``superseded``), waiting up to ``wait`` seconds for it to
        end; once done, its figures (``result``: what :meth:`edit` gives for the edit, compared with the file)."""
        status = self.solves.wait(number, max(0.0, min(wait, MAX_WAIT)))
        if status is None:
            raise Refused(f"no solve {number} (the studio keeps the last few)")
        return status

    def _apart(self, path: Path, relative: str, key: tuple, game: Game, edited: Path, messages: list[str], sequence: int,
               start: float, after: Solve | None = None) -> dict[str, Any]:
        """An edit solved in a worker: its number, and the strategy last solved priced at its pays where that can be.
        ``after``: the file's own solve running, where the edit's figures are the file's solution at other pays: the
        edit's worker reads them once it ends (its strategy is the file's: not priced again)."""
        solve = self.solves.start(path, key, game, price=after is None, after=after)
        for number in [n for n in self.apart if n not in self.solves.numbered]:  # solves forgotten (stopped long ago)
            del self.apart[number]
        self.apart[solve.number] = (relative, edited)
        answer: dict[str, Any] = {"path": relative, "errors": [], "sequence": sequence, "solve": solve.number,
                                  "warnings": [_renamed(m, edited, path).replace(f"{self.root}{os.sep}", "") for m in messages]}
        provisional = self._provisional(path, game, key[3])
        if provisional is not None:
            metrics = provisional.pop("metrics")
            answer.update(provisional)
            answer["warnings"] = answer["warnings"] + _edges(game, metrics)
        else:
            estimated = self._estimated(path, game)
            answer["warnings"] = answer["warnings"] + estimated.pop("edges", [])
            answer.update(estimated)
        answer["elapsed_ms"] = round((time.perf_counter() - start) * 1000)
        return answer

    def _provisional(self, path: Path, game: Game, ruled: str = "") -> dict[str, Any] | None:
        """The figures of the strategy last solved of ``path`` under the same rules (``ruled``: the rules edited, as
        written) at ``game``'s pays, as the page shows them, marked: exact for that strategy; the optimal strategy's
        house edge is at most this one (None: no strategy priced yet under these rules)."""
        held = self.pricers.get((path, ruled)) or self._kept_pricer(path, game, ruled)
        if held is None:
            return None
        files, solved_pays, pricer, strategy = held
        try:
            table = pricer.table(game)
        except ValueError:  # the file changed since: its rules are not the edit's
            return None
        key = (path, files)
        figures = {game.bet: table.metrics}
        before = self.figures.get(key)
        return _shown(game, table.total, [_bet(game, game.bet, table)], strategy) | {
            "changes": [],
            "compare": compared(before, figures, {game.bet: game.names.bet(game.bet)}) if before is not None else [],
            "metrics": figures,
            "provisional": {"of": "the file" if not ruled and solved_pays == pays_key(self._original(path)) else "an earlier edit",
                            "words": PROVISIONAL}}

    def _estimated(self, path: Path, game: Game) -> dict[str, Any]:
        """An edit no strategy solved prices yet (rules never solved, or the file's strategy not priced yet): the house
        edge its method estimates at once, marked as an estimate and by what it is; or ``pending``, with the rule the
        estimate does not reach (``unestimated``) where the method names one."""
        original = self._original(path)
        before = self.figures.get((path, original.files), {}).get(game.bet)
        estimate = GameAnalysis(game).estimate(None if before is None else (original, before.house_edge))
        if estimate is None:
            return {"pending": True}
        if estimate.house_edge is None:
            return {"pending": True, "unestimated": f"no provisional figure for this rule ({estimate.words})"}
        edge = estimate.house_edge
        bet = {"name": game.bet, "title": game.names.bet(game.bet), "figures": {"house edge": percent(edge)},
               "house_edge": repr(edge), "returns": []}
        warnings = [] if edge >= 0 else [f"{game.names.bet(game.bet)}: the player has the edge by the estimate (house edge "
                                         f"{percent(edge)}): check the pays and the rules"]
        compare = [] if before is None else [{"bet": game.names.bet(game.bet), "figure": "house edge", "file": percent(before.house_edge),
                                              "edit": percent(edge), "change": f"{(edge - float(before.house_edge)) * 100:+.4f} points",
                                              "moved": "True"}]
        return _shown(game, 0, [bet], {}) | {
            "deals": "", "changes": [], "compare": compare, "edges": warnings,
            "provisional": {"of": "", "estimate": estimate.words, "words": ESTIMATED.format(what=estimate.words)}}

    def _kept_pricer(self, path: Path, game: Game, ruled: str) -> tuple[tuple, str, Any, dict[str, str]] | None:
        """The strategy last solved of ``path`` under the rules ``ruled`` in an earlier run, held from now on (None: the
        count cache holds none for the file as it is now)."""
        files = self._original(path).files
        kept = kept_pricers.load(pricer_key(files, ruled), game.id, GameAnalysis(game).method)
        if kept is None:
            return None
        self.pricers[(path, ruled)] = (files, kept.pays, kept.pricer, kept.strategy)
        return self.pricers[(path, ruled)]

    def _solved_apart(self, solve: Any, shown: dict[str, Any], metrics: dict[str, Metrics], messages: list[str]) -> dict[str, Any]:
        """A solve's figures finished as the file's (opened: held, as :meth:`open` gives them) or as an edit's (compared
        with the file as it is, once the file's own solve running ends), and remembered."""
        if solve.opened:
            with self.lock:
                relative, _ = self.apart.pop(solve.number)
                return self._file_shown(solve.path, relative, solve.game, shown, metrics, messages)
        opening = self.solves.opening(solve.path)
        if opening is not None:  # the file's figures, which the edit's are compared with, come from it (the lock free)
            opening.ended.wait()
        with self.lock:
            relative, edited = self.apart.pop(solve.number)
            original = self._original(solve.path)
            self._file_solved(solve.path, original)  # held, unless the file changed while it was solved
            shown = self._final(solve.path, relative, original, edited, shown, metrics, messages)
            self._remember(solve.key, solve.game, shown)
            return shown

    def _priced(self, solve: Any, pricer: Any, strategy: dict[str, str]) -> None:
        """A solve's pricer held, and kept for the next runs (:mod:`.kept_pricers`); the edits waiting for one shown."""
        with self.lock:
            pays = pays_key(solve.game)
            self.pricers[(solve.path, solve.key[3])] = (solve.key[1], pays, pricer, strategy)
            kept_pricers.keep(pricer_key(solve.key[1], solve.key[3]), solve.game.id, GameAnalysis(solve.game).method,
                              kept_pricers.Kept(pricer, strategy, pays))
            for waiting in self.solves.waiting(solve.path, solve.key[3]):  # edits made before it was priced: shown now
                provisional = self._provisional(waiting.path, waiting.game, waiting.key[3])
                if provisional is not None:
                    metrics = provisional.pop("metrics")
                    waiting.provisional = provisional | {"warnings": _edges(waiting.game, metrics), "errors": []}

    def _final(self, path: Path, relative: str, original: Game, edited: Path, shown: dict[str, Any], metrics: dict[str, Metrics],
               messages: list[str]) -> dict[str, Any]:
        """An edit's figures beside the file's: the strategy's changes, the compare, the warnings."""
        key = (path, original.files)
        before = self.strategies[key]
        game_names = {name: original.names.bet(name) for name in metrics}
        shown.update(path=relative, errors=[], changes=strategy_changes(before, shown["strategy"]),
                     compare=compared(self.figures[key], metrics, game_names),
                     warnings=[_renamed(m, edited, path).replace(f"{self.root}{os.sep}", "") for m in messages]
                     + _edges(original, metrics))
        return shown

    def _file_solved(self, path: Path, original: Game) -> None:
        """The file's strategy and figures held (it, or its parent, may have changed since it was opened)."""
        key = (path, original.files)
        if key not in self.strategies or key not in self.figures:
            solved = self._analysed(original)
            self.strategies[key] = solved.strategy_summary()
            self.figures[key] = {name: table.metrics for name, table in solved.tables.items()}

    def _remember(self, key: tuple, game: Game, shown: dict[str, Any]) -> None:
        self.remembered[key] = (game, shown)
        self.remembered.move_to_end(key)
        while len(self.remembered) > REMEMBERED:
            self.remembered.popitem(last=False)

    def save(self, relative: str, tables: dict[str, dict[str, str]], name: str, rules: dict[str, str] | None = None) -> dict[str, Any]:
        """The edit saved beside the game as ``name``.yaml: ``extends:`` the game, only the paytables and rules changed. Refused
        where the name is not a plain file name or the file exists."""
        path = self.resolve(relative)
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.\-]{0,100}", name) or name.endswith((".", "-")):
            raise Refused(f"{name!r}: a file name of letters, digits, '-', '_' and '.'")
        target = path.parent / (name if name.endswith(GAME_SUFFIXES) else f"{name}.yaml")
        if self.root not in target.resolve().parents:
            raise Refused(f"{name!r}: outside the folder the studio was started on")
        with self.lock:
            original = self._original(path)
            changed = {t: lines for t, lines in tables.items() if t in original.paytables and lines != _paytables(original)[t]}
            sections, _ = self._rules_edited(path, rules or {})
            text, _ = variant_text(path, original, changed, extends=path.name, identity=target.stem,
                                   changes=self._edits_text(path, original, changed, rules or {}), rules=sections)
            try:
                with open(target, "x", encoding="utf-8") as stream:  # never over another file
                    stream.write(text)
            except FileExistsError:
                raise Refused(f"{self.name_of(target)} exists: choose another name") from None
        return {"saved": self.name_of(target)}

    def target(self, relative: str, tables: dict[str, dict[str, str]], bet: str, table: str, line: str, target: str,
               rules: dict[str, str] | None = None) -> dict[str, Any]:
        """Target mode: the exact pay of ``line`` (of ``table``) giving ``bet`` the house edge ``target`` (``3%``), on the
        paytables as edited, as ``casino-math solve`` finds it; or the errors of the edit or the request."""
        from ..design import parse_number, pay_for_target

        path = self.resolve(relative)
        with self.lock:
            source = self._edited(path, tables, rules or {})
            try:
                found = pay_for_target(self._load(source), bet, line, parse_number(target, "target"), "house_edge", table or None)
            except (InputError, KeyError, ValueError) as error:
                words = str(error.args[0]) if isinstance(error, KeyError) and error.args else str(error)
                return {"errors": [{"table": "", "line": "", "message": _renamed(m, source, path)} for m in words.splitlines()]}
            pay = None if found.pay is None else pay_text(Pay(found.pay))
            return {"errors": [], "message": _renamed(found.message, source, path), "pay": pay, "table": found.table, "line": found.line}

    def search(self, relative: str, tables: dict[str, dict[str, str]], bet: str, vary: str, edge: str,
               rules: dict[str, str] | None = None) -> dict[str, Any]:
        """A small search over a grid: every paytable of ``vary`` (``flush=2..6,straight=4..8``; the other pays as edited)
        whose house edge lies in ``edge`` (``2%..4%``), lowest first, as ``casino-math search`` finds them; at most
        :data:`MAX_SEARCH` paytables (the command line takes bigger grids), the first :data:`SHOWN_FOUND` shown."""
        from ..design import parse_band, parse_vary, search
        from ..parallel import Runner

        path = self.resolve(relative)
        with self.lock:
            source = self._edited(path, tables, rules or {})
            try:
                found = search(self._load(source), bet, parse_vary(vary), parse_band(edge, "band"), max_grid=MAX_SEARCH,
                               runner=Runner.here())
            except (InputError, KeyError, ValueError) as error:
                words = str(error.args[0]) if isinstance(error, KeyError) and error.args else str(error)
                words = words.replace(f"over the limit of {MAX_SEARCH:,}", f"over the studio's limit of {MAX_SEARCH:,} (casino-math search takes more)")
                return {"errors": [{"table": "", "line": "", "message": _renamed(m, source, path)} for m in words.splitlines()]}
            pays = [c for c in found.columns if c not in SEARCH_FIGURES and not c.endswith("_float") and c != "strategy"]
            rows = [{"pays": {line: pay_text(Pay(Fraction(record[line]))) for line in pays},
                     "house edge": percent(record["house_edge"]), "element of risk": percent(record["element_of_risk"]),
                     "hit frequency": percent(record["hit_frequency"]), "standard deviation": f"{record['standard_deviation']:.4f}",
                     "strategy": str(record.get("strategy") or "")}
                    for record in found.head(SHOWN_FOUND).to_dict("records")]
            return {"errors": [], "table": found.attrs.get("table"), "lines": pays, "found": len(found), "grid": found.attrs["grid"], "rows": rows}

    def sweep(self, relative: str, tables: dict[str, dict[str, str]], table: str, line: str, pays: str,
              rules: dict[str, str] | None = None) -> dict[str, Any]:
        """Each bet's house edge as the pay of ``line`` (of ``table``) moves over ``pays`` (``0..10``, ``2..6:0.5``), the
        other pays and rules as edited: ``casino-math sweep``'s figures for every bet that table pays (a bet it does not
        pay keeps its house edge, and is left out); at most :data:`MAX_SWEEP` pays."""
        from ..design import parse_range, sweep
        from ..design.lines import bet_tables

        path = self.resolve(relative)
        with self.lock:
            source = self._edited(path, tables, rules or {})
            try:
                values = parse_range(pays.strip(), f"pays {pays.strip()}")
                if len(values) > MAX_SWEEP:
                    raise InputError(f"{len(values)} pays: the studio charts at most {MAX_SWEEP} (take a larger step)")
                game = self._load(source)
                bets = []
                for bet in [b for b in (game.bet, *game.side_bet) if table in bet_tables(game, b)]:
                    frame = sweep(game, bet, line, values, table)
                    bets.append({"name": bet, "title": game.names.bet(bet), "edges": [float(e) for e in frame["house_edge"]],
                                 "exact": [str(e) for e in frame["house_edge"]], "shown": [percent(e) for e in frame["house_edge"]]})
            except (InputError, KeyError, ValueError) as error:
                words = str(error.args[0]) if isinstance(error, KeyError) and error.args else str(error)
                return {"errors": [{"table": "", "line": "", "message": _renamed(m, source, path)} for m in words.splitlines()]}
            return {"errors": [], "table": table, "line": line, "pays": [pay_text(Pay(v)) for v in values], "bets": bets}

    def beside(self, relative: str) -> dict[str, Any]:
        """A file's figures as the page shows them (every bet's, its name): the second column of a side by side."""
        path = self.resolve(relative)
        with self.lock:
            game = self._load(path)
            shown, _ = figures_of(self._analysed(game), drawn=False)
            return {"path": relative, "name": shown["name"], "bets": [{k: b[k] for k in ("name", "title", "figures", "house_edge")}
                                                                       for b in shown["bets"]]}

    def report(self, relative: str, tables: dict[str, dict[str, str]], kind: str, rules: dict[str, str] | None = None) -> tuple[str, bytes]:
        """The par sheet of what is on the screen (the edit, or the file as it is): (file name, HTML or PDF bytes)."""
        from ..report import write_report

        path = self.resolve(relative)
        if kind not in ("html", "pdf"):
            raise Refused(f"{kind!r}: html or pdf")
        with self.lock:
            original = self._original(path)
            changes = self._edits_text(path, original, tables, rules or {})
            source = path
            if changes:  # the edit as a file of its own, in a folder named as the game's: the sheet names no scratch place
                folder = Path(tempfile.mkdtemp(dir=self.scratch)) / path.parent.name
                folder.mkdir()
                source = folder / f"{path.stem}-edited{path.suffix}"
                sections, _ = self._rules_edited(path, rules or {})
                source.write_text(variant_text(path, original, tables, identity=SHEET_EDIT, changes=changes, rules=sections)[0])
            out = Path(tempfile.mkdtemp(dir=self.scratch))
            note = f"edited from {original.id}: {changes}" if changes else ""
            written = [p for p in write_report([source], out, note=note) if p.suffix == f".{kind}"]
            return written[0].name, written[0].read_bytes()

    # -- the engine ----------------------------------------------------------------------------------------------
    def _edited(self, path: Path, tables: dict[str, dict[str, str]], rules: dict[str, str]) -> Path:
        """The game file as edited: a variant file in the scratch folder (the file itself where nothing is edited)."""
        sections, titles = self._rules_edited(path, rules)
        if not tables and not sections:
            return path
        text, _ = variant_text(path, self._original(path), tables, rules=sections, titles=titles)
        self.edits += 1
        source = self.scratch / f"{path.stem}-edited-{self.edits}.yaml"
        source.write_text(text)
        return source

    def _rules_edited(self, path: Path, typed: dict[str, str]) -> tuple[dict[str, Any], dict[str, str]]:
        """The sections of the rules an edit changes, whole, and the title of the rule each is written for."""
        if not typed:
            return {}, {}
        data = ruling.game_data(path)
        return ruling.edited(data, game_schema(), typed), ruling.titles(data, game_schema(), typed)

    def _edits_text(self, path: Path, game: Game, tables: dict[str, dict[str, str]], rules: dict[str, str]) -> str:
        """The rules and pays edited, as a designer says them (``Deck: decks 6 → 1, Pair Plus flush 4 → 3``)."""
        words = ruling.edits_words(ruling.game_data(path), game_schema(), rules) if rules else []
        pays = edits_text(game, tables)
        return ", ".join([*words, *([pays] if pays else [])])

    def _original(self, path: Path) -> Game:
        """The game of a file of the folder as it is on disk now (read again only when it or a file it ``extends:``
        changed: an edit reads its original at every keystroke)."""
        kept = self.originals.get(path)
        if kept is None or kept[0] != _stamp(path, kept[1]):
            game = self._load(path)
            self.originals[path] = (_stamp(path, game), game)
        return self.originals[path][1]

    def _load(self, path: Path) -> Game:
        forget_warnings()  # the loader says each warning once a run; a workbench reads files again and again, and says them every time
        return load_game(path)

    def _analysed(self, game: Game) -> GameAnalysis:
        analysis = GameAnalysis(game, self.progress)
        self._count(analysis)
        return analysis

    def _count(self, analysis: GameAnalysis) -> None:
        with unkept():  # each edit solved from the last on the counts held (patched), neither read nor kept whole
            analysis.tables  # noqa: B018 - counted now, while the page can watch the progress
        self.progress("", 0, 0)


def solved_figures(analysis: GameAnalysis, opened: bool) -> tuple[dict[str, Any], dict[str, Metrics]]:
    """What the page shows of a game solved apart (:mod:`.solves`): :func:`figures_of`, and where it is the file as
    opened, its rules in words."""
    shown, metrics = figures_of(analysis)
    return (shown | {"rules": _rules(analysis)} if opened else shown), metrics


def figures_of(analysis: GameAnalysis, drawn: bool = True) -> tuple[dict[str, Any], dict[str, Metrics]]:
    """What the page shows of an analysis (every bet's figures and return table, the strategy in words and, where
    ``drawn``, as the par sheet draws it), and each bet's exact figures."""
    game = analysis.game
    bets = [_bet(game, name, table) for name, table in analysis.tables.items()]
    for shown in bets:  # a progressive's meters and envy beside its figures
        side = game.side_bet.get(shown["name"])
        if side is not None and side.progressive is not None:
            from ..design.meters import progressive_figures

            shown["figures"].update(progressive_figures(analysis, side.name))
    shown = _shown(game, analysis.deals, bets, analysis.strategy_summary()) | ({"blocks": strategy_blocks(analysis)} if drawn else {})
    return shown, {name: table.metrics for name, table in analysis.tables.items()}


def strategy_blocks(analysis: GameAnalysis) -> list[dict[str, Any]]:
    """The strategy as the par sheet draws it (its section of the sheet: blackjack's chart a grid of coloured cells),
    as the page draws it: paragraphs, tables and sections (the sheet's charts left out: its tables say the same)."""
    from ..report.strategy import strategy_section

    if analysis.game.bet not in analysis.tables:  # a file offering side bets only: nothing to play
        return []
    return [b for b in (_block(x) for x in strategy_section(analysis).blocks) if b is not None]


def _block(block: Any) -> dict[str, Any] | None:
    """One block of the par sheet as JSON (text stays text: the page escapes nothing, it sets text)."""
    from ..report.document import Bullets, Paragraph, Section, Table

    if isinstance(block, Paragraph):
        return {"kind": "paragraph", "text": block.text}
    if isinstance(block, Bullets):
        return {"kind": "bullets", "items": list(block.items)}
    if isinstance(block, Table):
        return {"kind": "table", "caption": block.caption, "columns": [{"header": c.header, "numeric": c.numeric} for c in block.columns],
                "rows": [[{"text": c.text, "tone": c.tone} for c in row] for row in block.rows]}
    if isinstance(block, Section):
        return {"kind": "section", "title": block.title, "blocks": [b for b in (_block(x) for x in block.blocks) if b is not None]}
    return None


def _shown(game: Game, deals: int, bets: list[dict[str, Any]], strategy: dict[str, str]) -> dict[str, Any]:
    """A game's figures as the page shows them: who it is, its deals, every bet shown, its strategy in words."""
    return {"id": game.id, "name": game.title, "family": game.family, "deals": integer(deals), "bets": bets, "strategy": strategy,
            "units": units_of(game)}


def units_of(game: Game) -> dict[str, dict[str, str]]:
    """Every pay as read, with its unit (what the page shows beside a cell typed "3:1" or "4 for 1").

    >>> units = units_of(load_game("paytables/three_card_poker/standard.yaml"))
    >>> units["pair_plus"]["flush"], units["ante_bonus"]["straight"]
    ('4 to 1', '1 to 1')
    """
    return {name: {line.key: str(line.pay) for line in table.lines} for name, table in game.paytables.items()}


def _bet(game: Game, name: str, table: ReturnTable) -> dict[str, Any]:
    """A bet's figures and return table as the page shows them."""
    m = table.metrics
    return {"name": name, "title": game.names.bet(name),
            "figures": {"house edge": percent(m.house_edge), "element of risk": percent(m.element_of_risk),
                        "hit frequency": percent(m.hit_frequency), "standard deviation": decimal(m.standard_deviation, 4),
                        "volatility index": decimal(m.volatility_index, 4), "average wager": decimal(m.average_wager, 4)},
            "house_edge": str(m.house_edge),
            "returns": [{"outcome": o.name, "pays": o.pays, "combinations": integer(o.combinations),
                         "probability": decimal(Fraction(o.combinations, table.total)),
                         "return": decimal(o.net * Fraction(o.combinations, table.total))} for o in table.outcomes]}


def _edits_solve(analysis: GameAnalysis) -> bool:
    """Whether an edit of the game's pays may be a solve of seconds: the game with every pay one more is not answered
    at once where the game is solved (blackjack's bonuses; not a natural's pay, nor any other method's game)."""
    game = analysis.game
    raised = {name: Paytable(name, tuple(replace(line, pay=line.pay.with_net(line.pay.net + 1)) for line in table.lines))
              for name, table in game.paytables.items()}
    return not GameAnalysis(replace(game, paytables=raised)).answered_at_once(game)


def _written(sections: dict[str, Any]) -> str:
    """The rules an edit changes as the variant writes them ("" where none): a key of what is solved.

    >>> _written({"deck": {"decks": 6}}), _written({})
    ('{"deck": {"decks": 6}}', '')
    """
    import json

    return json.dumps(sections, sort_keys=True) if sections else ""


def _pays(game: Game) -> tuple:
    """What an edit changes of a game: every paytable's pays (the key of the edits remembered)."""
    return tuple((name, tuple((line.key, line.pay) for line in table.lines)) for name, table in game.paytables.items())


def pays_key(game: Game) -> str:
    """Every pay of a game as text (what a strategy kept between runs was solved at).

    >>> pays_key(load_game("paytables/three_card_poker/standard.yaml"))[:47]
    'ante_bonus: straight flush 5, three of a kind 4'
    """
    return "; ".join(f"{name}: " + ", ".join(f"{line.key} {pay_text(line.pay)}" for line in table.lines)
                     for name, table in game.paytables.items())


def pricer_key(files: tuple, ruled: str) -> str:
    """What a strategy kept between runs is the strategy of: the files a game was read from (by their SHA-256, wherever
    they lie) and its rules edited (as the variant writes them).

    >>> pricer_key((("/a/g.yaml", "ab12"), ("/a/base.yaml", "cd34")), '{"deck": {"decks": 2}}')
    'ab12 cd34|{"deck": {"decks": 2}}'
    """
    return " ".join(digest for _, digest in files) + f"|{ruled}"


def _stamp(path: Path, game: Game) -> tuple:
    """When and how big each file ``game`` was read from is now (the file and every file it extends), and where extends
    may reach: what says a game read before is still the file's."""
    found: list[tuple[str, int | None, int | None]] = []
    for name in dict.fromkeys([str(path), *(f for f, _ in game.files)]):
        try:
            info = os.stat(name)
            found.append((name, info.st_mtime_ns, info.st_size))
        except OSError:  # gone: read again (and refused then in the loader's words)
            found.append((name, None, None))
    return (*found, os.environ.get("CASINO_MATH_EXTENDS", ""))


def by_family(found: list[dict[str, Any]], read: dict[str, set[str]], root: Path, first: str | None) -> list[dict[str, Any]]:
    """Game files grouped by family, each family's main game first (the game whose id its files declare as ``main:``;
    where none is declared, or none has that id, the file most of its family extend, the first by name where none is
    extended), the families by name, the family of ``first`` (and ``first`` in it) first.

    >>> games = [{"path": p, "family": "f", "id": p[0]} for p in ("b.yaml", "main.yaml", "a.yaml")]
    >>> read = {"/r/b.yaml": {"/r/main.yaml"}, "/r/main.yaml": set(), "/r/a.yaml": {"/r/main.yaml"}}
    >>> [(g["path"], g["main"]) for g in by_family(games, read, Path("/r"), None)]
    [('main.yaml', True), ('a.yaml', False), ('b.yaml', False)]
    >>> [g["path"] for g in by_family([g | {"declared": "b"} for g in games], read, Path("/r"), None)][0]
    'b.yaml'
    """
    extended = {g["path"]: sum(str(root / g["path"]) in others for others in read.values()) for g in found}
    declared = {(g["family"], g["id"]) for g in found} & {(g["family"], g.get("declared")) for g in found}
    mains: dict[str, str] = {}
    for game in sorted(found, key=lambda g: ((g["family"], g["id"]) not in declared, -extended[g["path"]], g["path"])):
        mains.setdefault(game["family"], game["path"])
    first_family = next((g["family"] for g in found if g["path"] == first), None)
    out = [g | {"main": mains[g["family"]] == g["path"]} for g in found]
    out.sort(key=lambda g: (g["family"] != first_family, g["family"], g["path"] != first, not g["main"], g["path"]))
    return out


# -- the variant file ------------------------------------------------------------------------------------------
def pay_text(pay: Pay) -> str:
    """A pay as a designer types it in a game file: 40, 3/2, 41 for 1, push."""
    if pay.push:
        return "push"
    amount = pay.amount
    shown = str(amount.numerator) if amount.denominator == 1 else f"{amount.numerator}/{amount.denominator}"
    return f"{shown} for 1" if pay.for_one else shown


def _paytables(game: Game) -> dict[str, dict[str, str]]:
    return {name: {line.key: pay_text(line.pay) for line in table.lines} for name, table in game.paytables.items()}


RULES = "rules"  # the "table" of an error placed at a rule's control
SHEET_EDIT = "edited"  # the identity of an edit whose par sheet is downloaded: id ``ID-edited``


def edits_text(game: Game, tables: dict[str, dict[str, str]]) -> str:
    """The pays edited, as a designer says them: ``Pair Plus flush 4 → 3`` ("" where nothing differs from the file).

    >>> from casino_math.analysis import load_game
    >>> tcp = load_game("paytables/three_card_poker/standard.yaml")
    >>> edits_text(tcp, {"pair_plus": {"flush": "3", "straight": " 6 "}, "prime": {}})
    'Pair Plus flush 4 → 3'
    """
    done = []
    for table, typed in tables.items():
        if table not in game.paytables:
            continue
        for line in game.paytables[table].lines:
            was, now = pay_text(line.pay), str(typed.get(line.key, pay_text(line.pay))).strip()
            if now != was:
                done.append(f"{game.names.bet(table)} {line.key} {was} \u2192 {now}")
    return ", ".join(done)


def variant_text(path: Path, game: Game, tables: dict[str, dict[str, str]], extends: str | None = None,
                 identity: str | None = None, changes: str = "", rules: dict[str, Any] | None = None,
                 titles: dict[str, str] | None = None) -> tuple[str, dict[int, tuple[str, str]]]:
    """The YAML of a variant of ``game`` whose paytables are ``tables`` (each pay as typed) and whose rules are
    ``rules`` (each section edited, whole: ``casino_math.studio.rules.edited``), and which cell or rule each line of it holds (line
    number -> (table, line), or ("rules", the rule's title: ``titles`` names each section's)). A variant given an
    ``identity`` is a game of its own: its id and name say so, the name by the family and what was edited
    (``changes``), never by the pays of the file it came from."""
    import json

    lines = [f"extends: {json.dumps(extends or str(path))}", f"id: {json.dumps(game.id if identity is None else f'{game.id}-{identity}')}"]
    if identity is not None:
        said = f"edited from {game.id}: {changes}" if changes else f"a copy of {game.id}"
        who = game.family_name if identity == SHEET_EDIT else f"{game.family_name} {identity}"  # a sheet's edit, or a file saved
        lines.append(f"name: {json.dumps(f'{who}, {said}', ensure_ascii=False)}")
    cells: dict[int, tuple[str, str]] = {}
    titles = titles or {}
    edited = {t: rows for t, rows in tables.items() if t in game.paytables}
    sections: dict[str, Any] = {name: value for name, value in (rules or {}).items()}  # the rules edited, each section whole
    placed: dict[tuple[str, str], str] = {}  # each paytable edited under the field its file writes it in (paytables:, blackjack: pays:)
    for table in edited:
        field = game.table_field(table)
        placed[(field[0], field[-1])] = table
        if not isinstance(sections.get(field[0]), dict):
            sections[field[0]] = {}
        sections[field[0]].setdefault(field[-1], None)
    for section, value in sections.items():
        if not isinstance(value, dict):
            lines.append(f"{section}: {json.dumps(value, ensure_ascii=False)}")
            cells[len(lines)] = ("rules", titles.get(section, section))
            continue
        lines.append(f"{section}:")
        for sub, held in value.items():
            paid = placed.get((section, sub))
            if paid is None:
                lines.append(f"  {json.dumps(sub)}: {json.dumps(held, ensure_ascii=False)}")
                cells[len(lines)] = ("rules", titles.get(f"{section}.{sub}", titles.get(section, section)))
                continue
            lines.append(f"  {json.dumps(sub)}:")
            for kept in game.paytables[paid].lines:  # the file's lines in the file's order (the first a hand matches pays)
                line, typed = kept.key, str(edited[paid].get(kept.key, pay_text(kept.pay))).strip()
                value_text = typed if typed and SAFE_PAY.fullmatch(typed) and not typed.startswith(("-", ":")) else json.dumps(typed)
                lines.append(f"    {json.dumps(line)}: {value_text}")
                cells[len(lines)] = (paid, line)
    return "\n".join(lines) + "\n", cells


def _placed(message: str, cells: dict[int, tuple[str, str]], edited: Path, original: Path) -> dict[str, str]:
    """A loader error as the page shows it: at its cell where it came from one, named by the cell (the paytable and its
    line), in the CLI's words; never by the scratch file or a line of it.

    >>> scratch, game = Path("/tmp/x/g-edited-1.yaml"), Path("/games/g.yaml")
    >>> _placed("/tmp/x/g-edited-1.yaml:8: paytables.pair_plus.flush: a pay must be 40", {8: ("pair_plus", "flush")}, scratch, game)
    {'table': 'pair_plus', 'line': 'flush', 'message': 'pair plus, flush: a pay must be 40'}
    >>> _placed("/tmp/x/g-edited-1.yaml:2: id: not a name", {}, scratch, game)["message"]
    'g.yaml (edited): id: not a name'
    """
    found = EDITED.match(message)
    if found and Path(found["file"]) == edited:
        if int(found["line"]) in cells:
            table, line = cells[int(found["line"])]
            where = line if table == RULES else f"{table.replace('_', ' ')}, {line}"  # a rule by its control's title
            return {"table": table, "line": line, "message": f"{where}: {found['message']}"}
        return {"table": "", "line": "", "message": f"{original.name} (edited): {found['field']}: {found['message']}"}
    return {"table": "", "line": "", "message": _renamed(message, edited, original)}


def _renamed(message: str, edited: Path, original: Path) -> str:
    """The edit's scratch file named as the designer knows it: the game file, edited (a line of the scratch file, which
    the designer never sees, left out).

    >>> _renamed("/tmp/x/g-edited-1.yaml:9: paytables.raise.pair: never paid", Path("/tmp/x/g-edited-1.yaml"), Path("/g/g.yaml"))
    'g.yaml (edited): paytables.raise.pair: never paid'
    """
    return re.sub(rf"{re.escape(str(edited))}(?::\d+)?", lambda _: f"{original.name} (edited)", message)


def _edges(game: Game, metrics: dict[str, Metrics]) -> list[str]:
    """The command line's warning where a bet gives the player the edge."""
    return [f"{game.names.bet(name)}: the player has the edge (house edge {percent(m.house_edge)}): check the pays and the rules"
            for name, m in metrics.items() if m.house_edge < 0]


def compared(before: dict[str, Metrics], after: dict[str, Metrics], titles: dict[str, str]) -> list[dict[str, str]]:
    """The edit beside the file, figure by figure of every bet: the file's value, the edit's, and the change (exact
    figures subtracted exactly; in percentage points for a rate)."""
    rows = []
    for bet in dict.fromkeys([*before, *after]):
        was, now = before.get(bet), after.get(bet)
        for figure, rate in COMPARED:
            a = None if was is None else getattr(was, figure)
            b = None if now is None else getattr(now, figure)
            shown = (lambda x: percent(x)) if rate else (lambda x: f"{float(x):.4f}")
            change = "" if a is None or b is None else (f"{float(b - a) * 100:+.4f} points" if rate else f"{float(b) - float(a):+.4f}")
            rows.append({"bet": titles.get(bet, bet), "figure": figure.replace("_", " "), "file": "" if a is None else shown(a),
                         "edit": "" if b is None else shown(b), "change": change, "moved": str(a != b)})
    return rows


def strategy_changes(before: dict[str, str], after: dict[str, str]) -> list[dict[str, str]]:
    """Each decision whose strategy in words moved: its name, and what moved of it, before and after (where the words
    are parts joined by ``; ``, a chart's rows, only the parts that moved: ``hard 16: S against 2-6, H against 7-A``).

    >>> strategy_changes({"chart": "hard 16: S; hard 12: H"}, {"chart": "hard 16: S against 2-6, H against 7-A; hard 12: H"})
    [{'decision': 'chart', 'before': 'hard 16: S', 'after': 'hard 16: S against 2-6, H against 7-A'}]
    """
    out = []
    for name, words in after.items():
        was = before.get(name, "")
        if was != words:
            old, new = was.split("; "), words.split("; ")
            kept = set(old) & set(new)
            out.append({"decision": name, "before": "; ".join(p for p in old if p not in kept),
                        "after": "; ".join(p for p in new if p not in kept)})
    return out


def _rules(analysis: GameAnalysis, counted: bool = True) -> list[str]:
    """The rules in sentences, as the par sheet writes them (the deal step by step first; ``counted`` False: but what
    the count says, for a file shown before it is solved)."""
    from ..report.rules import deal_rows, rule_items

    steps = [f"{step}: {text}" if step else text for step, text in deal_rows(analysis.game)]
    return steps + list(rule_items(analysis, counted))

