"""Casino War and Red Dog: shoe games with a decision (casino_math/methods/shoe_decisions/method.py), checked three ways.

- **An independent brute force**, written here from the rules as a dealer states them (not from the engine's
  declaration reading): every card of every coup dealt one physical card at a time, in order, burnt cards
  included; each option of the decision valued over the exact cards left; the probability of every
  (net, stake) and every option's value agree Fraction for Fraction with the engine, on the shipped files
  with small shoes, on the test games, and on random shoes (hypothesis).
- **Published figures** (the claims files) and the published strategies: go to war on every tie, raise
  with a spread of 7 or more at every number of decks.
- **Bad files**: each new field's mistakes as ``file:line: field: what is wrong``, exit code 2.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_math.cards import Card, parse_cards
from casino_math.contract.solution import Solution
from casino_math.errors import InputError, UnknownName
from casino_math.analysis import analyze
from casino_math.game.description import Game, War
from casino_math.analysis import load_game, load_game_text
from casino_math.methods.shoe_decisions.method import count, solve_counts
from casino_math.shoe import Shoe

from tests.helpers.cli_runner import run
from tests.helpers.paths import ROOT

WAR = ROOT / "paytables/casino_war/6-decks.yaml"
WAR_BONUS = ROOT / "paytables/casino_war/6-decks-tie-bonus.yaml"
RED_DOG = ROOT / "paytables/red_dog/1-deck.yaml"
SMALL_WAR = ROOT / "tests/games/shoe-war-small.yaml"
SMALL_RED_DOG = ROOT / "tests/games/shoe-red-dog-small.yaml"

Results = dict[tuple[Fraction, Fraction], Fraction]  # (net per initial unit, units staked) -> probability


# -- the brute force ------------------------------------------------------------------------------------------
def casino_war(game: Game, cards: list[Card]) -> tuple[Results, dict[int, tuple[Fraction, Fraction]]]:
    """Every coup dealt card by card: one card each; the higher wins 1; on a tie, surrender (lose 1/2) or go to war
    (raise 1; ``burn`` cards burnt; one card each: the player's higher or equal wins the raise and the bet pushes,
    or with the bonus a tie wins the bet too; lower loses both), whichever is worth more (a tie of values: war).
    Returns the results and, per rank tied, the value of surrendering and of going to war."""
    bonus = game.wager["bet"].settle["war_equal"].kind == "win"
    burn = next(s.burn for s in game.steps if isinstance(s, War))
    n = len(cards)
    results: defaultdict[tuple[Fraction, Fraction], Fraction] = defaultdict(Fraction)
    values = {}
    for i, player in enumerate(cards):
        for j, dealer in enumerate(cards):
            if i == j:
                continue
            chance = Fraction(1, n * (n - 1))
            if player.rank != dealer.rank:
                results[(Fraction(1 if player.rank > dealer.rank else -1), Fraction(1))] += chance
                continue
            rest = [c for k, c in enumerate(cards) if k not in (i, j)]
            war: Counter[Fraction] = Counter()
            for dealt in permutations(rest, burn + 2):
                mine, theirs = dealt[-2].rank, dealt[-1].rank
                war[Fraction(1) if mine > theirs else Fraction(2 if bonus else 1) if mine == theirs else Fraction(-2)] += 1
            ways = sum(war.values())
            at_war = sum((net * k for net, k in war.items()), Fraction(0)) / ways
            values[player.rank] = (Fraction(-1, 2), at_war)
            if at_war >= Fraction(-1, 2):
                for net, k in war.items():
                    results[(net, Fraction(2))] += chance * Fraction(k, ways)
            else:
                results[(Fraction(-1, 2), Fraction(1))] += chance
    return dict(results), values


def spread_pays(game: Game) -> tuple[dict[int, Fraction], Fraction]:
    """The pay of a third card between, per spread, and of three of a kind, read from the file's line names."""
    pays, trips = {}, Fraction(-1)
    for line in game.paytables["spread"].lines:
        found = re.fullmatch(r"between and spread (\d+)(?: to (\d+))?", line.key)
        if found:
            pays.update(dict.fromkeys(range(int(found[1]), int(found[2] or found[1]) + 1), line.pay.net))
        elif line.key == "three of a kind":
            trips = line.pay.net
    return pays, trips


