"""Counts kept between runs (issue 19, item 1): a warm run gives the same bytes as a cold one; the cache holds data only
(a changed, truncated, foreign or planted entry is counted again with a one-line warning, never loaded); it stays under
its size limit by evicting the entries used least recently; ``casino-math cache`` shows and clears it; ``--no-cache``
neither reads nor keeps anything. Full-deck games: ``benchmarks/count_cache.py`` and the slow tier below."""

from __future__ import annotations

import hashlib
import json
import logging
import os
import pickle
import threading
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from casino_math import count_cache
from casino_math.count_cache import CountCache
from casino_math.methods.level_by_level import counts as level_counts
from casino_math.methods.holdem import method as holdem
from casino_math.analysis import load_game
from casino_math.held import forget_all
from casino_math.report import write_report

from tests.helpers.cli_runner import run
from tests.helpers.paths import ROOT

GAMES = ROOT / "tests" / "games"
SMALL = sorted(GAMES.glob("*.yaml"))


@pytest.fixture
def kept(tmp_path, monkeypatch):
    """A fresh cache folder for this test, with nothing of the process's memory in front of it."""
    folder = tmp_path / "counts"
    monkeypatch.setenv("CASINO_MATH_CACHE", str(folder))
    monkeypatch.setattr(count_cache, "_switched_off", False)
    forget()
    yield folder
    forget()


def forget() -> None:
    """Drop the counts this process holds in memory, every method's (an earlier test in this worker may have counted the
    same small game), so that the next run reads them from disk (or counts them)."""
    forget_all()


def analysed(monkeypatch, capsys, *args: str) -> tuple[str, str]:
    code, out, err = run(monkeypatch, capsys, *args)
    assert code == 0, err
    return out, err


def entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json"))


FLUSH_PAYS_4 = "raise: {straight flush: 10, three of a kind: 5, straight: 3, flush: 4, pair: 1, high card: 1}"  # not 2


