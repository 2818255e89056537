"""Snow and sky family: snow, cloud, sky.

Snow is a white field with soft, rounded pale-blue hollows between the drifts (its ramp is
a cool one: no warm tint, which reads as dirt on snow). Clouds are puffs (Voronoi bumps at two
sizes, the larger in front) lit on their upper left with cool shade underneath; sky is a
calm blue with faint wisps of haze and small soft cloudlets spread evenly over the tile.
Every broad tone is balanced (:func:`~.canvas.balance`): no tile holds one big drift or
cloud that would stamp the repeat.
"""

from __future__ import annotations

import numpy as np
from scipy import ndimage

from pixelkiln.engine.materials.canvas import (
    DrawContext,
    Drawing,
    balance,
    light,
    quantize,
    soften,
    spread_points,
    zscore,
)
from pixelkiln.engine.noise import band_noise, worley
from pixelkiln.engine.torus import roll

__all__ = ["PATTERNS"]


def snow(ctx: DrawContext) -> Drawing:
    """Snow as pixel artists draw it: a white field with soft, rounded hollows of pale blue
    between the drifts, deeper blue at their bottoms and along their top edge, where the
    drift above overhangs. Three light shades carry it (sparkles are added as a feature)."""
    d = Drawing.blank(ctx)
    top = ctx.top
    size = max(8.0, ctx.feature * 2.0)
    drift = band_noise(ctx.rng("drift"), ctx.shape, size, keep=0.15, warp_px=1.5)
    drift = ndimage.gaussian_filter(drift, 1.2, mode="wrap")  # rounder hollows
    depth = quantize(balance(drift, keep=0.2), 3, np.array([0.6, 0.3, 0.1]), ranked=True)
    hollow, core = depth >= 1, depth == 2
    if min(ctx.shape) >= 32:
        # No slivers or specks: hollows are soft, rounded shapes.
        hollow, core = soften(hollow, 9), soften(core, 5)
    # The lip: the hollow's top row, in the shadow of the drift's overhang above it; a
    # lip pixel with no lip beside it would be a speck, so it is left out.
    lip = hollow & ~roll(hollow, 1, 0)
    lip &= roll(lip, 0, 1) | roll(lip, 0, -1)
    d.index = np.full(ctx.shape, top, np.int64)
    d.index[hollow] = max(0, top - 1)
    d.index[core | lip] = max(0, top - 2)
    d.height = drift
    return d


def _puffs(ctx: DrawContext, stream: str, size: float) -> np.ndarray:
    big = worley(ctx.rng("puffs", stream), ctx.shape, size, jitter=0.9)
    small = worley(ctx.rng("puffs small", stream), ctx.shape, size * 0.55, jitter=0.9)
    b1 = np.clip(1 - big.f1 / (size * 0.75), 0, 1)
    b2 = np.clip(1 - small.f1 / (size * 0.45), 0, 1)
    return np.sqrt(np.maximum(b1, 0.8 * b2))


def cloud(ctx: DrawContext) -> Drawing:
    """Cloud tops: round puffs lit from the top left, cool shade below them."""
    d = Drawing.blank(ctx)
    height = _puffs(ctx, "cloud", min(ctx.feature * 1.7, min(ctx.shape) / 3.0))
    lit = 0.5 + 0.5 * max(ctx.bevel, 0.4) * light(height)
    tone = balance(0.5 * zscore(height) + 0.5 * zscore(lit), keep=0.2)
    shares = np.linspace(0.5, 1.5, ctx.levels)
    d.index = quantize(tone, ctx.levels, shares, ranked=True)
    d.height = height
    return d


def sky(ctx: DrawContext) -> Drawing:
    """Sky: calm blue with faint wisps of haze one shade up, and small soft cloudlets
    spread over the tile, lit on top with a shaded lower edge."""
    d = Drawing.blank(ctx)
    base = max(0, ctx.top - (3 if ctx.levels >= 5 else 2))
    haze = band_noise(
        ctx.rng("haze"), ctx.shape, (ctx.feature * 0.6, ctx.feature * 1.8), keep=0.15,
        warp_px=1.5,
    )  # fmt: skip
    d.index = quantize(balance(haze, keep=0.15), 2, np.array([0.8, 0.2]), low=base, ranked=True)
    # Cloudlets: a few small puffs (two or three overlapping discs, flattened below).
    rng = ctx.rng("cloudlets")
    cloud = np.zeros(ctx.shape, bool)
    r = max(1.5, ctx.feature * 0.32)
    reach = int(np.ceil(r * 3))
    oy, ox = np.mgrid[-reach : reach + 1, -reach * 2 : reach * 2 + 1]
    spacing = (max(6.0, ctx.feature * 1.3), max(10.0, ctx.feature * 2.2))
    for y, x in spread_points(ctx, "cloudlets", spacing).astype(int):
        if rng.random() < 0.3:
            continue  # some gaps: clear sky between the cloudlets
        shape = np.zeros(oy.shape, bool)
        for k in range(int(rng.integers(2, 4))):
            cy, cx = -rng.random() * r * 0.7, (k - 1) * r * 1.2 + rng.normal() * 0.4
            rad = r * (0.9 + 0.4 * rng.random())
            shape |= (oy - cy) ** 2 + (ox - cx) ** 2 <= rad**2
        shape &= oy <= 0.5 * r  # flattened bottom
        cloud[(y + oy[shape]) % ctx.h, (x + ox[shape]) % ctx.w] = True
    # Soft cloudlets: the body one shade above the haze, lit only along the top-left
    # rim (a bright mass per cloudlet would stamp the tile).
    rim = cloud & (~roll(cloud, 1, 0) | ~roll(cloud, 0, 1))
    rim &= ~(cloud & ~roll(cloud, -1, 0))  # not on the bottom row
    d.index[cloud] = max(base + 1, ctx.top - 1)
    d.index[rim] = ctx.top
    d.units = cloud.astype(np.int64)
    d.height = np.where(cloud, 1.0, 0.3 * haze)
    return d


PATTERNS = {"snow": snow, "cloud": cloud, "sky": sky}
