"""Masonry family: brick, stone brick, floor tiles, roof tiles.

All four are *courses*: rows of units separated by 1-px joints, laid out so that the tile
wraps - a whole number of rows, a whole number of units per row, and a half-unit offset
only when the row count is even (otherwise the offset row would meet itself across the
seam). The whole layout is shifted by a random phase, so joints do not sit on the tile
edge (an emphasised edge is one of the classic tiling tells). Units get their own tone,
surface clusters and a top-left bevel; roof tiles get a rounded lower edge and the
shadow of the row above.
"""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.materials.canvas import DrawContext, Drawing, bevel_levels
from pixelkiln.engine.noise import fbm
from pixelkiln.engine.torus import roll

__all__ = ["PATTERNS", "courses", "unit_offsets"]


def courses(
    ctx: DrawContext,
    row_px: float,
    unit_px: float,
    stagger: bool,
    stream: str,
    jitter: float = 0.0,
) -> tuple[np.ndarray, np.ndarray]:
    """Unit labels (1..) and joint mask of a wrapped course layout.

    Row heights and unit widths are whole pixels from ``linspace`` so unequal leftovers
    spread evenly; ``jitter`` (0..0.4) moves unit ends by up to that share of a unit.
    """
    h, w = ctx.shape
    rng = ctx.rng("courses", stream)
    rows = max(1, round(h / row_px))
    if stagger and rows % 2:
        rows = rows + 1 if h / (rows + 1) >= 3 else max(2, rows - 1)
    per_row = max(1, round(w / unit_px))
    y_edges = np.round(np.linspace(0, h, rows + 1)).astype(int)
    phase_y, phase_x = int(rng.integers(0, h)), int(rng.integers(0, w))
    units = np.zeros((h, w), np.int64)
    joints = np.zeros((h, w), bool)
    label = 1
    starts = np.linspace(0, w, per_row + 1)[:-1]  # the same for every row
    cols = np.arange(w)
    for r in range(rows):
        top, bottom = y_edges[r], y_edges[r + 1]
        offset = (w / per_row / 2) if (stagger and r % 2) else 0.0
        ends = starts + offset
        if jitter > 0:
            ends = ends + rng.uniform(-jitter, jitter, per_row) * (w / per_row)
            if not stagger:
                # Free-laid rows (planks): each row's joints start anywhere, so joints of
                # neighbouring rows never line up into a seam-like column.
                ends = ends + rng.uniform(0, w)
        ends = np.sort(np.round(ends).astype(int) % w)
        which = (np.searchsorted(ends, cols, side="right") - 1) % per_row
        units[top:bottom] = label + which  # unit i of the row is labelled ``label + i``
        label += per_row
        joints[top, :] = True
        joints[top:bottom, ends] = True
    # ``np.roll``: random phases would fill the tables of :func:`roll` with one per phase.
    units = np.roll(units, (phase_y, phase_x), axis=(0, 1))
    joints = np.roll(joints, (phase_y, phase_x), axis=(0, 1))
    return np.where(joints, 0, units), joints


def _run_back(units: np.ndarray, axis: int) -> np.ndarray:
    """Per pixel, how many pixels back along ``axis`` its unit continues (around the torus,
    at most the tile's length - 1)."""
    a = np.moveaxis(units, axis, -1)
    n = a.shape[-1]
    starts = a != roll(a, 0, 1)  # ``a`` is 2-D: its last axis
    # Two laps round the torus: a run that wraps finds its start in the first lap.
    positions = np.arange(2 * n)
    marked = np.where(np.concatenate([starts, starts], axis=-1), positions, 0)
    last = np.maximum.accumulate(marked, axis=-1)[..., n:]
    dist = np.minimum(positions[n:] - last, n - 1)
    return np.moveaxis(dist, -1, axis)


def unit_offsets(units: np.ndarray) -> tuple[np.ndarray, ...]:
    """Distance in pixels from each unit pixel to its unit's left, right, top and bottom
    end (0 on the end itself), counted around the torus."""
    left = _run_back(units, 1)
    right = _run_back(units[:, ::-1], 1)[:, ::-1]
    top = _run_back(units, 0)
    bottom = _run_back(units[::-1], 0)[::-1]
    return left, right, top, bottom


