"""The workbench over HTTP (Flask): the page and its assets (shipped in ``static/``, nothing fetched from elsewhere), and
a small JSON API the page calls. Bound to 127.0.0.1 by default: no account, no one else's page can reach it.

- ``GET /api/games``: the game files of the folder;
- ``GET /api/game?path=P``: a game as shown (rules, paytables, figures, strategy, warnings); a blackjack file nothing has
  kept: its estimate at once, marked (``provisional``), and the number of the file's own solve (``solve``);
- ``POST /api/edit`` ``{path, tables, rules}``: the figures of an edit beside the file's, or its errors at their cells; an
  edit whose strategy is a solve of seconds (blackjack) is solved apart: the answer gives its number (``solve``) and the
  strategy last solved priced at the new pays (``provisional``) where it can;
- ``GET /api/solve?number=N&wait=S``: that solve's state (an edit's, or the file's as opened: ``opened``), waiting up to
  S seconds for it to end; its progress (the count's own units, the seconds it has run); once done, its figures;
- ``POST /api/save`` ``{path, tables, name}``: the edit saved as a variant file beside the game;
- ``POST /api/target`` ``{path, tables, bet, table, line, target}``: the exact pay of a line for a target house edge;
- ``POST /api/search`` ``{path, tables, bet, vary, edge}``: the paytables of a small grid whose house edge lies in a band;
- ``POST /api/sweep`` ``{path, tables, rules, table, line, pays}``: each bet's house edge as one pay moves over a range;
- ``GET /api/figures?path=P``: a file's figures, beside the edit's (two variants side by side);
- ``POST /api/report`` ``{path, tables, kind}``: the par sheet (html or pdf) of what is on the screen;
- ``GET /api/progress``: how far a count in progress is.

A path outside the folder is refused (403), as is a request from another site's page (its ``Origin`` or ``Host`` not
this server's: a page elsewhere cannot drive the workbench, nor read it through a name that points here). Every
``/api/`` call carries the session's token (``X-Studio-Token``), as Jupyter's do: it is printed with the address
(``?token=…``) and kept by the page, so a page elsewhere, which cannot read it, starts no count, even through
``<img src>`` or a no-cors ``fetch`` that send no ``Origin``; a browser's ``Sec-Fetch-Site`` other than the page's
own origin is refused too.
"""

from __future__ import annotations

import secrets
import shutil
import signal
import sys
import threading
from importlib import resources
from pathlib import Path
from typing import Any

from flask import Flask, Response, jsonify, request

from ..errors import InputError
from .workbench import Refused, Workbench

ASSETS = {"studio.js": "text/javascript", "studio.css": "text/css", "chart.css": "text/css"}
CHART_RULES = "td.act-"  # the par sheet's colours of a strategy chart's cells, served as the studio's chart.css


