"""A casino's house way as data: an ordered list of rules, each transcribing a line of the published text.

The banker (and a player who asks the dealer) sets seven cards by the house way. A rule names the hands it is for,
the conditions under which it applies, and how to set them::

    - hand: two pair
      if: big pair is 7s to 10s
      set: [{back: both pairs, front: an ace}, {front: small pair}]
      text: "Big pair is 10s, 9s, 8s, 7s: Place both pair in back if you can: Put an Ace in front, otherwise split."

- **hand**: the hand's pairs, the joker an ace: ``no pair``, ``one pair``, ``two pair``, ``three pair``,
  ``three of a kind``, ``full house`` (three of a kind and a pair), ``three of a kind and two pair``, ``two sets``
  (three of a kind twice), ``four of a kind``, ``four of a kind and a pair``, ``four of a kind and three of a kind``,
  ``five aces``, ``five aces and a pair`` (one or a list). **with**: the complete hand the seven cards make besides:
  ``nothing`` (the default), ``straight``, ``flush``, ``straight flush`` (the best of them counts), ``anything``.
- **if** / **unless**: clauses joined by ``and``: ``ROLE is RANKS`` (roles: ``big pair``, ``small pair``, ``the pair``,
  ``high pair``, ``three of a kind``, ``lower three of a kind``, ``four of a kind``; ranks: ``aces``, ``7s``,
  ``7s to 10s``, ``jacks or better``, ``6s or lower``), or a single card held outside the pairs: ``an ace``,
  ``a king or better`` (the joker counts as an ace).
- **set**: what the setting must meet, one mapping or a list tried in order (the first any setting meets is used):
  ``back:`` what the high hand keeps whole (a role above, ``both pairs``, or ``straight or better`` and the like),
  ``front:`` what the low hand is (a role's pair, ``a pair``, ``an ace``, ``a king or better``, or ``highest``: any), ``any of:`` settings
  meeting any of several such mappings. Among the settings that meet it, the one with the highest low hand is taken,
  then the highest high hand ("the two highest cards in front that leave a straight in back"). ``set: as two pair``
  sets the hand by the rules for another hand (with nothing besides).
- **text**: the published line the rule transcribes (the par sheet shows it beside the hands the rule set).

The first rule that fits a hand sets it. A hand no rule fits, or that no setting of its rule's list can meet, is an
error at the rule's (or the house way's) ``file:line``, never a guess: every hand shape the deck can deal is tried
when the file is read (:meth:`HouseWay.check`), and every hand when it is counted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from ...cards import ACE, Card, Deck
from ...errors import InputError
from ...rankings.base import CATEGORY_SHIFT
from .hands import HIGH_POSITIONS, SETTINGS, TIE_SHIFT, PaiGowHands
from ...held import cached
from ...held import Held

KINDS: dict[tuple[int, ...], str] = {
    (1, 1, 1, 1, 1, 1, 1): "no pair", (2, 1, 1, 1, 1, 1): "one pair", (2, 2, 1, 1, 1): "two pair", (2, 2, 2, 1): "three pair",
    (3, 1, 1, 1, 1): "three of a kind", (3, 2, 1, 1): "full house", (3, 2, 2): "three of a kind and two pair",
    (3, 3, 1): "two sets", (4, 1, 1, 1): "four of a kind", (4, 2, 1): "four of a kind and a pair",
    (4, 3): "four of a kind and three of a kind", (5, 1, 1): "five aces", (5, 2): "five aces and a pair",
}
KIND_NAMES = tuple(KINDS.values())
KIND_ALIASES = {"three of a kind twice": "two sets", "pair": "one pair"}
COMPLETE = ("nothing", "straight", "flush", "straight flush")
RANK_WORDS = {"aces": 14, "kings": 13, "queens": 12, "jacks": 11, "tens": 10, "10s": 10, "9s": 9, "8s": 8, "7s": 7,
              "6s": 6, "5s": 5, "4s": 4, "3s": 3, "2s": 2, "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6,
              "sevens": 7, "eights": 8, "nines": 9}
CARD_WORDS = {"an ace": 14, "a king": 13, "a queen": 12, "a jack": 11, "a ten": 10}
ROLES = ("big pair", "small pair", "the pair", "high pair", "three of a kind", "lower three of a kind", "four of a kind",
         "five aces")
ROLE_ALIASES = {"pair": "the pair", "high pair": "big pair", "higher three of a kind": "three of a kind",
                "the three of a kind": "three of a kind", "the four of a kind": "four of a kind", "low pair": "small pair"}
CATEGORY_WORDS = {"two pair": "two_pair", "three of a kind": "three_of_a_kind", "straight": "straight", "flush": "flush",
                  "full house": "full_house", "four of a kind": "four_of_a_kind", "straight flush": "straight_flush"}


# -- the rules, as read ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Clause:
    """One condition: a role's rank among ``ranks`` (``role``), or a single card of those ranks held (``role`` None)."""

    role: str | None
    ranks: frozenset[int]
    text: str


