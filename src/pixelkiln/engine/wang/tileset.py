"""Top-down tile sets: the 16-tile corner set (standard or Pro) and the tall-wall set.

:class:`TopDownSet` prepares a set once (textures, shade tables, boundary noise) and
then draws any tile of its layout, or a whole map from a vertex grid of terrains. Both
go through the same :meth:`TopDownSet.draw_canvas`, on a padded tile canvas or on a map
canvas (:mod:`pixelkiln.engine.wang.field`), which is why a painted map equals the
direct render of that map: the seam tests compare exactly that.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pixelkiln.engine.palette import map_to_palette
from pixelkiln.engine.text import parse_description
from pixelkiln.engine.wang.band import Band, lightness
from pixelkiln.engine.wang.corners import UPPER, TileDef
from pixelkiln.engine.wang.field import (
    Canvas,
    Shape,
    clean_labels,
    noise_fields,
    plateau_px,
    profile,
    terrain_labels,
    tile_canvas,
    world_canvas,
)
from pixelkiln.engine.wang.layouts import layout_tiles
from pixelkiln.engine.wang.tallwall import WallLook, draw_tallwall
from pixelkiln.engine.wang.terrain import ShadeTable, TerrainSpec, render_terrain
from pixelkiln.engine.wang.topdown import Look, draw_topdown, is_liquid, relief_of

__all__ = ["RenderedTile", "TopDownParams", "TopDownSet"]


@dataclass(frozen=True)
class TopDownParams:
    """Everything that decides a top-down set's pixels."""

    lower: TerrainSpec
    upper: TerrainSpec
    #: The transition band's material (None: shades of the two terrains); in a
    #: tall-wall set, the wall face's material.
    transition: TerrainSpec | None
    tile: int
    pro: bool
    #: Transition band width as a fraction of the tile (0, 0.25, 0.5; ignored by walls).
    transition_size: float
    tall_wall: bool
    shape: Shape
    step_slope: float = 0.5
    low_view: bool = False
    outline: str = "lineless"
    #: ``#rrggbb`` colours every pixel is snapped to (a ``color_image``), or empty.
    palette: tuple[str, ...] = ()


@dataclass(frozen=True)
class RenderedTile:
    tile: TileDef
    rgba: np.ndarray


class TopDownSet:
    """A prepared top-down set: draw its tiles, or any map painted with it."""

    def __init__(self, params: TopDownParams) -> None:
        self.params = params
        t = params.tile
        self.plateau = plateau_px(t)
        self.pad = self.plateau
        self.b = profile(t, self.plateau, params.shape.roundness)
        self.noise = noise_fields(t, params.shape)
        self.lower = ShadeTable(render_terrain(params.lower))
        self.upper = ShadeTable(render_terrain(params.upper))
        if params.tall_wall and params.transition is None:
            raise ValueError("a tall-wall set needs a wall material")
        # Tall walls draw the transition as the wall face; 16-tile sets as a band.
        self.transition = (
            ShadeTable(render_terrain(params.transition))
            if params.transition and params.tall_wall
            else None
        )
        band = round(params.transition_size * t / 2)
        lower = params.lower.description
        relief = relief_of(lower, params.upper.description)
        self.band = (
            Band(
                params.transition,
                ((lower, self.lower), (params.upper.description, self.upper)),
                apron=params.pro and relief != "shore",
            )
            if params.transition and not params.tall_wall and band > 0
            else None
        )
        self.look = Look(
            pro=params.pro,
            band=band,
            step_slope=params.step_slope,
            low_view=params.low_view,
            outline=params.outline,
            reach=self.pad - 2,
            relief=relief,
            liquid_lower=is_liquid(lower),
            glowing_lower=parse_description(lower).material in ("lava",),
            blend_up=self._blend(self.upper),
            blend_lo=self._blend(self.lower),
        )
        self.palette = (
            np.array([[int(h[i : i + 2], 16) for i in (1, 3, 5)] for h in params.palette], np.uint8)
            if params.palette
            else None
        )

    def _blend(self, terrain: ShadeTable) -> int:
        """The dithered shade a band edge takes toward ``terrain`` (Pro)."""
        if self.band is None:
            return 0
        diff = lightness(terrain) - lightness(self.band.ground)
        return 0 if abs(diff) < 0.03 else int(np.sign(diff))

    def tiles(self) -> list[RenderedTile]:
        """Every tile of the layout, in sheet order."""
        return [RenderedTile(d, self.render_tile(d)) for d in layout_tiles(self.params.tall_wall)]

    def render_tile(self, tile: TileDef) -> np.ndarray:
        canvas = tile_canvas(tile.corners, self.params.tile, self.pad, self.b, tile.variant)
        return self.draw_canvas(canvas)

    def render_map(self, labels: np.ndarray, variants: np.ndarray | None = None) -> np.ndarray:
        """The map of a (rows+1, cols+1) vertex grid of terrains, drawn in one piece."""
        canvas = world_canvas(labels, self.params.tile, self.pad, self.b, variants)
        return self.draw_canvas(canvas)

    def draw_canvas(self, canvas: Canvas) -> np.ndarray:
        """(H, W, 4) uint8 RGBA of a canvas, margin cropped, palette applied."""
        # The raw labels once; the cleaned ones from them (both read below).
        raw = terrain_labels(canvas, self.params.shape, self.noise, clean=False)
        labels = clean_labels(raw, self.params.shape)
        if self.params.tall_wall:
            assert self.transition is not None
            look = WallLook(pro=self.params.pro, low_view=self.params.low_view, reach=self.pad - 2)
            rgb = draw_tallwall(canvas, labels, self.lower, self.upper, self.transition, look)
        else:
            raw_up = raw == UPPER
            rgb = draw_topdown(canvas, labels, raw_up, self.lower, self.upper, self.band, self.look)
        rgb = canvas.crop(rgb)
        rgba = np.concatenate([rgb, np.full((*rgb.shape[:2], 1), 255, np.uint8)], axis=2)
        if self.palette is not None:
            rgba = map_to_palette(rgba, self.palette)
        return rgba
