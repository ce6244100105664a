"""``casino-math stud``: first to act, final-hand frequencies, exact equity, the game presets.

Seats are numbered from 1 here, in dealing order; the library counts from 0.
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import TYPE_CHECKING, Optional, cast

import typer

from ..output import Format as TableFormat, FormatChoice as Format, dumps, render_frame
from ..stud.games import GAMES, TieBreak, get_game

if TYPE_CHECKING:
    import pandas as pd

stud_app = typer.Typer(
    help="Stud poker: who acts first, final-hand frequencies, exact equity.",
    no_args_is_help=True,
    rich_markup_mode=None,
)



class Ties(str, Enum):
    suit = "suit"
    dealer_left = "dealer-left"


_FORMAT = typer.Option("table", "--format", "-f", help="table, csv, json or markdown.")
_GAME_HELP = "A preset: " + ", ".join(GAMES) + "."


def _echo_frame(frame: "pd.DataFrame", fmt: Format, header: str) -> None:
    if fmt.value == "table":
        typer.echo(header + "\n")
    typer.echo(render_frame(frame, cast(TableFormat, fmt.value)), nl=False)


@stud_app.command("first-to-act")
def first_to_act_command(
    players: list[str] = typer.Argument(..., help='Each seat\'s up cards in seat order, e.g. "Kh 7d"; "-" for a seat out of the hand.'),
    game: str = typer.Option("seven-card-stud", "--game", "-g", help=_GAME_HELP),
    street: Optional[int] = typer.Option(None, help="The street (cards each player holds); default: the first that shows this many up cards."),
    dealer: Optional[int] = typer.Option(None, help="The dealer's seat (default: the last seat)."),
    ties: Optional[Ties] = typer.Option(None, help="Override the game's tie rule, bring-in and later streets alike."),
    suit_order: Optional[str] = typer.Option(None, help="Suits lowest first, for ties by suit. Default cdhs: clubs lowest, spades "
                                             "highest, the usual order (bridge order); a house that ranks them the other way "
                                             "round, clubs highest, is shdc."),
    format: Format = _FORMAT,
) -> None:
    """Who brings in or bets first, and what the dealer announces."""
    from ..stud.opener import first_to_act

    the_game = get_game(game)
    if ties:
        rule: TieBreak = "dealer_left" if ties is Ties.dealer_left else "suit"
        the_game = dataclasses.replace(the_game, bring_in_ties=rule, betting_ties=rule)
    if suit_order:
        the_game = dataclasses.replace(the_game, suit_order=suit_order.lower())
    hands = [None if p.strip() in ("-", "") else p for p in players]
    result = first_to_act(the_game, hands, street, None if dealer is None else dealer - 1)
    seats = [
        {"seat": i + 1, "up": hand or "-", "showing": shown or "-", "first": result.action if i == result.seat else ""}
        for i, (hand, shown) in enumerate(zip(hands, result.showing))
    ]
    if format == "json":
        typer.echo(dumps({"game": result.game, "street": result.street, "seat": result.seat + 1, "action": result.action,
                          "announcement": result.announcement, "tie": result.tie, "seats": seats}))
        return
    import pandas as pd

    _echo_frame(pd.DataFrame(seats), format, f"{the_game.title}, street {result.street}: seat {result.seat + 1} {result.action}. \"{result.announcement}\"")


@stud_app.command("frequencies")
def frequencies_command(
    game: str = typer.Option("seven-card-stud", "--game", "-g", help=_GAME_HELP),
    format: Format = _FORMAT,
) -> None:
    """Exact frequencies of a game's final hands (and of its lows, where the pot splits)."""
    from ..stud.frequencies import stud_frequencies

    result = stud_frequencies(game)
    g = result.game
    columns = [c for c in result.table.columns if c not in ("probability_float", "one_in")] if format == "json" else list(result.table.columns)
    if format == "json":
        payload = {"game": g.name, "total": result.total, "arrangements": result.arrangements,
                   "rows": result.table[columns].to_dict("records")}
        if result.low is not None:
            payload["low_rows"] = result.low[["category", "combinations", "probability"]].to_dict("records")
            payload["qualifying_low"] = result.qualifying_low
        typer.echo(dumps(payload))
        return
    placed = (f", each placed {result.arrangements:,} ways (which cards fell where the game's rules look)"
              if result.arrangements > 1 else "")
    _echo_frame(result.table, format, f"{g.title}: {g.cards} cards from the {g.the_deck} deck{placed}: {result.total:,} deals")
    if result.low is not None and result.qualifying_low is not None:
        typer.echo("")
        _echo_frame(result.low, format, f"Low half ({g.split}): a qualifying low {float(result.qualifying_low):.6%}")


@stud_app.command("equity")
def equity_command(
    players: list[str] = typer.Argument(..., help='Each player\'s cards: down cards | up cards, e.g. "As 2s | 3d 4c 5h".'),
    game: str = typer.Option("seven-card-stud", "--game", "-g", help=_GAME_HELP),
    dead: str = typer.Option("", help='Cards seen folded, e.g. "Ah Kd".'),
    budget: Optional[int] = typer.Option(None, help="Most work an exact answer may take (hands valued plus comparisons); past it, Monte Carlo."),
    samples: Optional[int] = typer.Option(None, help="Deals sampled when Monte Carlo is needed."),
    seed: int = typer.Option(1, help="Seed of the Monte Carlo sample."),
    format: Format = _FORMAT,
) -> None:
    """Each player's chance to win, tie (scoop, split) and share of the pot, over every way to deal the rest."""
    from ..stud.equity import DEFAULT_BUDGET, DEFAULT_SAMPLES, stud_equity

    result = stud_equity(game, players, dead, budget=DEFAULT_BUDGET if budget is None else budget,
                         samples=DEFAULT_SAMPLES if samples is None else samples, seed=seed)
    if format == "json":
        typer.echo(dumps({"game": result.game, "street": result.street, "method": result.method, "deals": result.deals,
                          "seed": result.seed, "work": result.work, "budget": result.budget,
                          "players": result.table.to_dict("records")}))
        return
    _echo_frame(result.table, format, f"{get_game(game).title}, street {result.street}. {result.summary[0].upper()}{result.summary[1:]}")


@stud_app.command("games")
def games_command(format: Format = _FORMAT) -> None:
    """The stud games known, with their decks, rankings, deal and rules."""
    rows = [
        {
            "game": g.name, "deck": str(g.the_deck), "ranking": g.ranking + (f" / {g.split}" if g.split else ""),
            "deal": " ".join(g.streets),
            "hole_limit": f"{g.hole_limit.usable} of first {g.hole_limit.cards} down" if g.hole_limit else "-",
            "bring_in": f"{g.bring_in} card" if g.bring_in else "-", "ties": f"{g.bring_in_ties} / {g.betting_ties}",
        }
        for g in GAMES.values()
    ]
    if format == "json":
        typer.echo(dumps(rows))
        return
    import pandas as pd

    _echo_frame(pd.DataFrame(rows), format, "Stud games (deal: cards per street, d down, u up; ties: bring-in / later streets)")
