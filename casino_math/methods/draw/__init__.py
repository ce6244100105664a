"""Video poker and draw poker: five cards dealt, any of them held, the rest drawn from the cards left.

- :mod:`.hands`: a paytable's lines as the glass prints them, and every final hand's class;
- :mod:`.game_file`: the ``draw:`` section of a game file;
- :mod:`.kernel`: the compiled counts (hands holding each small set of cards, every hold by inclusion–exclusion);
- :mod:`.counting`: every deal class × hold × pay class, kept in the count cache;
- :mod:`.solving`: the best hold of every deal at given pays, and the return table;
- :mod:`.lookup`: any deal's hold, through its class;
- :mod:`.strategy_table`: the hand-rank strategy table, derived;
- :mod:`.figures`: multi-play and the progressive royal;
- :mod:`.method`: the counting method behind the contract of :mod:`casino_math.contract.method`.
"""