def red_dog(game: Game, cards: list[Card], fold: Fraction | None = None) -> tuple[Results, dict[tuple[int, int], tuple[Fraction, Fraction]]]:
    """Every coup dealt card by card: two cards; a pair deals a third (three of a kind wins its pay, else a push);
    consecutive ranks push; otherwise stand or raise 1 (a tie of values: raise), or fold for ``fold`` where given and
    worth more, and a third card strictly between wins the spread's pay on every unit staked, else they lose. Returns
    the results and, per two ranks seen, the value of standing and of raising."""
    pays, trips = spread_pays(game)
    order = game.deck.ranks
    n = len(cards)
    results: defaultdict[tuple[Fraction, Fraction], Fraction] = defaultdict(Fraction)
    values = {}
    for i, first in enumerate(cards):
        for j, second in enumerate(cards):
            if i == j:
                continue
            chance = Fraction(1, n * (n - 1))
            rest = [c for k, c in enumerate(cards) if k not in (i, j)]
            if first.rank == second.rank:
                for third in rest:
                    results[(trips if third.rank == first.rank else Fraction(0), Fraction(1))] += chance / len(rest)
                continue
            spread = abs(order.index(first.rank) - order.index(second.rank)) - 1
            if spread == 0:
                results[(Fraction(0), Fraction(1))] += chance
                continue
            low, high = sorted((first.rank, second.rank))
            between = sum(low < c.rank < high for c in rest)
            stand = Fraction(between * pays[spread] - (len(rest) - between), len(rest))
            values[(low, high)] = (stand, 2 * stand)
            if fold is not None and fold > max(stand, 2 * stand):
                results[(fold, Fraction(1))] += chance
                continue
            stake = Fraction(2) if 2 * stand >= stand else Fraction(1)
            results[(stake * pays[spread], stake)] += chance * Fraction(between, len(rest))
            results[(-stake, stake)] += chance * Fraction(len(rest) - between, len(rest))
    return dict(results), values


def engine_results(game: Game, shoe: Shoe) -> tuple[Results, Solution]:
    solution = solve_counts("test", count(game, shoe))
    table = solution.table
    assert table is not None  # a shoe game's own bet always has a table
    results: defaultdict[tuple[Fraction, Fraction], Fraction] = defaultdict(Fraction)
    for o in table.outcomes:
        stake = o.key("stake")
        assert stake is not None, o  # every row says what it staked
        results[(o.net, Fraction(stake))] += Fraction(o.combinations, table.total)
    return {k: v for k, v in results.items() if v}, solution


def cards_of(text: str) -> list[Card]:
    return list(parse_cards(text, allow_repeats=True))


def check_war(game: Game, cards: list[Card]) -> None:
    expected, values = casino_war(game, cards)
    found, solution = engine_results(game, Shoe.from_cards(cards))
    assert found == {k: v for k, v in expected.items() if v}
    for rank, (surrender, war) in values.items():
        card = next(c for c in cards if c.rank == rank)
        choice = solution.strategy.choose("tie", {"player": [_id(game, card)], "up": [_id(game, card)]})
        assert (choice.option, choice.ev) == (("war", war) if war >= surrender else ("surrender", surrender))


def check_red_dog(game: Game, cards: list[Card]) -> None:
    expected, values = red_dog(game, cards)
    found, solution = engine_results(game, Shoe.from_cards(cards))
    assert found == {k: v for k, v in expected.items() if v}
    for (low, high), (stand, raised) in values.items():
        seen = [_id(game, next(c for c in cards if c.rank == r)) for r in (low, high)]
        choice = solution.strategy.choose("raise", {"board": seen})
        assert (choice.option, choice.ev) == (("raise", raised) if raised >= stand else ("stand", stand))