@dataclass(frozen=True)
class Setting:
    """What a setting must meet: the roles (or a category floor) the high hand keeps whole, what the low hand is."""

    back: tuple[str, ...] = ()
    front: str | None = None
    any_of: tuple[Setting, ...] = ()


@dataclass(frozen=True)
class Rule:
    """One rule of a house way (see the module): where it is written, the hands it is for, when, how to set them."""

    where: str
    hands: frozenset[tuple[str, str]]  # (pairs, complete) pairs
    conditions: tuple[Clause, ...] = ()
    negated: tuple[Clause, ...] = ()  # "unless": the rule applies unless all of these hold
    tries: tuple[Setting, ...] = ()
    play_as: str | None = None
    text: str = ""

    @property
    def summary(self) -> str:
        """The rule in a line, as the par sheet lists it: the published text where the file gives it."""
        return self.text or self.where


@dataclass(frozen=True, eq=False)
class HouseWay:
    """A house way: its rules in order, for one deck (and its A-2-3-4-5 rule)."""

    rules: tuple[Rule, ...]
    hands: PaiGowHands
    where: str = ""
    name: str = ""

    # -- setting many hands at once ----------------------------------------------------------------------------
    def set(self, hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The setting (an index into :data:`~.hands.SETTINGS`) and the rule that set it, for each seven-card hand
        (rows of card ids, ascending); -1 where no rule fits (setting and rule) or the rule's settings are all unmet
        (setting only): :meth:`set_or_fail` turns those into errors."""
        features = Features.of(self.hands, hands)
        rule = np.full(len(hands), -1, dtype=np.int64)
        self._dispatch(features, np.ones(len(hands), dtype=bool), features.kind, features.complete, rule)
        setting = np.full(len(hands), -1, dtype=np.int64)
        for index, r in enumerate(self.rules):
            rows = np.flatnonzero(rule == index)
            if len(rows):
                setting[rows] = _choose(r, features, rows)
        return setting, rule

    def _dispatch(self, f: Features, open_: np.ndarray, kind: np.ndarray, complete: np.ndarray, out: np.ndarray) -> None:
        for index, r in enumerate(self.rules):
            shapes = np.zeros(len(KIND_NAMES) * len(COMPLETE), dtype=bool)
            shapes[[KIND_NAMES.index(k) * len(COMPLETE) + COMPLETE.index(c) for k, c in r.hands]] = True
            fits = open_ & shapes[kind * len(COMPLETE) + complete]
            for clause in r.conditions:
                fits &= f.holds(clause)
            if r.negated:
                every = np.ones(len(kind), dtype=bool)
                for clause in r.negated:
                    every &= f.holds(clause)
                fits &= ~every
            if not fits.any():
                continue
            open_ = open_ & ~fits
            if r.play_as is None:
                out[fits] = index
            else:  # set as another hand: its rules decide, the hand seen with nothing besides
                again = np.full(len(kind), KIND_NAMES.index(r.play_as))
                self._dispatch(f, fits, again, np.zeros_like(complete), out)

    def set_or_fail(self, hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`set`, with an error at its ``file:line`` for a hand no rule fits or its rule cannot set."""
        setting, rule = self.set(hands)
        bad = np.flatnonzero(setting < 0)
        if len(bad):
            row = int(bad[0])
            cards = " ".join(str(self.hands.deck.cards[i]) for i in hands[row])
            f = Features.of(self.hands, hands[row:row + 1])
            shape = KIND_NAMES[int(f.kind[0])] + ("" if f.complete[0] == 0 else f" with a {COMPLETE[int(f.complete[0])]}")
            if rule[row] < 0:
                raise InputError(f"{self.where}: pai_gow.house_way: no rule sets {cards} ({shape}); add a rule for it")
            r = self.rules[int(rule[row])]
            raise InputError(f"{r.where}: pai_gow.house_way: no setting of {cards} ({shape}) meets this rule's set; "
                             "end its list with a setting every such hand can meet")
        return setting, rule

    def check(self) -> None:
        """Every hand shape the deck deals set by some rule (one hand per rank multiset, unsuited, and with the most
        cards of one suit it can hold): an error at ``file:line`` otherwise. Counting sets every hand, so a shape of
        suits these miss still fails there, never guesses."""
        _checked(self)

    def setting_of(self, cards: str) -> tuple[str, str, Rule]:
        """One hand set by the house way, as text: the high hand, the low hand, and the rule that set it.

        The example is Foxwoods' two-pair line ("Big pair is 10s, 9s, 8s, 7s: Place both pair in back if you can:
        Put an Ace in front, otherwise split"):

        >>> from casino_math.analysis import load_game
        >>> way = load_game("paytables/pai_gow_poker/foxwoods.yaml").house_way
        >>> high, low, rule = way.setting_of("Ts Td 4c 4h Ad 9c 2s")
        >>> high, low
        ('Td Ts 4c 4h 2s', 'Ad 9c')
        >>> way.setting_of("Ts Td 4c 4h Kd 9c 2s")[:2]
        ('Kd Td Ts 9c 2s', '4c 4h')
        """
        ids = np.array([self.hands.ids(cards)])
        setting, rule = self.set_or_fail(ids)
        low = set(SETTINGS[int(setting[0])])
        order = _display(self.hands.deck, ids[0])
        return (" ".join(str(self.hands.deck.cards[ids[0][i]]) for i in order if i not in low),
                " ".join(str(self.hands.deck.cards[ids[0][i]]) for i in order if i in low), self.rules[int(rule[0])])


def _display(deck: Deck, ids: np.ndarray) -> list[int]:
    """Positions of a hand's cards as dealers lay them out: high ranks first, the joker with the aces."""
    cards = [deck.cards[i] for i in ids]
    return sorted(range(len(ids)), key=lambda i: (-(ACE if cards[i].is_joker else cards[i].rank), cards[i].is_joker))


CODE = ("methods/pai_gow",)  # the method's folder: the digest adds every module it imports (see count_cache.engine)
_CHECKED: Held[int, bool] = Held()
CHECKED_KIND = "Pai Gow Poker house way checked"


def _checked(way: HouseWay) -> None:
    """:meth:`HouseWay.check`, once per process, and once at all for a house way the count cache holds as checked: a
    way that passed is kept there (keyed by what setting depends on: the deck, the wheel's rank, the rules without their
    words or places; and the code), so a later run reads the file without setting every hand shape again (seconds).
    A way that fails is never kept: it fails at every run, with its error."""
    from ...count_cache import current

    key = hash((way.rules, way.hands.deck, way.hands.wheel_second))
    if key in _CHECKED:
        return
    cache = current()
    what = f"the house way of {way.where.rsplit(':', 1)[0] or 'a game file'}"
    if cache is not None and cache.load(CHECKED_KIND, _check_key(way), what, CODE) == (True, {"set": True}):
        _CHECKED[key] = True
        return
    way.set_or_fail(representatives(way.hands.deck))
    _CHECKED[key] = True
    if cache is not None:
        cache.keep(CHECKED_KIND, _check_key(way), what, {"set": True}, CODE)


def _check_key(way: HouseWay) -> str:
    """What a house way's check depends on: the deck, the wheel's rank, each rule's hands, conditions and settings."""
    def clauses(found: tuple[Clause, ...]) -> list[tuple[str | None, list[int]]]:
        return [(c.role, sorted(c.ranks)) for c in found]

    return repr((way.hands.deck, way.hands.wheel_second, [(sorted(r.hands), clauses(r.conditions), clauses(r.negated),
                                                            r.tries, r.play_as) for r in way.rules]))


@cached(maxsize=4)
def representatives(deck: Deck) -> np.ndarray:
    """Seven-card hands standing for every shape a house way can see: each rank multiset (the joker among them, where
    the deck has one) dealt with as few cards of one suit as can be, and dealt with the most cards of one suit its
    distinct ranks allow (the highest of them, and the lowest, in one suit). Rows of card ids, ascending."""
    ranks = sorted(deck.ranks)
    index = {card: i for i, card in enumerate(deck.cards)}
    rows: list[list[int]] = []
    jokers = range(min(deck.jokers, 1) + 1)

    def multisets(left: int, start: int) -> Any:
        if left == 0:
            yield ()
            return
        for i in range(start, len(ranks)):
            for n in range(1, min(4, left) + 1):
                for rest in multisets(left - n, i + 1):
                    yield ((ranks[i], n),) + rest

    for joker in jokers:
        for multiset in multisets(7 - joker, 0):
            groups = sorted(multiset, key=lambda g: -g[0])
            plain: list[Card] = []
            for offset, (rank, n) in enumerate(groups):  # suits spread: group members in distinct suits, singles rotating
                plain += [Card(rank, (offset + k) % 4) for k in range(n)]
            variants = [plain]
            distinct = [rank for rank, _ in groups]
            if len(distinct) + joker >= 5:
                for chosen in (distinct[:5 - joker], distinct[-(5 - joker):]):
                    suited = []
                    for rank, n in groups:
                        first = 0 if rank in chosen else 1
                        suited += [Card(rank, (first + k) % 4) for k in range(n)]
                    variants.append(suited)
            for cards in variants:
                ids = sorted(index[c] for c in cards) + [len(deck.cards) - 1] * joker
                rows.append(sorted(ids))
    return np.array(rows, dtype=np.int64)


# -- what the rules read of a hand ----------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class Features:
    """What the rules read of many seven-card hands: pairs and complete hands, the ranks of each role, and every
    setting's two hands."""

    ranks: np.ndarray  # (m, 7), the joker an ace
    counts: np.ndarray  # (m, 15): cards of each rank
    kind: np.ndarray  # (m,): index into KIND_NAMES
    complete: np.ndarray  # (m,): index into COMPLETE
    high: np.ndarray  # (m, 21)
    low: np.ndarray  # (m, 21)
    hands: PaiGowHands = field(repr=False)
    _groups: dict[int, np.ndarray] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, hands: PaiGowHands, ids: np.ndarray) -> Features:
        ranks = hands.card_ranks[ids]
        counts = np.zeros((len(ids), 15), dtype=np.int64)
        np.add.at(counts, (np.repeat(np.arange(len(ids)), 7), ranks.ravel()), 1)
        shape = -np.sort(-counts, axis=1)[:, :7]
        code = np.zeros(len(ids), dtype=np.int64)
        for j in range(7):
            code = code * 6 + shape[:, j]
        kind = np.full(len(ids), -1, dtype=np.int64)
        for key, name in KINDS.items():
            c = 0
            for j in range(7):
                c = c * 6 + (key[j] if j < len(key) else 0)
            kind[code == c] = KIND_NAMES.index(name)
        high, low = hands.settings(ids)
        categories = high >> (CATEGORY_SHIFT + 1)
        names = hands.ranking.categories
        complete = np.zeros(len(ids), dtype=np.int64)
        for index, made in ((1, ("straight",)), (2, ("flush",)), (3, ("straight_flush", "royal_flush"))):
            has = np.isin(categories, [names.index(m) for m in made if m in names]).any(axis=1)
            complete[has] = index
        return cls(ranks, counts, kind, complete, high, low, hands)

    def _by_count(self, n: int) -> np.ndarray:
        """The ranks holding exactly ``n`` cards, highest first (0 past the last), (m, 7); worked out once per n."""
        if n not in self._groups:
            held = np.where(self.counts == n, np.arange(15), 0)
            self._groups[n] = -np.sort(-held, axis=1)[:, :7]
        return self._groups[n]

    def role(self, name: str) -> np.ndarray:
        """The rank of a role in each hand (0: the hand has none)."""
        if name in ("big pair", "the pair"):
            return self._by_count(2)[:, 0]
        if name == "small pair":
            pairs = self._by_count(2)
            lowest = np.where(pairs[:, 2] > 0, pairs[:, 2], pairs[:, 1])  # of two pairs the lower; of three the lowest
            return np.where(pairs[:, 1] > 0, lowest, 0)
        if name == "three of a kind":
            return self._by_count(3)[:, 0]
        if name == "lower three of a kind":
            return self._by_count(3)[:, 1]
        if name == "four of a kind":
            return self._by_count(4)[:, 0]
        if name == "five aces":
            return self._by_count(5)[:, 0]
        raise KeyError(name)

    def holds(self, clause: Clause) -> np.ndarray:
        wanted = np.zeros(15, dtype=bool)
        wanted[sorted(clause.ranks)] = True
        if clause.role is None:
            return np.asarray(wanted[self._by_count(1)].any(axis=1))
        return wanted[self.role(clause.role)]

    def meets(self, setting: Setting, rows: np.ndarray) -> np.ndarray:
        """(len(rows), 21): which settings of those hands meet ``setting`` (legal ones only)."""
        high, low = self.high[rows], self.low[rows]
        out = high > low
        if setting.any_of:
            union = np.zeros_like(out)
            for part in setting.any_of:
                union |= self.meets(part, rows)
            out &= union
        ranks = self.ranks[rows]
        for keep in setting.back:
            if keep in CATEGORY_WORDS.values():  # a category or better ("straight or better")
                out &= high >= self.hands.category_floor(keep)
                continue
            roles = ("big pair", "small pair") if keep == "both pairs" else (keep,)
            for role in roles:
                rank = self.role(role)[rows]
                in_back = (ranks[:, HIGH_POSITIONS] == rank[:, None, None]).sum(axis=2)
                out &= (rank[:, None] > 0) & (in_back == self.counts[rows, rank][:, None])
        if setting.front is not None:
            out &= _front(setting.front, self, rows, low)
        return out


