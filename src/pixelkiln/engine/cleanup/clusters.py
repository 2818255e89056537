"""Cluster clean-up on palette-index images: orphan removal and a majority filter.

"A single pixel is most of the time near-useless if not touching pixels of the same
colour": after quantising, pixels with no same-colour 8-neighbour ("orphans") are usually
noise. They are replaced by the most common colour around them, but only when that colour
is close enough, so deliberate details (an eye glint, a star) survive a gentle pass. A
checkerboard dither is not orphaned: its pixels have diagonal twins.
"""

from __future__ import annotations

import numpy as np

__all__ = ["majority_filter", "neighbours", "orphan_fraction", "remove_orphans"]

_OFFSETS_8 = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


def neighbours(idx: np.ndarray, fill: int = -2) -> np.ndarray:
    """``(8, H, W)`` stack of each pixel's 8 neighbours (``fill`` beyond the border)."""
    h, w = idx.shape
    pad = np.pad(idx, 1, constant_values=fill)
    return np.stack([pad[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w] for dy, dx in _OFFSETS_8])


def orphan_fraction(idx: np.ndarray) -> float:
    """Share of opaque pixels (index >= 0) with no same-index 8-neighbour."""
    opaque = idx >= 0
    if not opaque.any():
        return 0.0
    orphan = opaque & ~(neighbours(idx) == idx[None]).any(axis=0)
    return float(orphan.sum() / opaque.sum())


def _vote(
    nb: np.ndarray, own_lab: np.ndarray, pal_lab: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Most common opaque neighbour index per row of ``nb`` (ties to the closest colour)."""
    valid = nb >= 0
    same = (nb[:, :, None] == nb[:, None, :]) & valid[:, :, None] & valid[:, None, :]
    count = same.sum(axis=2).astype(np.float64)
    dist = np.linalg.norm(pal_lab[np.maximum(nb, 0)] - own_lab[:, None, :], axis=2)
    score = np.where(valid, count - 1e-3 * dist, -np.inf)
    pick = np.argmax(score, axis=1)
    rows = np.arange(len(nb))
    return nb[rows, pick], count[rows, pick]


def remove_orphans(
    idx: np.ndarray,
    pal_lab: np.ndarray,
    max_delta: float,
    passes: int = 2,
    closest: bool = False,
) -> np.ndarray:
    """Replace orphan pixels by their neighbours' majority colour.

    Parameters
    ----------
    idx : (H, W) palette indices, -1 for transparent (never changed, never voted).
    pal_lab : (K, 3) OKLab palette.
    max_delta : only replace when the new colour is within this ΔEOK of the old one
        (use ``np.inf`` to clear every orphan).
    passes : repeat, since removing one orphan can resolve its neighbour.
    closest : take the neighbour colour closest to the orphan's own instead of the most
        common one (an orphan is then read as a noisy copy of a colour beside it).

    Returns
    -------
    (H, W) cleaned indices.
    """
    out = idx.copy()
    for _ in range(passes):
        nb = neighbours(out)
        orphan = (out >= 0) & ~(nb == out[None]).any(axis=0) & (nb >= 0).any(axis=0)
        if not orphan.any():
            break
        ys, xs = np.nonzero(orphan)
        rows = nb[:, ys, xs].T
        own = pal_lab[out[ys, xs]]
        if closest:
            dist = np.linalg.norm(pal_lab[np.maximum(rows, 0)] - own[:, None, :], axis=2)
            pick = np.argmin(np.where(rows >= 0, dist, np.inf), axis=1)
            cand = rows[np.arange(len(rows)), pick]
        else:
            cand, _ = _vote(rows, own, pal_lab)
        delta = np.linalg.norm(pal_lab[cand] - pal_lab[out[ys, xs]], axis=1)
        ok = delta <= max_delta
        if not ok.any():
            break
        out[ys[ok], xs[ok]] = cand[ok]
    return out


def majority_filter(idx: np.ndarray, pal_lab: np.ndarray, min_votes: int = 6) -> np.ndarray:
    """Set a pixel to the colour held by at least ``min_votes`` of its 8 neighbours.

    Smooths ragged cluster edges without moving real boundaries: a pixel on a straight edge
    has at most 5 neighbours of the other colour, so it is left alone.
    """
    nb = neighbours(idx)
    opaque = idx >= 0
    ys, xs = np.nonzero(opaque)
    if len(ys) == 0:
        return idx.copy()
    cand, count = _vote(nb[:, ys, xs].T, pal_lab[idx[ys, xs]], pal_lab)
    out = idx.copy()
    ok = (count >= min_votes) & (cand != idx[ys, xs])
    out[ys[ok], xs[ok]] = cand[ok]
    return out
