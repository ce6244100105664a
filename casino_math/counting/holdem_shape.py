"""Games dealt as hold'em is, the shape the board-by-board count takes: two hole cards seen, then a board in stages, the
dealer's two cards unseen, the best five of hole cards and board against the dealer's; and rankings its tables value.
The hold'em method fits such a game; the level-by-level method, refusing a game too big for it, says why it is not one.

>>> from casino_math.analysis import load_game
>>> unfit(load_game("paytables/three_card_poker/standard.yaml")) == HOLDEM_SHAPED
True
"""

from __future__ import annotations

from ..cards import Deck
from ..game.description import Deal, Decision, Game
from ..rankings import Ranking

HOLDEM_SHAPED = "no board dealt in two stages after two hole cards"  # why a game not dealt as hold'em is refused


def unfit(game: Game) -> str | None:
    """Why the hold'em method cannot count ``game`` board by board (None: it can)."""
    seen = [(s.role, s.cards) for s in game.steps if isinstance(s, Deal) and s.seen]
    if len(seen) < 3 or seen[0] != ("player", 2) or any(role != "board" for role, _ in seen[1:]):
        return HOLDEM_SHAPED
    if seen[1][1] < 3:
        return "a flop of fewer than three cards"
    between = [level for level in game.decision_levels if 2 < level < len(seen)]
    if len(between) > 1:
        return "decisions at more than one step between the flop and the last board card (one, the turn, is counted)"
    hidden = [s for s in game.steps if isinstance(s, Deal) and not s.seen]
    if any(s.role != "dealer" for s in hidden) or sum(s.cards for s in hidden) != 2 or game.cards_of("dealer") != 2:
        return "the dealer's cards are not two, unseen"
    if not game.wagers or not {"player", "dealer"} <= set(game.hands):  # other hands are read by side bets only
        return "no showdown of the player's hand against the dealer's alone"
    player, dealer = game.hands["player"], game.hands["dealer"]
    if set(player.of) != {"player", "board"} or set(dealer.of) != {"dealer", "board"} or player.best != 5 or dealer.best != 5:
        return "hands are not the best five of hole cards and board"
    assert player.ranking is not None
    reason = unsupported(player.ranking, game.deck)
    if reason:
        return reason
    if any(o.only_with for d in game.decisions for o in d.options):
        return "an option open only with some hands: counted level by level"
    first_seen = next(i for i, s in enumerate(game.steps) if isinstance(s, Deal) and s.seen)
    if any(isinstance(s, Decision) for s in game.steps[:first_seen]):
        return "a decision before the player's cards"
    for table in game.own_tables:
        for line in game.paytables[table].lines:
            if line.hand != "player" or line.pattern.needs_cards:
                return f"the line {line.key!r} reads more than the player's hand value"
    return None


def unsupported(ranking: Ranking, deck: Deck) -> str | None:
    """Why the tables cannot value this ranking's hands (None: they can)."""
    if deck.jokers or ranking.wild or ranking.wild_deuces:
        return "wild cards"
    if ranking.suits != "flush" or ranking.hand_size != 5:
        return f"the {ranking.name} ranking is not a five-card ranking where only flushes read suits"
    if not ranking.flush_never_hurts:
        return f"in the {ranking.name} ranking a flush can be worth less than its ranks unsuited"
    return None
