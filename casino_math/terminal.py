"""What reaches the terminal: standard output and standard error with every control character escaped.

A game's name, a paytable's key or a file's name may carry escape sequences (``ESC ] 52`` writes the clipboard of
many terminals, ``ESC ] 0`` the window's title). :func:`escaped_output` puts the command line's two streams behind
:class:`Escaping` for the whole run, so every line printed, by any command, shows them as text (``\\x1b``) instead
of sending them; only the line ends pass. The progress bar alone draws on the stream underneath (:func:`raw`).

>>> import io
>>> shown = io.StringIO()
>>> print("Pair\\x1b]0;owned\\x07 Plus", file=Escaping(shown)); shown.getvalue()
'Pair\\\\x1b]0;owned\\\\x07 Plus\\n'
"""

from __future__ import annotations

import io
import sys
from contextlib import contextmanager
from typing import Iterator, TextIO

from .text import escaped


class Escaping(io.TextIOBase):
    """A text stream writing to ``stream`` what it is given, its control characters but the line end escaped."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(escaped(text, keep="\n"))
        return len(text)

    def flush(self) -> None:
        if not self.stream.closed:  # closed under us (a test's captured output), at exit: nothing to flush
            self.stream.flush()

    def isatty(self) -> bool:
        return not self.stream.closed and self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self.stream.encoding

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return self.stream.errors


def raw(stream: TextIO) -> TextIO:
    """The stream underneath an :class:`Escaping` one (the progress bar's escape sequences are its own), else ``stream``."""
    return stream.stream if isinstance(stream, Escaping) else stream


@contextmanager
def escaped_output() -> Iterator[None]:
    """Standard output and standard error escaping control characters until the block ends."""
    streams = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = Escaping(raw(sys.stdout)), Escaping(raw(sys.stderr))  # type: ignore[assignment]
    try:
        yield
    finally:
        sys.stdout, sys.stderr = streams
