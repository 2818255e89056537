"""Isometric tile geometry: the 2:1 stepped diamond, the body's faces, placement on a grid.

The footprint of a tile of grid size ``G`` (16 or 32) is the cell of a ``G`` x ``G/2``
isometric grid: ``G/2`` rows whose widths are ``2, 6, 10, ... G-2, G-2, ... 6, 2``,
centred on the shared pair of centre columns ``G/2 - 1`` and ``G/2``. Every row steps
2 px per side (clean 2:1 lines), the top and bottom vertices are 2-px flats and the left
and right vertices 2-px-tall points. Its area is exactly ``G * G / 4``, the area of one
cell of the lattice ``(G/2, G/4)``, ``(-G/2, G/4)``: placed with ::

    screen_x = (gx - gy) * G / 2
    screen_y = (gx + gy) * G / 4

the top faces of neighbouring tiles cover the plane with no gap and no overlap (a
diamond a full ``G`` wide would overlap its neighbours by one step along every edge).

The body is the footprint extruded down by the thickness ``T`` (``round(share * H)`` of
the canvas height ``H``: 15% thin tile, 25% thick tile, 50% block). Its side faces split
at the centre: the *left* face (toward the top-left light) is every side pixel in columns
``< G/2``, the *right* face the rest. The tile stands on the bottom row of the canvas,
centred horizontally, so sprites of one canvas, grid and shape share one anchor.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

__all__ = [
    "GRID_SIZES",
    "SHAPES",
    "TileGeometry",
    "diamond_mask",
    "grid_offset",
    "min_canvas",
    "thickness",
    "tile_geometry",
]

#: Side height as a share of the canvas height, per contract shape.
SHAPES: dict[str, float] = {"thin tile": 0.15, "thick tile": 0.25, "block": 0.5}
GRID_SIZES: tuple[int, ...] = (16, 32)


def thickness(canvas_h: int, shape: str) -> int:
    """Side height in pixels: the shape's share of the canvas height, at least 1."""
    if shape not in SHAPES:
        raise ValueError(f"shape must be one of {', '.join(SHAPES)}; got {shape!r}")
    return max(1, int(np.floor(SHAPES[shape] * canvas_h + 0.5)))


