"""Where one command's time goes: ``casino-math`` run in this process, its time split into phases, written as JSON.

    python benchmarks/cli_phases.py PHASES.json analyze paytables/blackjack/6-decks-h17-das.yaml --format json

Each phase is a set of functions, patched when their module is first imported; the processor and wall time spent
inside one is charged to it, less the time of any phase entered inside it (an import made while counting is an
import, the dealer's counts made during the basic-strategy search are the dealer's counts). What no phase holds is
``other`` (the command line read, the game file read, the solution's views); the interpreter's own start is what the
caller measures of the process less this script's total. The command's output is printed as the command prints it.
"""

from __future__ import annotations

import importlib._bootstrap as bootstrap
import inspect
import json
import sys
import time
from typing import Any, Callable

# (module, owner in it or "", attribute, phase): the functions whose time is a phase's
PHASES = (
    ("numba.core.dispatcher", "Dispatcher", "_compile_for_args", "kernel loading"),
    ("casino_math.methods.blackjack.values", "DealerCounts", "need", "dealer's counts"),
    ("casino_math.methods.blackjack.figures", "", "play_game", "optimal strategy"),
    ("casino_math.methods.blackjack.figures", "", "basic_strategy", "basic-strategy search"),
    ("casino_math.methods.blackjack.rounds", "Ends", "of", "round ends"),
    ("casino_math.methods.draw.kernel", "", "hand_keys", "hand keys"),
    ("casino_math.methods.draw.hands", "", "classify", "hand classes"),
    ("casino_math.methods.draw.counting", "", "count", "draw counts"),
    ("casino_math.methods.draw.solving", "", "solve_pays", "draw solve"),
    ("casino_math.count_cache", "CountCache", "load", "count cache read"),
    ("casino_math.count_cache", "CountCache", "keep", "count cache kept"),
    ("casino_math.contract.kept_solution", "", "_stored", "count cache kept"),
    ("casino_math.methods.blackjack.method", "", "keep_counts", "count cache kept"),
    ("casino_math.analysis", "GameAnalysis", "to_dict", "output"),
    ("casino_math.cli.games", "", "dumps", "output"),
)
ORDER = ("imports", "kernel loading", "dealer's counts", "optimal strategy", "basic-strategy search", "round ends",
         "hand keys", "hand classes", "draw counts", "draw solve",
         "count cache read", "count cache kept", "output", "other")

spent = {name: [0.0, 0.0] for name in ORDER}
stack = ["other"]
last = [time.process_time(), time.perf_counter()]


def switch(to: str | None) -> None:
    """Charge the time since the last switch to the phase on top, then enter ``to`` (None: leave the top one)."""
    cpu, wall = time.process_time(), time.perf_counter()
    spent[stack[-1]][0] += cpu - last[0]
    spent[stack[-1]][1] += wall - last[1]
    last[:] = cpu, wall
    if to is None:
        stack.pop()
    else:
        stack.append(to)


def phased(work: Callable[..., Any], phase: str) -> Callable[..., Any]:
    def run(*args: Any, **kwargs: Any) -> Any:
        switch(phase)
        try:
            return work(*args, **kwargs)
        finally:
            switch(None)

    return run


def patch(module: Any) -> None:
    for name, owner, attribute, phase in PHASES:
        if name != module.__name__:
            continue
        if not owner:
            setattr(module, attribute, phased(getattr(module, attribute), phase))
            continue
        cls = getattr(module, owner)
        original = inspect.getattr_static(cls, attribute)  # defined there or in a base class: set on this one
        if isinstance(original, classmethod):
            setattr(cls, attribute, classmethod(phased(original.__func__, phase)))
        else:
            setattr(cls, attribute, phased(original, phase))


find_and_load = bootstrap._find_and_load  # type: ignore[attr-defined]
patched = {name for name, *_ in PHASES}


def timed_import(name: str, *args: Any) -> Any:
    if name in sys.modules:
        return find_and_load(name, *args)
    switch("imports")
    try:
        module = find_and_load(name, *args)
    finally:
        switch(None)
    if name in patched:
        patched.discard(name)
        patch(module)
    return module


def main() -> None:
    out, command = sys.argv[1], sys.argv[2:]
    bootstrap._find_and_load = timed_import  # type: ignore[attr-defined]
    code = 0
    try:
        from casino_math.cli.app import main as cli

        sys.argv = ["casino-math", *command]
        cli()
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 1
    finally:
        switch(None)
        bootstrap._find_and_load = find_and_load  # type: ignore[attr-defined]
        with open(out, "w") as file:
            json.dump({name: spent[name] for name in ORDER}, file)
    raise SystemExit(code)


if __name__ == "__main__":
    main()
