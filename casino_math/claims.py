"""Published claims, checked against the exact figures.

A claims file names a game file and lists figures as someone published
them. A claim passes when the exact value rounds to the published digits:
``"1.25%"`` passes for any value in [1.245%, 1.255%]. ``">8.5%"`` style
claims ("just over 8.5%") pass when the comparison holds.

.. code-block:: yaml

    game: ../standard.yaml          # relative to this file; a claim may name its own
    source: "Wizard of Odds, Three Card Poker"
    claims:
      - {figure: house_edge, wager: pair_plus, published: "7.28%"}
      - {figure: combinations, wager: ante_play, outcome: "straight flush: player wins", published: "617,044"}
      - {figure: combinations, wager: ante_raise, outcome: {situation: player_higher, line: [pair, high card]}, published: "2,343,248,003,808"}
      - {figure: probability, wager: pair_plus, outcome: straight flush, published: "1 in 460.42"}
      - {figure: frequency, ranking: three-card, category: pair, published: "3,744"}
      - {figure: weakest_hand_played, published: Q-6-4}
      - {figure: option_probability, decision: first_bet, option: let_it_ride, published: "0.07276018"}
      - {figure: house_edge, wager: pair_plus, paytable: pair-plus-40-25-6-4-1, published: "3.49%"}
      - {figure: break_even_pay, wager: progressive, published: "11,520 for 1"}

A claim known to fail carries ``gap:``, the reason in words (``gap: "the published figure leaves the folds out of
the variance"``): the par sheet shows it as any failing claim, with the exact figure; the conformance kit
(:func:`casino_math.conformance.check_claims`) holds every failing claim to have one, and every claim with one to fail.

An outcome is named by its row's label, or by its keys (``situation``,
``line`` — a line of the paytable that pays it, or a list of them —
``stake``, ``qualified``): the claim counts every row that matches.

A claim names its game by ``game`` (a path) or ``paytable`` (a game file's id,
looked up among the game files in the claims file's folder and the one above).
A path, too, must lie in those folders (or below them), in the shipped ``paytables/``
or in a folder of ``CASINO_MATH_EXTENDS``, and name a game file: as ``extends:``.

Published forms: a percentage (``7.28%``), a number (``3,744``, ``0.6959``,
``-0.129389``), ``1 in N`` (the reciprocal of the figure), any of them after
``>``, ``>=``, ``<`` or ``<=``, or text for text figures. A break-even pay says
its form: ``"11,519 to 1"`` (the net win) or ``"11,520 for 1"`` (the stake
included), the same pay. Decimals must be
quoted in YAML, since a bare ``0.50`` would lose its last digit.

>>> Published.parse("7.28%").matches(Fraction(7276, 100000)), Published.parse("7.28%").matches(Fraction(727, 10000))
(True, False)
>>> p = Published.parse("10.23%"); p.matches(Fraction(102155, 1000000)), p.difference(Fraction(102155, 1000000))
(False, Fraction(-29, 2000))
>>> Published.parse("1 in 460.42").matches(Fraction(48, 22100)), Published.parse(">8.5%").matches(Fraction(856, 10000))
(True, True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Literal, Mapping, Sequence

import pandas as pd

from .errors import InputError
from .yaml_source import MAX_DIGITS, read_text, read_yaml, too_many_digits

if TYPE_CHECKING:
    from .counting.progressives import Progression
    from .contract.solution import DecisionView

FigureValue = Fraction | int | float | str
Form = Literal["percent", "number", "one_in", "text"]

_NUMBER = r"[-+−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
_PUBLISHED = re.compile(rf"^(?P<op>[<>]=?)?\s*(?:(?P<one_in>1\s+in\s+)(?P<n>{_NUMBER})|(?P<x>{_NUMBER})\s*(?:(?P<pct>%)|\s(?P<per>to|for)\s+1)?)$",
                        re.IGNORECASE)
_UNIT = {"percent": "%", "number": "", "one_in": "", "text": ""}


@dataclass(frozen=True)
class Published:
    """A figure as printed: its form, value in that form, decimals shown, and any comparison."""

    text: str
    form: Form
    value: Fraction | str
    places: int = 0
    comparison: str = "="
    per: str = ""  # a pay: "to" (X to 1, the net win) or "for" (X for 1, the stake included); "" for any other figure

    @classmethod
    def parse(cls, text: str) -> Published:
        text = text.strip()
        match = _PUBLISHED.match(text)
        if not match:
            return cls(text, "text", text)
        number = (match["n"] or match["x"]).replace(",", "").replace("−", "-")
        form: Form = "one_in" if match["one_in"] else "percent" if match["pct"] else "number"
        places = len(number.partition(".")[2])
        if form == "one_in" and Fraction(number) <= 0:
            return cls(text, "text", text)  # "1 in 0" is no probability: refused as not a figure
        return cls(text, form, Fraction(number), places, match["op"] or "=", (match["per"] or "").lower())

    def in_form(self, exact: Fraction) -> Fraction | None:
        """The exact value as this claim prints it: ×100 for a percentage, 1/x for "1 in N" (None when never), a pay
        (given "to 1", the net win) + 1 where it is printed "for 1"."""
        if self.form == "percent":
            return exact * 100
        if self.form == "one_in":
            return 1 / exact if exact else None
        return exact + 1 if self.per == "for" else exact

    def matches(self, exact: FigureValue) -> bool:
        if self.form == "text" or isinstance(exact, str):
            return str(exact).strip().lower() == str(self.value).lower()
        shown = self.in_form(Fraction(exact))
        if shown is None:
            return False
        published = Fraction(self.value)
        if self.comparison != "=":
            return {"<": shown < published, "<=": shown <= published, ">": shown > published, ">=": shown >= published}[self.comparison]
        # a tie at exactly half a unit passes: publishers round halves both ways
        return abs(shown - published) <= Fraction(1, 2 * 10**self.places)

    def difference(self, exact: FigureValue) -> Fraction | None:
        """Computed minus published, in the published form (percentage points for a percentage)."""
        if self.form == "text" or isinstance(exact, str):
            return None
        shown = self.in_form(Fraction(exact))
        return None if shown is None else shown - Fraction(self.value)

    def show(self, exact: FigureValue) -> str:
        """The exact value in the published form, two more decimals than published."""
        if isinstance(exact, str):
            return exact
        shown = self.in_form(Fraction(exact)) if self.form != "text" else Fraction(exact)
        if shown is None:
            return "never"
        places = self.places + 2 if shown.denominator != 1 else 0
        return f"{float(shown):,.{places}f}{_UNIT[self.form]}" + (f" {self.per} 1" if self.per else "")


# -- what can be claimed ---------------------------------------------------------------------
@dataclass(frozen=True)
class Claim:
    """One published figure and what it is a figure of."""

    figure: str
    published: Published
    game: Path | None = None
    wager: str | None = None
    outcome: str | tuple[tuple[str, tuple[str, ...]], ...] | None = None
    strategy: str | None = None
    decision: str | None = None
    option: str | None = None
    line_of: str | None = None
    up: str | None = None  # a blackjack dealer's up card (dealer_total)
    ranking: str | None = None
    category: str | None = None
    cards: int | None = None
    deck: str = "standard"
    source: str = ""
    claim: str = ""
    gap: str = ""  # why the published figure is known to fail ("": it should pass)
    file: str = ""
    line: int = 0

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"

    @property
    def game_name(self) -> str:
        """The game file's name, as messages give it (empty: none named)."""
        return self.game.name if self.game else ""

    @property
    def label(self) -> str:
        """What the claim says, in words (its own ``claim`` text when given)."""
        if self.claim:
            return self.claim
        if self.figure == "dealer_total":
            return f"dealer's {_outcome_text(self.outcome or '')} under {self.up}"
        if self.ranking:
            cards = f", {self.cards} cards" if self.cards else ""
            what = {"hands": "all hands", "frequency": f"{self.category} hands"}.get(self.figure, f"{self.category} {self.figure}")
            return f"{self.ranking}{cards}: {what}"
        parts = [self.wager or "", "break-even pay (computed to 1)" if self.figure == "break_even_pay" else self.figure.replace("_", " ")]
        if self.outcome:
            parts.append(f"({_outcome_text(self.outcome)})")
        if self.option:
            parts.append(f"({self.decision + ': ' if self.decision else ''}{self.option})")
        if self.line_of:
            parts.append(f"({self.line_of})")
        if self.strategy:
            parts.append(f"[{self.strategy}]")
        return " ".join(p for p in parts if p)


