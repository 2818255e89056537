"""Bar kinds: the word a description names a bar by -> its fill colour and its icon.

Every bar a panel holds must read as itself at a glance, so each kind has its own hue
(OKLCH, with chroma and lightness) and its own icon on the bar's left end: health red with
a heart, mana blue with a drop, stamina green with a bolt, experience gold with a star,
energy cyan with a bolt, shield steel with a shield, oxygen pale sky with bubbles, hunger
brown with a drumstick, rage orange with a flame. A name none of these cover (``"sanity
bar"``) keeps its own word as its kind and gets one of the spare hues, chosen from the
word, with a gem icon: two different unknown names rarely share a colour, and the same
name is always drawn alike.
"""

from __future__ import annotations

import zlib

__all__ = ["BAR_GLYPHS", "BAR_KINDS", "bar_glyph", "bar_hue", "bar_kind"]

#: Words naming a bar -> the bar kind.
BAR_KINDS: dict[str, str] = {
    **dict.fromkeys(("health", "hp", "life", "hit", "vitality", "blood"), "health"),
    **dict.fromkeys(("mana", "magic", "mp", "spell", "arcane"), "mana"),
    **dict.fromkeys(("stamina", "endurance", "sprint", "fatigue"), "stamina"),
    **dict.fromkeys(("experience", "xp", "exp", "level", "progress"), "xp"),
    **dict.fromkeys(("energy", "power", "charge", "battery"), "energy"),
    **dict.fromkeys(("shield", "shields", "armor", "armour", "defense", "defence"), "shield"),
    **dict.fromkeys(("oxygen", "air", "breath", "o2"), "oxygen"),
    **dict.fromkeys(("hunger", "food", "satiety", "appetite"), "hunger"),
    **dict.fromkeys(("rage", "fury", "anger", "wrath", "adrenaline"), "rage"),
}  # fmt: skip

# (hue, chroma, lightness) of each kind's fill; lightness 0.6 unless said.
_HUES: dict[str, tuple[float, float, float]] = {
    "health": (27.0, 0.19, 0.6),
    "mana": (262.0, 0.17, 0.6),
    "stamina": (140.0, 0.17, 0.6),
    "xp": (95.0, 0.15, 0.6),
    "energy": (205.0, 0.13, 0.6),
    "shield": (250.0, 0.035, 0.68),
    "oxygen": (225.0, 0.09, 0.78),
    "hunger": (62.0, 0.09, 0.5),
    "rage": (45.0, 0.2, 0.64),
}
# Hues no named kind uses: violet, pink, teal, lime.
_SPARE = ((305.0, 0.15, 0.6), (350.0, 0.14, 0.66), (180.0, 0.1, 0.6), (125.0, 0.18, 0.72))

BAR_GLYPHS: dict[str, str] = {
    "health": "heart",
    "mana": "drop",
    "stamina": "bolt",
    "xp": "star",
    "energy": "bolt",
    "shield": "shield",
    "oxygen": "bubbles",
    "hunger": "drumstick",
    "rage": "flame",
}


def bar_kind(word: str) -> str:
    """The kind a bar word names: a known kind, else the word itself."""
    return BAR_KINDS.get(word.lower(), word.lower())


def bar_hue(kind: str) -> tuple[float, float, float]:
    """``(hue, chroma, lightness)`` of a kind's fill (a spare hue for an unknown kind)."""
    if kind in _HUES:
        return _HUES[kind]
    return _SPARE[zlib.crc32(kind.encode()) % len(_SPARE)]


def bar_glyph(kind: str) -> str:
    """The icon on a kind's left end."""
    return BAR_GLYPHS.get(kind, "gem")
