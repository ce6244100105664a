"""Blackjack through the tools: a bad file's exit code, the effect of removal, the design tools on its pays."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from tests.helpers.cli_runner import run

from casino_math.analysis import analyze
from casino_math.methods.blackjack.rounds import play_game
from casino_math.methods.blackjack.rules import Shoe
from tests.helpers.paths import ROOT

SMALL = ROOT / "tests" / "games" / "blackjack-small.yaml"


BAD = {  # each a bad file's blackjack: section, and the start of its message
    "split limit below 2": ("  split: {hands: 1}\n", "4: blackjack.split.hands: a split makes at least 2 hands"),
    "contradictory doubling": ("  double: {on: 10-11, free: 9-11}\n", "4: blackjack.double.free: free doubles on 9-11, but doubling only on 10-11"),
    "a payout that is not a pay": ("  pays: {blackjack: 0}\n", "4: blackjack.pays.blackjack: blackjack must pay something"),
}


@pytest.mark.parametrize("section, message", BAD.values(), ids=BAD.keys())
def test_a_bad_blackjack_file_exits_2_with_file_line_field(monkeypatch, capsys, tmp_path, section, message):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: blackjack\nid: bj\nblackjack:\n" + section)
    code, out, err = run(monkeypatch, capsys, "analyze", str(bad))
    assert code == 2 and f"{bad}:{message}" in err and "Traceback" not in out + err, (code, out, err)


def test_a_shoe_that_cannot_deal_the_game_exits_2(monkeypatch, capsys, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: blackjack\nid: bj\ndeck: {ranks: Q-A}\nblackjack:\n")
    code, out, err = run(monkeypatch, capsys, "analyze", str(bad))
    assert code == 2 and f"{bad}:3: deck: the Q-A deck could run out of cards" in err and "Traceback" not in out + err


def test_effect_of_removal_is_the_game_counted_again_from_each_smaller_shoe():
    analysis = analyze(SMALL)
    effects = analysis.effect_of_removal("blackjack")
    full = analysis.tables["blackjack"].metrics.expected_return
    assert effects.expected == full
    game = analysis.game
    seven = Shoe(tuple(c - (v == 6) for v, c in enumerate(game.shoe.counts)))
    assert effects.effects[effects.ranks.index(7)] == play_game(game.rules, seven).expected_return - full
    assert len(set(effects.effects[effects.ranks.index(r)] for r in (10, 11, 12, 13))) == 1  # a ten is a ten


def test_a_replay_at_other_pays_is_linear_in_the_pay():
    """The optimal strategy's decisions replayed with blackjack paying 1, 3/2 and 2: equal steps in the expected return."""
    from casino_math.design.model import wager_model

    analysis = analyze(SMALL)
    model = wager_model(analysis.game, "blackjack")
    returns = [analysis.solution.replayed(model.game_with({"blackjack": Fraction(p, 2)})).metrics.expected_return for p in (2, 3, 4)]
    assert returns[1] == analysis.tables["blackjack"].metrics.expected_return
    assert returns[2] - returns[1] == returns[1] - returns[0] > 0


def test_the_dealers_counts_kept_between_runs_give_the_same_bytes(monkeypatch, capsys, tmp_path):
    """A run with the dealer's counts read from the cache prints the same bytes as the run that counted them, and counts
    no dealer hand (the compiled count is never called)."""
    from casino_math.held import forget_all
    from casino_math.methods.blackjack import dealer, values

    monkeypatch.setenv("CASINO_MATH_CACHE", str(tmp_path / "counts"))  # a folder of its own: the cache refuses one holding other files
    outputs = []
    for _ in range(2):
        forget_all()  # a new run: nothing in memory
        _forget_solutions(tmp_path)  # the game solved again (on the dealer's kept counts), not its kept solution read
        code, out, _ = run(monkeypatch, capsys, "analyze", str(SMALL), "--format", "json")
        assert code == 0
        outputs.append(out)
        monkeypatch.setattr(values, "dealer_digits", _never)  # the second run must read every count
    assert outputs[0] == outputs[1]
    assert dealer.dealer_digits is not _never


