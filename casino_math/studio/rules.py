"""The rules a designer edits beside the pays, as form controls generated from the game file format itself: each
field of the file's rules (its deck, its qualifier, the stakes of its decisions' options, blackjack's dealer, doubling,
splitting, surrender) that the format's JSON Schema gives a choice, a yes or no, or a number, with its value in the file
(the format's default where the file leaves it out). No game has a page of its own: a file that declares a rule gets
its control.

An edit of the rules is written into the edit's variant file as the file writes them: each section touched whole, as
the loader merges it, so that the loader reads and checks the edit as it would read the designer's own file.

>>> from casino_math.analysis import game_schema
>>> shown = controls(game_data("paytables/blackjack/1-deck-s17-das.yaml"), game_schema())
>>> [(c.title, c.value, c.options) for c in shown if c.group in ("Dealer", "Surrender")][:2]
[('Dealer: soft 17', 'stands', ('stands', 'hits')), ('Dealer: hole card', 'peek', ('peek', 'none', 'face up'))]
>>> edited(game_data("paytables/blackjack/1-deck-s17-das.yaml"), game_schema(), {"Deck: decks": "6"})["deck"]["decks"]
6
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any

RULE_FIELDS = ("deck", "dealer_qualifies", "deal", "blackjack")  # the fields of a game file that are its rules
LEFT_OUT = {("blackjack", "pays")}  # edited as a paytable, cell by cell
CHOICE, NUMBER, TEXT, YES_NO = "choice", "number", "text", "yes or no"


@dataclass(frozen=True)
class Control:
    """One rule as a form control: its title (also its name in an edit), its group on the page, its kind (a choice
    among ``options``, a number, a text, yes or no), its value in the file, and where the file writes it."""

    title: str
    group: str
    kind: str
    value: str
    options: tuple[str, ...] = ()
    at: tuple[str | int, ...] = ()
    help: str = ""
    minimum: float | None = None
    maximum: float | None = None

    def shown(self) -> dict[str, Any]:
        """What the page draws."""
        label = self.title[len(self.group) + 2:] if self.title.startswith(f"{self.group}: ") else "" if self.title == self.group else self.title
        return {"title": self.title, "label": label, "group": self.group, "kind": self.kind, "value": self.value, "options": list(self.options),
                "help": self.help, "min": self.minimum, "max": self.maximum}


def game_data(path: str | Path) -> dict[str, Any]:
    """A game file's fields as written, what it ``extends:`` merged in as the loader merges them (read by the loader's
    own reader, not checked: the loader checks the edit)."""
    from ..game.loader import merged_data

    return merged_data(path)


def controls(data: dict[str, Any], schema: dict[str, Any]) -> list[Control]:
    """The rule controls of a game file's fields (``data``: as written, what it extends merged in), by the format's
    ``schema``."""
    out: list[Control] = []
    defs = schema.get("$defs", {})
    for name in RULE_FIELDS:
        if name not in data and name != "deck":  # every game has a deck (standard where the file says none)
            continue
        if name == "deal":
            out += _decisions(data["deal"])
            continue
        value = _deck(data.get(name)) if name == "deck" else data[name]
        _walk(schema["properties"][name], value, (name,), defs, out)
    return out


def edited(data: dict[str, Any], schema: dict[str, Any], typed: dict[str, str]) -> dict[str, Any]:
    """Each section of the rules that ``typed`` (control title -> value as typed) changes, whole, as the variant file
    writes it; a title that names no control is left out, a value typed as it is in the file changes nothing."""
    known = {c.title: c for c in controls(data, schema)}
    out: dict[str, Any] = {}
    for title, text in typed.items():
        control = known.get(title)
        if control is None or text.strip() == control.value:
            continue
        section = control.at[0]
        assert isinstance(section, str)
        if section not in out:
            out[section] = _deck(copy.deepcopy(data.get(section))) if section == "deck" else copy.deepcopy(data.get(section))
        if len(control.at) == 1:
            out[section] = _typed(control, text)
            continue
        node = out[section]
        for step in control.at[1:-1]:
            node = node.setdefault(step, {}) if isinstance(node, dict) else node[step]
            if isinstance(node, str):  # a section written short (double: none): the control's part set as a mapping
                break
        if isinstance(node, (dict, list)):
            node[control.at[-1]] = _typed(control, text)  # type: ignore[index]
    return out


def titles(data: dict[str, Any], schema: dict[str, Any], typed: dict[str, str]) -> dict[str, str]:
    """Where in the variant file each rule edited is written (its section, or section.field) -> its control's title:
    what names a problem the loader finds on that line."""
    known = {c.title: c for c in controls(data, schema)}
    return {".".join(str(p) for p in known[t].at[:2 if isinstance(known[t].at[0], str) and known[t].at[0] == "blackjack" else 1]): t
            for t in typed if t in known}


def edits_words(data: dict[str, Any], schema: dict[str, Any], typed: dict[str, str]) -> list[str]:
    """The rules edited as a designer says them: ``Deck: decks 1 → 6``.

    >>> from casino_math.analysis import game_schema
    >>> edits_words(game_data("paytables/three_card_poker/standard.yaml"), game_schema(), {"Dealer qualifies": "J-high"})
    ['Dealer qualifies Q-high → J-high']
    """
    known = {c.title: c for c in controls(data, schema)}
    return [f"{title} {known[title].value} \u2192 {text.strip()}" for title, text in typed.items()
            if title in known and text.strip() != known[title].value]


def _deck(value: Any) -> Any:
    """A deck as a mapping (``deck: standard`` is the standard deck by name)."""
    return {"name": value} if isinstance(value, str) else dict(value or {})


def _walk(node: dict[str, Any], value: Any, at: tuple[str | int, ...], defs: dict[str, Any], out: list[Control]) -> None:
    """The controls of one field: a mapping's fields each, or the field itself where it is a choice, yes or no, a
    number, or (at the top) a text."""
    node = _resolved(node, defs)
    if "anyOf" in node:
        branches = [_resolved(b, defs) for b in node["anyOf"]]
        if isinstance(value, dict):
            mapping = next((b for b in branches if "properties" in b), None)
            if mapping is not None:
                _walk(mapping, value, at, defs, out)
            return
        choices = [o for b in branches for o in (b.get("enum") or ([b["const"]] if "const" in b else []))]
        if value is None or not choices or value not in choices:
            if len(at) == 1 and isinstance(value, str):  # a text of its own (the dealer's qualifier)
                out.append(_control(at, TEXT, value, (), node))
            return
        out.append(_control(at, CHOICE, value, tuple(_text(c) for c in choices), node))
        return
    if "properties" in node:
        if not isinstance(value, dict):
            return
        for name, field in node["properties"].items():
            if (*at, name) in LEFT_OUT:
                continue
            _walk(field, value.get(name, _resolved(field, defs).get("default", field.get("default"))), (*at, name), defs, out)
        return
    if value is None or isinstance(value, (dict, list)):
        return
    if "enum" in node:
        out.append(_control(at, CHOICE, value, tuple(_text(c) for c in node["enum"]), node))
    elif node.get("type") == "boolean":
        out.append(_control(at, YES_NO, value, ("yes", "no"), node))
    elif node.get("type") in ("integer", "number"):
        out.append(_control(at, NUMBER, value, (), node))
    elif len(at) == 1 and isinstance(value, str):
        out.append(_control(at, TEXT, value, (), node))


def _decisions(deal: Any) -> list[Control]:
    """The stake each option of each decision adds (a raise's size: ``raise: {raise: 2}``)."""
    out: list[Control] = []
    for i, step in enumerate(deal if isinstance(deal, list) else []):
        decide = step.get("decide") if isinstance(step, dict) else None
        if not isinstance(decide, dict):
            continue
        options, at = (decide["options"], (i, "decide", "options")) if "options" in decide else (decide, (i, "decide"))
        name = _words(str(decide.get("name") or f"decision {i + 1}"))
        name = name[:1].upper() + name[1:]
        for option, stakes in (options.items() if isinstance(options, dict) else ()):
            for wager, units in (stakes.items() if isinstance(stakes, dict) else ()):
                if isinstance(units, (int, float, str)) and wager != "only_with":
                    title = f"{name}: {_words(option)}" + ("" if wager == option else f" ({_words(wager)})")
                    out.append(Control(f"{title}, units staked", "Decisions", NUMBER, _text(units), (),
                                       ("deal", *at, option, wager), "units of the first stake added by this option", 0))
    return out


def _control(at: tuple[str | int, ...], kind: str, value: Any, options: tuple[str, ...], node: dict[str, Any]) -> Control:
    words = [_words(str(p)) for p in at[1:]] if at[0] == "blackjack" else [_words(str(p)) for p in at]
    group = words[0][:1].upper() + words[0][1:]
    title = group if len(words) == 1 else f"{group}: {' '.join(words[1:])}"
    shown = ("yes" if value else "no") if kind == YES_NO else _text(value)
    return Control(title, group, kind, shown, options, at, str(node.get("description", "")), node.get("minimum"), node.get("maximum"))


def _words(name: str) -> str:
    return name.replace("_", " ")


def _text(value: Any) -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)


def _typed(control: Control, text: str) -> Any:
    """A value typed into a control as the file would write it (a number as a number; a choice as the format's own
    value, ``2`` as the number 2); anything else as typed, for the loader to refuse in its own words."""
    text = text.strip()
    if control.kind == YES_NO:
        return {"yes": True, "no": False}.get(text, text)
    if control.kind in (CHOICE, NUMBER):
        for kind in (int, float):
            try:
                return kind(text)
            except ValueError:
                pass
    return text


def _resolved(node: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = {**defs[node["$ref"].rsplit("/", 1)[-1]], **{k: v for k, v in node.items() if k != "$ref"}}
    return node


__all__ = ["Control", "controls", "edited", "edits_words", "game_data", "titles"]
