"""Liquid family: shallow water, deep water, acid, lava, ice.

Water is a calm body of two or three mid shades in broad warped patches, crossed by
broken wave crests - short light dashes with a darker line under them, as if lit from
the top left - never by full-width stripes. Lava is dark cooling crust plates (Voronoi
cells with a bevel) split by glowing cracks whose centre is the ramp's hottest shade.
Ice is large flat facets with a few hairline cracks and diagonal glints.
"""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.materials.canvas import (
    DrawContext,
    Drawing,
    bevel_levels,
    quantize,
)
from pixelkiln.engine.noise import fbm, rank_normalize, wave, worley

__all__ = ["PATTERNS"]


def _body(ctx: DrawContext, low: int, high: int) -> Drawing:
    d = Drawing.blank(ctx)
    field = fbm(
        ctx.rng("body"),
        ctx.shape,
        (ctx.feature * 1.6, ctx.feature * 3.0),
        octaves=2,
        warp_px=ctx.feature * 1.5,
    )
    d.index = quantize(field, high - low + 1, low=low)
    d.height = field
    return d


def _crests(ctx: DrawContext, spacing: float, share: float, keep: float) -> np.ndarray:
    """Broken, gently bent wave crests (a bool mask) with whole periods across the tile."""
    rng = ctx.rng("crests")
    periods = (max(1, round(ctx.h / spacing)), int(rng.integers(0, 2)))
    bend = (fbm(rng, ctx.shape, ctx.feature * 2.5, octaves=1) - 0.5) * 3.0
    crest = wave(ctx.shape, periods, phase=float(rng.random() * 6.28), warp=bend) > np.cos(
        np.pi * share
    )
    dashes = fbm(ctx.rng("dashes"), ctx.shape, (ctx.feature * 0.8, ctx.feature * 1.4), octaves=1)
    crest &= dashes > np.quantile(dashes, 1.0 - keep)
    # A crest is a stroke: keep only runs of at least two pixels.
    return crest & (np.roll(crest, 1, 1) | np.roll(crest, -1, 1))


def _water(ctx: DrawContext, spacing: float, keep: float) -> Drawing:
    hi = max(1, ctx.top - 1)
    d = _body(ctx, 0 if ctx.levels <= 3 else 1, hi)
    crest = _crests(ctx, spacing, 0.12, keep)
    trough = np.roll(crest, 1, 0) & ~crest
    d.index[trough] = 0
    d.index[crest] = ctx.top
    d.keep |= crest | trough  # drawn strokes: the cleanup must not shorten them
    return d


def shallow_water(ctx: DrawContext) -> Drawing:
    """Shallow water: light body, frequent short ripples."""
    return _water(ctx, spacing=max(4.0, ctx.feature * 0.95), keep=0.45)


def deep_water(ctx: DrawContext) -> Drawing:
    """Deep water: darker body, longer and sparser swells."""
    return _water(ctx, spacing=max(5.0, ctx.feature * 1.3), keep=0.55)


def acid(ctx: DrawContext) -> Drawing:
    """Acid: a bright, smooth, syrupy body with few crests (bubbles come as a feature)."""
    return _water(ctx, spacing=max(5.0, ctx.feature * 1.5), keep=0.35)


def lava(ctx: DrawContext) -> Drawing:
    """Lava: dark crust plates with a top-left bevel, glowing cracks between them."""
    d = Drawing.blank(ctx)
    warp_rng = ctx.rng("warp")
    warp = (
        (fbm(warp_rng, ctx.shape, ctx.feature * 2, octaves=1) - 0.5) * ctx.feature,
        (fbm(warp_rng, ctx.shape, ctx.feature * 2, octaves=1) - 0.5) * ctx.feature,
    )
    cells = worley(ctx.rng("crust"), ctx.shape, ctx.feature * 1.5, jitter=0.9, warp=warp)
    ridge = cells.ridge
    crust = ridge > 1.6
    units = np.where(crust, cells.owner + 1, 0)
    crust_hi = max(0, ctx.levels // 2 - 1)
    tone = ctx.rng("crust tone").integers(0, crust_hi + 1, len(cells.points))
    d.index = np.where(crust, tone[cells.owner], 0)
    d.index = np.where(crust, np.clip(d.index + bevel_levels(ctx, units), 0, crust_hi + 1), 0)
    # The glow: hottest in the middle of the crack, cooling toward the crust.
    hot = ~crust
    d.index[hot] = ctx.top - 1
    d.index[hot & (ridge < 0.7)] = ctx.top
    d.units = units
    d.gaps = hot
    d.outline_inside = True  # outline the crust plates, never paint over the glow
    d.height = np.clip(ridge / 3.0, 0, 1)
    return d


def ice(ctx: DrawContext) -> Drawing:
    """Ice: large flat facets, hairline cracks on some borders, diagonal glints."""
    d = Drawing.blank(ctx)
    cells = worley(ctx.rng("facets"), ctx.shape, ctx.feature * 2.4, jitter=0.9)
    low = 1 if ctx.levels >= 4 else 0
    tone = ctx.rng("facet tone").integers(low, max(low + 1, ctx.top), len(cells.points))
    d.index = tone[cells.owner]
    frost = fbm(ctx.rng("frost"), ctx.shape, ctx.feature * 1.5, octaves=1)
    d.index[frost > np.quantile(frost, 0.85)] = max(low, ctx.top - 1)
    edge = cells.ridge < 0.9
    cracked = ctx.rng("cracked").random(len(cells.points)) < 0.5
    d.index[edge & cracked[cells.owner]] = low
    k = max(1, round(min(ctx.h, ctx.w) / 12))
    streak = wave(ctx.shape, (k, k), phase=float(ctx.rng("glint").random() * 6.28)) > 0.93
    streak &= fbm(ctx.rng("glint mask"), ctx.shape, ctx.feature * 1.5, octaves=1) > 0.55
    d.index[streak & ~edge] = ctx.top
    d.keep |= streak & ~edge
    d.height = rank_normalize(cells.ridge)
    return d


PATTERNS = {
    "shallow_water": shallow_water,
    "deep_water": deep_water,
    "acid": acid,
    "lava": lava,
    "ice": ice,
}
