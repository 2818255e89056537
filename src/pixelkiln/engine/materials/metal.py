"""Metal family: riveted metal plates (and rusted iron), hammered gold, silver and copper.

Plates are a square grid of panels with seams; each panel has a top-left bevel, a faint
brushed grain along x and a two-pixel rivet (lit head over its shadow) near each corner.
Hammered metal is soft sheen patches and many small shallow dents spread evenly:
concave, so each dent is dark on its upper left and bright on its lower right - the
opposite of a bump, which is what makes it read as beaten rather than studded.
"""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.materials.canvas import (
    DrawContext,
    Drawing,
    balance,
    bevel_levels,
    quantize,
    spread_points,
    window,
)
from pixelkiln.engine.materials.masonry import courses, unit_offsets
from pixelkiln.engine.noise import band_noise
from pixelkiln.engine.stats import quantile
from pixelkiln.engine.torus import roll

__all__ = ["PATTERNS"]


def metal_plates(ctx: DrawContext) -> Drawing:
    """Riveted plates: panels with seams, a top-left bevel, brushed streaks along x and a
    two-pixel rivet (lit head over its shadow) in each corner."""
    d = Drawing.blank(ctx)
    side = max(8.0, ctx.feature * 2.2)
    units, seams = courses(ctx, side, side, stagger=False, stream="plates")
    brushed = band_noise(
        ctx.rng("brushed"), ctx.shape, (ctx.feature * 0.4, ctx.feature * 2.2), keep=0.15
    )
    low = 1 if ctx.levels > 3 else 0
    mid = max(low, ctx.levels // 2)
    streak = (brushed > quantile(brushed, 0.8)).astype(np.int64)
    index = mid + streak + bevel_levels(ctx, units)
    d.index = np.clip(index, low, ctx.top)
    d.index[seams] = 0
    left, right, top, bottom = unit_offsets(units)
    corner_x = (left == 1) | (right == 2)
    corner_x |= (right == 1) & (left + right <= 5)
    head = (units > 0) & ((left == 1) | (right == 2)) & ((top == 1) | (bottom == 2))
    head &= (left + right >= 9) & (top + bottom >= 9)  # rivets only on roomy plates
    shadow = roll(head, 1, 0) & (units > 0)
    head2 = head | (roll(head, 0, 1) & (units > 0))
    shadow2 = shadow | (roll(shadow, 0, 1) & (units > 0))
    d.index[head2] = ctx.top
    d.index[shadow2 & ~head2] = max(0, low - 1) if ctx.levels > 3 else 0
    d.keep |= head2 | shadow2
    d.units = units
    d.gaps = seams
    d.height = np.where(seams, 0.0, 0.8 + 0.2 * brushed)
    return d


def hammered(ctx: DrawContext) -> Drawing:
    """Polished, lightly hammered metal: soft sheen patches one shade apart, and many
    small shallow round dents spread evenly - concave, so dark on their upper-left
    inside and bright on their lower-right inside."""
    d = Drawing.blank(ctx)
    sheen = band_noise(ctx.rng("sheen"), ctx.shape, ctx.feature * 1.2, keep=0.15, warp_px=2.0)
    lo = 1 if ctx.levels > 3 else 0
    d.index = quantize(balance(sheen, keep=0.15), max(2, ctx.levels - 2), low=lo, ranked=True)
    rng = ctx.rng("dents")
    dy = np.zeros(ctx.shape)
    dx = np.zeros(ctx.shape)
    inside = np.zeros(ctx.shape, bool)
    base_r = max(1.6, ctx.feature * 0.38)
    reach = int(np.ceil(base_r * 1.4)) + 1
    oy, ox = window(reach)
    centres = spread_points(ctx, "dents", max(5.0, ctx.feature * 1.35)).astype(int)
    # Every dent at once: one radius per dent, drawn in order (a Generator's array of
    # floats is its scalar draws one after another), each dent's disc in row order.
    radius = base_r * (0.75 + 0.5 * rng.random(len(centres)))
    dent, row, col = np.nonzero((oy**2 + ox**2)[None] < (radius * radius)[:, None, None])
    ys = (centres[dent, 0] + oy[row, col].astype(int)) % ctx.h
    xs = (centres[dent, 1] + ox[row, col].astype(int)) % ctx.w
    inside[ys, xs] = True
    # Where dents overlap, the later one's offsets stand, as when drawn one by one.
    flat = ys * ctx.w + xs
    last = len(flat) - 1 - np.unique(flat[::-1], return_index=True)[1]
    r = radius[dent[last]]
    dy.ravel()[flat[last]] = oy[row[last], col[last]] / r
    dx.ravel()[flat[last]] = ox[row[last], col[last]] / r
    toward = dy + dx  # positive toward the lower right
    d.index[inside & (toward < -0.35)] = max(0, lo - 1)
    d.index[inside & (toward > 0.35)] = ctx.top
    d.height = np.where(inside, np.hypot(dy, dx), 1.0)
    return d


PATTERNS = {
    "metal_plates": metal_plates,
    "hammered": hammered,
}
