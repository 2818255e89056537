"""Connectable ground sets: roads (``paths``), corner tilesets and hex coastlines.

Every pixel of every tile is a function of its world position and the tile's mask alone:

1. A continuous *inside-ness* field (:mod:`.fields`: the road's signed distance, the
   corner blend, the hex edge blend, plus lattice-periodic noise for a wandering edge)
   is evaluated at the pixel centre, and at four points half a pixel around it.
2. Its value over its gradient is the pixel's signed distance to the boundary, in
   pixels: positive on the first terrain (the road, the main terrain, the land). The
   class is its sign; contact details are bands of it - a grass lip along a path and
   the shadow the raised ground casts down and to the right, foam and shallows along a
   shore and a wet edge on the land, a dark lip on a raised terrain and its shadow on
   the lower one.
3. Colours come from lattice-periodic surfaces (:mod:`.surface`), shifted along their
   ramps by those details.

No pixel looks at its neighbours, so nothing reaches further than half a pixel. The
fields depend only on an edge's part of the mask within a band along that edge (wider
than the pixels along a seam reach), so two tiles the rules let touch show, along their
shared edge, exactly the pixels a single painting of both would.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pixelkiln.engine.lexicon import get_material
from pixelkiln.engine.text import MaterialSpec
from pixelkiln.engine.tiles_pro.block import paint_block
from pixelkiln.engine.tiles_pro.fields import corner_field, hex_field, hex_vertices, road_distance
from pixelkiln.engine.tiles_pro.painter import Painter
from pixelkiln.engine.tiles_pro.variations import variation_top

__all__ = ["BUILT_HALF_WIDTH", "PATH_HALF_WIDTH", "GroundSet", "Painted"]

#: Path half-width in cells, squares / diamonds (a 32 px path is 15 / 13 px wide).
PATH_HALF_WIDTH = {"square_topdown": 0.24, "isometric": 0.2}
#: Built roads (paving, planks, bricks) are wider than trodden paths (18 / 14 px). A
#: diamond's rows are half a cell apart in ground units, so its roads keep further from
#: its corners, where the tiles across the other edges would see them.
BUILT_HALF_WIDTH = {"square_topdown": 0.28, "isometric": 0.22}
#: Families whose edges wander (paths trodden into soil, shores); built ones stay straight.
_NATURAL = {"vegetation", "soil", "liquid", "sky"}
_FOAM = 9  # a shift past the top of any ramp: the extended ramp's light shade
_OFFSETS = ((-0.5, 0.0), (0.5, 0.0), (0.0, -0.5), (0.0, 0.5))
#: How far (in cells) terrain boundaries are warped.
_WARP = 0.2


@dataclass(frozen=True)
class Painted:
    """One finished tile and the class of each top pixel (1 = first terrain, -1 off top)."""

    rgba: np.ndarray
    classes: np.ndarray


def _family(spec: MaterialSpec) -> str:
    return get_material(spec.material).family


@dataclass
class GroundSet:
    """Draws the tiles of one ground set; ``first`` is class 1, ``second`` class 0."""

    painter: Painter
    kind: str  # paths | tileset | coastline
    first: MaterialSpec
    second: MaterialSpec

    def __post_init__(self) -> None:
        p = self.painter
        geom = p.geom
        self.layers = [p.layer(self.second), p.layer(self.first)]
        self.natural = _family(self.first) in _NATURAL
        self.noise = p.noise(max(4.0, geom.width / 3.0), "boundary", self.kind)
        self.detail = p.noise(max(4.0, geom.width / 3.0), "boundary across", self.kind)
        self.lip = p.noise(3.0, "lip")
        self.ys, self.xs = p.canvas()
        if self.kind == "coastline":
            self.vertices = hex_vertices(geom.tile_type == "hex_pointy", geom.width, geom.face_h)
        liquid = [_family(self.second) == "liquid", _family(self.first) == "liquid"]
        self.shore = liquid[0] != liquid[1]
        self.water_first = liquid[1]

    # -- the field -----------------------------------------------------------------------

    def inside(self, mask: int, cy: np.ndarray, cx: np.ndarray) -> np.ndarray:
        """How far inside the first terrain points are (sign = class; scale arbitrary).

        Terrain boundaries wander by a domain warp: the field is read a little off each
        point, by two world-periodic noises, so a straight shore becomes bays and capes
        while tiles of one terrain stay pure (their field is flat) and every seam stays
        shared (the warp is a function of world position).
        """
        geom = self.painter.geom
        u, v = geom.ground(cy, cx)
        n = self.noise.at(cy, cx) - 0.5
        if self.kind == "paths":
            widths = PATH_HALF_WIDTH if self.natural else BUILT_HALF_WIDTH
            half = widths.get(geom.tile_type, widths["isometric"])
            dist = road_distance(u, v, mask, half) * geom.width
            return -(dist + (1.6 * n if self.natural else 0.0))
        m = self.detail.at(cy, cx) - 0.5
        if self.kind == "tileset":
            return corner_field(u + _WARP * n, v + _WARP * m, mask) + 0.2 * m - 0.5
        # Near a hex corner three tiles meet and the coast must pass through the corner
        # itself: the wander fades out there.
        _, corner = hex_field(u, v, 0, self.vertices)
        reach = _WARP * geom.width * np.clip((corner - 2.0) / max(3.0, geom.width / 5), 0, 1)
        f, _ = hex_field(u + reach * n, v + reach * m, mask, self.vertices)
        return f + 0.2 * m * reach / (_WARP * geom.width) - 0.5

    def signed_distance(self, mask: int) -> tuple[np.ndarray, np.ndarray]:
        """Signed distance to the boundary in pixels (+ inside the first terrain), and
        how much of the boundary lies up and to the left (the side the light comes from):
        > 0 when the first terrain is down-right of the pixel."""
        cy, cx = self.ys + 0.5, self.xs + 0.5
        value = self.inside(mask, cy, cx)
        up, down, left, right = (self.inside(mask, cy + dy, cx + dx) for dy, dx in _OFFSETS)
        gy, gx = down - up, right - left
        norm = np.hypot(gy, gx)
        dist = np.where(norm > 1e-9, value / np.maximum(norm, 1e-9), np.sign(value) * 99.0)
        toward = np.where(norm > 1e-9, (gy + gx) / np.maximum(norm, 1e-9), 0.0)
        return dist, toward

    # -- contact details -----------------------------------------------------------------

    def shifts(self, dist: np.ndarray, toward: np.ndarray) -> np.ndarray:
        """Ramp shifts: lips, shadows, foam, shallows (bands of the signed distance)."""
        first = dist > 0
        shift = np.zeros(dist.shape, np.int64)
        edge = np.abs(dist) < 1.0
        if self.kind == "paths":
            # The path is trodden below the ground: the ground's edge darkens, and the
            # ground throws a shadow onto the path where it lies up and to the left.
            shift[~first & edge] = -1
            shift[first & edge & (toward > 0.3)] = -1
        elif self.shore:
            water = ~first if not self.water_first else first
            depth = np.abs(dist)
            shift[water & (depth < 2.2)] = 1
            shift[water & (depth < 1.1)] = _FOAM
            shift[~water & edge] = -1
        else:
            # The first terrain is the raised one: a dark lip, and its shadow below-right.
            shift[first & edge] = -2
            shift[~first & edge & (toward < -0.3)] = -1
        return shift

    # -- painting ------------------------------------------------------------------------

    def paint(self, mask: int | None, top_rgb: np.ndarray | None = None) -> Painted:
        """Colour a tile (``mask`` None: all second terrain) and finish it as a block."""
        p = self.painter
        h, w = p.geom.shape
        if mask is None:
            dist = np.full((h, w), -99.0)
            shift = np.zeros((h, w), np.int64)
        else:
            dist, toward = self.signed_distance(mask)
            shift = self.shifts(dist, toward)
        first = dist > 0
        rgb = np.zeros((h, w, 3), np.uint8)
        for k, layer in enumerate(self.layers):
            sel = (first == bool(k)) & p.geom.top
            rgb[sel] = layer.top.colors(self.ys[sel], self.xs[sel], shift[sel])
        if top_rgb is not None:
            # A variation of the second terrain: its own pixels where nothing is shifted.
            plain = ~first & p.geom.top & (shift == 0)
            rgb[plain] = top_rgb[plain]
        classes = first.astype(np.int64)
        rgba = paint_block(p.geom, rgb, classes, self.layers, p.outline, lip_noise=self.lip)
        return Painted(p.finish(rgba), np.where(p.geom.top, classes, -1))

    def tile(self, mask: int) -> Painted:
        return self.paint(mask)

    def plain(self, variation: int) -> Painted:
        """A stamp-only tile of the second terrain (variation 0 = its plain texture)."""
        base = self.layers[0].top
        return self.paint(None, variation_top(self.painter, base, self.second, variation))