def _front(front: str, f: Features, rows: np.ndarray, low: np.ndarray) -> np.ndarray:
    is_pair = (low >> (CATEGORY_SHIFT + 1)) == f.hands.ranking.categories.index("one_pair")
    top = (low >> (TIE_SHIFT + 1)) & 15  # the low hand's pair, or its higher card
    if front == "a pair":
        return is_pair
    if front.startswith(">="):
        return top >= int(front[2:])
    rank = f.role(front)[rows]
    return is_pair & (top == rank[:, None]) & (rank[:, None] > 0)


def _choose(rule: Rule, f: Features, rows: np.ndarray) -> np.ndarray:
    """Each hand's setting under ``rule``: the first of its settings some setting meets; of those, the highest low
    hand, then the highest high hand (-1: none meets any)."""
    chosen = np.full(len(rows), -1, dtype=np.int64)
    open_ = np.ones(len(rows), dtype=bool)
    score = f.low[rows] * (1 << 26) + f.high[rows]
    for attempt in rule.tries:
        ok = f.meets(attempt, rows) & open_[:, None]
        found = ok.any(axis=1)
        best = np.argmax(np.where(ok, score, -1), axis=1)
        chosen[found] = best[found]
        open_ &= ~found
    return chosen


# -- reading ---------------------------------------------------------------------------------------------------------
Fail = Callable[[tuple[str, ...], str], InputError]


