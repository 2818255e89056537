"""Vegetation family: grass (and flowers), dry grass, hay, moss, leaves, jungle, swamp,
forest floor, bark.

Grass is drawn the way a pixel artist draws it: a calm ground of two or three mid shades
in broad patches, then small tufts of 1-px blades whose tips catch the top-left light and
whose base drops a shadow pixel, scattered evenly so no tuft becomes a focal point.
Leaves are overlapping leaf sprites painted back to front, their shades spread evenly;
moss is a carpet of small soft lit bumps; swamp and forest floor are small calm patches;
hay is straws along a shallow diagonal; bark is vertical fibres with dark crevices.
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
    scatter,
    window,
    zscore,
)
from pixelkiln.engine.noise import band_noise, fbm, worley
from pixelkiln.engine.stats import quantile

__all__ = ["PATTERNS"]


def _ground(
    ctx: DrawContext, low: int, high: int, patch: float = 2.4, keep: float | None = None
) -> Drawing:
    """Broad warped patches using levels ``low..high``.

    With ``keep`` the patches are many small evenly spread ones (band-limited, warped),
    their tile-sized part kept at ``keep``: for ground whose patches differ strongly.
    """
    d = Drawing.blank(ctx)
    if keep is None:
        field = fbm(
            ctx.rng("ground"), ctx.shape, ctx.feature * patch, octaves=2, warp_px=ctx.feature * 1.2
        )
        second = fbm(ctx.rng("ground 2"), ctx.shape, ctx.feature * 1.3, octaves=1)
        # Broad patches, but not one big light patch per tile: their tile-sized part is
        # halved (grass reads by its patches; a full balance would flatten it).
        tone = balance(0.7 * zscore(field) + 0.3 * zscore(second), keep=0.5)
    else:
        field = band_noise(
            ctx.rng("ground"), ctx.shape, ctx.feature * patch * 0.5, keep=keep,
            warp_px=ctx.feature * 0.8,
        )  # fmt: skip
        second = band_noise(ctx.rng("ground 2"), ctx.shape, ctx.feature * 0.6)
        tone = balance(0.7 * zscore(field) + 0.3 * zscore(second), keep)
        # Small patches in many shades would crumble into specks: three at most,
        # spread over the range.
        n = min(3, high - low + 1)
        steps = np.round(np.linspace(low, high, n)).astype(np.int64)
        d.index = steps[quantize(tone, n, ranked=True)]
        d.height = tone
        return d
    d.index = quantize(tone, high - low + 1, low=low, ranked=True)
    d.height = tone
    return d


def _median(levels: np.ndarray) -> float:
    """``np.median`` of an integer array: its middle value, or the mean of its two middle
    values (both as floats, summed and halved, as ``np.mean`` takes them)."""
    n = levels.size
    middle = np.partition(levels.ravel(), [(n - 1) // 2, n // 2])
    return (float(middle[(n - 1) // 2]) + float(middle[n // 2])) / 2


def _blades(
    ctx: DrawContext,
    d: Drawing,
    per_32: float,
    length: tuple[int, int],
    lean: float,
    light_shade: int,
    dark_shade: int,
    stream: str = "blades",
    soft: float = 0.0,
) -> None:
    """Tufts of 2-3 one-pixel blades, carved into the ground: light blades where the
    ground is dark, dark blades where it is light, so every blade reads. A share
    ``soft`` of the light tufts is drawn a shade lower (quieter, less spotty)."""
    rng = ctx.rng(stream)
    ground = d.index
    mid = _median(ground)
    points = scatter(ctx, stream, max(1, ctx.count(per_32)), min_dist=2.6).astype(np.int64)
    n = len(points)
    y, x = points[:, 0], points[:, 1]
    lit = ground[y % ctx.h, x % ctx.w] <= mid
    quiet = rng.random(n) < soft
    shade = np.where(lit, np.where(quiet, max(0, light_shade - 1), light_shade), dark_shade)
    blades = rng.integers(2, 4, n)
    b = np.arange(3)[None, :]
    bx = x[:, None] + (b - blades[:, None] // 2) * 2 + rng.integers(0, 2, (n, 3))
    tall = rng.integers(length[0], length[1] + 1, (n, 3))
    slant = np.where(rng.random((n, 3)) < 0.5, lean, -lean)
    i = np.arange(length[1])[None, None, :]
    on = (b < blades[:, None])[..., None] & (i < tall[..., None])
    py = (y[:, None, None] - i) % ctx.h
    px = (bx[..., None] + np.round(i * slant[..., None]).astype(np.int64)) % ctx.w
    py, px = np.broadcast_to(py, on.shape)[on], px[on]
    d.index[py, px] = np.broadcast_to(shade[:, None, None], on.shape)[on]
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
    d = _ground(ctx, 0, max(1, ctx.top - 2), patch=2.2, keep=0.2)
    _blades(ctx, d, per_32=26, length=(3, 4), lean=0.5, light_shade=ctx.top, dark_shade=0, soft=0.5)
    return d


def hay(ctx: DrawContext) -> Drawing:
    """Hay: straws lying along a shallow diagonal - grain stretched along the straw and
    turned, lit on the upper edge, with dark gaps between the straws."""
    d = Drawing.blank(ctx)
    straws = band_noise(
        ctx.rng("straws"), ctx.shape, (ctx.feature * 0.55, ctx.feature * 2.6), angle=0.35
    )
    tone = balance(0.6 * zscore(straws) + 0.4 * zscore(light(straws)), keep=0.2)
    d.index = quantize(tone, ctx.levels, ranked=True)
    d.height = straws
    return d


def moss(ctx: DrawContext) -> Drawing:
    """Moss: a carpet of small soft bumps, each lit on its top-left, in calm patches."""
    d = Drawing.blank(ctx)
    size = max(3.5, ctx.feature * 0.8)
    cells = worley(ctx.rng("bumps"), ctx.shape, size, jitter=0.9)
    bump = np.clip(1.0 - cells.f1 / (size * 0.62), 0, 1) ** 0.7
    patch = band_noise(ctx.rng("patch"), ctx.shape, ctx.feature * 1.3)
    height = 0.65 * zscore(bump) + 0.35 * zscore(patch)
    tone = balance(height + 0.9 * min(ctx.bevel, 0.9) * zscore(light(bump)) * 0.6, keep=0.2)
    d.index = quantize(tone, ctx.levels, ranked=True)
    d.height = tone
    return d


def leaves(ctx: DrawContext) -> Drawing:
    """Foliage: overlapping leaves painted back to front, lit top-left, dark gaps.

    Each leaf's shade comes from a balanced field at its centre (plus a little chance),
    so light and dark leaves spread evenly instead of clumping into blotches.
    """
    d = Drawing.blank(ctx)
    size = max(3.0, ctx.feature * (1.1 if ctx.material.key == "jungle" else 0.95))
    rng = ctx.rng("leaves")
    points = scatter(ctx, "leaves", int(ctx.h * ctx.w / (size * size) * 1.6), size * 0.55)
    n = len(points)
    # Leaves take the mid shades; flat shading has no rim, so it spreads them wider.
    spread = ctx.levels - 1 if ctx.bevel <= 0 else max(1, ctx.levels - 2)
    field = balance(band_noise(ctx.rng("leaf tone"), ctx.shape, size * 1.2), keep=0.1)
    iy, ix = points[:, 0].astype(np.int64), points[:, 1].astype(np.int64)
    mix = 0.75 * field[iy % ctx.h, ix % ctx.w] + 0.25 * rng.random(n)
    tone = 1 + np.minimum((mix * spread).astype(np.int64), spread - 1)
    angle = rng.random(n) * np.pi
    # Every leaf in its own small window (wrapping), all at once; painted in order, so
    # later leaves lie on top (back to front).
    # A leaf (rr < 0.5 below) lies within size * sqrt(0.5) of its point, and the point
    # within a pixel of the window's centre: the window reaches just past that.
    r = int(np.ceil(size * 0.71)) + 1
    wy, wx = window(r)
    dy = wy[None] - (points[:, 0] - iy)[:, None, None]
    dx = wx[None] - (points[:, 1] - ix)[:, None, None]
    c, s_ = np.cos(angle)[:, None, None], np.sin(angle)[:, None, None]
    u = dx * c + dy * s_
    v = -dx * s_ + dy * c
    rr = (u / size) ** 2 + (v / (size * 0.55)) ** 2
    leaf = rr < 0.5
    ys = ((iy[:, None, None] + wy[None].astype(np.int64)) % ctx.h)[leaf]
    xs = ((ix[:, None, None] + wx[None].astype(np.int64)) % ctx.w)[leaf]
    which = np.broadcast_to(np.arange(n)[:, None, None], leaf.shape)[leaf]
    d.units[ys, xs] = which + 1
    d.index[ys, xs] = tone[which]
    height = np.zeros(ctx.shape)
    height[ys, xs] = 1 - rr[leaf]
    d.index = np.clip(d.index + bevel_levels(ctx, d.units), 0, ctx.top)
    d.index[d.units == 0] = 0
    d.height = height
    d.units[:] = 0  # leaves overlap: outlining each would turn the canopy into a net
    return d


def swamp(ctx: DrawContext) -> Drawing:
    """Swamp: murky green-brown ground in small calm patches, with reeds (puddles of
    stagnant water come as a feature)."""
    d = _ground(ctx, 0, max(1, ctx.top - 1), patch=2.0, keep=0.2)
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
    """Forest floor: dark humus in small patches with lighter crumbs (leaves and twigs
    come as features)."""
    d = _ground(ctx, 0, max(1, ctx.top - 1), patch=1.8, keep=0.2)
    crumbs = band_noise(ctx.rng("crumbs"), ctx.shape, max(2.0, ctx.feature * 0.45))
    bits = drop_lone(crumbs > quantile(crumbs, 0.93))
    d.index[bits] = np.minimum(d.index[bits] + 1, ctx.top)
    return d


def bark(ctx: DrawContext) -> Drawing:
    """Bark: vertical fibres (grain stretched along y, but never a tile long), lit left
    edges, dark crevices between them."""
    d = Drawing.blank(ctx)
    fib = band_noise(
        ctx.rng("fibres"), ctx.shape, (ctx.feature * 2.2, ctx.feature * 0.75), spread=0.5
    )
    tone = balance(zscore(fib) + 0.5 * ctx.bevel * zscore(light(fib)), keep=0.2)
    d.index = quantize(tone, ctx.levels, ranked=True)
    crevice = fib < quantile(fib, 0.12)
    d.index[crevice] = 0
    d.height = fib
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
