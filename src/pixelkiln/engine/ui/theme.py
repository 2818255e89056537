"""What a UI description asks for: a material, a trim metal, colours -> a :class:`Theme`.

Reading a description (``"wooden RPG panel with gold trim"``):

1. Words of the UI material table (:data:`UI_MATERIALS`: wood, stone, iron, gold,
   parchment, crystal, sci-fi, leather, bone, ice, obsidian, marble, bronze, cloth,
   nature, lava, silver) are found in the text. The first material word before a
   connector (``with``, ``and``, a comma) is the body; a metal word after it, or next to
   ``trim``/``border``/``edge``/``corners``, is the trim.
2. No UI word at all: the engine's own description reader
   (:func:`pixelkiln.engine.text.parse_description`) names a terrain material, which is
   mapped onto the closest UI material (``"mossy cobblestone"`` -> stone), its texture kept.
3. Colour words in the description tint the body. ``color_palette`` (free text, ``"brown
   and gold"``) then overrides: metal words set the trim; the first other colour tints the
   frame and fill, a second one the fill alone, a third the accents (gems, glows). Hex
   codes (``#8b4513``) are read as colours too.
4. A ``style_image`` (:class:`~pixelkiln.engine.reference.Reference`) pulls every ramp
   toward its colours.

Ramps are hue-shifted OKLCH ramps (:func:`pixelkiln.engine.palette.build_ramp`), five
shades dark to light, with more contrast than terrain ramps: UI frames must read at a
glance. Trims are metallic (larger steps, a near-white specular).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import numpy as np

from pixelkiln.engine.color import hex_to_rgb, oklab_to_oklch, srgb_to_oklab
from pixelkiln.engine.palette import Recipe, build_ramp
from pixelkiln.engine.reference import Reference
from pixelkiln.engine.text import parse_description
from pixelkiln.engine.wordlists import MODIFIERS, NAMED_COLORS

__all__ = ["METALS", "UI_MATERIALS", "Theme", "UIMaterial", "make_theme", "ramp_of"]


@dataclass(frozen=True)
class UIMaterial:
    """How one material looks as a UI panel."""

    key: str
    words: tuple[str, ...]
    frame: Recipe  # the frame's mid tone
    fill: Recipe  # the content area's mid tone
    texture: str  # lexicon material rendered for the fill, or "leather"/"scifi"/"plain"
    trim: str | None = None  # default trim metal (a METALS key)
    corner: str = "none"  # none | rivets | gems | caps | knobs
    chamfer: bool = False  # cut corners instead of rounded ones
    frame_scale: float = 1.0  # frame width factor
    texture_calm: float = 0.7  # 0..1: how much the fill texture's contrast is damped
    dark_content: bool = False  # content darker than the frame (HUDs, magic panels)
    engrave: bool = False  # big button faces carry the texture's joints (grain, seams)


def _r(h: float, c: float, light: float, k: float = 1.6) -> Recipe:
    return Recipe(hue=h, chroma=c, lightness=light, contrast=k)


UI_MATERIALS: dict[str, UIMaterial] = {
    m.key: m
    for m in (
        UIMaterial(
            "wood",
            ("wood", "wooden", "oak", "timber", "plank", "planks", "log", "tavern", "rustic"),
            _r(58, 0.085, 0.50),
            _r(64, 0.075, 0.58, 1.2),
            "wood planks",
            corner="rivets",
            engrave=True,
        ),
        UIMaterial(
            "stone",
            ("stone", "rock", "granite", "castle", "dungeon", "slate", "cobblestone", "temple"),
            _r(255, 0.014, 0.55),
            _r(250, 0.012, 0.52, 1.1),
            "stone brick",
            texture_calm=0.75,
        ),
        UIMaterial(
            "iron",
            ("iron", "steel", "metal", "metallic", "riveted", "industrial", "armored", "armor"),
            _r(255, 0.018, 0.55),
            _r(250, 0.016, 0.42, 1.1),
            "metal plates",
            corner="rivets",
            dark_content=True,
            engrave=True,
        ),
        UIMaterial(
            "gold",
            ("gold", "golden", "gilded", "royal", "regal", "ornate", "luxury"),
            _r(86, 0.13, 0.70),
            _r(20, 0.11, 0.36, 1.1),
            "carpet",
            trim="gold",
            corner="gems",
            dark_content=True,
        ),
        UIMaterial(
            "parchment",
            ("parchment", "paper", "scroll", "quest", "letter", "map", "book", "journal"),
            _r(70, 0.06, 0.62),
            _r(84, 0.05, 0.86, 1.0),
            "plain",
            frame_scale=0.7,
            texture_calm=0.65,
        ),
        UIMaterial(
            "crystal",
            (
                "crystal",
                "crystalline",
                "magic",
                "magical",
                "arcane",
                "gem",
                "amethyst",
                "enchanted",
                "mystic",
                "mystical",
                "spell",
                "wizard",
                "rune",
                "runic",
            ),
            _r(300, 0.13, 0.46),
            _r(295, 0.10, 0.30, 1.2),
            "crystal",
            trim="silver",
            corner="gems",
            texture_calm=0.72,
            dark_content=True,
            engrave=True,
        ),
        UIMaterial(
            "scifi",
            (
                "sci",
                "scifi",
                "futuristic",
                "hud",
                "hologram",
                "holographic",
                "cyber",
                "cyberpunk",
                "neon",
                "space",
                "tech",
                "digital",
                "spaceship",
                "mech",
                "robot",
                "terminal",
                "console",
            ),
            _r(240, 0.05, 0.42),
            _r(250, 0.045, 0.24, 1.0),
            "scifi",
            trim="cyan glow",
            corner="caps",
            chamfer=True,
            dark_content=True,
            engrave=True,
        ),
        UIMaterial(
            "leather",
            ("leather", "hide", "satchel", "bag", "backpack", "pouch", "saddle"),
            _r(50, 0.07, 0.40),
            _r(55, 0.07, 0.46, 1.1),
            "leather",
            texture_calm=0.8,
            trim="bronze",
            corner="rivets",
        ),
        UIMaterial(
            "bone",
            ("bone", "bones", "skull", "skeleton", "necro", "necromancer", "undead", "ivory"),
            _r(88, 0.035, 0.80),
            _r(40, 0.02, 0.30, 1.1),
            "plain",
            corner="knobs",
            dark_content=True,
        ),
        UIMaterial(
            "ice",
            ("ice", "icy", "frozen", "frost", "snow", "glacial", "winter"),
            _r(225, 0.06, 0.78),
            _r(230, 0.06, 0.62, 1.1),
            "ice",
            trim="silver",
            corner="gems",
            texture_calm=0.6,
        ),
        UIMaterial(
            "obsidian",
            ("obsidian", "shadow", "demonic", "infernal", "void", "abyss", "dark souls"),
            _r(295, 0.04, 0.30),
            _r(290, 0.035, 0.22, 1.0),
            "obsidian",
            trim="violet glow",
            corner="gems",
            dark_content=True,
        ),
        UIMaterial(
            "marble",
            ("marble", "alabaster", "ivory tower", "palace"),
            _r(85, 0.012, 0.82),
            _r(90, 0.012, 0.86, 1.0),
            "marble",
            trim="gold",
            texture_calm=0.6,
        ),
        UIMaterial(
            "bronze",
            ("bronze", "copper", "brass", "steampunk", "clockwork"),
            _r(55, 0.10, 0.56),
            _r(50, 0.06, 0.36, 1.1),
            "metal plates",
            trim="bronze",
            corner="rivets",
            dark_content=True,
            engrave=True,
        ),
        UIMaterial(
            "silver",
            ("silver", "chrome", "platinum", "mithril"),
            _r(250, 0.015, 0.72),
            _r(255, 0.03, 0.34, 1.1),
            "metal plates",
            trim="silver",
            corner="gems",
            dark_content=True,
        ),
        UIMaterial(
            "cloth",
            ("cloth", "fabric", "velvet", "silk", "banner", "tapestry", "carpet"),
            _r(25, 0.12, 0.42),
            _r(22, 0.11, 0.38, 1.1),
            "carpet",
            trim="gold",
            dark_content=True,
        ),
        UIMaterial(
            "nature",
            (
                "nature",
                "leaf",
                "leafy",
                "vine",
                "vines",
                "forest",
                "druid",
                "elven",
                "elvish",
                "moss",
                "grass",
            ),
            _r(60, 0.06, 0.40),
            _r(135, 0.09, 0.46, 1.1),
            "leaves",
            corner="knobs",
            texture_calm=0.6,
        ),
        UIMaterial(
            "lava",
            ("lava", "fire", "fiery", "volcanic", "molten", "magma", "hell", "flame"),
            _r(30, 0.03, 0.30),
            _r(35, 0.14, 0.40, 1.2),
            "lava",
            trim="ember glow",
            corner="gems",
            texture_calm=0.5,
            dark_content=True,
        ),
    )
}

#: Lexicon materials (terrain) -> the UI material whose frame suits them.
_FROM_LEXICON = {
    "wood planks": "wood",
    "bark": "wood",
    "hay": "wood",
    "stone": "stone",
    "rock": "stone",
    "cobblestone": "stone",
    "stone brick": "stone",
    "brick": "stone",
    "floor tiles": "stone",
    "metal plates": "iron",
    "rust": "iron",
    "road": "iron",
    "gold": "gold",
    "silver": "silver",
    "copper": "bronze",
    "parchment": "parchment",
    "sand": "parchment",
    "crystal": "crystal",
    "ice": "ice",
    "snow": "ice",
    "obsidian": "obsidian",
    "volcanic rock": "obsidian",
    "marble": "marble",
    "fabric": "cloth",
    "carpet": "cloth",
    "lava": "lava",
}


@dataclass(frozen=True)
class Metal:
    """A trim: a metallic ramp recipe, or a glowing line."""

    recipe: Recipe
    glow: bool = False


METALS: dict[str, Metal] = {
    "gold": Metal(_r(88, 0.13, 0.70, 2.1)),
    "silver": Metal(_r(255, 0.015, 0.72, 2.0)),
    "iron": Metal(_r(255, 0.02, 0.55, 1.9)),
    "bronze": Metal(_r(58, 0.10, 0.60, 1.9)),
    "copper": Metal(_r(45, 0.11, 0.58, 1.9)),
    "cyan glow": Metal(_r(205, 0.12, 0.75, 1.6), glow=True),
    "violet glow": Metal(_r(305, 0.16, 0.65, 1.6), glow=True),
    "ember glow": Metal(_r(55, 0.16, 0.70, 1.6), glow=True),
    "green glow": Metal(_r(145, 0.16, 0.75, 1.6), glow=True),
}
_METAL_WORDS = {
    "gold": "gold",
    "golden": "gold",
    "gilded": "gold",
    "silver": "silver",
    "chrome": "silver",
    "platinum": "silver",
    "iron": "iron",
    "steel": "iron",
    "metal": "iron",
    "bronze": "bronze",
    "brass": "bronze",
    "copper": "copper",
}
_TRIM_NOUNS = {
    "trim",
    "trims",
    "border",
    "borders",
    "edge",
    "edges",
    "edging",
    "corners",
    "rim",
    "frame",
    "inlay",
    "accents",
    "accent",
    "rivets",
    "studs",
    "filigree",
}
_ACCENT_HUES = {"scifi": 205.0, "crystal": 300.0, "obsidian": 300.0, "lava": 55.0, "ice": 45.0}
_CONNECTOR = re.compile(r"\b(?:with|and|featuring|having|plus)\b|,|;")
_HEX = re.compile(r"#?\b([0-9a-fA-F]{6})\b")


@dataclass(frozen=True)
class Theme:
    """Every colour a UI drawing may use, and the material's drawing choices."""

    material: UIMaterial
    frame: np.ndarray  # (5, 3) uint8 dark -> light
    fill: np.ndarray  # (5, 3)
    trim: np.ndarray | None  # (5, 3) metallic, or None
    trim_glow: bool
    outline: np.ndarray  # (3,) the darkest colour: outer outlines
    accent: np.ndarray  # (5, 3) gems, glows, selected tabs
    specular: np.ndarray  # (3,) near-white glint
    texture_key: str
    texture_recipe: Recipe
    reference: Reference | None
    description: str

    def bar(self, kind: str) -> np.ndarray:
        """Ramp of a bar fill: health red, mana blue, stamina green, xp gold, energy cyan."""
        hue, chroma = _BAR_HUES.get(kind, _BAR_HUES["health"])
        return ramp_of(_r(hue, chroma, 0.6, 1.8), self.reference)


