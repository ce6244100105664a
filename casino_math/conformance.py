"""A conformance kit: the checks any game file and its counting method must pass, as scikit-learn's
``check_estimator`` and ``parametrize_with_checks`` hold any estimator to the library's contract.

Each check is a small function taking a game file's path; it raises ``AssertionError`` with a message saying what is
wrong. :func:`checks_for` chooses the checks that apply to a file by what its game and its method declare (a strategy
replayed only where the game has its own bet; the design tools only where a bet is paid by a paytable; the effect of
removal only where the method computes it), without counting anything; :func:`parametrize_with_checks` makes them a
pytest parametrization over (file, check) pairs:

- ``counted exactly``: every bet's return table totals its deals and its probabilities sum to exactly one;
- ``the same workload twice``: the file read twice goes with itself when solved among others (``compare``);
- ``strategy replayed``: the optimal strategy replayed at the game's own pays gives its return table;
- ``against a brute force``: the game's own bet as a brute force (a callable given) counts it;
- ``simulation``: 20,000 hands land within 4 standard errors of every exact figure;
- ``sweep``, ``solve``, ``pays as an expression``, ``search``, ``compare``: the design tools at and beside the file's pays;
- ``effect of removal``: where the method computes it, the first bet's from the full shoe is the analysed figure;
- ``json contract``: ``casino-math analyze --format json``'s keys;
- ``meters``: a progressive bet breaks even at its break-even meter, solved and swept alike; its lines' long-run
  returns total its long-run return; ``seats``: rounds of seven seats from one deck land within 4 standard errors of
  the envy bonus's exact figures;
- ``report``: the par sheet builds; ``studio``: the studio opens the file with the analysed figures.

:func:`check_claims` holds a claims file to its published figures: a claim that fails must say why in its ``gap:``,
and a claim with a gap must fail (else the gap is closed, and is to be removed).

>>> [name for name, _ in checks_for("paytables/three_card_poker/standard.yaml")]  # doctest: +NORMALIZE_WHITESPACE
['counted exactly', 'the same workload twice', 'strategy replayed', 'simulation', 'sweep', 'solve', 'pays as an expression',
 'search', 'compare', 'json contract', 'report', 'studio']
>>> [name for name, _ in checks_for("paytables/baccarat/standard.yaml")][2:4]
['simulation', 'sweep']
"""

from __future__ import annotations

import json
import os
import shutil
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Sequence

from .analysis import GameAnalysis, analyze
from .errors import InputError
from .held import cached
from .game.description import Game
from .analysis import load_game
from .registry import method_for

if TYPE_CHECKING:
    import pytest

Check = Callable[[Path], None]
BruteForce = Callable[[Game], tuple[Fraction, Fraction]]  # a game -> its own bet's (expected return, average wager)
_EXTENDS = "CASINO_MATH_EXTENDS"  # the folders a game file may extend from, as the studio widens them


@cached(maxsize=2)  # the checks of one file run one after the other: its analysis counted once
def _analysed(path: Path) -> GameAnalysis:
    return analyze(path)


def _paid_bet(game: Game) -> tuple[str, str, Fraction] | None:
    """The first bet paid by a paytable (the game's own first): the one whose pays the design tools change, a line of it
    that pays something, and its pay; None where every bet is settled by fixed results (baccarat's Banker)."""
    from .design.model import wager_model

    for bet in game.bets:
        try:
            model = wager_model(game, bet)
        except InputError:
            continue
        line = next(((n, p) for n, p in model.pays.items() if p > 0 and n not in model.for_one), None) or next(
            ((n, p) for n, p in model.pays.items() if p > 0), None)  # a paytable all "for 1" (video poker): its first line
        if line is not None:
            return bet, *line
    return None


def _designed(path: Path) -> tuple[GameAnalysis, str, str, Fraction]:
    analysis = _analysed(path)
    paid = _paid_bet(analysis.game)
    assert paid is not None, f"{analysis.game.id} has no bet paid by a paytable"
    return analysis, *paid