def variant_of(base: Path, game_id: str, tables: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A variant file ``extends:`` a game of tests/games (``base``), with ``tables`` written under its ``paytables:``."""
    monkeypatch.setenv("CASINO_MATH_EXTENDS", str(GAMES))
    variant = tmp_path / "variant.yaml"
    variant.write_text(f"extends: {base}\nid: {game_id}\npaytables:\n  {tables}\n")
    return variant


def counted(folder: Path) -> list[Path]:
    """The entries of counts (not of solutions, charts or par sheets)."""
    return [p for p in entries(folder) if json.loads(p.read_text())["kind"] != "solution"]


@pytest.mark.parametrize("game", SMALL, ids=lambda p: p.stem)
def test_warm_runs_give_the_bytes_of_a_cold_run(game, kept, monkeypatch, capsys):
    """Every small game (each counting method): cold and kept, read back, and with the cache off: the same JSON, byte for byte."""
    cold, _ = analysed(monkeypatch, capsys, "analyze", str(game), "--format", "json")
    forget()
    warm, err = analysed(monkeypatch, capsys, "analyze", str(game), "--format", "json")
    forget()
    off, _ = analysed(monkeypatch, capsys, "--no-cache", "analyze", str(game), "--format", "json")
    assert cold == warm == off
    assert "computed again" not in err  # nothing refused on the way back
    if not load_game(game).counted_by_kind:
        assert entries(kept)  # the card-set methods kept their counts


def test_a_changed_pay_is_solved_on_the_kept_counts(kept, tmp_path, monkeypatch, capsys):
    """A variant changing only a pay reads the counts of the game it extends (no new count entry), and gives what a cold
    run of it gives."""
    base = GAMES / "mini-caribbean.yaml"
    variant = variant_of(base, "mini-csp-variant", FLUSH_PAYS_4, tmp_path, monkeypatch)
    analysed(monkeypatch, capsys, "analyze", str(base), "--format", "json")
    kinds = {json.loads(p.read_text())["kind"] for p in entries(kept)}
    before = counted(kept)
    forget()
    warm, _ = analysed(monkeypatch, capsys, "analyze", str(variant), "--format", "json")
    assert counted(kept) == before and "level by level counts" in kinds  # a solution kept beside them, no count
    forget()
    cold, _ = analysed(monkeypatch, capsys, "--no-cache", "analyze", str(variant), "--format", "json")
    assert warm == cold


def test_a_shoe_games_changed_pay_reads_the_kept_counts(kept, tmp_path, monkeypatch, capsys):
    """A shoe game's counts per way of ending are kept per bet without its pays: a variant paying otherwise counts
    nothing again, and its tables (names of the ends shaped by the deals included) are a cold run's."""
    base = GAMES / "shoe-baccarat-events.yaml"
    pays = "{three cards and two-card 7 points on player: 8, three cards: 1, natural and three cards on player: 3}"
    small = "{three-card 0 to 2 points: 6, three cards and wins by 4 or more: 3, wins by 2 to 3: 1}"
    variant = variant_of(base, "shoe-variant", f"cards: {pays}\n  small: {small}", tmp_path, monkeypatch)
    analysed(monkeypatch, capsys, "analyze", str(base), "--format", "json")
    before = entries(kept)
    warm, _ = analysed(monkeypatch, capsys, "analyze", str(variant), "--format", "json")
    assert entries(kept) == before
    cold, _ = analysed(monkeypatch, capsys, "--no-cache", "analyze", str(variant), "--format", "json")
    assert warm == cold and '"cards"' in warm


@pytest.mark.parametrize("game", ["mini-let-it-ride", "mini-caribbean", "holdem-small", "shoe-baccarat-events"])
def test_a_report_from_kept_counts_is_the_same_bytes(game, kept, tmp_path):
    """The par sheet (HTML and PDF) written from kept counts, charts and PDF is byte for byte the one written cold, and
    the one written with the cache off (each counting method: level by level, hold'em, by kind of card)."""
    path = GAMES / f"{game}.yaml"
    cold = write_report([path], tmp_path / "cold", issued="2026-01-02")
    kinds = {json.loads(p.read_text())["kind"] for p in entries(kept)}
    assert {"rendered chart", "rendered par sheet"} <= kinds  # its charts and its PDF kept too
    forget()
    warm = write_report([path], tmp_path / "warm", issued="2026-01-02")
    forget()
    with count_cache.disabled():
        off = write_report([path], tmp_path / "off", issued="2026-01-02")
    assert [p.name for p in cold] == [p.name for p in warm] == [p.name for p in off]
    for a, b, c in zip(cold, warm, off):
        assert a.read_bytes() == b.read_bytes() == c.read_bytes(), a.name


def test_families_written_at_once_from_kept_counts_are_the_same_bytes(kept, tmp_path):
    """Three families (a level-by-level game, a shoe game, blackjack's kept solution) written two at once in forked
    workers, cold and then from what the cold run kept, are byte for byte the files one process writes with the cache
    off."""
    from casino_math.parallel import Runner

    paths = [GAMES / "mini-let-it-ride.yaml", GAMES / "shoe-war-small.yaml", GAMES / "blackjack-small.yaml"]
    cold = write_report(paths, tmp_path / "cold", runner=Runner.of(workers=2), issued="2026-01-02")
    assert {"solution", "rendered par sheet"} <= {json.loads(p.read_text())["kind"] for p in entries(kept)}
    forget()
    warm = write_report(paths, tmp_path / "warm", runner=Runner.of(workers=2), issued="2026-01-02")
    with count_cache.disabled():
        off = write_report(paths, tmp_path / "off", runner=Runner.here(), issued="2026-01-02")
    assert [p.name for p in cold] == [p.name for p in warm] == [p.name for p in off] == [
        "mini.html", "mini.pdf", "shoe_war_small.html", "shoe_war_small.pdf", "blackjack.html", "blackjack.pdf"]
    for a, b, c in zip(cold, warm, off):
        assert a.read_bytes() == b.read_bytes() == c.read_bytes(), a.name


NARROW_GAMES = ["mini-caribbean", "mini-mississippi", "mini-let-it-ride", "mini-three-card", "mini-four-card"]


@pytest.mark.parametrize("name", NARROW_GAMES)
def test_a_solve_from_narrow_kept_counts_is_the_cold_one_exactly(name, kept):
    """Kept counts come back as narrow as they were kept (read-only views of the file, never widened into fresh memory):
    the solve from them is the cold count's, exactly (every bet's table and the own bet's ends)."""
    from casino_math.analysis import GameAnalysis

    game = load_game(GAMES / f"{name}.yaml")
    cold = GameAnalysis(game).solution
    forget()
    counts = level_counts.count(game)
    arrays = [a for level in counts.levels for a in (*level.cards.values(), level.parent, level.child) if a is not None and a.size]
    assert any(a.dtype.itemsize < 8 for a in [*arrays, counts.cells]) and not any(a.flags.writeable for a in arrays)
    warm = GameAnalysis(game).solution
    assert level_counts.count(game) is counts  # the counts solved on: those narrow ones, held in memory
    assert warm.tables == cold.tables  # every bet's return table: exact fractions, equal
    assert warm.replayed(game) == cold.replayed(game)  # the own bet replayed from the ends the strategy reaches


def test_a_new_decision_of_the_same_name_is_the_games_own(kept):
    """The counts are keyed by a decision's name only: a game whose decision of that name offers other stakes solves
    with its own options, from memory or from disk."""
    game = load_game(GAMES / "mini-caribbean.yaml")
    counts = level_counts.count(game)
    assert counts.decisions == game.decision_levels
    (level, decision), = game.decision_levels.items()
    other_options = tuple(replace(o, adds=tuple((w, u + 1) for w, u in o.adds)) for o in decision.options)
    other = replace(decision, options=other_options)
    changed = replace(game, steps=tuple(other if s is decision else s for s in game.steps))
    for source in ("memory", "disk"):
        if source == "disk":
            forget()
        assert level_counts.count(changed).decisions == changed.decision_levels != game.decision_levels


def test_counts_sent_to_a_worker_carry_a_plain_memo(kept):
    """Counts pickled for a worker (a simulation's strategy carries them) take their memo as a plain dict: a worker
    reads and keeps nothing on disk."""
    counts = level_counts.count(load_game(GAMES / "mini-three-card.yaml"))
    counts.values(load_game(GAMES / "mini-three-card.yaml").hands["player"])
    sent = pickle.loads(pickle.dumps(counts))
    plain = {k for k in counts.memo if k[:1] != (level_counts.SCRATCH,)}  # what only speeds a solve up here stays here
    assert type(sent.memo) is dict and sent.memo.keys() == plain and len(plain) < len(counts.memo)


def test_the_lookups_keys_are_made_when_first_looked_up_and_kept(kept):
    """An analysis never makes the canonical keys of the strategy's lookup (seconds on a big game); the first hand
    looked up makes them and keeps them with the counts on disk (read back by the next run), and a lookup sent to a
    worker carries them."""
    from casino_math.analysis import GameAnalysis

    game = load_game(GAMES / "mini-three-card.yaml")
    decision = game.decisions[0].name
    strategy = GameAnalysis(game).solution.strategy
    lookup = strategy.lookup._own()  # the kept solution's look-up is the method's own, solved when first asked for
    assert not any(isinstance(k, tuple) and k[:1] == ("canonical",) for k in lookup.counts.memo) and lookup.keyed == {}
    kept_before = len(entries(kept))
    first = strategy.choose(decision, {"player": "As Ks Qs"})
    assert decision in lookup.keyed and len(entries(kept)) == kept_before + 1  # the keys, kept
    forget()
    again = GameAnalysis(game).solution.strategy
    assert again.choose(decision, {"player": "As Ks Qs"}) == first and len(entries(kept)) == kept_before + 1  # read back
    sent = pickle.loads(pickle.dumps(again.lookup))  # sent as the method's own, with its keys
    assert sent.keyed.keys() == {decision}


# -- data only: what a bad entry does ---------------------------------------------------------------------------
def kept_entry(folder: Path) -> tuple[Path, Path]:
    """The counts entry (manifest, archive) of mini-three-card, kept by a cold run."""
    forget()
    level_counts.count(load_game(GAMES / "mini-three-card.yaml"))
    (manifest,) = [p for p in entries(folder) if json.loads(p.read_text())["kind"] == level_counts.KIND]
    return manifest, manifest.with_suffix(".npz")


def recounted(caplog) -> list[str]:
    """Count mini-three-card again from a cold memory: the warnings said on the way."""
    forget()
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="casino_math"):
        counts = level_counts.count(load_game(GAMES / "mini-three-card.yaml"))
    assert counts.deals > 0
    return [r.getMessage() for r in caplog.records]


