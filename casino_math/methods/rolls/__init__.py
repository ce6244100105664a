"""Dice and wheels: craps, roulette and sic bo, every bet declared as data and counted exactly over every sequence of
throws.

- :mod:`~casino_math.methods.rolls.devices`: the dice (how many, how many faces, exact weights) and the wheel (pockets, colours), each throw's
  results with their exact weights;
- :mod:`~casino_math.methods.rolls.events`: what a rule reads on a throw (a total, a hard way, a combination, a pocket, a colour);
- :mod:`~casino_math.methods.rolls.bets`: a bet as rules over throws and a state carried between them (the point, the numbers marked, a count,
  a phase, the odds laid), stepped one throw at a time;
- :mod:`~casino_math.methods.rolls.chain`: the absorbing Markov chain of a bet, solved in exact fractions (strongly connected components in
  order, Gauss-Jordan elimination inside each);
- :mod:`~casino_math.methods.rolls.game_file`: the ``rolls:`` section of a game file;
- :mod:`~casino_math.methods.rolls.method`: the counting method behind the contract of :mod:`casino_math.contract.method`.
"""
