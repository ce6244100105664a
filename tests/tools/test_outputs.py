"""Every output target is checked before any counting (issue #16, item 3): ``report --out``, ``--cache``, ``sweep --chart``;
``~`` is expanded; a full disk or a closed pipe on standard output ends in one line, never a traceback."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from casino_math import parallel
from casino_math.errors import InputError
from casino_math.parallel import Runner

from tests.helpers.cli_runner import refused, run
from tests.helpers.paths import ROOT

MINI = ROOT / "tests" / "games" / "mini-three-card.yaml"
STANDARD = ROOT / "paytables" / "three_card_poker" / "standard.yaml"
TIMEOUT = 120


@pytest.fixture
def counting_forbidden(monkeypatch):
    """Any attempt to count fails the test: a bad target must be refused before."""
    from casino_math import analysis

    def forbidden(*args, **kwargs):
        raise AssertionError("counted before the output target was checked")

    monkeypatch.setattr(analysis.GameAnalysis, "__init__", forbidden)


@pytest.mark.parametrize("target, message", [
    ("afile", "afile is a file, not a folder"),
    ("afile/sub", "afile is a file, not a folder"),
    ("/dev/null", "/dev/null is a device, not a folder"),
    ("/sys/casino-math-reports", "cannot write in /sys"),
])
def test_report_out_is_checked_first(monkeypatch, capsys, tmp_path, counting_forbidden, target, message):
    (tmp_path / "afile").write_text("a file, not a folder\n")
    monkeypatch.chdir(tmp_path)
    assert message in refused(monkeypatch, capsys, tmp_path, "report", str(MINI), "--out", target)


@pytest.mark.skipif(shutil.which("unshare") is None, reason="needs unshare to mount a read-only folder")
def test_report_out_on_a_read_only_mount(tmp_path):
    mount = tmp_path / "ro"
    mount.mkdir()
    script = (f"mount -t tmpfs -o ro none {mount} && exec {sys.executable} -m casino_math report {MINI} --out {mount}/reports")
    result = subprocess.run(["unshare", "-rm", "sh", "-c", script], capture_output=True, text=True, timeout=TIMEOUT)
    if "mount" in result.stderr and "casino" not in result.stderr:
        pytest.skip(f"cannot mount here: {result.stderr.strip()}")
    assert result.returncode == 2 and result.stdout == "", result.stderr
    assert result.stderr == f"error: --out: {mount}/reports: cannot write in {mount}: Read-only file system\n"


@pytest.mark.parametrize("command", [["analyze", str(MINI)], ["simulate", str(MINI), "--hands", "1000"],
                                     ["report", str(MINI), "--out", "out"],
                                     ["search", str(MINI), "--wager", "ante_play", "--vary", "straight=1..2", "--edge", "0%..5%"]])
def test_cache_that_is_a_file_is_refused_at_once(monkeypatch, capsys, tmp_path, counting_forbidden, command):
    (tmp_path / "afile").write_text("a file, not a folder\n")
    monkeypatch.chdir(tmp_path)
    err = refused(monkeypatch, capsys, tmp_path, *command, "--cache", "afile")
    assert err == "error: --cache: afile is a file, not a folder\n"


def test_sweep_chart_is_checked_before_the_sweep(monkeypatch, capsys, tmp_path):
    (tmp_path / "afile").write_text("")
    monkeypatch.chdir(tmp_path)
    import casino_math.design as design

    monkeypatch.setattr(design, "sweep", lambda *a, **k: pytest.fail("swept before the chart's place was checked"))
    err = refused(monkeypatch, capsys, tmp_path, "sweep", str(MINI), "--wager", "ante_play", "--pay", "straight",
                  "--from", "1", "--to", "2", "--chart", "afile/chart.png")
    assert "--chart: afile/chart.png: afile is a file, not a folder" in err


def test_tilde_is_the_home_folder(monkeypatch, capsys, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(tmp_path)
    runner = Runner.of(cache="~/.cache/cm")  # docs/analysing.md's own example
    assert runner.cache == home / ".cache" / "cm"
    code, out, err = run(monkeypatch, capsys, "report", str(MINI), "--out", "~/par", "--quiet")
    assert (code, err) == (0, "")
    assert sorted(p.name for p in (home / "par").iterdir()) == ["mini.html", "mini.pdf"]
    code, out, err = run(monkeypatch, capsys, "analyze", str(MINI), "--cache", "~/shards", "--workers", "1")
    assert code == 0 and "error" not in err  # the small test game warns of its player edge
    assert not (tmp_path / "~").exists()  # no folder literally named ~


def test_api_cache_is_checked_and_expanded(tmp_path, monkeypatch):
    (tmp_path / "afile").write_text("")
    with pytest.raises(InputError, match="--cache: .*afile is a file, not a folder"):
        Runner.of(cache=tmp_path / "afile")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert Runner.of(cache="~").cache == tmp_path
    assert parallel.Runner.of(cache=None).cache is None


@pytest.mark.parametrize("args", [["analyze", str(STANDARD)], ["frequencies", "-n", "3", "--ranking", "three-card"], ["--help"]])
def test_a_full_disk_on_standard_output_is_one_line(args):
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "casino_math", *args], stdout=full, stderr=subprocess.PIPE, text=True, timeout=TIMEOUT)
    assert (result.returncode, result.stderr) == (2, "error: cannot write the output: No space left on device\n")


def test_a_closed_pipe_is_not_a_traceback():
    with subprocess.Popen([sys.executable, "-m", "casino_math", "frequencies", "-n", "7"], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.readline()
        process.stdout.close()  # the reader goes away, as `| head -1` does
        err = process.stderr.read()
        assert process.wait(timeout=TIMEOUT) in (0, 1) and "Traceback" not in err and "Exception ignored" not in err, err
