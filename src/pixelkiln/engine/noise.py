"""Periodic (tileable) noise fields on a torus: lattice noise, fBm, domain warp, Worley
cells, band-limited noise, and the tile-scale filter that keeps a repeat from showing.

Every field here is a function on the torus ``Z_h x Z_w``: lattice indices are taken modulo
the lattice size and distances wrap, so a texture built only from these fields (and from
``mode='wrap'`` filters / ``np.roll`` / FFT filtering) tiles exactly, whatever its size,
square or not. The lattice of a field always has a whole number of cells per tile, which
is why the functions take a *feature size in pixels* and round it to the nearest
divisor-friendly cell count rather than taking a frequency.

A repeated tile shows its grid through its *tile-sized* variation (:func:`tile_modes`):
one blotch or gradient per tile, repeated in lockstep. :func:`detile` turns that part of
a field down and :func:`band_noise` makes fields of evenly spread blobs without it;
:func:`checkered` spreads two tones evenly over Voronoi cells.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from pixelkiln.engine.fft import irfft2, rfft2

__all__ = [
    "TILE_CYCLES",
    "TILE_SCALE_PX",
    "Cells",
    "band_noise",
    "cell_count",
    "checkered",
    "detile",
    "fbm",
    "lattice_noise",
    "normalize",
    "rank_normalize",
    "sample_lattice",
    "tile_modes",
    "torus_delta",
    "wave",
    "worley",
]


def cell_count(extent: int, feature_px: float) -> int:
    """Whole number of lattice cells across ``extent`` pixels for a feature of ``feature_px``."""
    return max(1, round(extent / max(feature_px, 1.0)))


def normalize(field: np.ndarray) -> np.ndarray:
    """Min-max scale to 0..1 (a constant field becomes 0.5)."""
    # ``np.minimum.reduce`` is what ``.min`` runs, without its wrapper (and so for max).
    lo = float(np.minimum.reduce(field, axis=None))
    hi = float(np.maximum.reduce(field, axis=None))
    if hi - lo < 1e-12:
        return np.full_like(field, 0.5, dtype=np.float64)
    return (field - lo) / (hi - lo)


def rank_normalize(field: np.ndarray) -> np.ndarray:
    """Replace values by their rank in 0..1, so quantile thresholds give exact proportions."""
    flat = field.ravel()
    # numpy's default sort (SIMD where the CPU has it) is several times faster here than
    # its stable one on a fresh field, and when no two values are equal the sorted order
    # is the only one, so it is the stable order too. Ties (or NaNs, sorted last and
    # never equal) take the stable sort, which keeps tied values in place order.
    order = flat.argsort()
    ordered = flat.take(order)
    if ordered.size > 1 and (
        ordered[-1] != ordered[-1] or np.logical_or.reduce(ordered[1:] == ordered[:-1])
    ):
        order = flat.argsort(kind="stable")
    ranks = np.empty(flat.size, np.float64)
    ranks[order] = _rank_values(flat.size)
    return ranks.reshape(field.shape)


@lru_cache(maxsize=64)
def _rank_values(n: int) -> np.ndarray:
    # The same ``linspace`` for every field of a size: made once, read-only.
    values = np.linspace(0.0, 1.0, n)
    values.flags.writeable = False
    return values


def _smooth(t: np.ndarray) -> np.ndarray:
    # Quintic fade: C2-continuous, so lattice cells leave no visible creases.
    # t * t * t * (t * (t * 6 - 15) + 10), step by step in place (the same operations;
    # a product's operands commute exactly).
    cube = t * t
    cube *= t
    poly = t * 6
    poly -= 15
    poly *= t
    poly += 10
    cube *= poly
    return cube


def sample_lattice(grid: np.ndarray, y: np.ndarray, x: np.ndarray) -> np.ndarray:
    """Smoothly interpolate a periodic lattice ``grid`` at lattice coordinates ``(y, x)``."""
    gy, gx = grid.shape
    y0 = np.floor(y).astype(np.int64)
    x0 = np.floor(x).astype(np.int64)
    ty = _smooth(y - y0)
    tx = _smooth(x - x0)
    # The lattice with its first row and column repeated after its last, read flat: a
    # node's right and lower neighbours (wrapping) are then one and one row further on.
    padded = np.empty((gy + 1, gx + 1), grid.dtype)
    padded[:gy, :gx] = grid
    padded[gy, :gx] = grid[0]
    padded[:, gx] = padded[:, 0]
    flat = padded.ravel()
    node = (y0 % gy) * (gx + 1)
    node += x0 % gx
    ux = 1 - tx
    top = flat.take(node) * ux + flat.take(node + 1) * tx
    node += gx + 1
    bottom = flat.take(node) * ux + flat.take(node + 1) * tx
    return top * (1 - ty) + bottom * ty


@lru_cache(maxsize=64)
def _pixel_coords(h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    # The same grids for every field of a size: made once, read-only so none is changed.
    yy, xx = np.meshgrid(
        np.arange(h, dtype=np.float64), np.arange(w, dtype=np.float64), indexing="ij"
    )
    yy.flags.writeable = xx.flags.writeable = False
    return yy, xx


@lru_cache(maxsize=256)
def _nodes(n: int, cells: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For pixel centres 0..n-1 on a periodic lattice of ``cells`` cells: the two
    neighbouring nodes of each, the quintic fade between them and one minus it (the same
    for every field of a size and lattice: made once, read-only)."""
    t = np.arange(n, dtype=np.float64) * cells / n
    i0 = np.floor(t).astype(np.int64)
    fade = _smooth(t - i0)
    nodes = (i0 % cells, (i0 + 1) % cells, fade, 1 - fade)
    for a in nodes:
        a.flags.writeable = False
    return nodes


