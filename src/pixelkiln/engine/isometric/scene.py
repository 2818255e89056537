"""Placing tiles on an isometric grid: the placement math of TILES.md §5, painter's order.

A tile's footprint cell ``(gx, gy)`` goes to ``screen = ((gx - gy) * G/2, (gx + gy) * G/4)``
relative to cell ``(0, 0)``; a tile raised by ``lift`` pixels (a stacked level: one
block's side height per level) moves up by that much. Tiles are drawn back to front
(``gx + gy`` ascending, then lower before higher), each opaque pixel over what is there,
which is how a game engine draws them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pixelkiln.engine.isometric.geometry import grid_offset
from pixelkiln.engine.isometric.render import IsoTile

__all__ = ["Placement", "compose", "top_coverage"]


@dataclass(frozen=True)
class Placement:
    """One tile in a scene: its grid cell and how many pixels it is raised."""

    gx: int
    gy: int
    tile: IsoTile
    lift: int = 0


def _origin(p: Placement) -> tuple[int, int]:
    """Scene position of the placement's canvas, relative to cell (0, 0)'s footprint box."""
    geo = p.tile.geometry
    sx, sy = grid_offset(p.gx, p.gy, geo.grid)
    return sx - geo.x0, sy - geo.y0 - p.lift


def _order(p: Placement) -> tuple[int, int, int]:
    return (p.gx + p.gy, p.lift, p.gx)


def compose(placements: Sequence[Placement], margin: int = 2) -> np.ndarray:
    """Draw the placements into one RGBA image just big enough to hold them."""
    if not placements:
        return np.zeros((1, 1, 4), np.uint8)
    grids = {p.tile.geometry.grid for p in placements}
    if len(grids) != 1:
        raise ValueError(f"all tiles of a scene need one grid size; got {sorted(grids)}")
    origins = [_origin(p) for p in placements]
    x_min = min(ox for ox, _ in origins)
    y_min = min(oy for _, oy in origins)
    x_max = max(ox + p.tile.rgba.shape[1] for (ox, _), p in zip(origins, placements, strict=True))
    y_max = max(oy + p.tile.rgba.shape[0] for (_, oy), p in zip(origins, placements, strict=True))
    out = np.zeros((y_max - y_min + 2 * margin, x_max - x_min + 2 * margin, 4), np.uint8)
    for p in sorted(placements, key=_order):
        ox, oy = _origin(p)
        x, y = ox - x_min + margin, oy - y_min + margin
        h, w = p.tile.rgba.shape[:2]
        region = out[y : y + h, x : x + w]
        opaque = p.tile.rgba[..., 3:4] > 0
        region[...] = np.where(opaque, p.tile.rgba, region)
    return out


def top_coverage(placements: Sequence[Placement]) -> tuple[np.ndarray, tuple[int, int]]:
    """How many top faces cover each scene pixel (for checking that tiles fit), and the
    scene position of cell (0, 0)'s footprint box within the returned array."""
    origins = [_origin(p) for p in placements]
    x_min = min(ox for ox, _ in origins)
    y_min = min(oy for _, oy in origins)
    x_max = max(ox + p.tile.rgba.shape[1] for (ox, _), p in zip(origins, placements, strict=True))
    y_max = max(oy + p.tile.rgba.shape[0] for (_, oy), p in zip(origins, placements, strict=True))
    count = np.zeros((y_max - y_min, x_max - x_min), np.int64)
    for (ox, oy), p in zip(origins, placements, strict=True):
        h, w = p.tile.rgba.shape[:2]
        count[oy - y_min : oy - y_min + h, ox - x_min : ox - x_min + w] += p.tile.geometry.top
    return count, (-x_min, -y_min)
