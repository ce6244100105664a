"""The one error type users see: bad input, reported in a single line (exit code 2 from the CLI)."""


class InputError(ValueError):
    """Input that cannot be used: an unknown card, deck or ranking, a bad paytable, and so on."""