def lattice_noise(
    rng: np.random.Generator,
    shape: tuple[int, int],
    cells: tuple[int, int],
    warp: tuple[np.ndarray, np.ndarray] | None = None,
) -> np.ndarray:
    """Periodic value noise in 0..1 with ``cells`` lattice cells per tile along (y, x).

    ``warp`` is an optional pixel offset field ``(dy, dx)``; it must itself be periodic,
    which every field from this module is. Unwarped, the interpolation is separable: two
    small matrix products instead of a lookup per pixel.
    """
    h, w = shape
    grid = rng.random(cells)
    if warp is None:
        # The same arithmetic as :func:`sample_lattice`, row and column at a time.
        y0, y1, ty, uy = _nodes(h, cells[0])
        x0, x1, tx, ux = _nodes(w, cells[1])
        across = grid.take(x0, axis=1) * ux + grid.take(x1, axis=1) * tx  # (cells_y, w)
        return across.take(y0, axis=0) * uy[:, None] + across.take(y1, axis=0) * ty[:, None]
    yy, xx = _pixel_coords(h, w)
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


# Tile-sized variation: up to this many cycles per tile, but never shapes smaller than
# ``TILE_SCALE_PX`` (those are clusters, not blotches). See ``quality.repetition``.
TILE_CYCLES = 2.0
TILE_SCALE_PX = 16.0


def tile_modes(
    shape: tuple[int, int], scale_px: float = TILE_SCALE_PX, *, copy: bool = True
) -> np.ndarray:
    """Mask of the Fourier modes (``np.fft.fft2`` layout) of tile-sized variation: up to
    :data:`TILE_CYCLES` cycles per tile with a wavelength of ``scale_px`` or more, and
    every mode of one cycle per tile; DC excluded.

    These are what a repeat of the tile shows as a grid: one or two blotches, bands or
    gradients per tile, repeated in lockstep. ``copy=False``: the shared, read-only mask
    (made once per size).
    """
    low = _tile_modes(int(shape[0]), int(shape[1]), float(scale_px))
    return low.copy() if copy else low


@lru_cache(maxsize=64)
def _tile_modes(h: int, w: int, scale_px: float) -> np.ndarray:
    ky = np.abs(np.fft.fftfreq(h) * h)[:, None]  # cycles per tile
    kx = np.abs(np.fft.fftfreq(w) * w)[None, :]
    low = (ky / h) ** 2 + (kx / w) ** 2 <= 1.0 / scale_px**2
    low &= ky**2 + kx**2 <= TILE_CYCLES**2
    low |= np.maximum(ky, kx) <= 1
    low[0, 0] = False
    low.flags.writeable = False
    return low


