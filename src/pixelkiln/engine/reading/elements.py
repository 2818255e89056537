"""The elements a UI description names: ``"crafting window with a 3x3 grid"`` -> a window
and nine slots.

Element nouns (``slot``, ``button``, ``bar``, ``tab``, ``portrait``, ``icon``, ``price``...)
are counted from the number before them (digits, number words, ``a``/``an``, ``3x3``,
``2 rows of 5``), from the names joined before a plural (``"yes and no buttons"``, ``"health,
mana and stamina bars"``), else a default for a plural. The container is a window
(``window``, ``dialog``...), a toolbar (``hotbar``, ``action bar``: its slots are its own)
or a panel. A shop (``shop``, ``vendor``, ``for sale``...) prices each of its items; a
crafting window without a count has a 3x3 grid.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["CONTAINER_WORDS", "ElementReading", "element_noun", "read_elements"]

_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "single": 1, "two": 2, "pair": 2, "three": 3, "four": 4,
    "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11,
    "twelve": 12, "dozen": 12, "fifteen": 15, "sixteen": 16, "twenty": 20,
}  # fmt: skip
_NOUNS = {
    "slot": "slot", "cell": "slot", "socket": "slot", "item": "slot", "square": "slot",
    "button": "button", "btn": "button",
    "bar": "health_bar", "meter": "health_bar", "gauge": "health_bar",
    "tab": "tab",
    "portrait": "avatar", "avatar": "avatar", "face": "avatar",
    "icon": "icon_button", "node": "icon_button",
    "price": "price", "cost": "price", "tag": "price",
}  # fmt: skip
_PANELS = {
    "panel", "inventory", "menu", "screen", "sheet", "book", "spellbook", "backpack", "bag",
    "chest", "log", "board", "banner", "frame", "frames", "tablet", "box", "console", "table",
    "belt", "hand", "quiver", "signboard", "store", "shop", "interface", "hud",
}  # fmt: skip
_WINDOWS = {"window", "dialog", "dialogue", "popup", "modal", "prompt"}
_TOOLBARS = {"hotbar", "toolbar", "quickbar", "actionbar"}
#: Nouns that name something holding other elements (a panel or a window).
CONTAINER_WORDS = frozenset(_PANELS | _WINDOWS)
_SHOPS = {"shop", "store", "vendor", "merchant", "sale", "auction", "market", "trader", "buy"}
_POLYGONS = {
    "triangular": "triangle", "triangle": "triangle", "pentagonal": "pentagon",
    "pentagon": "pentagon", "hexagonal": "hexagon", "hexagon": "hexagon",
    "octagonal": "octagon", "octagon": "octagon",
}  # fmt: skip
_DEFAULTS = {"slot": 8, "button": 3, "tab": 3, "icon_button": 6, "avatar": 2, "health_bar": 2,
             "price": 4}  # fmt: skip
_JOIN = {"and", ",", "&"}
# Words before "bar" that are not its name ("long bar", "status bar").
_NOT_NAMES = {
    "long", "short", "big", "small", "thin", "wide", "status", "boss", "top", "bottom",
    "player", "enemy", "hud",
}  # fmt: skip
_SKIP = {"with", "of", "for", "the", "its", "his", "her", "their", "in", "on"}


@dataclass(frozen=True)
class ElementReading:
    """The named elements, in layout order, with the bar names asked for."""

    container: str | None
    counts: tuple[tuple[str, int], ...]  # (kind, count), children in order of mention
    bars: tuple[str, ...] = ()
    toolbar_slots: int | None = None  # "hotbar with 10 slots": the toolbar's own slots
    grid_columns: int | None = None  # "3x3 grid", a crafting grid: slots in this many columns
    buttons: tuple[str, ...] = ()  # named buttons: an icon word among them draws that icon

    def kinds(self) -> list[str]:
        """The element list a panel is laid out from (container first)."""
        out = [self.container] if self.container else []
        for kind, n in self.counts:
            out += [kind] * n
        return out


def _singular(word: str) -> str:
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def element_noun(word: str) -> str | None:
    """The element a noun names (``"slots"`` -> ``slot``, ``"portrait"`` -> ``avatar``)."""
    return _NOUNS.get(_singular(word.lower()))


def _number(tokens: list[str], i: int) -> int | None:
    """The count written just before the noun at ``i`` (up to two words before it)."""
    for j in range(i - 1, max(-1, i - 4), -1):
        t = tokens[j]
        grid = re.fullmatch(r"(\d+)x(\d+)", t)
        if grid:
            return int(grid[1]) * int(grid[2])
        if t.isdigit() or t in _NUMBERS:
            n = int(t) if t.isdigit() else _NUMBERS[t]
            # "2 rows of 5 slots": rows times columns.
            if j >= 3 and tokens[j - 1] == "of" and _singular(tokens[j - 2]) in ("row", "column"):
                rows = tokens[j - 3]
                if rows.isdigit() or rows in _NUMBERS:
                    n *= int(rows) if rows.isdigit() else _NUMBERS[rows]
            return n
        if t in _SKIP or t in _JOIN or _singular(t) in _NOUNS:
            return None
    return None


def _names_before(tokens: list[str], i: int) -> list[str]:
    """``"stamina and experience bars"`` -> ["stamina", "experience"]."""
    names: list[str] = []
    j = i - 1
    while j >= 0 and tokens[j] not in _SKIP and tokens[j] not in _JOIN:
        if tokens[j].isdigit() or tokens[j] in _NUMBERS:
            return []
        names.insert(0, tokens[j])
        if j >= 2 and tokens[j - 1] in _JOIN:
            j -= 2
            while j >= 0 and tokens[j] in _JOIN:
                j -= 1
            continue
        break
    return names


def read_elements(text: str) -> ElementReading:
    """The elements ``text`` names (see the module docstring)."""
    lowered = text.lower()
    for bar in ("action bar", "ability bar", "hot bar", "skill bar", "quick bar"):
        lowered = lowered.replace(bar, "actionbar")
    tokens = re.findall(r"\d+x\d+|[a-z]+|\d+|,|&", lowered)
    words = set(tokens)
    container = None
    if words & _TOOLBARS:
        container = "toolbar"
    elif words & _WINDOWS:
        container = "window"
    counts: dict[str, int] = {}
    bars: list[str] = []
    buttons: list[str] = []  # the names of named buttons, in order ("play and quit")
    priced_each = False  # "prices" without a number: one per item
    shape = next((_POLYGONS[w] for w in tokens if w in _POLYGONS), None)
    for i, token in enumerate(tokens):
        kind = _NOUNS.get(_singular(token))
        if kind is None or (
            token in ("face", "item", "items")
            and i + 1 < len(tokens)
            and _singular(tokens[i + 1]) in _NOUNS
        ):
            continue  # fmt: skip  ("item slot": the next noun counts)
        plural = token != _singular(token)
        n = _number(tokens, i)
        if kind == "price" and n is None and plural:
            priced_each = True
            continue
        if kind == "icon_button" and shape:
            n = n if n is not None else (_DEFAULTS[kind] if plural else 1)
            kind = shape
        if kind == "health_bar":
            names = _names_before(tokens, i) if plural and n is None else []
            if names:
                n = len(names)
            bars += names or ([tokens[i - 1]] if i and tokens[i - 1] not in _SKIP else [])
        if n is None:
            n = _DEFAULTS.get(kind, 1) if plural else 1
            if plural and kind == "button":
                names = _names_before(tokens, i)
                n = len(names) if len(names) >= 2 else n
                buttons += names if len(names) >= 2 else []
        if kind == "button" and not plural and i and tokens[i - 1] not in _NUMBERS:
            buttons.append(tokens[i - 1])  # "a buy button"
        counts[kind] = counts.get(kind, 0) + n
    if "grid" in words and "slot" not in counts:
        counts["slot"] = _number(tokens, tokens.index("grid") + 1) or 9
    if "crafting" in words and "slot" not in counts:
        counts["slot"] = 9
    columns = next((int(m[2]) for t in tokens if (m := re.fullmatch(r"(\d+)x(\d+)", t))), None)
    if columns is None and "crafting" in words and counts.get("slot") == 9:
        columns = 3  # a crafting grid is square
    toolbar_slots = None
    if container == "toolbar":
        toolbar_slots = counts.pop("slot", None)  # a toolbar draws its slots itself
    if (priced_each or words & _SHOPS) and "price" not in counts:
        counts["price"] = counts.get("slot", _DEFAULTS["price"])
    if "price" in counts and "slot" not in counts and container != "toolbar":
        counts["slot"] = counts["price"]  # a price is an item's: each priced row has its item
    if container is None and (words & _PANELS or counts.keys() & {"slot", "price"} or not counts):
        container = "panel"
    bars = [b for b in bars if b.isalpha() and b not in _NUMBERS and b not in _NOT_NAMES]
    return ElementReading(
        container, tuple(counts.items()), tuple(bars), toolbar_slots, columns, tuple(buttons)
    )