# -- the exact figures --------------------------------------------------------------------------------------------
def check_counted_exactly(path: Path) -> None:
    """Every bet's return table: its rows' combinations total its deals, and their probabilities sum to exactly one."""
    analysis = _analysed(path)
    assert analysis.method.unfit(analysis.game) is None, f"{analysis.method.name} does not fit {analysis.game.id}"
    for bet, table in analysis.tables.items():
        rows = sum(o.combinations for o in table.outcomes)
        assert table.total == rows > 0, f"{bet}: the rows count {rows} deals of {table.total}"
        total = sum((Fraction(o.combinations, table.total) for o in table.outcomes), Fraction(0))
        assert total == 1, f"{bet}: the probabilities sum to {total}"
        assert isinstance(table.metrics.house_edge, Fraction), f"{bet}: the house edge is not exact"
    solution = analysis.solution
    assert solution.size > 0 and solution.deals == analysis.deals > 0, f"{analysis.game.id}: nothing counted"


def check_workload(path: Path) -> None:
    """What ``compare`` groups games by is read before any count, is hashable, and is the same for the file read twice."""
    first, second = (GameAnalysis(load_game(path)) for _ in range(2))
    assert first.workload == second.workload and hash(first.workload) == hash(second.workload), "two readings differ"
    assert first.workload.cost > 0, f"a workload costs {first.workload.cost}"
    assert "solution" not in vars(first), "the workload solved the game"


def check_strategy_replayed(path: Path) -> None:
    """The optimal strategy replayed at the game's own pays is the game's return table."""
    solution = _analysed(path).solution
    assert solution.table is not None, f"{solution.game.id} has no own bet"
    assert solution.replayed(solution.game).outcomes == solution.table.outcomes, "the replay differs from the solve"


def against(brute_force: BruteForce) -> Check:
    """A check of the game's own bet against ``brute_force`` (a game -> its expected return and average wager)."""

    def check_brute_force(path: Path) -> None:
        analysis = _analysed(path)
        metrics = analysis.tables[analysis.game.bet].metrics
        counted = (metrics.expected_return, metrics.average_wager)
        expected = brute_force(analysis.game)
        assert counted == expected, f"counted {counted}, by brute force {expected}"

    return check_brute_force


# -- the tools ----------------------------------------------------------------------------------------------------
def check_simulation(path: Path) -> None:
    """20,000 hands played by the analysed strategy: each bet's mean and the strategy's figures (average wager, folds
    per decision) within 4 standard errors of the exact values."""
    from .simulate import simulate

    frame = simulate(path, hands=20_000, seed=11)
    assert list(frame["wager"]) == list(_analysed(path).tables), f"simulated bets {list(frame['wager'])}"
    assert (frame["z"].abs() < 4).all(), frame[["wager", "z"]].to_string()
    strategy = frame.attrs.get("strategy")
    if strategy is not None:
        assert (strategy["z"].abs() < 4).all(), strategy[["figure", "observed", "exact_float", "z"]].to_string()


def check_sweep(path: Path) -> None:
    """A sweep of two pays of a line: the file's own gives the analysed edge, a pay raised never helps the house."""
    from .design.explore import sweep

    analysis, bet, line, pay = _designed(path)
    low, high = sweep(path, bet, line, [pay, pay + 1])["house_edge"].tolist()
    assert low == analysis.tables[bet].metrics.house_edge, f"{bet} {line} at {pay}: {low}"
    assert high <= low, f"{bet} {line} raised to {pay + 1}: the edge rises to {high}"


def check_solve(path: Path) -> None:
    """Solving for the analysed edge finds the file's pay, or a lower one (a strategy change can reach it lower)."""
    from .design.solve import pay_for_target

    analysis, bet, line, pay = _designed(path)
    edge = analysis.tables[bet].metrics.house_edge
    found = pay_for_target(path, bet, line, edge)
    assert found.pays, found.message
    assert Fraction(str(found.pays[0])) <= pay, f"{bet} {line}: found {found.pays[0]} above the file's {pay}"
    assert found.nearby["house_edge"].min() <= edge <= found.nearby["house_edge"].max(), "the edge is not bracketed"


def check_expression(path: Path) -> None:
    """The edge as an expression of the pays: the analysed edge at the file's pays; one unit higher, the re-analysed
    edge where it holds everywhere (a side bet), else at least it (the best strategy there may do better)."""
    from .design.explore import sweep
    from .design.expression import pay_expression

    analysis, bet, line, pay = _designed(path)
    expression = pay_expression(path, bet)
    assert expression.house_edge_at({}) == analysis.tables[bet].metrics.house_edge, "the expression at the file's pays"
    raised = sweep(path, bet, line, [pay + 1])["house_edge"][0]
    at_raised = expression.house_edge_at({line: pay + 1})
    assert at_raised == raised if expression.everywhere else at_raised >= raised, f"{at_raised} against {raised}"


