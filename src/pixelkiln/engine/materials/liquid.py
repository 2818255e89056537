"""Liquid family: shallow water, deep water, acid, lava, ice.

Water is a calm body of two or three mid shades in small warped patches, crossed by
short wave crests - light strokes with a darker line under them, as if lit from the top
left - spread on a jittered grid, so they neither stack into stripes nor line up into a
lattice when the tile repeats. Lava is dark cooling crust plates (Voronoi cells with a
bevel) split by glowing cracks whose centre is the ramp's hottest shade. Ice is a pale
sheet of small flat facets one shade apart (alternating, so no dark patch gathers), with
hairline cracks along some facet borders, frosty flecks and short diagonal glints.
"""

from __future__ import annotations

import numpy as np
from scipy import ndimage

from pixelkiln.engine.materials.canvas import (
    DrawContext,
    Drawing,
    balance,
    bevel_levels,
    drop_lone,
    quantize,
    soften,
    spread_points,
)
from pixelkiln.engine.materials.soil import ripple_strokes
from pixelkiln.engine.noise import band_noise, fbm, rank_normalize, worley
from pixelkiln.engine.stats import quantile

__all__ = ["PATTERNS"]


def _body(ctx: DrawContext, low: int, high: int) -> Drawing:
    """The calm water body: small warped patches in levels ``low..high``, balanced."""
    d = Drawing.blank(ctx)
    field = band_noise(
        ctx.rng("body"),
        ctx.shape,
        (ctx.feature * 0.9, ctx.feature * 1.8),
        keep=0.2,
        warp_px=ctx.feature * 0.35,
    )
    tone = balance(field, keep=0.2)
    # Mostly the darker body shade, the lighter one in smaller patches: calm water.
    n = high - low + 1
    shares = np.linspace(1.6, 1.0, n) if n > 1 else None
    d.index = quantize(tone, n, shares, low=low, ranked=True)
    d.height = tone
    return d


def _water(ctx: DrawContext, spacing: tuple[float, float], length: tuple[int, int]) -> Drawing:
    """Water: the body in the mid shades, crossed by short wave crests - lit strokes in
    the lightest shade with a dark trough line under them - spread on a jittered grid,
    so they neither stack into stripes nor line up into a lattice across tiles."""
    hi = max(1, ctx.top - 1)
    d = _body(ctx, 0 if ctx.levels <= 3 else 1, hi)
    spacing = (spacing[0] / ctx.density**0.5, spacing[1] / ctx.density**0.5)
    crest, trough = ripple_strokes(ctx, "crests", spacing, length)
    d.index[trough] = 0
    d.index[crest] = ctx.top
    d.keep |= crest | trough  # drawn strokes: the cleanup must not shorten them
    return d


def shallow_water(ctx: DrawContext) -> Drawing:
    """Shallow water: light body, frequent short ripples."""
    f = ctx.feature
    return _water(ctx, (max(4.5, f * 0.95), max(7.0, f * 1.6)), (2, 4))


def deep_water(ctx: DrawContext) -> Drawing:
    """Deep water: darker body, longer and sparser swells."""
    f = ctx.feature
    return _water(ctx, (max(5.0, f * 1.15), max(9.0, f * 2.0)), (3, 5))


def acid(ctx: DrawContext) -> Drawing:
    """Acid: a bright, smooth, syrupy body with few crests (bubbles come as a feature)."""
    f = ctx.feature
    return _water(ctx, (max(6.0, f * 1.5), max(10.0, f * 2.4)), (2, 4))


