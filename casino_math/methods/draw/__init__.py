"""Video poker and draw poker: five cards dealt, any of them held, the rest drawn from the cards left.

- :mod:`~casino_math.methods.draw.hands`: a paytable's lines as the glass prints them, and every final hand's class;
- :mod:`~casino_math.methods.draw.game_file`: the ``draw:`` section of a game file;
- :mod:`~casino_math.methods.draw.kernel`: the compiled counts (hands holding each small set of cards, every hold by inclusion–exclusion);
- :mod:`~casino_math.methods.draw.counting`: every deal class × hold × pay class, kept in the count cache;
- :mod:`~casino_math.methods.draw.solving`: the best hold of every deal at given pays, and the return table;
- :mod:`~casino_math.methods.draw.lookup`: any deal's hold, through its class;
- :mod:`~casino_math.methods.draw.strategy_table`: the hand-rank strategy table, derived;
- :mod:`~casino_math.methods.draw.figures`: multi-play and the progressive royal;
- :mod:`~casino_math.methods.draw.method`: the counting method behind the contract of :mod:`casino_math.contract.method`.
"""