def test_a_changed_entry_is_counted_again_with_one_warning(kept, caplog):
    manifest, archive = kept_entry(kept)
    good = archive.read_bytes()
    archive.write_bytes(good[:-1] + bytes([good[-1] ^ 1]))
    (message,) = recounted(caplog)
    assert "SHA-256 is not the manifest's" in message and "computed again" in message
    assert archive.read_bytes() == good  # kept anew, and read back quietly next time
    assert recounted(caplog) == []


def test_a_truncated_entry_is_counted_again(kept, caplog):
    _, archive = kept_entry(kept)
    archive.write_bytes(archive.read_bytes()[:100])
    (message,) = recounted(caplog)
    assert "truncated or changed" in message


def test_a_foreign_manifest_is_not_read(kept, caplog):
    manifest, _ = kept_entry(kept)
    about = json.loads(manifest.read_text())
    manifest.write_text(json.dumps(about | {"engine": "0.0.1+1+0000000000000000"}))
    (message,) = recounted(caplog)
    assert "not the manifest of these counts" in message


def test_a_planted_pickle_never_runs(kept, caplog, tmp_path):
    """A pickle put in the entry's place, with a manifest that vouches for it, is refused as not data: no code runs."""
    manifest, archive = kept_entry(kept)
    marker = tmp_path / "pwned"
    planted = pickle.dumps(_Planted(str(marker)))
    archive.write_bytes(planted)
    about = json.loads(manifest.read_text())
    manifest.write_text(json.dumps(about | {"bytes": len(planted), "sha256": hashlib.sha256(planted).hexdigest()}))
    (message,) = recounted(caplog)
    assert "not counts this version can read" in message
    assert not marker.exists()


