"""The terrain field: which terrain every pixel of a tile (or of a whole map) shows.

Seamless by construction. Each terrain ``k`` has a weight at every pixel, blended from
the corners of the pixel's cell with a 1-D profile ``b``::

    w_k(x, y) = sum over corners c labelled k of X_c(b(x)) * Y_c(b(y))

where ``X_NW = 1 - b(x)``, ``X_NE = b(x)`` (and likewise in y). ``b`` is 0 on the first
``plateau`` pixels of a cell and 1 on its last ``plateau`` pixels, so within ``plateau``
pixels of an edge the weights depend on that edge's two corners only, and are the same
on both sides of the edge. Boundary noise is periodic with the tile's period and sampled
at world coordinates (the same in every tile). A pixel shows the terrain whose weight
plus noise is largest (noise stays under 0.5, so a cell with one terrain stays pure).

Consequences the tests check:

- a tile's edge rows are a function of that edge's corner pair (tiles sharing a pair
  share their edge pixels);
- a tile can be computed on a *padded* canvas (``plateau`` pixels beyond each edge,
  where the unknown neighbour's field equals the clamped edge field exactly), so local
  operations - clean-up, distances, shadows with a reach under the plateau - see the
  same neighbourhood in a lone tile as in a painted map;
- painting a map tile by tile gives exactly what rendering the whole map at once gives
  (:func:`world_canvas`), which is the definition of "no seam".

The profile's shape is the ``roundness`` control (round blobs or square corners);
``boundary_amplitude`` and ``raggedness`` scale a coarse and a fine periodic noise;
``connect_diagonals`` biases the saddle tiles (upper in two opposite corners) toward
joining the upper corners or keeping them apart.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pixelkiln.engine.noise import fbm
from pixelkiln.engine.rng import make_rng
from pixelkiln.engine.wang.corners import LOWER, TRANSITION, UPPER

__all__ = [
    "Canvas",
    "Shape",
    "bump",
    "clean_labels",
    "noise_fields",
    "plateau_px",
    "profile",
    "terrain_labels",
    "tile_canvas",
    "weights",
    "world_canvas",
]

_SADDLE_BIAS = 0.3
_AMP_SCALE = 0.42  # boundary_amplitude 1 moves the boundary about T/8
_RAG_SCALE = 0.2  # raggedness 1: a 2-4 px fringe
_NOISE_CAP = 0.45  # under 0.5: single-terrain cells stay pure


@dataclass(frozen=True)
class Shape:
    """Boundary geometry controls (the Pro border controls, or a standard set's style)."""

    roundness: float = 0.5
    amplitude: float = 0.3
    raggedness: float = 0.0
    seed: int = 0
    connect_diagonals: bool = True
    #: Exact step at mid-cell (sidescroller platforms: flat, axis-aligned surfaces).
    square: bool = False


def plateau_px(tile: int, square: bool = False) -> int:
    """Pixels at each cell edge where the field depends on that edge's corners only."""
    if square:
        return tile // 2 - 1
    return max(4, tile // 6 + 1)


def profile(tile: int, plateau: int, roundness: float, square: bool = False) -> np.ndarray:
    """``b`` at the pixel centres of one cell: 0 on the first ``plateau`` px, 1 on the last.

    Between the plateaus ``b`` is a mix of a profile that rises fast off the plateau and
    flattens at mid-cell (its product contours are close to circles around a corner) and
    a steep sigmoid (square corners), weighted by ``roundness``.
    """
    c = np.arange(tile, dtype=np.float64) + 0.5
    if square:
        return (c > tile / 2).astype(np.float64)
    r = np.clip((c - plateau) / (tile - 2 * plateau), 0.0, 1.0)
    centred = 1.0 - 2.0 * r
    round_ = 0.5 - 0.5 * np.sign(centred) * np.abs(centred) ** 1.65
    a, z = r**5, (1.0 - r) ** 5
    square_ = a / (a + z)
    rho = float(np.clip(roundness, 0.0, 1.0))
    return rho * round_ + (1.0 - rho) * square_


def bump(b: np.ndarray) -> np.ndarray:
    """1 at mid-cell, 0 on the plateaus: scales effects that must not reach tile edges."""
    return 4.0 * b * (1.0 - b)


@dataclass(frozen=True)
class Canvas:
    """Per-pixel cell data of a region: a padded tile or a padded map.

    ``corners`` (H, W, 4) are the corners of each pixel's cell; ``bx``/``by`` the
    profile at the pixel's position in its cell; ``ty``/``tx`` world coordinates modulo
    the tile (where periodic textures and noise are sampled); ``variant`` a per-cell
    choice (tall-wall twins); ``pad`` the margin to crop.
    """

    corners: np.ndarray
    bx: np.ndarray
    by: np.ndarray
    ty: np.ndarray
    tx: np.ndarray
    variant: np.ndarray
    pad: int
    tile: int

    @property
    def shape(self) -> tuple[int, int]:
        return int(self.bx.shape[0]), int(self.bx.shape[1])

    def crop(self, img: np.ndarray) -> np.ndarray:
        p = self.pad
        return img[p : img.shape[0] - p, p : img.shape[1] - p]


def _axis(n_cells: int, tile: int, pad: int, b: np.ndarray) -> tuple[np.ndarray, ...]:
    """Cell index, profile value and periodic coordinate along one padded axis."""
    world = np.arange(-pad, n_cells * tile + pad)
    cell = np.clip(world // tile, 0, n_cells - 1)
    local = np.clip(world - cell * tile, 0, tile - 1)  # beyond the map: clamp (plateau)
    return cell, b[local], world % tile


def world_canvas(
    labels: np.ndarray,
    tile: int,
    pad: int,
    b: np.ndarray,
    variants: np.ndarray | None = None,
) -> Canvas:
    """The canvas of a whole map: ``labels`` is the (rows+1, cols+1) vertex grid."""
    labels = np.asarray(labels, np.int8)
    rows, cols = labels.shape[0] - 1, labels.shape[1] - 1
    cy, by, ty = _axis(rows, tile, pad, b)
    cx, bx, tx = _axis(cols, tile, pad, b)
    quad = np.stack(
        [labels[:-1, :-1], labels[:-1, 1:], labels[1:, :-1], labels[1:, 1:]], axis=-1
    )  # (rows, cols, 4): NW, NE, SW, SE of each cell
    corners = quad[cy[:, None], cx[None, :]]
    var = np.zeros((rows, cols), np.int8) if variants is None else np.asarray(variants, np.int8)
    yy, xx = np.meshgrid(by, bx, indexing="ij")
    tyy, txx = np.meshgrid(ty, tx, indexing="ij")
    return Canvas(
        corners=corners,
        bx=xx,
        by=yy,
        ty=tyy,
        tx=txx,
        variant=var[cy[:, None], cx[None, :]],
        pad=pad,
        tile=tile,
    )


def tile_canvas(
    corners: tuple[int, int, int, int], tile: int, pad: int, b: np.ndarray, variant: int = 0
) -> Canvas:
    """The padded canvas of one tile (its neighbours' plateaus are its own clamped edges)."""
    nw, ne, sw, se = corners
    grid = np.array([[nw, ne], [sw, se]], np.int8)
    return world_canvas(grid, tile, pad, b, np.full((1, 1), variant, np.int8))


def weights(canvas: Canvas, shape: Shape) -> np.ndarray:
    """(3, H, W) blended weights of lower, upper and transition (saddle bias included)."""
    c = canvas.corners
    ix, iy = 1.0 - canvas.bx, 1.0 - canvas.by
    xw = (ix, canvas.bx, ix, canvas.bx)
    yw = (iy, iy, canvas.by, canvas.by)
    out = np.zeros((3, *canvas.shape), np.float64)
    for k in (LOWER, UPPER, TRANSITION):
        for i in range(4):
            out[k] += (c[..., i] == k) * xw[i] * yw[i]
    nw, ne, sw, se = (c[..., i] for i in range(4))
    two = (c != TRANSITION).all(axis=-1)
    saddle = two & (nw == se) & (ne == sw) & (nw != ne)
    bias = _SADDLE_BIAS * bump(canvas.bx) * bump(canvas.by) * saddle
    sign = 1.0 if shape.connect_diagonals else -1.0
    out[UPPER] += sign * bias
    out[LOWER] -= sign * bias
    return out


def noise_fields(tile: int, shape: Shape) -> np.ndarray:
    """(3, T, T) periodic boundary noise per terrain (lower's is zero: it is the base)."""
    out = np.zeros((3, tile, tile), np.float64)
    for k in (UPPER, TRANSITION):
        rng = make_rng(shape.seed, "wang-boundary", k)
        coarse = (fbm(rng, (tile, tile), tile / 2.0, octaves=2) - 0.5) * 2.0
        fine = (fbm(rng, (tile, tile), 2.5, octaves=1, warp_px=1.0) - 0.5) * 2.0
        n = _AMP_SCALE * shape.amplitude * coarse + _RAG_SCALE * shape.raggedness * fine
        out[k] = np.clip(n, -_NOISE_CAP, _NOISE_CAP)
    return out


def _clean(lab: np.ndarray) -> np.ndarray:
    """Absorb pixels whose 4-neighbours mostly agree on another terrain (reach 1 px)."""
    p = np.pad(lab, 1, mode="edge")
    nb = np.stack([p[:-2, 1:-1], p[2:, 1:-1], p[1:-1, :-2], p[1:-1, 2:]])
    out = lab.copy()
    for k in (LOWER, UPPER, TRANSITION):
        votes = (nb == k).sum(axis=0)
        out = np.where((votes >= 3) & (lab != k), k, out)
    return out


def terrain_labels(
    canvas: Canvas, shape: Shape, noise: np.ndarray, clean: bool = True
) -> np.ndarray:
    """(H, W) terrain of every canvas pixel (0 lower, 1 upper, 2 transition).

    The outermost pixel ring of the canvas is unreliable after the clean-up pass (its
    neighbours are missing); callers keep at least one pixel of margin. Without the
    clean-up (``clean=False``) every pixel is a pointwise function of its cell data,
    exact on the whole canvas.
    """
    w = weights(canvas, shape)
    w = w + noise[:, canvas.ty, canvas.tx]
    # The wall's noise must not conjure wall in cells that have no wall corner.
    w[TRANSITION] = np.where((canvas.corners == TRANSITION).any(-1), w[TRANSITION], -1.0)
    lab = np.argmax(w, axis=0).astype(np.int8)
    return clean_labels(lab, shape) if clean else lab


def clean_labels(raw: np.ndarray, shape: Shape) -> np.ndarray:
    """:func:`terrain_labels` with its clean-up, from its labels without (``clean=False``):
    for a caller that needs both, so the weights are worked out once."""
    return raw if shape.square else _clean(raw)