def _id(game: Game, card: Card) -> int:
    return game.deck.cards.index(card)


# -- the engine against the brute force ----------------------------------------------------------------------------
@pytest.mark.parametrize("path", [WAR, WAR_BONUS], ids=["war", "tie-bonus"])
def test_casino_war_against_a_brute_force_on_small_shoes(path):
    """The shipped rules (three cards burnt at war) on shoes of a few cards: every coup dealt card by card."""
    game = load_game(path)
    check_war(game, cards_of("2c 2d 7h 7s 7c Kd Kh Kc Ad As"))
    check_war(game, cards_of("5c 5d 5h 9s 9c Jd Jh"))


def test_small_casino_war_game_against_a_brute_force():
    game = load_game(SMALL_WAR)
    check_war(game, Shoe.of(game.deck).cards())
    analysis = analyze(game)
    ties = Fraction(sum(1 for a in game.deck.cards for b in game.deck.cards if a is not b and a.rank == b.rank),
                    len(game.deck.cards) * (len(game.deck.cards) - 1))
    assert analysis.tables["tie"].metrics.expected_return == ties * 3 - 1  # the Tie bet pays 2 to 1


def test_red_dog_one_deck_against_a_brute_force():
    """The shipped one-deck game, all 132,600 ordered deals of three cards."""
    game = load_game(RED_DOG)
    check_red_dog(game, Shoe.of(game.deck).cards())


def test_a_fold_in_a_shoe_game_against_a_brute_force():
    """A fold that gets the bet back (a rule no casino has, to make folding worth it): taken wherever standing and
    raising are both worth less than nothing."""
    text = RED.replace("options: {stand: check, raise: {raise: 1}}", "options: {stand: check, raise: {raise: 1}, fold: fold}").replace(
        "bet: {stake: 1, settle: {pays: spread, on: cards}}", "bet: {stake: 1, settle: {folded: push, otherwise: {pays: spread, on: cards}}}")
    game = load_game_text(text, "fold.yaml")
    cards = cards_of("2c 3d 5h 5s 8c 9d 9h Tc Jd Qs Kh Ac Ad")
    expected, _ = red_dog(game, cards, fold=Fraction(0))
    found, solution = engine_results(game, Shoe.from_cards(cards))
    assert found == {k: v for k, v in expected.items() if v}
    assert solution.strategy.choose("raise", {"board": [_id(game, cards[0]), _id(game, cards[4])]}).option == "fold"


def test_small_red_dog_game_against_a_brute_force():
    """The game's own bet, and a side bet on the three cards (counted by the shoe games' side-bet engine): three of a
    kind pays 10, consecutive first cards 1, a third card between at a spread of 1 pays 2."""
    game = load_game(SMALL_RED_DOG)
    cards = Shoe.of(game.deck).cards()
    check_red_dog(game, cards)
    order = game.deck.ranks
    total = Fraction(0)
    for first, second, third in permutations(cards, 3):
        gap = abs(order.index(first.rank) - order.index(second.rank)) - 1
        between = min(first.rank, second.rank) < third.rank < max(first.rank, second.rank)
        total += 10 if first.rank == second.rank == third.rank else 1 if gap == 0 else 2 if gap == 1 and between else -1
    deals = len(cards) * (len(cards) - 1) * (len(cards) - 2)
    assert analyze(game).tables["spread_bet"].metrics.expected_return == total / deals


RANKS = (2, 3, 5, 8, 9, 12, 13, 14)


@settings(max_examples=12, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(RANKS), st.integers(0, 3)), min_size=3, max_size=9))
def test_red_dog_on_random_shoes(picked):
    """Any composition of ranks (a card may come twice, as in a shoe): the engine's counts and composition-dependent
    choices are the brute force's."""
    check_red_dog(load_game(ROOT / "paytables/red_dog/8-decks.yaml"), [Card(r, s) for r, s in picked])


