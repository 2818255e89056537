"""Soil family: dirt (and dirt path), mud, sand, wet sand, gravel, ash, clay.

Loose ground is drawn as clods and grains: a warped low-frequency tone for patches, a
Voronoi layer of small raised lumps lit from the top left, and - for sand - wind ripples
drawn as broken crest lines with their shadow below, never as stacked contour bands.
"""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.materials.canvas import (
    DrawContext,
    Drawing,
    drop_lone,
    light,
    quantize,
)
from pixelkiln.engine.materials.stone import units_from_cells
from pixelkiln.engine.noise import fbm, rank_normalize, wave, worley

__all__ = ["PATTERNS"]


def _lumpy(ctx: DrawContext, lump: float, patch: float, lump_weight: float) -> np.ndarray:
    """Tone of lumpy ground: patches plus lit lumps, rank-normalised."""
    base = fbm(ctx.rng("patches"), ctx.shape, ctx.feature * patch, octaves=2, warp_px=ctx.feature)
    # Lumps never shrink under ~6.5 px: smaller ones shade into crumbs, not clods.
    cells = worley(ctx.rng("lumps"), ctx.shape, max(6.5, ctx.feature * lump), jitter=0.9)
    radius = ctx.feature * lump * 0.6
    bump = np.clip(1.0 - cells.f1 / radius, 0.0, 1.0)
    tone_of_cell = ctx.rng("lump tone").random(len(cells.points))[cells.owner]
    tone = (1 - lump_weight) * base + lump_weight * (0.6 * tone_of_cell + 0.4 * bump)
    # Capped: strong light on every small lump would split each into thin bands.
    return rank_normalize(tone + 0.45 * min(ctx.bevel, 0.9) * light(bump) * lump_weight)


def dirt(ctx: DrawContext) -> Drawing:
    """Brown earth: soft patches and small lit clods."""
    d = Drawing.blank(ctx)
    tone = _lumpy(ctx, lump=1.35, patch=2.2, lump_weight=0.5)
    d.index = quantize(tone, ctx.levels)
    d.height = tone
    return d


def mud(ctx: DrawContext) -> Drawing:
    """Dark wet mud: broad smooth patches, glossy highlights on the lit side of ridges."""
    d = Drawing.blank(ctx)
    base = fbm(ctx.rng("mud"), ctx.shape, ctx.feature * 2.0, octaves=2, warp_px=ctx.feature * 1.2)
    ridges = fbm(ctx.rng("ridges"), ctx.shape, ctx.feature * 1.2, octaves=1, warp_px=ctx.feature)
    height = 0.6 * base + 0.4 * ridges
    tone = rank_normalize(height + 0.5 * ctx.bevel * light(height))
    shares = np.ones(ctx.levels)
    shares[-1] = 0.35  # gloss is rare
    d.index = quantize(tone, ctx.levels, shares)
    d.height = height
    return d


def clay(ctx: DrawContext) -> Drawing:
    """Dried clay: large smooth plates with a slight bevel (cracks come as a feature)."""
    d = Drawing.blank(ctx)
    cells = worley(ctx.rng("plates"), ctx.shape, ctx.feature * 2.2, jitter=0.9)
    plate_tone = ctx.rng("plate tone").random(len(cells.points))[cells.owner]
    base = fbm(ctx.rng("clay"), ctx.shape, ctx.feature * 1.5, octaves=2, warp_px=ctx.feature)
    height = np.clip(cells.ridge / (ctx.feature * 0.8), 0, 1)
    tone = rank_normalize(0.5 * plate_tone + 0.5 * base + 0.35 * ctx.bevel * light(height))
    d.index = quantize(tone, ctx.levels)
    d.height = height
    return d


