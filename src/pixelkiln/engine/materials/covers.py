"""Covers a qualifier or a secondary material lays over a finished surface.

Like the features of :mod:`.features` (whose patch helpers they share), they draw after the
material's generator, wrap on the torus and use accent colours of their own:

- ``soot``: charred, near-black patches (``"charred planks"``);
- ``frost``: pale icy crust, thin and spread (``"frosted cobbles"``);
- ``glow``: bright spots with a lighter core in the surface's own hue, or cyan on a grey
  one (``"glowing rune stones"``);
- ``scum``: an olive film in patches (``"polluted canal water"``);
- ``damage``: chipped holes, dark with a lit lower-right rim (``"crumbling wall"``);
- ``patch:<material>``: patches of a secondary material in its own colours
  (``"dirt covered in straw"``).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from scipy import ndimage

from pixelkiln.engine.lexicon import MATERIALS
from pixelkiln.engine.materials.canvas import DrawContext, Drawing
from pixelkiln.engine.materials.features import _accent_ramp, _paint_patch, _patches
from pixelkiln.engine.materials.land import LAND_DRAWERS
from pixelkiln.engine.materials.small_covers import sized, small_damage, small_glow
from pixelkiln.engine.palette import Recipe, recipe_for
from pixelkiln.engine.torus import roll
from pixelkiln.engine.wordlists import NAMED_COLORS

__all__ = ["COVER_DRAWERS", "cover_drawer"]

Drawer = Callable[[DrawContext, Drawing], None]
_CROSS = np.array([[0, 1, 0], [1, 1, 1], [0, 1, 0]], bool)


def soot(ctx: DrawContext, d: Drawing) -> None:
    """Charred patches: two near-black shades, lit on their top-left edge."""
    mask = _patches(ctx, "soot", 0.3, 1.4)
    colors = d.accent(_accent_ramp(Recipe(45, 0.015, 0.24, 0.8), 4, (0, 1)))
    _paint_patch(ctx, d, mask, colors)


def frost(ctx: DrawContext, d: Drawing) -> None:
    """Frost: a pale blue-white crust over a third of the surface, brightest on top-left
    edges."""
    mask = _patches(ctx, "frost", 0.24, 1.2)
    colors = d.accent(_accent_ramp(Recipe(225, 0.035, 0.86), 5, (2, 4)))
    _paint_patch(ctx, d, mask, colors)


def _glow_recipe(ctx: DrawContext) -> Recipe:
    words = ctx.spec.colors or ctx.spec.feature_colors
    if words:
        hue = NAMED_COLORS[words[0]].hue
    elif ctx.material.chroma >= 0.05:
        hue = ctx.material.hue
    else:
        hue = 195.0  # a grey surface glows in a cold magical cyan
    return Recipe(hue, 0.16, 0.78, 1.3)


def glow(ctx: DrawContext, d: Drawing) -> None:
    """Glowing spots: a saturated rim round a near-white core."""
    mask = _patches(ctx, "glow", 0.14, 0.9, least_px=3.0)
    core = ndimage.binary_erosion(mask, _CROSS, border_value=0) & mask
    colors = d.accent(_accent_ramp(_glow_recipe(ctx), 5, (2, 4)))
    free = ~d.keep
    d.index[mask & free] = colors[0]
    d.index[core & free] = colors[1]
    d.keep |= mask


def scum(ctx: DrawContext, d: Drawing) -> None:
    """A murky olive film in wide patches."""
    mask = _patches(ctx, "scum", 0.26, 1.6)
    colors = d.accent(_accent_ramp(Recipe(100, 0.06, 0.42, 0.9), 4, (1, 2)))
    _paint_patch(ctx, d, mask, colors)


def damage(ctx: DrawContext, d: Drawing) -> None:
    """Chips and holes: the darkest shade, with the light catching their lower-right rim."""
    mask = _patches(ctx, "damage", 0.12, 1.1, least_px=3.0)
    rim = roll(mask, -1, 0) | roll(mask, 0, -1)
    rim = ndimage.binary_dilation(mask, _CROSS) & ~mask & ~rim
    d.index[mask] = 0
    d.index[rim & ~d.keep] = ctx.top
    d.keep |= mask | rim


def _material_patch(key: str) -> Drawer:
    def draw(ctx: DrawContext, d: Drawing) -> None:
        mask = _patches(ctx, f"patch {key}", 0.22, 1.5)
        colors = d.accent(_accent_ramp(recipe_for(key), 4, (1, 2)))
        _paint_patch(ctx, d, mask, colors)

    draw.__doc__ = f"Patches of {key} in its own colours."
    return draw


COVER_DRAWERS: dict[str, Drawer] = {
    "soot": soot,
    "frost": frost,
    "glow": sized(glow, small_glow(glow, _glow_recipe)),
    "scum": scum,
    "damage": sized(damage, small_damage(damage)),
    **LAND_DRAWERS,
}


def cover_drawer(name: str) -> Drawer:
    """The drawer of cover ``name`` (``patch:<material>`` for a secondary material)."""
    if name.startswith("patch:") and name[6:] in MATERIALS:
        return _material_patch(name[6:])
    return COVER_DRAWERS[name]
