"""One vocabulary and one presentation layer: situations with their words, names as the table gives them, the text of
figures, the red suits, and progress that the engines report."""

from __future__ import annotations

import inspect
from fractions import Fraction
from typing import get_args

import numpy as np
import pytest

from casino_math import count_cache, suits, text
from casino_math.game import description
from casino_math.analysis import analyze
from casino_math.analysis import load_game, load_game_text
from casino_math.game.situations import Situation
from casino_math.game.tableau import step_words
from casino_math.report.bets import bet_heading, pays_summary

BACCARAT = "paytables/baccarat/standard.yaml"
HEAD = "game: g\nid: g\ndeal:\n  - player: 3\n  - dealer: 3\nhands:\n  player: {of: [player], ranking: three-card}\n"


def test_the_situations_a_game_file_spells_are_the_enum_s() -> None:
    assert [s.value for s in Situation if s is not Situation.OTHERWISE] == list(get_args(description.Situation))
    assert description.SITUATIONS == tuple(get_args(description.Situation))
    assert all(Situation(s) == s for s in description.SITUATIONS)  # a str: keys of settle mappings find it


@pytest.mark.parametrize("situation", list(Situation))
def test_every_situation_has_words_in_every_form_with_any_names(situation: Situation) -> None:
    for roles in ({}, {"player": "Player", "dealer": "Banker"}):
        for words in (situation.heading(roles), situation.outcome(roles), situation.short(roles)):
            assert words and "{" not in words and "_" not in words
    assert "Banker" in Situation.DEALER_HIGHER.outcome({"dealer": "Banker"})


def test_baccarat_names_its_hands_banker_and_player_everywhere() -> None:
    game = load_game(BACCARAT)
    assert game.family_name == "Baccarat" and game.names.role("dealer") == "Banker"
    tables = analyze(game).tables
    assert [o.name for o in tables["banker"].outcomes] == ["Player wins", "tie", "Banker wins"]
    assert not any("dealer" in o.name for t in tables.values() for o in t.outcomes)
    draw = next(s for s in game.steps if isinstance(s, description.Draw) and s.by is not None)
    assert step_words(draw, game.names.roles).startswith("The Banker draws")
    assert pays_summary(game, "banker") == "Banker higher 1 to 1 less 5% commission"


def test_names_of_the_family_and_bets_are_read_and_inherited() -> None:
    game = load_game("paytables/blackjack_side_bets/twenty-one-plus-three-9-to-1-1-deck.yaml")  # extends twice
    assert game.family_name == "21+3" and game.names.bet("twenty_one_plus_three") == "21+3"
    assert load_game("paytables/ultimate_texas_holdem/standard.yaml").family_name == "Ultimate Texas Hold'em"
    assert load_game("paytables/three_card_poker/standard.yaml").family_name == "Three Card Poker"  # none named: the family's
    plain = load_game_text(HEAD + "side_bets:\n  pp: {pays: t, on: player}\npaytables:\n  t: {pair: 1}\n")
    assert plain.names == description.Names() and bet_heading(plain, "pp") == "Pp"


def test_a_role_the_game_does_not_have_is_refused_with_its_line() -> None:
    with pytest.raises(Exception, match=r"bad.yaml:3: names.roles.croupier"):
        load_game_text("game: g\nid: g\nnames: {roles: {croupier: Banker}}\ndeal:\n  - player: 3\n", "bad.yaml")


def test_bet_headings_name_the_bet_and_not_its_paytable() -> None:
    game = load_game(BACCARAT)
    assert bet_heading(game, "dragon_bonus_player") == "Dragon Bonus Player"
    assert bet_heading(load_game("paytables/three_card_poker/standard.yaml"), "prime") == "Prime"


def test_figures_print_alike_everywhere() -> None:
    assert text.percent(Fraction(1, 40)) == "2.5000%" == f"{0.025:.4%}"
    assert text.percent(-0.0123, 2, sign="+") == "-1.23%"
    assert text.exact(Fraction(9, 2)) == "9/2" and text.ratio(Fraction(9)) == "9/1" and text.fraction(Fraction(-1000, 3)) == "-1,000/3"
    assert text.visible("a\u202eb\u2066c") == "a[U+202E]b[U+2066]c" and text.visible("Hold'em") == "Hold'em"


def test_red_is_diamonds_and_hearts_wherever_a_colour_is_read() -> None:
    from casino_math.counting import coup
    from casino_math.counting import drawing
    from casino_math.game import patterns
    from casino_math.counting import side_bets

    assert suits.RED == (1, 2)
    assert drawing._RED.tolist() == [s in suits.RED for s in range(4)]
    for module in (coup, patterns, side_bets):
        assert "(1, 2)" not in inspect.getsource(module)  # no copy of the red suits by hand
    pattern = next(line.pattern for line in load_game("paytables/three_card_poker/standard.yaml").paytables["prime"].lines
                   if line.key == "same colour")
    hands = np.array([[1, 2, 2], [0, 3, 3], [1, 1, 3]])
    assert pattern.matches(np.zeros(3, dtype=np.int64), hands).tolist() == [True, True, False]


def test_the_level_by_level_solve_reports_every_phase_to_its_end() -> None:
    heard: list[tuple[str, int, int]] = []
    analysis = analyze("tests/games/mini-mississippi.yaml", lambda what, done, of: heard.append((what, done, of)))
    with count_cache.disabled():  # solved, not read whole from the cache
        analysis.tables  # noqa: B018
    phases = list(dict.fromkeys(what for what, _, _ in heard))
    assert [p for p in phases if p.startswith("solving")] == [
        "solving: hands valued", "solving: backward induction",
        "solving: deals to their ends"]
    induction = [(done, of) for what, done, of in heard if "induction" in what]
    assert [d for d, _ in induction] == list(range(1, len(induction) + 1)) and induction[-1][0] == induction[-1][1]