TOKEN_HEADER = "X-Studio-Token"
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def create_app(workbench: Workbench, token: str) -> Flask:
    """The Flask app of a workbench, answering ``/api/`` calls that carry ``token`` only."""
    app = Flask(__name__, static_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = 1 << 20  # an edit is a few paytables: a megabyte is plenty
    app.json.sort_keys = False  # type: ignore[attr-defined]  # a paytable's lines in the file's order: the first match pays

    @app.before_request
    def same_site() -> Any:
        host = _host_name(request.host)
        if host not in LOOPBACK and host != app.config.get("STUDIO_HOST"):
            return _refused(f"{request.host}: not this workbench's address", 403)
        origin = request.headers.get("Origin")
        if origin is not None and origin.split("//", 1)[-1] != request.host:
            return _refused(f"{origin}: a page of another site", 403)
        if request.path.startswith("/api/"):
            if request.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
                return _refused("a page of another site", 403)
            if not secrets.compare_digest(request.headers.get(TOKEN_HEADER, ""), token):
                return _refused("open the studio at the address it printed (with its ?token=)", 403)
        return None

    @app.get("/")
    def page() -> Response:
        return Response(_asset("index.html"), mimetype="text/html")

    @app.get("/static/<name>")
    def asset(name: str) -> Response:
        if name not in ASSETS:
            return _refused(f"{name}: no such file", 404)
        return Response(_asset(name), mimetype=ASSETS[name])

    @app.get("/api/games")
    def games() -> Response:
        first = None if workbench.first is None else workbench.name_of(workbench.first)  # a file named to the command: opened at once
        return jsonify({"root": str(workbench.root), "games": workbench.games(), "first": first})

    @app.get("/api/game")
    def game() -> Response:
        return _answer(lambda: workbench.open(request.args.get("path", "")))

    @app.get("/api/progress")
    def progress() -> Response:
        return jsonify(workbench.progress.snapshot())

    @app.post("/api/edit")
    def edit() -> Response:
        body = _body()
        return _answer(lambda: workbench.edit(body["path"], body["tables"], body["rules"]))

    @app.get("/api/solve")
    def solved() -> Response:
        try:
            number, wait = int(request.args.get("number", "")), float(request.args.get("wait", "0"))
        except ValueError:
            return _refused("a solve's number, and how many seconds to wait for it", 400)
        return _answer(lambda: workbench.solved(number, wait))

    @app.post("/api/save")
    def save() -> Response:
        body = _body()
        return _answer(lambda: workbench.save(body["path"], body["tables"], str(body.get("name", "")), body["rules"]))

    @app.post("/api/target")
    def target() -> Response:
        body = _body()
        asked = {k: str(body.get(k, "")) for k in ("bet", "table", "line", "target")}
        return _answer(lambda: workbench.target(body["path"], body["tables"], asked["bet"], asked["table"], asked["line"],
                                                asked["target"], body["rules"]))

    @app.post("/api/search")
    def search() -> Response:
        body = _body()
        asked = {k: str(body.get(k, "")) for k in ("bet", "vary", "edge")}
        return _answer(lambda: workbench.search(body["path"], body["tables"], asked["bet"], asked["vary"], asked["edge"], body["rules"]))

    @app.post("/api/sweep")
    def swept() -> Response:
        body = _body()
        asked = {k: str(body.get(k, "")) for k in ("table", "line", "pays")}
        return _answer(lambda: workbench.sweep(body["path"], body["tables"], asked["table"], asked["line"], asked["pays"], body["rules"]))

    @app.get("/api/figures")
    def figures() -> Response:
        return _answer(lambda: workbench.beside(request.args.get("path", "")))

    @app.post("/api/report")
    def report() -> Response:
        body = _body()
        try:
            name, data = workbench.report(body["path"], body.get("tables") or {}, str(body.get("kind", "html")), body["rules"])
        except Refused as error:
            return _refused(str(error), 403)
        except InputError as error:
            return _refused(str(error), 400)
        kind = "application/pdf" if name.endswith(".pdf") else "text/html"
        return Response(data, mimetype=kind, headers={"Content-Disposition": f'attachment; filename="{name}"'})

    @app.errorhandler(_BadRequest)
    def bad_request(error: Exception) -> Response:
        return _refused("a JSON body of a path (a string), tables (paytable -> line -> pays as typed) and rules (rule -> value)", 400)

    return app


def _body() -> dict[str, Any]:
    body = request.get_json(silent=True)
    if not isinstance(body, dict) or not isinstance(body.get("path"), str) or not isinstance(body.setdefault("tables", {}), dict):
        raise _BadRequest()
    tables = body["tables"]
    if not all(isinstance(rows, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in rows.items()) for rows in tables.values()):
        raise _BadRequest()
    rules = body.setdefault("rules", {})  # each rule edited: its control's title -> its value as typed
    if not isinstance(rules, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in rules.items()):
        raise _BadRequest()
    return body


class _BadRequest(Exception):
    """A request body that is not what the page sends."""


def _answer(work: Any) -> Response:
    try:
        return jsonify(work())
    except Refused as error:
        return _refused(str(error), 403)
    except InputError as error:  # the file itself does not read: the CLI's words
        return jsonify({"errors": [{"table": "", "line": "", "message": line} for line in str(error).splitlines()]})


def _refused(message: str, status: int) -> Response:
    response = jsonify({"refused": message})
    response.status_code = status
    return response


def _host_name(host: str) -> str:
    """The name in a ``Host`` header, without its port or an IPv6 address's brackets: ``[::1]:8765`` is ``::1``."""
    name = host.rpartition("]")[0].lstrip("[") if host.startswith("[") else host.partition(":")[0]
    return name.lower()


def _asset(name: str) -> bytes:
    if name == "chart.css":  # the par sheet's own rules for a chart's cells: one colour per action, wherever it is drawn
        sheet = resources.files("casino_math.report").joinpath("templates", "report.css").read_text()
        return "".join(f".chart {line}\n" for line in sheet.splitlines() if line.startswith(CHART_RULES)).encode()
    return resources.files("casino_math.studio").joinpath("static", name).read_bytes()


def serve(root: Path, first: Path | None, host: str = "127.0.0.1", port: int = 8765, ready: Any = None) -> None:
    """Serve the workbench of ``root`` until interrupted (threads: the progress of a count answers while it runs).
    ``ready(url)`` is called once the server listens."""
    from werkzeug.serving import make_server

    workbench = Workbench(root, first)
    token = secrets.token_urlsafe(24)
    app = create_app(workbench, token)
    app.config["STUDIO_HOST"] = _host_name(host)
    try:
        server = make_server(host, port, app, threaded=True)
        url = f"http://{host if ':' not in host else f'[{host}]'}:{server.server_port}/?token={token}"
        if threading.current_thread() is threading.main_thread():  # a service manager's stop ends the run as Ctrl-C does
            signal.signal(signal.SIGTERM, _stopped)
        if ready is not None:
            ready(url)
        try:
            server.serve_forever()
        finally:
            server.server_close()
    finally:
        workbench.solves.stop_all()
        shutil.rmtree(workbench.scratch, ignore_errors=True)


def _stopped(number: int, frame: Any) -> None:
    """SIGTERM: out of serving, through the ``finally`` that stops the solve workers and removes the scratch folder."""
    sys.exit(128 + number)


__all__ = ["create_app", "serve"]
