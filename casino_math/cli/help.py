"""What ``--help`` shows, in one style: values named in capitals (``FILE``, ``N``, ``TEXT``), choices as
``table|csv|json|markdown``, square brackets only for what is optional, and an example under every command.

typer writes its own: the Python type of each argument (``<list[Path]>``), braces around required arguments in
the usage line, angle brackets around option values. :func:`plain` sets each parameter's name for help on the
command tree typer builds, before it runs; parsing is untouched. It reads only what click and Python make public (a
command's callback and its signature, a parameter's name, ``nargs``, ``required``, ``metavar``, its help record and
usage pieces), never typer's own members, so any typer the project declares (``.ci/smoke.py``) shows the same help.
"""

from __future__ import annotations

import inspect
import typing
from enum import Enum
from pathlib import Path
from typing import Any

# what an argument or an option holds, by its name (else by its type: N for a number, TEXT, PATH)
_VALUES = {
    "file": "FILE", "files": "FILE", "paths": "PATH", "claims": "CLAIMS", "players": "PLAYER", "out": "FOLDER", "cache": "FOLDER",
    "chart": "FILE", "scheduler": "ADDRESS", "bet": "BET", "pay": "LINE", "table": "TABLE", "target_edge": "EDGE", "edge": "BAND",
    "start": "PAY", "stop": "PAY", "step": "STEP", "vary": "PAYS", "measure": "MEASURE", "game": "GAME", "dead": "CARDS",
    "fixed": "CARDS", "tags": "TAGS", "ranking": "RANKING", "suit_order": "SUITS", "seed": "N",
}

# an example per command, as its path under casino-math (docs/analysing.md has more)
EXAMPLES = {
    "": ["casino-math analyze paytables/three_card_poker/standard.yaml", "casino-math report",
         "casino-math COMMAND --help   (the options and an example of each command)"],
    "stud": ['casino-math stud equity "As 2s | 3d" "Kh Kd | 5c"', "casino-math stud games"],
    "cache": ["casino-math cache show", "casino-math cache clear"],
    "cache show": ["casino-math cache show"],
    "cache clear": ["casino-math cache clear"],
    "frequencies": ["casino-math frequencies --cards 7 --best 5", "casino-math frequencies --ranking three-card --cards 3 --format csv"],
    "analyze": ["casino-math analyze paytables/three_card_poker/standard.yaml",
                "casino-math analyze paytables/caribbean_stud/standard.yaml --cache ~/.cache/cm"],
    "report": ["casino-math report paytables/three_card_poker/standard.yaml --out /tmp/par", "casino-math report my-tables/ --quiet",
               "casino-math report paytables/baccarat --format html,pdf,xlsx,json --revision 2"],
    "verify": ["casino-math verify paytables/three_card_poker/claims/"],
    "solve": ["casino-math solve paytables/three_card_poker/standard.yaml --bet pair_plus --pay flush --target-edge 3%"],
    "sweep": ["casino-math sweep paytables/three_card_poker/standard.yaml --bet pair_plus --pay straight --from 3 --to 8 "
              "--chart sweep.png"],
    "search": ['casino-math search paytables/three_card_poker/standard.yaml --bet pair_plus --vary "flush=2..6,straight=4..8" '
               "--edge 2%..4%"],
    "compare": ["casino-math compare paytables/three_card_poker/standard.yaml paytables/three_card_poker/pair-plus-40-30-6-3-1.yaml"],
    "simulate": ["casino-math simulate paytables/three_card_poker/standard.yaml --hands 10000000 --seed 1"],
    "schema": ["casino-math schema > game.schema.json"],
    "removal": ["casino-math removal paytables/baccarat/super-6.yaml --bet lucky_6 --level 18"],
    "stud first-to-act": ['casino-math stud first-to-act "Kh" "7d" "Ks" --game seven-card-stud'],
    "stud frequencies": ["casino-math stud frequencies --game razz"],
    "stud equity": ['casino-math stud equity "As 2s | 3d" "Kh Kd | 5c"'],
    "stud games": ["casino-math stud games"],
}


_FORMAT_HELP = 'How to print the figures: a table, csv or json (exact figures as "p/q"), or markdown.'


def plain(command: Any, path: str = "") -> Any:
    """``command`` and every command under it, their help in the one style above (returned for chaining)."""
    annotations = _annotations(command)
    for param in command.params:
        _name_values(param, annotations.get(param.name or ""))
        if param.name == "format" and (not param.help or param.help.startswith("table, csv")):
            param.help = _FORMAT_HELP
    examples = EXAMPLES.get(path)
    if examples and not command.epilog:
        # \b keeps click from joining the lines of the paragraph that follows it into one
        command.epilog = "\b\n" + ("Example:" if len(examples) == 1 else "Examples:") + "\n" + "\n".join(f"  {e}" for e in examples)
    for name, sub in getattr(command, "commands", {}).items():
        plain(sub, f"{path} {name}".strip())
    return command


def _name_values(param: Any, annotation: Any) -> None:
    if annotation is bool:  # a flag takes no value
        return
    kind = _inner(annotation)
    if isinstance(kind, type) and issubclass(kind, Enum):
        value = "|".join(str(member.value) for member in kind)
    else:
        value = _VALUES.get(param.name or "") or ("PATH" if kind is Path else "N" if kind in (int, float) else "TEXT")
    param.metavar = value
    if param.param_type_name == "argument":
        _argument_shown(param, value + ("..." if param.nargs != 1 else ""))


def _argument_shown(param: Any, shown: str) -> None:
    """An argument named once, as click writes it: ``FILE...`` in its help line (typer adds the Python type there),
    ``[PATH...]`` in the usage line when optional (typer writes braces round a required one). Click's two methods for
    these are replaced on this parameter alone."""
    usage = shown if param.required else f"[{shown}]"
    described = param.get_help_record

    def help_record(ctx: Any) -> tuple[str, str] | None:
        record = described(ctx)
        return None if record is None else (shown, record[1])

    param.get_help_record = help_record
    param.get_usage_pieces = lambda ctx: [usage]


def _annotations(command: Any) -> dict[str, Any]:
    """The Python types of a command's parameters, read from the signature of the function it runs (a group runs none)."""
    if command.callback is None:
        return {}
    return typing.get_type_hints(inspect.unwrap(command.callback))


def _inner(annotation: Any) -> Any:
    """What one value of a parameter is: ``Path`` for ``Optional[list[Path]]``.

    >>> _inner(typing.Optional[list[Path]]), _inner(int)
    (<class 'pathlib.Path'>, <class 'int'>)
    """
    while typing.get_args(annotation):
        annotation = next(a for a in typing.get_args(annotation) if a is not type(None))
    return annotation