class _Context:
    """Analyses of the game files claims refer to, each done once."""

    def __init__(self, analyses: Mapping[Path, Any] | None = None) -> None:
        self._games: dict[Path, Any] = dict(analyses or {})  # by the game file's resolved path: a report's, reused
        self._frequencies: dict[tuple[str, int | None, str], Any] = {}  # hand tables, by (ranking, cards, deck)

    def game(self, claim: Claim) -> Any:
        from .analysis import analyze

        if claim.game is None:
            raise InputError(f"{claim.where}: {claim.figure}: name a game file (game: at the top of the file or in the claim)")
        if claim.game not in self._games:
            self._games[claim.game] = analyze(claim.game)
        return self._games[claim.game]

    def wager(self, claim: Claim) -> Any:
        """The claim's bet: its ReturnTable, or under a named simpler strategy, that strategy's table."""
        game = self.game(claim)
        if claim.wager in game.game.side_bet and claim.strategy in (None, "optimal"):
            return game.side_tables[claim.wager]  # a side bet is counted alone: the game's own bet may take hours
        tables = game.tables
        if claim.wager not in tables:
            offered = ", ".join(tables) or "none"
            raise InputError(f"{claim.where}: wager: {claim.game_name} offers no {claim.wager!r} (it offers {offered})")
        if claim.strategy in (None, "optimal"):
            return tables[claim.wager]
        if claim.wager != game.game.bet:
            raise InputError(f"{claim.where}: strategy: only the game's own bet ({game.game.bet}) has a strategy")
        rule = game.game.strategies.get(claim.strategy, claim.strategy)
        try:
            return game.under_rule(rule)
        except ValueError as error:
            named = ", ".join(game.game.strategies) or "none"
            raise InputError(f"{claim.where}: strategy: {error} (strategies named in the game file: {named})") from None

    def decision(self, claim: Claim) -> DecisionView:
        game = self.game(claim)
        try:
            return game.decision(claim.decision)
        except KeyError:
            names = ", ".join(dict.fromkeys(d.name for d in game.decisions)) or "none"
            raise InputError(f"{claim.where}: decision: {claim.game_name} has no decision {claim.decision!r} (decisions: {names})") from None

    def outcome(self, claim: Claim) -> tuple[int, int]:
        """(combinations, total) of the claim's outcome in its bet's return table (no outcome: every deal)."""
        table = self.wager(claim)
        if claim.outcome is None:
            return table.total, table.total
        found = [o for o in table.outcomes if _matches(o, claim.outcome)]
        if not isinstance(claim.outcome, str):
            self._check_keys(claim)
            return sum(o.combinations for o in found), table.total  # keys that exist but never happen count none
        if not found:
            names = "; ".join(o.name for o in table.outcomes)
            raise InputError(f"{claim.where}: outcome: {claim.wager} has no outcome {_outcome_text(claim.outcome)!r} (its outcomes: {names})")
        return sum(o.combinations for o in found), table.total

    def _check_keys(self, claim: Claim) -> None:
        """Keys of an outcome must name situations and lines the bet has, so that a typo is not read as "never"."""
        game = self.game(claim).game
        assert not isinstance(claim.outcome, str) and claim.outcome is not None
        if claim.wager == game.bet:
            tables = set(game.own_tables)
            situations = set(game.situations) | {"dealer_not_qualified"}
        else:
            bet = game.side_bet[claim.wager]
            tables, situations = set(bet.tables), set(bet.settle)
        lines = {_normal(line.key) for t in tables for line in game.paytables[t].lines} | {""}
        for key, values in claim.outcome:
            known = lines if key == "line" else situations if key == "situation" else None
            for value in values:
                if known is not None and _normal(value) not in {_normal(k) for k in known}:
                    raise InputError(f"{claim.where}: outcome.{key}: {claim.wager} has no {key} {value!r} "
                                     f"(it has: {', '.join(sorted(k for k in known if k)) or 'none'})")

    def hands(self, claim: Claim) -> tuple[int, int]:
        """(hands in the claim's category, all hands) for its ranking, cards and deck."""
        from .frequencies import hand_frequencies

        key = (claim.ranking or "", claim.cards, claim.deck)
        if key not in self._frequencies:
            try:
                self._frequencies[key] = hand_frequencies(cards=claim.cards or _hand_size(claim.ranking or ""), ranking=claim.ranking or "", deck=claim.deck)
            except InputError as error:
                raise InputError(f"{claim.where}: cards: {error}") from None
        frame = self._frequencies[key]
        total = frame.attrs["total"]
        if claim.category is None:
            return total, total
        counts = dict(zip(frame["category"], frame["combinations"]))
        if claim.category not in counts:
            raise InputError(f"{claim.where}: category: {claim.ranking} has no category {claim.category!r} (choose from {', '.join(counts)})")
        return int(counts[claim.category]), total


