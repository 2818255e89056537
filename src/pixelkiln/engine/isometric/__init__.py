"""Isometric tiles: a top-down material projected onto a 2:1 block.

The central call::

    render_isometric_tile(description, canvas=(h, w), grid=16, shape="block", seed=0,
                          style=Style(), init_image=None, init_strength=0.3,
                          palette=None, guidance=8.0) -> IsoTile

draws a thin tile, thick tile or block whose footprint is one cell of a ``grid`` x
``grid/2`` isometric grid (:mod:`.geometry`), with the description's top material on
the stepped diamond and its body material on the two side faces (:mod:`.layers`:
``"grass on top of dirt"``), faces shaded for a top-left light (:mod:`.faces`), the
outline mode drawn (:mod:`.finish`), an init image mixed in and a palette forced
(:mod:`.blend`). :mod:`.scene` places tiles on a grid with height steps.
"""

from __future__ import annotations

from pixelkiln.engine.isometric.geometry import (
    GRID_SIZES,
    SHAPES,
    TileGeometry,
    diamond_mask,
    grid_offset,
    min_canvas,
    thickness,
    tile_geometry,
)
from pixelkiln.engine.isometric.layers import Layers, parse_layers
from pixelkiln.engine.isometric.render import IsoTile, render_isometric_tile, vividness

__all__ = [
    "GRID_SIZES",
    "SHAPES",
    "IsoTile",
    "Layers",
    "TileGeometry",
    "diamond_mask",
    "grid_offset",
    "min_canvas",
    "parse_layers",
    "render_isometric_tile",
    "thickness",
    "tile_geometry",
    "vividness",
]
