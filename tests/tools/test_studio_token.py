"""The studio and other pages (issue #34, item 2): every ``/api/`` call carries the session's token (printed with the
address, kept by the page), so a page of another site, through ``<img src>`` or a no-cors ``fetch`` that send no
``Origin``, starts no count; ``Sec-Fetch-Site: cross-site`` is refused; ``--host ::1`` answers; ``--host 0.0.0.0``
warns; stopping the studio (Ctrl-C or SIGTERM) stops its solve workers and removes its scratch folder."""

from __future__ import annotations

import multiprocessing
import os
import shutil
import signal
import socket
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from casino_math.studio import server, solves
from casino_math.studio.workbench import Workbench

from tests.helpers.cli_runner import run
from tests.helpers.paths import ROOT

GAMES = ROOT / "tests" / "games"
TOKEN = "a-session-token"
CALLS = [("get", "/api/games", None), ("get", "/api/game?path=mini-three-card.yaml", None), ("get", "/api/progress", None),
         ("get", "/api/solve?number=1&wait=0", None), ("post", "/api/edit", {"path": "mini-three-card.yaml", "tables": {}}),
         ("post", "/api/report", {"path": "mini-three-card.yaml", "kind": "html"})]


@pytest.fixture
def workbench(tmp_path, monkeypatch):
    monkeypatch.setenv("CASINO_MATH_EXTENDS", os.environ.get("CASINO_MATH_EXTENDS", ""))  # the workbench adds its folder
    root = tmp_path / "tables"
    root.mkdir()
    shutil.copy(GAMES / "mini-three-card.yaml", root)
    bench = Workbench(root)
    opened: list[str] = []
    monkeypatch.setattr(bench, "open", lambda path: opened.append(path) or {"opened": path})
    monkeypatch.setattr(bench, "edit", lambda path, tables: opened.append(path) or {"edited": path})
    bench.opened = opened  # type: ignore[attr-defined]  # what the API asked the workbench to count
    return bench


def call(client, method: str, url: str, body, headers: dict[str, str]):
    return getattr(client, method)(url, json=body, headers=headers) if body is not None else getattr(client, method)(url, headers=headers)


@pytest.mark.parametrize("headers", [{}, {server.TOKEN_HEADER: "guessed"}, {server.TOKEN_HEADER: ""}])
def test_a_call_without_the_token_is_refused_and_counts_nothing(workbench, headers):
    client = server.create_app(workbench, TOKEN).test_client()
    for method, url, body in CALLS:
        answer = call(client, method, url, body, headers)
        assert answer.status_code == 403 and "token" in answer.json["refused"], (url, answer.status_code)
    assert workbench.opened == []


@pytest.mark.parametrize("site, allowed", [("cross-site", False), ("same-site", False), ("same-origin", True), ("none", True)])
def test_another_sites_request_is_refused_even_with_the_token(workbench, site, allowed):
    client = server.create_app(workbench, TOKEN).test_client()
    answer = client.get("/api/game?path=mini-three-card.yaml", headers={server.TOKEN_HEADER: TOKEN, "Sec-Fetch-Site": site})
    assert (answer.status_code == 200) is allowed and workbench.opened == (["mini-three-card.yaml"] if allowed else [])


def test_the_page_is_served_without_the_token_and_sends_it(workbench):
    client = server.create_app(workbench, TOKEN).test_client()
    assert client.get("/").status_code == 200
    script = client.get("/static/studio.js").data.decode()
    assert f'"{server.TOKEN_HEADER}": TOKEN' in script and 'get("token")' in script and "sessionStorage" in script
    answer = client.get("/api/games", headers={server.TOKEN_HEADER: TOKEN})
    assert answer.status_code == 200 and answer.json["games"]


@pytest.mark.parametrize("host", ["[::1]:8765", "localhost:8765", "127.0.0.1"])
def test_the_loopback_names_are_this_workbench(workbench, host):
    client = server.create_app(workbench, TOKEN).test_client()
    assert client.get("/api/games", headers={"Host": host, server.TOKEN_HEADER: TOKEN}).status_code == 200
    assert client.get("/api/games", headers={"Host": "attacker.example", server.TOKEN_HEADER: TOKEN}).status_code == 403