def test_kept_counts_join_the_counts_read_and_the_kernels_rows():
    """The counts kept are those read from the cache as whole numbers (never given to the kernel) and the kernel's rows
    (a shoe in both once), each exact, the shoes in order."""
    import numpy as np

    from casino_math.methods.blackjack.compiled_values import DealerDigits
    from casino_math.methods.blackjack.dealer import dealer_digits, dealer_ways
    from casino_math.methods.blackjack.kept import KnownCounts, _restored, _stored
    from casino_math.methods.blackjack.rules import BlackjackRules

    rules, up, shoe = BlackjackRules(), 5, (4, 4, 4, 4, 4, 4, 4, 4, 4, 16)
    left = np.array(shoe) - np.eye(10, dtype=np.int64)[up]
    shoes = [tuple((left - np.eye(10, dtype=np.int64)[v] - np.eye(10, dtype=np.int64)[w]).tolist()) for v, w in ((9, 9), (0, 3), (2, 7), (1, 1))]
    rows, totals = dealer_ways(np.array(shoes), up, rules)
    exact = dict(zip(shoes, zip(rows, totals)))
    known = KnownCounts(rules.dealer_hits_soft_17, rules.dealer_peeks, up, shoe)
    known.update({s: exact[s] for s in shoes[:3]})  # read from the cache
    digits = DealerDigits()
    digits.add(shoes[2:], dealer_digits(np.array(shoes[2:]), up, rules)[0])  # counted in this run, one of them read too
    restored = _restored(known, _stored(known, digits))
    assert restored == exact and list(restored) == sorted(shoes)


def _never(*args, **kwargs):
    raise AssertionError("the dealer's hands were counted again, not read")


def test_a_pay_by_suits_is_a_paytable_line_the_design_tools_change():
    """A spade 6-7-8 paying 3, 4 and 5 to 1, the optimal strategy's decisions replayed: equal steps, each the chance of a
    won 6-7-8 in spades (a 64th of the won three-card 6-7-8s: whole decks of 6s to aces)."""
    from casino_math.design.model import wager_model
    from casino_math.methods.blackjack.game_file import load_blackjack_text

    game = load_blackjack_text("game: blackjack\nid: bj-suits\ndeck: {ranks: 6-A}\nblackjack:\n  split: none\n  player_21: always wins\n"
                               "  pays: {blackjack: 3 to 2, 6-7-8: 3 to 2, suited 6-7-8: 2 to 1, 6-7-8 in spades: 3 to 1}\n")
    analysis = analyze(game)
    model = wager_model(analysis.game, "blackjack")
    returns = [analysis.solution.replayed(model.game_with({"6-7-8_in_spades": Fraction(p)})).metrics.expected_return for p in (3, 4, 5)]
    assert returns[0] == analysis.tables["blackjack"].metrics.expected_return
    assert returns[2] - returns[1] == returns[1] - returns[0] > 0
    table = analysis.tables["blackjack"]
    spades = sum(Fraction(o.combinations, table.total) for o in table.outcomes if o.net == 3)  # the only rows netting 3
    assert returns[1] - returns[0] == spades


def _forget_solutions(folder: Path) -> None:
    """Remove the whole solutions kept in a cache folder (their counts stay)."""
    for manifest in folder.glob("*.json"):
        if json.loads(manifest.read_text())["kind"] == "solution":
            manifest.with_suffix(".npz").unlink()
            manifest.unlink()


