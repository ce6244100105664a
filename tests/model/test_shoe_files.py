"""Shoe game files: the published figures they claim, the checks the loader makes, effects of removal, the command."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
import typer

from casino_math.cards import Card
from casino_math.claims import claim_files, load_claims, verify_files
from casino_math.errors import InputError
from casino_math.counting.drawing import bet_tables
from casino_math.analysis import analyze, load_game, load_game_text
from casino_math.cli.removal import removal
from casino_math.shoe import Shoe
from tests.helpers.paths import ROOT

BACCARAT = ROOT / "paytables" / "baccarat"
BLACKJACK = ROOT / "paytables" / "blackjack_side_bets"


def test_every_published_figure_is_reproduced():
    """Every claim passes but those whose claims file says why not (``gap:``: a published figure rounded from rounded
    parts, say), which fail."""
    folders = [BACCARAT / "claims", BLACKJACK / "claims"]
    frame = verify_files(folders)
    explained = {(c.file, c.line) for f in claim_files(folders) for c in load_claims(f).claims if c.gap}
    failed = frame[~frame["passed"]]
    assert set(zip(failed["file"], failed["line"])) == explained, failed[["claim", "published", "computed_text", "file", "line"]].to_string()
    assert len(frame) >= 70


def test_lucky_6_effects_of_removal_are_the_published_ones():
    """Wizard of Odds, Card Counting the Lucky 6 Bet: removing one card from eight decks (tens and faces alike: rank 0)."""
    published = {2: "-0.000323", 3: "-0.001131", 4: "-0.000393", 5: "-0.000278", 6: "-0.005386", 7: "0.003907",
                 8: "0.003537", 9: "0.002838", 10: "-0.000611", 11: "-0.000611", 12: "-0.000611", 13: "-0.000611", 14: "-0.000329"}
    effects = analyze(BACCARAT / "super-6.yaml").effect_of_removal("lucky_6")
    for rank, effect in zip(effects.ranks, effects.effects):
        assert abs(effect - Fraction(published[rank])) <= Fraction(1, 2_000_000), rank
    # the Wizard's level-2 count (18 at most), rounded from the same effects
    assert dict(zip(effects.ranks, effects.tags(18))) == {2: -1, 3: -4, 4: -1, 5: -1, 6: -18, 7: 13, 8: 12, 9: 9,
                                                            10: -2, 11: -2, 12: -2, 13: -2, 14: -1}
    assert effects.betting_correlation(effects.tags(18)) > 0.999


def test_the_dragon_7_count_is_the_published_one():
    """Eliot Jacobson (888casino blog, co-card counting the Dragon and Panda side bets): tags A..9, T = 0,0,0,-1,-1,-1,-1,2,2,0."""
    effects = analyze(BACCARAT / "ez-baccarat.yaml").effect_of_removal("dragon_7")
    tags = dict(zip(effects.ranks, effects.tags(2)))
    assert [tags[r] for r in (14, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)] == [0, 0, 0, -1, -1, -1, -1, 2, 2, 0, 0, 0, 0]


@pytest.mark.parametrize("path, bet, cards", [
    (BACCARAT / "4-decks.yaml", "tie", [Card(9, 0), Card(13, 2)]),
    (BLACKJACK / "royal-match-1-deck.yaml", "royal_match", [Card(13, s) for s in range(4)]),
])
def test_effects_of_removal_match_a_recount_without_the_card(path, bet, cards):
    """Re-weighing the full shoe's deals equals counting again from the smaller shoe (suits averaged where read)."""
    game = load_game(path)
    effects = analyze(game).effect_of_removal(bet)
    full = Shoe.of(game.deck)
    for card in cards:
        table = bet_tables(game, full.without(card))[bet]
        recount = -table.metrics.house_edge - effects.expected
        if len(cards) == 4:  # one card of each suit: the effect is their average
            recount = sum((-bet_tables(game, full.without(c))[bet].metrics.house_edge for c in cards), Fraction(0)) / 4 - effects.expected
        assert effects.effects[effects.ranks.index(card.rank)] == recount


def test_the_removal_command(capsys):
    app = typer.Typer()
    app.command()(removal)
    app.command("other")(lambda: None)
    with pytest.raises(SystemExit) as code:
        app(["removal", str(BLACKJACK / "royal-match-1-deck.yaml"), "--bet", "royal_match", "--level", "1"], standalone_mode=True)
    out = capsys.readouterr().out
    assert code.value.code == 0
    assert "betting correlation of the level-1 count: 1.0000" in out
    assert re.search(r"^K\s+4\s+-0\.0149\d+\s+-1$", out, re.MULTILINE), out
    with pytest.raises(InputError, match="3 tags given"):
        app(["removal", str(BLACKJACK / "royal-match-1-deck.yaml"), "--bet", "royal_match", "--tags", "0 0 1"], standalone_mode=False)


GOOD = """\
game: demo
id: demo
deck: {decks: 2}
deal:
  - player: 2
  - dealer: 2
  - stop: natural
  - draw: {to: player, on: 0-5}
  - draw: {to: dealer, on: 0-5, by: player, table: {0-2: any, 3: not 8, 4: 2-7, 5: 4-7, 6: 6-7, 7: none}}
hands:
  player: {of: [player], ranking: baccarat}
  dealer: {of: [dealer], ranking: baccarat}
side_bets:
  banker: {settle: {dealer_higher: win 19/20, equal: push, player_higher: lose}}
  pairs: {pays: pairs, on: player}
paytables:
  pairs: {suited pair: 25, pair: 11}
"""


