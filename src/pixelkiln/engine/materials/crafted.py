"""Crafted surfaces: wood planks, carpet, fabric, parchment, asphalt road.

Planks are courses of boards (unequal widths) with end joints staggered from row to row,
grain drawn as noise stretched along the board, a few knots and a pair of nails by each
joint. Carpet is a woven diamond motif from two crossing plane waves (whole periods, so it
wraps); fabric is a twill weave under a small plaid that repeats several times per tile;
parchment is calm, with small soft blotches, stains and short fibres; asphalt is dark
grain with lighter aggregate.
"""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.materials.canvas import (
    DrawContext,
    Drawing,
    balance,
    bevel_levels,
    drop_lone,
    quantize,
    scatter,
    spread_points,
    zscore,
)
from pixelkiln.engine.materials.masonry import courses
from pixelkiln.engine.noise import band_noise, fbm, wave, worley
from pixelkiln.engine.palette import Recipe, build_ramp
from pixelkiln.engine.stats import quantile
from pixelkiln.engine.torus import roll

__all__ = ["PATTERNS"]


def planks(ctx: DrawContext) -> Drawing:
    """Wood planks: boards with grain, staggered joints, knots and nails."""
    d = Drawing.blank(ctx)
    board = max(4.0, ctx.feature * 0.95)
    units, joints = courses(ctx, board, ctx.w * 0.75, stagger=False, stream="planks", jitter=0.4)
    grain = fbm(
        ctx.rng("grain"),
        ctx.shape,
        (ctx.feature * 0.55, ctx.feature * 2.4),
        octaves=2,
        warp_px=ctx.feature * 0.4,
    )
    low = 1 if ctx.levels > 3 else 0
    tone = ctx.rng("board tone").integers(0, 2, int(units.max()) + 1)
    levels = quantize(grain, max(2, ctx.levels - 2))
    # Dark grain lines: short streaks along the board, so no board is one flat run.
    lines = band_noise(ctx.rng("grain lines"), ctx.shape, (ctx.feature * 0.3, ctx.feature * 1.4))
    streak = drop_lone(lines > quantile(lines, 0.86))
    # Boards run the whole tile: they share one tone (boards of different tones would
    # stripe the repeat), and the grain and streaks tell them apart. A few boards are
    # a shade lighter on their grain's upper half.
    board = low + levels + ((tone[units] == 1) & (levels > 0) & (ctx.levels > 4))
    index = np.clip(board - streak + bevel_levels(ctx, units), low, ctx.top)
    d.index = np.where(joints, 0, index)  # the gap between boards is dark in every style
    rng = ctx.rng("knots")
    for y, x in scatter(ctx, "knots", max(1, ctx.count(1.2)), 10.0).astype(int):
        ys = [y % ctx.h, y % ctx.h]
        xs = [x % ctx.w, (x + 1) % ctx.w]
        if not joints[ys, xs].any():
            d.index[ys, xs] = low
            d.keep[ys, xs] = True
    # Nails: a 2-px head (light over dark) just inside each end joint of a board.
    ends = joints & ~roll(joints, 0, 1) & ~roll(joints, 0, -1)
    ys, xs = np.nonzero(ends)
    for y, x in zip(ys, xs, strict=True):
        top = (units[(y - 1) % ctx.h, x] == 0) or joints[(y - 1) % ctx.h, x]
        if top and rng.random() < 0.9:
            nx = (x + 2) % ctx.w
            # Under a black outline the joints turn black, and the nail's dark shadow
            # pixel would stand alone: the head is enough there.
            black = ctx.style.outline == "single color black outline"
            for dy, shade in ((1, ctx.top),) if black else ((1, ctx.top), (2, 0)):
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
    line = drop_lone(sign != roll(sign, 0, 1))
    d.index[line] = gold
    centre = motif > 0.8
    d.index[centre & ~line] = ctx.top
    d.keep |= line | centre
    d.height = (motif + 1) / 2
    return d


def _plaid_period(n: int) -> int:
    """The plaid's repeat along a side of ``n`` px: 16 or 8 px when that divides the
    side into enough repeats (three or more on big tiles, two on small ones), so the
    plaid reads as cloth, not as the tile's own grid; else the whole side."""
    for period in (16, 8):
        if n % period == 0 and n // period >= (3 if n >= 32 else 2):
            return period
    return n