@settings(max_examples=8, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(RANKS[:4]), st.integers(0, 1)), min_size=7, max_size=8))
def test_casino_war_on_random_shoes(picked):
    """A war needs seven cards (three burnt): shoes of seven or eight cards of four ranks."""
    check_war(load_game(WAR_BONUS), [Card(r, s) for r, s in picked])


# -- what is published ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("decks", ["1-deck", "2-decks", "4-decks", "6-decks", "8-decks"])
def test_red_dog_raises_from_a_spread_of_seven_whatever_the_cards(decks):
    """The strategy by the exact cards seen is the published one by spread: no two cards of a spread are played apart."""
    analysis = analyze(ROOT / f"paytables/red_dog/{decks}.yaml")
    decision = analysis.decision("raise")
    assert decision.threshold == "spread 7"
    assert analysis.strategy_summary()["raise"] == "stand with spread 1 to 6; raise with spread 7 to 11 (the same for every two cards of a spread)"
    frame = decision.frame()
    assert (frame[["stand", "raise"]].min(axis=1) == 0).all()  # every category all one way


def test_casino_war_goes_to_war_on_every_tie():
    analysis = analyze(WAR)
    assert analysis.decision("tie").taken()["surrender"] == 0
    assert analysis.strategy_summary()["tie"] == "war on a tie of deuces to aces"
    assert analysis.tables["casino_war"].metrics.house_edge == Fraction(142853, 4965115)


def test_a_strategy_by_the_exact_cards():
    """A shoe of uneven ranks: two pairs of cards of one spread hold different cards between them, and are played apart."""
    game = load_game(ROOT / "paytables/red_dog/8-decks.yaml")
    cards = cards_of("4c 4d 4h 4s Jc Jd Jh Js 3c 3d 3h 3s 6c 6d Qc 9c 9d 9h 9s")
    check_red_dog(game, cards)
    solution = solve_counts("test", count(game, Shoe.from_cards(cards)))
    assert solution.strategy.decisions[0].summary() == ("stand with spread 1 to 2, 4 to 6; raise with spread 2, 7 to 8 (at spread 2 "
                                                         "the exact cards decide: 40.00% of the deals there take the less common option)")
    assert solution.strategy.decisions[0].threshold is None


@pytest.mark.parametrize("path", [SMALL_WAR, SMALL_RED_DOG], ids=lambda p: p.stem)
def test_simulated_coups_land_on_every_outcome(path):
    """Coups dealt card by card and played by the strategy (war cards after the burnt one, the option per class of ranks
    seen): every row of every return table within 4 standard errors of its exact probability."""
    from casino_math.simulate import simulate

    outcomes = simulate(path, hands=20_000, seed=5).attrs["outcomes"]
    assert len(outcomes) == sum(len(t.outcomes) for t in analyze(path).tables.values())
    assert (outcomes["z"].abs() < 4).all(), outcomes[["wager", "outcome", "observed", "exact_float", "z"]]


def test_strategy_lookup():
    solution = analyze(RED_DOG).solution
    assert solution.strategy.choose("raise", {"board": "Ah 2c"}).option == "raise"
    assert solution.strategy.choose("raise", {"board": "8h 2c"}).ev == Fraction(20 - 30, 50)  # 20 cards of 3 to 7 left
    with pytest.raises(UnknownName, match="not open on these cards"):
        solution.strategy.choose("raise", {"board": "8h 8c"})


