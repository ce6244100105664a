"""Each strategy's pricer kept between runs, so that an edit made in the first seconds after a game is opened is priced
at once by the strategy solved in an earlier run, not only once a worker has worked it out again.

A pricer (:meth:`~casino_math.contract.solution.Solution.repricer`: blackjack's ends as linear forms of the pays) costs a
solve and a replay at generic pays (Spanish 21: 12 to 30 s in a worker); it depends on the game solved alone. So the
studio keeps the last pricer of each game file under each set of rules edited in the count cache
(:mod:`casino_math.count_cache`, as data, never pickle; keyed by the files read, by their SHA-256, the rules edited and
the method's code), with the strategy in words and the pays it was solved at, and reads it back when the file is opened
or those rules are edited again.

The store keeps plain data and the package's dataclasses; a set it does not keep (a rule set's ``frozenset`` fields,
empty where a game has no free doubles) travels as :class:`Members` and is a set again once read.

>>> from casino_math.analysis import load_game
>>> from casino_math.shard_store import from_bytes, to_bytes
>>> rules = load_game("paytables/blackjack/spanish-21.yaml").rules
>>> restored(from_bytes(to_bytes(storable(rules)))) == rules
True
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass
from typing import Any

from ..count_cache import current

KIND = "studio strategy pricer"
HERE = "studio/kept_pricers.py"


@dataclass(frozen=True)
class Members:
    """A set's members, as the store keeps them (in a fixed order: the same set is the same bytes)."""

    items: tuple[Any, ...]


@dataclass(frozen=True)
class Kept:
    """A strategy's pricer, its strategy in words and the pays it was solved at (as :func:`~.workbench.pays_key` writes
    them)."""

    pricer: Any
    strategy: dict[str, str]
    pays: str


def storable(value: Any) -> Any:
    """``value`` with every set a field of one of its dataclasses holds as :class:`Members` (copied where it changes)."""
    if isinstance(value, (set, frozenset)):
        return Members(tuple(sorted((storable(v) for v in value), key=repr)))
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return value
    changed = {f.name: storable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if all(changed[name] is getattr(value, name) for name in changed):
        return value
    out = copy.copy(value)
    for name, field_value in changed.items():
        object.__setattr__(out, name, field_value)
    return out


def restored(value: Any) -> Any:
    """What :func:`storable` made of a value, read back: each :class:`Members` a ``frozenset`` again."""
    if isinstance(value, Members):
        return frozenset(restored(v) for v in value.items)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            now = getattr(value, f.name)
            again = restored(now)
            if again is not now:
                object.__setattr__(value, f.name, again)
    return value


def code_of(method: object) -> tuple[str, ...]:
    """The modules a pricer comes from, for the cache's digest: its method's folder (and this module)."""
    module = type(method).__module__.split(".")[1:-1]
    return ("/".join(module), HERE)


def load(key: str, what: str, method: object) -> Kept | None:
    """The pricer kept for ``key`` (None: none, or the cache is off or does not hold it whole)."""
    cache = current()
    if cache is None:
        return None
    found, value = cache.load(KIND, key, what, code_of(method))
    if not found or not isinstance(value, dict) or set(value) != {"pricer", "strategy", "pays"}:
        return None
    return Kept(restored(value["pricer"]), dict(value["strategy"]), str(value["pays"]))


def keep(key: str, what: str, method: object, kept: Kept) -> None:
    """Keep ``kept`` for ``key`` (nothing where the cache is off)."""
    cache = current()
    if cache is not None:
        cache.keep(KIND, key, what, {"pricer": storable(kept.pricer), "strategy": kept.strategy, "pays": kept.pays}, code_of(method))