def fabric(ctx: DrawContext) -> Drawing:
    """Fabric: a fine twill weave (diagonal ribs two pixels wide, one shade apart) under
    a plaid of wide and narrow bands one shade darker, crossed by thin light threads.
    The plaid repeats several times per tile, so its grid is the cloth's, not the
    tile's."""
    d = Drawing.blank(ctx)
    rng = ctx.rng("plaid")

    def bands(n: int) -> tuple[np.ndarray, np.ndarray]:
        # An even number of band edges, so the on/off pattern closes around its period.
        period = _plaid_period(n)
        k = 2 * max(1, round(period / max(8.0, ctx.feature * 2.0)))
        edges = np.sort(rng.choice(np.arange(period), size=min(k, period - period % 2),
                                   replace=False))  # fmt: skip
        marks = np.zeros(period, np.int64)
        marks[edges] = 1
        thread = np.zeros(period, bool)
        thread[int(rng.integers(0, period))] = True
        reps = n // period
        return np.tile(np.cumsum(marks) % 2, reps), np.tile(thread, reps)

    rows, thread_rows = bands(ctx.h)
    cols, thread_cols = bands(ctx.w)
    yy, xx = np.mgrid[0 : ctx.h, 0 : ctx.w]
    # Twill ribs: whole 4-px periods only where both sides allow (else plain cloth).
    weave = ((xx + yy) % 4 < 2) if ctx.h % 4 == 0 and ctx.w % 4 == 0 else np.zeros(ctx.shape)
    band = np.maximum(rows[:, None], cols[None, :])
    top_cloth = max(1, ctx.top - 1)
    d.index = np.clip(top_cloth - weave - band, 0, ctx.top).astype(np.int64)
    stripe = thread_rows[:, None] | thread_cols[None, :]
    d.index[stripe] = ctx.top
    d.keep |= stripe
    d.height = d.index / max(1, ctx.top)
    return d


def parchment(ctx: DrawContext) -> Drawing:
    """Parchment: pale, calm, with soft small blotches, a few small darker stains and
    short fibres spread over the sheet."""
    d = Drawing.blank(ctx)
    blot = band_noise(ctx.rng("blot"), ctx.shape, ctx.feature * 1.2, keep=0.15, warp_px=2.5)
    lo = max(0, ctx.top - 2)
    d.index = quantize(balance(blot, keep=0.15), ctx.top - lo + 1, np.array([0.2, 0.35, 0.45]
                       )[-(ctx.top - lo + 1):], low=lo)  # fmt: skip
    stain = band_noise(ctx.rng("stain"), ctx.shape, ctx.feature * 0.6)
    d.index[drop_lone(stain > quantile(stain, 0.96))] = max(0, lo - 1)
    rng = ctx.rng("fibres")
    starts = spread_points(ctx, "fibres", max(5.0, ctx.feature * 1.2)).astype(int)
    # Every fibre at once: a Generator's array of integers is its scalar draws in order.
    length = rng.integers(2, 4, size=len(starts))
    along = np.arange(3)
    on = along[None, :] < length[:, None]  # (fibres, 3): the fibre's own pixels
    ys = np.broadcast_to(starts[:, :1] % ctx.h, on.shape)[on]
    xs = ((starts[:, 1:] + along[None, :]) % ctx.w)[on]
    d.index[ys, xs] = max(0, ctx.top - 1)
    d.height = blot
    return d


def asphalt(ctx: DrawContext) -> Drawing:
    """Asphalt: dark fine grain in small clusters, lighter aggregate stones."""
    d = Drawing.blank(ctx)
    grain = band_noise(ctx.rng("grain"), ctx.shape, max(2.0, ctx.feature * 0.5))
    patch = band_noise(ctx.rng("patch"), ctx.shape, ctx.feature * 1.3, keep=0.15)
    tone = balance(0.65 * zscore(grain) + 0.35 * zscore(patch), keep=0.15)
    hi = max(1, ctx.top - 1)
    d.index = quantize(tone, hi + 1, ranked=True)
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