def test_an_entry_of_other_shapes_is_counted_again(kept, caplog):
    """Data that checks out but is not counts of this game (a value of another shape, under a vouching manifest)."""
    from casino_math.shard_store import to_bytes

    manifest, archive = kept_entry(kept)
    data = to_bytes({"levels": [], "cells": ("<i8", np.zeros((2, 2), dtype=np.int8))})
    archive.write_bytes(data)
    about = json.loads(manifest.read_text())
    manifest.write_text(json.dumps(about | {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}))
    messages = recounted(caplog)
    assert len(messages) == 1 and "do not fit this game" in messages[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_in_the_entrys_place_is_not_waited_on(kept, caplog):
    manifest, _ = kept_entry(kept)
    manifest.unlink()
    os.mkfifo(manifest)
    done = threading.Event()

    def count() -> None:
        recounted(caplog)
        done.set()

    worker = threading.Thread(target=count, daemon=True)
    worker.start()
    assert done.wait(60), "the count waited on a pipe"


class _Planted:
    def __init__(self, marker: str) -> None:
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (Path(self.marker),))


# -- the folder: limit, least recently used first, the command ------------------------------------------------------
def test_the_least_recently_used_go_first(tmp_path):
    payload = {"cells": np.arange(250, dtype=np.int64)}
    probe = CountCache(tmp_path / "probe")
    probe.keep("demo", "a", "a", payload)
    cache = CountCache(tmp_path / "c", limit=3 * probe.size() + 100)  # room for three entries, not four
    for name in ("a", "b", "c"):
        cache.keep("demo", name, name, payload)
    old = 1_000_000_000
    for i, manifest in enumerate(sorted(entries(cache.folder), key=lambda p: json.loads(p.read_text())["what"])):
        os.utime(manifest, (old + i, old + i))
        os.utime(manifest.with_suffix(".npz"), (old + i, old + i))
    assert cache.load("demo", "a", "a")[0]  # a use: "a" is now the most recent
    cache.keep("demo", "d", "d", payload)
    assert [cache.load("demo", k, k)[0] for k in "abcd"] == [True, False, True, True]
    assert cache.size() <= cache.limit


def test_an_entry_bigger_than_the_limit_is_not_kept(tmp_path, caplog):
    cache = CountCache(tmp_path / "c", limit=100)
    with caplog.at_level(logging.WARNING, logger="casino_math"):
        cache.keep("demo", "big", "big", {"cells": np.arange(1000)})
        cache.keep("demo", "big2", "big", {"cells": np.arange(1000)})
    assert len(caplog.records) == 1 and "more than the cache's limit" in caplog.records[0].getMessage()
    assert cache.load("demo", "big", "big") == (False, None)


