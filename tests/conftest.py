"""Fixtures shared by the test files: one Dask cluster per run.

A local cluster takes seconds to start: it is started once per test process, and the tests that use it are
grouped (``xdist_group("dask")``) so that pytest-xdist runs them all in one worker process.
"""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def cluster():
    """A client of a local Dask cluster of two worker processes."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=50) as local:
        with distributed.Client(local) as client:
            yield client