def check_search(path: Path) -> None:
    """A search of two pays of a line for the analysed edge finds the file's pay."""
    from .design.explore import search

    analysis, bet, line, pay = _designed(path)
    edge = analysis.tables[bet].metrics.house_edge
    frame = search(path, bet, {line: [pay, pay + 1]}, (edge, edge))
    assert pay in frame[line].tolist(), f"{bet} {line}: {pay} not found"


def check_compare(path: Path) -> None:
    """The file compared with itself at a pay raised: the first column its analysed edge, a raise never helps the house."""
    from .design.compare import compare
    from .design.model import wager_model

    analysis, bet, line, pay = _designed(path)
    game = analysis.game
    frame = compare([game, wager_model(game, bet).game_with({line: pay + 1})])
    row = frame[(frame["wager"] == bet) & (frame["figure"] == "house_edge")].iloc[0]
    first, second = row[game.id], row[f"{game.id} #2"]
    assert first == analysis.tables[bet].metrics.house_edge and second <= first, row.to_string()


def check_removal(path: Path) -> None:
    """The effect of removal on the first bet (the game's own where it has one; each is a count per rank): from the full
    shoe, the analysed expected return; one effect per rank."""
    analysis = _analysed(path)
    bet, table = next(iter(analysis.tables.items()))
    effects = analysis.effect_of_removal(bet)
    assert effects.expected == table.metrics.expected_return, f"{bet}: {effects.expected} from the full shoe"
    assert len(effects.effects) == len(effects.ranks) == len(effects.counts), f"{bet}: an effect per rank"


def check_json_contract(path: Path) -> None:
    """``analyze --format json``: the game's keys, and per bet its figures, its return table, and the own bet's strategy."""
    from .output import dumps

    analysis = _analysed(path)
    shown = json.loads(dumps(analysis.to_dict()))
    keys = {"game", "id", "name", "source", "file", "sha256", "deals", "bets"}
    assert set(shown) == keys, f"keys {sorted(shown)}, not {sorted(keys)}"
    assert list(shown["bets"]) == list(analysis.tables), f"bets {list(shown['bets'])}"
    figures = {"house_edge", "rtp", "element_of_risk", "average_wager", "hit_frequency", "variance", "returns"}
    for bet, entry in shown["bets"].items():
        assert figures <= set(entry), f"{bet}: no {sorted(figures - set(entry))}"
        assert ("strategy" in entry) == (bet == analysis.game.bet), f"{bet}: the strategy goes with the game's own bet"


def check_report(path: Path) -> None:
    """The par sheet builds, as HTML and PDF."""
    from .report import build_reports

    reports = build_reports([path])
    assert reports and all(name.endswith((".html", ".pdf")) and data for name, data in reports.items()), sorted(reports)


def check_studio(path: Path) -> None:
    """The studio opens the file (from its folder) with the analysed house edges."""
    from .studio.workbench import Workbench

    extends = os.environ.get(_EXTENDS)
    bench = Workbench(path.parent, path)
    try:
        shown = bench.open(path.name)
    finally:  # the studio's scratch folder, and the folder it lets edits extend, go with it
        bench.solves.stop_all()
        shutil.rmtree(bench.scratch, ignore_errors=True)
        if extends is None:
            os.environ.pop(_EXTENDS, None)
        else:
            os.environ[_EXTENDS] = extends
    edges = {bet["name"]: bet["house_edge"] for bet in shown["bets"]}
    expected = {bet: str(table.metrics.house_edge) for bet, table in _analysed(path).tables.items()}
    assert edges == expected, f"the studio shows {edges}, the analysis {expected}"


