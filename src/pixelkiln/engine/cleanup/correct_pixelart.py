"""Correct "pseudo pixel art" (AI-made or resampled): one colour per grid cell, clean palette.

Steps, shared by all frames so an animation stays consistent:

1. find the pixel grid (scale and offset per axis, lines tracked through drift);
2. label every pixel with a fine OKLab k-means palette and give each cell the *mode*
   label of its blur-free middle (the mean would invent colours where edges cross);
3. re-estimate each label's colour from clean cell middles only, then merge colours
   closer than a strength-scaled ΔEOK;
4. on the grid of cells, replace stray cells (no same-colour neighbour) by their
   neighbours' majority when that is close enough, gently at low strength;
5. paint every cell back at the input size: the output is the same size as the input
   (unzoom is the tool that shrinks).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pixelkiln.engine.cleanup.clusters import majority_filter, remove_orphans
from pixelkiln.engine.cleanup.grid import Grid, cell_mode, detect_grid
from pixelkiln.engine.cleanup.palette import (
    binarize_alpha,
    color_table,
    leader_merge,
    map_to_palette,
    oklab_to_rgb8,
    palette_for,
)
from pixelkiln.engine.cleanup.reduce_colors import check_same_size
from pixelkiln.engine.color import srgb_to_oklab
from pixelkiln.engine.rng import make_rng

__all__ = ["CorrectPixelartResult", "correct_pixelart"]

_FINE_COLORS = 48


@dataclass(frozen=True)
class CorrectPixelartResult:
    """Corrected frames and what was found.

    Attributes
    ----------
    images : RGBA uint8 frames at the input size, one colour per cell, binary alpha.
    cells : the same frames at native size (one pixel per cell).
    palette : (K, 3) uint8 colours of the result.
    grid : the detected cell grid (period 1 on an axis with no grid).
    """

    images: list[np.ndarray]
    cells: list[np.ndarray]
    palette: np.ndarray
    grid: Grid


def _thresholds(strength: float) -> tuple[float, float]:
    """(merge, stray) ΔEOK limits: low strength tidies, high strength redraws."""
    s = float(np.clip(strength, 0.0, 1.0))
    return 0.03 + 0.07 * s, 0.03 + 0.45 * s


def _absorb_rare(
    centres: np.ndarray, group: np.ndarray, votes: np.ndarray, reach: float
) -> tuple[np.ndarray, np.ndarray]:
    """Fold colours held by one or two cells into the nearest common colour within ``reach``.

    A blurred single-cell detail (an eye in the outline colour) comes out a shade off its
    true colour; a colour that rare is that shade, not a new palette entry.
    """
    weight = np.bincount(group, weights=votes, minlength=len(centres))
    common = weight > max(2.0, 0.01 * weight.sum())
    if common.all() or not common.any():
        return centres, group
    remap = np.arange(len(centres))
    pool = np.flatnonzero(common)
    for i in np.flatnonzero(~common):
        d = np.linalg.norm(centres[pool] - centres[i], axis=1)
        if d.min() <= reach:
            remap[i] = pool[int(np.argmin(d))]
    keep = np.unique(remap)
    index = np.searchsorted(keep, remap)
    return centres[keep], index[group]


def correct_pixelart(
    frames: Sequence[np.ndarray], strength: float = 0.1, seed: int = 0, grid: Grid | None = None
) -> CorrectPixelartResult:
    """Snap pseudo pixel art to its grid and palette, frames consistently.

    Parameters
    ----------
    frames : RGBA uint8 arrays, all the same size.
    strength : 0-1. Scales the ΔEOK under which colours merge (0.03-0.10) and under which a
        stray cell takes its neighbours' colour (0.03-0.48); above 0.5 a majority filter
        also smooths ragged cluster edges.
    seed : seeds the fine k-means palette.
    grid : use this grid instead of detecting one (unzoom passes its whole-pixel grid).

    Returns
    -------
    CorrectPixelartResult
    """
    check_same_size(frames)
    frames = [binarize_alpha(f) for f in frames]
    grid = grid or detect_grid(frames)
    ny, nx = grid.shape
    n = ny * nx
    ids, core = grid.cell_ids(), grid.core_mask()
    table = color_table(frames)
    if len(table) == 0:
        empty = [np.zeros((ny, nx, 4), np.uint8) for _ in frames]
        return CorrectPixelartResult(
            [f.copy() for f in frames], empty, np.zeros((0, 3), np.uint8), grid
        )
    merge_t, stray_t = _thresholds(strength)
    fine = palette_for(table, _FINE_COLORS, make_rng(seed, "correct-pixelart", "fine"))
    fine_of_color = map_to_palette(table.lab, fine)

    modes, alphas = [], []
    sums = np.zeros((len(fine), 3))
    weights = np.zeros(len(fine))
    for inv in table.inverse:
        label = np.where(inv >= 0, fine_of_color[np.maximum(inv, 0)], -1)
        opaque = inv >= 0
        on = np.bincount(ids[core], weights=opaque[core], minlength=n)
        alpha = on * 2 >= np.maximum(np.bincount(ids[core], minlength=n), 1)
        mode = cell_mode(label, ids, core, n)
        fallback = cell_mode(label, ids, np.ones_like(core), n)
        mode = np.where(mode >= 0, mode, fallback)
        alpha &= mode >= 0
        # Colours are re-estimated only from clean pixels: cell middles agreeing with the mode.
        clean = core & opaque & (label == mode[ids])
        lab = table.lab[inv[clean]]
        sums += np.stack(
            [np.bincount(label[clean], weights=lab[:, c], minlength=len(fine)) for c in range(3)],
            axis=1,
        )
        weights += np.bincount(label[clean], minlength=len(fine))
        modes.append(mode)
        alphas.append(alpha)

    used = np.flatnonzero(weights > 0)
    refined = sums[used] / weights[used, None]
    cell_votes = np.bincount(
        np.concatenate([m[a] for m, a in zip(modes, alphas, strict=True)]), minlength=len(fine)
    )[used].astype(float)
    merged, group = leader_merge(refined, np.maximum(cell_votes, 1e-3), merge_t)
    merged, group = _absorb_rare(merged, group, cell_votes, 2 * merge_t)
    rgb = oklab_to_rgb8(merged)
    # Two groups can round to one sRGB colour; let them share an index.
    rgb, first = np.unique(rgb, axis=0, return_inverse=True)
    group = first.ravel()[group]
    merged_lab = srgb_to_oklab(rgb)
    to_group = np.full(len(fine), -1, dtype=np.int64)
    to_group[used] = group

    images, cells, seen = [], [], np.zeros(len(rgb), bool)
    for mode, alpha in zip(modes, alphas, strict=True):
        cmap = np.where(alpha, to_group[np.maximum(mode, 0)], -1).reshape(ny, nx)
        cmap = remove_orphans(cmap, merged_lab, stray_t, closest=True)
        if strength > 0.5:
            cmap = majority_filter(cmap, merged_lab, min_votes=7)
        small = np.zeros((ny, nx, 4), np.uint8)
        on = cmap >= 0
        seen[cmap[on]] = True
        small[on, :3] = rgb[cmap[on]]
        small[on, 3] = 255
        cells.append(small)
        images.append(np.ascontiguousarray(grid.paint(small)))
    return CorrectPixelartResult(images, cells, rgb[seen], grid)
