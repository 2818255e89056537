"""Drawing a tall-wall canvas: plateau (upper), wall face (transition) and ground (lower).

The wall hangs one tile below the plateau's south edge (see
:mod:`pixelkiln.engine.wang.layouts`). Its vertical position ``omega`` (0 at the top
rim, 1 at the foot) is ``0.5 + w_lower - w_upper`` of the blended corner weights: a
world function, continuous across tiles, so the face's shading bands run unbroken along
a wall of any length. Light from the top left:

- plateau: lit lip on its north/west rims and along the wall's top edge;
- wall: the wall material, lit near the top and darkening toward the foot (Pro: with
  dithered steps and vertical cracks), darker ends where it meets the ground;
- ground: a cast shadow below the wall foot and a contact shadow beside the plateau;
- twins: where a wall meets plateau that continues south, ``closed`` tiles shade the
  wall's end as a recess and ``stepped`` tiles give it a lit outer edge (interior of the
  tile only, so both twins fit the same neighbours).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pixelkiln.engine.rng import make_rng
from pixelkiln.engine.wang.corners import LOWER, TRANSITION, UPPER
from pixelkiln.engine.wang.field import Canvas, Shape, bump, weights
from pixelkiln.engine.wang.terrain import ShadeTable
from pixelkiln.engine.wang.topdown import shifted

__all__ = ["WallLook", "draw_tallwall"]


@dataclass(frozen=True)
class WallLook:
    pro: bool
    low_view: bool = False
    reach: int = 3


def _near(mask: np.ndarray, offsets: list[tuple[int, int]]) -> np.ndarray:
    out = np.zeros(mask.shape, bool)
    for dy, dx in offsets:
        out |= shifted(mask, dy, dx)
    return out


def _cracks(canvas: Canvas, seed: int) -> np.ndarray:
    """Vertical crack columns of the wall face: periodic in x, broken up along y."""
    t = canvas.tile
    rng = make_rng(seed, "wall-cracks")
    cols = np.zeros(t, bool)
    for x in range(1, t, max(4, t // 5)):
        cols[(x + int(rng.integers(0, 3))) % t] = True
    spans = rng.random(t) < 0.6
    lengths = np.zeros((t, t), bool)
    for x in np.flatnonzero(cols):
        start = int(rng.integers(0, t))
        ln = int(rng.integers(t // 4, t // 2 + 1))
        for y in range(ln):
            lengths[(start + y) % t, x] = spans[x] or y % 3 != 2
    return lengths[canvas.ty, canvas.tx]


def draw_tallwall(
    canvas: Canvas,
    labels: np.ndarray,
    lower: ShadeTable,
    upper: ShadeTable,
    wall: ShadeTable,
    look: WallLook,
) -> np.ndarray:
    """(H, W, 3) uint8 colours of a tall-wall canvas (crop ``canvas.pad`` afterwards)."""
    up, wl, lo = labels == UPPER, labels == TRANSITION, labels == LOWER
    reach = max(1, look.reach)
    w = weights(canvas, Shape())
    omega = np.clip(0.5 + w[LOWER] - w[UPPER], 0.0, 1.0)
    checker = (canvas.ty + canvas.tx) % 2 == 0
    step = np.zeros(labels.shape, np.int64)

    # Plateau: lip toward the light, a lit edge along the wall's top, a darker east rim.
    not_up = ~up
    lip = up & (shifted(not_up, -1, 0) | shifted(not_up, 0, -1) | shifted(wl, 1, 0))
    step = np.where(up & shifted(not_up, 0, 1), -1, step)
    step = np.where(lip, 1, step)

    # Wall face: lit top, darker toward the foot.
    if look.pro:
        level = np.where(omega < 0.3, 0, np.where(omega < 0.62, -1, -2))
        edge = (np.abs(omega - 0.3) < 0.04) | (np.abs(omega - 0.62) < 0.04)
        level = np.where(edge & checker, level + 1, level)
        level = np.where(_cracks(canvas, 0) & (omega > 0.15) & (omega < 0.85), level - 1, level)
    else:
        level = np.where(omega < 0.5, 0, -1)
    foot = wl & shifted(lo, 1, 0)
    top = wl & shifted(up, -1, 0)
    ends = wl & (shifted(lo, 0, -1) | shifted(lo, 0, 1))
    level = np.where(top, 1, level)
    level = np.where(ends, level - 1, level)
    level = np.where(foot, -3 if look.pro else -2, level)

    # Twins: the wall's end against plateau that continues south.
    interior = (bump(canvas.bx) * bump(canvas.by)) > 0.05
    beside = wl & _near(up, [(0, -1), (0, 1), (0, -2), (0, 2)]) & interior
    level = np.where(beside & (canvas.variant < 0), -3, level)
    level = np.where(beside & (canvas.variant > 0) & _near(up, [(0, -1), (0, 1)]), 1, level)
    step = np.where(wl, level, step)

    # Ground: shadow cast below the wall foot, contact shadow beside the plateau.
    depth = min(reach, max(2, canvas.tile // (8 if look.low_view else 12)))
    cast = lo & _near(wl, [(-k, 0) for k in range(1, depth + 1)])
    contact = lo & _near(up, [(-1, 0), (0, -1), (-1, -1)])
    if look.pro:
        soft = cast & ~_near(wl, [(-k, 0) for k in range(1, depth)]) & checker
        cast &= ~soft
    else:
        cast = lo & shifted(wl, -1, 0)
    step = np.where(cast | contact, -1, step)
    step = np.where(lo & shifted(wl, -1, 0), -2, step)

    out = np.empty((*labels.shape, 3), np.uint8)
    for k, table in ((LOWER, lower), (UPPER, upper), (TRANSITION, wall)):
        sel = labels == k
        if sel.any():
            out[sel] = table.sample(canvas.ty[sel], canvas.tx[sel], step[sel])
    return out