def _laid(
    ctx: DrawContext,
    units: np.ndarray,
    joints: np.ndarray,
    low: int,
    high: int,
    stream: str,
    grain: tuple[float, float] | None = None,
) -> Drawing:
    """Fill units with a per-unit tone, surface clusters and the bevel.

    Joints take the darkest shade, or - lineless with five or more shades - the next one
    up; unit tones always stay above the joint shade, so units never melt into mortar.
    """
    d = Drawing.blank(ctx)
    rng = ctx.rng("unit tone", stream)
    lineless = ctx.style.outline == "lineless" and ctx.bevel > 0
    mortar = 1 if lineless and ctx.levels >= 5 else 0
    low = max(low, mortar + 1)
    high = max(high, low)
    if ctx.bevel <= 0:  # flat: no rims, so let unit tones spread to the lightest shade
        high = max(high, min(ctx.top, high + 1))
    tone = rng.integers(low, high + 1, int(units.max()) + 1)
    size = grain or (ctx.feature * 0.8, ctx.feature * 1.2)
    surface = fbm(ctx.rng("surface", stream), ctx.shape, size, octaves=1)
    # Surface wear: a few darker stains (flat shading keeps each unit one flat tone).
    stains = (surface < 0.16) if ctx.bevel > 0 else np.zeros(ctx.shape, bool)
    index = tone[units] - stains.astype(np.int64)
    bevel = bevel_levels(ctx, units)
    index = np.clip(index, low, high) + bevel
    d.index = np.clip(index, mortar, ctx.top)
    d.index[joints] = mortar
    d.units = units
    d.gaps = joints
    d.height = np.where(joints, 0.0, 0.8 + 0.2 * surface)
    return d


def brick(ctx: DrawContext) -> Drawing:
    """Bricks in running bond: 2:1 units, half-brick offset every other course."""
    row = max(4.0, ctx.feature * 0.8)
    units, joints = courses(ctx, row, row * 2.2, stagger=True, stream="brick")
    low = 1 if ctx.levels > 3 else 0
    return _laid(ctx, units, joints, low, max(low, ctx.top - 1), "brick")


def stone_brick(ctx: DrawContext) -> Drawing:
    """Cut stone blocks: taller courses, uneven block lengths."""
    row = max(5.0, ctx.feature * 1.2)
    units, joints = courses(ctx, row, row * 1.8, stagger=True, stream="stone", jitter=0.3)
    low = 1 if ctx.levels > 3 else 0
    return _laid(ctx, units, joints, low, max(low, ctx.top - 1), "stone")


def floor_tiles(ctx: DrawContext) -> Drawing:
    """Square floor tiles on a grid with grout; each tile flat with a top-left bevel."""
    side = max(6.0, ctx.feature * 1.6)
    units, joints = courses(ctx, side, side, stagger=False, stream="tiles")
    low = 1 if ctx.levels > 3 else 0
    tone = max(low, ctx.top - 1)
    return _laid(ctx, units, joints, tone, tone, "tiles", grain=(ctx.feature * 3, ctx.feature * 3))


def roof(ctx: DrawContext) -> Drawing:
    """Roof tiles: staggered rows of barrel shingles. Each shingle: a lit left flank, a
    mid face, a shaded right flank, a U-shaped lower edge whose lifted corners show the
    dark gap beneath; each row shades the top pixel row of the one below it.

    Shingles of a row touch (no vertical joint): their flanks alone separate them.
    """
    d = Drawing.blank(ctx)
    row = max(5.0, ctx.feature * 1.25)
    units, joints = courses(ctx, row, max(5.0, row * 1.05), stagger=True, stream="roof")
    vertical = joints & ~roll(joints, 0, 1) & ~roll(joints, 0, -1)
    units = np.where(vertical, roll(units, 0, -1), units)  # joint pixel joins the right one
    joints = joints & ~vertical
    left, right, top, bottom = unit_offsets(units)
    across = left / np.maximum(left + right, 1)
    shingle = units > 0
    low = 1 if ctx.levels > 3 else 0
    mid = max(low, ctx.levels // 2)
    tone = ctx.rng("shingle tone").integers(0, 2 if ctx.levels >= 5 else 1, int(units.max()) + 1)
    face = np.clip(mid + tone[units], 0, ctx.top)
    flank = max(1, round(ctx.bevel + 0.4)) if ctx.bevel > 0 else 0
    d.index = face.copy()
    d.index[shingle & (across < 0.3)] = np.clip(face + flank, 0, ctx.top)[shingle & (across < 0.3)]
    d.index[shingle & (across > 0.7)] = np.clip(face - 1, 0, ctx.top)[shingle & (across > 0.7)]
    d.index[joints] = 0
    d.index[shingle & (top == 0)] = max(0, mid - 1)
    lift = np.round(1.4 * (2.0 * across - 1.0) ** 4).astype(np.int64)
    d.index[shingle & (bottom < lift)] = 0
    d.units = units
    d.gaps = joints
    d.height = np.where(shingle, np.sin(np.pi * across), 0.0)
    return d


PATTERNS = {
    "brick": brick,
    "stone_brick": stone_brick,
    "floor_tiles": floor_tiles,
    "roof": roof,
}
