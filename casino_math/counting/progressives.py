"""A progressive side bet's figures: its return at any meter, in the long run, where it breaks even, and with envy.

The bet's return is linear in each meter: every line a meter pays takes its share of it, so the return at meter
``M`` is the file's return plus (M − the meter shown) × Σ chance × share. In the long run every unit fed to a meter
is paid back by it, and the house adds the reset each time the meter is won whole, so a meter returns its
contribution ``rate`` plus the chance of winning it whole times its ``reset``, whatever it shows; its average win
is the meter's mean when hit: (rate + chance won whole × reset) / Σ chance × share, times the line's share (for a
meter of one line, reset + rate / chance, the Wizard of Odds' "average win").

An envy bonus adds, per other seat, the chance of each of its lines times its amount; its spread and the chance
that any other seat is paid come from the seats' hands dealt from one deck (:mod:`.seats`).

>>> from casino_math.analysis import analyze
>>> a = analyze("paytables/three_card_poker/progressive-envy.yaml")
>>> p = progression(a.game.side_bet["progressive"], a.tables["progressive"])
>>> p.shown("jackpot"), p.break_even("jackpot"), p.slope("jackpot")
(Fraction(5000, 1), Fraction(13600, 1), Fraction(1, 22100))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb, sqrt
from typing import Mapping

from ..errors import InputError, UnknownName
from ..game.description import SideBet
from ..game.progressive import Meter, Progressive
from ..returns import ReturnTable
from .seats import SeatCounts


@dataclass(frozen=True)
class Progression:
    """A side bet's return table read with its meters (see the module); nets per unit bet."""

    bet: SideBet
    table: ReturnTable

    @property
    def progressive(self) -> Progressive:
        assert self.bet.progressive is not None
        return self.bet.progressive

    @property
    def deals(self) -> int:
        return sum(o.combinations for o in self.table.outcomes)

    def chance(self, line: str) -> Fraction:
        """The chance the bet's hand is paid by ``line``."""
        return Fraction(sum(o.combinations for o in self.table.outcomes if o.key("line") == line), self.deals)

    def net(self, line: str) -> Fraction:
        """The net win of ``line`` as written in the file."""
        return next(o.net for o in self.table.outcomes if o.key("line") == line)

    def meter(self, name: str) -> Meter:
        meters = self.progressive.meters
        found = next((m for m in meters if m.name == name), None)
        if found is None:
            raise UnknownName(f"{self.bet.name} has no meter {name!r} (meters: {', '.join(m.name for m in meters) or 'none'})")
        return found

    def shown(self, name: str) -> Fraction:
        """The meter as the file shows it (its lines' pays, "for 1", over their shares)."""
        line, share = self.meter(name).lines[0]
        return (self.net(line) + 1) / share

    def slope(self, name: str) -> Fraction:
        """What one more unit on the meter adds to the bet's expected return: Σ chance × share of its lines."""
        return sum((self.chance(line) * share for line, share in self.meter(name).lines), Fraction(0))

    def expected(self, meters: Mapping[str, Fraction] | None = None) -> Fraction:
        """The expected net per unit bet with the meters at ``meters`` (those not named as shown in the file)."""
        base = self.table.metrics.expected_return
        return base + sum(((value - self.shown(name)) * self.slope(name) for name, value in (meters or {}).items()), Fraction(0))

    def break_even(self, name: str) -> Fraction:
        """The meter at which the bet has no house edge (the other meters as shown)."""
        return self.meter_for_edge(name, Fraction(0))

    def meter_for_edge(self, name: str, edge: Fraction) -> Fraction:
        """The meter at which the bet's house edge is ``edge``."""
        return self.shown(name) + (-edge - self.table.metrics.expected_return) / self.slope(name)

    def declared(self, meter: Meter) -> tuple[Fraction, Fraction]:
        """The meter's rate and reset, where the file declares both (else the reason, as an error)."""
        if meter.rate is None or meter.reset is None:
            raise InputError(f"{self.bet.name}: the meter {meter.name!r} declares no "
                             f"{'contribution rate' if meter.rate is None else 'seed or reset'}: its long-run return is not known")
        return meter.rate, meter.reset

    def long_run_meter(self, meter: Meter) -> Fraction:
        """What ``meter`` returns per unit bet in the long run: its rate plus the chance it is won whole × its reset."""
        rate, reset = self.declared(meter)
        return rate + sum((self.chance(line) for line in meter.whole), Fraction(0)) * reset

    def long_run(self) -> Fraction:
        """The bet's expected net per unit bet in the long run (every meter as it averages out)."""
        fixed = sum((o.net * o.combinations for o in self.table.outcomes if self.progressive.meter_of(o.key("line") or "") is None),
                    Fraction(0)) / self.deals
        metered = sum((self.chance(line) for m in self.progressive.meters for line, _ in m.lines), Fraction(0))
        return fixed - metered + sum((self.long_run_meter(m) for m in self.progressive.meters), Fraction(0))

    def average_win(self, line: str) -> Fraction:
        """The line's average win per unit bet, "for 1": a metered line's share of the meter's mean when hit."""
        meter = self.progressive.meter_of(line)
        if meter is None:
            return self.net(line) + 1
        return meter.share(line) * self.long_run_meter(meter) / self.slope(meter.name)

    def reset_for_edge(self, name: str, edge: Fraction) -> Fraction:
        """The reset (seed) at which the bet's long-run house edge is ``edge`` (the rate as declared)."""
        meter = self.meter(name)
        whole = sum((self.chance(line) for line in meter.whole), Fraction(0))
        if not whole:
            raise InputError(f"{self.bet.name}: no line wins the meter {name!r} whole, so its reset changes nothing")
        return self.declared(meter)[1] + (-edge - self.long_run()) / whole


