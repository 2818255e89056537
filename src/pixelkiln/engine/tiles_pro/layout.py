"""Placing tiles on their lattice, and choosing tiles from a map (autotiling).

Layouts are what the gallery draws and what the seam tests assemble. Cells are
addressed ``(row, column)``:

- squares and oblique tops: a plain grid, W apart;
- diamonds: ``column`` is grid x (east, screen down-right) and ``row`` grid y (south,
  screen down-left); a tile sits at ``((c + r)·W/4, (c - r)·W/2)``;
- flat-top hexes: columns 3W/4 apart, odd columns half a hex lower;
- pointy-top hexes: rows 3H/4 apart, odd rows half a hex to the right.

Neighbours are found by screen offset (:attr:`Geometry.neighbours`), so one rule serves
every lattice. Tiles are drawn back to front (by screen row, then column): a tile's
skirt is covered by the tiles in front of it, as in a game.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from pixelkiln.engine.tiles_pro.geometry import Geometry
from pixelkiln.engine.tiles_pro.rules import COAST_MASKS

__all__ = [
    "best_coast_mask",
    "cell_position",
    "compose",
    "compose_layers",
    "corner_masks",
    "edge_masks",
    "neighbour_cells",
]

Cell = tuple[int, int]


def cell_position(geom: Geometry, row: int, col: int) -> tuple[int, int]:
    """Screen position (y, x) of a cell's canvas top-left corner."""
    w = geom.width
    if geom.tile_type == "isometric":
        return (col + row) * (w // 4), (col - row) * (w // 2)
    if geom.tile_type == "hex":
        return row * geom.face_h + (col % 2) * (geom.face_h // 2), col * (3 * w // 4)
    if geom.tile_type == "hex_pointy":
        return row * (3 * geom.face_h // 4), col * w + (row % 2) * (w // 2)
    cell = geom.face_h
    return row * cell, col * cell


def neighbour_cells(geom: Geometry, cells: Iterable[Cell]) -> dict[Cell, list[Cell | None]]:
    """For every cell, the cell across each edge (mask order), or None off the map."""
    cells = list(cells)
    at = {cell_position(geom, r, c): (r, c) for r, c in cells}
    out: dict[Cell, list[Cell | None]] = {}
    for r, c in cells:
        y, x = cell_position(geom, r, c)
        out[(r, c)] = [at.get((y + dy, x + dx)) for dy, dx in geom.neighbours]
    return out


def edge_masks(geom: Geometry, member: dict[Cell, bool]) -> dict[Cell, int]:
    """Edge masks of member cells: bit k set when the neighbour across edge k is one too."""
    nbrs = neighbour_cells(geom, member)
    out = {}
    for cell, on in member.items():
        if on:
            out[cell] = sum(
                1 << k for k, n in enumerate(nbrs[cell]) if n is not None and member.get(n)
            )
    return out


def best_coast_mask(mask: int) -> int:
    """The coast tile for any 6-bit mask: itself, or its largest run of land edges."""
    if mask in COAST_MASKS:
        return mask
    best, best_len = 0, 0
    for start in range(6):
        length = 0
        while length < 6 and mask >> ((start + length) % 6) & 1:
            length += 1
        if length > best_len:
            best, best_len = sum(1 << ((start + k) % 6) for k in range(length)), length
    return best


def corner_masks(vertices: np.ndarray) -> np.ndarray:
    """Corner masks of a (R, C) tile grid from its (R+1, C+1) vertex terrain (1 = first)."""
    v = np.asarray(vertices, np.int64)
    return (v[:-1, :-1] << 3) | (v[:-1, 1:] << 2) | (v[1:, :-1] << 1) | v[1:, 1:]


def compose(
    geom: Geometry,
    placed: dict[Cell, np.ndarray],
    background: tuple[int, int, int, int] = (0, 0, 0, 0),
    offset: tuple[int, int] = (0, 0),
) -> np.ndarray:
    """Draw tiles at their cells, back to front, on one canvas (RGBA)."""
    return compose_layers(geom, [(placed, offset)], background)


def compose_layers(
    geom: Geometry,
    layers: list[tuple[dict[Cell, np.ndarray], tuple[int, int]]],
    background: tuple[int, int, int, int] = (0, 0, 0, 0),
) -> np.ndarray:
    """Draw layers of tiles (ground, then walls...), each back to front, on one canvas.

    A layer's ``offset`` (dy, dx) is where its tiles' canvases sit relative to their
    cells (building kit tiles: :attr:`TileSet.offset`, since they rise above the ground).
    """
    spots = []
    for k, (placed, (dy, dx)) in enumerate(layers):
        for (r, c), img in placed.items():
            y, x = cell_position(geom, r, c)
            spots.append((k, y, x, y + dy, x + dx, img))
    if not spots:
        return np.zeros((1, 1, 4), np.uint8)
    y0 = min(s[3] for s in spots)
    x0 = min(s[4] for s in spots)
    y1 = max(s[3] + s[5].shape[0] for s in spots)
    x1 = max(s[4] + s[5].shape[1] for s in spots)
    out = np.zeros((y1 - y0, x1 - x0, 4), np.uint8)
    out[...] = background
    # Layer by layer; within a layer by the cell's screen row, then left to right.
    for _, _, _, y, x, img in sorted(spots, key=lambda s: (s[0], s[1], s[2])):
        region = out[y - y0 : y - y0 + img.shape[0], x - x0 : x - x0 + img.shape[1]]
        opaque = img[..., 3] > 0
        region[opaque] = img[opaque]
    return out
