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
    """Snow: soft lit drifts, blue hollows."""
    d = Drawing.blank(ctx)
    drift = fbm(ctx.rng("drift"), ctx.shape, ctx.feature * 2.6, octaves=2, warp_px=ctx.feature)
    tone = rank_normalize(0.4 * drift + 0.6 * (0.5 + 0.5 * max(ctx.bevel, 0.3) * light(drift)))
    shares = np.linspace(0.5, 1.6, ctx.levels)  # mostly light
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
    """Sky: calm blue in wide horizontal bands of tone, a few small lit clouds."""
    d = Drawing.blank(ctx)
    air = fbm(
        ctx.rng("air"),
        ctx.shape,
        (ctx.feature * 2.0, ctx.feature * 5.0),
        octaves=1,
        warp_px=ctx.feature,
    )
    hi = max(1, ctx.top - 2)
    d.index = quantize(air, hi + 1)
    puffs = _puffs(ctx, "sky", ctx.feature * 1.3)
    keep = fbm(ctx.rng("cloud mask"), ctx.shape, ctx.feature * 3.5, octaves=1)
    cloud = (puffs > 0.45) & (keep > 0.6)
    lit = light(puffs) > 0
    d.index[cloud] = np.where(lit, ctx.top, max(0, ctx.top - 1))[cloud]
    labels = np.where(cloud, 1, 0)
    d.units = labels
    d.height = np.where(cloud, 0.5 + 0.5 * puffs, 0.3 * air)
    return d


PATTERNS = {"snow": snow, "cloud": cloud, "sky": sky}
