"""Game UI: pixel-crisp panels composed from pieces and elements, and single UI elements.

Two entry points:

- :func:`render_panel` (``create-ui-asset``): a :class:`PanelSpec` (description, size,
  pieces on the 512-unit virtual canvas, auto-positioned elements, colour phrase, style
  image, background flag, seed) -> a :class:`UIImage` with the flat RGBA image and one
  :class:`Region` per piece and element (label, box, nine-slice insets, parts).
- :func:`render_element` (``generate-ui-v2``): one element named by its description.

How it is built:

- :mod:`.shapes` - implicit shapes (rounded rectangle, cut-corner rectangle, circle,
  regular polygon) sampled at pixel centres; depth layers, outward normals, light facing.
- :mod:`.catalog` / :mod:`.theme` - the UI materials and trims, and the description,
  ``color_palette`` and style image read into a
  :class:`~pixelkiln.engine.ui.theme.Theme` (ramps, trim metal, ornaments).
- :mod:`.surface` - the calm, seamless fill texture of content areas.
- :mod:`.frame` / :mod:`.ornaments` - one framed shape: outline, bevel lit from the top
  left, frame, trim with corner speculars, inner shadow, fill, corner ornaments, and its
  nine-slice insets.
- :mod:`.glyphs` - small icons (heart, sword, potion, gear...); :mod:`.digits` - 3x5
  pixel digits (price labels); :mod:`.bars` - each bar kind's colour and icon.
- :mod:`.sprite`, :mod:`.elements`, :mod:`.hud`, :mod:`.pieces` - elements and request
  pieces drawn as sprites with insets and named parts.
- :mod:`.layout` - where auto-positioned elements go.
- :mod:`.compose` / :mod:`.single` - the whole panel, or one element.

Every colour comes from the theme's ramps, every random choice from
:func:`pixelkiln.engine.rng.make_rng`: the same spec gives the same pixels.
"""

from __future__ import annotations

from pixelkiln.engine.ui.compose import (
    MIN_PIECE_PX,
    PanelSpec,
    PieceSpec,
    Region,
    UIDrawError,
    UIImage,
    piece_problems,
    render_panel,
)
from pixelkiln.engine.ui.layout import ELEMENTS, virtual_canvas
from pixelkiln.engine.ui.single import element_for, render_element
from pixelkiln.engine.ui.sprite import nine_slice_holds

__all__ = [
    "ELEMENTS",
    "MIN_PIECE_PX",
    "PanelSpec",
    "PieceSpec",
    "Region",
    "UIDrawError",
    "UIImage",
    "element_for",
    "nine_slice_holds",
    "piece_problems",
    "render_element",
    "render_panel",
    "virtual_canvas",
]