def _matches(outcome: Any, wanted: str | tuple[tuple[str, tuple[str, ...]], ...]) -> bool:
    """Whether a return-table row is the claimed outcome: by its label, or by every key given."""
    if isinstance(wanted, str):
        return _normal(outcome.name) == _normal(wanted)
    keys = dict(outcome.keys)
    for name, values in wanted:
        if name == "line":
            have = [v for k, v in keys.items() if k == "line" or k.startswith("line:")]
        else:
            have = [keys.get(name, "")]
        if not any(_normal(h) in {_normal(v) for v in values} for h in have):
            return False
    return True


def _outcome_text(outcome: str | tuple[tuple[str, tuple[str, ...]], ...]) -> str:
    if isinstance(outcome, str):
        return outcome
    return ", ".join(f"{k} {' or '.join(v)}" for k, v in outcome)


def _normal(name: str) -> str:
    return " ".join(name.replace("_", " ").lower().split())


def _hand_size(ranking: str) -> int:
    from .rankings import get_ranking

    return get_ranking(ranking).hand_size


def _metric(name: str) -> Callable[[_Context, Claim], FigureValue]:
    def compute(context: _Context, claim: Claim) -> FigureValue:
        return getattr(context.wager(claim).metrics, name)

    return compute


def _probability(context: _Context, claim: Claim) -> Fraction:
    count, total = context.hands(claim) if claim.ranking else context.outcome(claim)
    return Fraction(count, total)


