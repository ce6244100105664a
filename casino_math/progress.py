"""A progress bar with an ETA on stderr for work that takes a while; silent for what is quick.

The engine reports ``(what, done, of)`` as it counts; :class:`Bar` draws it
with rich once the work has run for a second, and never on a pipe.

>>> with Bar(quiet=True) as bar:
...     bar("counting", 1, 2); bar("counting", 2, 2)
"""

from __future__ import annotations

import time
from types import TracebackType
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:  # rich loads only once a bar is drawn
    from rich.progress import Progress, TaskID

DELAY_SECONDS = 1.0


class Bar:
    """Callable as ``bar(what, done, of)``; shows a rich bar with the elapsed and remaining time after ``delay`` seconds."""

    def __init__(self, quiet: bool = False, delay: float = DELAY_SECONDS, clock: Callable[[], float] = time.monotonic) -> None:
        self.quiet, self.delay, self.clock = quiet, delay, clock
        self.started = clock()
        self.progress: Progress | None = None
        self.tasks: dict[str, TaskID] = {}

    def __call__(self, what: str, done: int, of: int) -> None:
        if self.quiet:
            return
        if self.progress is None:
            if self.clock() - self.started < self.delay:
                return
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

            console = Console(stderr=True)
            if not console.is_terminal:
                self.quiet = True
                return
            self.progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                                     TimeRemainingColumn(), console=console, transient=True)
            self.progress.start()
        if what not in self.tasks:
            self.tasks[what] = self.progress.add_task(what, total=of)
        self.progress.update(self.tasks[what], completed=done, total=of)

    def __enter__(self) -> Bar:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        if self.progress is not None:
            self.progress.stop()