def _ranks(text: str) -> frozenset[int]:
    """``aces``, ``7s to 10s``, ``jacks or better``, ``6s or lower`` as ranks."""
    text = text.strip()
    m = re.fullmatch(r"(\S+) to (\S+)", text)
    if m:
        a, b = (RANK_WORDS.get(x) for x in m.groups())
        if a is None or b is None:
            raise ValueError(f"unknown ranks {text!r}")
        return frozenset(range(min(a, b), max(a, b) + 1))
    m = re.fullmatch(r"(\S+) or (better|higher|lower)", text)
    if m:
        a = RANK_WORDS.get(m.group(1))
        if a is None:
            raise ValueError(f"unknown rank {m.group(1)!r}")
        return frozenset(range(a, 15)) if m.group(2) != "lower" else frozenset(range(2, a + 1))
    if text in RANK_WORDS:
        return frozenset({RANK_WORDS[text]})
    raise ValueError(f"unknown ranks {text!r} (write aces, 7s, 7s to 10s, jacks or better, 6s or lower)")


def _card(text: str) -> frozenset[int] | None:
    m = re.fullmatch(r"(an? \w+)( or (better|higher))?", text.strip())
    if not m or m.group(1) not in CARD_WORDS:
        return None
    rank = CARD_WORDS[m.group(1)]
    return frozenset(range(rank, 15)) if m.group(2) else frozenset({rank})


