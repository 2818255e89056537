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

__all__ = ["PATTERNS", "courses"]


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
    for r in range(rows):
        top, bottom = y_edges[r], y_edges[r + 1]
        offset = (w / per_row / 2) if (stagger and r % 2) else 0.0
        ends = np.linspace(0, w, per_row + 1)[:-1] + offset
        if jitter > 0 and per_row > 1:
            ends = ends + rng.uniform(-jitter, jitter, per_row) * (w / per_row)
        ends = np.sort(np.round(ends).astype(int) % w)
        cols = np.arange(w)
        which = (np.searchsorted(ends, cols, side="right") - 1) % per_row
        for i in range(per_row):
            units[top:bottom, cols[which == i]] = label
            label += 1
        joints[top, :] = True
        joints[top:bottom, ends] = True
    units = np.roll(units, (phase_y, phase_x), axis=(0, 1))
    joints = np.roll(joints, (phase_y, phase_x), axis=(0, 1))
    return np.where(joints, 0, units), joints


def _laid(
    ctx: DrawContext,
    units: np.ndarray,
    joints: np.ndarray,
    low: int,
    high: int,
    stream: str,
    grain: tuple[float, float] | None = None,
) -> Drawing:
    """Fill units with a per-unit tone, surface clusters and the bevel."""
    d = Drawing.blank(ctx)
    rng = ctx.rng("unit tone", stream)
    tone = rng.integers(low, high + 1, int(units.max()) + 1)
    size = grain or (ctx.feature * 0.8, ctx.feature * 1.2)
    surface = fbm(ctx.rng("surface", stream), ctx.shape, size, octaves=1)
    index = tone[units] + (surface > 0.75).astype(np.int64) - (surface < 0.2)
    index = np.clip(index, low, high) + bevel_levels(ctx, units)
    d.index = np.clip(index, 0, ctx.top)
    d.index[joints] = ctx.level(0.3) if ctx.style.outline == "lineless" else 0
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
    """Square floor tiles on a grid, grout lines, a faint alternating tone."""
    side = max(6.0, ctx.feature * 1.6)
    units, joints = courses(ctx, side, side, stagger=False, stream="tiles")
    low = 1 if ctx.levels > 3 else 0
    return _laid(
        ctx,
        units,
        joints,
        low,
        max(low, ctx.top - 1),
        "tiles",
        grain=(ctx.feature * 1.5, ctx.feature * 1.5),
    )


def roof(ctx: DrawContext) -> Drawing:
    """Roof tiles: staggered rows of rounded shingles, each row shading the one below."""
    row = max(4.0, ctx.feature * 0.85)
    units, joints = courses(ctx, row, row * 1.1, stagger=True, stream="roof")
    low = 1 if ctx.levels > 3 else 0
    d = _laid(ctx, units, joints, low, max(low, ctx.top - 1), "roof")
    # Round each shingle's lower corners: its bottom-left/right pixels fall in shadow.
    below = np.roll(units, -1, 0)
    bottom = (units > 0) & (below != units)
    left_end = np.roll(units, 1, 1) != units
    right_end = np.roll(units, -1, 1) != units
    corner = bottom & (left_end | right_end)
    d.index[corner] = ctx.level(0.3) if ctx.style.outline == "lineless" else 0
    # The overlapping row above casts a shadow on the top pixel row of each course.
    top_row = (units > 0) & (np.roll(units, 1, 0) != units)
    d.index[top_row] = np.maximum(0, np.minimum(d.index[top_row], low))
    return d


PATTERNS = {
    "brick": brick,
    "stone_brick": stone_brick,
    "floor_tiles": floor_tiles,
    "roof": roof,
}
