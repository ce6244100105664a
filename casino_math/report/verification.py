"""The verification section's rows: published figures on file beside the game files, checked by :mod:`casino_math.claims`.

A report over some game files checks the claims in ``claims/*.yaml`` next to
them that are about those files (or about no file: hand counts of the deck),
on the report's own analyses: nothing is counted twice. Pass means what
``casino-math verify`` means: the exact value rounds to the published digits,
or the published comparison holds. A figure that does not pass is one of two
kinds: a difference the claims file explains in its ``gap:`` (another
convention, a simulation, a rounding the source chose), or a failure nobody
has explained, the only kind a lab must look into.

>>> ok = Check("t", "house edge", "1.00%", "1.0000%", "a book", True)
>>> explained = Check("t", "house edge", "1.23%", "1.2251%", "a site", False, gap="a simulation")
>>> failed = Check("t", "house edge", "1.23%", "1.2251%", "a site", False)
>>> ok.status, explained.status, failed.status
('agrees', 'differs', 'fails')
>>> tally([ok, explained, failed])
'3 figures checked: 1 agrees, 1 differs (explained), 1 fails'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Literal, Sequence

from ..analysis import GameAnalysis


@dataclass(frozen=True)
class Check:
    paytable: str  # the id of the game file the claim is about, "" for claims about the deck alone
    claim: str  # what is claimed, in words
    published: str
    computed: str  # in the published form, two more decimals
    source: str
    passed: bool
    file: str = ""  # the claims file it is written in (hashed in the identification)
    gap: str = ""  # the claims file's reason why the published figure differs ("": it should agree)

    @property
    def status(self) -> Literal["agrees", "differs", "fails"]:
        """``agrees``: the exact value gives the published one; ``differs``: it does not, and the claims file says why;
        ``fails``: it does not, unexplained."""
        return "agrees" if self.passed else "differs" if self.gap else "fails"


def tally(checks: Sequence[Check]) -> str:
    """``83 figures checked: 68 agree, 15 differ (explained), 0 fail`` (or that none are on file)."""
    if not checks:
        return "no published figures on file"
    n = {status: sum(c.status == status for c in checks) for status in ("agrees", "differs", "fails")}

    def verb(count: int, one: str, many: str) -> str:
        return f"{count:,} {one if count == 1 else many}"

    return (f"{len(checks):,} figure{'s' * (len(checks) != 1)} checked: {verb(n['agrees'], 'agrees', 'agree')}, "
            f"{verb(n['differs'], 'differs', 'differ')} (explained), {verb(n['fails'], 'fails', 'fail')}")


def unexplained(checks: Sequence[Check]) -> int:
    """How many published figures fail with no reason on file: the count a title shows in red."""
    return sum(c.status == "fails" for c in checks)


def claims_beside(files: Iterable[Path]) -> list[Path]:
    """The claims files in ``claims/`` beside the game files."""
    folders = dict.fromkeys(f.parent / "claims" for f in files)
    return [c for folder in folders if folder.is_dir() for c in sorted(folder.glob("*.yaml"))]


def check_claims(analyses: Sequence[GameAnalysis]) -> list[Check]:
    """Check every claim about these analysed game files, in the order of the claims files."""
    files = claims_beside(Path(a.game.path) for a in analyses)
    if not files:
        return []
    from ..claims import load_claims, verify  # the claims machinery only where claims are on file

    by_path = {Path(a.game.path).resolve(): a for a in analyses}
    ids = {path: a.game.id for path, a in by_path.items()}
    written = [(path, claim) for path in files for claim in load_claims(path).claims if claim.game is None or claim.game in ids]
    if not written:
        return []
    frame = verify([claim for _, claim in written], analyses=by_path)
    return [
        Check(ids[claim.game] if claim.game else "", readable(row.claim, claim.wager, by_path[claim.game] if claim.game else None),
              row.published, row.computed_text, row.source, bool(row.passed), str(path), claim.gap)
        for (path, claim), row in zip(written, frame.itertuples())
    ]


def readable(label: str, wager: str | None, analysis: GameAnalysis | None) -> str:
    """A claim's label as the sheet prints it: the bet by its name at the table, a strategy in words, no underscores.

    >>> readable("casino_war house edge [always surrender]", None, None)
    'casino war house edge, playing always surrender'
    """
    if wager and analysis is not None and label.startswith(wager):
        label = analysis.game.names.bet(wager) + label[len(wager):]
    label = re.sub(r" \[([^\]]+)\]", r", playing \1", label)
    return label.replace("_", " ")
