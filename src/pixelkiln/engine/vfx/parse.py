"""Reading an effect description: which effect, in what colour.

"crackling blue lightning" is lightning in blue; "orange fire burst" an explosion in
orange; "green healing sparkles" sparkles in green. Phrases are matched before single
words, a named colour overrides the effect's own, and a description naming nothing known
becomes a glowing orb in its named colour (or the default violet-blue).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["EFFECT_KINDS", "EffectSpec", "parse_effect"]

#: Every effect kind, with its default OKLCH hue and peak chroma.
EFFECT_KINDS: dict[str, tuple[float, float]] = {
    "fire": (50.0, 0.19),
    "explosion": (45.0, 0.19),
    "lightning": (262.0, 0.16),
    "sparkles": (95.0, 0.16),
    "dust": (70.0, 0.05),
    "splash": (240.0, 0.14),
    "portal": (305.0, 0.19),
    "smoke": (270.0, 0.02),
    "magic_circle": (200.0, 0.14),
    "ice": (225.0, 0.11),
    "poison": (140.0, 0.19),
    "slash": (255.0, 0.08),
    "orb": (275.0, 0.17),
}

# Checked in order: phrases first, so "fire burst" is an explosion before "fire" is fire.
_KIND_PATTERNS: tuple[tuple[str, str], ...] = (
    (r"fire ?burst|fire ?ball|explo|blast|boom|detonat|kaboom|burst", "explosion"),
    (r"magic circle|summon|rune|sigil|pentagram|glyph|spell circle|ritual", "magic_circle"),
    (r"poison|toxic|venom|acid|miasma|noxious|gas cloud|plague", "poison"),
    (r"dust|puff|poof|dirt|sand|landing", "dust"),
    (r"lightning|thunder|electric|zap|shock|crackl|volt|tesla|storm", "lightning"),
    (r"portal|vortex|rift|wormhole|warp|gateway|black hole", "portal"),
    (r"splash|water|droplet|drip|wave|aqua|rain", "splash"),
    (r"ice|frost|frozen|freez|snow|shard|crystal|blizzard|glacier", "ice"),
    (r"slash|swipe|slice|cut|claw|sword|swing|strike|arc\b", "slash"),
    (r"sparkl|glitter|twinkl|heal|star|shimmer|glint|holy|bless|buff|sparks?\b", "sparkles"),
    (r"smoke|steam|fog|mist|vapou?r|smog|ash", "smoke"),
    (r"fire|flame|burn|blaze|torch|campfire|inferno|ember|lava|magma", "fire"),
    (r"orb|ball|sphere|plasma|energy|aura|shield|bubble|charge", "orb"),
)

# OKLCH hues (degrees) and a chroma factor for colour words.
_COLORS: tuple[tuple[str, float, float], ...] = (
    (r"crimson|scarlet|blood|red", 27.0, 1.0),
    (r"orange|amber", 55.0, 1.0),
    (r"gold(en)?|yellow", 95.0, 1.0),
    (r"lime|chartreuse", 125.0, 1.0),
    (r"emerald|green", 145.0, 1.0),
    (r"teal|cyan|turquoise|aqua", 195.0, 1.0),
    (r"navy|azure|blue", 258.0, 1.0),
    (r"indigo", 280.0, 1.0),
    (r"purple|violet|arcane|amethyst", 305.0, 1.0),
    (r"magenta|fuchsia", 330.0, 1.0),
    (r"pink|rose", 355.0, 0.8),
    (r"brown|earth|mud", 60.0, 0.35),
    (r"white|silver|pale|light", 250.0, 0.2),
    (r"grey|gray", 270.0, 0.1),
    (r"black|dark|shadow|void", 290.0, 0.45),
)


@dataclass(frozen=True)
class EffectSpec:
    """What to draw.

    Attributes
    ----------
    kind : one of :data:`EFFECT_KINDS`.
    hue : OKLCH hue of the body colour in degrees.
    chroma : peak OKLCH chroma of the ramp.
    dark : draw with a darkened ramp (shadow or void effects).
    """

    kind: str
    hue: float
    chroma: float
    dark: bool = False


def parse_effect(description: str, kind: str | None = None) -> EffectSpec:
    """Effect kind and colour from a plain-language description.

    Parameters
    ----------
    description : e.g. "crackling blue lightning", "green healing sparkles".
    kind : force the effect kind (a key of :data:`EFFECT_KINDS`); the description then only
        supplies the colour.

    Returns
    -------
    EffectSpec
    """
    text = description.lower()
    if kind is None:
        # Patterns match at the start of a word: "slice" is not "ice", "flash" not "ash".
        kind = next((k for pat, k in _KIND_PATTERNS if re.search(rf"\b(?:{pat})", text)), "orb")
    elif kind not in EFFECT_KINDS:
        msg = f"unknown effect kind {kind!r}; known: {', '.join(EFFECT_KINDS)}"
        raise ValueError(msg)
    hue, chroma = EFFECT_KINDS[kind]
    dark = False
    if kind == "sparkles" and re.search(r"heal|cure|regen", text):
        hue = 145.0
    for pat, h, factor in _COLORS:
        if re.search(rf"\b(?:{pat})\b", text):
            if pat.startswith("black"):
                dark = True
                chroma = chroma * factor
            else:
                hue, chroma = h, max(chroma, 0.12) * factor
            break
    return EffectSpec(kind, hue, chroma, dark)
