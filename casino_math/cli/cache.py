"""``casino-math cache``: the counts kept between runs (``show``, the default, and ``clear``)."""

from __future__ import annotations

import time

import typer

cache_app = typer.Typer(
    help="The counts kept between runs (in the user's cache folder, or CASINO_MATH_CACHE): show them, or clear them.",
    no_args_is_help=False,
    rich_markup_mode=None,
)


@cache_app.callback(invoke_without_command=True)
def _cache(context: typer.Context) -> None:
    """The counts kept between runs: ``casino-math cache`` shows them, ``casino-math cache clear`` removes them."""
    if context.invoked_subcommand is None:
        show()


@cache_app.command()
def show() -> None:
    """Where counts are kept, how much room they take of the limit, and each entry: when last used, its size, what it counts."""
    from ..count_cache import current

    cache = current()
    if cache is None:
        typer.echo("the count cache is off (--no-cache, or CASINO_MATH_CACHE=off): every run counts afresh")
        return
    entries = cache.entries()
    typer.echo(f"counts kept in {cache.folder}: {len(entries)} entr{'y' if len(entries) == 1 else 'ies'}, "
               f"{_size(cache.size())} of {_size(cache.limit)} (CASINO_MATH_CACHE_SIZE)")
    if entries:
        typer.echo(f"{'last used':<17}  {'size':>10}  {'kind':<28}  game")
        for entry in entries:
            used = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.used))
            typer.echo(f"{used:<17}  {_size(entry.bytes):>10}  {entry.kind:<28}  {entry.what}")


@cache_app.command()
def clear() -> None:
    """Remove every count kept (the next run of each game counts afresh, and keeps its counts again)."""
    from ..count_cache import current

    cache = current()
    if cache is None:
        typer.echo("the count cache is off (--no-cache, or CASINO_MATH_CACHE=off): nothing to clear")
        return
    entries, removed = cache.clear()
    typer.echo(f"removed {entries} entr{'y' if entries == 1 else 'ies'} ({_size(removed)}) from {cache.folder}")


def _size(n: int) -> str:
    """Bytes as people read them: 274.0 MB, 8.0 GB."""
    for unit, scale in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n} B"
