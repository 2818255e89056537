"""Covers of worked land and climbing plants: furrows, vine rows, seedlings, ivy, seaweed
and rock strata.

They draw after the material's generator, like the features of :mod:`.features`, wrap on
the torus (rows are spaced by a whole fraction of the tile, so they meet across the
repeat) and use the surface's own ramp for its relief, accents for plants:

- ``furrows``: tilled soil (``"farmland"``): parallel furrows, a dark trough under a lit
  ridge, at a steady pitch;
- ``vine rows``: a vineyard: furrows with leafy vines along every other one;
- ``seedlings``: a rice paddy: green sprouts standing in staggered rows on the water;
- ``ivy``: climbing plants (``"vines over a brick wall"``): strands hanging down, leaves
  to either side;
- ``seaweed``: the same strands in olive, rising from the ground;
- ``strata``: layered stone (``"sandstone"``): bands a shade apart with a dark bedding
  line along each.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from pixelkiln.engine.materials.canvas import DrawContext, Drawing, shift_level
from pixelkiln.engine.materials.features import _accent_ramp
from pixelkiln.engine.palette import Recipe

__all__ = ["LAND_DRAWERS"]

Drawer = Callable[[DrawContext, Drawing], None]
_LEAF_GREEN = Recipe(138, 0.13, 0.52)
_SEAWEED = Recipe(112, 0.09, 0.46)


def _rows(size: int, pitch: float) -> list[int]:
    """Row positions at an even, whole-fraction pitch of ``size`` (so they tile)."""
    k = max(2, round(size / pitch))
    return [round(i * size / k) for i in range(k)]


def furrows(ctx: DrawContext, d: Drawing) -> None:
    """Parallel furrows: a two-row dark trough, the ridge row above it lit."""
    rows = _rows(ctx.h, max(5.0, ctx.feature * 1.8))
    wobble = ctx.rng("furrows").random() < 0.5
    xs = np.arange(ctx.w)
    for i, y in enumerate(rows):
        # Every other furrow bends by a pixel halfway along: ploughed, not ruled.
        ys = np.full(ctx.w, y)
        if wobble and i % 2 and ctx.w >= 16:
            ys[ctx.w // 4 : 3 * ctx.w // 4] += 1
        for dy, level in ((-1, ctx.top), (0, 0), (1, min(1, ctx.top))):
            d.index[(ys + dy) % ctx.h, xs] = level
            d.keep[(ys + dy) % ctx.h, xs] = True


def vine_rows(ctx: DrawContext, d: Drawing) -> None:
    """Vineyard rows: leafy vines along every other furrow, a dark stem under each."""
    furrows(ctx, d)
    colors = d.accent(_accent_ramp(_LEAF_GREEN, 4, (0, 1, 3)))
    rows = _rows(ctx.h, max(5.0, ctx.feature * 1.8))
    rng = ctx.rng("vine rows")
    # A vine: a rounded clump of leaves, lit on its top left, on a short stem.
    clump = ((-4, 0, 2), (-4, 1, 2), (-3, -1, 2), (-3, 0, 1), (-3, 1, 1), (-3, 2, 0),
             (-2, -1, 1), (-2, 0, 1), (-2, 1, 0), (-2, 2, 0), (-1, 0, 0))  # fmt: skip
    for y in rows[:: 2 if len(rows) >= 4 else 1]:
        off = int(rng.integers(0, 5))
        for x in range(off, ctx.w + off - 2, 5):
            if rng.random() < 0.15:
                continue  # a gap in the row
            for dy, dx, c in clump:
                py, px = (y + dy) % ctx.h, (x + dx) % ctx.w
                d.index[py, px] = colors[c]
                d.keep[py, px] = True


def seedlings(ctx: DrawContext, d: Drawing) -> None:
    """Rice seedlings: two-pixel green sprouts in rows, a dark reflection pixel below."""
    colors = d.accent(_accent_ramp(_LEAF_GREEN, 4, (1, 3)))
    rows = _rows(ctx.h, 5.0)
    cols = _rows(ctx.w, 4.0)
    rng = ctx.rng("seedlings")
    for r, y in enumerate(rows):
        for x in cols:
            x2 = x + (r % 2) * 2  # staggered rows, as planted by hand
            if rng.random() < 0.15:
                continue
            lean = int(rng.integers(-1, 2)) if rng.random() < 0.4 else 0
            for py, px, c in ((y - 2, x2 + lean, colors[1]), (y - 1, x2, colors[0]), (y, x2, 0)):
                d.index[py % ctx.h, px % ctx.w] = c
                d.keep[py % ctx.h, px % ctx.w] = True


def _strands(ctx: DrawContext, d: Drawing, name: str, recipe: Recipe, rising: bool) -> None:
    """Hanging (or rising) strands with a leaf on alternate sides every other step."""
    colors = d.accent(_accent_ramp(recipe, 4, (0, 1, 3)))
    rng = ctx.rng(name)
    n = max(2, round(ctx.w / 5))
    starts = np.sort(rng.choice(ctx.w, size=min(n, ctx.w), replace=False))
    for x in starts:
        y = int(rng.integers(0, ctx.h))
        length = int(rng.integers(ctx.h // 3, max(ctx.h // 3 + 1, (ctx.h * 3) // 4)))
        side = 1
        for step in range(length):
            py = (y - step if rising else y + step) % ctx.h
            px = int(x) % ctx.w
            d.index[py, px] = colors[0]
            d.keep[py, px] = True
            if step % 2 == 1:
                lx = (px + side) % ctx.w
                d.index[py, lx] = colors[1]
                d.index[(py - 1) % ctx.h, lx] = colors[2]
                d.keep[py, lx] = d.keep[(py - 1) % ctx.h, lx] = True
                side = -side
            if rng.random() < 0.2:
                x += int(rng.choice([-1, 1]))


def ivy(ctx: DrawContext, d: Drawing) -> None:
    """Ivy and vines hanging over the surface."""
    _strands(ctx, d, "ivy", _LEAF_GREEN, rising=False)


def seaweed(ctx: DrawContext, d: Drawing) -> None:
    """Olive seaweed fronds rising from the ground."""
    _strands(ctx, d, "seaweed", _SEAWEED, rising=True)


def strata(ctx: DrawContext, d: Drawing) -> None:
    """Bedding: alternate bands a shade lighter, a dark line along each band's top."""
    rows = _rows(ctx.h, max(4.0, ctx.feature * 1.5))
    free = ~d.keep
    for k, y in enumerate(rows):
        y1 = rows[k + 1] if k + 1 < len(rows) else ctx.h
        band = np.zeros(ctx.shape, bool)
        band[y:y1] = True
        if k % 2:
            d.index = shift_level(d.index, band & free, 1, d.levels)
        line = np.zeros(ctx.shape, bool)
        line[y % ctx.h] = True
        line &= ctx.rng("strata", k).random(ctx.shape) < 0.85  # weathered, not ruled
        d.index[line & free] = 0
        d.keep |= line & free


LAND_DRAWERS: dict[str, Drawer] = {
    "furrows": furrows,
    "vine rows": vine_rows,
    "seedlings": seedlings,
    "ivy": ivy,
    "seaweed": seaweed,
    "strata": strata,
}
