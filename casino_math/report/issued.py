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
"""

from __future__ import annotations

import os
from datetime import date, datetime, timezone
from typing import Mapping

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
