"""Fixtures shared by the test files: one Dask cluster per run; counts kept between runs in a folder of the run.

A local cluster takes seconds to start: it is started once per test process, and the tests that use it are
grouped (``xdist_group("dask")``) so that pytest-xdist runs them all in one worker process.
"""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest
from hypothesis import settings

_KEPT_COUNTS = "CASINO_MATH_CACHE"

# CI (.ci/run sets CI) checks the same examples on every run, so that its verdict never turns on a draw; every other run
# draws new ones and keeps finding what the fixed ones miss
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_configure(config):
    """Counts kept between runs go to a folder of this test process, never the user's cache: set here, before any test
    or doctest runs (a session fixture of this folder would not reach the doctests of casino_math/), and inherited by
    the commands a test starts."""
    config._count_cache = (os.environ.get(_KEPT_COUNTS), tempfile.mkdtemp(prefix="casino-math-counts-"))
    os.environ[_KEPT_COUNTS] = config._count_cache[1]


def pytest_unconfigure(config):
    before, folder = getattr(config, "_count_cache", (None, None))
    if folder is None:
        return
    shutil.rmtree(folder, ignore_errors=True)
    if before is None:
        os.environ.pop(_KEPT_COUNTS, None)
    else:
        os.environ[_KEPT_COUNTS] = before


@pytest.fixture(autouse=True)
def _count_cache_on(monkeypatch):
    """Each test starts with the count cache on: ``--no-cache`` switches it off for the rest of its process, and a test
    running the command line in this process must not leave it off for the tests after it in the same worker."""
    from casino_math import count_cache

    monkeypatch.setattr(count_cache, "_switched_off", False)


@pytest.fixture(scope="session")
def cluster():
    """A client of a local Dask cluster of two worker processes."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=50) as local:
        with distributed.Client(local) as client:
            yield client