def lava(ctx: DrawContext) -> Drawing:
    """Lava: dark crust plates with a top-left bevel, glowing cracks between them."""
    d = Drawing.blank(ctx)
    warp_rng = ctx.rng("warp")
    size = min(ctx.feature * 1.5, min(ctx.shape) / 3.0)
    # A gentle bend: cells stay plates (a strong warp folds them into streaks and
    # opens wide pools of glow in one part of the tile).
    warp = (
        (fbm(warp_rng, ctx.shape, ctx.feature * 2, octaves=1) - 0.5) * ctx.feature * 0.6,
        (fbm(warp_rng, ctx.shape, ctx.feature * 2, octaves=1) - 0.5) * ctx.feature * 0.6,
    )
    cells = worley(ctx.rng("crust"), ctx.shape, size, jitter=0.9, warp=warp)
    ridge = cells.ridge
    crust = ridge > 1.6
    units = np.where(crust, cells.owner + 1, 0)
    crust_hi = max(0, ctx.levels // 2 - 1)
    # Crust is one dark shade; a few plates have cooled a shade lighter. (Plates of
    # freely mixed shades clump into dark masses that repeat as blotches.) The crust
    # never reaches the glow's shades, lit rim included.
    lighter = ctx.rng("crust tone").random(len(cells.points)) < 0.2
    tone = np.where(lighter, min(1, crust_hi), 0)
    d.index = np.where(crust, tone[cells.owner], 0)
    d.index = np.where(crust, np.clip(d.index + bevel_levels(ctx, units), 0, crust_hi), 0)
    # The glow: hottest in the middle of the crack, cooling toward the crust.
    hot = ~crust
    d.index[hot] = ctx.top - 1
    d.index[hot & (ridge < 0.7)] = ctx.top
    # The crack's core is a drawn line: the cleanup must not close it (plates would
    # merge into dark masses); lone core pixels are left to the cleanup.
    d.keep |= drop_lone(hot & (ridge < 0.7))
    d.units = units
    d.gaps = hot
    d.outline_inside = True  # outline the crust plates, never paint over the glow
    d.height = np.clip(ridge / 3.0, 0, 1)
    return d


def ice(ctx: DrawContext) -> Drawing:
    """Ice: a pale sheet with broad, soft patches of deeper ice, long thin cracks that run
    across it (open arcs of large cells, never closed outlines, which read as tiles), a few
    frosty flecks and short diagonal glints."""
    d = Drawing.blank(ctx)
    low = 1 if ctx.levels >= 4 else 0
    mid = max(low, ctx.top - 1)
    deep_noise = band_noise(
        ctx.rng("deep"), ctx.shape, max(8.0, ctx.feature * 3.0), keep=0.15, warp_px=1.5
    )
    deep_noise = ndimage.gaussian_filter(deep_noise, 1.0, mode="wrap")
    deep = quantize(balance(deep_noise, keep=0.2), 2, np.array([0.65, 0.35]), ranked=True) == 1
    if min(ctx.shape) >= 32:
        deep = soften(deep, 9)
    d.index = np.where(deep, max(low, mid - 1), mid)
    size = max(6.0, ctx.feature * 3.0)
    cells = worley(ctx.rng("facets"), ctx.shape, size, jitter=0.9, even=True)
    arcs = band_noise(ctx.rng("crack arcs"), ctx.shape, size * 1.2)
    crack = drop_lone((cells.ridge < 0.75) & (arcs > quantile(arcs, 0.5)))
    d.index[crack] = np.where(deep[crack], 0, max(low, mid - 1))
    # Frost flecks and glints: small, evenly spread, in the lightest shade.
    frost = band_noise(ctx.rng("frost"), ctx.shape, max(2.0, ctx.feature * 0.35))
    fleck = drop_lone(frost > quantile(frost, 0.97)) & ~crack
    d.index[fleck] = ctx.top
    glint = np.zeros(ctx.shape, bool)
    rng = ctx.rng("glint")
    spacing = max(9.0, ctx.feature * 2.0) / ctx.density**0.5
    starts = spread_points(ctx, "glints", spacing).astype(int)
    # Every glint at once: a Generator's array of integers is its scalar draws in order.
    length = rng.integers(2, 4, size=len(starts))
    step = np.arange(3)
    on = step[None, :] < length[:, None]  # (glints, 3): the glint's own pixels
    glint[
        ((starts[:, :1] - step[None, :]) % ctx.h)[on], ((starts[:, 1:] + step[None, :]) % ctx.w)[on]
    ] = True
    glint &= ~crack
    d.index[glint] = ctx.top
    d.keep |= glint | crack
    d.height = rank_normalize(deep_noise)
    return d


PATTERNS = {
    "shallow_water": shallow_water,
    "deep_water": deep_water,
    "acid": acid,
    "lava": lava,
    "ice": ice,
}