def ash(ctx: DrawContext) -> Drawing:
    """Powdery grey ash: very soft drifts and a few dark cinder clusters."""
    d = Drawing.blank(ctx)
    drift = fbm(
        ctx.rng("drift"), ctx.shape, ctx.feature * 2.4, octaves=2, warp_px=ctx.feature * 1.5
    )
    tone = rank_normalize(drift + 0.5 * ctx.bevel * light(drift))
    lo = 1 if ctx.levels > 3 else 0
    d.index = quantize(tone, ctx.levels - lo, low=lo)
    cinders = worley(ctx.rng("cinders"), ctx.shape, ctx.feature * 2.5, jitter=0.9)
    chosen = ctx.rng("cinder pick").random(len(cinders.points)) < 0.35 * ctx.density
    # Cinders: 2x2 specks just below-right of each chosen seed.
    spot = chosen[cinders.owner] & (np.abs(cinders.dy - 0.5) < 1) & (np.abs(cinders.dx - 0.5) < 1)
    d.index[spot] = 0
    d.height = drift
    return d


def gravel(ctx: DrawContext) -> Drawing:
    """Loose gravel: small stones packed close, each lit top-left (see stone ``_units``)."""
    # Outlined stones lose a pixel ring to the line, so they are drawn larger.
    size = max(3.6, ctx.feature * (0.85 if ctx.style.outline == "lineless" else 1.4))
    cells = worley(ctx.rng("stones"), ctx.shape, size, jitter=0.85)
    return units_from_cells(ctx, cells, 0.8, "gravel")


def _sand_base(ctx: DrawContext, ripple_share: float) -> tuple[Drawing, np.ndarray]:
    d = Drawing.blank(ctx)
    base = fbm(ctx.rng("sand"), ctx.shape, ctx.feature * 2.2, octaves=2, warp_px=ctx.feature * 1.5)
    # The base keeps to the mid shades: the lightest is for crests, the darkest for their
    # shadows.
    lo = 1 if ctx.levels >= 4 else 0
    hi = max(lo, ctx.top - 1)
    d.index = quantize(base, hi - lo + 1, low=lo)
    d.height = base
    # Ripples: a plane wave with whole periods across the tile, bent by periodic noise.
    rng = ctx.rng("ripples")
    spacing = max(4.0, ctx.feature * 1.1)
    periods = (max(1, round(ctx.h / spacing)), int(rng.integers(-1, 2)) or 1)
    bend = (fbm(rng, ctx.shape, ctx.feature * 3, octaves=1) - 0.5) * 2.4
    ripple = wave(ctx.shape, periods, phase=float(rng.random() * 6.28), warp=bend)
    crest = ripple > np.cos(np.pi * ripple_share)  # a thin band at each crest
    # Break crests into dashes so they read as ripples, not stripes.
    keep = fbm(ctx.rng("dashes"), ctx.shape, (ctx.feature, ctx.feature * 1.6), octaves=1) > 0.38
    crest &= keep
    crest &= np.roll(crest, 1, 1) | np.roll(crest, -1, 1)  # strokes of two pixels or more
    return d, crest


def sand(ctx: DrawContext) -> Drawing:
    """Desert sand: soft dunes, broken wind-ripple crests lit on top, shadow below."""
    d, crest = _sand_base(ctx, 0.14)
    shadow = np.roll(crest, 1, 0) & ~crest
    d.index[shadow] = 0
    d.index[crest] = ctx.top
    d.keep |= crest | shadow
    return d


def wet_sand(ctx: DrawContext) -> Drawing:
    """Wet sand: a darker, smoother sand - two calm shades, faint ripple lines a shade
    above the ground with a shade below, and a few small light sheens of water."""
    d = Drawing.blank(ctx)
    base = fbm(ctx.rng("sand"), ctx.shape, ctx.feature * 1.6, octaves=2, warp_px=ctx.feature)
    lo = 1 if ctx.levels >= 4 else 0
    d.index = quantize(base, 2, np.array([0.6, 0.4]), low=lo)
    _, crest = _sand_base(ctx, 0.10)
    d.index[np.roll(crest, 1, 0) & ~crest] = max(0, lo - 1)
    d.index[crest] = min(ctx.top, lo + 2)
    sheen = fbm(ctx.rng("sheen"), ctx.shape, ctx.feature * 1.1, octaves=1)
    glint = drop_lone((sheen > np.quantile(sheen, 0.94)) & ~crest)
    d.index[glint] = ctx.top
    d.keep |= crest | glint
    d.height = base
    return d


PATTERNS = {
    "dirt": dirt,
    "mud": mud,
    "clay": clay,
    "ash": ash,
    "gravel": gravel,
    "sand": sand,
    "wet_sand": wet_sand,
}