# -- which apply --------------------------------------------------------------------------------------------------
def check_meters(path: Path) -> None:
    """Every progressive meter: no house edge at its break-even meter, which ``solve --meter`` finds and ``sweep --meter``
    shows; where rates and resets are declared, the lines' long-run returns total the bet's long-run return."""
    from .design.meters import meter_for_target, meter_sweep

    analysis = _analysed(path)
    for bet in analysis.game.side_bets:
        if bet.progressive is None or not bet.progressive.meters:
            continue
        p = analysis.progression(bet.name)
        for meter in bet.progressive.meters:
            even = p.break_even(meter.name)
            assert p.expected({meter.name: even}) == 0, f"{bet.name}: an edge at the break-even meter {meter.name!r}"
            assert meter_for_target(analysis, bet.name, meter.name, Fraction(0)).value == even, "solve --meter differs"
            swept = meter_sweep(analysis, bet.name, meter.name, [p.shown(meter.name), even])
            assert swept["house_edge"].tolist() == [analysis.tables[bet.name].metrics.house_edge, 0], "sweep --meter differs"
        if all(m.rate is not None and m.reset is not None for m in bet.progressive.meters):
            lines = [str(o.key("line")) for o in analysis.tables[bet.name].outcomes if o.key("line")]
            total = sum((p.chance(line) * p.average_win(line) for line in lines), Fraction(0))
            assert total == 1 + p.long_run(), f"{bet.name}: the lines' long-run returns total {total}, not {1 + p.long_run()}"


def check_seats(path: Path) -> None:
    """An envy bonus's rounds of the player and six other seats from one shuffled deck: the bet's mean and the chance
    that another seat pays within 4 standard errors of the exact figures."""
    from .simulate import simulate_seats

    analysis = _analysed(path)
    for bet in analysis.game.side_bets:
        if bet.progressive is not None and bet.progressive.envy is not None:
            frame = simulate_seats(path, bet.name, 6, rounds=20_000, seed=5)
            assert (frame["z"].abs() < 4).all(), frame.to_string()


def checks_for(path: str | Path, brute_force: BruteForce | None = None) -> list[tuple[str, Check]]:
    """The checks that apply to a game file, by name, chosen by what its game and method declare (nothing counted);
    ``brute_force``: a brute force of the game's own bet, for a game small enough for it."""
    path = Path(path)
    game = load_game(path)
    method = method_for(game)
    own = bool(game.wagers)  # a game of side bets only has no strategy to replay
    design = _paid_bet(game) is not None
    chosen: list[tuple[str, Check | None]] = [
        ("counted exactly", check_counted_exactly), ("the same workload twice", check_workload),
        ("strategy replayed", check_strategy_replayed if own else None),
        ("against a brute force", against(brute_force) if brute_force is not None and own else None),
        ("simulation", check_simulation),
        *((name, check if design else None) for name, check in (
            ("sweep", check_sweep), ("solve", check_solve), ("pays as an expression", check_expression),
            ("search", check_search), ("compare", check_compare))),
        ("effect of removal", check_removal if method.computes_removal else None),
        ("json contract", check_json_contract), ("report", check_report), ("studio", check_studio),
        ("meters", check_meters if any(b.progressive and b.progressive.meters for b in game.side_bets) else None),
        ("seats", check_seats if any(b.progressive and b.progressive.envy for b in game.side_bets) else None),
    ]
    return [(name, check) for name, check in chosen if check is not None]


def parametrize_with_checks(paths: Iterable[str | Path], brute_force: BruteForce | None = None,
                            marks: Sequence[pytest.MarkDecorator] = ()) -> pytest.MarkDecorator:
    """A ``pytest.mark.parametrize("path, check", ...)`` over every check of every file, each id ``file-check``
    (the file's folder and name), each with ``marks`` (``pytest.mark.slow``)::

        @parametrize_with_checks(["paytables/three_card_poker/standard.yaml"])
        def test_conformance(path, check):
            check(path)
    """
    import pytest

    params = [pytest.param(Path(p), check, id=f"{Path(p).parent.name}/{Path(p).stem}-{name}", marks=marks)
              for p in paths for name, check in checks_for(p, brute_force)]
    return pytest.mark.parametrize("path, check", params)


# -- published figures ----------------------------------------------------------------------------------------------
def check_claims(path: str | Path) -> None:
    """Every claim of a claims file passes, but those with a ``gap:``, which must fail: a failing claim without a
    gap is an unexplained difference, a passing claim with one a gap closed (remove it)."""
    from .claims import load_claims, verify

    claims = load_claims(path).claims
    wrong = []
    for claim, row in zip(claims, verify(claims).itertuples()):
        if row.passed and claim.gap:
            wrong.append(f"{claim.where}: {row.claim}: the gap is closed (published {row.published}, exact "
                         f"{row.computed_text}): remove its gap")
        elif not row.passed and not claim.gap:
            wrong.append(f"{claim.where}: {row.claim}: published {row.published}, exact {row.computed_text}, and no gap "
                         "says why")
    assert not wrong, "\n".join(wrong)