_BAR_HUES = {
    "health": (27.0, 0.19),
    "mana": (262.0, 0.17),
    "stamina": (140.0, 0.17),
    "xp": (95.0, 0.15),
    "energy": (205.0, 0.13),
    "shield": (230.0, 0.10),
}


def ramp_of(recipe: Recipe, reference: Reference | None = None, n: int = 5) -> np.ndarray:
    """Five shades of a recipe, pulled toward a reference's colours if one is given."""
    if reference is not None:
        recipe = reference.steer_recipe(recipe)
    ramp = build_ramp(recipe, n)
    return reference.steer_ramp(ramp) if reference is not None else ramp


def _tokens(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower().replace("-", " "))


def _find_material(description: str) -> tuple[str, str | None, list[str]]:
    """(UI material key, trim metal or None, colour words of the body)."""
    parts = _CONNECTOR.split(description.lower(), maxsplit=1)
    main, rest = _tokens(parts[0]), _tokens(parts[1]) if len(parts) > 1 else []
    words = {w: m.key for m in UI_MATERIALS.values() for w in m.words}
    body = next((words[t] for t in main if t in words), None)
    trim = None
    for i, t in enumerate(rest):
        near = set(rest[max(0, i - 2) : i + 3])
        if t in _METAL_WORDS and (near & _TRIM_NOUNS or i == 0 or body is not None):
            trim = _METAL_WORDS[t]
            break
    if body is None:
        body = next((words[t] for t in rest if t in words), None)
        if body is not None and trim == _METAL_WORDS.get(body):
            trim = None
    colors = [t for t in main if t in NAMED_COLORS]
    if body is None:
        spec = parse_description(description)
        body = _FROM_LEXICON.get(spec.material, "stone")
        colors = list(spec.colors)
    return body, trim, colors