def bad(old: str, new: str) -> str:
    assert old in GOOD, old
    return GOOD.replace(old, new)


BAD = {
    "nine decks": (bad("decks: 2", "decks: 9"), ":3: deck.decks: should be at most 8, not 9"),
    "jokers in a shoe": (bad("decks: 2}", "decks: 2, jokers: 1}"), ":3: deck: a shoe of several decks is dealt without jokers"),
    "a draw for a hand not in points": (GOOD.replace("ranking: baccarat", "ranking: null").replace("  - stop: natural\n", ""),
                                        ":7: deal.2.draw.to: a draw reads the points of a hand of the player's cards alone"),
    "points out of range": (bad("on: 0-5}", "on: 0-12}"), ":8: deal.3.draw.on: '0-12': numbers run from 0 to 9 here"),
    "a table without by": (bad("by: player, ", ""), ":9: deal.4.draw.table: by and table go together"),
    "by a role that never drew": (bad("by: player", "by: dealer"), ":9: deal.4.draw.by: by names a role that drew at an earlier draw step"),
    "points listed twice": (bad("0-2: any", "0-3: any"), ":9: deal.4.draw.table.3: dealer points 3 are listed twice"),
    "a card value out of range": (bad("4: 2-7", "4: 2-11"), ":9: deal.4.draw.table.4: '2-11': numbers run from 0 to 9 here"),
    "a step that is two": (bad("  - stop: natural\n", "  - {stop: natural, player: 1}\n"), ":7: deal.2: a step is one of"),
    "best in a points hand": (bad("{of: [player], ranking: baccarat}", "{of: [player], best: 2, ranking: baccarat}"),
                              ":11: hands.player.best: a points hand counts every card it holds"),
    "two points rankings": (bad("dealer: {of: [dealer], ranking: baccarat}", "dealer: {of: [dealer], ranking: blackjack}"),
                            ":12: hands.dealer.ranking: the points hands of a game share one ranking (here baccarat)"),
    "a decision in a shoe game": (bad("  - stop: natural\n", "  - decide: {fold: fold, play: {play: 1}}\n"), ":7: deal.2.decide: a game dealt from a shoe"),
    "a wager of the game's own": (GOOD + "wagers:\n  ante: {stake: 1, settle: lose}\n", ":18: wagers: in a game dealt from a shoe, by drawing rules or with points hands, every bet stands alone"),
    "a side bet with both": (bad("banker: {settle:", "banker: {pays: pairs, settle:"), ":14: side_bets.banker: a side bet is paid by a table (pays: TABLE) or settled"),
    "a situation never reached": (bad("equal: push", "equal: push, played: win"), ":14: side_bets.banker.settle.played: the game never ends played for a side bet"),
    "a situation without a result": (bad("equal: push, ", ""), ":14: side_bets.banker.settle: no result for equal"),
    "an unknown event": (bad("pair: 11}", "pear: 11}"), ":17: paytables.pairs.pear: 'pear' is not an event of a baccarat hand"),
    "a total out of range": (bad("pair: 11}", "10 points: 11}"), ":17: paytables.pairs.10 points: '10 points': baccarat totals run from 0 to 9"),
    "a line never paid": (bad("{suited pair: 25, pair: 11}", "{pair: 11, suited pair: 25}"), ":17: paytables.pairs.suited pair: never paid: every such hand is paid first as 'pair'"),
    "a suited pair from one deck": (bad("decks: 2", "decks: 1"), ":17: paytables.pairs.suited pair: 'suited pair': a matched or suited pair needs two cards alike"),
    "a poker hand of drawn cards": (GOOD.replace("side_bets:", "  both: {of: [player, dealer], best: 3, ranking: three-card}\nside_bets:"),
                                    ":13: hands.both.of: a poker hand holds a fixed number of cards: the dealer, player may draw"),
    "a stop with no points hand": (bad("  - draw: {to: player, on: 0-5}\n  - draw: {to: dealer, on: 0-5, by: player, table: {0-2: any, 3: not 8, 4: 2-7, 5: 4-7, 6: 6-7, 7: none}}\n", "")
                                   .replace("ranking: baccarat", "ranking: null"),
                                   ":7: deal.2.stop: a stop on a natural needs a points hand of one role's cards"),
    "blackjack hands compared": (bad("ranking: baccarat}\n  dealer: {of: [dealer], ranking: baccarat}", "ranking: blackjack}\n  dealer: {of: [dealer], ranking: blackjack}")
                                 .replace("  - stop: natural\n  - draw: {to: player, on: 0-5}\n  - draw: {to: dealer, on: 0-5, by: player, table: {0-2: any, 3: not 8, 4: 2-7, 5: 4-7, 6: 6-7, 7: none}}\n", ""),
                                 ":11: side_bets.banker.settle: blackjack hands are not compared here"),
}


@pytest.mark.parametrize("name", BAD)
def test_bad_shoe_files_say_where_and_what(name):
    text, expected = BAD[name]
    with pytest.raises(InputError) as error:
        load_game_text(text, "bad.yaml")
    assert f"bad.yaml{expected}" in str(error.value), str(error.value)


def test_the_good_file_loads():
    game = load_game_text(GOOD, "good.yaml")
    assert game.counted_by_kind and game.most_cards_of("dealer") == 3
