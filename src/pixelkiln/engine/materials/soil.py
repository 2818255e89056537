"""Soil family: dirt (and dirt path), mud, sand, wet sand, gravel, ash, clay.

Loose ground is drawn as clods and grains: a calm, low-contrast tone for patches, a
Voronoi layer of small raised lumps lit from the top left, and - for sand - wind-ripple
crests drawn as short lit strokes with their shadow below, placed on a jittered grid so
they neither stack into stripes nor line up into a lattice when the tile repeats. Every
final tone goes through :func:`~.canvas.balance`, so no tile carries one big blotch.
"""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.materials.canvas import (
    DrawContext,
    Drawing,
    balance,
    bevel_levels,
    drop_lone,
    light,
    quantize,
    spread_points,
    zscore,
)
from pixelkiln.engine.materials.stone import units_from_cells
from pixelkiln.engine.noise import band_noise, checkered, fbm, worley
from pixelkiln.engine.stats import quantile

__all__ = ["PATTERNS", "ripple_strokes"]


def _lumpy(ctx: DrawContext, lump: float, patch: float, lump_weight: float) -> np.ndarray:
    """Tone of lumpy ground, 0..1: soft patches plus small lit lumps.

    The lumps, small and evenly spread, carry most of the contrast; the patches only
    tint the ground, and the tile-sized part of the whole is turned down.
    """
    base = fbm(ctx.rng("patches"), ctx.shape, ctx.feature * patch, octaves=2, warp_px=ctx.feature)
    # Lumps never shrink under ~5.5 px: smaller ones shade into crumbs, not clods.
    size = max(5.5, ctx.feature * lump)
    cells = worley(ctx.rng("lumps"), ctx.shape, size, jitter=0.9)
    bump = np.clip(1.0 - cells.f1 / (size * 0.6), 0.0, 1.0)
    tone_of_cell = ctx.rng("lump tone").random(len(cells.points))[cells.owner]
    lumps = zscore(0.5 * tone_of_cell + 0.5 * bump)
    tone = (1 - lump_weight) * zscore(base) + lump_weight * lumps
    # Capped: strong light on every small lump would split each into thin bands.
    tone = tone + 0.9 * min(ctx.bevel, 0.9) * light(bump) * lump_weight
    return balance(tone, keep=0.25)


def dirt(ctx: DrawContext) -> Drawing:
    """Brown earth: soft patches and small lit clods."""
    d = Drawing.blank(ctx)
    tone = _lumpy(ctx, lump=1.1, patch=2.0, lump_weight=0.6)
    d.index = quantize(tone, ctx.levels, ranked=True)
    d.height = tone
    return d


def mud(ctx: DrawContext) -> Drawing:
    """Dark wet mud: soft ridges, glossy highlights on the lit side of each small ridge,
    darker wet hollows (puddles come as a feature)."""
    d = Drawing.blank(ctx)
    base = fbm(ctx.rng("mud"), ctx.shape, ctx.feature * 1.6, octaves=2, warp_px=ctx.feature)
    ridges = band_noise(ctx.rng("ridges"), ctx.shape, max(3.5, ctx.feature * 0.9), keep=0.2)
    height = 0.35 * zscore(base) + 0.65 * zscore(ridges)
    tone = balance(height + 0.8 * ctx.bevel * light(ridges), keep=0.2)
    shares = np.ones(ctx.levels)
    shares[-1] = 0.35  # gloss is rare
    d.index = quantize(tone, ctx.levels, shares, ranked=True)
    d.height = tone
    return d


def clay(ctx: DrawContext) -> Drawing:
    """Dried clay: flat plates split by a net of thin dark shrinkage cracks, the plates
    in two calm shades (alternating, so no dark patch gathers), lit on their top-left
    rim, with a few small specks."""
    d = Drawing.blank(ctx)
    size = min(max(6.0, ctx.feature * 1.4), min(ctx.shape) / 3.0)
    warp_rng = ctx.rng("plate warp")
    warp = (
        (fbm(warp_rng, ctx.shape, size * 1.5, octaves=1) - 0.5) * size * 0.5,
        (fbm(warp_rng, ctx.shape, size * 1.5, octaves=1) - 0.5) * size * 0.5,
    )
    cells = worley(ctx.rng("plates"), ctx.shape, size, jitter=0.9, warp=warp)
    lo = 1 if ctx.levels >= 4 else 0
    mid = ctx.top if ctx.bevel <= 0 else max(lo, ctx.top - 1)
    upper = checkered(cells, ctx.rng("plate tone"))
    index = np.where(upper[cells.owner], mid, max(lo, mid - 1))
    crack = cells.ridge < 0.65  # thin: dried clay, not cobbles in mortar
    units = np.where(crack, 0, cells.owner + 1)
    index = np.clip(index + np.maximum(bevel_levels(ctx, units), 0), 0, ctx.top)
    specks = band_noise(ctx.rng("specks"), ctx.shape, max(2.0, ctx.feature * 0.35))
    spot = drop_lone(specks > quantile(specks, 0.94)) & ~crack
    index[spot] = np.maximum(index[spot] - 1, lo)
    index[crack] = 0
    d.index = index
    d.keep |= crack
    d.height = np.clip(cells.ridge / size, 0, 1)
    return d