def studio(tmp_path: Path, monkeypatch, host: str, asked: list[tuple[str, bool]]) -> tuple[str, list[int], Workbench]:
    """``serve`` on ``host`` in this (the main) thread; once it listens, each path of ``asked`` requested (with the token
    printed, or without it), then SIGTERM sent to this process. The address printed, each answer's status, the workbench."""
    root = tmp_path / "tables"
    root.mkdir()
    shutil.copy(GAMES / "mini-three-card.yaml", root)
    monkeypatch.setenv("CASINO_MATH_EXTENDS", os.environ.get("CASINO_MATH_EXTENDS", ""))
    made: list[Workbench] = []
    def workbench(*args: Any) -> Workbench:
        made.append(Workbench(*args))
        return made[-1]

    monkeypatch.setattr(server, "Workbench", workbench)
    printed, statuses = [], []

    def ask(url: str) -> None:
        address, _, token = url.partition("?token=")
        for path, with_token in asked:
            request = urllib.request.Request(address + path, headers={server.TOKEN_HEADER: token} if with_token else {})
            try:
                with urllib.request.urlopen(request, timeout=30) as answer:
                    statuses.append(answer.status)
            except urllib.error.HTTPError as error:
                statuses.append(error.code)
        os.kill(os.getpid(), signal.SIGTERM)

    def ready(url: str) -> None:
        printed.append(url)
        threading.Thread(target=ask, args=(url,), daemon=True).start()

    before = signal.getsignal(signal.SIGTERM)
    try:
        with pytest.raises(SystemExit) as stopped:
            server.serve(root, None, host, 0, ready)
    finally:
        signal.signal(signal.SIGTERM, before)
    assert stopped.value.code == 128 + signal.SIGTERM
    return printed[0], statuses, made[0]


def test_sigterm_stops_the_studio_its_workers_and_removes_its_scratch(tmp_path, monkeypatch):
    stopped: list[bool] = []
    monkeypatch.setattr(solves.Solves, "stop_all", lambda self: stopped.append(True))
    url, statuses, workbench = studio(tmp_path, monkeypatch, "127.0.0.1", [("/api/games", False), ("/api/games", True)])
    assert url.startswith("http://127.0.0.1:") and len(url.partition("?token=")[2]) >= 32
    assert statuses == [403, 200] and stopped == [True] and not workbench.scratch.exists()


def test_the_studio_answers_on_ipv6_loopback(tmp_path, monkeypatch):
    try:
        socket.socket(socket.AF_INET6).bind(("::1", 0))
    except OSError:
        pytest.skip("no IPv6 loopback here")
    url, statuses, _ = studio(tmp_path, monkeypatch, "::1", [("/api/games", True), ("/api/games", False)])
    assert url.startswith("http://[::1]:") and statuses == [200, 403]


def test_a_solve_worker_takes_sigterm_at_once(monkeypatch):
    """The server turns SIGTERM into an orderly stop; its solve workers (forked from it) must not inherit that, or one
    deep in a compiled count would run on for minutes after the studio stopped."""
    heard: list[bool] = []

    class Analysis:
        def __init__(self, game, progress) -> None:
            heard.append(signal.getsignal(signal.SIGTERM) is signal.SIG_DFL)
            raise RuntimeError("enough")

    monkeypatch.setattr(solves, "GameAnalysis", Analysis)
    before = signal.signal(signal.SIGTERM, server._stopped)
    mine, theirs = multiprocessing.Pipe(duplex=False)
    try:
        solves._solve(theirs, None, None, True)
    finally:
        signal.signal(signal.SIGTERM, before)
    assert heard == [True] and mine.recv()[0] == "failed"


def test_listening_on_every_address_warns(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(server, "serve", lambda *args: None)
    code, _, err = run(monkeypatch, capsys, "studio", str(tmp_path), "--host", "0.0.0.0", "--no-open")
    assert code == 0 and err.startswith("warning: --host 0.0.0.0: other machines may reach the studio")
    code, _, err = run(monkeypatch, capsys, "studio", str(tmp_path), "--host", "::1", "--no-open")
    assert code == 0 and err == ""