def _dealer_qualifying(context: _Context, claim: Claim) -> int:
    return _qualifying(context, claim)[0]


def _qualifying(context: _Context, claim: Claim) -> tuple[int, int]:
    game = context.game(claim)
    if game.game.qualifier is None:
        raise InputError(f"{claim.where}: {claim.figure}: {claim.game_name} has no dealer qualifier")
    return game.dealer_qualifying()


def _break_even(context: _Context, claim: Claim) -> Fraction:
    """The pay of a line (the bet's meter by default) with no house edge, "to 1" (the net win, as
    :meth:`GameAnalysis.break_even` gives it); a claim printed "X for 1" is compared as X − 1 to 1."""
    game = context.game(claim)
    bet = game.game.side_bet.get(claim.wager or "")
    if bet is None:
        raise InputError(f"{claim.where}: wager: {claim.game_name} has no side bet {claim.wager!r}")
    key = claim.line_of or bet.meter
    lines = game.game.paytables[bet.table].lines
    if key is None:
        raise InputError(f"{claim.where}: line: {bet.name} has no meter: name the line whose break-even pay is claimed "
                         f"(its lines: {', '.join(ln.key for ln in lines)})")
    line = next((ln for ln in lines if ln.key == key), None)
    if line is None:
        raise InputError(f"{claim.where}: line: {bet.table} has no line {key!r} (its lines: {', '.join(ln.key for ln in lines)})")
    return game.break_even(bet.name, line.key)


def _per_bet(name: str) -> Callable[[_Context, Claim], FigureValue]:
    """A figure the solution quotes beside a bet's return table (a bet over several throws: its rolls to resolve)."""

    def compute(context: _Context, claim: Claim) -> FigureValue:
        figures = context.game(claim).solution.figures.per_bet.get(claim.wager or "", {})
        if name not in figures:
            raise InputError(f"{claim.where}: {claim.figure}: {claim.wager} is not a bet counted throw by throw")
        return figures[name]

    return compute
def _progressive(context: _Context, claim: Claim) -> tuple[Progression, str]:
    """The claim's progressive side bet and its line (``line``; by default the line that wins its meter)."""
    game = context.game(claim)
    bet = game.game.side_bet.get(claim.wager or "")
    if bet is None or bet.progressive is None or not bet.progressive.meters:
        raise InputError(f"{claim.where}: wager: {claim.game_name} has no side bet {claim.wager!r} with a progressive meter")
    line = claim.line_of or bet.meter or ""
    lines = [ln.key for ln in game.game.paytables[bet.table].lines]
    if line not in lines:
        raise InputError(f"{claim.where}: line: {bet.table} has no line {line!r} (its lines: {', '.join(lines)})")
    return game.progression(bet.name), line


def _metered(context: _Context, claim: Claim) -> tuple[Progression, str]:
    progression, line = _progressive(context, claim)
    meter = progression.progressive.meter_of(line)
    if meter is None:
        raise InputError(f"{claim.where}: line: {line!r} is a fixed pay, not paid by a meter")
    return progression, meter.name


