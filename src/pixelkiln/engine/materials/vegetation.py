"""Vegetation family: grass (and flowers), dry grass, hay, moss, leaves, jungle, swamp,
forest floor, bark.

Grass is drawn the way a pixel artist draws it: a calm ground of two or three mid shades
in broad patches, then small tufts of 1-px blades whose tips catch the top-left light and
whose base drops a shadow pixel, scattered evenly so no tuft becomes a focal point.
Leaves are overlapping leaf sprites painted back to front; moss is a carpet of soft lit
bumps; bark is vertical fibres with dark crevices.
"""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.materials.canvas import (
    DrawContext,
    Drawing,
    bevel_levels,
    light,
    quantize,
    scatter,
)
from pixelkiln.engine.noise import fbm, rank_normalize, worley

__all__ = ["PATTERNS"]


def _ground(ctx: DrawContext, low: int, high: int, patch: float = 2.4) -> Drawing:
    """Broad warped patches using levels ``low..high``."""
    d = Drawing.blank(ctx)
    field = fbm(
        ctx.rng("ground"), ctx.shape, ctx.feature * patch, octaves=2, warp_px=ctx.feature * 1.2
    )
    second = fbm(ctx.rng("ground 2"), ctx.shape, ctx.feature * 1.3, octaves=1)
    tone = rank_normalize(0.7 * field + 0.3 * second)
    d.index = quantize(tone, high - low + 1, low=low)
    d.height = tone
    return d


