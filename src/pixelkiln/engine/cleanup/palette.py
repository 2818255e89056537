"""Palettes in OKLab: k-means, automatic colour counts, merging and nearest-colour mapping.

Every utility that chooses or applies a palette goes through here, so "close colours" mean
the same thing everywhere: Euclidean distance in OKLab (ΔEOK), where 0.02 is about the least
difference that shows. Work is done on *unique* colours with pixel counts, so a 512x512
image with a few hundred colours costs a few hundred conversions, not a quarter million.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np
from scipy.cluster.vq import ClusterError, kmeans2
from scipy.spatial import cKDTree

from pixelkiln.engine.color import oklab_to_srgb, srgb_to_oklab

__all__ = [
    "ALPHA_THRESHOLD",
    "ColorTable",
    "auto_palette",
    "binarize_alpha",
    "color_table",
    "kmeans_oklab",
    "leader_merge",
    "map_to_palette",
    "oklab_to_rgb8",
    "pack_rgb",
    "palette_for",
    "unpack_rgb",
]

#: Alpha at or above this is opaque; below it the pixel is transparent (binary alpha).
ALPHA_THRESHOLD = 128
#: Colours whose 5-bit-per-channel bins coincide are clustered as one weighted point.
_BIN_SHIFT = 3
#: Ladder of palette sizes tried by the automatic mode, smallest first.
_AUTO_LADDER = (4, 6, 8, 10, 12, 16, 20, 24, 32, 40, 48, 64)
#: Mean ΔEOK the automatic mode accepts, a little above the just-noticeable 0.02.
_AUTO_MEAN_ERROR = 0.028
#: Colours closer than this are "the same colour plus noise" when counting distinct ones.
_AUTO_NOISE = 0.045
#: Largest mean distance to the group centre for the groups to count as a palette plus noise.
_AUTO_GROUP_SPREAD = 0.016


def binarize_alpha(rgba: np.ndarray) -> np.ndarray:
    """Copy of ``rgba`` with alpha forced to 0 or 255; transparent pixels become (0, 0, 0, 0)."""
    out = np.array(rgba, dtype=np.uint8, copy=True)
    opaque = out[..., 3] >= ALPHA_THRESHOLD
    out[..., 3] = np.where(opaque, 255, 0)
    out[~opaque] = 0
    return out


def pack_rgb(rgb: np.ndarray) -> np.ndarray:
    """``(..., 3)`` uint8 colours to one uint32 key each (0xRRGGBB)."""
    rgb = np.asarray(rgb, dtype=np.uint32)
    return (rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]


def unpack_rgb(keys: np.ndarray) -> np.ndarray:
    """Inverse of :func:`pack_rgb`."""
    keys = np.asarray(keys, dtype=np.uint32)
    return np.stack([(keys >> 16) & 255, (keys >> 8) & 255, keys & 255], axis=-1).astype(np.uint8)


def oklab_to_rgb8(lab: np.ndarray) -> np.ndarray:
    """OKLab colours to rounded, gamut-clipped uint8 sRGB."""
    return np.rint(oklab_to_srgb(lab)).astype(np.uint8)


class ColorTable:
    """The distinct opaque colours of one or more frames, with counts and OKLab values.

    Attributes
    ----------
    rgb : (K, 3) uint8 distinct colours.
    counts : (K,) int pixel count of each.
    lab : (K, 3) float OKLab of each.
    inverse : list of (H, W) int arrays, the colour index of every pixel (-1 if transparent).
    """

    def __init__(self, rgb: np.ndarray, counts: np.ndarray, inverse: list[np.ndarray]) -> None:
        self.rgb = rgb
        self.counts = counts
        self.lab = srgb_to_oklab(rgb) if len(rgb) else np.zeros((0, 3))
        self.inverse = inverse

    def __len__(self) -> int:
        return len(self.rgb)


def color_table(frames: Sequence[np.ndarray]) -> ColorTable:
    """Distinct opaque colours over ``frames`` (RGBA arrays, alpha already binary or not).

    Parameters
    ----------
    frames : RGBA uint8 arrays; pixels with alpha below :data:`ALPHA_THRESHOLD` are skipped.

    Returns
    -------
    ColorTable
    """
    keys, masks = [], []
    for f in frames:
        opaque = f[..., 3] >= ALPHA_THRESHOLD
        masks.append(opaque)
        keys.append(pack_rgb(f[..., :3][opaque]))
    allkeys = np.concatenate(keys) if keys else np.zeros(0, np.uint32)
    uniq, inv, counts = np.unique(allkeys, return_inverse=True, return_counts=True)
    inverse, start = [], 0
    for f, opaque, k in zip(frames, masks, keys, strict=True):
        full = np.full(f.shape[:2], -1, dtype=np.int64)
        full[opaque] = inv[start : start + len(k)]
        start += len(k)
        inverse.append(full)
    return ColorTable(unpack_rgb(uniq), counts.astype(np.int64), inverse)


def _binned(table: ColorTable) -> tuple[np.ndarray, np.ndarray]:
    """Collapse near-identical colours into 5-bit bins: weighted OKLab means and weights."""
    keys = pack_rgb(table.rgb >> _BIN_SHIFT)
    uniq, inv = np.unique(keys, return_inverse=True)
    w = np.bincount(inv, weights=table.counts, minlength=len(uniq))
    lab = (
        np.stack(
            [
                np.bincount(inv, weights=table.lab[:, c] * table.counts, minlength=len(uniq))
                for c in range(3)
            ],
            axis=1,
        )
        / w[:, None]
    )
    return lab, w


def _lloyd(points: np.ndarray, weights: np.ndarray, centres: np.ndarray, iters: int) -> np.ndarray:
    """Weighted Lloyd iterations; an emptied centre jumps to the worst-served point."""
    centres = centres.copy()
    k = len(centres)
    for _ in range(iters):
        dist, idx = cKDTree(centres).query(points)
        w = np.bincount(idx, weights=weights, minlength=k)
        sums = np.stack(
            [np.bincount(idx, weights=points[:, c] * weights, minlength=k) for c in range(3)],
            axis=1,
        )
        empty = w <= 0
        new = centres.copy()
        new[~empty] = sums[~empty] / w[~empty, None]
        if empty.any():
            order = np.argsort(-(dist**2) * weights, kind="stable")
            new[empty] = points[order[: int(empty.sum())]]
        if np.allclose(new, centres, atol=1e-6):
            centres = new
            break
        centres = new
    return centres


def kmeans_oklab(
    points: np.ndarray,
    weights: np.ndarray,
    k: int,
    rng: np.random.Generator,
    iters: int = 20,
    restarts: int = 4,
) -> np.ndarray:
    """Weighted k-means in OKLab, seeded by ``rng`` (k-means++ via scipy's ``kmeans2``).

    Parameters
    ----------
    points : (M, 3) OKLab colours.
    weights : (M,) pixel counts.
    k : number of centres wanted.
    rng : the seeded generator; the same generator state gives the same centres.
    iters : weighted Lloyd refinement passes over all points.
    restarts : independent starts; the one with the lowest mean ΔEOK wins (k-means has
        local minima, and a bad one can lose to a naive median cut).

    Returns
    -------
    (min(k, M), 3) OKLab centres.
    """
    if len(points) <= k:
        return points.copy()
    n = min(len(points), max(4000, 40 * k))
    p = weights / weights.sum()
    best, best_err = None, np.inf
    for _ in range(max(1, restarts)):
        # k-means++ on a weighted sample finds a start; weighted Lloyd on all points finishes.
        sample = points[rng.choice(len(points), size=n, replace=True, p=p)]
        try:
            with np.errstate(all="raise"):
                start, _ = kmeans2(sample, k, iter=4, minit="++", missing="raise", rng=rng)
        except (ClusterError, FloatingPointError):
            start = points[np.argsort(-weights, kind="stable")[:k]]
        centres = _lloyd(points, weights, np.asarray(start, dtype=np.float64), iters)
        err = _mean_error(points, weights, centres)
        if err < best_err:
            best, best_err = centres, err
    assert best is not None
    return best


def _mean_error(points: np.ndarray, weights: np.ndarray, centres: np.ndarray) -> float:
    dist, _ = cKDTree(centres).query(points)
    return float(np.average(dist, weights=weights))


def leader_merge(
    lab: np.ndarray, weights: np.ndarray, threshold: float, limit: int | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Greedy "leader" clustering: the most frequent colour absorbs all within ``threshold``.

    Parameters
    ----------
    lab : (M, 3) OKLab colours.
    weights : (M,) counts; leaders are taken most frequent first.
    threshold : ΔEOK radius a leader absorbs.
    limit : stop (returning what was found so far) once this many leaders exist.

    Returns
    -------
    centres : (K, 3) weighted OKLab means of each group.
    assign : (M,) group of every input colour (-1 for colours left when ``limit`` hit).
    """
    assign = np.full(len(lab), -1, dtype=np.int64)
    order = np.argsort(-weights, kind="stable")
    centres: list[np.ndarray] = []
    for i in order:
        if assign[i] >= 0:
            continue
        if limit is not None and len(centres) >= limit:
            break
        free = assign < 0
        near = free & (np.linalg.norm(lab - lab[i], axis=1) <= threshold)
        assign[near] = len(centres)
        centres.append(np.average(lab[near], axis=0, weights=weights[near]))
    return np.array(centres).reshape(-1, 3), assign


def _drop_blends(centres: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Drop small groups lying between two larger ones: blended edges and JPEG ringing.

    A group under 2 % of the pixels whose centre sits on the segment between two groups
    each at least four times heavier (away from both ends) is a mix of them, not a colour
    of its own; so is a speck (under 0.05 %) within twice the noise radius of a heavier
    group. A darker outline or a brighter glint is off every such segment and stays.
    """
    total = weights.sum()
    keep = np.ones(len(centres), bool)
    for i in np.argsort(weights, kind="stable"):
        if weights[i] >= 0.02 * total:
            continue
        heavy = np.flatnonzero(keep & (weights >= 4 * weights[i]))
        if len(heavy) and weights[i] <= 0.0005 * total:
            if np.linalg.norm(centres[heavy] - centres[i], axis=1).min() <= 2 * _AUTO_NOISE:
                keep[i] = False
                continue
        for a, b in itertools.combinations(heavy, 2):
            v = centres[b] - centres[a]
            span = float(np.linalg.norm(v))
            if span < 1e-6:
                continue
            t = float(np.dot(centres[i] - centres[a], v)) / span**2
            off = float(np.linalg.norm(centres[i] - (centres[a] + t * v)))
            if 0.1 < t < 0.9 and off < 0.2 * span:
                keep[i] = False
                break
    return centres[keep]


def auto_palette(table: ColorTable, rng: np.random.Generator, cap: int = 64) -> np.ndarray:
    """A palette of automatically chosen size for the colours in ``table`` (``num_colors`` auto).

    An image that is pixel art already (at most ``cap`` colour groups once colours within
    ΔEOK 0.045 of each other count as one, as JPEG noise or slight shading drift would, with
    the pixels tight around their group's centre) keeps one colour per group: the group's
    weighted mean. Otherwise (photos, renders, gradients) the size is the smallest on a
    ladder (4, 6, 8, ... 64) whose k-means palette keeps the mean error under ΔEOK 0.028,
    just above the least difference that shows.

    Parameters
    ----------
    table : the image's colours.
    rng : seeded generator for the k-means trials.
    cap : most colours returned.

    Returns
    -------
    (K, 3) OKLab palette, 1 <= K <= ``cap`` (0 rows if ``table`` is empty).
    """
    if len(table) <= 1:
        return table.lab.copy()
    weights = table.counts.astype(float)
    centres, assign = leader_merge(table.lab, weights, _AUTO_NOISE, 4 * cap)
    if (assign >= 0).all():
        group_w = np.bincount(assign, weights=weights, minlength=len(centres))
        centres = _drop_blends(centres, group_w)
    if (assign >= 0).all() and len(centres) <= cap:
        # Tight groups are a palette plus noise; a gradient chopped into balls spreads
        # evenly inside each one and fails this.
        spread, _ = cKDTree(centres).query(table.lab)
        if np.average(spread, weights=weights) <= _AUTO_GROUP_SPREAD:
            return centres
    points, weights = _binned(table)
    for k in _AUTO_LADDER:
        if k >= cap:
            break
        centres = kmeans_oklab(points, weights, k, rng)
        if _mean_error(points, weights, centres) <= _AUTO_MEAN_ERROR:
            return centres
    return kmeans_oklab(points, weights, cap, rng)


def palette_for(table: ColorTable, k: int, rng: np.random.Generator) -> np.ndarray:
    """A k-colour palette (OKLab centres) for the colours in ``table``."""
    if len(table) <= k:
        return table.lab.copy()
    points, weights = _binned(table)
    if len(points) <= k:
        # Few bins: cluster the exact colours instead, so nothing is merged needlessly.
        points, weights = table.lab, table.counts.astype(float)
    return kmeans_oklab(points, weights, k, rng)


def map_to_palette(lab: np.ndarray, palette_lab: np.ndarray) -> np.ndarray:
    """Index of the nearest palette colour (ΔEOK) for each OKLab colour in ``lab``."""
    _, idx = cKDTree(palette_lab).query(lab)
    return np.asarray(idx, dtype=np.int64)
