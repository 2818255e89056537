"""Cluster cleanup on the torus: majority smoothing, orphan removal, small-cluster despeckle.

Run after quantising a field to ramp levels (ART.md §1.2): it turns stray pixels into
their surroundings so clusters, not pixels, carry the picture. Every neighbourhood wraps
(``np.roll`` and the toroidal cluster labels of :mod:`pixelkiln.engine.quality`), so the
cleanup never breaks a tile's seam. Pixels in ``keep`` (deliberate glints, flower centres,
blade tips) are never changed.

Each pass reads the neighbours of every pixel from one wrapped copy of the image, and
works out the commonest neighbouring colour only where a pixel may change (usually a
few dozen pixels), which gives what :func:`neighbour_mode` gives there.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from pixelkiln.engine.quality import cluster_labels
from pixelkiln.engine.torus import N8, neighbour_positions

__all__ = ["cleanup", "majority", "neighbour_mode", "remove_orphans", "remove_small"]

_N8 = list(N8)
_N4 = [(-1, 0), (0, -1), (0, 1), (1, 0)]


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


# The neighbour rows in the order the passes read them: the 4-neighbours first, so that
# they are a view of the first four rows.
_ORDER = np.array([_N8.index(step) for step in _N4 + [s for s in _N8 if s not in _N4]])


@lru_cache(maxsize=16)
def _positions(h: int, w: int) -> np.ndarray:
    """:func:`~pixelkiln.engine.torus.neighbour_positions` in ``_ORDER`` (read-only)."""
    positions = neighbour_positions(h, w)[_ORDER]
    positions.flags.writeable = False
    return positions


class _Torus:
    """An index image's neighbours on the torus: all eight, stacked by one ``take``, so
    each pass compares and counts them in a few calls on one array."""

    def __init__(self, index: np.ndarray) -> None:
        self.index = index
        self.flat = index.ravel()
        self.positions = _positions(*index.shape)
        self.around = self.flat.take(self.positions)  # (8, h * w), 4-neighbours first
        self._range: tuple[int, int] | None = None

    def range(self) -> tuple[int, int]:
        """The least and the greatest value (worked out once: each pass reads them)."""
        if self._range is None:
            flat = self.flat
            self._range = (int(np.minimum.reduce(flat)), int(np.maximum.reduce(flat)))
        return self._range

    def same(self) -> np.ndarray:
        """``(8, h * w)``: whether each neighbour shares the pixel's value."""
        return self.around == self.flat

    def same8(self) -> np.ndarray:
        """How many of each pixel's 8 neighbours share its value (uint8)."""
        return _count(self.same()).reshape(self.index.shape)

    def mode_at(self, where: np.ndarray, counted: bool = False) -> tuple[np.ndarray, np.ndarray]:
        """:func:`neighbour_mode` (``exclude_self``) at the flat positions ``where``: the
        same candidates (every value of the image, ascending), counts and ties.

        ``counted``: the caller reads a mode only where its count is above 0. Colour
        levels then take every level from 0 to the highest as candidates: a level absent
        from the image counts 0 everywhere, so it cannot be the first maximum of a count
        above 0, and every mode read is the same (its rank is the level itself)."""
        flat = self.flat
        if counted and flat.dtype.kind in "iu" and flat.size and 0 <= self.range()[0]:
            n, k = len(where), self.range()[1] + 1
            # Each asked pixel's row of k counts, addressed flat: row r starts at r * k.
            row = np.arange(0, n * k, k)
            slot = self.around.take(where, axis=1)  # (8, n)
            slot += row
            counts = np.bincount(slot.ravel(), minlength=n * k)
            counts[row + flat.take(where)] = -1  # not the pixel's own value
            best = counts.reshape(n, k).argmax(axis=1)  # first maximum: lower value wins
            return best.astype(flat.dtype, copy=False), counts.take(row + best)
        rows = np.arange(len(where))
        if flat.size and np.issubdtype(flat.dtype, np.integer) and 0 <= self.range()[0]:
            # Colour levels: each value's rank from a count of the values (as in
            # :func:`_ranks`), read only at the few pixels asked about and their
            # neighbours, whose values ``around`` already holds.
            present = np.bincount(flat) > 0
            values = np.flatnonzero(present).astype(flat.dtype)
            rank_of = np.cumsum(present) - 1
            near = rank_of.take(self.around[:, where])  # (8, n)
            own = rank_of.take(flat.take(where))
        else:
            values, rank = _ranks(self.index)
            near = rank.ravel()[self.positions[:, where]]
            own = rank.ravel()[where]
        k = len(values)
        # The neighbours' ranks among the values, counted per pixel by one bincount.
        slot = near + rows * k
        counts = np.bincount(slot.ravel(), minlength=len(where) * k).reshape(-1, k)  # (n, k)
        counts[rows, own] = -1  # not the pixel's own value
        best = np.argmax(counts, axis=1)  # first maximum: the lower value wins a tie
        return values[best], counts[rows, best]


