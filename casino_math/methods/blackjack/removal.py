"""Blackjack's effect of removal: the change in the game's expected return (optimal strategy) when one card of each rank
leaves the full shoe, counted exactly like the game itself, once per rank's value.

Count designers read it per rank on the house edge: a card whose removal lowers the player's return (a ten, an ace)
favours the player while it stays in the shoe. Ranks of one value (ten, jack, queen, king) have one effect.

>>> from casino_math.analysis import load_game
>>> from casino_math.cards import rank_char
>>> effects = blackjack_removal(load_game("tests/games/blackjack-small.yaml"), "blackjack")
>>> [rank_char(r) for r in effects.ranks], effects.counts
(['7', '8', '9', 'T', 'J', 'Q', 'K', 'A'], (4, 4, 4, 4, 4, 4, 4, 4))
>>> effects.effects[effects.ranks.index(10)] < 0 < effects.effects[effects.ranks.index(7)]   # a ten out hurts the player
True
"""

from __future__ import annotations

from fractions import Fraction

from ...errors import InputError
from ...counting.removal import RemovalEffects
from .exposed import play_exposed
from .game_file import BlackjackGame
from .rounds import check_shoe, play_game
from .rules import ACE, VALUES, Shoe


def blackjack_removal(game: BlackjackGame, bet: str) -> RemovalEffects:
    """The effect of removing one card of each rank from the full shoe on the game's expected return (optimal strategy)."""
    if bet != game.bet:
        raise InputError(f"{game.id} offers no bet {bet!r} (bets: {game.bet})")
    shoe = game.shoe
    play = play_exposed if game.rules.exposed else play_game
    full = play(game.rules, shoe).expected_return
    ranks = tuple(sorted(set(game.deck.ranks)))
    by_value: dict[int, Fraction] = {}
    for rank in ranks:
        v = ACE if rank == 14 else min(rank, 10) - 1
        if v not in by_value:
            smaller = Shoe(tuple(c - (w == v) for w, c in enumerate(shoe.counts)))
            try:
                check_shoe(game.rules, smaller)
            except ValueError as error:
                raise InputError(f"{game.id}: one card fewer: {error}") from None
            by_value[v] = play(game.rules, smaller).expected_return - full
    assert len(by_value) <= VALUES
    counts = tuple(sum(1 for card in game.deck.cards if card.rank == rank) for rank in ranks)
    return RemovalEffects(game, bet, full, ranks, counts, tuple(by_value[ACE if r == 14 else min(r, 10) - 1] for r in ranks))