def _break_even_meter(context: _Context, claim: Claim) -> Fraction:
    progression, meter = _metered(context, claim)
    return progression.break_even(meter)


def _long_run_rtp(context: _Context, claim: Claim) -> Fraction:
    progression, _ = _progressive(context, claim)
    try:
        return 1 + progression.long_run()
    except InputError as error:
        raise InputError(f"{claim.where}: {claim.figure}: {error}") from None


def _average_win(context: _Context, claim: Claim) -> Fraction:
    progression, line = _progressive(context, claim)
    try:
        return progression.average_win(line)
    except InputError as error:
        raise InputError(f"{claim.where}: {claim.figure}: {error}") from None


def _line_return(context: _Context, claim: Claim) -> Fraction:
    progression, line = _progressive(context, claim)
    return progression.chance(line) * _average_win(context, claim)


def _option_probability(context: _Context, claim: Claim) -> Fraction:
    decision = context.decision(claim)
    taken = decision.taken()
    if claim.option not in taken:
        raise InputError(f"{claim.where}: option: {decision.name} has no option {claim.option!r} (options: {', '.join(taken)})")
    return Fraction(taken[claim.option], sum(taken.values()))


DEALER_RESULTS = ("17", "18", "19", "20", "21", "blackjack", "bust", "22", "23 or more")  # bust: 22 or more


def _dealer_total(context: _Context, claim: Claim) -> Fraction:
    """The chance that a blackjack dealer showing ``up`` ends on ``outcome``, from the full shoe before any peek."""
    try:
        totals = context.game(claim).dealer_totals()
    except ValueError as error:
        raise InputError(f"{claim.where}: {claim.figure}: {error}") from None
    if claim.up not in totals:
        raise InputError(f"{claim.where}: up: no up card {claim.up!r} (up cards: {', '.join(totals)})")
    chances = totals[claim.up]
    if claim.outcome not in DEALER_RESULTS:
        raise InputError(f"{claim.where}: outcome: the dealer ends on one of {', '.join(DEALER_RESULTS)}, not {claim.outcome!r}")
    if claim.outcome == "bust":
        return chances["22"] + chances["bust"]
    return chances["bust" if claim.outcome == "23 or more" else claim.outcome]


def _hands_played(context: _Context, claim: Claim) -> int:
    decision = context.decision(claim)
    folds = {o.name for o in decision.options if o.folds}
    return sum(n for option, n in decision.taken().items() if option not in folds)


def _optimal_gain(context: _Context, claim: Claim) -> Fraction:
    """What setting (playing) optimally saves, per initial stake, over the strategy a game is quoted with where that is
    not the optimal one (Pai Gow Poker's house way): its view's exhibits give it (``optimal_gain``)."""
    decision = context.decision(claim)
    gain = decision.exhibits.optimal_gain
    if gain is None:
        raise InputError(f"{claim.where}: {claim.figure}: {claim.game_name} is quoted with its optimal strategy, or the "
                         "optimal one is not counted beside it")
    return gain


def _weakest(context: _Context, claim: Claim) -> str:
    threshold = context.decision(claim).threshold
    if threshold is None:
        raise InputError(f"{claim.where}: {claim.figure}: the strategy at {claim.decision or 'the first decision'} is not a threshold on the hand")
    return threshold


