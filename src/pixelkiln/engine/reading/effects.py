"""Qualifier effects: what a word like "charred" or "frosted" does to a picture.

Every qualifier a description carries is read as one :class:`Effect` (see
:mod:`.qualifiers`). An effect is a visible change of two kinds, applied together:

- ``shift``: a ramp adjustment (lightness, chroma, a pull toward a hue, contrast), the same
  :class:`~pixelkiln.engine.wordlists.Modifier` the colour modifiers use;
- ``features``: covers and overlays drawn on the finished surface (snow, frost, moss, soot,
  scum, glow, damage, cracks, sparkles...), by the material feature drawers.

``phrases`` are what the sentence reader compares an unknown word with: plain words and
short phrases that mean the effect. They are the effects' vocabulary; a word found among
them literally (or once its suffix is stripped) needs no reader at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from pixelkiln.engine.wordlists import Modifier

__all__ = ["EFFECTS", "EFFECT_NAMES", "FEATURE_EFFECTS", "MODIFIER_EFFECTS", "Effect"]


@dataclass(frozen=True)
class Effect:
    """One qualifier class: a ramp shift and the covers it draws."""

    name: str
    kind: str  # colour | cover | overlay | glow
    shift: Modifier
    features: tuple[str, ...]
    phrases: tuple[str, ...]


def _e(name: str, kind: str, shift: Modifier, features: tuple[str, ...], phrases: str) -> Effect:
    return Effect(name, kind, shift, features, tuple(p.strip() for p in phrases.split(",")))


# fmt: off
_ALL = (
    _e("snow", "cover", Modifier(dl=0.03, chroma=0.85, toward=240, pull=0.15), ("snow",),
       "snowy, covered in snow, snow covered, snowed in, wintry, winter, under snow, "
       "blizzard, snowdrift, powdered with snow"),
    _e("frost", "cover", Modifier(dl=0.06, chroma=0.7, toward=230, pull=0.35), ("frost",),
       "frosted, frosty, frost covered, rime, hoar, hoarfrost, iced over, icy crust, "
       "glazed with ice, freezing, frozen over"),
    _e("moss", "cover", Modifier(toward=130, pull=0.12), ("moss",),
       "mossy, moss covered, overgrown, lichen, algae, weedy, grown over, verdigris green, "
       "covered in moss, reclaimed by nature"),
    _e("soot", "cover", Modifier(dl=-0.12, chroma=0.5, toward=40, pull=0.2), ("soot",),
       "sooty, soot, charred, burnt, burned, scorched, blackened, smoky, smoke stained, "
       "fire damaged, singed, ashen, covered in ash"),
    _e("wet", "cover", Modifier(dl=-0.08, chroma=1.1), ("sparkles",),
       "wet, soaked, drenched, rainy, rain soaked, soggy, sodden, damp, moist, dripping, "
       "flooded, waterlogged, puddled, slick with water"),
    _e("cracks", "overlay", Modifier(), ("cracks",),
       "cracked, fractured, fissured, split, crazed, cracking, full of cracks"),
    _e("damage", "overlay", Modifier(chroma=0.9), ("damage", "cracks"),
       "damaged, broken, shattered, smashed, crumbling, ruined, battered, chipped, "
       "wrecked, destroyed, war torn, cratered, splintered, holed, collapsed"),
    _e("age", "overlay", Modifier(chroma=0.72, dl=0.02), ("cracks",),
       "old, aged, ancient, antique, weathered, worn, timeworn, decaying, rotting, "
       "dilapidated, derelict, abandoned, eroded, centuries old, forgotten, mouldering"),
    _e("glow", "glow", Modifier(dl=0.02, chroma=1.15), ("glow",),
       "glowing, luminous, radiant, shining light, bioluminescent, phosphorescent, "
       "fluorescent, incandescent, emitting light, lit from within, magical glow, "
       "enchanted, neon, gleaming light, smouldering embers"),
    _e("murk", "overlay", Modifier(dl=-0.08, chroma=0.6, toward=100, pull=0.45), ("scum",),
       "polluted, dirty, filthy, murky, stagnant, foul, fetid, grimy, contaminated, "
       "sludgy, brackish, oily, scummy, slimy, muddy water, sewage"),
    _e("rust", "overlay", Modifier(toward=45, pull=0.5, chroma=1.2), ("rust",),
       "rusty, rusted, corroded, oxidised, oxidized, corrosion, tarnished"),
    _e("dry", "colour", Modifier(dl=0.05, chroma=0.75, toward=85, pull=0.2), ("cracks",),
       "dry, dried, arid, parched, drought, desiccated, bone dry, thirsty, dusty dry"),
    _e("dark", "colour", Modifier(dl=-0.12), (),
       "dark, darkened, shadowy, shadowed, gloomy, dim, dimly lit, murky dark, night, "
       "black, pitch black, moonlit, unlit"),
    _e("light", "colour", Modifier(dl=0.08), (),
       "light, pale, bright, bleached, sunlit, pastel, whitewashed, light coloured"),
    _e("vivid", "colour", Modifier(chroma=1.3), (),
       "vivid, vibrant, saturated, colourful, colorful, rich, lush, intense, neon bright"),
    _e("dull", "colour", Modifier(chroma=0.6, dl=0.02), (),
       "dull, faded, muted, dusty, drab, washed out, greyish, desaturated, dingy"),
    _e("warm", "colour", Modifier(toward=60, pull=0.25), (),
       "warm, sunny, sun baked, hot, fiery, toasty, sunburnt, sunset lit"),
    _e("cold", "colour", Modifier(toward=240, pull=0.3), (),
       "cold, cool, chilly, icy, frigid, freezing cold, wintry cold, arctic, polar"),
    _e("autumn", "colour", Modifier(toward=55, pull=0.55, chroma=1.1), ("leaves",),
       "autumn, autumnal, fall, fall coloured, fall colored, harvest, russet, orange leaves"),
    _e("shiny", "overlay", Modifier(contrast=1.15), ("sparkles",),
       "shiny, polished, glossy, gleaming, glinting, sparkling, glittering, lacquered, "
       "varnished, lustrous, burnished, twinkling, shimmering"),
)
# fmt: on

EFFECTS: dict[str, Effect] = {e.name: e for e in _ALL}
EFFECT_NAMES: tuple[str, ...] = tuple(EFFECTS)

# The engine's own modifier words (engine.wordlists.MODIFIERS) and the effect each amounts
# to: they already shift the ramp, so only the effect's covers are added for them.
MODIFIER_EFFECTS: dict[str, str] = {
    **dict.fromkeys(("dark", "darker", "dim", "shadowy", "deep"), "dark"),
    **dict.fromkeys(("light", "pale", "bright", "sunny"), "light"),
    **dict.fromkeys(("vibrant", "vivid", "lush", "saturated", "verdant"), "vivid"),
    **dict.fromkeys(("dull", "faded", "muted", "dusty", "muddy"), "dull"),
    **dict.fromkeys(("wet", "damp"), "wet"),
    **dict.fromkeys(("dry", "arid", "parched"), "dry"),
    **dict.fromkeys(("frozen", "frosty"), "frost"),
    **dict.fromkeys(("icy", "cold", "cool"), "cold"),
    **dict.fromkeys(("warm", "golden"), "warm"),
    **dict.fromkeys(("burnt", "charred", "scorched"), "soot"),
    **dict.fromkeys(("old", "ancient", "weathered", "worn"), "age"),
    **dict.fromkeys(("polished", "shiny", "glossy"), "shiny"),
    **dict.fromkeys(("autumn", "autumnal"), "autumn"),
    "rusty": "rust",
    "mossy": "moss",
    "cracked": "cracks",
}

# Feature names that are themselves a qualifier's cover.
FEATURE_EFFECTS: dict[str, str] = {
    "cracks": "cracks",
    "moss": "moss",
    "snow": "snow",
    "rust": "rust",
    "sparkles": "shiny",
}
