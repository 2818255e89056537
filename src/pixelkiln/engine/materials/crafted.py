"""Crafted surfaces: wood planks, carpet, fabric, parchment, asphalt road.

Planks are courses of boards (unequal widths) with end joints staggered from row to row,
grain drawn as noise stretched along the board, a few knots and a pair of nails by each
joint. Carpet is a woven diamond motif from two crossing plane waves (whole periods, so it
wraps); fabric is a plaid of bands; parchment is soft blotches with short fibres; asphalt
is dark grain with lighter aggregate.
"""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.materials.canvas import (
    DrawContext,
    Drawing,
    bevel_levels,
    drop_lone,
    quantize,
    scatter,
)
from pixelkiln.engine.materials.masonry import courses
from pixelkiln.engine.noise import fbm, rank_normalize, wave, worley
from pixelkiln.engine.palette import Recipe, build_ramp

__all__ = ["PATTERNS"]


def planks(ctx: DrawContext) -> Drawing:
    """Wood planks: boards with grain, staggered joints, knots and nails."""
    d = Drawing.blank(ctx)
    board = max(4.0, ctx.feature * 0.95)
    units, joints = courses(ctx, board, ctx.w * 0.75, stagger=False, stream="planks", jitter=0.4)
    grain = fbm(
        ctx.rng("grain"),
        ctx.shape,
        (ctx.feature * 0.55, ctx.feature * 4.0),
        octaves=2,
        warp_px=ctx.feature * 0.4,
    )
    low = 1 if ctx.levels > 3 else 0
    tone = ctx.rng("board tone").integers(0, 2, int(units.max()) + 1)
    levels = quantize(grain, max(2, ctx.levels - 2), low=low)
    index = np.clip(levels + tone[units] - 1 + bevel_levels(ctx, units), low, ctx.top)
    d.index = np.where(joints, 0, index)  # the gap between boards is dark in every style
    rng = ctx.rng("knots")
    for y, x in scatter(ctx, "knots", max(1, ctx.count(1.2)), 10.0).astype(int):
        ys = [y % ctx.h, y % ctx.h]
        xs = [x % ctx.w, (x + 1) % ctx.w]
        if not joints[ys, xs].any():
            d.index[ys, xs] = low
            d.keep[ys, xs] = True
    # Nails: a 2-px head (light over dark) just inside each end joint of a board.
    ends = joints & ~np.roll(joints, 1, 1) & ~np.roll(joints, -1, 1)
    ys, xs = np.nonzero(ends)
    for y, x in zip(ys, xs, strict=True):
        top = (units[(y - 1) % ctx.h, x] == 0) or joints[(y - 1) % ctx.h, x]
        if top and rng.random() < 0.9:
            nx = (x + 2) % ctx.w
            for dy, shade in ((1, ctx.top), (2, 0)):
                if units[(y + dy) % ctx.h, nx] > 0 and not joints[(y + dy) % ctx.h, nx]:
                    d.index[(y + dy) % ctx.h, nx] = shade
                    d.keep[(y + dy) % ctx.h, nx] = True
    d.units = units
    d.gaps = joints
    d.height = np.where(joints, 0.0, 0.7 + 0.3 * grain)
    return d


def carpet(ctx: DrawContext) -> Drawing:
    """Carpet: a woven diamond lattice in a second (gold) colour over a soft pile."""
    d = Drawing.blank(ctx)
    # Whole periods per axis in proportion to the sides keep the lattice near 45 degrees.
    period = max(10.0, ctx.feature * 3.2)
    ky, kx = max(1, round(ctx.h / period)), max(1, round(ctx.w / period))
    motif = wave(ctx.shape, (ky, kx)) * wave(ctx.shape, (ky, -kx))
    pile = fbm(ctx.rng("pile"), ctx.shape, ctx.feature * 1.5, octaves=1)
    low = 1 if ctx.levels > 3 else 0
    d.index = quantize(pile, 2, low=low)
    (gold,) = d.accent(build_ramp(Recipe(85, 0.11, 0.72), 4)[[2]])
    # Lattice lines where the motif changes sign: one pixel wide, 8-connected.
    sign = motif > 0
    line = drop_lone(sign != np.roll(sign, 1, 1))
    d.index[line] = gold
    centre = motif > 0.8
    d.index[centre & ~line] = ctx.top
    d.keep |= line | centre
    d.height = (motif + 1) / 2
    return d