def ash(ctx: DrawContext) -> Drawing:
    """Powdery grey ash: soft low drifts and many small dark cinder clusters."""
    d = Drawing.blank(ctx)
    drift = band_noise(ctx.rng("drift"), ctx.shape, ctx.feature * 1.2, keep=0.2)
    grain = band_noise(ctx.rng("grain"), ctx.shape, max(3.0, ctx.feature * 0.55))
    tone = balance(zscore(drift) + 0.6 * zscore(grain) + 0.6 * ctx.bevel * light(drift))
    lo = 1 if ctx.levels > 3 else 0
    d.index = quantize(tone, ctx.levels - lo, low=lo, ranked=True)
    # Cinders: 2x2 (or 2x1) specks, evenly spread, in the darkest shade.
    rng = ctx.rng("cinders")
    for y, x in spread_points(ctx, "cinders", max(6.0, ctx.feature * 1.6 / ctx.density**0.3)):
        wide = 2 if rng.random() < 0.6 else 1
        d.index[int(y) % ctx.h, (int(x) + np.arange(2)) % ctx.w] = 0
        d.index[(int(y) + 1) % ctx.h, (int(x) + np.arange(wide)) % ctx.w] = 0
    d.height = drift
    return d


def gravel(ctx: DrawContext) -> Drawing:
    """Loose gravel: small stones packed close, each lit top-left (see stone ``_units``)."""
    # Outlined stones lose a pixel ring to the line, so they are drawn larger.
    size = max(3.6, ctx.feature * (0.85 if ctx.style.outline == "lineless" else 1.4))
    cells = worley(ctx.rng("stones"), ctx.shape, size, jitter=0.85)
    return units_from_cells(ctx, cells, 0.8, "gravel")


def ripple_strokes(
    ctx: DrawContext, stream: str, spacing: tuple[float, float], length: tuple[int, int]
) -> tuple[np.ndarray, np.ndarray]:
    """Short wind-ripple or wave crests: (crest, shadow) masks.

    Each crest is a 1-px stroke of ``length`` px (min, max), its ends dipping a pixel
    like a shallow arc, placed on a jittered grid ``spacing`` (y, x) apart, so strokes
    spread evenly, vary in length and never line up across tiles. The shadow is the
    pixel row under each stroke.
    """
    points = spread_points(ctx, stream, spacing, jitter=0.9)
    rng = ctx.rng("strokes", stream)
    n = len(points)
    lengths = rng.integers(length[0], length[1] + 1, n)
    top = int(length[1])
    step = np.arange(top)[None, :]
    start = points[:, 1:2].astype(np.int64) - lengths[:, None] // 2
    xs = (start + step) % ctx.w
    # A shallow arc: the ends sit one row lower on longer strokes.
    dip = ((step == 0) | (step == lengths[:, None] - 1)) & (lengths[:, None] >= 5)
    ys = (points[:, 0:1].astype(np.int64) + dip) % ctx.h
    on = step < lengths[:, None]
    crest = np.zeros(ctx.shape, bool)
    crest[ys[on], xs[on]] = True
    shadow = np.roll(crest, 1, 0) & ~crest
    return crest, shadow


def _sand_base(ctx: DrawContext, levels: int, low: int) -> np.ndarray:
    """Calm sand ground in ``levels`` shades from ``low``: soft dune patches, balanced."""
    dunes = fbm(ctx.rng("sand"), ctx.shape, ctx.feature * 1.8, octaves=2, warp_px=ctx.feature)
    grain = band_noise(ctx.rng("sand grain"), ctx.shape, max(3.5, ctx.feature * 0.8))
    tone = balance(zscore(dunes) + 0.6 * zscore(grain), keep=0.25)
    return quantize(tone, levels, low=low, ranked=True)


def sand(ctx: DrawContext) -> Drawing:
    """Desert sand: soft dunes, short wind-ripple crests lit on top, shadow below."""
    d = Drawing.blank(ctx)
    # The base keeps to the mid shades: the lightest is for crests, the darkest for their
    # shadows.
    lo = 1 if ctx.levels >= 4 else 0
    hi = max(lo, ctx.top - 1)
    d.index = _sand_base(ctx, hi - lo + 1, lo)
    spacing = (max(4.0, ctx.feature * 0.9), max(8.0, ctx.feature * 1.8))
    crest, shadow = ripple_strokes(ctx, "ripples", spacing, (3, 6))
    d.index[shadow] = 0
    d.index[crest] = ctx.top
    d.keep |= crest | shadow
    d.height = d.index / max(1, ctx.top)
    return d


def wet_sand(ctx: DrawContext) -> Drawing:
    """Wet sand: a darker, smoother sand - two calm shades, faint ripple lines a shade
    above the ground with a shade below, and a few small light sheens of water."""
    d = Drawing.blank(ctx)
    lo = 1 if ctx.levels >= 4 else 0
    d.index = _sand_base(ctx, 2, lo)
    spacing = (max(5.0, ctx.feature * 1.1), max(9.0, ctx.feature * 2.0))
    crest, shadow = ripple_strokes(ctx, "ripples", spacing, (3, 5))
    d.index[shadow] = max(0, lo - 1)
    d.index[crest] = min(ctx.top, lo + 2)
    sheen = band_noise(ctx.rng("sheen"), ctx.shape, ctx.feature * 0.7)
    glint = drop_lone((sheen > quantile(sheen, 0.95)) & ~crest & ~shadow)
    d.index[glint] = ctx.top
    d.keep |= crest | shadow | glint
    d.height = d.index / max(1, ctx.top)
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
