"""World-periodic textures and noise for tiles placed on a lattice.

A tile set connects only if what a tile shows at a screen pixel is what any other tile
would show there. Tiles sit at lattice offsets (squares at (W, 0), (0, W); diamonds at
(±W/4, ±W/2); hexes at their six neighbour offsets), so every texture and noise field a
tile is drawn from must be periodic under that lattice, not merely under the tile's
bounding box.

A lattice with a basis ``(A, 0), (B, C)`` (rows, columns) is a sheared rectangle: the
map ``(y, x) -> ((y - floor(x·B/C)) mod A, x mod C)`` sends it onto an ``A x C`` torus,
exactly, for integer pixels (one lattice step adds B rows and ``floor`` adds exactly B
back). An ``A x C`` seamless material texture read through that map is a lattice-periodic
texture, and no pixel is resampled: every texture pixel lands on exactly one screen
pixel of each tile, so the material keeps its clusters. Squares have B = 0 (the plain
torus); diamonds shear by 1/2, which turns the texture's horizontal runs into the 2:1
lines of isometric art. Pointy hexes use the transposed form ``(0, A), (R, B)``.

Smooth noise (for terrain boundaries) is read through the same map with continuous
coordinates, so it is periodic at any point, margins outside the tile included.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pixelkiln.engine.noise import sample_lattice
from pixelkiln.engine.rng import make_rng

__all__ = ["Lattice", "LatticeNoise"]


@dataclass(frozen=True)
class Lattice:
    """A screen lattice as a sheared torus of ``shape`` (rows, columns).

    ``axis`` 0: basis (rows, 0), (shift, cols) - the shear moves rows as x grows.
    ``axis`` 1: basis (0, cols), (rows, shift) - the shear moves columns as y grows.
    """

    shape: tuple[int, int]
    shift: int
    axis: int = 0

    @classmethod
    def square(cls, w: int) -> Lattice:
        return cls((w, w), 0)

    @classmethod
    def isometric(cls, w: int) -> Lattice:
        return cls((w // 2, w // 2), w // 4)

    @classmethod
    def hex_flat(cls, w: int, h: int) -> Lattice:
        return cls((h, 3 * w // 4), h // 2)

    @classmethod
    def hex_pointy(cls, w: int, h: int) -> Lattice:
        return cls((3 * h // 4, w), w // 2, axis=1)

    def index(self, ys: np.ndarray, xs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Torus pixel of integer screen pixels (exact)."""
        rows, cols = self.shape
        ys = np.asarray(ys, np.int64)
        xs = np.asarray(xs, np.int64)
        if self.axis == 0:
            return (ys - (xs * self.shift) // cols) % rows, xs % cols
        return ys % rows, (xs - (ys * self.shift) // rows) % cols

    def coords(self, ys: np.ndarray, xs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Continuous torus coordinates of screen points (for smooth fields)."""
        rows, cols = self.shape
        ys = np.asarray(ys, np.float64)
        xs = np.asarray(xs, np.float64)
        if self.axis == 0:
            return ys - xs * self.shift / cols, xs
        return ys, xs - ys * self.shift / rows

    def periods(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """Two basis vectors (dy, dx) of the lattice."""
        rows, cols = self.shape
        if self.axis == 0:
            return (rows, 0), (self.shift, cols)
        return (0, cols), (rows, self.shift)

    def sample(self, texture: np.ndarray, ys: np.ndarray, xs: np.ndarray) -> np.ndarray:
        """Read a torus-shaped ``texture`` (rows, cols, ...) at screen pixels."""
        ty, tx = self.index(ys, xs)
        return texture[ty, tx]


@dataclass(frozen=True)
class LatticeNoise:
    """Smooth value noise periodic under a lattice, about ``feature`` px across."""

    lattice: Lattice
    grid: np.ndarray

    @classmethod
    def make(cls, lattice: Lattice, feature: float, seed: int, *stream: str) -> LatticeNoise:
        rows, cols = lattice.shape
        cells = (max(2, round(rows / feature)), max(2, round(cols / feature)))
        return cls(lattice, make_rng(seed, "lattice-noise", *stream).random(cells))

    def at(self, ys: np.ndarray, xs: np.ndarray) -> np.ndarray:
        """Noise in 0..1 at screen points (pixel centres are at integer + 0.5)."""
        ty, tx = self.lattice.coords(ys, xs)
        rows, cols = self.lattice.shape
        gy, gx = self.grid.shape
        return sample_lattice(self.grid, ty * gy / rows, tx * gx / cols)