def detile(field: np.ndarray, keep: float = 0.35, scale_px: float = TILE_SCALE_PX) -> np.ndarray:
    """A periodic field with its tile-sized variation turned down to ``keep`` of itself.

    One big blotch or gradient per tile is what a repeated tile shows as a grid; scaling
    those Fourier modes down keeps the field's character (its smaller clusters are
    untouched) while the repeat stops reading as stamps. The result is still periodic.
    """
    h, w = field.shape
    spectrum = rfft2(field)  # real field: half the spectrum is enough
    spectrum[tile_modes((h, w), scale_px, copy=False)[:, : w // 2 + 1]] *= keep
    return irfft2(spectrum, (h, w))


def band_noise(
    rng: np.random.Generator,
    shape: tuple[int, int],
    feature_px: float | tuple[float, float],
    spread: float = 0.55,
    keep: float = 0.25,
    angle: float = 0.0,
    warp_px: float = 0.0,
) -> np.ndarray:
    """Periodic noise of evenly spread blobs about ``feature_px`` across, min-max 0..1.

    White noise filtered in Fourier space by a log-normal band around the blob's
    frequency (half a wavelength per blob), ``spread`` the band's width (natural log
    units). A pair ``(along y, along x)`` stretches the blobs into grain, turned by
    ``angle`` radians (clockwise on screen). Tile-sized modes keep ``keep`` of their
    share (:func:`detile`), so no tile carries one big shape. ``warp_px`` bends the blobs
    by a coarser periodic field of the same kind (organic outlines instead of round
    spots). Periodic by construction.
    """
    h, w = shape
    fy, fx = feature_px if isinstance(feature_px, tuple) else (feature_px, feature_px)
    # At least ~7 x 7 blobs per tile (stretched ones: as many in all): with fewer, only
    # a handful of Fourier modes would be left in the band, and a few plane waves read
    # as stripes. Both sides shrink alike, so stretched grain keeps its proportions.
    shrink = min(1.0, float(np.sqrt(h * w / (49.0 * fy * fx))), h / (2.5 * fy), w / (2.5 * fx))
    fy, fx = fy * shrink, fx * shrink
    # A real field: its spectrum is symmetric, so half of it is enough (rfft2).
    spectrum = rfft2(rng.standard_normal(shape))
    gain = _band_gain(h, w, float(fy), float(fx), float(spread), float(keep), float(angle))
    field = irfft2(spectrum * gain, shape)
    if warp_px > 0:
        coarse = 1.6 * max(fy, fx)
        dy = (band_noise(rng, shape, coarse, keep=keep) - 0.5) * 2 * warp_px
        dx = (band_noise(rng, shape, coarse, keep=keep) - 0.5) * 2 * warp_px
        yy, xx = _pixel_coords(h, w)
        field = sample_lattice(field, yy + dy, xx + dx)  # the field is its own lattice
    return normalize(field)


@lru_cache(maxsize=256)
def _band_gain(
    h: int, w: int, fy: float, fx: float, spread: float, keep: float, angle: float
) -> np.ndarray:
    """:func:`band_noise`'s filter (half spectrum): the same for every field of the same
    size and blob, so made once (read-only)."""
    half = w // 2 + 1
    vy = np.fft.fftfreq(h)[:, None] * np.ones((1, half))  # cycles per pixel
    vx = np.fft.rfftfreq(w)[None, :] * np.ones((h, 1))
    if angle:
        c, s = np.cos(angle), np.sin(angle)
        vy, vx = c * vy - s * vx, s * vy + c * vx
    radius = np.hypot(vy * (2 * fy), vx * (2 * fx))  # 1 at the blob frequency
    radius[0, 0] = 1e-9
    gain = np.exp(-(np.log(radius) ** 2) / (2 * spread**2))
    gain[0, 0] = 0.0
    gain[_tile_modes(h, w, TILE_SCALE_PX)[:, :half]] *= keep
    gain.flags.writeable = False
    return gain


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


def _near_delta(a: np.ndarray, b: np.ndarray, period: float) -> np.ndarray:
    """:func:`torus_delta` for ``a`` and ``b`` in ``[0, period]`` (places on the torus),
    without the float remainder, the costliest step of Worley cells.

    Then ``x = a - b + period / 2`` lies in ``[-period / 2, 3 period / 2]``, where the
    remainder by ``period`` is ``x - period`` from ``period`` up (exact: Sterbenz),
    ``x + period`` below 0 (what numpy's remainder adds to fmod's exact ``x``) and ``x``
    between; a zero remainder is +0 either way. So the bits are the same."""
    x = a - b + period / 2
    np.subtract(x, period, out=x, where=x >= period)
    np.add(x, period, out=x, where=x < 0)
    x -= period / 2
    return x


@dataclass(frozen=True)
class Cells:
    """Toroidal Worley/Voronoi data: F1, F2 distances and the owning cell of each pixel."""

    f1: np.ndarray
    f2: np.ndarray
    owner: np.ndarray  # (H, W) int, index into points
    points: np.ndarray  # (N, 2) float (y, x) seed positions
    dy: np.ndarray  # (H, W) signed offset from the owner seed (wrap-aware)
    dx: np.ndarray
    grid: tuple[int, int] = (1, 1)  # seed grid (rows, columns); seed i is in row i // columns

    @property
    def ridge(self) -> np.ndarray:
        """F2 - F1: about 0 on cell borders (mortar, cracks), large at cell centres."""
        return self.f2 - self.f1


def _axis_offsets(g: int, size: float, reach: float) -> tuple[list[int], bool]:
    """Grid-cell offsets to search along one axis, and whether they wrap.

    A seed ``|o| >= 2`` cells away is at least ``(|o| - 1) * size`` away, so offsets up to
    ``ceil(reach / size)`` cover every seed within ``reach``. An axis with fewer cells than
    that window takes each cell once and measures distances round the torus.
    """
    r = int(np.ceil(reach / size))
    if 2 * r + 1 <= g:
        return list(range(-r, r + 1)), False
    return list(range(g)), True


def _least(offset: int, wraps: bool, size: float) -> float:
    """The least distance along one axis from the centre cell to the cell ``offset`` away."""
    return 0.0 if wraps else max(abs(offset) - 1, 0) * size


def _ring(offset: int, cells: int, wraps: bool) -> int:
    """How many grid cells away the cell ``offset`` away is (round the torus if ``wraps``)."""
    return min(offset, cells - offset) if wraps else abs(offset)


def _gap(
    offset: int, cells: int, wraps: bool, size: float, place: np.ndarray
) -> np.ndarray | float:
    """The least distance along one axis from each pixel (``place``: its position inside
    its own grid cell) to any seed of the cell ``offset`` away; round the torus, the
    shorter way to the nearer edge of that cell."""
    if offset == 0:
        return 0.0
    if not wraps:
        return (abs(offset) - 1) * size + (size - place if offset > 0 else place)
    return np.minimum((offset - 1) * size + (size - place), (cells - offset - 1) * size + place)


def _combine(metric: str, a: np.ndarray | float, b: np.ndarray | float) -> np.ndarray | float:
    """Distance from per-axis parts (euclidean: squared, compared squared)."""
    if metric == "manhattan":
        return np.abs(a) + np.abs(b)
    if metric == "chebyshev":
        return np.maximum(np.abs(a), np.abs(b))
    return a * a + b * b


def worley(
    rng: np.random.Generator,
    shape: tuple[int, int],
    feature_px: float | tuple[float, float],
    jitter: float = 0.8,
    metric: str = "euclid",
    warp: tuple[np.ndarray, np.ndarray] | None = None,
    aspect: float = 1.0,
    even: bool = False,
) -> Cells:
    """Voronoi cells of a jittered grid of seeds on the torus.

    A jittered grid (one seed per grid cell, moved by up to ``jitter`` of a cell) keeps
    seeds apart, so no cell collapses into a "mortar sea". ``metric`` is ``euclid``,
    ``manhattan`` (diamond cells) or ``chebyshev`` (square cells); ``aspect`` > 1 stretches
    cells horizontally. ``even`` rounds the grid to an even number of cells per axis, so
    an alternation over the grid (:func:`checkered`) closes around the torus.

    Each seed stays inside its grid cell, so a pixel's two nearest seeds lie in the few
    grid cells around its own (no further than an adjacent cell's seed can be): the 3x3
    around it are searched for every pixel, each cell further out only for the pixels it
    could still beat. The cost grows with the pixels, not pixels x seeds, and the result
    is exactly that of a search over all seeds.
    """
    h, w = shape
    fy, fx = feature_px if isinstance(feature_px, tuple) else (feature_px, feature_px)
    # At least two cells per axis: a single cell would be one flat region with no joints.
    gy, gx = max(2, cell_count(h, fy)), max(2, cell_count(w, fx))
    if even:
        gy, gx = 2 * max(1, round(h / fy / 2)), 2 * max(1, round(w / fx / 2))
    jitter = float(min(max(jitter, 0.0), 1.0))  # seeds stay inside their grid cell
    size_y, size_x = h / gy, w / gx
    cy = (np.arange(gy)[:, None] + 0.5 + (rng.random((gy, gx)) - 0.5) * jitter) * size_y
    cx = (np.arange(gx)[None, :] + 0.5 + (rng.random((gy, gx)) - 0.5) * jitter) * size_x
    py, px = (cy % h).ravel(), (cx % w).ravel()  # contiguous: looked up by ``take``
    points = np.empty((py.size, 2))  # np.stack([py, px], axis=1) without its wrapper
    points[:, 0] = py
    points[:, 1] = px
    # Each seed's place inside its own grid cell.
    in_y = (cy - np.arange(gy)[:, None] * size_y).ravel()
    in_x = (cx - np.arange(gx)[None, :] * size_x).ravel()
    # Unwarped tiles: their places on the seed grid are the same for every field (kept
    # for tiles only: a 512 px texture's would take megabytes per grid).
    fixed = warp is None and h * w <= _FIXED_MAX_PX
    if fixed:
        yy, xx, _, _, own, top, left = _grid_places(h, w, gy, gx)
    elif warp is None:
        yy, xx, _, _, own, top, left = _places(*_pixel_coords(h, w), h, w, gy, gx)
    else:
        yy, xx = _pixel_coords(h, w)
        yy, xx, _, _, own, top, left = _places(yy + warp[0], xx + warp[1], h, w, gy, gx)
    # Distances in the metric's units: x is divided by ``aspect``. The second-nearest
    # seed is never further than an adjacent cell's seed can be.
    my, mx = size_y, size_x / aspect
    squared = metric not in ("manhattan", "chebyshev")  # euclidean: compared squared
    wrap_y, wrap_x, near, far = _search_plan(gy, gx, my, mx, metric)
    n = h * w
    search = far
    if n * len(near) <= _AT_ONCE_MAX:
        # The 3x3 cells round every pixel's own, all at once: the loop's arithmetic
        # element by element, and the same picks of F1, F2 and owner (see
        # :func:`_two_nearest`). Big fields take them one by one below (less memory).
        oy_near, ox_near, table = _near_table(gy, gx, near)
        if fixed:
            cell, at_row, at_col = _near_cells(h, w, gy, gx, near)
        else:
            cell = table.take(own, axis=1)  # (cells, pixels)
        # Unwarped, a pixel's offset to a seed round the torus depends only on its row
        # (column) and the seed: worked out per row and seed, then looked up.
        grid_y, grid_x = _pixel_coords(h, w)
        if wrap_y and fixed:
            ddy = _near_delta(grid_y[:, :1], py[None, :], h).take(at_row)
        elif wrap_y:
            ddy = _near_delta(yy, py.take(cell), h)
        else:
            ddy = top - (oy_near * size_y + in_y.take(cell))
        if wrap_x and fixed:
            ddx = (_near_delta(grid_x[:1].T, px[None, :], w) / aspect).take(at_col)
        elif wrap_x:
            ddx = _near_delta(xx, px.take(cell), w) / aspect
        else:
            ddx = (left - (ox_near * size_x + in_x.take(cell))) / aspect
        dist = _combine(metric, ddy, ddx)
        f1, f2, owner, best_dy, best_dx = _two_nearest(dist, cell, ddy, ddx)
        if fixed and far:
            # Only the far cells some pixel could take a seed from under F2 as it stands
            # now: F2 only falls, so a cell none can take from now is one the loop would
            # find no pixel for (the same cells searched in the same order, the rest
            # skipped with one comparison for all of them).
            least = _far_least(h, w, gy, gx, aspect, metric, far, wrap_y, wrap_x)
            bound = f2 * (1 + 1e-9) + 1e-9 if wrap_y or wrap_x else f2
            open_ = np.logical_or.reduce(least <= bound, axis=1).nonzero()[0]
            search = tuple(far[i] for i in open_.tolist())
    else:
        f1 = np.full(n, np.inf)
        f2 = np.full(n, np.inf)
        owner = np.full(n, gy * gx, np.int64)
        best_dy = np.zeros(n)
        best_dx = np.zeros(n)
        search = tuple((oy, ox, 0, 0, 0.0) for oy, ox in near) + far
    left_m = left / aspect
    f2_max = float(f2.max())  # F2 only falls: the largest is renewed after each update
    for oy, ox, ring_y, ring_x, floor in search:
        # Every pixel is at least ``floor`` from the cell's seed: when that beats every
        # F2, no pixel can change (with slack for rounding).
        if floor * (1 - 1e-6) > f2_max:
            continue
        neighbour = _neighbour_cells(gy, gx, oy, ox)
        sel: slice | np.ndarray = slice(None)
        if max(ring_y, ring_x) > 1:
            # Only pixels this far cell could still beat: its least distance to them. A
            # pixel left out would keep its F1, F2 and owner (the cell is further than
            # its F2); round the torus the bound gets a hair of slack for rounding.
            if fixed:
                least = _grid_least(h, w, gy, gx, aspect, metric, oy, ox, wrap_y, wrap_x)
            else:
                least = _combine(
                    metric, _gap(oy, gy, wrap_y, my, top), _gap(ox, gx, wrap_x, mx, left_m)
                )
            if wrap_y or wrap_x:
                sel = (least <= f2 * (1 + 1e-9) + 1e-9).nonzero()[0]
            else:
                sel = (least <= f2).nonzero()[0]
            if not len(sel):
                continue
        cell = neighbour.take(own[sel])
        if wrap_y:
            ddy = _near_delta(yy[sel], py.take(cell), h)
        else:
            ddy = top[sel] - (oy * size_y + in_y.take(cell))
        if wrap_x:
            ddx = _near_delta(xx[sel], px.take(cell), w) / aspect
        else:
            ddx = (left[sel] - (ox * size_x + in_x.take(cell))) / aspect
        dist = _combine(metric, ddy, ddx)
        old1, old2, old_owner = f1[sel], f2[sel], owner[sel]
        # Ties go to the lower seed index, as a search over all seeds in order would.
        closer = (dist < old1) | ((dist == old1) & (cell < old_owner))
        f2[sel] = np.where(closer, old1, np.minimum(old2, dist))
        f1[sel] = np.where(closer, dist, old1)
        owner[sel] = np.where(closer, cell, old_owner)
        best_dy[sel] = np.where(closer, ddy, best_dy[sel])
        best_dx[sel] = np.where(closer, ddx, best_dx[sel])
        f2_max = float(f2.max())
    if squared:
        f1, f2 = np.sqrt(f1), np.sqrt(f2)
    f2 = np.where(np.isinf(f2), float(max(h, w)), f2)
    return Cells(
        f1=f1.reshape(shape),
        f2=f2.reshape(shape),
        owner=owner.reshape(shape),
        points=points,
        dy=best_dy.reshape(shape),
        dx=(best_dx * aspect).reshape(shape),
        grid=(gy, gx),
    )


def _places(
    yy: np.ndarray, xx: np.ndarray, h: int, w: int, gy: int, gx: int
) -> tuple[np.ndarray, ...]:
    """Flat pixel coordinates on the torus, each pixel's seed-grid cell (row, column,
    number) and its place inside that cell (for :func:`worley`)."""
    size_y, size_x = h / gy, w / gx
    yy, xx = (yy % h).ravel(), (xx % w).ravel()
    iy = np.minimum((yy / size_y).astype(np.int64), gy - 1)
    ix = np.minimum((xx / size_x).astype(np.int64), gx - 1)
    own = iy * gx + ix
    top, left = yy - iy * size_y, xx - ix * size_x  # the pixel's place inside its cell
    return yy, xx, iy, ix, own, top, left


@lru_cache(maxsize=128)
def _grid_places(h: int, w: int, gy: int, gx: int) -> tuple[np.ndarray, ...]:
    """:func:`_places` of the unwarped pixel grid: the same for every field of a size
    and seed grid, so made once (read-only)."""
    yy, xx = _pixel_coords(h, w)
    places = _places(yy, xx, h, w, gy, gx)
    for a in places:
        a.flags.writeable = False
    return places


@lru_cache(maxsize=128)
def _near_cells(
    h: int, w: int, gy: int, gx: int, near: tuple[tuple[int, int], ...]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For the unwarped grid: the seed cell of each ``near`` offset round each pixel
    ``(cells, pixels)``, and the flat positions of (pixel row, seed) and (pixel column,
    seed) in a table of rows (columns) x seeds. Made once, read-only."""
    _, _, iy, ix, _, _, _ = _grid_places(h, w, gy, gx)
    oy = np.array([o[0] for o in near])[:, None]
    ox = np.array([o[1] for o in near])[:, None]
    cell = ((iy + oy) % gy) * gx + (ix + ox) % gx
    row, col = np.divmod(np.arange(h * w), w)
    at_row, at_col = row * (gy * gx) + cell, col * (gy * gx) + cell
    for a in (cell, at_row, at_col):
        a.flags.writeable = False
    return cell, at_row, at_col


@lru_cache(maxsize=256)
def _near_table(
    gy: int, gx: int, near: tuple[tuple[int, int], ...]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The ``near`` offsets along y and x as columns, and the cell each offset away from
    every cell of the seed grid ``(offsets, cells)``: a pixel's candidate cells are
    its own cell's column (the same cells as working the wrapped offsets out per pixel).
    Made once per grid, read-only."""
    oy = np.array([o[0] for o in near])[:, None]
    ox = np.array([o[1] for o in near])[:, None]
    table = np.stack([_neighbour_cells(gy, gx, dy, dx) for dy, dx in near])
    for a in (oy, ox, table):
        a.flags.writeable = False
    return oy, ox, table


@lru_cache(maxsize=1024)
def _neighbour_cells(gy: int, gx: int, oy: int, ox: int) -> np.ndarray:
    """The cell ``(oy, ox)`` away from each cell of a ``gy x gx`` seed grid (read-only)."""
    rows, cols = np.arange(gy)[:, None], np.arange(gx)[None, :]
    neighbour = (((rows + oy) % gy) * gx + (cols + ox) % gx).ravel()
    neighbour.flags.writeable = False
    return neighbour


@lru_cache(maxsize=1024)
def _grid_least(
    h: int,
    w: int,
    gy: int,
    gx: int,
    aspect: float,
    metric: str,
    oy: int,
    ox: int,
    wrap_y: bool,
    wrap_x: bool,
) -> np.ndarray:
    """For the unwarped grid: each pixel's least distance to any seed of the cell
    ``(oy, ox)`` away from its own (what :func:`worley` prunes with; read-only)."""
    _, _, _, _, _, top, left = _grid_places(h, w, gy, gx)
    my, mx = h / gy, (w / gx) / aspect
    least = _combine(metric, _gap(oy, gy, wrap_y, my, top), _gap(ox, gx, wrap_x, mx, left / aspect))
    least.flags.writeable = False
    return least


@lru_cache(maxsize=128)
def _far_least(
    h: int,
    w: int,
    gy: int,
    gx: int,
    aspect: float,
    metric: str,
    far: tuple[tuple[int, int, int, int, float], ...],
    wrap_y: bool,
    wrap_x: bool,
) -> np.ndarray:
    """:func:`_grid_least` of every ``far`` cell, stacked ``(cells, pixels)`` (made
    once per grid, read-only)."""
    least = np.stack(
        [_grid_least(h, w, gy, gx, aspect, metric, oy, ox, wrap_y, wrap_x) for oy, ox, *_ in far]
    )
    least.flags.writeable = False
    return least


# Fields up to this many pixels keep their unwarped places and bounds (made once).
_FIXED_MAX_PX = 64 * 64

# Pixels x cells searched in one array at most: a 32 px tile's 3 x 3 cells. Bigger
# arrays than that measured slower here than the cell-by-cell loop (memory traffic).
_AT_ONCE_MAX = 12_000


@lru_cache(maxsize=256)
def _search_plan(
    gy: int, gx: int, my: float, mx: float, metric: str
) -> tuple[bool, bool, tuple[tuple[int, int], ...], tuple[tuple[int, int, int, int, float], ...]]:
    """The grid cells :func:`worley` searches round a pixel's own, for a seed grid of
    ``gy x gx`` cells of ``my x mx`` (metric units): whether each axis wraps, the 3 x 3
    cells round the pixel's own, and the further ones, nearest first (round the torus
    on a wrapping axis), each with its distance in cells per axis and the least distance
    any pixel can have to it. The same for every field of a grid: made once.

    The second-nearest seed is never further than an adjacent cell's seed can be, so
    cells beyond that reach are left out. The order does not change the result: F1, F2
    and the owner (lowest seed index among the nearest) are the same in any order.
    """
    reach = float(np.sqrt(my * my + mx * mx + 3 * min(my, mx) ** 2))
    if metric == "manhattan":
        reach *= np.sqrt(2)
    offs_y, wrap_y = _axis_offsets(gy, my, reach)
    offs_x, wrap_x = _axis_offsets(gx, mx, reach)
    squared = metric not in ("manhattan", "chebyshev")
    bound = reach * reach if squared else reach
    offsets = [
        (oy, ox)
        for oy in offs_y
        for ox in offs_x
        if _combine(metric, _least(oy, wrap_y, my), _least(ox, wrap_x, mx)) < bound
    ]
    rings = {o: (_ring(o[0], gy, wrap_y), _ring(o[1], gx, wrap_x)) for o in offsets}
    offsets.sort(key=lambda o: (max(rings[o]), o))
    near = [o for o in offsets if max(rings[o]) <= 1]
    far = []
    for oy, ox in offsets[len(near) :]:
        ring_y, ring_x = rings[oy, ox]
        least = _combine(metric, max(ring_y - 1, 0) * my, max(ring_x - 1, 0) * mx)
        far.append((oy, ox, ring_y, ring_x, float(least)))
    return wrap_y, wrap_x, tuple(near), tuple(far)  # shared by every call: not to change


def _two_nearest(
    dist: np.ndarray, cell: np.ndarray, ddy: np.ndarray, ddx: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For candidate distances ``dist`` (cells x pixels) to the seeds ``cell`` (a seed at
    most once per pixel): F1, F2 (the second smallest, F1 again on a tie), the owner (the
    lowest seed index at F1) and its offsets - what the cell-by-cell search keeps, which
    does not depend on the order the cells come in."""
    n = dist.shape[1]
    f1 = np.minimum.reduce(dist, axis=0)
    nearest = np.where(dist == f1, cell, np.iinfo(np.int64).max)
    # Each pixel's pick as a flat position, so every read is one ``take`` (the same
    # elements as indexing by (pick, column)).
    pick = nearest.argmin(axis=0)
    pick *= n
    pick += _columns(n)
    rest = dist.copy()
    rest.ravel()[pick] = np.inf
    f2 = np.minimum.reduce(rest, axis=0)
    return f1, f2, nearest.ravel().take(pick), ddy.ravel().take(pick), ddx.ravel().take(pick)


@lru_cache(maxsize=64)
def _columns(n: int) -> np.ndarray:
    """``np.arange(n)``, made once per size (read-only)."""
    columns = np.arange(n)
    columns.flags.writeable = False
    return columns


def checkered(cells: Cells, rng: np.random.Generator, flip: float = 0.2) -> np.ndarray:
    """A bool per Voronoi cell, alternating over the seed grid like a checkerboard, with
    a share ``flip`` of the cells flipped at random.

    Two tones given by this to neighbouring cells spread evenly over the tile (a random
    pick leaves clumps of one tone, which repeat as blotches); the flips and the seeds'
    jitter keep the alternation from reading as a checkerboard.
    """
    n = len(cells.points)
    gx = int(cells.grid[1])
    index = np.arange(n)
    base = ((index // gx) + (index % gx)) % 2 == 0
    return base ^ (rng.random(n) < flip)
