"""Corner maps: random maps, the tall-wall labelling, and painting a map with tiles.

A map is a vertex grid of terrains, ``(rows + 1, cols + 1)`` for ``rows x cols`` cells.
Painting picks, for every cell, the tile whose corners (and, for tall-wall twins,
``pattern_4x4`` row 3) match - what a game's autotiler does.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from scipy.ndimage import gaussian_filter

from pixelkiln.engine.wang.corners import LOWER, TRANSITION, UPPER, TileDef
from pixelkiln.engine.wang.layouts import COLUMN_TYPES, EXCLUDED_CELLS

__all__ = [
    "cell_variants",
    "paint",
    "random_map",
    "repair_tallwall",
    "tallwall_labels",
]

_COLUMN_OF = {v: k for k, v in COLUMN_TYPES.items()}


def random_map(
    rng: np.random.Generator, rows: int, cols: int, smooth: float = 0.0, share: float = 0.5
) -> np.ndarray:
    """A (rows+1, cols+1) lower/upper vertex grid; ``smooth`` > 0 gives blobby regions."""
    field = rng.random((rows + 1, cols + 1))
    if smooth > 0:
        field = gaussian_filter(field, smooth, mode="reflect")
    return (field > np.quantile(field, 1.0 - share)).astype(np.int8)


def tallwall_labels(plateau: np.ndarray) -> np.ndarray:
    """Tall-wall labels of a lower/upper map: ground under plateau becomes wall.

    Raises ``ValueError`` when the map cannot be drawn with the tall-wall layout (a wall
    whose foot is plateau, or a cell the layout excludes).
    """
    m = np.asarray(plateau, np.int8)
    lab = m.copy()
    lab[1:][(m[1:] == LOWER) & (m[:-1] == UPPER)] = TRANSITION
    if ((lab[:-1] == TRANSITION) & (lab[1:] == UPPER)).any():
        raise ValueError("a wall's foot must be ground: plateau directly under a wall")
    for i in range(lab.shape[0] - 1):
        for j in range(lab.shape[1] - 1):
            cell = (
                _COLUMN_OF[(lab[i, j], lab[i + 1, j])]
                + _COLUMN_OF[(lab[i, j + 1], lab[i + 1, j + 1])]
            )
            if cell in EXCLUDED_CELLS:
                raise ValueError(f"cell {cell} at ({i}, {j}) is not in the tall-wall layout")
    return lab


def repair_tallwall(plateau: np.ndarray) -> np.ndarray:
    """Lower plateau vertices until the map is drawable with the tall-wall layout."""
    m = np.asarray(plateau, np.int8).copy()
    for _ in range(m.size):
        lab = m.copy()
        lab[1:][(m[1:] == LOWER) & (m[:-1] == UPPER)] = TRANSITION
        bad = np.argwhere((lab[:-1] == TRANSITION) & (lab[1:] == UPPER))
        if len(bad):
            i, j = bad[0]
            m[i + 1, j] = LOWER
            continue
        fixed = False
        for i in range(lab.shape[0] - 1):
            for j in range(lab.shape[1] - 1):
                left = _COLUMN_OF[(lab[i, j], lab[i + 1, j])]
                right = _COLUMN_OF[(lab[i, j + 1], lab[i + 1, j + 1])]
                if left + right in EXCLUDED_CELLS:
                    # Drop the plateau vertex of the north-edge column (E: lower over upper).
                    if left == "E":
                        m[i + 1, j] = LOWER
                    else:
                        m[i + 1, j + 1] = LOWER
                    fixed = True
                    break
            if fixed:
                break
        if not fixed:
            return m
    return m


def cell_variants(labels: np.ndarray) -> np.ndarray:
    """Per-cell twin variant of a tall-wall label map: -1 closed, +1 stepped, 0 none.

    Twins are the cells ``AB``, ``BA``, ``AC``, ``CA``: a wall beside a plateau column
    (``A``); the vertex below that column's bottom corner decides (plateau: closed).
    """
    lab = np.asarray(labels, np.int8)
    rows, cols = lab.shape[0] - 1, lab.shape[1] - 1
    out = np.zeros((rows, cols), np.int8)
    for i in range(rows):
        for j in range(cols):
            left = _COLUMN_OF.get((int(lab[i, j]), int(lab[i + 1, j])), "?")
            right = _COLUMN_OF.get((int(lab[i, j + 1]), int(lab[i + 1, j + 1])), "?")
            cell = left + right
            if cell not in ("AB", "BA", "AC", "CA"):
                continue
            col = j if left == "A" else j + 1
            below = int(lab[i + 2, col]) if i + 2 < lab.shape[0] else UPPER
            out[i, j] = -1 if below == UPPER else 1
    return out


def paint(
    tiles: Sequence[tuple[TileDef, np.ndarray]],
    labels: np.ndarray,
    variants: np.ndarray | None = None,
) -> np.ndarray:
    """Assemble a map from tile images, choosing each cell's tile like an autotiler."""
    lab = np.asarray(labels, np.int8)
    rows, cols = lab.shape[0] - 1, lab.shape[1] - 1
    lookup = {(d.corners, d.variant): img for d, img in tiles}
    size = next(iter(lookup.values())).shape[0]
    out = np.zeros((rows * size, cols * size, 4), np.uint8)
    for i in range(rows):
        for j in range(cols):
            key = (
                (int(lab[i, j]), int(lab[i, j + 1]), int(lab[i + 1, j]), int(lab[i + 1, j + 1])),
                int(variants[i, j]) if variants is not None else 0,
            )
            if key not in lookup:
                raise ValueError(f"no tile for corners {key[0]} (variant {key[1]}) at ({i}, {j})")
            out[i * size : (i + 1) * size, j * size : (j + 1) * size] = lookup[key]
    return out
