"""The per-request drawing context: geometry, style, seeds and a surface cache.

Every surface a set draws with is rendered once per material and read by every tile,
which is what makes the tiles of a set agree pixel for pixel. A surface's seed comes from
the request seed and the material's description alone, so sets drawn with the same seed,
tile type, size and style share their materials: a road set, a terrain set and a
building kit can be mixed on one map, their grass meeting without a seam. A forced palette
(``style_images`` with ``color_palette``) is applied twice: to the textures as they are
rendered, and once more to each finished tile, since shading, contact lines and outlines
add shades of their own.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from pixelkiln.engine.lexicon import get_material
from pixelkiln.engine.palette import map_to_palette
from pixelkiln.engine.reference import Reference
from pixelkiln.engine.rng import derive_seed
from pixelkiln.engine.style import Style
from pixelkiln.engine.text import MaterialSpec, parse_description
from pixelkiln.engine.tiles_pro.block import Layer, side_lattice
from pixelkiln.engine.tiles_pro.geometry import Geometry
from pixelkiln.engine.tiles_pro.lattice import Lattice, LatticeNoise
from pixelkiln.engine.tiles_pro.surface import Surface

__all__ = ["Painter", "as_spec", "under_material"]

# What shows in the skirt under a top material, and how far the top overhangs it.
_UNDER = {"vegetation": ("dirt", 3), "sky": ("stone", 2)}
_LIPLESS_SKY = ("cloud", "sky")


def as_spec(text_or_spec: str | MaterialSpec) -> MaterialSpec:
    """A material spec from a description (or the spec itself)."""
    return (
        text_or_spec if isinstance(text_or_spec, MaterialSpec) else parse_description(text_or_spec)
    )


def under_material(spec: MaterialSpec) -> tuple[MaterialSpec, int]:
    """The skirt material under a top material and the top's overhang in pixels.

    Plants grow on dirt (3 px of grass hang over the edge); snow lies on rock; water,
    soil, stone and built materials show themselves in section.
    """
    mat = get_material(spec.material)
    if mat.key in _LIPLESS_SKY:
        return spec, 0
    under = _UNDER.get(mat.family)
    if under is None or mat.key in ("bark", "hay"):
        return replace(spec, features=()), 0
    return parse_description(under[0]), under[1]


@dataclass
class Painter:
    """Draws surfaces for one request; seeds derive from the request seed by material."""

    geom: Geometry
    seed: int
    style: Style = field(default_factory=Style)
    reference: Reference | None = None
    palette: np.ndarray | None = None
    outline: bool = True
    _cache: dict[tuple[str, str, tuple[int, int]], Surface] = field(default_factory=dict)

    @property
    def lattice(self) -> Lattice:
        """The ground lattice (octagons, which do not tile, use their own square)."""
        return self.geom.lattice or Lattice.square(self.geom.width)

    def sub_seed(self, *stream: str | int) -> int:
        return derive_seed(self.seed, *stream)

    def surface(self, spec: str | MaterialSpec) -> Surface:
        """A material on the ground lattice (one per material)."""
        spec = as_spec(spec)
        key = (repr(spec), "top", self.lattice.shape)
        if key not in self._cache:
            self._cache[key] = Surface.render(
                spec,
                self.lattice,
                self.sub_seed("top", spec.material, spec.text),
                self.style,
                self.reference,
                self.palette,
            )
        return self._cache[key]

    def side(self, spec: str | MaterialSpec) -> Surface:
        """A material on the side-face torus."""
        spec = as_spec(spec)
        lat = side_lattice(self.geom)
        key = (repr(spec), "side", lat.shape)
        if key not in self._cache:
            self._cache[key] = Surface.render(
                spec,
                lat,
                self.sub_seed("side", spec.material, spec.text),
                self.style,
                self.reference,
                self.palette,
            )
        return self._cache[key]

    def layer(self, spec: str | MaterialSpec) -> Layer:
        """Top surface, skirt surface and lip of a material."""
        spec = as_spec(spec)
        under, lip = under_material(spec)
        return Layer(self.surface(spec), self.side(under), lip)

    def noise(self, feature: float, *stream: str) -> LatticeNoise:
        return LatticeNoise.make(self.lattice, feature, self.seed, *stream)

    def canvas(self) -> tuple[np.ndarray, np.ndarray]:
        """Screen pixel rows and columns of the canvas (integer arrays)."""
        h, w = self.geom.shape
        ys, xs = np.mgrid[0:h, 0:w]
        return ys, xs

    def finish(self, rgba: np.ndarray) -> np.ndarray:
        """The last step of every tile: snap to the forced palette, if any."""
        if self.palette is None or not len(self.palette):
            return rgba
        out = map_to_palette(rgba, self.palette)
        out[..., 3] = rgba[..., 3]
        return out
