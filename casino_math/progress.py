"""The one progress bar of every long command: on a terminal's stderr, after a second, within 80 columns, with an ETA.

A run has up to two lines. The run's own line says what it does and how far
it is: named steps (:meth:`Bar.plan`, :meth:`Bar.step`: a report's files,
each weighed by its estimated cost) or a count (:meth:`Bar.status`: hands
dealt). The engine's line shows the count in hand as the engine reports it,
``bar(what, done, of)``, each phase with its own estimate. A line's ETA is its
work left at its pace since its first report, read at every redraw: a step
that runs long makes it grow, never sit at a second. Nothing is drawn for a
run under a second, on a pipe or a file (stderr stays clean for the results on
stdout), or when ``quiet``.

>>> with Bar(quiet=True) as bar:
...     bar.plan(2); bar.step("reading"); bar("counting", 1, 2); bar("counting", 2, 2); bar.step("writing")
>>> count_text(1234, 10**7), count_text(12, 13)
('1.2k/10M', '12/13')
"""

from __future__ import annotations

import os
import sys
import time
from contextlib import contextmanager, suppress
from types import TracebackType
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

from .terminal import raw
from .text import escaped

if TYPE_CHECKING:  # rich loads only when a bar may be drawn: --help stays fast
    from rich.console import Console, RenderableType
    from rich.progress import Progress, Task, TaskID
    from rich.text import Text

DELAY_SECONDS = 1.0
PRIOR_SECONDS = 30.0  # a plan in estimated seconds: the estimate's own pace counts as this much work done (see remaining)
DESCRIPTION_WIDTH = 30  # of 80 columns: the bar 16, the count 11, elapsed 7, "ETA" and the estimate 11, spaces between
BAR_WIDTH = 16
Report = Callable[[str, int, int], None]  # what the engine calls: (what, done, of)


def count_text(done: int, of: int | None) -> str:
    """``done/of`` short enough for a narrow terminal: ``12/13``, ``1.2k/10M``."""
    return f"{_short(done)}/{_short(of)}" if of else _short(done)


def _short(n: int | float | None) -> str:
    if n is None:
        return "?"
    for size, unit in ((10**12, "T"), (10**9, "G"), (10**6, "M"), (10**3, "k")):
        if n >= size:
            value = n / size
            return f"{value:.1f}{unit}".replace(".0" + unit, unit) if value < 100 else f"{value:.0f}{unit}"
    return f"{int(n)}"


