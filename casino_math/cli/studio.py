"""``casino-math studio``: the designer's workbench in the browser, served from this machine."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

# a group of no subcommands, so that ``--help`` lists it after the commands, with the groups (its usage reads as a command's)
studio_app = typer.Typer(
    subcommand_metavar="",
    context_settings={"allow_interspersed_args": True},  # options after the path, as a command takes them
    rich_markup_mode=None,
    epilog="\b\nExamples:\n  casino-math studio paytables/caribbean_stud/\n  casino-math studio my-game.yaml --port 9000 --no-open",
)


@studio_app.callback(invoke_without_command=True)
def studio(
    path: Optional[Path] = typer.Argument(None, help="A game file, or a folder of them (default: the shipped paytables/)."),
    port: int = typer.Option(8765, "--port", help="The port to listen on (0: any free port)."),
    host: str = typer.Option("127.0.0.1", "--host", help="The address to listen on (::1 for IPv6); the default lets no other machine in."),
    open_browser: bool = typer.Option(True, "--open/--no-open", help="Open the page in the default browser."),
) -> None:
    """Open a game's paytables in the browser: edit a pay and see every bet's figures, warnings and strategy follow."""
    from ..errors import InputError
    from ..report import shipped_folder
    from ..studio.server import LOOPBACK, serve

    where = (path or shipped_folder()).expanduser()
    if not where.exists():
        raise InputError(f"{where}: no such file or folder")
    root, first = (where.parent, where) if where.is_file() else (where, None)
    if host.strip("[]").lower() not in LOOPBACK:
        typer.echo(f"warning: --host {host}: other machines may reach the studio; whoever has the address printed below, "
                   "with its token, can use it and read the games of the folder", err=True)

    def ready(url: str) -> None:
        typer.echo(f"casino-math studio on {url} (folder {root.resolve()}); Ctrl-C stops it", err=True)
        if open_browser:
            import webbrowser

            webbrowser.open(url)

    try:
        serve(root, first, host, port, ready)
    except OSError as error:
        raise InputError(f"--port {port}: cannot listen on {host} ({error.strerror or error})") from None