def test_removal_of_the_game_bet():
    """One card less of a rank, the game solved again: one card less never moves the threshold at 7, so the effects average
    to nothing over the shoe (a card taken at random changes nothing on average), and ranks as far from the middle are alike."""
    effects = analyze(RED_DOG).effect_of_removal("red_dog")
    assert sum(n * e for n, e in zip(effects.counts, effects.effects)) == 0
    assert effects.effects[effects.ranks.index(2)] == effects.effects[effects.ranks.index(14)]  # a deuce and an ace are alike
    # Casino War reads only which card is higher and whether two tie, alike for every rank, and always goes to war: each
    # rank's effect is the average effect, nothing
    assert set(analyze(ROOT / "paytables/casino_war/1-deck.yaml").effect_of_removal("casino_war").effects) == {0}


# -- bad files -------------------------------------------------------------------------------------------------------
RED = (ROOT / "paytables/red_dog/8-decks.yaml").read_text()
CW = WAR.read_text()
SPREAD_LINES = "    between and spread 4 to 11: 1\n"

# name: (text, replaced, replacement, text on the line the message names, the message after "file:line: ")
MISTAKES = {
    "war without ties": (RED, "  - board: 1\n", "  - board: 1\n  - war: {burn: 3}\n", "war:",
                         "deal.3.war: a war step in a game without ties: it needs a player and a dealer hand compared"),
    "war with no decision on a tie": (CW, "when: equal", "when: player_higher", "war:", "deal.3.war: a war follows a decision open on a tie"),
    "war on a check": (CW, "surrender: surrender, war: {raise: 1}", "surrender: surrender, war: {raise: 1}, stay: check", "stay: check",
                       "deal.2.decide.options.stay: at a tie the player surrenders or goes to war (a raise of the bet): check is not one"),
    "war raises twice the bet": (CW, "war: {raise: 1}", "war: {raise: 2}", "war: {raise: 2}",
                                 "deal.2.decide.options.war: going to war raises the bet by its own amount (1 units), not 2"),
    "a step after the war": (CW, "  - war: {burn: 3}                  # three cards burnt, one card more to the player and to the dealer\n",
                             "  - war: {burn: 3}\n  - board: 1\n", "war:", "deal.3.war: the war ends the deal: no step after it"),
    "too many burnt": (CW, "war: {burn: 3}", "war: {burn: 30}", "burn: 30", "deal.3.war.burn: should be at most 10, not 30"),
    "the spread table misses spreads": (RED, SPREAD_LINES, "    between and spread 4 to 6: 1\n    between and spread 8 to 11: 1\n", "spread:",
                                        "paytables.spread: the spread table pays no spread 7 between: a third card between the first "
                                        "two at that spread would lose; add a line (between and spread 7)"),
    "a raise above the bet": (RED, "raise: {raise: 1}}}", "raise: {raise: 2}}}", "raise: {raise: 2}",
                              "deal.1.decide.options.raise: adds 2 units, more than the rule allows: a raise up to the bet (1 units)"),
    "a limit on no wager": (RED, "up_to: bet", "up_to: ante", "up_to: ante", "deal.1.decide.up_to: no wager 'ante' staked before the deal"),
    "when misspelt": (RED, "when: spread", "when: spraed", "when: spraed", "deal.1.decide.when: 'spraed' is not an event of a rank hand"),
    "when reads the third card": (RED, "when: spread", "when: between", "when: between",
                                  "deal.1.decide.when: 'between' reads 3 cards of the cards hand; 2 are dealt"),
    "a spread out of range": (RED, SPREAD_LINES, "    between and spread 4 to 12: 1\n", "spread 4 to 12",
                              "paytables.spread.between and spread 4 to 12: 'between and spread 4 to 12': a spread runs from 0 "
                              "(consecutive) to 11"),
    "a raise settled at a first showdown": (CW, "  raise: {settle: {war_player_higher: win,", "  raise: {settle: {player_higher: win, war_player_higher: win,",
                                            "player_higher: win, war_player_higher",
                                            "wagers.raise.settle.player_higher: the game never ends player_higher (the wager is staked only at war)"),
    "a tie settled in a war game": (CW, "settle: {player_higher: win, dealer_higher: lose, war_",
                                    "settle: {player_higher: win, equal: push, dealer_higher: lose, war_", "equal: push",
                                    "wagers.bet.settle.equal: the game never ends equal (a tie goes to war)"),
    "war situations without a war": (RED, "settle: {pays: spread, on: cards}}      # a hand no line pays loses",
                                      "settle: {played: {pays: spread, on: cards}, war_equal: push}}", "war_equal: push",
                                      "wagers.bet.settle.war_equal: the game never ends war_equal (the deal has no war step)"),
    "a face-down card before the decision": (CW, "dealer: {cards: 1, face: up}", "dealer: {cards: 1, face: down}", "face: down",
                                             "deal.1.dealer.face: a card dealt face down before a decision in a game dealt from a shoe"),
    "a suit read by the game's own bet": (RED, "    three of a kind: 11\n", "    three of a kind: 11\n    suited: 3\n", "suited: 3",
                                          "paytables.spread.suited: the game's own bet in a shoe game with a decision is counted by ranks"),
    "two decisions in a shoe": (RED, "  - board: 1\n", "  - board: 1\n  - decide: {name: again, options: {stand: check, raise: {raise: 1}}}\n  - board: 1\n",
                                "name: again", "deal.3.decide: a game dealt from a shoe takes one decision here"),
}


