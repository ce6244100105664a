"""Solves of seconds off the request path: an edit whose strategy must be solved again (blackjack at pays a decision
sees) is solved in a forked process while the server keeps answering, and the page asks for its figures when they are
ready. A file opened for the first time whose solve is long (a blackjack file nothing has kept) is solved the same way:
the page shows the method's estimate meanwhile, then the file's figures. The same process then works out how that strategy is priced at other pays at once
(:meth:`~casino_math.contract.solution.Solution.repricer`), so that the next such edit shows the figures of the strategy last
solved at its pays within milliseconds, marked provisional, until its own solve ends.

One solve of an edit runs per game file: a newer edit of the same file stops the one running (its page is told it was
superseded). The file's own solve (as opened, or started only to price its strategy) goes on beside its edits' (an edit made while it runs, Spanish 21's in
its first seconds, is shown provisional as soon as that strategy is priced, before its own solve ends), and gives way to
another file's (opened again, the file's own solve running is the page's again). Each solve has a number; the page shows a
solve's figures only where that number is still the one it waits for, so a late answer never passes for a later edit's.
"""

from __future__ import annotations

import logging
import multiprocessing
import signal
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ..analysis import GameAnalysis
from ..game.description import Game

KEPT = 64  # solves remembered by number (the page asks after its own, the last few)
STOPPED = "a newer edit of this game stopped this solve"
STOPPED_FILE = "another game's solve stopped this one: open the file again to solve it"
_FORKING = threading.Lock()  # held while a worker is forked, by every workbench of the process


@dataclass(eq=False)
class Solve:
    """One game solved in a worker process: its number, the file it is an edit of, the edit (``key``), whether a page
    waits for its figures (``shown``) or only the pricing is wanted, whether it is the file as opened (``opened``: its
    figures are the file's), whether its strategy's pricer is wanted (``price``), the solve it waits for before its worker
    starts (``after``: the file's own, whose solution kept gives this one's at once); its state (``solving``, ``done``,
    ``failed``, ``superseded``), its figures once done, its progress and when it started."""

    number: int
    path: Path
    key: tuple
    game: Game
    shown: bool
    opened: bool = False
    price: bool = True
    after: Solve | None = None
    started: float = field(default_factory=time.monotonic)
    state: str = "solving"
    result: dict[str, Any] | None = None
    error: str = ""
    progress: tuple[str, int, int] = ("", 0, 0)
    ended: threading.Event = field(default_factory=threading.Event)  # its figures are in (or never will be)
    finished: threading.Event = field(default_factory=threading.Event)  # its worker is done (its pricer sent, or stopped)
    stopped: bool = False
    process: Any = None
    provisional: dict[str, Any] | None = None  # the strategy last solved at this edit's pays, once priced (while it runs)

    def status(self) -> dict[str, Any]:
        """The page's view of it: its progress is the count's own (what, how many done of how many; none where the count
        says nothing) and the whole seconds it has run, never a time left guessed."""
        what, done, of = self.progress
        return {"number": self.number, "state": self.state, "error": self.error, "result": self.result, "opened": self.opened,
                "progress": {"what": what, "done": done, "of": of, "seconds": int(time.monotonic() - self.started)},
                "provisional": self.provisional}


Figures = Callable[[GameAnalysis, bool], tuple[dict[str, Any], dict[str, Any]]]  # an analysis, whether it is the file as
# opened (its rules in words too) -> (the page's figures, metrics)
Solved = Callable[[Solve, dict[str, Any], dict[str, Any], list[str]], dict[str, Any]]  # figures, metrics, warnings -> shown
Priced = Callable[[Solve, Any, dict[str, str]], None]  # the solve's pricer and its strategy in words


