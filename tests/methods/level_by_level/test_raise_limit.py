"""A raise open only with some hands (``only_with``): Crazy 4 Poker's 3x with a pair of aces or better.

The engine against the plain brute force is in tests/common/test_common.py (tests/games/mini-crazy-four.yaml); here, that
the limit binds (the same game without it differs, exactly as the brute force says, and no weaker hand takes the
limited option), how simple rules and the strategy table meet it, and the mistakes a designer can make writing it,
each one line at its file and line."""

from __future__ import annotations


import pytest

from casino_math import analyze
from casino_math.game.simple_strategies import parse_rule

from tests.references.game_brute_force import brute_force
from tests.model.test_input_errors import broken, one_line
from tests.helpers.paths import ROOT

MINI = ROOT / "tests" / "games" / "mini-crazy-four.yaml"
C4P = "paytables/crazy_4_poker/standard.yaml"
MS = "paytables/mississippi_stud/standard.yaml"


@pytest.fixture(scope="module")
def limited():
    return analyze(MINI)


def test_the_limit_binds(limited, tmp_path):
    """Without the limit some weaker hands raise 3x and the player does better, by what the brute force says; with
    it, only two pair or better takes 3x."""
    free_path = tmp_path / "free.yaml"
    free_path.write_text(MINI.read_text().replace(", only_with: two pair", ""))
    free = analyze(free_path)
    assert free.game.decisions[0].options[2].only_with is None
    with_limit = limited.tables["ante_play"].metrics.expected_return
    without = free.tables["ante_play"].metrics.expected_return
    assert without == brute_force(free.game)[0] > with_limit
    least = limited.game.decisions[0].options[2].only_with.value
    view, free_view = limited.decision("decision_1"), free.decision("decision_1")
    weak = view.player_values < least
    frame, free_frame = view.frame(), free_view.frame()
    assert (frame["decision"][~weak] == "play_3x").any() and not (frame["decision"][weak] == "play_3x").any()
    assert (free_frame["decision"][weak] == "play_3x").any()
    # the option a hand may not take shows no value for it; every other option does
    assert frame.loc[weak, "ev_play_3x"].isna().all() and frame.loc[~weak, "ev_play_3x"].notna().all()
    assert frame["ev_play_1x"].notna().all() and frame["ev_fold"].notna().all()
    weak_row, strong_row = int(weak.argmax()), int((~weak).argmax())
    with pytest.raises(ValueError, match="play_3x is not open to this hand: only with two pair or better"):
        view.exact(weak_row, "play_3x")
    assert view.exact(strong_row, "play_3x") == pytest.approx(frame.at[strong_row, "ev_play_3x"])
    assert limited.strategy_summary()["decision_1"] == "play_3x two pair, kings and queens or better; play_1x pair of kings or better; fold the rest"
    assert free.strategy_summary()["decision_1"] == "play_3x pair of aces or better; play_1x pair of kings or better; fold the rest"


def test_a_simple_rule_keeps_to_the_limit(limited):
    game = limited.game
    rule = parse_rule(game, "play_3x with two pair or better")
    assert (rule.option, rule.otherwise) == ("play_3x", "fold")
    for text, says in (("always play_3x", "play_3x is open only with two pair or better: write 'play_3x with two pair or better'"),
                       ("play_3x with a pair of aces or better", "play_3x is open only with two pair or better, not to every hand")):
        with pytest.raises(ValueError, match=says):
            parse_rule(game, text)
    assert limited.under_rule("play_3x with two pair or better").total == limited.tables["ante_play"].total