def _word_color(word: str) -> tuple[float, float, float] | None:
    """(hue, chroma, lightness delta) of a colour word or hex code."""
    if word in NAMED_COLORS:
        c = NAMED_COLORS[word]
        return c.hue, c.chroma, c.dl
    m = _HEX.fullmatch(word)
    if m:
        lch = oklab_to_oklch(srgb_to_oklab(np.array(hex_to_rgb(m.group(1)), np.float64)))
        return float(lch[2]), float(lch[1]), float(lch[0]) - 0.6
    return None


def _palette_words(text: str) -> tuple[list[tuple[float, float, float]], str | None, float]:
    """Colours (in order), the trim metal and a lightness nudge from ``color_palette``."""
    colors: list[tuple[float, float, float]] = []
    metal: str | None = None
    dl = 0.0
    for word in re.findall(r"#?[0-9a-fA-F]{6}\b|[a-z]+", text.lower()):
        if word in _METAL_WORDS and word not in NAMED_COLORS:
            metal = metal or _METAL_WORDS[word]
            continue
        if word in MODIFIERS:
            dl += MODIFIERS[word].dl
            continue
        color = _word_color(word)
        if color is not None:
            colors.append((color[0], color[1], color[2] + dl))
            dl = 0.0
    return colors, metal, dl


