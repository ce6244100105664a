"""What ``--help`` shows, in one style: values named in capitals (``FILE``, ``N``, ``TEXT``), choices as
``table|csv|json|markdown``, square brackets only for what is optional, and an example under every command.

typer writes its own: the Python type of each argument (``<list[Path]>``), braces around required arguments in
the usage line, angle brackets around option values. :func:`plain` sets each parameter's name for help on the
command tree typer builds, before it runs; parsing is untouched.
"""

from __future__ import annotations

from typing import Any

from typer.core import TyperArgument, TyperOption

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
    for param in command.params:
        _name_values(param)
        if param.name == "format" and (not param.help or param.help.startswith("table, csv")):
            param.help = _FORMAT_HELP
    examples = EXAMPLES.get(path)
    if examples and not command.epilog:
        # \b keeps click from joining the lines of the paragraph that follows it into one
        command.epilog = "\b\n" + ("Example:" if len(examples) == 1 else "Examples:") + "\n" + "\n".join(f"  {e}" for e in examples)
    for name, sub in getattr(command, "commands", {}).items():
        plain(sub, f"{path} {name}".strip())
    return command


def _name_values(param: Any) -> None:
    if isinstance(param, TyperOption) and (param.is_flag or param.count):
        return
    described = param.type_descriptor
    choices = described.choices if described.is_choice else None
    value = "|".join(str(getattr(c, "value", c)) for c in choices) if choices else _VALUES.get(param.name or "") or _by_type(described)
    param.metavar = value
    if isinstance(param, TyperArgument):
        shown = value + ("..." if param.nargs != 1 else "")
        usage = shown if param.required else f"[{shown}]"
        # typer adds the Python type to an argument's help line and braces in the usage line: one name, as click writes it
        _set(param, "display_type_rich", lambda ctx: None)
        _set(param, "_rich_display_name", lambda: shown)
        _set(param, "_usage_display_name", lambda: usage)


def _by_type(described: Any) -> str:
    if described.is_path:
        return "PATH"
    return "N" if described.annotation in (int, float) else "TEXT"


def _set(param: Any, name: str, value: Any) -> None:
    """Override one method of one parameter (typer's own classes stay as they are for every other program)."""
    if hasattr(param, name):
        setattr(param, name, value)