def majority(index: np.ndarray, keep: np.ndarray | None = None, strength: int = 5) -> np.ndarray:
    """Replace pixels outvoted by their neighbours: own colour in at most 1 of 8 neighbours
    while another colour holds at least ``strength`` of them (smooths ragged cluster edges)."""
    out = index.copy()
    torus = _Torus(out)
    lonely = torus.same8() <= 1
    if keep is not None:
        lonely &= ~keep
    where = lonely.ravel().nonzero()[0]  # np.flatnonzero without its wrapper
    if len(where):
        mode, count = torus.mode_at(where, counted=strength >= 1)
        change = count >= strength
        out.ravel()[where[change]] = mode[change]
    return out


def remove_orphans(index: np.ndarray, keep: np.ndarray | None = None) -> np.ndarray:
    """Give pixels with no same-colour 8-neighbour the commonest neighbouring colour."""
    out = index.copy()
    for _ in range(3):
        torus = _Torus(out)
        orphan = torus.same8() == 0
        if keep is not None:
            orphan &= ~keep
        where = orphan.ravel().nonzero()[0]
        if not len(where):
            break
        # An orphan's eight neighbours all hold other values: its mode counts 1 or more.
        mode, _ = torus.mode_at(where, counted=True)
        out.ravel()[where] = mode
    return out


def _under_three(torus: _Torus, with_lines: bool) -> tuple[np.ndarray, np.ndarray | None]:
    """Pixels in clusters of 1 or 2 pixels on the torus, 4-connected and (with
    ``with_lines``) 8-connected, without labelling: a pixel with no same-colour neighbour
    is alone; one whose single same-colour neighbour has no other is one of two. Exact
    on a torus of at least 3 x 3 (the neighbours are distinct pixels). Transparent
    pixels (negative) are their own clusters, as :func:`cluster_labels` counts them."""
    index = torus.index
    same = torus.same()
    if torus.range()[0] < 0:
        same &= torus.flat >= 0
    count4 = _count(same[:4])
    small4 = _alone_or_paired(same[:4], torus.positions[:4], count4).reshape(index.shape)
    if not with_lines:
        return small4, None
    count8 = count4 + _count(same[4:])
    return small4, _alone_or_paired(same, torus.positions, count8).reshape(index.shape)


def _count(flags: np.ndarray) -> np.ndarray:
    """Column sums of a stack of flags or small counts (at most 8 rows, each at most 8)
    in uint8: the same whole numbers as a sum in int64, without widening every row."""
    return np.add.reduce(flags.view(np.uint8), axis=0, dtype=np.uint8)


def _alone_or_paired(same: np.ndarray, positions: np.ndarray, count: np.ndarray) -> np.ndarray:
    """:func:`_under_three` for one connectivity, from the same-colour flags of its
    neighbours (``same``, a row per step), their positions and how many are set."""
    # The same-colour neighbours' own counts, summed: each counts the pixel back, so the
    # sum is at least the pixel's count. A pixel is alone (count 0, sum 0) or one of
    # two (count 1, its partner's count 1) exactly when count and sum make 2 or less.
    partner = _count(same.view(np.uint8) * count.take(positions))
    partner += count
    return partner <= 2


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
    return _remove_small(index, min_size, keep, lines)[0]


def _remove_small(
    index: np.ndarray, min_size: int, keep: np.ndarray | None, lines: np.ndarray | None
) -> tuple[np.ndarray, bool]:
    """:func:`remove_small`, and whether its last round found no cluster to merge."""
    out = index.copy()
    # Clusters under three pixels are found from neighbour counts alone (the common case).
    direct = min_size == 3 and min(out.shape) >= 3
    with_lines = lines is not None and lines.any()
    for _ in range(3):
        torus = _Torus(out)
        if direct:
            small, small8 = _under_three(torus, with_lines)
            if small8 is not None:
                small = np.where(lines, small8, small)
        else:
            labels = cluster_labels(out)
            small = np.bincount(labels.ravel())[labels] < min_size
            if with_lines:
                labels8 = cluster_labels(out, connectivity=8)
                small8 = np.bincount(labels8.ravel())[labels8] < min_size
                small = np.where(lines, small8, small)
        if keep is not None:
            small &= ~keep
        where = small.ravel().nonzero()[0]
        if not len(where):
            return out, True
        mode, count = torus.mode_at(where, counted=True)
        fix = count > 0
        out.ravel()[where[fix]] = mode[fix]
    return out, False


def cleanup(
    index: np.ndarray,
    keep: np.ndarray | None = None,
    min_size: int = 3,
    lines: np.ndarray | None = None,
) -> np.ndarray:
    """The standard pass: majority smoothing, then small clusters, then orphans."""
    out = majority(index, keep)
    out, clean = _remove_small(out, min_size, keep, lines)
    if clean and min_size >= 2 and min(out.shape) >= 3:
        # Every pixel outside ``keep`` is in a cluster of two or more (4-connected, or
        # 8-connected on ``lines``), so it has a same-colour 8-neighbour (a distinct
        # pixel on a torus of 3 x 3 or more): there are no orphans to give away.
        return out
    return remove_orphans(out, keep)