# figure -> (claim fields it needs, how it is computed, what it is)
FIGURES: dict[str, tuple[tuple[str, ...], Callable[[_Context, Claim], FigureValue], str]] = {
    "house_edge": (("wager",), _metric("house_edge"), "expected loss per initial wager"),
    "element_of_risk": (("wager",), _metric("element_of_risk"), "expected loss per unit of total action"),
    "average_wager": (("wager",), _metric("average_wager"), "total amount wagered per initial wager"),
    "rtp": (("wager",), _metric("rtp"), "return to player, 1 − house edge"),
    "expected_return": (("wager",), _metric("expected_return"), "expected net result per initial wager"),
    "hit_frequency": (("wager",), _metric("hit_frequency"), "probability the wager wins anything"),
    "standard_deviation": (("wager",), _metric("standard_deviation"), "per initial wager"),
    "variance": (("wager",), _metric("variance"), "of the net result per initial wager"),
    "combinations": (("wager",), lambda c, k: c.outcome(k)[0], "deals with the outcome (without one: all deals)"),
    "max_win": (("wager",), _metric("max_win"), "the largest net win per initial wager"),
    "probability": ((), _probability, "of an outcome of a wager (wager, outcome) or of a hand category (ranking, category)"),
    "frequency": (("ranking", "category"), lambda c, k: c.hands(k)[0], "hands in a category of a ranking"),
    "hands": (("ranking",), lambda c, k: c.hands(k)[1], "every hand of the given number of cards"),
    "hands_played": ((), _hands_played, "sets of seen cards with which the optimal strategy does not fold (decision: the first)"),
    "weakest_hand_played": ((), _weakest, "the weakest hand the optimal strategy plays (decision: the first)"),
    "optimal_gain": ((), _optimal_gain, "how much of the bet the optimal strategy saves over the one the game is quoted "
                     "with (Pai Gow Poker: setting optimally rather than by the house way)"),
    "option_probability": (("option",), _option_probability, "how often the optimal strategy takes an option at a decision"),
    "deals": ((), lambda c, k: c.game(k).deals, "equally likely deals counted"),
    "dealer_qualifying_hands": ((), _dealer_qualifying, "dealer hands that qualify"),
    "dealer_total": (("up", "outcome"), _dealer_total, "blackjack: the chance the dealer showing an up card (A, 2 ... 9, T) "
                     "ends on an outcome (17 to 21, blackjack, bust, 22, 23 or more), from the full shoe before any peek"),
    "dealer_qualifies": ((), lambda c, k: Fraction(*_qualifying(c, k)), "probability the dealer qualifies"),
    "rolls_to_resolve": (("wager",), _per_bet("rolls_to_resolve"), "dice and wheels: the expected throws until a bet settles"),
    "house_edge_per_roll": (("wager",), _per_bet("house_edge_per_roll"), "dice and wheels: the house edge over the "
                            "expected throws until the bet settles"),
    "break_even_pay": (("wager",), _break_even, "the pay of a side bet's line (its meter by default) with no house edge, "
                       "published as \"X to 1\" or \"X for 1\""),
    "break_even_meter": (("wager",), _break_even_meter, "the meter (for 1) at which a progressive side bet has no house edge "
                         "(line: a line it pays; by default the line that wins it whole)"),
    "long_run_rtp": (("wager",), _long_run_rtp, "a progressive side bet's return in the long run, every meter paying back its "
                     "contribution and the reset it starts again from"),
    "average_win": (("wager", "line"), _average_win, "a progressive side bet's average win of a line (for 1): a fixed pay, or "
                    "the line's share of its meter's mean when hit"),
    "line_return": (("wager", "line"), _line_return, "the chance of a line times its average win, in the long run"),
}
_TEXT_FIGURES = {"weakest_hand_played"}
_FIELDS = {"figure", "published", "game", "paytable", "wager", "outcome", "strategy", "decision", "option", "line", "ranking",
           "category", "cards", "deck", "source", "claim", "up", "gap"}


# -- claims files --------------------------------------------------------------------------
@dataclass(frozen=True)
class ClaimsFile:
    path: Path
    source: str
    claims: tuple[Claim, ...] = field(default=())


def load_claims(path: str | Path) -> ClaimsFile:
    """Read and validate a claims file; errors read ``file:line: field: what is wrong``."""
    path = Path(path)
    data, lines = read_yaml(read_text(path, "claims file"), str(path))
    if not isinstance(data, dict) or not isinstance(data.get("claims"), list) or not data["claims"]:
        raise InputError(f"{path}:{lines.get(('claims',), 1)}: claims: a claims file is a mapping with a non-empty list 'claims'")
    unknown = set(data) - {"game", "source", "claims"}
    if unknown:
        key = sorted(unknown)[0]
        raise InputError(f"{path}:{lines[(key,)]}: {key}: unknown field (a claims file has game, source, claims)")
    default_game = _game_path(path, data.get("game"), lines.get(("game",), 1))
    source = str(data.get("source") or "")
    claims = tuple(_claim(path, i, item, lines, default_game, source) for i, item in enumerate(data["claims"]))
    return ClaimsFile(path, source, claims)


def _game_path(claims_path: Path, value: Any, line: int) -> Path | None:
    if value is None:
        return None
    """The game file ``game: value`` names, where a claims file may name one (casino_math.game.variants), checked to be
    a game file before anything of it is shown."""
    from .game.loader import check_named_game
    from .game.variants import claimed_game

    if not isinstance(value, str) or not value.strip():
        raise InputError(f"{claims_path}:{line}: game: name a game file, relative to the claims file")
    game = claimed_game(f"{claims_path}:{line}", value, claims_path)
    check_named_game(game, f"{claims_path}:{line}: game", value)
    return game


