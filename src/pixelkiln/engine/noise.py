"""Periodic (tileable) noise fields on a torus: lattice noise, fBm, domain warp, Worley cells.

Every field here is a function on the torus ``Z_h x Z_w``: lattice indices are taken modulo
the lattice size and distances wrap, so a texture built only from these fields (and from
``mode='wrap'`` filters / ``np.roll``) tiles exactly, whatever its size, square or not.
The lattice of a field always has a whole number of cells per tile, which is why the
functions take a *feature size in pixels* and round it to the nearest divisor-friendly
cell count rather than taking a frequency.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = [
    "Cells",
    "cell_count",
    "fbm",
    "lattice_noise",
    "normalize",
    "rank_normalize",
    "sample_lattice",
    "torus_delta",
    "wave",
    "worley",
]


def cell_count(extent: int, feature_px: float) -> int:
    """Whole number of lattice cells across ``extent`` pixels for a feature of ``feature_px``."""
    return max(1, round(extent / max(feature_px, 1.0)))


def normalize(field: np.ndarray) -> np.ndarray:
    """Min-max scale to 0..1 (a constant field becomes 0.5)."""
    lo, hi = float(field.min()), float(field.max())
    if hi - lo < 1e-12:
        return np.full_like(field, 0.5, dtype=np.float64)
    return (field - lo) / (hi - lo)


def rank_normalize(field: np.ndarray) -> np.ndarray:
    """Replace values by their rank in 0..1, so quantile thresholds give exact proportions."""
    flat = field.ravel()
    order = np.argsort(flat, kind="stable")
    ranks = np.empty(flat.size, np.float64)
    ranks[order] = np.linspace(0.0, 1.0, flat.size)
    return ranks.reshape(field.shape)


def _smooth(t: np.ndarray) -> np.ndarray:
    # Quintic fade: C2-continuous, so lattice cells leave no visible creases.
    return t * t * t * (t * (t * 6 - 15) + 10)


def sample_lattice(grid: np.ndarray, y: np.ndarray, x: np.ndarray) -> np.ndarray:
    """Smoothly interpolate a periodic lattice ``grid`` at lattice coordinates ``(y, x)``."""
    gy, gx = grid.shape
    y0 = np.floor(y).astype(np.int64)
    x0 = np.floor(x).astype(np.int64)
    ty = _smooth(y - y0)
    tx = _smooth(x - x0)
    y0m, x0m = y0 % gy, x0 % gx
    y1m, x1m = (y0 + 1) % gy, (x0 + 1) % gx
    top = grid[y0m, x0m] * (1 - tx) + grid[y0m, x1m] * tx
    bottom = grid[y1m, x0m] * (1 - tx) + grid[y1m, x1m] * tx
    return top * (1 - ty) + bottom * ty


def _pixel_coords(h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    return np.meshgrid(
        np.arange(h, dtype=np.float64), np.arange(w, dtype=np.float64), indexing="ij"
    )


def lattice_noise(
    rng: np.random.Generator,
    shape: tuple[int, int],
    cells: tuple[int, int],
    warp: tuple[np.ndarray, np.ndarray] | None = None,
) -> np.ndarray:
    """Periodic value noise in 0..1 with ``cells`` lattice cells per tile along (y, x).

    ``warp`` is an optional pixel offset field ``(dy, dx)``; it must itself be periodic,
    which every field from this module is.
    """
    h, w = shape
    grid = rng.random(cells)
    yy, xx = _pixel_coords(h, w)
    if warp is not None:
        yy = yy + warp[0]
        xx = xx + warp[1]
    return sample_lattice(grid, yy * cells[0] / h, xx * cells[1] / w)


def fbm(
    rng: np.random.Generator,
    shape: tuple[int, int],
    feature_px: float | tuple[float, float],
    octaves: int = 3,
    gain: float = 0.5,
    warp_px: float = 0.0,
) -> np.ndarray:
    """Periodic fractal noise, min-max scaled to 0..1.

    The first octave has features of ``feature_px`` (per axis when a pair, for stretched
    grain); each further octave doubles the cell count, so every octave stays periodic.
    ``warp_px`` domain-warps the coordinates by a coarser periodic field, which breaks up the
    parallel contours that plain quantised noise shows (banding).
    """
    h, w = shape
    fy, fx = feature_px if isinstance(feature_px, tuple) else (feature_px, feature_px)
    # At least two cells per axis: one cell is a single smooth bump, whose quantised
    # contours are concentric bands.
    base = (max(2, cell_count(h, fy)), max(2, cell_count(w, fx)))
    warp = None
    if warp_px > 0:
        wc = (max(1, base[0] // 2), max(1, base[1] // 2))
        dy = (lattice_noise(rng, shape, wc) - 0.5) * 2 * warp_px
        dx = (lattice_noise(rng, shape, wc) - 0.5) * 2 * warp_px
        warp = (dy, dx)
    total = np.zeros(shape, np.float64)
    amp = 1.0
    for octave in range(octaves):
        cells = (base[0] * 2**octave, base[1] * 2**octave)
        if octave and (cells[0] * 2 > h or cells[1] * 2 > w):
            break  # cells under 2 px would only add per-pixel static
        total += amp * lattice_noise(rng, shape, cells, warp)
        amp *= gain
    return normalize(total)


def wave(
    shape: tuple[int, int],
    periods: tuple[int, int],
    phase: float = 0.0,
    warp: np.ndarray | None = None,
) -> np.ndarray:
    """``sin`` of a plane wave with a whole number of ``periods`` along (y, x): periodic."""
    h, w = shape
    yy, xx = _pixel_coords(h, w)
    arg = 2 * np.pi * (periods[0] * yy / h + periods[1] * xx / w) + phase
    if warp is not None:
        arg = arg + warp
    return np.sin(arg)


def torus_delta(a: np.ndarray, b: np.ndarray, period: float) -> np.ndarray:
    """Signed shortest difference ``a - b`` on a circle of length ``period``."""
    return (a - b + period / 2) % period - period / 2


@dataclass(frozen=True)
class Cells:
    """Toroidal Worley/Voronoi data: F1, F2 distances and the owning cell of each pixel."""

    f1: np.ndarray
    f2: np.ndarray
    owner: np.ndarray  # (H, W) int, index into points
    points: np.ndarray  # (N, 2) float (y, x) seed positions
    dy: np.ndarray  # (H, W) signed offset from the owner seed (wrap-aware)
    dx: np.ndarray

    @property
    def ridge(self) -> np.ndarray:
        """F2 - F1: about 0 on cell borders (mortar, cracks), large at cell centres."""
        return self.f2 - self.f1


def worley(
    rng: np.random.Generator,
    shape: tuple[int, int],
    feature_px: float | tuple[float, float],
    jitter: float = 0.8,
    metric: str = "euclid",
    warp: tuple[np.ndarray, np.ndarray] | None = None,
    aspect: float = 1.0,
) -> Cells:
    """Voronoi cells of a jittered grid of seeds on the torus.

    A jittered grid (one seed per grid cell, moved by up to ``jitter`` of a cell) keeps
    seeds apart, so no cell collapses into a "mortar sea". ``metric`` is ``euclid``,
    ``manhattan`` (diamond cells) or ``chebyshev`` (square cells); ``aspect`` > 1 stretches
    cells horizontally.
    """
    h, w = shape
    fy, fx = feature_px if isinstance(feature_px, tuple) else (feature_px, feature_px)
    # At least two cells per axis: a single cell would be one flat region with no joints.
    gy, gx = max(2, cell_count(h, fy)), max(2, cell_count(w, fx))
    cy = (np.arange(gy)[:, None] + 0.5 + (rng.random((gy, gx)) - 0.5) * jitter) * h / gy
    cx = (np.arange(gx)[None, :] + 0.5 + (rng.random((gy, gx)) - 0.5) * jitter) * w / gx
    points = np.stack([cy.ravel() % h, cx.ravel() % w], axis=1)
    yy, xx = _pixel_coords(h, w)
    if warp is not None:
        yy = yy + warp[0]
        xx = xx + warp[1]
    ddy = torus_delta(yy[..., None], points[:, 0], h)
    ddx = torus_delta(xx[..., None], points[:, 1], w) / aspect
    if metric == "manhattan":
        dist = np.abs(ddy) + np.abs(ddx)
    elif metric == "chebyshev":
        dist = np.maximum(np.abs(ddy), np.abs(ddx))
    else:
        dist = np.hypot(ddy, ddx)
    if dist.shape[-1] == 1:
        f1 = dist[..., 0]
        owner = np.zeros(shape, np.int64)
        f2 = np.full(shape, float(max(h, w)))
    else:
        part = np.argpartition(dist, 1, axis=-1)[..., :2]
        d2 = np.take_along_axis(dist, part, axis=-1)
        swap = d2[..., 0] > d2[..., 1]
        owner = np.where(swap, part[..., 1], part[..., 0])
        f1 = np.minimum(d2[..., 0], d2[..., 1])
        f2 = np.maximum(d2[..., 0], d2[..., 1])
    sel = owner[..., None]
    return Cells(
        f1=f1,
        f2=f2,
        owner=owner,
        points=points,
        dy=np.take_along_axis(ddy, sel, axis=-1)[..., 0],
        dx=np.take_along_axis(ddx, sel, axis=-1)[..., 0] * aspect,
    )