def progression(bet: SideBet, table: ReturnTable) -> Progression:
    """The bet's figures with its meters (a bet that declares none: an error saying so)."""
    if bet.progressive is None or not bet.progressive.meters:
        raise InputError(f"{bet.name} declares no progressive meter")
    return Progression(bet, table)


@dataclass(frozen=True)
class EnvySeats:
    """The bet with ``others`` other seats at the table, each paying the player's envy bonus (per unit bet):
    ``envy`` (from all of them), ``expected`` (the bet's whole expected net), ``sd`` (its standard deviation) and
    ``any_paid`` (the chance at least one other seat pays an envy bonus)."""

    others: int
    envy: Fraction
    expected: Fraction
    sd: float
    any_paid: Fraction


def envy_seats(bet: SideBet, table: ReturnTable, seats: SeatCounts, most: int = 6) -> tuple[EnvySeats, ...]:
    """The bet with 1 to ``most`` other seats (see :class:`EnvySeats`), the seats' hands dealt from one deck."""
    envy = bet.progressive.envy if bet.progressive else None
    if envy is None:
        raise InputError(f"{bet.name} declares no envy bonus")
    pay = dict(envy.pays)
    hands, others = seats.hands, seats.others
    nets = {line: next(o.net for o in table.outcomes if o.key("line") == line) for line in seats.lines}
    chance = {line: Fraction(seats.count(line), hands) for line in seats.lines}
    lose = 1 - sum(chance.values(), Fraction(0))
    own = sum((nets[line] * chance[line] for line in seats.lines), Fraction(0)) - lose
    own_square = sum((nets[line] ** 2 * chance[line] for line in seats.lines), Fraction(0)) + lose
    per_seat = sum((a * chance[line] for line, a in pay.items()), Fraction(0))
    square = sum((a * a * chance[line] for line, a in pay.items()), Fraction(0))

    def both(first: str, second: str) -> Fraction:  # one seat's hand of ``first``, another's of ``second``
        return Fraction(seats.pair(first, second), hands * others)

    with_own = sum((a * (sum((nets[i] * both(i, e) for i in seats.lines), Fraction(0))
                         - (chance[e] - sum((both(i, e) for i in seats.lines), Fraction(0)))) for e, a in pay.items()), Fraction(0))
    two = sum((a * b * both(e, f) for e, a in pay.items() for f, b in pay.items()), Fraction(0))
    out = []
    for n in range(1, most + 1):
        variance = (own_square - own ** 2) + n * (square - per_seat ** 2) + 2 * n * (with_own - own * per_seat) \
            + n * (n - 1) * (two - per_seat ** 2)
        out.append(EnvySeats(n, n * per_seat, own + n * per_seat, sqrt(variance), 1 - seats.none_of(pay, n)))
    return tuple(out)