def _game_by_id(claims_path: Path, game_id: Any, line: int) -> Path:
    """The game file with this id, in the claims file's folder or the one above it."""
    from .analysis import load_game

    known: dict[str, Path] = {}
    for folder in (claims_path.parent, claims_path.parent.parent):
        for candidate in sorted(folder.glob("*.yaml")):
            try:
                known.setdefault(load_game(candidate).id, candidate.resolve())
            except InputError:
                continue  # not a game file (a claims file, say)
    if game_id not in known:
        raise InputError(f"{claims_path}:{line}: paytable: no game file with id {game_id!r} beside the claims (known: {', '.join(sorted(known))})")
    return known[game_id]


def _claim(path: Path, index: int, item: Any, lines: dict[tuple[str, ...], int], default_game: Path | None, source: str) -> Claim:
    key = ("claims", str(index))
    line = lines.get((*key, "figure"), lines.get(("claims",), 1))
    where = f"{path}:{line}: claims.{index}"
    if not isinstance(item, dict):
        raise InputError(f"{where}: a claim is a mapping like {{figure: house_edge, wager: pair_plus, published: \"7.28%\"}}")
    for name in item:
        if name not in _FIELDS:
            raise InputError(f"{path}:{lines[(*key, name)]}: claims.{index}.{name}: unknown field (a claim has {', '.join(sorted(_FIELDS))})")
    figure = item.get("figure")
    if figure not in FIGURES:
        raise InputError(f"{where}.figure: unknown figure {figure!r} (choose from {', '.join(FIGURES)})")
    needs = FIGURES[figure][0] + (("wager", "outcome") if figure == "probability" and "ranking" not in item else ())
    for name in needs:
        if not item.get(name):
            raise InputError(f"{where}: {figure} needs {name}")
    published = _published(item.get("published"), f"{path}:{lines.get((*key, 'published'), line)}: claims.{index}.published")
    if (figure == "break_even_pay") != bool(published.per):
        said = (f"say whether {published.text!r} is to 1 (the net win) or for 1 (the stake included), e.g. \"11,519 to 1\" "
                "or \"11,520 for 1\"") if figure == "break_even_pay" else f"{published.text!r}: only a break_even_pay is a pay (to 1, for 1)"
        raise InputError(f"{where}.published: {said}")
    if (published.form == "text") != (figure in _TEXT_FIGURES):
        kind = "text such as Q-6-4" if figure in _TEXT_FIGURES else "a number, a percentage or \"1 in N\""
        raise InputError(f"{where}.published: {published.text!r} is not {kind}")
    cards = item.get("cards")
    if cards is not None and (isinstance(cards, bool) or not isinstance(cards, int) or cards < 1):
        raise InputError(f"{where}.cards: a number of cards, not {cards!r}")
    _check_hand_fields(item, lambda name: f"{path}:{lines.get((*key, name), line)}: claims.{index}.{name}")
    gap = item.get("gap", "")
    if not isinstance(gap, str) or "gap" in item and not gap.strip():
        raise InputError(f"{path}:{lines[(*key, 'gap')]}: claims.{index}.gap: say in words why the published figure fails")
    if "game" in item and "paytable" in item:
        raise InputError(f"{path}:{lines[(*key, 'paytable')]}: claims.{index}: name the game by game (a path) or paytable (an id), not both")
    game: Path | None
    if "paytable" in item:
        game = _game_by_id(path, item["paytable"], lines[(*key, "paytable")])
    else:
        game = _game_path(path, item["game"], lines[(*key, "game")]) if "game" in item else default_game
    text = {name: (None if item.get(name) is None else str(item[name])) for name in ("wager", "strategy", "decision", "option", "ranking", "category", "up")}
    return Claim(
        figure=figure, published=published, game=game, cards=cards, deck=str(item.get("deck", "standard")),
        outcome=_outcome(item.get("outcome"), f"{where}.outcome"), line_of=None if item.get("line") is None else str(item["line"]),
        source=str(item.get("source") or source), claim=str(item.get("claim") or ""), gap=gap.strip(), file=str(path), line=line,
        **text,
    )