class Solves:
    """The solves running and those remembered. ``figures`` turns an analysis into what the page shows (run in the
    worker); ``solved`` finishes a solve's figures in the server (its compare with the file, its strategy's changes:
    called with the caller's lock free, it takes its own); ``priced`` hears of each strategy's pricer."""

    def __init__(self, figures: Figures, solved: Solved, priced: Priced, engine: Any) -> None:
        self.figures, self.solved, self.priced = figures, solved, priced
        self.engine = engine  # the lock the server's engine work holds: a worker is forked while none runs (a lock
        # held by a thread at the fork, a cached property's, say, stays held in the worker for good)
        self.lock = threading.Lock()
        self.numbered: dict[int, Solve] = {}
        self.count = 0

    def start(self, path: Path, key: tuple, game: Game, shown: bool = True, opened: bool = False, price: bool = True,
              after: Solve | None = None) -> Solve:
        """A solve of ``game`` (an edit of ``path``, or the file as opened), its worker process started as soon as no
        analysis runs here (the answer to the edit goes first: forking a process holding gigabytes takes tens of
        milliseconds); stopped: the solve of an edit of the same file running (every solve of it, where the file is
        opened again), and any other file's own solve (opened, or only pricing a strategy). ``after``: a solve the worker
        waits for (the file's own, where the edit's figures are its solution's at other pays: read from the count cache
        once it ends, not solved again beside it)."""
        with self.lock:
            for running in [s for s in self.numbered.values() if _alive(s) and _gives_way(s, path, opened)]:
                self._stop(running)
            self.count += 1
            solve = Solve(self.count, path, key, game, shown, opened, price, after)
            self.numbered[solve.number] = solve
            for number in sorted(self.numbered)[:-KEPT]:
                if self.numbered[number].state != "solving":
                    del self.numbered[number]
        threading.Thread(target=self._launch, args=(solve,), daemon=True).start()
        return solve

    def _launch(self, solve: Solve) -> None:
        context = multiprocessing.get_context("fork")  # the worker holds the games read and the counts in memory
        while solve.after is not None and not solve.stopped and not solve.after.ended.wait(0.5):
            pass
        with self.engine, _FORKING, self.lock:  # one fork at a time in the process: no worker holds another's end of a pipe
            if solve.stopped:  # a newer edit came first
                solve.state, solve.error = "superseded", STOPPED
                solve.ended.set()
                solve.finished.set()
                return
            mine, theirs = context.Pipe(duplex=False)
            solve.process = context.Process(target=_solve, args=(theirs, solve.game, self.figures, solve.shown, solve.opened,
                                                                 solve.price), daemon=True)
            solve.process.start()
            theirs.close()
        self._follow(solve, mine)

    def opening(self, path: Path) -> Solve | None:
        """The solve of the file ``path`` as opened, while it runs (None: none)."""
        with self.lock:
            return next((s for s in self.numbered.values() if s.path == path and s.opened and s.state == "solving"), None)

    def pricing(self, path: Path) -> bool:
        """Whether a worker of ``path`` is still at work that will price its strategy (solving, or pricing once solved)."""
        with self.lock:
            return any(s.path == path and s.price and _alive(s) for s in self.numbered.values())

    def wait(self, number: int, seconds: float) -> dict[str, Any] | None:
        """The solve ``number``'s state, once it ends or after ``seconds`` (None: no such solve remembered)."""
        solve = self.numbered.get(number)
        if solve is None:
            return None
        solve.ended.wait(seconds)
        return solve.status()

    def waiting(self, path: Path, rules: str) -> list[Solve]:
        """The edits of ``path`` under ``rules`` (the key's fourth part) still solving: what a strategy priced may show."""
        with self.lock:
            return [s for s in self.numbered.values() if s.path == path and s.shown and not s.opened and s.state == "solving"
                    and s.key[3] == rules]

    def stop_all(self) -> None:
        with self.lock:
            for solve in self.numbered.values():
                if _alive(solve):
                    self._stop(solve)

    def _stop(self, solve: Solve) -> None:
        solve.stopped = True
        if solve.process is not None and not solve.finished.is_set():
            solve.process.terminate()

    def _follow(self, solve: Solve, connection: Any) -> None:
        """What the worker says, until it ends: its progress, its figures, its pricer."""
        try:
            while True:
                if not connection.poll(1.0):
                    if solve.process.exitcode is not None and not connection.poll(0):  # ended, whoever holds a copy
                        raise EOFError  # of its pipe's end (a process forked meanwhile by another part of the program)
                    continue
                message = connection.recv()
                if message[0] == "progress":
                    solve.progress = message[1:]
                elif message[0] == "solved":
                    try:
                        solve.result = self.solved(solve, *message[1:])
                    except Exception as error:  # said to the page: the server goes on
                        solve.state, solve.error = "failed", f"{type(error).__name__}: {error}"
                        break
                    solve.state = "done"
                    solve.ended.set()
                    if not solve.price:
                        break
                elif message[0] == "priced":
                    self.priced(solve, *message[1:])
                    break
                elif message[0] == "failed":
                    if solve.state == "solving":
                        solve.state, solve.error = "failed", message[1]
                    break
        except (EOFError, OSError):  # stopped (a newer edit), or ended by the system
            if solve.state == "solving":
                solve.state = "superseded" if solve.stopped else "failed"
                solve.error = (STOPPED_FILE if solve.opened else STOPPED) if solve.stopped else "the solve's process ended"
        finally:
            solve.ended.set()
            connection.close()
            solve.process.join()
            solve.finished.set()


class Warnings(logging.Handler):
    """The library's warnings while a game is read and analysed (a line never paid, a pay at the cap)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


class listening:
    """Hear the library's warnings into ``handler`` for a while."""

    def __init__(self, handler: logging.Handler) -> None:
        self.handler = handler
        self.logger = logging.getLogger("casino_math")

    def __enter__(self) -> None:
        self.logger.addHandler(self.handler)

    def __exit__(self, *exc: object) -> None:
        self.logger.removeHandler(self.handler)


def _gives_way(running: Solve, path: Path, opened: bool) -> bool:
    """Whether a solve running stops for a new one of ``path`` (``opened``: the file as opened): an edit's for a newer
    edit of its file, every solve of a file opened again, a file's own (opened, or pricing) for another file's."""
    if running.path == path:
        return opened or running.shown and not running.opened
    return running.opened or not running.shown


def _alive(solve: Solve) -> bool:
    """Whether the solve's worker is still at work (solving, or pricing its strategy)."""
    return not solve.finished.is_set()


def _solve(connection: Any, game: Game, figures: Figures, shown: bool, opened: bool = False, price: bool = True) -> None:
    """In the worker: the game solved, its figures sent (where a page waits for them; ``opened``: the file's, its rules
    in words with them), then its strategy's pricer (where ``price``)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # stopped at once, even in a compiled count (the server's handler waits)
    heard = Warnings()
    try:
        with listening(heard):
            analysis = GameAnalysis(game, lambda what, done, of: connection.send(("progress", what, done, of)))
            if shown:
                page, metrics = figures(analysis, opened)
                connection.send(("solved", page, metrics, list(heard.messages)))
            if price:
                connection.send(("priced", analysis.solution.repricer(), analysis.strategy_summary()))
    except Exception as error:  # said to the page: the server goes on
        connection.send(("failed", f"{type(error).__name__}: {error}"))
    finally:
        connection.close()