def test_a_kept_solution_gives_the_bytes_of_a_cold_run_and_solves_nothing(monkeypatch, capsys, tmp_path):
    """Blackjack's strategy depends on its pays, so its whole solution is kept, keyed by the rules with their pays (but a
    natural's): a warm run solves nothing and prints the cold run's bytes (and the run with the cache off's); a changed
    pay is another entry or the same repriced, and its warm run is its cold run; a hand looked up on a kept solution is
    the solved one's."""
    from casino_math import count_cache
    from casino_math.methods.blackjack.method import Blackjack

    monkeypatch.setenv("CASINO_MATH_CACHE", str(tmp_path / "counts"))  # a folder of its own: the cache refuses one holding other files
    monkeypatch.setattr(count_cache, "_switched_off", False)
    solve = Blackjack._solve
    monkeypatch.setenv("CASINO_MATH_EXTENDS", str(SMALL.parent))
    variant = tmp_path / "variant.yaml"
    variant.write_text(f"extends: {SMALL}\nid: bj-small-6-to-5\nblackjack:\n  pays: {{blackjack: 6 to 5}}\n")
    for path in (SMALL, variant):
        cold = run(monkeypatch, capsys, "analyze", str(path), "--format", "json")
        monkeypatch.setattr(Blackjack, "_solve", _never)
        warm = run(monkeypatch, capsys, "analyze", str(path), "--format", "json")
        monkeypatch.setattr(Blackjack, "_solve", solve)
        off = run(monkeypatch, capsys, "--no-cache", "analyze", str(path), "--format", "json")
        monkeypatch.setattr(count_cache, "_switched_off", False)  # --no-cache holds for the rest of its process
        assert cold[0] == off[0] == warm[0] == 0 and cold[1] == off[1] == warm[1] and "computed again" not in warm[2]
    assert json.loads(cold[1])["bets"] != json.loads(run(monkeypatch, capsys, "analyze", str(SMALL), "--format", "json")[1])["bets"]
    kept = analyze(SMALL).solution
    assert type(kept.strategy.decisions[0]).__name__ == "KeptView"  # read back, not solved
    fresh = Blackjack()._solve(analyze(SMALL).game)
    for cards in ({"player": "Th 7c", "up": "Ts"}, {"player": "8h 8c", "up": "9s"}, {"player": "7h 7c 7d", "up": "As"}):
        assert kept.strategy.choose("play", cards) == fresh.strategy.choose("play", cards)
    assert kept.working().insurance == fresh.working().insurance  # the method's working, solved when asked for


NATURAL_PAYS = {  # a natural's pays changed, on dealers who count a dealer blackjack each way: (dealer, pays) lines of a variant
    "peek": ("", ("  pays: {blackjack: 6 to 5, suited blackjack: 3 to 1}", "  pays: {blackjack: 1 to 1}")),
    "no hole card, original bet": ("  dealer: {soft_17: hits, hole_card: none, blackjack_takes: original}",
                                   ("  pays: {blackjack: 6 to 5}", "  pays: {blackjack: 3 to 2, suited blackjack: 5 to 2}")),
    "no hole card, all, 21 always wins": ("  dealer: {soft_17: hits, hole_card: none, blackjack_takes: all}\n  player_21: always wins",
                                          ("  pays: {blackjack: 2 to 1, suited blackjack: 2 to 1}", "  pays: {blackjack: 6 to 5}")),
}


@pytest.mark.parametrize("dealer, pays", NATURAL_PAYS.values(), ids=NATURAL_PAYS.keys())
def test_a_naturals_other_pay_reprices_a_kept_solution_to_a_cold_runs_bytes(monkeypatch, capsys, tmp_path, dealer, pays):
    """No decision holds a natural: a game whose pays of a natural (any, suited) alone differ from a kept solution's is
    that solution repriced, solving nothing, and prints the bytes of a run with the cache off (the return table, its
    notes, the returns by up card), whether the dealer's blackjack is counted apart, pushes the natural or loses to it."""
    from casino_math import count_cache
    from casino_math.methods.blackjack.method import Blackjack

    monkeypatch.setenv("CASINO_MATH_CACHE", str(tmp_path / "counts"))  # a folder of its own: the cache refuses one holding other files
    monkeypatch.setattr(count_cache, "_switched_off", False)
    small = SMALL.read_text()
    dealt, paid = "  dealer: {soft_17: hits, hole_card: peek}", "  pays: {blackjack: 3 to 2, suited blackjack: 2 to 1}"
    assert dealt in small and paid in small
    base = tmp_path / "base.yaml"
    if "hole_card: none" in dealer:  # without a hole card a surrender comes before the dealer's second card: early
        small = small.replace("  surrender: late", "  surrender: early")
    base.write_text(small.replace(dealt, dealer or dealt))
    assert run(monkeypatch, capsys, "analyze", str(base), "--format", "json")[0] == 0
    solve = Blackjack._solve
    for i, pay in enumerate(pays):
        variant = tmp_path / f"variant-{i}.yaml"
        variant.write_text(base.read_text().replace(paid, pay))
        monkeypatch.setattr(Blackjack, "_solve", _never)
        warm = run(monkeypatch, capsys, "analyze", str(variant), "--format", "json")
        monkeypatch.setattr(Blackjack, "_solve", solve)
        off = run(monkeypatch, capsys, "--no-cache", "analyze", str(variant), "--format", "json")
        monkeypatch.setattr(count_cache, "_switched_off", False)
        assert warm[0] == off[0] == 0 and warm[1] == off[1], (warm[2], off[2])
        assert json.loads(warm[1])["bets"] != json.loads(run(monkeypatch, capsys, "analyze", str(base), "--format", "json")[1])["bets"]


