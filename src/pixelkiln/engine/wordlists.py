"""Colour words, colour modifiers and feature words the description parser knows.

- :data:`NAMED_COLORS`: a colour name sets the ramp's hue and chroma (and nudges lightness).
- :data:`MODIFIERS`: adjectives that shift a ramp (``dark``, ``pale``, ``golden``...) and
  may add a feature (``mossy`` adds moss, ``cracked`` adds cracks).
- :data:`FEATURES`: deliberate, sparse details a description can ask for, keyed by the
  feature name the material generators know, with the phrases that mean them.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "FEATURES",
    "FEATURE_NAMES",
    "MODIFIERS",
    "NAMED_COLORS",
    "STOP_WORDS",
    "ColorWord",
    "Modifier",
]


@dataclass(frozen=True)
class ColorWord:
    """A named colour: OKLCH hue and chroma, and a lightness nudge."""

    hue: float
    chroma: float
    dl: float = 0.0


@dataclass(frozen=True)
class Modifier:
    """A ramp adjustment: lightness delta, chroma factor, hue pull toward ``toward``."""

    dl: float = 0.0
    chroma: float = 1.0
    toward: float | None = None  # OKLCH hue the ramp is pulled toward
    pull: float = 0.0  # 0..1 share of the way toward ``toward``
    contrast: float = 1.0
    feature: str | None = None


NAMED_COLORS: dict[str, ColorWord] = {
    "red": ColorWord(28, 0.16),
    "crimson": ColorWord(20, 0.17, -0.05),
    "scarlet": ColorWord(32, 0.19),
    "maroon": ColorWord(20, 0.11, -0.12),
    "rose": ColorWord(10, 0.12, 0.04),
    "pink": ColorWord(355, 0.12, 0.08),
    "magenta": ColorWord(335, 0.18),
    "orange": ColorWord(55, 0.15, 0.03),
    "amber": ColorWord(70, 0.15, 0.03),
    "ochre": ColorWord(80, 0.11),
    "yellow": ColorWord(105, 0.15, 0.08),
    "lime": ColorWord(130, 0.18, 0.05),
    "green": ColorWord(145, 0.14),
    "emerald": ColorWord(160, 0.14),
    "olive": ColorWord(112, 0.08, -0.05),
    "teal": ColorWord(190, 0.09, -0.03),
    "turquoise": ColorWord(195, 0.11, 0.03),
    "cyan": ColorWord(205, 0.11, 0.04),
    "aqua": ColorWord(200, 0.11, 0.05),
    "azure": ColorWord(240, 0.12, 0.02),
    "blue": ColorWord(260, 0.14),
    "navy": ColorWord(265, 0.12, -0.15),
    "indigo": ColorWord(280, 0.13, -0.08),
    "purple": ColorWord(305, 0.14),
    "violet": ColorWord(295, 0.15),
    "lavender": ColorWord(300, 0.08, 0.12),
    "brown": ColorWord(58, 0.07, -0.08),
    "tan": ColorWord(75, 0.06, 0.05),
    "beige": ColorWord(85, 0.04, 0.10),
    "cream": ColorWord(92, 0.04, 0.12),
    "ivory": ColorWord(95, 0.03, 0.15),
    "grey": ColorWord(262, 0.01),
    "gray": ColorWord(262, 0.01),
    "charcoal": ColorWord(262, 0.01, -0.2),
    "black": ColorWord(285, 0.012, -0.25),
    "white": ColorWord(252, 0.012, 0.25),
}

MODIFIERS: dict[str, Modifier] = {
    "dark": Modifier(dl=-0.12),
    "darker": Modifier(dl=-0.16),
    "dim": Modifier(dl=-0.08, chroma=0.85),
    "light": Modifier(dl=0.08),
    "bright": Modifier(dl=0.06, chroma=1.2),
    "pale": Modifier(dl=0.10, chroma=0.55),
    "deep": Modifier(dl=-0.07, chroma=1.2),
    "vibrant": Modifier(chroma=1.3),
    "vivid": Modifier(chroma=1.3),
    "lush": Modifier(chroma=1.25, dl=-0.02),
    "verdant": Modifier(chroma=1.2, toward=140, pull=0.3),
    "saturated": Modifier(chroma=1.35),
    "dull": Modifier(chroma=0.6),
    "faded": Modifier(chroma=0.55, dl=0.05),
    "muted": Modifier(chroma=0.6),
    "dusty": Modifier(chroma=0.65, dl=0.04),
    "golden": Modifier(dl=0.03, chroma=1.2, toward=88, pull=0.6),
    "mossy": Modifier(toward=130, pull=0.2, feature="moss"),
    "cracked": Modifier(feature="cracks"),
    "wet": Modifier(dl=-0.08, chroma=1.1),
    "damp": Modifier(dl=-0.05, chroma=1.05),
    "dry": Modifier(dl=0.05, chroma=0.75, toward=85, pull=0.2),
    "arid": Modifier(dl=0.05, chroma=0.75, toward=85, pull=0.25),
    "parched": Modifier(dl=0.05, chroma=0.7, toward=85, pull=0.25, feature="cracks"),
    "frozen": Modifier(dl=0.08, chroma=0.6, toward=230, pull=0.5, feature="snow"),
    "frosty": Modifier(dl=0.06, chroma=0.7, toward=230, pull=0.35, feature="snow"),
    "icy": Modifier(dl=0.06, chroma=0.7, toward=225, pull=0.4),
    "cold": Modifier(toward=250, pull=0.25),
    "cool": Modifier(toward=250, pull=0.2),
    "warm": Modifier(toward=60, pull=0.25),
    "burnt": Modifier(dl=-0.15, chroma=0.5, toward=40, pull=0.3),
    "charred": Modifier(dl=-0.2, chroma=0.4, toward=40, pull=0.2),
    "scorched": Modifier(dl=-0.12, chroma=0.6, toward=45, pull=0.3),
    "rusty": Modifier(toward=45, pull=0.5, chroma=1.2, feature="rust"),
    "old": Modifier(chroma=0.8, feature="cracks"),
    "ancient": Modifier(chroma=0.75, feature="cracks"),
    "weathered": Modifier(chroma=0.7, dl=0.03, feature="cracks"),
    "worn": Modifier(chroma=0.8),
    "polished": Modifier(contrast=1.15, feature="sparkles"),
    "shiny": Modifier(contrast=1.2, feature="sparkles"),
    "glossy": Modifier(contrast=1.15),
    "muddy": Modifier(dl=-0.05, chroma=0.7, toward=60, pull=0.3),
    "sunny": Modifier(dl=0.05, toward=90, pull=0.15),
    "shadowy": Modifier(dl=-0.1, toward=270, pull=0.15),
    "autumn": Modifier(toward=55, pull=0.55, chroma=1.1, feature="leaves"),
    "autumnal": Modifier(toward=55, pull=0.55, chroma=1.1, feature="leaves"),
}

# Feature name -> phrases that ask for it (in a "with ..." part or as an adjective).
FEATURES: dict[str, tuple[str, ...]] = {
    "flowers": (
        "flowers",
        "flower",
        "small flowers",
        "wildflowers",
        "blossoms",
        "daisies",
        "petals",
        "flowery",
        "flowering",
        "blooms",
        "tulips",
        "poppies",
    ),
    "pebbles": (
        "pebbles",
        "pebble",
        "stones",
        "small stones",
        "rocks",
        "small rocks",
        "pebbly",
        "stony",
        "rubble",
    ),
    "foam": ("foam", "surf", "froth", "whitecaps", "sea foam", "waves", "foamy"),
    "puddles": ("puddles", "puddle", "pools", "water pools", "water"),
    "cracks": ("cracks", "crack", "cracked", "fissures", "cracking", "crevices"),
    "moss": ("moss", "mossy", "lichen", "moss patches"),
    "tufts": ("grass tufts", "tufts", "grass", "grassy", "weeds", "clumps of grass", "reeds"),
    "leaves": ("leaves", "fallen leaves", "leafy", "autumn leaves", "dead leaves"),
    "snow": ("snow patches", "snow", "snowy", "frost", "frosted"),
    "twigs": ("twigs", "sticks", "branches"),
    "mushrooms": ("mushrooms", "mushroom", "toadstools", "fungi"),
    "sparkles": ("sparkles", "sparkling", "glints", "glitter", "glittering", "sparkly"),
    "bubbles": ("bubbles", "bubbling", "bubbly"),
    "shells": ("shells", "seashells", "sea shells"),
    "lily pads": ("lily pads", "lilies", "water lilies", "lilypads"),
    "rust": ("rust", "rust spots", "rusted", "corrosion"),
}
FEATURE_NAMES: tuple[str, ...] = tuple(FEATURES)

# Words that carry no meaning for the material choice.
STOP_WORDS: frozenset[str] = frozenset(
    "a an the of with and in on at to some small little tiny big large few many lots lot "
    "tile tiles texture seamless pixel art top down topdown view ground-level style "
    "covered full dotted scattered sprinkled strewn littered featuring having plus".split()
) - {"tiles"}
