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
from pixelkiln.engine.ui.bars import bar_hue
from pixelkiln.engine.ui.catalog import (
    FROM_LEXICON,
    METAL_WORDS,
    METALS,
    TRIM_NOUNS,
    UI_MATERIALS,
    UIMaterial,
    recipe,
)
from pixelkiln.engine.wordlists import MODIFIERS, NAMED_COLORS

__all__ = ["Theme", "make_theme", "ramp_of"]


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
        """Ramp of a bar fill, one hue per bar kind (:mod:`.bars`)."""
        hue, chroma, lightness = bar_hue(kind)
        return ramp_of(recipe(hue, chroma, lightness, 1.8), self.reference)


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
        if t in METAL_WORDS and (near & TRIM_NOUNS or i == 0 or body is not None):
            trim = METAL_WORDS[t]
            break
    if body is None:
        body = next((words[t] for t in rest if t in words), None)
        if body is not None and trim == METAL_WORDS.get(body):
            trim = None
    colors = [t for t in main if t in NAMED_COLORS]
    if body is None:
        spec = parse_description(description)
        body = FROM_LEXICON.get(spec.material, "stone")
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
        if word in METAL_WORDS and word not in NAMED_COLORS:
            metal = metal or METAL_WORDS[word]
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
    accent_recipe = recipe(hue, 0.16, 0.68, 1.8)
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