def test_the_dealers_totals_are_kept_with_the_solution(monkeypatch, tmp_path):
    """Claims check blackjack's dealer totals (``dealer_total``): they are kept with the solution, so a warm run reads
    them without solving the game, and they are the solved ones exactly (in their order), as with the cache off."""
    from casino_math import count_cache
    from casino_math.methods.blackjack.method import Blackjack

    monkeypatch.setenv("CASINO_MATH_CACHE", str(tmp_path / "counts"))  # a folder of its own: the cache refuses one holding other files
    monkeypatch.setattr(count_cache, "_switched_off", False)
    cold = analyze(SMALL).dealer_totals()
    solve = Blackjack._solve
    monkeypatch.setattr(Blackjack, "_solve", _never)
    warm = analyze(SMALL).dealer_totals()
    monkeypatch.setattr(Blackjack, "_solve", solve)
    with count_cache.disabled():
        off = analyze(SMALL).dealer_totals()
    assert [(up, list(t.items())) for up, t in warm.items()] == [(up, list(t.items())) for up, t in cold.items()] \
        == [(up, list(t.items())) for up, t in off.items()]
    assert sum(cold["T"].values()) == 1


def test_a_report_of_a_kept_solution_is_the_same_bytes(monkeypatch, tmp_path):
    """The par sheet (HTML and PDF) of blackjack written from its kept solution is the one written cold, and with the
    cache off."""
    from casino_math import count_cache
    from casino_math.report import write_report

    monkeypatch.setenv("CASINO_MATH_CACHE", str(tmp_path / "kept"))
    cold = write_report([SMALL], tmp_path / "cold", issued="2026-01-02")
    assert any(json.loads(m.read_text())["kind"] == "solution" for m in (tmp_path / "kept").glob("*.json"))
    warm = write_report([SMALL], tmp_path / "warm", issued="2026-01-02")
    with count_cache.disabled():
        off = write_report([SMALL], tmp_path / "off", issued="2026-01-02")
    assert [p.name for p in cold] == [p.name for p in warm] == [p.name for p in off]
    for a, b, c in zip(cold, warm, off):
        assert a.read_bytes() == b.read_bytes() == c.read_bytes(), a.name



@pytest.mark.parametrize("peeks", [True, False])
def test_hands_after_hitting_are_weighed_by_their_chance_of_being_reached(peeks):
    """The "after hitting" view's chance of each hand of three cards equals the chance, dealt card by card, of the up
    card, then two cards the strategy hits, then the third (once; the up card's chance was once counted twice), and its
    summary's shares are those chances'."""
    from itertools import permutations

    from tests.references.blackjack_brute_force import SHOES

    from casino_math.methods.blackjack.hands import hand_table
    from casino_math.methods.blackjack.method import AfterHitting
    from casino_math.methods.blackjack.rules import BlackjackRules
    from casino_math.analysis import load_game

    shoe = SHOES["five values"]
    play = play_game(BlackjackRules(split_hands=2, dealer_peeks=peeks), Shoe(shoe))
    view = AfterHitting(load_game(SMALL), play)
    table = hand_table()
    frame = view.frame()
    three = 0
    for (up, h), reach in view.weights.items():
        if table.cards[h] != 3:
            continue
        roots = {tuple(sorted(hand.values())): root for hand, root in play.upcards[up].roots.items()}
        dealt = Fraction(0)
        for cards in set(permutations(table.hands[h].values())):
            if roots[tuple(sorted(cards[:2]))].taken != "hit":
                continue
            left, chance = list(shoe), Fraction(1)
            for value in (up, *cards):
                chance *= Fraction(left[value], sum(left))
                left[value] -= 1
            dealt += chance
        assert reach == dealt
        three += 1
    assert three > 50
    assert list(frame["probability"]) == list(view.weights.values())
    taken = view.taken()
    assert Fraction(taken["hit"], sum(taken.values())) == sum(
        w for (up, h), w in view.weights.items() if play.upcards[up].valued[h].taken == "hit") / sum(view.weights.values())


BONUS = "tests/games/blackjack-bonus-small.yaml"  # a five-card 21 and a 6-7-8 paid: decisions see them