def shared_meter(bet: SideBet, table: ReturnTable, seats: SeatCounts, most: int = 6) -> tuple[Fraction, ...]:
    """The bet's expected net per unit with 1 to ``most`` other seats making it, where seats that win a meter whole in
    one round split it (``several: share``): a hand winning it is paid its amount times the mean of 1 / (1 + K), K the
    other seats winning it too, from the seats' hands dealt from one deck (by inclusion–exclusion over K's factorial
    moments). Where each is paid in full, every count of seats gives the table's own return."""
    base = table.metrics.expected_return
    progressive = bet.progressive
    if progressive is None or progressive.several == "each":
        return tuple(base for _ in range(most))
    if seats.board:
        raise InputError(f"{bet.name}: a meter split between seats is counted where each seat holds its own cards (no board)")
    h, rest = seats.cards, seats.deck - seats.cards
    deals = [1]
    for j in range(most):
        deals.append(deals[-1] * comb(rest - j * h, h))
    out = []
    for n in range(1, most + 1):
        change = Fraction(0)
        for meter in progressive.meters:
            for line in meter.whole:
                amount = next(o.net for o in table.outcomes if o.key("line") == line) + 1
                for row in seats.ids[seats.first == seats.lines.index(line)]:
                    tuples = seats.together(meter.whole, n, without=row)
                    moments = [Fraction(comb(n, j) * tuples[j], deals[j]) for j in range(n + 1)]
                    shares = sum((Fraction((-1) ** (j - k) * comb(j, k)) * moments[j] / (k + 1)
                                  for k in range(n + 1) for j in range(k, n + 1)), Fraction(0))
                    change += amount * (shares - 1)
        out.append(base + change / seats.hands)
    return tuple(out)


def progressive_record(bet: SideBet, table: ReturnTable, seats: SeatCounts | None, most: int = 6) -> dict[str, object]:
    """The figures of a bet's meters and envy bonus as plain data (exact Fractions): each meter as declared with its
    break-even and long-run return, each line's average win, and per count of other seats the envy and shared meters."""
    progressive = bet.progressive
    assert progressive is not None
    out: dict[str, object] = {"several": progressive.several}
    if progressive.meters:
        p = Progression(bet, table)
        meters = []
        for m in progressive.meters:
            known = m.rate is not None and m.reset is not None
            meters.append({"meter": m.name, "lines": {line: share for line, share in m.lines}, "shown": p.shown(m.name),
                           "seed": m.seed, "reset": m.reset, "rate": m.rate, "break_even": p.break_even(m.name),
                           "long_run_return": p.long_run_meter(m) if known else None})
        out["meters"] = meters
        if all(m.rate is not None and m.reset is not None for m in progressive.meters):
            out["long_run_house_edge"] = -p.long_run()
            out["average_win"] = {str(o.key("line")): p.average_win(str(o.key("line"))) for o in table.outcomes if o.key("line")}
    if seats is not None and progressive.envy is not None:
        out["envy"] = {line: amount for line, amount in progressive.envy.pays}
        out["seats"] = [{"other_seats": e.others, "envy_return": e.envy, "house_edge": -e.expected, "standard_deviation": e.sd,
                         "envy_paid": e.any_paid} for e in envy_seats(bet, table, seats, most)]
    if seats is not None and progressive.several == "share":
        out["shared_house_edge"] = [-x for x in shared_meter(bet, table, seats, most)]
    return out
