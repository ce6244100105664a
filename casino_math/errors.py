"""The one error type users see: bad input, reported in a single line (exit code 2 from the CLI)."""


class InputError(ValueError):
    """Input that cannot be used: an unknown card, deck or ranking, a bad paytable, and so on."""


class UnknownName(InputError, KeyError):
    """A name asked for that is not there (a bet, a decision, a line, a card), with what is: a ``KeyError`` for code
    that looks names up, an :class:`InputError` (one line, exit code 2) where a person typed it."""

    def __str__(self) -> str:  # the message as written, not KeyError's quoted repr
        return str(self.args[0]) if self.args else ""
