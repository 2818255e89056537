"""Metal family: riveted metal plates (and rusted iron), hammered gold, silver and copper.

Plates are a square grid of panels with seams; each panel has a top-left bevel, a faint
brushed grain along x and a two-pixel rivet (lit head over its shadow) near each corner.
Hammered metal is a field of shallow dents: concave, so each dent is dark on its upper
left and bright on its lower right - the opposite of a bump, which is what makes it read
as beaten rather than studded.
"""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.materials.canvas import DrawContext, Drawing, bevel_levels, light, quantize
from pixelkiln.engine.materials.masonry import courses
from pixelkiln.engine.noise import fbm, rank_normalize, worley

__all__ = ["PATTERNS"]


def metal_plates(ctx: DrawContext) -> Drawing:
    """Riveted plates: panels with seams, bevel, brushed grain and corner rivets."""
    d = Drawing.blank(ctx)
    side = max(8.0, ctx.feature * 2.6)
    units, seams = courses(ctx, side, side, stagger=False, stream="plates")
    brushed = fbm(ctx.rng("brushed"), ctx.shape, (ctx.feature * 0.7, ctx.feature * 5.0), octaves=1)
    low = 1 if ctx.levels > 3 else 0
    mid = max(low, ctx.top - 2)
    tone = ctx.rng("plate tone").integers(0, 2, int(units.max()) + 1)
    index = mid + tone[units] - (brushed < 0.3) + bevel_levels(ctx, units)
    d.index = np.clip(index, low, ctx.top)
    d.index[seams] = ctx.level(0.25) if ctx.style.outline == "lineless" else 0
    # Rivets two pixels in from each panel corner: light head above its shadow.
    inner = (units > 0) & (np.roll(units, 2, 0) != units) & (np.roll(units, 3, 0) == units)
    side_x = (np.roll(units, 2, 1) != units) & (np.roll(units, 3, 1) == units)
    side_x |= (np.roll(units, -3, 1) != units) & (np.roll(units, -4, 1) == units)
    heads = inner & side_x
    for y, x in zip(*np.nonzero(heads), strict=True):
        for dx in (0, 1):
            d.index[y, (x + dx) % ctx.w] = ctx.top
            d.index[(y + 1) % ctx.h, (x + dx) % ctx.w] = 0
            d.keep[y, (x + dx) % ctx.w] = True
            d.keep[(y + 1) % ctx.h, (x + dx) % ctx.w] = True
    d.units = units
    d.gaps = seams
    d.height = np.where(seams, 0.0, 0.8 + 0.2 * brushed)
    return d


def hammered(ctx: DrawContext) -> Drawing:
    """Hammered metal: shallow dents, dark upper-left and bright lower-right inside each."""
    d = Drawing.blank(ctx)
    cells = worley(ctx.rng("dents"), ctx.shape, ctx.feature * 1.1, jitter=0.8)
    radius = ctx.feature * 0.7
    dent = -(np.clip(1.0 - cells.f1 / radius, 0, 1) ** 1.5)  # concave
    sheen = fbm(ctx.rng("sheen"), ctx.shape, ctx.feature * 3.0, octaves=1, warp_px=ctx.feature)
    tone = rank_normalize(0.45 * sheen + 0.55 * (0.5 + 0.5 * max(0.4, ctx.bevel) * light(dent)))
    d.index = quantize(tone, ctx.levels)
    d.height = 1.0 + dent
    return d


PATTERNS = {
    "metal_plates": metal_plates,
    "hammered": hammered,
}