class Bar:
    """Callable as the engine's ``progress(what, done, of)``; used as a context, draws on stderr once a second has passed.

    ``console`` and ``clock`` are for tests (a console on a buffer, a clock that is told the time).
    """

    def __init__(self, quiet: bool = False, delay: float = DELAY_SECONDS, console: Console | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.quiet, self.delay, self.clock, self.console = quiet, delay, clock, console
        self.started = clock()
        self.progress: Progress | None = None  # made when the context is entered, on a terminal and not quiet
        self.main: TaskID | None = None  # the run's own line
        self.detail_line: TaskID | None = None  # the engine's line
        self.phase = ""  # what the engine's line counts now: a new phase starts its own estimate
        self.begun = False
        self.weight = 1.0  # of the step under way, in the plan's units: added when it is done

    # -- the run's own line ---------------------------------------------------------------------------------
    def status(self, description: str, done: int | None = None, of: int | None = None) -> None:
        """What the run does now, and how far it is (no ``of``: not known, the bar waits)."""
        self._main_line(description, done, of)

    def plan(self, total: float) -> None:
        """What the run's named steps weigh together, in estimated seconds (one a step unless :meth:`step` says), as far
        as it is known; the run's line shows the share done."""
        self._main_line(None, None, total)
        assert self.progress is None or self.main is not None
        if self.progress is not None and self.main is not None:
            self.progress.update(self.main, estimated=True)

    def extend(self, more: float) -> None:
        """More steps than planned, now that they are known (the charts of a document)."""
        if self.progress is not None and self.main is not None:
            self.plan(float(self._task(self.main).total or 0) + more)

    def step(self, description: str, weight: float = 1.0) -> None:
        """The previous step is done; ``description`` starts, weighing ``weight`` of the plan (its estimated cost)."""
        if self.progress is None:
            return
        if self.main is None:
            self.plan(1)
        assert self.main is not None
        if self.begun:
            self.progress.advance(self.main, self.weight)
        else:  # the pace of the steps is measured from the first one's start
            self._paced(self.main, float(self._task(self.main).completed))
        self.begun, self.weight = True, weight
        self.progress.update(self.main, description=description)

    # -- the engine's line -------------------------------------------------------------------------------------
    def __call__(self, what: str, done: int, of: int) -> None:
        if self.progress is None:
            return
        if self.detail_line is None:
            self.detail_line = self.progress.add_task(what, total=of)
        elif what != self.phase:
            self.progress.reset(self.detail_line, description=what, total=of)  # a new phase: its own estimate
        self.progress.update(self.detail_line, total=of, completed=done)
        if what != self.phase:  # the first report is the phase's first sample
            self._paced(self.detail_line, done)
        self.phase = what

    @contextmanager
    def detail(self) -> Iterator[Report]:
        """Within the current step (the run's line names it), the engine's line for work that reports (what, done, of);
        gone when the work ends."""
        try:
            yield self
        finally:
            if self.progress is not None and self.detail_line is not None:
                self.progress.remove_task(self.detail_line)
            self.detail_line, self.phase = None, ""

    # -- drawing ---------------------------------------------------------------------------------------------
    def _main_line(self, description: str | None, done: float | None, of: float | None) -> None:
        if self.progress is None:
            return
        if self.main is None:
            self.main = self.progress.add_task(description or "", total=of)
        fields: dict[str, Any] = {"total": of}
        if description is not None:
            fields["description"] = description
        if done is not None:
            fields["completed"] = done
        self.progress.update(self.main, **fields)
        if done is not None and "since" not in self._task(self.main).fields:
            self._paced(self.main, done)

    def _task(self, task: TaskID) -> Task:
        assert self.progress is not None
        return next(t for t in self.progress.tasks if t.id == task)

    def _paced(self, task: TaskID, done: float) -> None:
        """A line's pace is measured from here: ``done`` of its work at this moment."""
        assert self.progress is not None
        self.progress.update(task, since=(self.clock(), done))

    def __enter__(self) -> Bar:
        if not self.quiet and (self.console is not None or _may_be_terminal(raw(sys.stderr))):
            from rich.console import Console

            console = self.console or Console(file=raw(sys.stderr))  # its own escape sequences draw the bar
            if console.is_terminal:  # a file or a pipe gets nothing, not even the blank line rich leaves
                self.progress = _progress(console, self.delay, self.clock, self.started)
                self.progress.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        if self.progress is not None:
            if kind is None and self.main is not None and self.begun:
                self.progress.advance(self.main, self.weight)  # the last step is done too
            self.progress.stop()


def _may_be_terminal(stream: Any) -> bool:
    """Whether rich may take ``stream`` for a terminal: a tty, or one of the variables that force it to (what rich's
    ``Console.is_terminal`` reads); where not, a pipe or a file draws nothing without loading rich (a twentieth of a
    second)."""
    try:
        tty = bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed file
        tty = False
    return tty or os.environ.get("TTY_COMPATIBLE") == "1" or bool(os.environ.get("FORCE_COLOR"))


class Relayed(Bar):
    """A bar drawn in another process: nothing drawn here, the engine's reports handed to ``report`` (a
    :class:`Relay`'s sender, in a worker)."""

    def __init__(self, report: Report) -> None:
        super().__init__(quiet=True)
        self.report = report

    def __call__(self, what: str, done: int, of: int) -> None:
        self.report(what, done, of)


class Relay:
    """The engine's reports from forked worker processes, drawn on the bar of the process that waits for them: the
    reports of the work waited for (:meth:`show`) on the engine's line, so that a family counted for minutes in a
    worker shows its count and its own ETA, not a bar stopped at its last step. Made before the workers are forked
    (they inherit its queue); a worker reports through :meth:`sender`, at most a few times a second.

    >>> from casino_math.workers import in_processes
    >>> relay = Relay()
    >>> def work(key):
    ...     relay.sender(key)("counting", 1, 2)
    ...     return key
    >>> with Bar(quiet=True) as bar, relay.drawn(bar):
    ...     in_processes(work, ["a", "b"], 2, relay.show)
    {'a': 'a', 'b': 'b'}
    """

    INTERVAL = 0.25  # seconds between two reports of one phase sent

    def __init__(self) -> None:
        import multiprocessing

        self.queue = multiprocessing.get_context("fork").SimpleQueue()
        self.shown: object = None
        self.latest: dict[object, tuple[str, int, int]] = {}  # each work's last report, drawn when it is shown
        self.bar: Bar | None = None

    def show(self, key: object) -> None:
        """The work whose reports are drawn from now on (the one the run waits for), its last report at once."""
        self.shown = key
        if self.bar is not None and key in self.latest:
            self._draw(key, *self.latest[key])

    def _draw(self, key: object, what: str, done: int, of: int) -> None:
        assert self.bar is not None
        with self.lock:
            self.bar(f"{key}: {what}", done, of)

    def sender(self, key: object, clock: Callable[[], float] = time.monotonic) -> Report:
        """In a worker: the engine's ``progress(what, done, of)`` for ``key``'s work, sent to the drawing process."""
        last: dict[str, float] = {}

        def send(what: str, done: int, of: int) -> None:
            now = clock()
            if what in last and done < of and now - last[what] < self.INTERVAL:
                return
            last[what] = now
            self.queue.put((key, what, done, of))
        return send

    @contextmanager
    def drawn(self, bar: Bar) -> Iterator[None]:
        """While the workers run: a thread draws the shown work's reports on ``bar``'s engine line."""
        import threading

        def draw() -> None:
            while (sent := self.queue.get()) is not None:
                key, what, done, of = sent
                self.latest[key] = (what, done, of)
                if key == self.shown:
                    with suppress(Exception):  # the reading goes on whatever the drawing does: a worker must never
                        self._draw(key, what, done, of)  # wait on a full pipe

        self.bar, self.lock = bar, threading.Lock()
        with bar.detail():
            thread = threading.Thread(target=draw, name="progress relay", daemon=True)
            thread.start()
            try:
                yield
            finally:
                self.queue.put(None)
                thread.join()


def _progress(console: Console, delay: float, clock: Callable[[], float], started: float) -> Progress:
    """rich's Progress with our columns, drawing nothing until ``delay`` seconds after ``started``."""
    from rich.progress import BarColumn, Progress, ProgressColumn, TextColumn, TimeElapsedColumn
    from rich.table import Column
    from rich.text import Text

    class Described(ProgressColumn):
        def render(self, task: Task) -> Text:
            return Text(escaped(task.description))  # a name from a file as text: its control characters shown, not sent

    class Count(ProgressColumn):
        def render(self, task: Task) -> Text:
            if task.fields.get("estimated"):  # weights in estimated seconds: the share done
                return Text(f"{task.percentage:.0f}%", style="progress.percentage")
            return Text(count_text(int(task.completed), int(task.total) if task.total else None), style="progress.download")

    class Remaining(ProgressColumn):
        """The work left at the pace since the line's first sample, as of now: a step that runs past its estimate
        slows the pace, and the estimate grows (rich's own holds the pace of the last reports until the next one)."""

        def render(self, task: Task) -> Text:
            prior = PRIOR_SECONDS if task.fields.get("estimated") else 0.0
            left = remaining(task.fields.get("since"), float(task.completed), task.total, clock(), prior)
            return Text("-:--:--" if left is None else clock_text(left), style="progress.remaining")

    class Delayed(Progress):
        def get_renderables(self) -> Iterable[RenderableType]:
            if clock() - started > delay:
                yield from super().get_renderables()

    width = max(12, min(DESCRIPTION_WIDTH, console.width - 80 + DESCRIPTION_WIDTH))  # narrower than 80: the words give way
    columns = (
        Described(table_column=Column(width=width, max_width=width, no_wrap=True, overflow="ellipsis")),
        BarColumn(bar_width=BAR_WIDTH),
        Count(table_column=Column(width=11, justify="right")),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        Remaining(),
    )
    return Delayed(*columns, console=console, transient=True, get_time=clock, expand=False)


def remaining(since: tuple[float, float] | None, done: float, total: float | None, now: float, prior: float = 0.0) -> float | None:
    """Seconds left for ``total`` at the pace from ``since`` (a moment and the work done then) to ``now`` and ``done``;
    None while the pace is not known. ``prior``: where the work is counted in estimated seconds, that many seconds of
    work taken at the estimate's own pace, so that the first quick steps do not set the pace alone; a step that runs
    past its estimate slows the pace, and the time left grows.

    >>> remaining((10.0, 1.0), 3.0, 13.0, 14.0)   # 2 done in 4 s: 10 more take 20 s
    20.0
    >>> remaining((0.0, 0.0), 1.0, 101.0, 60.0)   # the big step begun a minute ago: 100 more at 1 a minute
    6000.0
    >>> remaining(None, 3.0, 13.0, 14.0), remaining((14.0, 3.0), 3.0, 13.0, 14.0)
    (None, None)
    >>> round(remaining((0.0, 0.0), 0.1, 600.1, 4.0, prior=30.0), 1)   # files read in 4 s, estimated at 0.1 s
    677.7
    """
    if since is None or not total:
        return None
    start, done_then = since
    worked, elapsed = done - done_then + prior, now - start + prior
    if worked <= 0 or elapsed <= 0:
        return None
    return max(0.0, total - done) * elapsed / worked


def clock_text(seconds: float) -> str:
    """``H:MM:SS``, as rich prints a time: ``clock_text(3725.4)`` is ``'1:02:05'``."""
    whole = int(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"