def _check_hand_fields(item: dict[str, Any], where: Callable[[str], str]) -> None:
    """A hand-frequency claim's ranking and deck are ones that exist (said where they are written)."""
    from .cards import Deck
    from .rankings import RANKINGS

    if "ranking" in item and item["ranking"] not in RANKINGS:
        raise InputError(f"{where('ranking')}: unknown ranking {item['ranking']!r} (choose from {', '.join(RANKINGS)})")
    if "deck" in item and (not isinstance(item["deck"], str) or item["deck"] not in Deck.NAMED):
        raise InputError(f"{where('deck')}: unknown deck {item['deck']!r} (choose from {', '.join(Deck.NAMED)})")


_OUTCOME_KEYS = ("situation", "line", "stake", "qualified", "decision")


def _outcome(value: Any, where: str) -> str | tuple[tuple[str, tuple[str, ...]], ...] | None:
    """An outcome: a row's label, or keys that rows must match (a list: any of its values)."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):  # a dealer's total, 17 to 21
        return str(value)
    if not isinstance(value, dict) or not value:
        raise InputError(f"{where}: name an outcome by its label, or by keys such as {{situation: player_higher, line: flush}}")
    out = []
    for key, wanted in value.items():
        if key not in _OUTCOME_KEYS:
            raise InputError(f"{where}.{key}: unknown outcome key (keys: {', '.join(_OUTCOME_KEYS)})")
        values = wanted if isinstance(wanted, list) else [wanted]
        out.append((key, tuple(str(v) for v in values)))
    return tuple(out)


def _published(value: Any, where: str) -> Published:
    if isinstance(value, Fraction):
        raise InputError(f"{where}: quote decimals (\"{float(value)}\") so the published digits are kept")
    if isinstance(value, bool) or not isinstance(value, (str, int)) or not str(value).strip():
        raise InputError(f"{where}: give the figure as published, e.g. \"7.28%\", \"3,744\", \"1 in 460\"")
    if too_many_digits(str(value)):
        raise InputError(f"{where}: a number of more than {MAX_DIGITS:,} digits")
    return Published.parse(str(value))


def claim_files(paths: Sequence[str | Path]) -> list[Path]:
    """The claims files named, a folder standing for the ``*.yaml`` files in it."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            found = sorted(p.glob("*.yaml"))
            if not found:
                raise InputError(f"{p}: no claims files (*.yaml) in this folder")
            out.extend(found)
        else:
            out.append(p)
    return out


# -- checking ---------------------------------------------------------------------------------
COLUMNS = ["claim", "figure", "wager", "published", "computed", "computed_float", "computed_text", "passed", "result",
           "error", "error_text", "source", "game", "file", "line"]


def verify(claims: Sequence[Claim], analyses: Mapping[Path, Any] | None = None,
           progress: Callable[[str, int, int], None] | None = None) -> pd.DataFrame:
    """One row per claim: published, computed (exact, float, and in the published form), pass/fail, error.

    ``error`` (computed − published, in the published form) is set only where a claim fails. ``analyses``: game files
    already analysed (GameAnalysis by resolved path), used instead of analysing them again; ``progress(what, done,
    of)`` hears of each claim checked.
    """
    context = _Context(analyses)
    rows = []
    for done, claim in enumerate(claims):
        if progress is not None:
            progress("checking published figures", done, len(claims))
        exact = FIGURES[claim.figure][1](context, claim)
        if isinstance(exact, Fraction) and exact.denominator == 1:
            exact = exact.numerator  # a whole figure (a jackpot, a count) reads as one
        passed = claim.published.matches(exact)
        error = None if passed else claim.published.difference(exact)
        rows.append({
            "claim": claim.label, "figure": claim.figure, "wager": claim.wager or "", "published": claim.published.text,
            "computed": exact, "computed_float": None if isinstance(exact, str) else float(exact),
            "computed_text": claim.published.show(exact), "passed": passed, "result": "pass" if passed else "FAIL",
            "error": error, "error_text": "" if error is None else f"{float(error):+,.{claim.published.places + 2}f}{_UNIT[claim.published.form]}",
            "source": claim.source, "game": claim.game_name, "file": claim.file, "line": claim.line,
        })
    return pd.DataFrame(rows, columns=COLUMNS)


def verify_file(path: str | Path) -> pd.DataFrame:
    """Check every claim of one claims file (see :func:`verify` for the columns)."""
    return verify(load_claims(path).claims)


def verify_files(paths: Sequence[str | Path], progress: Callable[[str, int, int], None] | None = None) -> pd.DataFrame:
    """Check the claims of several files, folders standing for their ``*.yaml`` files."""
    claims = [c for p in claim_files(paths) for c in load_claims(p).claims]
    return verify(claims, progress=progress)
