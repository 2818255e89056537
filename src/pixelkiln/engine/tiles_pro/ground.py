"""Connectable ground sets: roads (``paths``), corner tilesets and hex coastlines.

Every tile is drawn as a window onto one world:

1. Its top face is classified from a continuous field (:mod:`.fields`) of its mask,
   evaluated at screen pixel centres over the canvas plus a :data:`MARGIN`-pixel border.
   The fields depend only on an edge's part of the mask within a band along that edge,
   and the band is wider than the margin, so what a tile computes in its margin is what
   its neighbour computes there.
2. Boundary wobble comes from lattice-periodic noise (:class:`.lattice.LatticeNoise`)
   read at screen positions, the same for every tile.
3. Contact details (a grass lip along a path, the shadow the raised terrain casts down
   and to the right, foam and shallows along a shore, a wet edge on the land) are
   decided from the classes of neighbouring pixels of the extended canvas, then the
   margin is cut away.
4. Colours come from lattice-periodic surfaces (:mod:`.surface`), shifted along their
   ramps by those details.

So two tiles the rules let touch show the same pixels along their shared edge, and the
pixels either side of the seam continue each other as a single painting would.
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

__all__ = ["MARGIN", "GroundSet", "Painted"]

#: Pixels beyond the canvas evaluated so contact details see their neighbours.
MARGIN = 3
#: Path half-width in cells (a 32 px path is 14 px wide).
ROAD_HALF_WIDTH = 0.22
#: Built roads (paving, planks, bricks) are wider than trodden paths.
BUILT_HALF_WIDTH = 0.28
#: Families whose edges wander (paths trodden into soil, shores); built ones stay straight.
_NATURAL = {"vegetation", "soil", "liquid", "sky"}
_FOAM = 9  # a shift past the top of any ramp: the extended ramp's light shade


@dataclass(frozen=True)
class Painted:
    """One finished tile and the class of each top pixel (1 = first terrain)."""

    rgba: np.ndarray
    classes: np.ndarray


def _family(spec: MaterialSpec) -> str:
    return get_material(spec.material).family


def _neighbour(cls: np.ndarray, dy: int, dx: int) -> np.ndarray:
    """The class of the neighbour at (dy, dx); edge pixels repeat themselves."""
    padded = np.pad(cls, 1, mode="edge")
    h, w = cls.shape
    return padded[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w]


def _near(mask: np.ndarray, radius: int) -> np.ndarray:
    """Pixels within Chebyshev ``radius`` of ``mask``."""
    out = mask.copy()
    for _ in range(radius):
        grown = out.copy()
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                grown |= _neighbour(out, dy, dx)
        out = grown
    return out


@dataclass
class GroundSet:
    """Draws the tiles of one ground set; ``first`` is class 1, ``second`` class 0."""

    painter: Painter
    kind: str  # paths | tileset | coastline
    first: MaterialSpec
    second: MaterialSpec

    def __post_init__(self) -> None:
        p = self.painter
        self.layers = [p.layer(self.second), p.layer(self.first)]
        self.natural = {
            1: _family(self.first) in _NATURAL,
            0: _family(self.second) in _NATURAL,
        }
        w = p.geom.width
        self.noise = p.noise(max(4.0, w / 3.5), "boundary", self.kind)
        self.lip = p.noise(3.0, "lip")
        h, cw = p.geom.shape
        ys, xs = np.mgrid[-MARGIN : h + MARGIN, -MARGIN : cw + MARGIN]
        self.ys, self.xs = ys, xs
        self.cy, self.cx = ys + 0.5, xs + 0.5
        self.gu, self.gv = p.geom.ground(self.cy, self.cx)
        self.n = self.noise.at(self.cy, self.cx)
        if self.kind == "coastline":
            geom = p.geom
            self.vertices = hex_vertices(geom.tile_type == "hex_pointy", geom.width, geom.face_h)

    # -- classification ------------------------------------------------------------------

    def classify(self, mask: int) -> np.ndarray:
        """First-terrain pixels of the extended canvas for ``mask``.

        A 3x3 majority vote then removes one-pixel slivers and specks (it reads one pixel
        around each pixel, well inside the margin).
        """
        w = self.painter.geom.width
        if self.kind == "paths":
            half = ROAD_HALF_WIDTH if self.natural[1] else BUILT_HALF_WIDTH
            dist = road_distance(self.gu, self.gv, mask, half) * w
            if self.natural[1]:
                dist = dist + 1.6 * (self.n - 0.5)
            first = dist < 0
        elif self.kind == "tileset":
            f = corner_field(self.gu, self.gv, mask)
            first = f + 0.35 * (self.n - 0.5) > 0.5
        else:
            f, corner = hex_field(self.gu, self.gv, mask, self.vertices)
            fade = np.clip(corner / max(3.0, w / 6), 0.0, 1.0)
            first = f + 0.35 * fade * (self.n - 0.5) > 0.5
        votes = sum(
            _neighbour(first, dy, dx).astype(np.int64) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
        )
        return votes >= 5

    # -- contact details -----------------------------------------------------------------

    def shifts(self, first: np.ndarray) -> np.ndarray:
        """Ramp shifts of the extended canvas: lips, shadows, foam, shallows."""
        shift = np.zeros(first.shape, np.int64)
        up, left = _neighbour(first, -1, 0), _neighbour(first, 0, -1)
        edge = np.zeros(first.shape, bool)
        for dy, dx in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            edge |= _neighbour(first, dy, dx) != first
        liquid = [_family(self.second) == "liquid", _family(self.first) == "liquid"]
        if self.kind == "paths":
            # The path is trodden below the ground: the ground's edge darkens and the
            # ground throws a shadow onto the path's top-left side.
            shift[~first & edge] = -1
            shift[first & (~up | ~left)] = -1
        elif liquid[0] != liquid[1]:
            water = first if liquid[1] else ~first
            land = ~water
            near1 = _near(land, 1)
            near2 = _near(land, 2)
            shift[water & near2] = 1
            shift[water & near1] = _FOAM
            shift[land & edge] = -1
        else:
            # The first terrain is the raised one: a dark lip, and its shadow below-right.
            shift[first & edge] = -2
            shift[~first & (up | left)] = -1
        return shift

    # -- painting ------------------------------------------------------------------------

    def paint(self, first_ext: np.ndarray, top_rgb: np.ndarray | None = None) -> Painted:
        """Colour a classified tile and finish it as a block."""
        p = self.painter
        h, w = p.geom.shape
        crop = (slice(MARGIN, MARGIN + h), slice(MARGIN, MARGIN + w))
        shift = self.shifts(first_ext)[crop]
        first = first_ext[crop]
        ys, xs = self.ys[crop], self.xs[crop]
        rgb = np.zeros((h, w, 3), np.uint8)
        for k, layer in enumerate(self.layers):
            sel = (first == bool(k)) & p.geom.top
            rgb[sel] = layer.top.colors(ys[sel], xs[sel], shift[sel])
        if top_rgb is not None:
            # A variation of the second terrain: its own pixels where nothing is shifted.
            plain = ~first & p.geom.top & (shift == 0)
            rgb[plain] = top_rgb[plain]
        classes = first.astype(np.int64)
        rgba = paint_block(p.geom, rgb, classes, self.layers, p.outline, lip_noise=self.lip)
        return Painted(p.finish(rgba), np.where(p.geom.top, classes, -1))

    def tile(self, mask: int) -> Painted:
        return self.paint(self.classify(mask))

    def plain(self, variation: int) -> Painted:
        """A stamp-only tile of the second terrain (variation 0 = its plain texture)."""
        base = self.layers[0].top
        rgb = variation_top(self.painter, base, self.second, variation)
        none = np.zeros(self.gu.shape, bool)
        return self.paint(none, rgb)
