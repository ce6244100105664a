"""The verification section's rows: published figures on file beside the game files, checked by :mod:`casino_math.claims`.

A report over some game files checks the claims in ``claims/*.yaml`` next to
them that are about those files (or about no file: hand counts of the deck),
on the report's own analyses: nothing is counted twice. Pass means what
``casino-math verify`` means: the exact value rounds to the published digits,
or the published comparison holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

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
        Check(ids[claim.game] if claim.game else "", row.claim, row.published, row.computed_text, row.source, bool(row.passed),
              str(path))
        for (path, claim), row in zip(written, frame.itertuples())
    ]
