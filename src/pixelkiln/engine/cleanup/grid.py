"""Finding the pixel grid of upscaled or "pseudo" pixel art, per axis, with scale and offset.

Two detectors, tried in order:

* **exact**: a clean nearest-neighbour upscale changes colour only on grid lines, so the
  greatest common divisor of the positions where columns (rows) change is the zoom factor
  and their remainder is the offset. The grid is accepted only if re-painting one sample
  per cell reproduces every pixel of every frame.
* **robust**: for resampled, blurred, JPEG-compressed or AI-made art. Per axis, the edge
  profile (summed ΔEOK between neighbouring columns) is reduced to its local peaks, and
  every candidate period (fractional, 3.5 px up; 3 px for unzoom) is scored by how well
  peaks at least half a period apart sit whole periods from each other (the
  autocorrelation weighted by ``cos(2 pi lag / period)``); the offset comes from the
  phase. Lines are then tracked one by one (each searched within ±30 % of a period of
  where the previous one predicts it), so drifting, non-uniform cells are followed
  instead of averaged. A grid is believed only if it has at least six cells per axis,
  colour changes inside its cells are far weaker than across its lines, and both axes
  agree on a near-square cell; otherwise the image is taken as native (period 1).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import reduce

import numpy as np

from pixelkiln.engine.color import srgb_to_oklab

__all__ = ["AxisGrid", "Grid", "cell_median", "cell_mode", "detect_grid", "features"]

_MIN_SCORE = 0.22  # comb (Fourier) score below which an axis has no grid
_MIN_CONCENTRATION = 0.5  # share of edge energy that must lie near the grid lines
_TRACK_WINDOW = 0.3  # search window for each line, in periods
_MIN_FRACTIONAL = 3.5  # shortest period the fractional (non-integer) search considers
_MIN_CELLS = 6  # fewest cells along an axis for the robust detector to believe a grid


@dataclass(frozen=True)
class AxisGrid:
    """Cell boundaries along one axis.

    Attributes
    ----------
    cuts : (n_cells + 1,) int positions, from 0 to the axis length; cell ``i`` covers
        ``cuts[i]:cuts[i + 1]``.
    period : detected cell size in pixels (1.0 when there is no grid).
    exact : whether the grid came from the exact (nearest-neighbour) detector.
    """

    cuts: np.ndarray
    period: float
    exact: bool

    @property
    def n_cells(self) -> int:
        """Cells along the axis."""
        return len(self.cuts) - 1

    def cell_index(self) -> np.ndarray:
        """Cell number of every pixel position along the axis."""
        return np.repeat(np.arange(self.n_cells), np.diff(self.cuts))

    def core(self) -> np.ndarray:
        """Positions far enough from a cell edge to be free of blur from the neighbours."""
        sizes = np.diff(self.cuts)
        idx = self.cell_index()
        pos = np.arange(self.cuts[-1]) - self.cuts[:-1][idx]
        dist = np.minimum(pos, sizes[idx] - 1 - pos)
        margin = np.minimum(np.rint(sizes * 0.2), 4).astype(np.int64)
        return dist >= margin[idx]


@dataclass(frozen=True)
class Grid:
    """The pixel grid of an image: one :class:`AxisGrid` per axis."""

    x: AxisGrid
    y: AxisGrid

    @property
    def shape(self) -> tuple[int, int]:
        """Cells as ``(rows, columns)``: the native size of the art."""
        return self.y.n_cells, self.x.n_cells

    @property
    def exact(self) -> bool:
        """Whether both axes came from the exact detector (a clean upscale)."""
        return self.x.exact and self.y.exact

    @property
    def zoom(self) -> float:
        """Mean screen pixels per art pixel over both axes."""
        return (self.x.cuts[-1] / self.x.n_cells + self.y.cuts[-1] / self.y.n_cells) / 2

    def cell_ids(self) -> np.ndarray:
        """``(H, W)`` flat cell number (row-major over the cell grid) of every pixel."""
        return self.y.cell_index()[:, None] * self.x.n_cells + self.x.cell_index()[None, :]

    def core_mask(self) -> np.ndarray:
        """``(H, W)`` pixels in the blur-free middle of their cell."""
        return self.y.core()[:, None] & self.x.core()[None, :]

    def paint(self, cells: np.ndarray) -> np.ndarray:
        """Expand per-cell values ``(rows, cols, ...)`` to a full-size image."""
        return cells[self.y.cell_index()][:, self.x.cell_index()]

    def sample(self, image: np.ndarray) -> np.ndarray:
        """The first pixel of every cell (exact for clean nearest-neighbour upscales)."""
        return image[self.y.cuts[:-1]][:, self.x.cuts[:-1]]


def features(frame: np.ndarray) -> np.ndarray:
    """Per-pixel vectors whose Euclidean distance is ΔEOK plus an alpha term."""
    lab = srgb_to_oklab(frame[..., :3])
    alpha = (frame[..., 3:4] >= 128).astype(np.float64) * 0.5
    return np.concatenate([lab, alpha], axis=-1)


def _uniform_axis(n: int, period: int, offset: int) -> AxisGrid:
    cuts = list(range(offset, n, period)) if offset else list(range(0, n, period))
    if cuts[0] != 0:
        cuts.insert(0, 0)
    cuts.append(n)
    return AxisGrid(np.array(cuts, dtype=np.int64), float(period), True)


def _exact_period(change: np.ndarray, n: int) -> tuple[int, int] | None:
    """(period, offset) from the positions where the axis changes colour, or None."""
    b = np.flatnonzero(change) + 1
    if len(b) == 0:
        return None
    g_diff = reduce(math.gcd, (b[1:] - b[:-1]).tolist(), 0)
    aligned = math.gcd(math.gcd(g_diff, int(b[0])), n)
    if aligned >= 2:
        return aligned, 0
    # A cropped upscale: lines are evenly spaced but do not start at 0. Needs several lines,
    # or two boundaries of a lone shape would pass for a huge grid.
    if g_diff >= 2 and len(b) >= 3:
        return g_diff, int(b[0] % g_diff)
    return 1, 0


def _exact_grid(feats: Sequence[np.ndarray]) -> Grid | None:
    h, w = feats[0].shape[:2]
    cx = np.zeros(w - 1, bool)
    cy = np.zeros(h - 1, bool)
    for f in feats:
        cx |= np.any(f[:, 1:] != f[:, :-1], axis=(0, 2))
        cy |= np.any(f[1:] != f[:-1], axis=(1, 2))
    px, py = _exact_period(cx, w), _exact_period(cy, h)
    if (px or (1, 0))[0] < 2 and (py or (1, 0))[0] < 2 and (px or py):
        return None  # no axis is zoomed: let the robust detector look
    if px is None and py is None:
        px, py = (w, 0), (h, 0)
    elif px is None:
        px = (py[0], 0) if w % py[0] == 0 else (w, 0)
    elif py is None:
        py = (px[0], 0) if h % px[0] == 0 else (h, 0)
    # Prefer square cells when one period divides the other and both are aligned.
    if px[1] == 0 and py[1] == 0 and min(px[0], py[0]) >= 2:
        small = min(px[0], py[0])
        if max(px[0], py[0]) % small == 0:
            px, py = (small, 0), (small, 0)
    grid = Grid(_uniform_axis(w, *px), _uniform_axis(h, *py))
    for f in feats:
        if not np.array_equal(grid.paint(grid.sample(f)), f):
            return None
    return grid


def _raw_profile(feats: Sequence[np.ndarray], axis: int) -> np.ndarray:
    """Summed colour change between neighbouring columns (axis=1) or rows (axis=0)."""
    total = 0.0
    for f in feats:
        d = np.abs(np.diff(f, axis=axis)).sum(axis=2)
        total = total + d.sum(axis=1 - axis)
    return np.asarray(total, dtype=np.float64)


def _profile(feats: Sequence[np.ndarray], axis: int) -> np.ndarray:
    p = _raw_profile(feats, axis)
    if p.size == 0:  # one pixel across: no neighbours to compare
        return p
    return np.maximum(p - np.median(p), 0.0)  # drop the noise floor (JPEG, grain)


def _cells_are_flat(raw: np.ndarray, axis: AxisGrid) -> bool:
    """Colour changes inside cells must be far weaker than across their boundaries.

    A false grid fitted to noise or to native pixel art has as much change inside its
    "cells" as across them; a real one has little (only blur near the lines).
    """
    pos = np.arange(1, len(raw) + 1)
    cuts = axis.cuts[1:-1]
    if len(cuts) == 0:
        return False
    dist = np.min(np.abs(pos[:, None] - cuts[None, :]), axis=1)
    wide = axis.period >= 4 and (dist >= 2).any()
    inner = dist >= 2 if wide else dist >= 1
    if not inner.any():
        return True
    ratio = raw[inner].mean() / max(raw[dist == 0].mean(), 1e-12)
    return bool(ratio <= (0.35 if wide else 0.55))


def _comb(profile: np.ndarray, periods: np.ndarray) -> np.ndarray:
    """Complex comb response ``sum P(x) exp(-2 pi i x / p)`` for each period ``p``."""
    x = np.arange(1, len(profile) + 1, dtype=np.float64)
    out = np.empty(len(periods), dtype=np.complex128)
    for s in range(0, len(periods), 128):
        ph = np.exp(-2j * np.pi * x[None, :] / periods[s : s + 128, None])
        out[s : s + 128] = ph @ profile
    return out


def _peaks(profile: np.ndarray) -> np.ndarray:
    """Keep only local maxima: a blurred edge is one line, not three."""
    left = np.r_[-np.inf, profile[:-1]]
    right = np.r_[profile[1:], -np.inf]
    return np.where((profile >= left) & (profile > right), profile, 0.0)


def _lattice_score(profile: np.ndarray, periods: np.ndarray) -> np.ndarray:
    """How well edges at least half a period apart sit whole periods from each other.

    The autocorrelation ``R(d)`` of the edge profile, weighted by ``cos(2 pi d / p)`` over
    lags ``d >= p / 2``: near 1 when distant edges are a whole number of periods apart,
    near 0 for unrelated positions. Skipping short lags keeps one blurred edge, or edges
    bunched in one part of the image, from passing for a coarse grid.
    """
    n = len(profile)
    profile = _peaks(profile)
    spec = np.fft.rfft(profile, 2 * n)
    r = np.fft.irfft(spec * np.conj(spec), 2 * n)[:n]
    d = np.arange(n, dtype=np.float64)
    out = np.empty(len(periods))
    for s in range(0, len(periods), 128):
        p = periods[s : s + 128, None]
        w = np.where(d[None, :] >= p / 2, r[None, :], 0.0)
        total = w.sum(axis=1)
        out[s : s + 128] = np.where(
            total > 0,
            (w * np.cos(2 * np.pi * d[None, :] / p)).sum(axis=1) / np.maximum(total, 1e-12),
            0.0,
        )
    return out


def _track(profile: np.ndarray, n: int, period: float, offset: float) -> np.ndarray:
    """Follow grid lines through the profile, allowing each to drift from the lattice."""
    smooth = np.convolve(profile, [0.25, 0.5, 0.25], mode="same")
    positive = smooth[smooth > 0]
    floor = 0.25 * np.percentile(positive, 90) if len(positive) else np.inf
    win = max(1, round(period * _TRACK_WINDOW))
    lines: list[int] = []
    pos = offset % period
    while pos < 0.5:
        pos += period
    while pos < n - 0.5:
        c = round(pos)
        lo, hi = max(1, c - win), min(n - 1, c + win)
        found = c
        if lo <= hi:
            seg = smooth[lo - 1 : hi]
            j = int(np.argmax(seg))
            if seg[j] >= floor:
                found = lo + j
        if lines and found - lines[-1] < max(1.0, 0.5 * period):
            found = max(c, lines[-1] + 1)
        if found >= n:
            break
        lines.append(found)
        pos = found + period
    cuts = np.array([0, *lines, n], dtype=np.int64)
    cuts = np.unique(cuts)
    # Slivers at the borders are blur, not cells: merge them into their neighbour.
    if len(cuts) > 2 and cuts[1] - cuts[0] < 0.35 * period:
        cuts = np.delete(cuts, 1)
    if len(cuts) > 2 and cuts[-1] - cuts[-2] < 0.35 * period:
        cuts = np.delete(cuts, -2)
    return cuts


def _robust_axis(profile: np.ndarray, n: int, upscaled: bool) -> AxisGrid:
    none = AxisGrid(np.arange(n + 1, dtype=np.int64), 1.0, False)
    pmax = n / _MIN_CELLS  # a handful of cells is no evidence of a grid
    total = profile.sum()
    if pmax < 3 or total <= 0:
        return none
    # Noise has a local maximum every ~3 pixels, so periods start at 3 only for unzoom
    # (which is told the art is upscaled) and at 3.5 otherwise. The search is fractional
    # either way: drifting cells average a fraction off any whole number.
    lo = 3.0 if upscaled else _MIN_FRACTIONAL
    if pmax < lo:
        return none
    periods = lo * np.exp(np.arange(0, math.log(pmax / lo) + 1e-9, 0.004))
    score = _lattice_score(profile, periods)
    best = int(np.argmax(score))
    p, s = float(periods[best]), float(score[best])
    # A lattice of period p also fits p/2, p/3...: climb to the largest multiple that fits.
    base = p
    for m in range(2, int(pmax / base) + 1):
        near = base * m * (1 + np.linspace(-0.04, 0.04, 17))
        near = near[(near >= periods[0]) & (near <= pmax)]
        if len(near) == 0:
            continue
        sc = _lattice_score(profile, near)
        if sc.max() >= 0.85 * s:
            p = float(near[int(np.argmax(sc))])
    fine = p * (1 + np.linspace(-0.02, 0.02, 81))
    p = float(fine[int(np.argmax(_lattice_score(profile, fine)))])
    s = float(_lattice_score(profile, np.array([p]))[0])
    resp = _comb(profile, np.array([p]))[0]
    offset = (-np.angle(resp) * p / (2 * np.pi)) % p
    x = np.arange(1, n, dtype=np.float64)
    dist = np.abs((x - offset + p / 2) % p - p / 2)
    near = dist <= max(0.5, 0.15 * p)
    peaks = _peaks(profile)
    concentration = peaks[near].sum() / max(peaks.sum(), 1e-12)
    if s < _MIN_SCORE or concentration < max(_MIN_CONCENTRATION, near.mean() + 0.25):
        return none
    cuts = _track(profile, n, p, offset)
    if len(cuts) - 1 < 2:
        return none
    return AxisGrid(cuts, float(p), False)


def detect_grid(frames: Sequence[np.ndarray], upscaled: bool = False) -> Grid:
    """The pixel grid shared by ``frames``.

    Parameters
    ----------
    frames : RGBA uint8 arrays of one size (alpha is used only as opaque/transparent).
    upscaled : the caller knows the art is upscaled (unzoom): periods from 3 px are
        considered, instead of from 3.5 px.

    Returns
    -------
    Grid
        With period 1 and one cell per pixel on an axis where no grid is found.
    """
    feats = [features(f) for f in frames]
    exact = _exact_grid(feats)
    if exact is not None:
        return exact
    h, w = feats[0].shape[:2]
    none_x = AxisGrid(np.arange(w + 1, dtype=np.int64), 1.0, False)
    none_y = AxisGrid(np.arange(h + 1, dtype=np.int64), 1.0, False)
    axes = []
    for axis, n in ((1, w), (0, h)):
        found = _robust_axis(_profile(feats, axis), n, upscaled)
        if found.period > 1 and not _cells_are_flat(_raw_profile(feats, axis), found):
            found = AxisGrid(np.arange(n + 1, dtype=np.int64), 1.0, False)
        axes.append(found)
    gx, gy = axes
    # Resampled pixel art has a grid on both axes with near-square cells; a grid on one
    # axis only, or wildly different periods, is a coincidence of the picture.
    if (
        gx.period == 1
        or gy.period == 1
        or max(gx.period, gy.period) > 1.5 * min(gx.period, gy.period)
    ):
        return Grid(none_x, none_y)
    return Grid(gx, gy)


def cell_mode(
    labels: np.ndarray, cell_ids: np.ndarray, mask: np.ndarray, n_cells: int
) -> np.ndarray:
    """Most frequent non-negative label among the masked pixels of each cell (-1 if none).

    Ties go to the smaller label, so the result is deterministic.
    """
    sel = mask & (labels >= 0)
    out = np.full(n_cells, -1, dtype=np.int64)
    if not sel.any():  # a clear frame: no cell has a label
        return out
    k = int(labels.max()) + 1
    key = cell_ids[sel].astype(np.int64) * k + labels[sel]
    uniq, counts = np.unique(key, return_counts=True)
    cells, labs = uniq // k, uniq % k
    order = np.lexsort((-counts, cells))
    first = order[np.r_[True, cells[order][1:] != cells[order][:-1]]]
    out[cells[first]] = labs[first]
    return out


def cell_median(
    values: np.ndarray, cell_ids: np.ndarray, mask: np.ndarray, n_cells: int
) -> np.ndarray:
    """Per-channel median of the masked pixels of each cell; ``(n_cells, C)`` (0 if none)."""
    ids = cell_ids[mask]
    vals = values[mask]
    out = np.zeros((n_cells, vals.shape[1]), dtype=vals.dtype)
    if len(ids) == 0:
        return out
    counts = np.bincount(ids, minlength=n_cells)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    has = counts > 0
    mid = starts + (counts - 1) // 2
    for c in range(vals.shape[1]):
        order = np.lexsort((vals[:, c], ids))
        out[has, c] = vals[order, c][mid[has]]
    return out
