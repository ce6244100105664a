"""A progress bar on stderr for a report run, shown only once the run has taken over a second.

Short runs stay silent; a long one (many game files, a slow machine) shows
rich's bar, which disappears when done. ``quiet`` shows nothing at all.
"""

from __future__ import annotations

import time
from types import TracebackType
from typing import Callable

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

DELAY_SECONDS = 1.0


class Steps:
    """Count named steps of work; draw them on a rich bar after ``delay`` seconds unless quiet."""

    def __init__(self, quiet: bool, delay: float = DELAY_SECONDS, console: Console | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.quiet, self.delay, self.clock = quiet, delay, clock
        self.started = clock()
        self.progress = Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
            console=console or Console(stderr=True), transient=True,
        )
        self.task = self.progress.add_task("report", total=None)
        self.shown = self.begun = False

    def plan(self, total: int) -> None:
        """How many steps the run will take, once that is known."""
        self.progress.update(self.task, total=total)

    def step(self, description: str) -> None:
        """The previous step is done; ``description`` starts."""
        if self.begun:
            self.progress.advance(self.task)
        self.begun = True
        self.progress.update(self.task, description=description)
        if not self.shown and not self.quiet and self.clock() - self.started > self.delay:
            self.progress.start()
            self.shown = True

    def __enter__(self) -> Steps:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        if self.shown:
            if kind is None:
                self.progress.advance(self.task)  # the last step is done too
            self.progress.stop()
