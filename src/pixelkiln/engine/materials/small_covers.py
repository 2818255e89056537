"""Glow and damage that still read on small tiles (24 px and under).

At 16 px the patch covers of :mod:`.covers` have room for one blob or none (a patch under
5 px is dropped as a speck), so ``"glowing brick"`` or ``"damaged grass"`` came out as the
plain surface. On a small tile the cover is drawn as usual and then made sure of:

- **glow**: at least two glowing spots per tile (a plus of the glow colour round a
  near-white core), each casting a one-shade-lighter halo on the surface round it, until
  the glow covers 6% of the tile;
- **damage**: three chips per tile, ragged dark holes with the light catching their
  lower-right rim, each with a short crack running up-left from it.

Larger tiles draw the covers unchanged (:func:`sized` picks).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from pixelkiln.engine.materials.canvas import DrawContext, Drawing, scatter, shift_level
from pixelkiln.engine.materials.features import _accent_ramp
from pixelkiln.engine.palette import Recipe
from pixelkiln.engine.torus import roll

__all__ = ["SMALL_PX", "sized", "small_damage", "small_glow"]

Drawer = Callable[[DrawContext, Drawing], None]
#: Tiles whose shorter side is at most this draw the small-tile covers.
SMALL_PX = 24
_PLUS = np.array([[0, 1, 0], [1, 1, 1], [0, 1, 0]], bool)
# The light a spot casts: a diamond two pixels out.
_HALO = np.add.outer(np.abs(np.arange(-2, 3)), np.abs(np.arange(-2, 3))) <= 2


def sized(big: Drawer, small: Drawer) -> Drawer:
    """``small`` on tiles up to :data:`SMALL_PX`, else ``big`` (its output unchanged)."""

    def draw(ctx: DrawContext, d: Drawing) -> None:
        (small if min(ctx.h, ctx.w) <= SMALL_PX else big)(ctx, d)

    draw.__doc__ = big.__doc__
    return draw


def _stamp(ctx: DrawContext, shape: np.ndarray, y: int, x: int) -> np.ndarray:
    """A full-tile mask of ``shape`` centred on (y, x), wrapping."""
    mask = np.zeros(ctx.shape, bool)
    sy, sx = np.nonzero(shape)
    mask[(y + sy - shape.shape[0] // 2) % ctx.h, (x + sx - shape.shape[1] // 2) % ctx.w] = True
    return mask


def small_glow(big: Drawer, recipe: Callable[[DrawContext], Recipe]) -> Drawer:
    """The glow cover with its small-tile guarantee (see the module docstring)."""

    def draw(ctx: DrawContext, d: Drawing) -> None:
        before = d.keep.copy()
        big(ctx, d)
        glowing = d.keep & ~before
        colors = d.accent(_accent_ramp(recipe(ctx), 5, (2, 4)))
        points = scatter(ctx, "small glow", 6, max(4.0, min(ctx.h, ctx.w) / 3.0))
        placed = 0
        for y, x in points.astype(int):
            if placed >= 2 and glowing.mean() >= 0.06:
                break
            spot = _stamp(ctx, _PLUS, y, x)
            halo = _stamp(ctx, _HALO, y, x) & ~spot & ~d.keep
            d.index = shift_level(d.index, halo, 1, d.levels)
            d.index[spot] = colors[0]
            d.index[y % ctx.h, x % ctx.w] = colors[1]
            d.keep |= spot
            glowing |= spot
            placed += 1

    draw.__doc__ = "Glowing spots, at least two a tile however small."
    return draw


def small_damage(big: Drawer) -> Drawer:
    """The damage cover with its small-tile guarantee (see the module docstring)."""

    def draw(ctx: DrawContext, d: Drawing) -> None:
        big(ctx, d)
        rng = ctx.rng("small damage")
        points = scatter(ctx, "small damage", 3, max(4.0, min(ctx.h, ctx.w) / 3.0))
        for y, x in points.astype(int):
            shape = np.ones((2 + int(rng.integers(0, 2)), 3), bool)
            shape[0, 0] = shape[-1, -1] = rng.random() < 0.5  # a ragged, not square, hole
            hole = _stamp(ctx, shape, y, x)
            rim = (roll(hole, 1, 0) | roll(hole, 0, 1)) & ~hole
            crack = np.zeros(ctx.shape, bool)
            cy, cx = y - 1, x - 1
            for _ in range(int(rng.integers(3, 6))):
                cy, cx = cy - int(rng.integers(0, 2)), cx - 1
                crack[cy % ctx.h, cx % ctx.w] = True
            d.index[hole | crack] = 0
            d.index[rim & ~crack] = ctx.top
            d.keep |= hole | rim | crack

    draw.__doc__ = "Chips and holes, at least two a tile however small."
    return draw
