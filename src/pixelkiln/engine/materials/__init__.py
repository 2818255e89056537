"""Seamless material textures: the engine core every family draws with.

The central call::

    render_material(spec_or_description, size, seed, style=Style(), reference=None,
                    palette=None) -> Texture

- ``spec_or_description``: a description (``"cracked grey cobblestone with moss"``), read
  by :func:`pixelkiln.engine.text.parse_description`, or a ready
  :class:`~pixelkiln.engine.text.MaterialSpec`; a bare material key (``"wood planks"``)
  works too. :data:`~pixelkiln.engine.lexicon.MATERIAL_KEYS` lists the materials.
- ``size``: ``32`` or ``(h, w)``; any size 8..512 px per side, non-square included. The
  texture is periodic with exactly that period: it tiles edge to edge.
- ``seed``: same arguments and seed, same pixels (and byte-identical PNGs).
- ``style``: :class:`~pixelkiln.engine.style.Style` (outline, shading, detail).
- ``reference``: a :class:`~pixelkiln.engine.reference.Reference` from a reference or
  style image; pulls the ramp toward its colours and the cluster size toward its own.
- ``palette``: ``(k, 3)`` uint8 colours (a ``color_image``'s); every output pixel is then
  one of them.

:class:`Texture` carries ``rgba`` (H, W, 4) uint8, ``index`` into ``colors`` (ramp first,
then accents), ``ramp`` (n, 3) dark to light, ``height`` (H, W) float32 0..1 (for
boundaries, shading and normal maps), ``units`` (labels of bricks, cobbles, placed
objects), the ``spec`` and the ``style``.

:func:`material_ramp` gives just the ramp of a description - for outlines, contact
edges and bevels in tilesets, isometric blocks, UI and effects.

How a texture is made (``render.py``): the material's pattern generator (one module per
family: :mod:`.vegetation`, :mod:`.soil`, :mod:`.liquid`, :mod:`.stone`, :mod:`.masonry`,
:mod:`.crafted`, :mod:`.metal`, :mod:`.sky`) draws ramp levels on the torus; the
requested and default features are placed (:mod:`.features`); a cleanup pass merges
stray pixels (:mod:`pixelkiln.engine.despeckle`); the outline pass draws the style's
lines (:mod:`.outline`); finally levels become the ramp's colours (and accents), snapped
to the forced palette if any.

Tiles repeat in every map, tileset and block, so the generators keep them *balanced*
(ART.md §1.7): broad tones are turned down at the tile scale and the contrast is carried
by small clusters spread evenly (:func:`.canvas.balance`, :func:`.canvas.spread_points`,
:func:`pixelkiln.engine.noise.band_noise`). Small tiles (up to 48 px) are checked against
the tiling gates of :mod:`pixelkiln.engine.quality` and, in the rare case one fails, drawn
again from a derived seed (still deterministic). Cellular fields use a grid search, so a
512 x 512 texture takes a fraction of a second.
"""

from __future__ import annotations

from pixelkiln.engine.materials.render import (
    PATTERNS,
    Texture,
    base_feature_px,
    material_ramp,
    render_material,
)

__all__ = ["PATTERNS", "Texture", "base_feature_px", "material_ramp", "render_material"]