def _tint(recipe: Recipe, color: tuple[float, float, float], keep_light: bool = True) -> Recipe:
    hue, chroma, dl = color
    if chroma < 0.03:  # grey, black, white: keep a trace of the material's own hue
        chroma = min(recipe.chroma, 0.02)
    light = recipe.lightness + (dl if keep_light else dl * 1.5)
    return replace(recipe, hue=hue, chroma=chroma, lightness=float(np.clip(light, 0.22, 0.9)))


def make_theme(
    description: str,
    color_palette: str | None = None,
    reference: Reference | None = None,
) -> Theme:
    """The theme of a description, a colour phrase and an optional style reference."""
    key, trim, body_colors = _find_material(description)
    mat = UI_MATERIALS[key]
    frame, fill = mat.frame, mat.fill
    for word in body_colors[:1]:
        c = _word_color(word)
        if c is not None:
            frame, fill = _tint(frame, c), _tint(fill, c)
    # Accents (gems, glows, portraits): the material's own glow, else the frame's complement.
    hue = _ACCENT_HUES.get(key)
    if hue is None:
        hue = (frame.hue + 180.0) % 360.0 if frame.chroma > 0.05 else 200.0
    accent_recipe = _r(hue, 0.16, 0.68, 1.8)
    if color_palette:
        colors, metal, _ = _palette_words(color_palette)
        trim = metal or trim
        if colors:
            frame, fill = _tint(frame, colors[0]), _tint(fill, colors[0])
        if len(colors) > 1:
            fill = _tint(fill, colors[1])
        if len(colors) > 2:
            accent_recipe = _tint(accent_recipe, colors[2])
    trim = trim or mat.trim
    metal_spec = METALS[trim] if trim else None
    frame_ramp = ramp_of(frame, reference)
    fill_ramp = ramp_of(fill, reference)
    trim_ramp = ramp_of(metal_spec.recipe, reference) if metal_spec else None
    darkest = build_ramp(replace(frame, lightness=0.2, chroma=min(frame.chroma, 0.05)), 2)[0]
    return Theme(
        material=mat,
        frame=frame_ramp,
        fill=fill_ramp,
        trim=trim_ramp,
        trim_glow=bool(metal_spec and metal_spec.glow),
        outline=darkest,
        accent=ramp_of(accent_recipe, reference),
        specular=np.array([255, 252, 240], np.uint8),
        texture_key=mat.texture,
        texture_recipe=fill,
        reference=reference,
        description=description,
    )