def _clauses(text: Any, path: tuple[str, ...], fail: Fail) -> tuple[Clause, ...]:
    if not isinstance(text, str) or not text.strip():
        raise fail(path, "a condition is text such as 'big pair is 7s to 10s and an ace'")
    out = []
    for part in re.split(r"\s+and\s+(?=(?:an? |the |big |small |high |low |three |four |five |lower |higher ))", text.strip()):
        cards = _card(part)
        if cards is not None:
            out.append(Clause(None, cards, part))
            continue
        m = re.fullmatch(r"(.+?) (?:is|are) (.+)", part.strip())
        if not m:
            raise fail(path, f"cannot read {part!r}: write ROLE is RANKS (big pair is 7s to 10s) or a card held (an ace, "
                             "a king or better)")
        role = ROLE_ALIASES.get(m.group(1), m.group(1))
        if role not in ROLES:
            raise fail(path, f"unknown role {m.group(1)!r} (roles: {', '.join(ROLES)})")
        try:
            out.append(Clause(role, _ranks(m.group(2)), part))
        except ValueError as error:
            raise fail(path, str(error)) from None
    return tuple(out)


def _setting(value: Any, path: tuple[str, ...], fail: Fail) -> Setting:
    if not isinstance(value, dict) or not value:
        raise fail(path, "a setting is a mapping such as {back: both pairs, front: an ace} or {front: small pair}")
    unknown = set(value) - {"back", "front", "any of"}
    if unknown:
        raise fail((*path, sorted(unknown)[0]), f"unknown field {sorted(unknown)[0]!r} (a setting has back, front, any of)")
    back: list[str] = []
    keeps = value.get("back", [])
    for keep in [keeps] if isinstance(keeps, str) else keeps:
        where = (*path, "back")
        if not isinstance(keep, str):
            raise fail(where, "back: what the high hand keeps whole, e.g. both pairs, three of a kind, straight or better")
        m = re.fullmatch(r"(?:an? )?(.+) or better", keep)
        if m or keep in ("a complete hand", "any complete hand"):
            name = "straight" if not m else m.group(1)
            if name not in CATEGORY_WORDS:
                raise fail(where, f"unknown hand {name!r} (e.g. straight or better, flush or better)")
            back.append(CATEGORY_WORDS[name])
            continue
        role = ROLE_ALIASES.get(keep, keep)
        if role not in (*ROLES, "both pairs"):
            raise fail(where, f"unknown part {keep!r} to keep in the high hand (both pairs, {', '.join(ROLES)}, "
                              "straight or better)")
        back.append(role)
    front = value.get("front")
    front_key = None
    if front is not None:
        where = (*path, "front")
        if not isinstance(front, str):
            raise fail(where, "front: what the low hand is, e.g. small pair, an ace, a king or better")
        cards = _card(front)
        if front == "highest":
            front_key = None
        elif cards is not None:
            front_key = f">={min(cards)}"
        elif front == "a pair":
            front_key = front
        else:
            role = ROLE_ALIASES.get(front.removeprefix("a pair of the ").removeprefix("pair from the "), front)
            role = ROLE_ALIASES.get(role, role)
            if role not in ROLES:
                raise fail(where, f"unknown low hand {front!r} (a role's pair: small pair, big pair, the pair, three of a "
                                  "kind, four of a kind, five aces; a pair; an ace; a king or better)")
            front_key = role
    parts = value.get("any of", [])
    if parts and not isinstance(parts, list):
        raise fail((*path, "any of"), "any of: a list of settings")
    any_of = tuple(_setting(p, (*path, "any of", str(i)), fail) for i, p in enumerate(parts))
    return Setting(tuple(back), front_key, any_of)