def test_the_strategy_priced_at_once_is_the_strategy_replayed():
    """The optimal strategy's ends as linear forms of the pays (read back from one replay at generic pays) priced at
    other pays: the direct replay's return table there, every row exactly but the split rounds' spread (floats added up
    in another order: their total chance, average net and stake exact), so the house edge and average wager exactly."""
    from casino_math.design.model import wager_model

    analysis = analyze(BONUS)
    solution = analysis.solution
    pricer = solution.repricer()
    assert pricer is not solution.ends  # blackjack's replay is worked out as forms, not replayed per paytable
    model = wager_model(analysis.game, "blackjack")
    for pays in ({"five-card_21": Fraction(2)}, {"blackjack": Fraction(6, 5), "five-card_21": Fraction(0), "6-7-8": Fraction(7, 2)}):
        game = model.game_with(pays)
        fast, direct = pricer.table(game), solution.replayed(game)
        assert fast.metrics.house_edge == direct.metrics.house_edge != analysis.tables["blackjack"].metrics.house_edge
        assert fast.metrics.average_wager == direct.metrics.average_wager
        played = {(o.name, o.net): Fraction(o.combinations, fast.total) for o in fast.outcomes if not o.name.startswith("split")}
        assert played == {(o.name, o.net): Fraction(o.combinations, direct.total) for o in direct.outcomes if not o.name.startswith("split")}
        assert abs(float(fast.metrics.standard_deviation - direct.metrics.standard_deviation)) < 1e-12


def test_a_net_whose_coefficients_outgrow_the_base_is_refused():
    """The digits of a net in the generic base are its coefficients only while each is under half the base: past that
    the reading says so (the form is then worked out at a larger base), never a wrong coefficient."""
    from casino_math.methods.blackjack.linear import digits

    assert digits(-3 + 7 * 64 + 2 * 64 ** 2, 64, 3) == (-3, 7, 2)
    with pytest.raises(ValueError):
        digits(5 + 40 * 64 ** 2 * 64, 64, 3)


def test_a_dealer_22_is_told_apart_where_it_pushes_alone(tmp_path):
    """The dealer's final totals: one "bust" column where every bust loses, "bust with 22" apart only where a 22 pushes
    (Free Bet); the busts add up the same either way."""
    from casino_math.analysis import analyze

    pushing = tmp_path / "pushes.yaml"
    pushing.write_text(SMALL.read_text().replace("dealer: {soft_17: hits, hole_card: peek}",
                                                 "dealer: {soft_17: hits, hole_card: peek, twenty_two: pushes}"))
    frames = {}
    for path in (SMALL, pushing):
        view = next(d for d in analyze(path).decisions if d.name.startswith("dealer's final total"))
        frames[path] = view.frame()
    plain, free = frames[SMALL], frames[pushing]
    assert list(plain.columns) == ["dealer shows", "17", "18", "19", "20", "21", "bust", "blackjack"]
    assert list(free.columns) == ["dealer shows", "17", "18", "19", "20", "21", "bust with 22", "bust (23 or more)", "blackjack"]
    busts = free["bust with 22"].astype(float) + free["bust (23 or more)"].astype(float)
    assert all(abs(a - b) < 2e-6 for a, b in zip(busts, plain["bust"].astype(float)))  # the same deals, printed to 6 places


def test_reading_blackjacks_sections_loads_no_compiled_kernel():
    """Every game file is read with blackjack's sections (registry.SECTIONS): their readers and the dealer's graph load
    numba only when a dealer is counted (``dealer_kernel.py``), so a command on another game pays none of it there."""
    import os
    import subprocess
    import sys

    code = ("import sys; import casino_math.methods.blackjack.dealer_bet_file, casino_math.methods.blackjack.game_file; "
            "print(sorted(m for m in ('numba', 'casino_math.methods.blackjack.dealer_kernel') if m in sys.modules))")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                           env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert shown.stdout.strip() == "[]"


def test_the_method_loads_its_compiled_kernels_only_to_count():
    """The method's modules load no kernel, nor numba, until something is counted: a solution kept between runs is read
    without them (each kernel in a module of its own, imported where it is called)."""
    import os
    import subprocess
    import sys

    kernels = ("numba", *(f"casino_math.methods.blackjack.{k}" for k in ("dealer_kernel", "values_kernel", "splits_kernel")))
    code = f"import sys; import casino_math.methods.blackjack.method; print(sorted(m for m in {kernels!r} if m in sys.modules))"
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                           env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert shown.stdout.strip() == "[]"
