"""Cluster cleanup on the torus: majority smoothing, orphan removal, small-cluster despeckle.

Run after quantising a field to ramp levels (ART.md §1.2): it turns stray pixels into
their surroundings so clusters, not pixels, carry the picture. Every neighbourhood wraps
(``np.roll`` and the toroidal cluster labels of :mod:`pixelkiln.engine.quality`), so the
cleanup never breaks a tile's seam. Pixels in ``keep`` (deliberate glints, flower centres,
blade tips) are never changed.
"""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.quality import cluster_labels

__all__ = ["cleanup", "majority", "neighbour_mode", "remove_orphans", "remove_small"]

_N8 = [(dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dy or dx]


def neighbour_mode(index: np.ndarray, exclude_self: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """The most common value among each pixel's 8 neighbours (wrapping) and its count.

    With ``exclude_self`` the pixel's own value is not a candidate. Ties go to the lower
    value, so the result is deterministic.
    """
    values, inverse = _ranks(index)
    # int8 holds every count (at most 8) and halves the memory the sums walk through.
    onehot = (inverse[None] == np.arange(len(values))[:, None, None]).astype(np.int8)
    # Neighbour counts of every value at once: the one-hot stack padded by one pixel
    # round the torus, its eight shifted windows summed (a 3x3 box sum minus the centre).
    padded = np.pad(onehot, ((0, 0), (1, 1), (1, 1)), mode="wrap")
    rows = padded[:, :-2] + padded[:, 1:-1] + padded[:, 2:]  # (k, h, w + 2)
    counts = rows[:, :, :-2] + rows[:, :, 1:-1] + rows[:, :, 2:] - onehot
    if exclude_self:
        counts = np.where(onehot.astype(bool), -1, counts)
    best = np.argmax(counts, axis=0)  # first maximum: the lower value wins a tie
    best_count = np.take_along_axis(counts, best[None], axis=0)[0].astype(np.int64)
    return values[best], best_count


def _ranks(index: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``np.unique(index, return_inverse=True)``, by a count of the values when they are
    small non-negative integers (colour levels) instead of a sort of every pixel."""
    flat = index.ravel()
    if flat.size and np.issubdtype(flat.dtype, np.integer) and 0 <= flat.min():
        present = np.bincount(flat) > 0
        values = np.flatnonzero(present).astype(index.dtype)
        rank = np.cumsum(present) - 1
        return values, rank[flat].reshape(index.shape)
    values, inverse = np.unique(index, return_inverse=True)
    return values, inverse.reshape(index.shape)


def _same_neighbours(index: np.ndarray) -> np.ndarray:
    same = np.zeros(index.shape, np.int64)
    # One wrapped pad and eight windows of it: the eight rolls' neighbours, cheaper.
    padded = np.pad(index, 1, mode="wrap")
    h, w = index.shape
    for dy, dx in _N8:
        same += padded[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w] == index
    return same


def majority(index: np.ndarray, keep: np.ndarray | None = None, strength: int = 5) -> np.ndarray:
    """Replace pixels outvoted by their neighbours: own colour in at most 1 of 8 neighbours
    while another colour holds at least ``strength`` of them (smooths ragged cluster edges)."""
    out = index.copy()
    mode, count = neighbour_mode(out)
    change = (_same_neighbours(out) <= 1) & (count >= strength)
    if keep is not None:
        change &= ~keep
    out[change] = mode[change]
    return out


def remove_orphans(index: np.ndarray, keep: np.ndarray | None = None) -> np.ndarray:
    """Give pixels with no same-colour 8-neighbour the commonest neighbouring colour."""
    out = index.copy()
    for _ in range(3):
        orphan = _same_neighbours(out) == 0
        if keep is not None:
            orphan &= ~keep
        if not orphan.any():
            break
        mode, _ = neighbour_mode(out)
        out[orphan] = mode[orphan]
    return out


def remove_small(
    index: np.ndarray,
    min_size: int = 3,
    keep: np.ndarray | None = None,
    lines: np.ndarray | None = None,
) -> np.ndarray:
    """Merge 4-connected clusters under ``min_size`` pixels into their surroundings.

    Inside ``lines`` (drawn structure: stones, bricks) clusters count as 8-connected, so
    a one-pixel staircase - the rim light along a round stone - is kept as the line it is.
    """
    out = index.copy()
    for _ in range(3):
        labels = cluster_labels(out)
        sizes = np.bincount(labels.ravel())
        small = sizes[labels] < min_size
        if lines is not None and lines.any():
            labels8 = cluster_labels(out, connectivity=8)
            small8 = np.bincount(labels8.ravel())[labels8] < min_size
            small = np.where(lines, small8, small)
        if keep is not None:
            small &= ~keep
        if not small.any():
            break
        mode, count = neighbour_mode(out)
        fix = small & (count > 0)
        out[fix] = mode[fix]
    return out


def cleanup(
    index: np.ndarray,
    keep: np.ndarray | None = None,
    min_size: int = 3,
    lines: np.ndarray | None = None,
) -> np.ndarray:
    """The standard pass: majority smoothing, then small clusters, then orphans."""
    out = majority(index, keep)
    out = remove_small(out, min_size, keep, lines)
    return remove_orphans(out, keep)