def read_house_way(rules: Any, path: tuple[str, ...], fail: Fail, where: Callable[[tuple[str, ...]], str],
                   hands: PaiGowHands, name: str = "") -> HouseWay:
    """The house way written at ``path`` (a list of rules), checked rule by rule and then on every hand shape."""
    if not isinstance(rules, list) or not rules:
        raise fail(path, "a house way is a list of rules, each with hand: and set:")
    out = []
    for i, raw in enumerate(rules):
        at = (*path, str(i))
        if not isinstance(raw, dict):
            raise fail(at, "a rule is a mapping with hand:, set: and optionally with:, if:, unless:, text:")
        unknown = set(raw) - {"hand", "with", "if", "unless", "set", "text"}
        if unknown:
            raise fail((*at, sorted(unknown)[0]), f"unknown field {sorted(unknown)[0]!r} (a rule has hand, with, if, "
                                                  "unless, set, text)")
        kinds = raw.get("hand")
        kinds = [kinds] if isinstance(kinds, str) else kinds
        if not kinds or not all(isinstance(k, str) for k in kinds):
            raise fail((*at, "hand"), "hand: the hands the rule is for, e.g. two pair (or a list)")
        kinds = [KIND_ALIASES.get(k, k) for k in kinds]
        for k in kinds:
            if k not in KIND_NAMES:
                raise fail((*at, "hand"), f"unknown hand {k!r} (hands: {', '.join(KIND_NAMES)})")
        completes = raw.get("with", "nothing")
        completes = [completes] if isinstance(completes, str) else completes
        if not isinstance(completes, list) or not all(isinstance(c, str) for c in completes):
            raise fail((*at, "with"), "with: nothing, straight, flush, straight flush or anything (or a list)")
        if "anything" in completes:
            completes = list(COMPLETE)
        for c in completes:
            if c not in COMPLETE:
                raise fail((*at, "with"), f"unknown complete hand {c!r} (nothing, straight, flush, straight flush, anything)")
        conditions = _clauses(raw["if"], (*at, "if"), fail) if "if" in raw else ()
        negated = _clauses(raw["unless"], (*at, "unless"), fail) if "unless" in raw else ()
        if "set" not in raw:
            raise fail(at, "set: is required (how the rule sets the hand)")
        how = raw["set"]
        play_as = None
        tries: tuple[Setting, ...] = ()
        if isinstance(how, str):
            m = re.fullmatch(r"as (.+)", how.strip())
            target = KIND_ALIASES.get(m.group(1), m.group(1)) if m else None
            if target not in KIND_NAMES:
                raise fail((*at, "set"), f"set: a setting, a list of them, or 'as HAND' (as two pair), not {how!r}")
            play_as = target
        else:
            listed = how if isinstance(how, list) else [how]
            tries = tuple(_setting(t, (*at, "set", str(j)) if isinstance(how, list) else (*at, "set"), fail)
                          for j, t in enumerate(listed))
        text = raw.get("text", "")
        if not isinstance(text, str):
            raise fail((*at, "text"), "text: the published line, as text")
        out.append(Rule(where(at), frozenset((k, c) for k in kinds for c in completes), conditions, negated, tries,
                        play_as, " ".join(text.split())))
    for r in out:
        if r.play_as is not None and any(o.play_as is not None and (r.play_as, "nothing") in o.hands for o in out):
            raise fail(path, f"{r.where}: set as {r.play_as}: those hands are themselves set as another (one step only)")
    way = HouseWay(tuple(out), hands, where(path), name)
    way.check()
    return way
