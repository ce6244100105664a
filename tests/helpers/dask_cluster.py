"""A Dask cluster started as separate processes, as a user starts one: ``dask scheduler`` and ``dask worker`` command
lines on this machine (the benchmark of scaling and the cluster test use it)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A TCP port nothing listens on now (on the loopback address)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def dask_cluster(workers: int, timeout: float = 60.0) -> Iterator[str]:
    """The address of a scheduler and ``workers`` worker processes (one thread each), each started by its command
    line with this checkout first on the path; all of them stopped at the end, by their process ids."""
    from distributed import Client

    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": env, "start_new_session": True}
    started = [subprocess.Popen([sys.executable, "-m", "dask", "scheduler", "--host", "127.0.0.1", "--port", str(port),
                                 "--no-dashboard"], **quiet)]  # type: ignore[call-overload]
    try:
        started.append(subprocess.Popen([sys.executable, "-m", "dask", "worker", address, "--nworkers", str(workers),
                                         "--nthreads", "1", "--no-dashboard", "--memory-limit", "0"], **quiet))  # type: ignore[call-overload]
        deadline = time.monotonic() + timeout
        while True:
            try:
                with Client(address, timeout=5) as client:
                    client.wait_for_workers(workers, timeout=max(1.0, deadline - time.monotonic()))
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        yield address
    finally:
        for process in reversed(started):  # the workers' own processes are in their session: stopped with it
            try:
                os.killpg(process.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        for process in started:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
