"""Tile sheets: the tiles of a set on one PNG, and the description the exporters share.

Sheets are 4 columns wide: 4x4 for 16-tile sets (the native order of TILES.md §1.3) and
8 rows of 4 for the 25-tile tall-wall set (cells past the 25th stay transparent). Tile
``id`` in a sheet is ``row * 4 + col``, the index Tiled and Godot address it by.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pixelkiln.engine.imageio import encode_png

__all__ = ["ExportSet", "ExportTile", "assemble_sheet", "centre_terrain", "file_stem"]


@dataclass(frozen=True)
class ExportTile:
    name: str
    position: tuple[int, int]  # (row, col)
    corners: tuple[int, int, int, int]  # NW, NE, SW, SE: 0 lower, 1 upper, 2 transition
    #: Tall-wall twins: +1 for the "stepped" twin (probability 0 in engine exports).
    variant: int = 0


@dataclass(frozen=True)
class ExportSet:
    name: str
    tile: int
    rows: int
    cols: int
    terrains: tuple[str, ...]  # names of terrain 0, 1 (and 2)
    tiles: tuple[ExportTile, ...]

    def tile_id(self, t: ExportTile) -> int:
        return t.position[0] * self.cols + t.position[1]

    @property
    def image_size(self) -> tuple[int, int]:
        """(width, height) of the sheet in px."""
        return self.cols * self.tile, self.rows * self.tile


def assemble_sheet(
    images: Sequence[np.ndarray],
    positions: Sequence[tuple[int, int]],
    tile: int,
    grid: tuple[int, int],
) -> bytes:
    """PNG bytes of the sheet holding ``images`` at their (row, col) cells."""
    rows, cols = grid
    sheet = np.zeros((rows * tile, cols * tile, 4), np.uint8)
    for img, (r, c) in zip(images, positions, strict=True):
        sheet[r * tile : (r + 1) * tile, c * tile : (c + 1) * tile] = img
    return encode_png(sheet)


def centre_terrain(corners: Sequence[int]) -> int:
    """A tile's own terrain (Godot's centre bit): the terrain most of its corners have.

    Ties go to lower, then transition, then upper; so a two-terrain tile is upper only
    with three or four upper corners.
    """
    counts = {k: sum(1 for c in corners if c == k) for k in (0, 2, 1)}
    return max(counts, key=lambda k: counts[k])


def file_stem(text: str) -> str:
    """A safe file name stem from a tileset's name."""
    stem = re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_").lower()
    return stem[:48] or "tileset"