def test_the_engine_is_its_code_not_its_words(tmp_path):
    """A comment or docstring reworded leaves kept counts in force; a line of code changed is another engine."""
    from casino_math.imports import source

    def code(text: str) -> str:
        path = tmp_path / "module.py"
        path.write_text(text)
        return source(path).code

    base = code('"""Counts."""\n\ndef f(x):\n    """Twice x."""\n    return 2 * x  # doubled\n')
    assert base == code('"""Counts, reworded."""\n\ndef f(x):\n    """Twice x, said otherwise."""\n    return 2 * x\n')
    assert base != code('"""Counts."""\n\ndef f(x):\n    """Twice x."""\n    return 3 * x\n')
    assert code("def broken(:\n") != code("def broken(:\n\n") != base


def test_what_a_parse_found_is_kept_by_the_files_bytes(tmp_path, monkeypatch):
    """The sources kept beside the bytecode are read back by the SHA-256 of a file's bytes: a file changed with the same
    size and time is parsed again; a kept file that does not read back is parsed again, never trusted."""
    from casino_math import imports

    kept = tmp_path / "sources.json"
    monkeypatch.setattr(imports, "KEPT", kept)
    monkeypatch.setattr(imports, "_sources", imports.Held())
    monkeypatch.setattr(imports, "_unkept", imports.Held())
    engine = count_cache.engine.__wrapped__
    first = engine(("errors.py",))
    assert imports._sources and not imports._unkept and kept.is_file()
    assert engine(("errors.py",)) == first
    module = tmp_path / "module.py"
    module.write_text("x = 1\n")
    before = imports.source(module)
    stat = module.stat()
    module.write_text("x = 2\n")
    os.utime(module, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert imports.source(module).code != before.code
    kept.write_text("{not json")
    imports._sources.clear()
    assert engine(("errors.py",)) == first


def test_the_size_limit_is_read_as_people_write_it(monkeypatch):
    from casino_math.errors import InputError

    for text, size in (("500M", 500 << 20), ("4G", 4 << 30), ("2GiB", 2 << 30), ("12345", 12345)):
        monkeypatch.setenv("CASINO_MATH_CACHE_SIZE", text)
        assert count_cache.limit() == size
    monkeypatch.setenv("CASINO_MATH_CACHE_SIZE", "lots")
    with pytest.raises(InputError, match="CASINO_MATH_CACHE_SIZE"):
        count_cache.limit()


def test_the_cache_folder_by_default_is_the_users(monkeypatch):
    import platformdirs

    monkeypatch.delenv("CASINO_MATH_CACHE")
    assert count_cache.folder() == Path(platformdirs.user_cache_dir("casino-math", appauthor=False)) / "counts"
    monkeypatch.setenv("CASINO_MATH_CACHE", "off")
    assert count_cache.folder() is None and count_cache.current() is None


def test_cache_command_shows_and_clears(kept, monkeypatch, capsys):
    analysed(monkeypatch, capsys, "analyze", str(GAMES / "mini-three-card.yaml"), "--format", "json")
    shown, _ = analysed(monkeypatch, capsys, "cache")
    assert f"counts kept in {kept}" in shown and "level by level counts" in shown and "mini" in shown
    assert analysed(monkeypatch, capsys, "cache", "show")[0] == shown
    cleared, _ = analysed(monkeypatch, capsys, "cache", "clear")
    assert cleared.startswith("removed ") and entries(kept) == []
    assert "0 entries" in analysed(monkeypatch, capsys, "cache")[0]


@pytest.mark.parametrize("where", ["before", "after"])
def test_no_cache_neither_reads_nor_keeps(kept, monkeypatch, capsys, where):
    """``--no-cache`` before the command or after it (the root's option, and every counting command's)."""
    command = ["analyze", str(GAMES / "mini-three-card.yaml"), "--format", "json"]
    analysed(monkeypatch, capsys, *(["--no-cache", *command] if where == "before" else [*command, "--no-cache"]))
    assert not kept.exists() or entries(kept) == []
    assert "off" in analysed(monkeypatch, capsys, "cache")[0]  # switched off for the rest of the run (this process)


def test_an_unwritable_cache_folder_is_one_warning_and_the_run_goes_on(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("CASINO_MATH_CACHE", str(blocker / "counts"))
    monkeypatch.setattr(count_cache, "_switched_off", False)
    forget()
    out, err = analysed(monkeypatch, capsys, "analyze", str(GAMES / "mini-three-card.yaml"), "--format", "json")
    forget()
    assert json.loads(out)["bets"]
    assert err.count("cannot keep counts") <= 2  # once per kind of count at most, one line each


@pytest.mark.parametrize(("game", "table"), [
    ("holdem-small", "blind: {royal flush: 500, straight flush: 50, four of a kind: 10, full house: 2, flush: 4, straight: 1}"),
    ("thb-small", "ante: {royal flush: 1, straight flush: 1, four of a kind: 1, full house: 1, flush: 2, straight: 3}")])
def test_a_hold_em_games_changed_pay_re_prices_the_kept_totals(game, table, kept, tmp_path, monkeypatch, capsys):
    """A changed pay of a hold'em game's own bet (Ultimate Texas Hold'em's Blind, Texas Hold'em Bonus's Ante) within its
    reach counts no board: the totals kept for the game are re-priced, and the figures are the variant's counted from
    nothing, byte for byte; the cache holds one entry still."""
    base = GAMES / f"{game}.yaml"
    variant = variant_of(base, f"{game}-variant", table, tmp_path, monkeypatch)
    analysed(monkeypatch, capsys, "analyze", str(base), "--format", "json")
    before = entries(kept)
    forget()

    def uncounted(*args, **kwargs):
        raise AssertionError("a board counted")

    with monkeypatch.context() as patched:
        patched.setattr(holdem, "count_shard", uncounted)
        warm, _ = analysed(monkeypatch, capsys, "analyze", str(variant), "--format", "json")
    assert entries(kept) == before
    forget()
    cold, _ = analysed(monkeypatch, capsys, "--no-cache", "analyze", str(variant), "--format", "json")
    assert warm == cold


@pytest.mark.parametrize("stored", ["not counts", "a short count"])
def test_hold_em_totals_of_another_shape_are_counted_again(stored, kept, caplog):
    """An entry under the game's key holding something else (no list of counts; a count whose totals are of another
    shape) is counted again with one warning, and kept anew."""
    game = load_game(GAMES / "holdem-small.yaml")
    compiled = holdem.compile_game(game)
    cache = CountCache(kept)
    short = holdem.Counted(compiled.nets, replace(holdem.Totals.zeros(compiled.plan), reach=np.zeros((1, 2))))
    cache.keep(holdem.KIND, holdem.shape_digest(compiled.plan), game.id, {"not counts": 1} if stored == "not counts" else [short], holdem.CODE)
    with caplog.at_level(logging.WARNING, logger="casino_math.count_cache"):
        solved = holdem.board_by_board(game)
    assert [r.message for r in caplog.records if "do not fit this game's plan" in r.message] and solved.table.total
    found, again = cache.load(holdem.KIND, holdem.shape_digest(compiled.plan), game.id, holdem.CODE)
    assert found and len(again) == 1 and again[0].totals.reach.shape == (len(compiled.nets), 2)


def test_a_hold_em_pay_beyond_its_reach_is_counted_and_kept_beside(kept, tmp_path, monkeypatch, capsys):
    """A Blind pay moving a decision (the full house's, down past its reach) counts the boards again; both counts are kept
    in the one entry, and the base game and the variant are then read back, counting nothing."""
    base = GAMES / "holdem-small.yaml"
    pays = "{royal flush: 500, straight flush: 50, four of a kind: 10, full house: 1/2, flush: 3 to 2, straight: 1}"
    variant = variant_of(base, "uth-variant", f"blind: {pays}", tmp_path, monkeypatch)
    analysed(monkeypatch, capsys, "analyze", str(base), "--format", "json")
    forget()
    counts = []
    count_shard = holdem.count_shard
    with monkeypatch.context() as patched:
        patched.setattr(holdem, "count_shard", lambda *args, **kwargs: counts.append(1) or count_shard(*args, **kwargs))
        warm, _ = analysed(monkeypatch, capsys, "analyze", str(variant), "--format", "json")
        assert counts
        [entry] = entries(kept)
        forget()
        counts.clear()
        for game in (base, variant):
            again, _ = analysed(monkeypatch, capsys, "analyze", str(game), "--format", "json")
            forget()
        assert not counts and entries(kept) == [entry] and again == warm
    cold, _ = analysed(monkeypatch, capsys, "--no-cache", "analyze", str(variant), "--format", "json")
    assert warm == cold


@pytest.mark.slow
@pytest.mark.parametrize("family", ["caribbean_stud", "four_card_poker", "ultimate_texas_holdem"])
def test_full_deck_games_read_back_the_bytes_of_a_cold_count(family, kept, monkeypatch, capsys):
    """The shipped big games (each counting method on a full deck): a warm run's JSON is the cold run's, byte for byte."""
    game = ROOT / "paytables" / family / "standard.yaml"
    cold, _ = analysed(monkeypatch, capsys, "analyze", str(game), "--format", "json")
    forget()
    warm, err = analysed(monkeypatch, capsys, "analyze", str(game), "--format", "json")
    assert warm == cold and "computed again" not in err


def test_a_kept_solution_of_another_shape_is_solved_again(kept, caplog):
    """A solution entry whose data is not a kept solution (another version's, a foreign file under its name) is solved
    again with one warning, and kept anew; then read back, solving nothing."""
    from casino_math.contract.kept_solution import KIND, kept_solution
    from casino_math.registry import method_for

    game = load_game(GAMES / "mini-three-card.yaml")
    cache = CountCache(kept)
    cache.keep(KIND, "a key", game.id, {"not": "a solution"})
    with caplog.at_level(logging.WARNING, logger="casino_math.count_cache"):
        solved = kept_solution(game, "a key", (), lambda: method_for(game).solve(game), cache)
    assert "does not fit this game" in caplog.text and "it is solved again" in caplog.text
    read = kept_solution(game, "a key", (), _unsolvable, cache)
    assert read.table == solved.table and [d.summary() for d in read.strategy.decisions] == [d.summary() for d in solved.strategy.decisions]


def _unsolvable():
    raise AssertionError("solved, not read back")


# -- level-by-level solutions kept whole ----------------------------------------------------------------------------
LEVEL_GAMES = ["mini-caribbean", "mini-four-card", "mini-high-card-flush", "mini-let-it-ride", "mini-three-card"]


def _no_count(*args, **kwargs):
    raise AssertionError("counted or read counts, not the kept solution")


@pytest.mark.parametrize("name", LEVEL_GAMES)
def test_a_warm_level_by_level_run_reads_its_solution_and_no_count(name, kept, monkeypatch, capsys):
    """A level-by-level game's solution (its table, every decision as the tables show it, each simpler strategy's
    table) is kept whole: a warm run reads no count and solves nothing, and prints the cold run's bytes; so does a
    run with the cache off."""
    game = str(GAMES / f"{name}.yaml")
    cold, _ = analysed(monkeypatch, capsys, "analyze", game, "--format", "json")
    assert "solution" in {json.loads(p.read_text())["kind"] for p in entries(kept)}
    forget()
    with monkeypatch.context() as patched:
        patched.setattr(level_counts, "kept_or_counted", _no_count)
        warm, err = analysed(monkeypatch, capsys, "analyze", game, "--format", "json")
    off, _ = analysed(monkeypatch, capsys, "--no-cache", "analyze", game, "--format", "json")
    assert warm == cold == off and "computed again" not in err


@pytest.mark.parametrize("name", ["mini-caribbean", "mini-three-card"])
def test_a_report_from_kept_solutions_counts_nothing_and_is_the_same_bytes(name, kept, tmp_path, monkeypatch):
    """The par sheet of a level-by-level game, its simpler strategies and its claims' figures, from kept solutions:
    no count read, byte for byte the cold one's."""
    path = GAMES / f"{name}.yaml"
    cold = write_report([path], tmp_path / "cold", issued="2026-01-02")
    forget()
    monkeypatch.setattr(level_counts, "kept_or_counted", _no_count)
    warm = write_report([path], tmp_path / "warm", issued="2026-01-02")
    assert [a.read_bytes() for a in cold] == [b.read_bytes() for b in warm]


def test_a_decision_of_many_classes_keeps_its_words_and_solves_for_its_frame(kept, monkeypatch):
    """A decision of more classes than the solution keeps one by one (Caribbean Stud's millions) keeps its words, how
    often each option is taken and its thresholds; its frame and the player's values come from the method's working,
    solved when first asked for: those of a solve from nothing."""
    from casino_math.methods.level_by_level import solver
    from casino_math.analysis import GameAnalysis

    monkeypatch.setattr(solver, "KEPT_ROWS", 10)
    game = load_game(GAMES / "mini-three-card.yaml")
    with count_cache.disabled():
        cold = GameAnalysis(game).solution.strategy.decisions
    GameAnalysis(game).solution  # noqa: B018 - solved and kept
    forget()
    monkeypatch.setattr(level_counts, "kept_or_counted", _no_count)
    warm = GameAnalysis(game).solution.strategy.decisions
    assert [(d.summary(), d.taken(), d.thresholds, d.threshold) for d in warm] == \
        [(d.summary(), d.taken(), d.thresholds, d.threshold) for d in cold]
    monkeypatch.undo()
    assert all(d.frame().equals(c.frame()) for d, c in zip(warm, cold))
    assert all(np.array_equal(d.player_values, c.player_values) for d, c in zip(warm, cold))


def test_a_kept_solutions_strategy_plays_in_a_worker_as_the_solved_one(kept):
    """A kept solution's look-up, sent to a worker (a simulation's), is the method's own: the same choices and values."""
    from casino_math.analysis import GameAnalysis

    game = load_game(GAMES / "mini-caribbean.yaml")
    with count_cache.disabled():
        solved = GameAnalysis(game).solution.strategy
    GameAnalysis(game).solution  # noqa: B018 - kept
    forget()
    kept_strategy = GameAnalysis(game).solution.strategy
    strategy = replace(kept_strategy, lookup=pickle.loads(pickle.dumps(kept_strategy.lookup)))
    decision = game.decisions[0].name
    for cards in ({"player": "As Ks Qs", "up": "Ah"}, {"player": "Qs Qh Ac", "up": "Kd"}):
        assert strategy.choose(decision, cards) == kept_strategy.choose(decision, cards) == solved.choose(decision, cards)


def test_a_changed_pay_is_an_entry_of_its_own(kept, tmp_path, monkeypatch, capsys):
    """The pays are in a kept solution's key: a variant at other pays is solved (on the kept counts) and kept beside,
    both read back solving nothing."""
    base = GAMES / "mini-caribbean.yaml"
    variant = variant_of(base, "mini-csp-variant", FLUSH_PAYS_4, tmp_path, monkeypatch)
    outs = [analysed(monkeypatch, capsys, "analyze", str(path), "--format", "json")[0] for path in (base, variant)]
    solutions = [p for p in entries(kept) if json.loads(p.read_text())["kind"] == "solution"]
    assert len(solutions) == 2 and outs[0] != outs[1]
    forget()
    monkeypatch.setattr(level_counts, "kept_or_counted", _no_count)
    assert [analysed(monkeypatch, capsys, "analyze", str(path), "--format", "json")[0] for path in (base, variant)] == outs


def test_solutions_solved_again_and_again_are_neither_read_nor_kept(kept, tmp_path):
    """Under ``unkept()`` (the studio's edits, the design tools' paytables) a level-by-level solution is solved on the
    counts, neither read whole nor kept; outside it, kept; a studio edit keeps none."""
    from casino_math.analysis import GameAnalysis
    from casino_math.contract.kept_solution import OnDemand, unkept
    from casino_math.studio.workbench import Workbench

    def solutions() -> int:
        return sum(json.loads(p.read_text())["kind"] == "solution" for p in entries(kept))

    game = load_game(GAMES / "mini-caribbean.yaml")
    with unkept():
        inside = GameAnalysis(game).solution
    assert solutions() == 0 and not isinstance(getattr(inside.working, "__self__", None), OnDemand)  # the method's own working
    forget()
    assert isinstance(getattr(GameAnalysis(game).solution.working, "__self__", None), OnDemand) and solutions() == 1  # kept, and read back as kept
    bench = Workbench(GAMES)
    shown = bench.open("mini-caribbean.yaml")
    bench.edit("mini-caribbean.yaml", {"raise": dict(shown["paytables"]["raise"], pair="2")})
    assert solutions() == 1
