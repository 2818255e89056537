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
from pixelkiln.engine.noise import fbm, lattice_noise, rank_normalize, worley

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
    light_shade: int,
    dark_shade: int,
    stream: str = "blades",
) -> None:
    """Tufts of 2-3 one-pixel blades, carved into the ground: light blades where the
    ground is dark, dark blades where it is light, so every blade reads."""
    rng = ctx.rng(stream)
    ground = d.index.copy()
    mid = np.median(ground)
    points = scatter(ctx, stream, max(1, ctx.count(per_32)), min_dist=2.6)
    for y, x in points.astype(int):
        shade = light_shade if ground[y % ctx.h, x % ctx.w] <= mid else dark_shade
        blades = int(rng.integers(2, 4))
        for b in range(blades):
            bx = x + (b - blades // 2) * 2 + int(rng.integers(0, 2))
            n = int(rng.integers(length[0], length[1] + 1))
            slant = lean if rng.random() < 0.5 else -lean
            for i in range(n):
                py = (y - i) % ctx.h
                px = (bx + round(i * slant)) % ctx.w
                d.index[py, px] = shade
                d.keep[py, px] = True


def blades(ctx: DrawContext) -> Drawing:
    """Green grass: patchy mid ground, short blade tufts carved light or dark."""
    # Ground in two (or three) mid shades; the darkest and lightest are kept for blades.
    lo = 0 if ctx.levels <= 3 else 1
    hi = max(lo, ctx.top - 1)
    d = _ground(ctx, lo, hi, patch=1.8)
    _blades(
        ctx,
        d,
        per_32=36 if ctx.material.key == "grass" else 28,
        length=(2, 3),
        lean=0.0,
        light_shade=ctx.top,
        dark_shade=0,
    )
    return d


def dry_blades(ctx: DrawContext) -> Drawing:
    """Dry grass: paler, longer, leaning blades, sparser, with earth showing."""
    d = _ground(ctx, 0, max(1, ctx.top - 2), patch=2.0)
    _blades(ctx, d, per_32=22, length=(3, 4), lean=0.5, light_shade=ctx.top, dark_shade=0)
    return d


def hay(ctx: DrawContext) -> Drawing:
    """Hay: long straws lying along a shallow diagonal - noise stretched along the straw
    and sheared by a whole tile per tile (so it still wraps), lit on the upper edge."""
    d = Drawing.blank(ctx)
    rng = ctx.rng("straws")
    shear = np.arange(ctx.h, dtype=np.float64)[:, None] * (ctx.w / ctx.h) * np.ones((1, ctx.w))
    total = np.zeros(ctx.shape)
    for octave, amp in ((1, 1.0), (2, 0.5)):
        cells = (max(2, round(ctx.h / (ctx.feature * 0.5))) * octave, 3 * octave)
        total += amp * lattice_noise(rng, ctx.shape, cells, warp=(np.zeros(ctx.shape), shear))
    height = rank_normalize(total)
    tone = rank_normalize(0.6 * height + 0.4 * (0.5 + 0.5 * light(height)))
    d.index = quantize(tone, ctx.levels)
    d.height = height
    return d


def moss(ctx: DrawContext) -> Drawing:
    """Moss: a carpet of soft round bumps, each lit on its top-left."""
    d = Drawing.blank(ctx)
    cells = worley(ctx.rng("bumps"), ctx.shape, ctx.feature * 0.9, jitter=0.9)
    radius = ctx.feature * 0.55
    bump = np.clip(1.0 - cells.f1 / radius, 0, 1) ** 0.7
    patch = fbm(ctx.rng("patch"), ctx.shape, ctx.feature * 2.5, octaves=2, warp_px=ctx.feature)
    height = 0.6 * bump + 0.4 * patch
    tone = rank_normalize(0.55 * height + 0.45 * (0.5 + 0.5 * min(ctx.bevel, 0.9) * light(bump)))
    d.index = quantize(tone, ctx.levels)
    d.height = height
    return d


def leaves(ctx: DrawContext) -> Drawing:
    """Foliage: overlapping leaves painted back to front, lit top-left, dark gaps."""
    d = Drawing.blank(ctx)
    size = max(3.0, ctx.feature * (1.25 if ctx.material.key == "jungle" else 0.95))
    rng = ctx.rng("leaves")
    points = scatter(ctx, "leaves", int(ctx.h * ctx.w / (size * size) * 1.6), size * 0.55)
    height = np.zeros(ctx.shape)
    # Each leaf is drawn in its own small window (wrapping), back to front.
    r = int(np.ceil(size)) + 1
    wy, wx = np.mgrid[-r : r + 1, -r : r + 1].astype(np.float64)
    for unit, (cy, cx) in enumerate(points, start=1):
        angle = rng.random() * np.pi
        iy, ix = int(cy), int(cx)
        dy = wy - (cy - iy)
        dx = wx - (cx - ix)
        u = dx * np.cos(angle) + dy * np.sin(angle)
        v = -dx * np.sin(angle) + dy * np.cos(angle)
        rr = (u / size) ** 2 + (v / (size * 0.55)) ** 2
        leaf = rr < 0.5
        ys = (iy + wy[leaf].astype(np.int64)) % ctx.h
        xs = (ix + wx[leaf].astype(np.int64)) % ctx.w
        d.units[ys, xs] = unit
        # Leaves take the mid shades; flat shading has no rim, so it spreads them wider.
        spread = ctx.levels - 1 if ctx.bevel <= 0 else max(1, ctx.levels - 2)
        d.index[ys, xs] = 1 + int(rng.integers(0, spread))
        height[ys, xs] = 1 - rr[leaf]
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
        light_shade=ctx.top,
        dark_shade=0,
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
