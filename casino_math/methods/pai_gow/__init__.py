"""Pai Gow Poker: seven cards set into a high hand of five and a low hand of two, the banker set by a house way.

- :mod:`~casino_math.methods.pai_gow.hands`: the two hands' values (the joker as the bug, A-2-3-4-5 as declared), every way to set seven cards;
- :mod:`~casino_math.methods.pai_gow.house_way`: a casino's house way as data, its rules tried on many hands at once;
- :mod:`~casino_math.methods.pai_gow.game_file`: the ``pai_gow:`` section of a game file;
- :mod:`~casino_math.methods.pai_gow.counting`: the exact count (the banker's hands against each setting by inclusion–exclusion);
- :mod:`~casino_math.methods.pai_gow.method`: the counting method behind the contract of :mod:`casino_math.contract.method`.
"""