# name: (file, text to replace, replacement, what the message says at the line of the replacement[, a second replacement, where
# the message points instead])
MISTAKES = {
    "a hand the ranking cannot make": (C4P, "only_with: pair of aces", "only_with: K-K",
                                       "deal.1.decide.options.play_3x.only_with: 'K-K' is not a hand of the four-card ranking"),
    "a category the ranking has not": (C4P, "only_with: pair of aces", "only_with: five of a kind",
                                       "deal.1.decide.options.play_3x.only_with: 'five of a kind' is not a hand of the four-card ranking"),
    "a high card no hand leads with": (C4P, "only_with: pair of aces", "only_with: 3-high",
                                       "a 4-card hand of different ranks cannot have a three as its highest card"),
    "a rank the deck has not": ("tests/games/mini-crazy-four.yaml", "only_with: two pair", "only_with: pair of 2s",
                                "deal.1.decide.options.play_3x.only_with: 'pair of 2s' is not a hand of the four-card ranking: "
                                "'pair of 2s': the 12-A deck has no deuces"),
    "a category the deck cannot make": ("tests/games/mini-crazy-four.yaml", "only_with: two pair", "only_with: straight",
                                        "deal.1.decide.options.play_3x.only_with: 'straight' is not a hand of the four-card ranking"),
    "a hand not made at the decision": (MS, "bet_3x: {third_street: 3}", "bet_3x: {third_street: 3, only_with: pair of aces}",
                                        "deal.1.decide.options.bet_3x.only_with: at third_street the player holds 2 of the 5 cards "
                                        "his hand is made of: the hand is not made yet"),
    "every option limited": (C4P, "options: {fold: fold, play_1x: {play: 1}", "options: {play_1x: {play: 1, only_with: K-high}",
                             "deal.1.decide.options: every option is open only with some hand: leave only_with off one"),
    "a number for a hand": (C4P, "only_with: pair of aces", "only_with: 3",
                            "deal.1.decide.options.play_3x: only_with: the weakest hand the option is open to, like 'pair of aces', not 3"),
    "a limit and no stake": (C4P, "{play: 3, only_with: pair of aces}", "{only_with: pair of aces}",
                             "deal.1.decide.options.play_3x: an option open only_with a hand adds units to wagers"),
    "no ranked player hand": (MS, "ranking: high}\nbet:", "ranking: null}\nbet:", "deal.5.decide.options.bet_3x.only_with: an option open "
                              "only with a hand reads the player's hand", "bet_3x: {fifth_street: 3}", "bet_3x: {fifth_street: 3, only_with: pair}"),
}


@pytest.mark.parametrize("name", sorted(MISTAKES))
def test_a_limit_written_wrong_is_one_line(name, tmp_path):
    source, old, new, expected, *second = MISTAKES[name]
    path, line = broken(tmp_path, source, old, new)
    if second:  # a second change, where the message points
        path, line = broken(tmp_path, str(path), *second)
    one_line(path, line, expected)


def test_the_schema_describes_the_limit():
    """An editor checking files by the schema takes Crazy 4 Poker's options, and flags a limit that is not a hand."""
    jsonschema = pytest.importorskip("jsonschema")
    import yaml

    from casino_math.analysis import game_schema

    schema = game_schema()
    step_schema = {"$defs": schema["$defs"], **schema["$defs"]["Step"]}
    decide = yaml.safe_load((ROOT / C4P).read_text())["deal"][1]
    jsonschema.validate(decide, step_schema)
    decide["decide"]["options"]["play_3x"]["only_with"] = 3
    with pytest.raises(jsonschema.ValidationError, match="3 is not of type 'string'"):
        jsonschema.validate(decide, step_schema)


def test_a_stronger_least_hand_never_helps_the_player(tmp_path):
    """The 3x raise opened to fewer and fewer hands: the player's return never rises, and where the least hand is one
    every hand reaches, it is the game without a limit."""
    returns = []
    for least in ("pair of queens", "pair of kings", "pair of aces", "two pair", "three of a kind", "four of a kind"):
        path = tmp_path / f"{least.replace(' ', '-')}.yaml"
        path.write_text(MINI.read_text().replace("only_with: two pair", f"only_with: {least}"))
        analysis = analyze(path)
        returns.append(analysis.tables["ante_play"].metrics.expected_return)
        view = analysis.decision("decision_1")
        assert not (view.player_values[view.frame()["decision"] == "play_3x"] < analysis.game.decisions[0].options[2].only_with.value).any()
    free = tmp_path / "free.yaml"
    free.write_text(MINI.read_text().replace(", only_with: two pair", ""))
    assert returns[0] == analyze(free).tables["ante_play"].metrics.expected_return
    assert returns == sorted(returns, reverse=True) and returns[0] > returns[-1]


def test_the_par_sheet_says_where_the_raise_is_not_open():
    from casino_math.report import build_reports

    html = next(data for name, data in build_reports([MINI]).items() if name.endswith(".html"))
    text = html.decode() if isinstance(html, bytes) else html
    assert "play_3x (adds 3 to play, only with two pair or better)" in text and "not open" in text and "nan" not in text.lower()