def fabric(ctx: DrawContext) -> Drawing:
    """Fabric: a plaid of wide and narrow bands - crossings one shade darker, gaps one
    lighter - with a thin light stripe each way."""
    d = Drawing.blank(ctx)
    rng = ctx.rng("plaid")

    def bands(n: int) -> np.ndarray:
        # An even number of band edges, so the on/off pattern closes around the torus.
        k = 2 * max(1, round(n / max(8.0, ctx.feature * 2.4)))
        edges = np.sort(rng.choice(np.arange(n), size=min(k, n - n % 2), replace=False))
        marks = np.zeros(n, np.int64)
        marks[edges] = 1
        return np.cumsum(marks) % 2

    rows = bands(ctx.h)[:, None]
    cols = bands(ctx.w)[None, :]
    # Open cloth light, one band mid, crossings dark.
    light_shade = max(1, ctx.top - 1)
    d.index = np.clip(light_shade - rows - cols, 0, ctx.top).astype(np.int64)
    stripe = np.zeros(ctx.shape, bool)
    stripe[int(rng.integers(0, ctx.h)), :] = True
    stripe[:, int(rng.integers(0, ctx.w))] = True
    d.index[stripe] = ctx.top
    d.keep |= stripe
    d.height = d.index / max(1, ctx.top)
    return d


def parchment(ctx: DrawContext) -> Drawing:
    """Parchment: pale soft blotches, a few darker stains, short fibres."""
    d = Drawing.blank(ctx)
    blot = fbm(ctx.rng("blot"), ctx.shape, ctx.feature * 2.8, octaves=2, warp_px=ctx.feature)
    lo = max(0, ctx.top - 2)
    d.index = quantize(blot, ctx.top - lo + 1, low=lo)
    stain = fbm(ctx.rng("stain"), ctx.shape, ctx.feature * 2.0, octaves=1)
    d.index[stain > np.quantile(stain, 0.93)] = max(0, lo - 1)
    rng = ctx.rng("fibres")
    for y, x in scatter(ctx, "fibres", max(1, ctx.count(6)), 5.0).astype(int):
        n = int(rng.integers(2, 4))
        d.index[y % ctx.h, (x + np.arange(n)) % ctx.w] = max(0, ctx.top - 1)
    d.height = blot
    return d


def asphalt(ctx: DrawContext) -> Drawing:
    """Asphalt: dark fine grain in small clusters, lighter aggregate stones."""
    d = Drawing.blank(ctx)
    grain = fbm(ctx.rng("grain"), ctx.shape, max(3.0, ctx.feature * 0.9), octaves=1)
    patch = fbm(ctx.rng("patch"), ctx.shape, ctx.feature * 3, octaves=1)
    tone = rank_normalize(0.6 * grain + 0.4 * patch)
    hi = max(1, ctx.top - 1)
    d.index = quantize(tone, hi + 1)
    stones = worley(ctx.rng("aggregate"), ctx.shape, max(3.5, ctx.feature * 0.8), jitter=0.9)
    chosen = ctx.rng("aggregate pick").random(len(stones.points)) < 0.3
    agg = chosen[stones.owner] & (stones.f1 < 1.1)
    d.index[agg] = ctx.top
    d.height = tone
    return d


PATTERNS = {
    "planks": planks,
    "carpet": carpet,
    "fabric": fabric,
    "parchment": parchment,
    "asphalt": asphalt,
}