def _blades(
    ctx: DrawContext,
    d: Drawing,
    per_32: float,
    length: tuple[int, int],
    lean: float,
    tip: int,
    body: int,
    shadow: int,
    stream: str = "blades",
) -> None:
    """Tufts of 2-3 blades: ``body`` shade, a ``tip`` pixel on top, a shadow at the base."""
    rng = ctx.rng(stream)
    points = scatter(ctx, stream, max(1, ctx.count(per_32)), min_dist=2.6)
    for y, x in points.astype(int):
        blades = int(rng.integers(2, 4))
        for b in range(blades):
            bx = x + (b - blades // 2) * 2 + int(rng.integers(0, 2))
            n = int(rng.integers(length[0], length[1] + 1))
            slant = lean if rng.random() < 0.5 else -lean
            for i in range(n):
                py = (y - i) % ctx.h
                px = (bx + round(i * slant)) % ctx.w
                d.index[py, px] = tip if i == n - 1 else body
                d.keep[py, px] = True
            d.index[(y + 1) % ctx.h, bx % ctx.w] = shadow
        d.units[y % ctx.h, x % ctx.w] = 0


def blades(ctx: DrawContext) -> Drawing:
    """Green grass: patchy mid ground, short blade tufts with lit tips."""
    hi = ctx.top - 1 if ctx.levels >= 4 else ctx.top
    d = _ground(ctx, 0 if ctx.levels <= 3 else 1, hi)
    body = max(1, ctx.top - 1)
    _blades(ctx, d, per_32=34, length=(2, 3), lean=0.0, tip=ctx.top, body=body, shadow=0)
    return d


def dry_blades(ctx: DrawContext) -> Drawing:
    """Dry grass: paler, longer, leaning blades, sparser, with earth showing."""
    d = _ground(ctx, 0, max(1, ctx.top - 2), patch=2.0)
    _blades(
        ctx, d, per_32=26, length=(3, 4), lean=0.5, tip=ctx.top, body=max(1, ctx.top - 1), shadow=0
    )
    return d


def hay(ctx: DrawContext) -> Drawing:
    """Hay: a thatch of long straws crossing at two angles, lit on top."""
    d = Drawing.blank(ctx, level=max(0, ctx.levels // 2 - 1))
    rng = ctx.rng("straws")
    points = scatter(ctx, "straws", max(1, ctx.count(40)), min_dist=2.0)
    for k, (y, x) in enumerate(points.astype(int)):
        n = int(rng.integers(5, 9))
        dx = 1 if k % 2 else -1
        shade = ctx.top if rng.random() < 0.35 else max(1, ctx.top - 1)
        for i in range(n):
            py, px = (y + i // 2) % ctx.h, (x + i * dx) % ctx.w
            d.index[py, px] = shade
            d.index[(py + 1) % ctx.h, px] = min(d.index[(py + 1) % ctx.h, px], 1)
            d.keep[py, px] = True
    d.height = (d.index / max(1, ctx.top)).astype(np.float64)
    return d


def moss(ctx: DrawContext) -> Drawing:
    """Moss: a carpet of soft round bumps, each lit on its top-left."""
    d = Drawing.blank(ctx)
    cells = worley(ctx.rng("bumps"), ctx.shape, ctx.feature * 0.9, jitter=0.9)
    radius = ctx.feature * 0.55
    bump = np.clip(1.0 - cells.f1 / radius, 0, 1) ** 0.7
    patch = fbm(ctx.rng("patch"), ctx.shape, ctx.feature * 2.5, octaves=2, warp_px=ctx.feature)
    height = 0.6 * bump + 0.4 * patch
    tone = rank_normalize(0.55 * height + 0.45 * (0.5 + 0.5 * ctx.bevel * light(bump)))
    d.index = quantize(tone, ctx.levels)
    d.height = height
    return d


def leaves(ctx: DrawContext) -> Drawing:
    """Foliage: overlapping leaves painted back to front, lit top-left, dark gaps."""
    d = Drawing.blank(ctx)
    size = max(3.0, ctx.feature * (1.25 if ctx.material.key == "jungle" else 0.95))
    rng = ctx.rng("leaves")
    points = scatter(ctx, "leaves", int(ctx.h * ctx.w / (size * size) * 1.6), size * 0.55)
    yy, xx = np.mgrid[0 : ctx.h, 0 : ctx.w]
    height = np.zeros(ctx.shape)
    for unit, (cy, cx) in enumerate(points, start=1):
        angle = rng.random() * np.pi
        dy = (yy - cy + ctx.h / 2) % ctx.h - ctx.h / 2
        dx = (xx - cx + ctx.w / 2) % ctx.w - ctx.w / 2
        u = dx * np.cos(angle) + dy * np.sin(angle)
        v = -dx * np.sin(angle) + dy * np.cos(angle)
        r = (u / size) ** 2 + (v / (size * 0.55)) ** 2
        leaf = r < 0.5
        d.units[leaf] = unit
        tone = 1 + int(rng.integers(0, max(1, ctx.levels - 2)))
        d.index[leaf] = tone
        height[leaf] = 1 - r[leaf]
    d.index = np.clip(d.index + bevel_levels(ctx, d.units), 0, ctx.top)
    d.index[d.units == 0] = 0
    d.height = height
    d.units[:] = 0  # leaves overlap: outlining each would turn the canopy into a net
    return d


def swamp(ctx: DrawContext) -> Drawing:
    """Swamp: murky green-brown ground with reeds (puddles come as a feature)."""
    d = _ground(ctx, 0, max(1, ctx.top - 1), patch=2.0)
    _blades(
        ctx,
        d,
        per_32=10,
        length=(3, 4),
        lean=0.0,
        tip=ctx.top,
        body=max(1, ctx.top - 1),
        shadow=0,
        stream="reeds",
    )
    return d


def forest_floor(ctx: DrawContext) -> Drawing:
    """Forest floor: dark humus patches (leaves and twigs come as features)."""
    return _ground(ctx, 0, max(1, ctx.top - 1), patch=1.8)


def bark(ctx: DrawContext) -> Drawing:
    """Bark: vertical fibres (noise stretched 4x along y), lit left edges, dark crevices."""
    d = Drawing.blank(ctx)
    fib = fbm(
        ctx.rng("fibres"),
        ctx.shape,
        (ctx.feature * 3.5, ctx.feature * 0.9),
        octaves=2,
        warp_px=ctx.feature * 0.6,
    )
    height = fib
    tone = rank_normalize(0.6 * height + 0.4 * ctx.bevel * light(height))
    d.index = quantize(tone, ctx.levels)
    crevice = fib < np.quantile(fib, 0.12)
    d.index[crevice] = 0
    d.height = height
    return d


PATTERNS = {
    "blades": blades,
    "dry_blades": dry_blades,
    "hay": hay,
    "moss": moss,
    "leaves": leaves,
    "swamp": swamp,
    "forest_floor": forest_floor,
    "bark": bark,
}
