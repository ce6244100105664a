"""The date a par sheet is issued: the one given, else the build's ``SOURCE_DATE_EPOCH``, else today.

The date is printed on the sheet (its identification and every PDF page's
header), so a sheet issued on a given date has the same bytes whenever it is
rebuilt: the date is an input like the game files, never the clock's reading
at the moment the file is written.

>>> issue_date("2026-03-01"), issue_date(None, {"SOURCE_DATE_EPOCH": "1700000000"})
(datetime.date(2026, 3, 1), datetime.date(2023, 11, 14))
>>> issue_date("1st of March")
Traceback (most recent call last):
...
casino_math.errors.InputError: --date: '1st of March' is not a date written YYYY-MM-DD (e.g. 2026-03-01)

An edition is the date, the document's revision (``--revision``: a lab's re-issue of the same sheet numbers it) and
the formats written:

>>> chosen_formats("xlsx, json"), chosen_formats(["pdf", "html", "pdf"])
(('xlsx', 'json'), ('html', 'pdf'))
>>> chosen_formats("docx")
Traceback (most recent call last):
...
casino_math.errors.InputError: --format: 'docx' is not a format written (choose among html, pdf, xlsx, json)
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from datetime import date, datetime, timezone
from typing import Mapping, Sequence

from ..errors import InputError


def issue_date(given: str | date | None = None, environ: Mapping[str, str] = os.environ) -> date:
    """The issue date: ``given`` (a date, or text ``YYYY-MM-DD``), else ``SOURCE_DATE_EPOCH`` (the reproducible-builds
    convention, seconds since 1970 in UTC), else today."""
    if isinstance(given, date):
        return given
    if given is not None:
        try:
            return date.fromisoformat(given.strip())
        except ValueError:
            raise InputError(f"--date: {given!r} is not a date written YYYY-MM-DD (e.g. 2026-03-01)") from None
    epoch = environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch:
        try:
            return datetime.fromtimestamp(int(epoch), timezone.utc).date()
        except (ValueError, OverflowError, OSError):
            raise InputError(f"SOURCE_DATE_EPOCH: {epoch!r} is not a whole number of seconds since 1970") from None
    return date.today()


FORMATS = ("html", "pdf", "xlsx", "json")  #: the formats a par sheet is written in
DEFAULT_FORMATS = ("html", "pdf")


@dataclass(frozen=True)
class Edition:
    """What a run prints on every sheet beside the figures: the issue date, the revision and a note the sheets open with
    (an edit's); and the formats it writes."""

    day: date
    revision: str = "1"
    formats: tuple[str, ...] = DEFAULT_FORMATS
    note: str = ""


def chosen_formats(given: str | Sequence[str]) -> tuple[str, ...]:
    """The formats asked for (text joined by commas, or a list), in the order of :data:`FORMATS`, each once."""
    named = [f.strip().lower() for f in (given.split(",") if isinstance(given, str) else given) if f.strip()]
    for name in named:
        if name not in FORMATS:
            raise InputError(f"--format: {name!r} is not a format written (choose among {', '.join(FORMATS)})")
    if not named:
        raise InputError(f"--format: name at least one format (choose among {', '.join(FORMATS)})")
    return tuple(f for f in FORMATS if f in named)


def revision_text(revision: str) -> str:
    """A document revision as printed: short, one line (``1``, ``2.1``, ``B``)."""
    text = str(revision).strip()
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]{0,19}", text):
        raise InputError(f"--revision: {revision!r} is not a revision (letters, digits, '.', '-' or '_', at most 20)")
    return text
