"""Snow and sky family: snow, cloud, sky.

Snow is soft drifts shaded by the top-left light, mostly the two lightest shades with blue
shadows in the hollows. Clouds are puffs (Voronoi bumps at two sizes, the larger in front)
lit on their upper left with cool shade underneath; sky is a calm blue with a few small
clouds of the same construction.
"""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.materials.canvas import DrawContext, Drawing, light, quantize
from pixelkiln.engine.noise import fbm, rank_normalize, worley

__all__ = ["PATTERNS"]


def snow(ctx: DrawContext) -> Drawing:
    """Snow: soft drifts, white where they face the top-left light, cool blue shadow
    crescents only on the slopes turned away - shaded from n·l, not from height, so the
    drifts do not turn into concentric rings."""
    d = Drawing.blank(ctx)
    drift = fbm(ctx.rng("drift"), ctx.shape, ctx.feature * 2.2, octaves=2, warp_px=ctx.feature)
    lit = light(drift)
    grain = fbm(ctx.rng("grain"), ctx.shape, ctx.feature * 0.9, octaves=1)
    tone = rank_normalize(0.75 * lit + 0.25 * grain)
    shares = np.linspace(0.35, 1.8, ctx.levels) ** 1.3  # mostly the light shades
    d.index = quantize(tone, ctx.levels, shares)
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
    height = _puffs(ctx, "cloud", ctx.feature * 1.9)
    tone = rank_normalize(0.5 * height + 0.5 * (0.5 + 0.5 * max(ctx.bevel, 0.4) * light(height)))
    shares = np.linspace(0.5, 1.5, ctx.levels)
    d.index = quantize(tone, ctx.levels, shares)
    d.height = height
    return d


def sky(ctx: DrawContext) -> Drawing:
    """Sky: calm blue with faint horizontal streaks, and a few small flat-bottomed clouds
    lit on top with a shaded lower edge."""
    d = Drawing.blank(ctx)
    air = fbm(
        ctx.rng("air"),
        ctx.shape,
        (ctx.feature * 1.4, ctx.feature * 5.0),
        octaves=1,
        warp_px=ctx.feature * 0.6,
    )
    base = max(0, ctx.top - (3 if ctx.levels >= 5 else 2))
    d.index = quantize(air, 2, np.array([0.7, 0.3]), low=base)
    puff = fbm(
        ctx.rng("clouds"),
        ctx.shape,
        (ctx.feature * 1.4, ctx.feature * 2.8),
        octaves=2,
        warp_px=ctx.feature * 0.8,
    )
    cloud = puff > np.quantile(puff, 0.78)
    underside = cloud & ~np.roll(cloud, -1, 0)  # bottom row of each cloud
    underside |= cloud & ~np.roll(cloud, -2, 0) & ~np.roll(cloud, -1, 1)
    d.index[cloud] = ctx.top
    d.index[underside] = max(base + 1, ctx.top - 1)
    d.units = cloud.astype(np.int64)
    d.height = np.where(cloud, 0.5 + 0.5 * puff, 0.3 * air)
    return d


PATTERNS = {"snow": snow, "cloud": cloud, "sky": sky}
