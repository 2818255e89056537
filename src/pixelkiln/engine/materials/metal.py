"""Metal family: riveted metal plates (and rusted iron), hammered gold, silver and copper.

Plates are a square grid of panels with seams; each panel has a top-left bevel, a faint
brushed grain along x and a two-pixel rivet (lit head over its shadow) near each corner.
Hammered metal is a field of shallow dents: concave, so each dent is dark on its upper
left and bright on its lower right - the opposite of a bump, which is what makes it read
as beaten rather than studded.
"""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.materials.canvas import DrawContext, Drawing, bevel_levels, quantize
from pixelkiln.engine.materials.masonry import courses, unit_offsets
from pixelkiln.engine.noise import fbm, rank_normalize, wave, worley

__all__ = ["PATTERNS"]


def metal_plates(ctx: DrawContext) -> Drawing:
    """Riveted plates: panels with seams, a top-left bevel, brushed streaks along x and a
    two-pixel rivet (lit head over its shadow) in each corner."""
    d = Drawing.blank(ctx)
    side = max(8.0, ctx.feature * 2.6)
    units, seams = courses(ctx, side, side, stagger=False, stream="plates")
    brushed = fbm(ctx.rng("brushed"), ctx.shape, (ctx.feature * 0.6, ctx.feature * 5.0), octaves=1)
    low = 1 if ctx.levels > 3 else 0
    mid = max(low, ctx.levels // 2)
    streak = (brushed > 0.72).astype(np.int64)
    index = mid + streak + bevel_levels(ctx, units)
    d.index = np.clip(index, low, ctx.top)
    d.index[seams] = 0
    left, right, top, bottom = unit_offsets(units)
    corner_x = (left == 1) | (right == 2)
    corner_x |= (right == 1) & (left + right <= 5)
    head = (units > 0) & ((left == 1) | (right == 2)) & ((top == 1) | (bottom == 2))
    head &= (left + right >= 9) & (top + bottom >= 9)  # rivets only on roomy plates
    shadow = np.roll(head, 1, 0) & (units > 0)
    head2 = head | (np.roll(head, 1, 1) & (units > 0))
    shadow2 = shadow | (np.roll(shadow, 1, 1) & (units > 0))
    d.index[head2] = ctx.top
    d.index[shadow2 & ~head2] = max(0, low - 1) if ctx.levels > 3 else 0
    d.keep |= head2 | shadow2
    d.units = units
    d.gaps = seams
    d.height = np.where(seams, 0.0, 0.8 + 0.2 * brushed)
    return d


def hammered(ctx: DrawContext) -> Drawing:
    """Polished, lightly hammered metal: broad soft sheen bands across the surface, and
    shallow round dents - concave, so dark on their upper-left inside and bright on
    their lower-right inside."""
    d = Drawing.blank(ctx)
    k = max(1, round(min(ctx.h, ctx.w) / max(12.0, ctx.feature * 3.5)))
    bend = (fbm(ctx.rng("bend"), ctx.shape, ctx.feature * 2.5, octaves=1) - 0.5) * 3.0
    sheen = rank_normalize(wave(ctx.shape, (k, k), warp=bend))
    lo = 1 if ctx.levels > 3 else 0
    d.index = quantize(sheen, max(2, ctx.levels - 2), low=lo)
    cells = worley(ctx.rng("dents"), ctx.shape, ctx.feature * 1.6, jitter=0.7)
    radius = max(1.6, ctx.feature * 0.42)
    inside = cells.f1 < radius
    toward = (cells.dy + cells.dx) / radius  # positive toward the lower right
    d.index[inside & (toward < -0.3)] = max(0, lo - 1)
    d.index[inside & (toward > 0.3)] = ctx.top
    d.height = np.where(inside, cells.f1 / radius, 1.0)
    return d


PATTERNS = {
    "metal_plates": metal_plates,
    "hammered": hammered,
}
