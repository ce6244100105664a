"""The home-poker toolkit beside the engine: stud games of home poker, high, low, split and Sökö.

For each preset (seven-card stud, razz, London lowball, stud8, Sökö,
Crocodile, Buffalo, Mexican stud, ...): who acts first on each street, how
often each final hand comes, and each player's exact equity from any street.
It shares the engine's cards (:mod:`casino_math.cards`), rankings
(:mod:`casino_math.rankings`) and hand classes (:mod:`casino_math.enumeration`),
but it is not a counting method: no game file, no wager, no house edge; the
``casino-math stud`` commands run it.

>>> from casino_math.stud import first_to_act, stud_equity
>>> first_to_act("seven-card-stud", ["Kh", "2c", "9s"]).announcement
'Deuce brings in'
>>> stud_equity("razz", ["As 2s | 3d 4c 5h 6h", "Kd Kc | Kh 9s 9d Qc"]).table["win"].tolist()
[Fraction(1, 1), Fraction(0, 1)]
"""

from ..lazy import exports

_EXPORTS = {
    "FirstToAct": "opener", "first_to_act": "opener",
    "Holding": "equity", "StudEquity": "equity", "stud_equity": "equity",
    "StudFrequencies": "frequencies", "stud_frequencies": "frequencies",
    "GAMES": "games", "HoleLimit": "games", "StudGame": "games", "get_game": "games",
}
__all__ = sorted(_EXPORTS)


__getattr__ = exports(globals(), __name__, _EXPORTS)
