"""Sidescroller platform sets: 16 corner tiles seen from the side.

``lower`` is the solid platform, ``upper`` transparent air, so ``wang_15`` is blank and
``wang_0`` solid body. Platform surfaces are flat and axis-aligned (the field's exact
mid-cell step), with 1-px rounded outer corners. Light from the top left:

- the platform's material fills the body, lit on its top and west faces, shaded on its
  east face and underside, with a darker rim where it meets air;
- ``transition_description`` is a decoration layer over every top surface (moss, snow,
  rust) ``transition_size * tile / 2`` px deep, with tufts rising 1-2 px into the air.

Everything is a function of the solid/air mask within a few pixels, computed on a
padded canvas exactly like the top-down sets, so painted levels have no seams.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pixelkiln.engine.palette import map_to_palette
from pixelkiln.engine.rng import make_rng
from pixelkiln.engine.wang.corners import LOWER, TileDef
from pixelkiln.engine.wang.field import (
    Canvas,
    Shape,
    plateau_px,
    profile,
    terrain_labels,
    tile_canvas,
    world_canvas,
)
from pixelkiln.engine.wang.layouts import standard_tiles
from pixelkiln.engine.wang.terrain import ShadeTable, TerrainSpec, render_terrain
from pixelkiln.engine.wang.tileset import RenderedTile
from pixelkiln.engine.wang.topdown import shifted

__all__ = ["SideParams", "SideSet"]


@dataclass(frozen=True)
class SideParams:
    platform: TerrainSpec
    decoration: TerrainSpec | None
    tile: int
    transition_size: float
    palette: tuple[str, ...] = ()


class SideSet:
    """A prepared sidescroller set: its 16 tiles, or a level painted with it."""

    def __init__(self, params: SideParams) -> None:
        self.params = params
        t = params.tile
        self.shape = Shape(square=True)
        self.pad = plateau_px(t, square=True)
        self.b = profile(t, self.pad, 0.0, square=True)
        self.noise = np.zeros((3, t, t))
        self.platform = ShadeTable(render_terrain(params.platform))
        self.decoration = (
            ShadeTable(render_terrain(params.decoration)) if params.decoration else None
        )
        self.depth = min(self.pad - 2, round(params.transition_size * t / 2))
        rng = make_rng(params.platform.seed, "side-tufts")
        self.tufts = rng.integers(0, 3, t) * (rng.random(t) < 0.55)  # tuft height per column
        self.palette = (
            np.array([[int(h[i : i + 2], 16) for i in (1, 3, 5)] for h in params.palette], np.uint8)
            if params.palette
            else None
        )

    def tiles(self) -> list[RenderedTile]:
        return [RenderedTile(d, self.render_tile(d)) for d in standard_tiles()]

    def render_tile(self, tile: TileDef) -> np.ndarray:
        return self.draw_canvas(tile_canvas(tile.corners, self.params.tile, self.pad, self.b))

    def render_map(self, labels: np.ndarray) -> np.ndarray:
        return self.draw_canvas(world_canvas(labels, self.params.tile, self.pad, self.b))

    def draw_canvas(self, canvas: Canvas) -> np.ndarray:
        solid = terrain_labels(canvas, self.shape, self.noise) == LOWER
        air = ~solid
        # 1-px rounded outer corners.
        corner = solid & (
            (shifted(air, -1, 0) & shifted(air, 0, -1))
            | (shifted(air, -1, 0) & shifted(air, 0, 1))
            | (shifted(air, 1, 0) & shifted(air, 0, -1))
            | (shifted(air, 1, 0) & shifted(air, 0, 1))
        )
        solid &= ~corner
        air = ~solid

        step = np.zeros(solid.shape, np.int64)
        step = np.where(solid & shifted(air, 0, -1), 1, step)  # west face, lit
        step = np.where(solid & shifted(air, 0, 1), -1, step)  # east face
        under = solid & (shifted(air, 1, 0) | shifted(air, 2, 0))
        step = np.where(under, -1, step)
        step = np.where(solid & shifted(air, 1, 0), -2, step)
        top = solid & shifted(air, -1, 0)
        step = np.where(top, 1, step)

        deco = np.zeros(solid.shape, bool)
        if self.decoration is not None and self.depth > 0:
            for k in range(1, self.depth + 1):
                deco |= shifted(air, -k, 0)
            deco &= solid
            # A ragged lower edge: the deepest row only under every other tuft column.
            deepest = deco & ~np.logical_or.reduce(
                [shifted(air, -k, 0) for k in range(1, self.depth)] or [np.zeros_like(air)]
            )
            deco &= ~(deepest & (self.tufts[canvas.tx] == 0))
        # Tufts: 1-2 px of decoration standing on top surfaces.
        tuft = np.zeros(solid.shape, bool)
        if self.decoration is not None and self.depth > 0:
            h = self.tufts[canvas.tx]
            for k in (1, 2):
                tuft |= air & shifted(top, k, 0) & (h >= k)

        out = np.zeros((*solid.shape, 4), np.uint8)
        body = solid & ~deco
        out[body, :3] = self.platform.sample(canvas.ty[body], canvas.tx[body], step[body])
        if self.decoration is not None:
            dstep = np.where(top, 1, np.where(deco & shifted(solid & ~deco, 1, 0), -1, 0))
            sel = deco | tuft
            out[sel, :3] = self.decoration.sample(canvas.ty[sel], canvas.tx[sel], dstep[sel])
        out[..., 3] = np.where(solid | tuft, 255, 0)
        rgba = canvas.crop(out)
        if self.palette is not None:
            rgba = map_to_palette(rgba, self.palette)
            rgba[rgba[..., 3] == 0] = 0
        return rgba
