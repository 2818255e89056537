"""Colour and material words for subjects: "red cape", "golden armor", "wooden shield".

:data:`MATERIAL_PAINTS` gives each material word a paint (OKLCH mid tone and finish) so
props and outfits share one vocabulary: ``iron`` is the same grey-blue shiny metal on a
knight's helmet and on an anvil. :func:`paint_for_color` turns a colour word of the
engine's list (:data:`~pixelkiln.engine.wordlists.NAMED_COLORS`, plus metal colours)
into a paint, keeping the finish of what it colours (a "red" helmet stays metal).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from pixelkiln.engine.color import oklab_to_oklch, srgb_to_oklab
from pixelkiln.engine.subjects.model import Paint
from pixelkiln.engine.wordlists import NAMED_COLORS

__all__ = [
    "COLOR_WORDS",
    "MATERIAL_PAINTS",
    "MATERIAL_WORDS",
    "hair_paint",
    "paint_for_color",
    "paint_from_rgb",
    "skin_paint",
]

#: Material word -> paint.
MATERIAL_PAINTS: dict[str, Paint] = {
    "iron": Paint(255, 0.018, 0.58, "shiny"),
    "steel": Paint(245, 0.025, 0.66, "shiny"),
    "metal": Paint(250, 0.022, 0.62, "shiny"),
    "silver": Paint(250, 0.012, 0.78, "shiny"),
    "gold": Paint(88, 0.13, 0.76, "shiny"),
    "bronze": Paint(62, 0.09, 0.58, "shiny"),
    "copper": Paint(48, 0.11, 0.6, "shiny"),
    "brass": Paint(92, 0.1, 0.7, "shiny"),
    "rust": Paint(42, 0.1, 0.45),
    "wood": Paint(60, 0.075, 0.5),
    "dark wood": Paint(50, 0.06, 0.36),
    "light wood": Paint(75, 0.07, 0.66),
    "leather": Paint(55, 0.075, 0.43),
    "cloth": Paint(80, 0.03, 0.7),
    "linen": Paint(88, 0.03, 0.84),
    "wool": Paint(85, 0.025, 0.78),
    "silk": Paint(330, 0.08, 0.7, "shiny"),
    "fur": Paint(62, 0.05, 0.55),
    "straw": Paint(95, 0.1, 0.78),
    "rope": Paint(80, 0.06, 0.62),
    "stone": Paint(250, 0.012, 0.6),
    "marble": Paint(250, 0.008, 0.86),
    "granite": Paint(40, 0.012, 0.55),
    "bone": Paint(92, 0.035, 0.86),
    "ivory": Paint(95, 0.03, 0.9),
    "crystal": Paint(230, 0.1, 0.78, "glass"),
    "glass": Paint(215, 0.05, 0.82, "glass"),
    "ice": Paint(220, 0.06, 0.86, "glass"),
    "gem": Paint(300, 0.16, 0.55, "shiny"),
    "ruby": Paint(20, 0.19, 0.52, "shiny"),
    "emerald": Paint(155, 0.16, 0.6, "shiny"),
    "sapphire": Paint(262, 0.17, 0.5, "shiny"),
    "amethyst": Paint(305, 0.15, 0.55, "shiny"),
    "diamond": Paint(220, 0.03, 0.92, "glass"),
    "obsidian": Paint(290, 0.03, 0.25, "shiny"),
    "clay": Paint(45, 0.09, 0.58),
    "terracotta": Paint(42, 0.11, 0.58),
    "ceramic": Paint(240, 0.02, 0.86, "shiny"),
    "paper": Paint(92, 0.025, 0.9),
    "parchment": Paint(85, 0.05, 0.82),
    "plant": Paint(140, 0.13, 0.55),
    "leaf": Paint(140, 0.13, 0.55),
    "moss": Paint(128, 0.1, 0.5),
    "flame": Paint(60, 0.17, 0.78, "glow"),
    "fire": Paint(55, 0.18, 0.74, "glow"),
    "magic": Paint(300, 0.16, 0.7, "glow"),
    "energy": Paint(220, 0.13, 0.82, "glow"),
    "slime": Paint(140, 0.15, 0.7, "glass"),
    "plastic": Paint(250, 0.1, 0.6, "shiny"),
    "rubber": Paint(260, 0.01, 0.3),
}

#: Words that mean a material (adjectives and nouns), to the key of MATERIAL_PAINTS.
MATERIAL_WORDS: dict[str, str] = {
    "iron": "iron",
    "steel": "steel",
    "metal": "metal",
    "metallic": "metal",
    "silver": "silver",
    "gold": "gold",
    "golden": "gold",
    "bronze": "bronze",
    "copper": "copper",
    "brass": "brass",
    "rusty": "rust",
    "rusted": "rust",
    "wood": "wood",
    "wooden": "wood",
    "oak": "wood",
    "timber": "wood",
    "ebony": "dark wood",
    "mahogany": "dark wood",
    "birch": "light wood",
    "pine": "light wood",
    "leather": "leather",
    "cloth": "cloth",
    "linen": "linen",
    "cotton": "linen",
    "wool": "wool",
    "woolen": "wool",
    "woollen": "wool",
    "silk": "silk",
    "silken": "silk",
    "velvet": "silk",
    "fur": "fur",
    "furry": "fur",
    "straw": "straw",
    "wicker": "straw",
    "rope": "rope",
    "stone": "stone",
    "marble": "marble",
    "granite": "granite",
    "bone": "bone",
    "ivory": "ivory",
    "crystal": "crystal",
    "crystalline": "crystal",
    "glass": "glass",
    "ice": "ice",
    "icy": "ice",
    "gem": "gem",
    "jeweled": "gem",
    "jewelled": "gem",
    "ruby": "ruby",
    "emerald": "emerald",
    "sapphire": "sapphire",
    "amethyst": "amethyst",
    "diamond": "diamond",
    "obsidian": "obsidian",
    "clay": "clay",
    "terracotta": "terracotta",
    "ceramic": "ceramic",
    "porcelain": "ceramic",
    "paper": "paper",
    "parchment": "parchment",
    "flaming": "flame",
    "fiery": "fire",
    "magic": "magic",
    "magical": "magic",
    "enchanted": "magic",
    "arcane": "magic",
    "plastic": "plastic",
    "rubber": "rubber",
}

_EXTRA_COLORS: dict[str, tuple[float, float, float]] = {
    # hue, chroma, lightness of colours the tileset list lacks
    "gold": (88, 0.13, 0.76),
    "golden": (88, 0.13, 0.76),
    "silver": (250, 0.012, 0.78),
    "bronze": (62, 0.09, 0.58),
    "copper": (48, 0.11, 0.6),
    "blond": (92, 0.1, 0.82),
    "blonde": (92, 0.1, 0.82),
    "ginger": (50, 0.13, 0.62),
    "auburn": (38, 0.11, 0.45),
    "brunette": (55, 0.07, 0.38),
    "khaki": (100, 0.05, 0.66),
    "mint": (165, 0.08, 0.84),
    "peach": (55, 0.08, 0.82),
    "coral": (35, 0.14, 0.7),
    "burgundy": (15, 0.12, 0.36),
    "plum": (330, 0.1, 0.42),
    "sky": (235, 0.08, 0.78),
    "forest": (150, 0.1, 0.42),
}

#: Every colour word subjects know.
COLOR_WORDS: frozenset[str] = frozenset(NAMED_COLORS) | frozenset(_EXTRA_COLORS)


def _word_lch(word: str) -> tuple[float, float, float]:
    if word in _EXTRA_COLORS:
        return _EXTRA_COLORS[word]
    c = NAMED_COLORS[word]
    # The tileset list gives a lightness nudge around a terrain mid tone: around 0.6 here.
    return c.hue, c.chroma, float(np.clip(0.6 + c.dl * 1.3, 0.16, 0.95))


def paint_for_color(word: str, base: Paint | None = None) -> Paint:
    """A colour word as a paint, keeping the finish (and for metals the shine) of ``base``."""
    hue, chroma, light = _word_lch(word)
    finish = base.finish if base is not None else "matte"
    if base is not None and base.finish in ("shiny", "glass") and chroma < 0.03:
        light = max(light, 0.45)
    return Paint(hue, chroma, light, finish)


def paint_from_rgb(rgb: tuple[int, int, int], finish: str = "matte") -> Paint:
    """A paint whose base tone is the given sRGB colour."""
    lch = oklab_to_oklch(srgb_to_oklab(np.array(rgb, dtype=np.float64)))
    return Paint(float(lch[2]), float(lch[1]), float(lch[0]), finish)


SKIN_TONES: dict[str, Paint] = {
    "pale": Paint(55, 0.045, 0.86),
    "light": Paint(58, 0.06, 0.8),
    "medium": Paint(60, 0.075, 0.7),
    "tan": Paint(62, 0.08, 0.64),
    "brown": Paint(55, 0.07, 0.5),
    "dark": Paint(50, 0.055, 0.4),
    "green": Paint(130, 0.1, 0.62),  # orcs, goblins
    "grey green": Paint(140, 0.045, 0.6),  # zombies
    "blue": Paint(240, 0.07, 0.66),
    "red": Paint(28, 0.14, 0.5),  # demons
    "ashen": Paint(260, 0.015, 0.8),  # vampires, ghosts
    "bone": Paint(92, 0.035, 0.86),
}
HAIR_COLORS: dict[str, Paint] = {
    "black": Paint(280, 0.02, 0.26),
    "dark brown": Paint(50, 0.05, 0.32),
    "brown": Paint(55, 0.07, 0.42),
    "auburn": Paint(38, 0.11, 0.45),
    "red": Paint(40, 0.14, 0.52),
    "ginger": Paint(50, 0.13, 0.62),
    "blonde": Paint(92, 0.1, 0.82),
    "white": Paint(260, 0.01, 0.9),
    "grey": Paint(260, 0.01, 0.66),
}


def skin_paint(tone: str) -> Paint:
    return SKIN_TONES[tone]


def hair_paint(color: str) -> Paint:
    if color in HAIR_COLORS:
        return HAIR_COLORS[color]
    if color in COLOR_WORDS:
        return replace(paint_for_color(color), finish="matte")
    msg = f"unknown hair colour {color!r}"
    raise ValueError(msg)