def diamond_mask(grid: int) -> np.ndarray:
    """The ``(G/2, G)`` footprint mask of a grid size (any multiple of 4, at least 8)."""
    if grid % 4 or grid < 8:
        raise ValueError(f"grid size must be a multiple of 4, at least 8; got {grid}")
    rows, half = grid // 2, grid // 2
    mask = np.zeros((rows, grid), bool)
    for r in range(rows):
        k = r if r < rows // 2 else rows - 1 - r  # distance from the nearer vertex row
        w = 4 * k + 2
        mask[r, half - w // 2 : half + w // 2] = True
    return mask


def min_canvas(grid: int, shape: str) -> tuple[int, int]:
    """The smallest ``(width, height)`` canvas that holds a tile (for error messages)."""
    h = 1
    while grid // 2 + thickness(h, shape) > h:
        h += 1
    return grid, h


def grid_offset(gx: int, gy: int, grid: int) -> tuple[int, int]:
    """Screen ``(x, y)`` of grid cell ``(gx, gy)`` relative to cell ``(0, 0)``."""
    return (gx - gy) * grid // 2, (gx + gy) * grid // 4


@dataclass(frozen=True)
class TileGeometry:
    """Where a tile's faces lie on its canvas."""

    canvas_h: int
    canvas_w: int
    grid: int
    shape: str
    thickness: int
    #: Top-left corner of the tile's ``G`` x ``(G/2 + T)`` box on the canvas.
    x0: int
    y0: int

    @property
    def period(self) -> int:
        """Texels per face edge: the top face is a ``period`` x ``period`` texture."""
        return self.grid // 2

    @cached_property
    def local_top(self) -> np.ndarray:
        """Footprint mask in the tile box (``G/2 + T`` rows, ``G`` columns)."""
        box = np.zeros((self.grid // 2 + self.thickness, self.grid), bool)
        box[: self.grid // 2] = diamond_mask(self.grid)
        return box

    @cached_property
    def local_sides(self) -> tuple[np.ndarray, np.ndarray]:
        """Left and right side-face masks in the tile box."""
        top = self.local_top
        body = top.copy()
        for k in range(1, self.thickness + 1):
            body[k:] |= top[:-k]
        sides = body & ~top
        left = sides.copy()
        left[:, self.grid // 2 :] = False
        return left, sides & ~left

    def _place(self, local: np.ndarray) -> np.ndarray:
        mask = np.zeros((self.canvas_h, self.canvas_w), bool)
        h, w = local.shape
        mask[self.y0 : self.y0 + h, self.x0 : self.x0 + w] = local
        return mask

    @cached_property
    def top(self) -> np.ndarray:
        """Top-face mask on the canvas."""
        return self._place(self.local_top)

    @cached_property
    def left(self) -> np.ndarray:
        """Left side-face mask on the canvas (faces the light: mid tone)."""
        return self._place(self.local_sides[0])

    @cached_property
    def right(self) -> np.ndarray:
        """Right side-face mask on the canvas (away from the light: darkest)."""
        return self._place(self.local_sides[1])

    @cached_property
    def body(self) -> np.ndarray:
        """Every opaque pixel of the tile."""
        return self.top | self.left | self.right

    @cached_property
    def face_top_row(self) -> np.ndarray:
        """Per canvas column, the first side-face row (-1 where the column has none)."""
        sides = self.left | self.right
        first = np.argmax(sides, axis=0)
        return np.where(sides.any(axis=0), first, -1)

    def top_texel(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Canvas ``(ys, xs)`` of the top face and the texel ``(u, v)`` each one shows.

        ``u = y + floor(x/2)``, ``v = y - ceil(x/2)`` (x from the centre, y from the top
        vertex) is a bijection of the integer plane that carries the grid lattice onto
        ``period * Z^2``; the footprint being one lattice cell, it maps the top face
        one-to-one onto the ``period`` x ``period`` texture, and neighbouring tiles
        continue each other's texture. Texture rows become 2:1 lines running down-right,
        columns 2:1 lines running down-left: the nearest-neighbour shear of ART.md §1.8.
        """
        ys, xs = np.nonzero(self.top)
        x = xs - (self.x0 + self.grid // 2)
        y = ys - self.y0
        u = (y + np.floor_divide(x, 2)) % self.period
        v = (y - (-np.floor_divide(-x, 2))) % self.period
        return ys, xs, u, v

    def side_texel(self, face: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Canvas ``(ys, xs)`` of a side face and the texel ``(s, t)`` each one shows.

        ``s`` is the column along the face (``period``-periodic, so faces of tiles in a
        row continue each other), ``t`` the depth below the face's top edge: each column
        is shifted down with the 2:1 edge (a shear, no resampling).
        """
        mask = self.left if face == "left" else self.right
        ys, xs = np.nonzero(mask)
        s = (xs - self.x0) % self.period
        t = ys - self.face_top_row[xs]
        return ys, xs, s, t


def tile_geometry(canvas: tuple[int, int], grid: int, shape: str) -> TileGeometry:
    """The geometry of a ``shape`` tile of grid size ``grid`` on a ``(h, w)`` canvas.

    Raises ``ValueError`` naming the smallest canvas that would hold it when the
    footprint and sides do not fit.
    """
    h, w = int(canvas[0]), int(canvas[1])
    t = thickness(h, shape)
    if w < grid or grid // 2 + t > h:
        mw, mh = min_canvas(grid, shape)
        need_w, need_h = max(mw, grid), mh
        msg = (
            f"a {shape} on a {grid} px grid (isometric_tile_size) needs an image_size of at "
            f"least {need_w}x{need_h} (width x height); got {w}x{h}"
        )
        raise ValueError(msg)
    return TileGeometry(
        canvas_h=h,
        canvas_w=w,
        grid=grid,
        shape=shape,
        thickness=t,
        x0=(w - grid) // 2,
        y0=h - (grid // 2 + t),
    )
