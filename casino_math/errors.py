"""The errors users see, each reported in a single line: bad input (exit code 2 from the CLI) and work the machine
stopped (exit code 3)."""


class InputError(ValueError):
    """Input that cannot be used: an unknown card, deck or ranking, a bad paytable, and so on."""


class UnknownName(InputError, KeyError):
    """A name asked for that is not there (a bet, a decision, a line, a card), with what is: a ``KeyError`` for code
    that looks names up, an :class:`InputError` (one line, exit code 2) where a person typed it."""

    def __str__(self) -> str:  # the message as written, not KeyError's quoted repr
        return str(self.args[0]) if self.args else ""


class WorkerLost(RuntimeError):
    """A worker process stopped before it gave its result, without an error of its own: the system ended it, most
    often for want of memory. Nothing of the run's output is written (reports are written all or nothing).

    >>> print(WorkerLost("Caribbean Stud"))  # doctest: +ELLIPSIS
    a worker process stopped while working on Caribbean Stud, ended by the system (most often for want of memory); ...
    """

    def __init__(self, work: str) -> None:  # work: what was under way, the work of the worker ended among it
        super().__init__(f"a worker process stopped while working on {work}, ended by the system (most often for want "
                         "of memory); nothing was written: run again with fewer workers (--workers 1) or more memory free")
