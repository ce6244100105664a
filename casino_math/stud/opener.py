"""Who acts first: the bring-in on the first street, then the best exposed hand on each later one.

The dealer announces the first bettor with the combination that makes it so
(Albert H. Morehead, *Laws and Forms of Poker*, law 31c): "Pair of eights bets", "First ace bets". Seats are
numbered from 0 in dealing order; the dealer's left is the seat after the
dealer, and by default the dealer sits last. (Messages, like the command
line, count seats from 1.)

The razz deal of Wikipedia's "Stud poker" article (Alice deals to Bob, Carol and David;
suits are ours, the article leaves them out):

>>> razz = "razz"
>>> first_to_act(razz, ["4c", "Jd", "3h", "As"]).announcement   # Alice, Bob, Carol, David; Alice deals
'Jack brings in'
>>> first_to_act(razz, ["4c 2d", "Jd 9c", "3h 3s", "As 4h"]).announcement
'Four-ace bets'
>>> first_to_act(razz, ["4c 2d 8h", None, "3h 3s Ac", "As 4h Kd"]).seat   # Bob has folded: Alice bets
0
>>> first_to_act("seven-card-stud", ["Kh 7d", "As 2c", "9s 9d"], street=4).announcement
'Pair of nines bets'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Literal, Sequence

from ..cards import ACE, RANK_NAMES, Card, parse_cards
from ..errors import InputError
from .exposed import describe, exposed_ranking, exposed_value
from .games import StudGame, TieBreak, get_game

SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


@dataclass(frozen=True)
class FirstToAct:
    """The player who opens a street's betting, and why.

    ``showing`` names each seat's up cards as the opener rules see them
    (None for a seat out of the hand); ``tie`` says how a tie for first was
    broken, if there was one.
    """

    game: str
    street: int
    seat: int
    action: Literal["brings in", "bets"]
    announcement: str
    showing: tuple[str | None, ...]
    tie: TieBreak | None = None


def card_name(card: Card) -> str:
    """'jack of spades'; a joker is 'the joker'."""
    return "the joker" if card.is_joker else f"{RANK_NAMES[card.rank]} of {SUIT_NAMES[card.suit]}"


def _hands(game: StudGame, up_cards: Sequence[Sequence[Card] | str | None]) -> list[tuple[Card, ...] | None]:
    hands = [None if h is None else (parse_cards(h) if isinstance(h, str) else tuple(h)) for h in up_cards]
    seen: dict[Card, int] = {}
    for seat, hand in enumerate(hands):
        for card in hand or ():
            if card in seen and not card.is_joker:
                raise InputError(f"duplicate card {card}: seats {seen[card] + 1} and {seat + 1} both show it")
            seen[card] = seat
        game.the_deck.check_contains(hand or (), f"seat {seat + 1}")
    return hands


def _street(game: StudGame, hands: list[tuple[Card, ...]], street: int | None) -> int:
    shown = sorted({len(h) for h in hands})
    if street is None:
        matching = [s for s in game.street_numbers if len(shown) == 1 and game.up_count(s) == shown[0]]
        if not matching:
            counts = ", ".join(f"seat {seat} shows {len(h)}" for seat, h in enumerate(hands, 1))
            raise InputError(f"these up cards match no street of {game.title} ({counts}; on a street every seat shows as many)")
        return matching[0]
    expected = game.up_count(street)
    for seat, hand in enumerate(hands, 1):
        if len(hand) != expected:
            raise InputError(f"on street {street} of {game.title} each player shows {expected} up card{'s' * (expected != 1)}; "
                             f"seat {seat} shows {len(hand)}")
    return street


def first_to_act(
    game: str | StudGame,
    up_cards: Sequence[Sequence[Card] | str | None],
    street: int | None = None,
    dealer: int | None = None,
) -> FirstToAct:
    """Who brings in or bets first, given each seat's up cards (None: not in the hand) in seat order.

    ``street`` defaults to the first street on which players show that many up
    cards; ``dealer`` (a seat) defaults to the last seat.
    """
    game = get_game(game)
    hands = _hands(game, up_cards)
    playing = {seat: hand for seat, hand in enumerate(hands) if hand is not None}
    active = list(playing)
    if len(active) < 2:
        raise InputError("first to act needs at least two players in the hand")
    dealer = len(hands) - 1 if dealer is None else dealer
    if not 0 <= dealer < len(hands):
        raise InputError(f"the dealer must sit at one of the {len(hands)} seats")
    street = _street(game, list(playing.values()), street)
    showing = tuple(None if h is None else describe(game, h) for h in hands)

    def from_dealers_left(seat: int) -> int:
        return (seat - dealer - 1) % len(hands)

    if street == game.street_numbers[0] and game.bring_in:
        return _bring_in(game, street, playing, showing, from_dealers_left)

    values = {seat: exposed_value(game, hand) for seat, hand in playing.items()}
    best = max(values.values())
    tied = [seat for seat in active if values[seat] == best]
    seat = tied[0]
    tie: TieBreak | None = None
    deciding: dict[int, Card] = {}
    if len(tied) > 1 and game.betting_ties == "suit":
        tie = "suit"
        deciding = {s: _deciding_card(game, playing[s]) for s in tied}
        # the higher suit is the higher hand; in a low game the lower suit is the lower hand
        pick = min if game.opener == "low" else max
        seat = pick(tied, key=lambda s: (game.suit_rank(deciding[s].suit), -from_dealers_left(s)))
    elif len(tied) > 1:
        tie = "dealer_left"
        seat = min(tied, key=from_dealers_left)
    name = showing[seat]
    if tie == "dealer_left":
        text = f"first {name} bets"
    elif tie == "suit":
        text = f"{card_name(deciding[seat])} bets" if len(playing[seat]) == 1 else f"{name}, {card_name(deciding[seat])}, bets"
    else:
        text = f"{name} bets"
    return FirstToAct(game.name, street, seat, "bets", text[0].upper() + text[1:], showing, tie)


def _deciding_card(game: StudGame, hand: tuple[Card, ...]) -> Card:
    """The card whose suit breaks a tie (pagat.com's stud page: the suits of the highest cards): the top card of the leading group."""
    ranking = exposed_ranking(game, len(hand))
    face = [ACE if c.is_joker else c.rank for c in hand]
    low_ace = ranking.ace_low

    def weight(rank: int) -> int:
        return 1 if low_ace and rank == ACE else rank

    def strength(i: int) -> tuple[int, int, int]:
        # the biggest group leads; among its cards, or an unpaired hand's, the top rank and then the top suit
        return face.count(face[i]), weight(face[i]), game.suit_rank(hand[i].suit)

    return hand[max(range(len(hand)), key=strength)]


def _bring_in(game: StudGame, street: int, playing: dict[int, tuple[Card, ...]], showing: tuple[str | None, ...],
              from_dealers_left: Callable[[int], int]) -> FirstToAct:
    """The lowest (or highest) up card pays the bring-in; the ace is low where the game's ranking plays it low."""
    ace_low = exposed_ranking(game, 1).ace_low

    def rank_of(card: Card) -> int:
        rank = ACE if card.is_joker else card.rank  # a joker face up is the bug: an ace
        return 1 if ace_low and rank == ACE else rank

    pick = min if game.bring_in == "lowest" else max
    card = {s: pick(hand, key=lambda c: (rank_of(c), game.suit_rank(c.suit))) for s, hand in playing.items()}
    target = pick(rank_of(c) for c in card.values())
    tied = [s for s in playing if rank_of(card[s]) == target]
    tie = None if len(tied) == 1 else game.bring_in_ties
    if tie == "suit":
        seat = pick(tied, key=lambda s: game.suit_rank(card[s].suit))
        name = card_name(card[seat])
    else:
        seat = min(tied, key=from_dealers_left)
        name = ("first " if tie else "") + RANK_NAMES[card[seat].rank if not card[seat].is_joker else ACE]
    text = f"{name} brings in"
    return FirstToAct(game.name, street, seat, "brings in", text[0].upper() + text[1:], showing, tie)