@pytest.mark.parametrize("name", MISTAKES)
def test_bad_files(name, tmp_path):
    """Each mistake: one line naming the file, the line of the field, the field and what is wrong."""
    text, old, new, on_line, message = MISTAKES[name]
    assert old in text, name
    broken = text.replace(old, new, 1)
    path = tmp_path / "game.yaml"
    path.write_text(broken)
    with pytest.raises(InputError) as caught:
        load_game(path)
    found = re.fullmatch(rf"{re.escape(str(path))}:(\d+): (.*)", str(caught.value), re.S)
    assert found and message in found[2], str(caught.value)
    assert on_line in broken.splitlines()[int(found[1]) - 1], (found[1], str(caught.value))


def test_bad_file_exit_code(tmp_path, monkeypatch, capsys):
    path = tmp_path / "game.yaml"
    path.write_text(CW.replace("war: {raise: 1}", "war: {raise: 2}"))
    code, out, err = run(monkeypatch, capsys, "analyze", str(path))
    assert (code, out, err.count("\n")) == (2, "", 1) and "going to war raises the bet by its own amount" in err


def test_the_schema_documents_the_new_fields():
    import json

    from casino_math.analysis import game_schema

    schema = game_schema()["$defs"]
    assert {"war"} <= set(schema["Step"]["properties"]) and "burn" in schema["WarSpec"]["properties"]
    decide = json.dumps(schema["Step"]["properties"]["decide"])
    assert '"when"' in decide and '"up_to"' in decide
    text = json.dumps(schema)
    assert all(word in text for word in ('"surrender"', "war_player_higher", "war_equal", "war_dealer_higher"))


LEVELS = (ROOT / "paytables/three_card_poker/standard.yaml").read_text()


@pytest.mark.parametrize("old, new, message", [
    ("decide: {name: play_or_fold, options: {fold: fold, play: {play: 1}}}", "decide: {name: play_or_fold, when: equal, options: {fold: fold, play: {play: 1}}}",
     "deal.2.decide.when: when is read in games dealt from a shoe"),
    ("decide: {name: play_or_fold, options: {fold: fold, play: {play: 1}}}",
     "decide: {name: play_or_fold, options: {fold: fold, give_up: surrender, play: {play: 1}}}",
     "deal.2.decide.options.give_up: surrender is counted in games dealt from a shoe; here write fold"),
])
def test_shoe_fields_in_a_game_counted_level_by_level(old, new, message, tmp_path):
    assert old in LEVELS
    with pytest.raises(InputError, match=re.escape(message)):
        load_game_text(LEVELS.replace(old, new), "tcp.yaml")
