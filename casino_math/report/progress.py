"""A progress bar on stderr for a report run, shown only once the run has taken over a second.

Short runs stay silent; a long one (many game files, a big game) shows
rich's bar, which disappears when done: the step in hand, steps done of all,
time elapsed and an estimate of the time left. A step that reports its own
progress (the counting of a big game, through the callback
:meth:`Steps.detail` gives it) gets a second line with its own estimate. ``quiet`` shows nothing at all.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from types import TracebackType
from typing import Callable, Iterable, Iterator

from rich.console import Console, RenderableType
from rich.progress import (
    BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn,
)

DELAY_SECONDS = 1.0


class _Delayed(Progress):
    """rich's Progress, drawing nothing until ``delay`` seconds have passed: its refresh thread shows it, mid-step if need be."""

    def __init__(self, *columns: str | ProgressColumn, delay: float, clock: Callable[[], float], console: Console) -> None:
        self.delay, self.clock, self.started = delay, clock, clock()  # first: rich renders once while it is made
        super().__init__(*columns, console=console, transient=True, get_time=clock)

    def get_renderables(self) -> Iterable[RenderableType]:
        if self.clock() - self.started > self.delay:
            yield from super().get_renderables()


class Steps:
    """Count named steps of work; used as a context, draw them on a rich bar on a terminal after ``delay`` seconds unless quiet."""

    def __init__(self, quiet: bool, delay: float = DELAY_SECONDS, console: Console | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        console = console or Console(stderr=True)
        self.live = not quiet and console.is_terminal  # a file or a pipe gets no bar (not even the blank line rich leaves)
        self.progress = _Delayed(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
            TextColumn("ETA"), TimeRemainingColumn(),
            delay=delay, clock=clock, console=console,
        )
        self.task = self.progress.add_task("report", total=None)
        self.begun = False

    def plan(self, total: int) -> None:
        """How many steps the run will take, as far as it is known."""
        self.progress.update(self.task, total=total)

    def extend(self, more: int) -> None:
        """More steps than planned, now that they are known (the charts of a document)."""
        self.plan(int(self.progress.tasks[0].total or 0) + more)

    def step(self, description: str) -> None:
        """The previous step is done; ``description`` starts."""
        if self.begun:
            self.progress.advance(self.task)
        self.begun = True
        self.progress.update(self.task, description=description)

    @contextmanager
    def detail(self, description: str) -> Iterator[Callable[[str, int, int], None]]:
        """Within the current step: a line of its own, with its own estimate, for work that reports (what, done, of)."""
        task = self.progress.add_task(description, total=None, visible=False)

        def report(what: str, done: int, of: int) -> None:
            self.progress.update(task, description=f"{description}: {what}", completed=done, total=of, visible=True)

        try:
            yield report
        finally:
            self.progress.remove_task(task)

    def __enter__(self) -> Steps:
        if self.live:
            self.progress.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        if self.live:
            if kind is None:
                self.progress.advance(self.task)  # the last step is done too
            self.progress.stop()
