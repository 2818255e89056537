"""Finishing passes of an isometric tile: stray-pixel clean-up and the outline modes.

**Clean-up.** The face mappings keep every texel, but a texture cluster cut by a face edge
can leave a lone pixel along that edge. Per face, a pixel with no same-colour 8-neighbour
in its face takes the commonest colour of its face neighbours, unless it was already a
lone pixel in the texture (a glint, a flower dot: placed on purpose).

**Outlines** (drawn on the tile's own outermost pixels, so the footprint still fits its
grid cell):

- ``lineless``: no line; faces read from their shading alone.
- ``single color outline``: the silhouette in one colour, the body material's darkest
  shade continued one step further down its ramp.
- ``single color black outline`` (not in this endpoint's contract): the same in black.
- ``selective outline``: the silhouette in a darker shade of the local material, following
  the light: its darkest shade one face darker on the top face's lit back-left edge, two
  faces darker elsewhere (one colour per face and material, so it reads as a line); plus
  a rim light along the top face's front-left edge (the edge the light grazes), in the
  material's lightest shade.

After the outline the clean-up runs again with the line protected, so pixels that lost
their neighbours to the line merge into their face.
"""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.isometric.faces import FACE_ORDER, Canvas
from pixelkiln.engine.isometric.geometry import TileGeometry

__all__ = ["OUTLINES", "apply_outline", "clean_faces", "face_edges", "outer_edge"]

#: The contract's three modes, plus the black line other families offer.
OUTLINES: tuple[str, ...] = (
    "single color outline",
    "selective outline",
    "lineless",
    "single color black outline",
)

_N8 = [(dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dy or dx]


def _shift(a: np.ndarray, dy: int, dx: int, fill: object) -> np.ndarray:
    """``a`` moved so that ``out[y, x] = a[y + dy, x + dx]`` (``fill`` off the edge)."""
    h, w = a.shape[:2]
    out = np.full_like(a, fill)
    ys, yd = slice(max(dy, 0), h + min(dy, 0)), slice(max(-dy, 0), h + min(-dy, 0))
    xs, xd = slice(max(dx, 0), w + min(dx, 0)), slice(max(-dx, 0), w + min(-dx, 0))
    out[yd, xd] = a[ys, xs]
    return out


def _packed(rgb: np.ndarray) -> np.ndarray:
    rgb = rgb.astype(np.int64)
    return (rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]


def face_edges(face: np.ndarray) -> np.ndarray:
    """Pixels on the boundary of their face (a 4-neighbour in another face or outside)."""
    edge = np.zeros(face.shape, bool)
    for dy, dx in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        edge |= _shift(face, dy, dx, -1) != face
    return edge & (face >= 0)


def clean_faces(canvas: Canvas, protect: np.ndarray | None = None, passes: int = 2) -> None:
    """Merge lone pixels into their face (see the module docstring).

    ``protect`` pixels (an outline) are neither changed nor copied. A glint on a face's
    edge is not protected: a lone pixel on a silhouette reads as a stray.
    """
    fixed = np.zeros(canvas.face.shape, bool) if protect is None else protect
    keep = (canvas.glints & ~face_edges(canvas.face)) | fixed
    for _ in range(passes):
        colour = _packed(canvas.rgb)
        key = np.where((canvas.face >= 0) & ~fixed, colour * 4 + canvas.face, -1)
        same = np.zeros(key.shape, bool)
        for dy, dx in _N8:
            same |= _shift(key, dy, dx, -1) == key
        lone = (canvas.face >= 0) & ~same & ~keep
        if not lone.any():
            return
        h, w = key.shape
        for y, x in zip(*np.nonzero(lone), strict=True):
            counts: dict[int, int] = {}
            first: dict[int, tuple[int, int]] = {}
            for dy, dx in _N8:
                ny, nx = int(y + dy), int(x + dx)
                if 0 <= ny < h and 0 <= nx < w and key[ny, nx] >= 0:
                    if canvas.face[ny, nx] == canvas.face[y, x]:
                        k = int(key[ny, nx])
                        counts[k] = counts.get(k, 0) + 1
                        first.setdefault(k, (ny, nx))
            if not counts:
                continue
            best = max(counts, key=lambda k: (counts[k], -k))
            ny, nx = first[best]
            canvas.rgb[y, x] = canvas.rgb[ny, nx]
            canvas.src[y, x] = canvas.src[ny, nx]
            canvas.level[y, x] = canvas.level[ny, nx]


def outer_edge(body: np.ndarray) -> np.ndarray:
    """Body pixels with a 4-neighbour outside the body (or off the canvas)."""
    inside = np.ones(body.shape, bool)
    for dy, dx in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        inside &= _shift(body, dy, dx, False)
    return body & ~inside


def apply_outline(
    canvas: Canvas, geo: TileGeometry, mode: str, body_inks: dict[str, int]
) -> np.ndarray:
    """Draw the outline ``mode`` asks for (see the module docstring); returns its pixels.

    ``body_inks`` names the ink of each side face's body material: side-face segments of
    the line take it even where the top's lip reaches the silhouette, so a one-pixel lip
    never leaves a one-pixel change of colour in the line.
    """
    if mode not in OUTLINES:
        raise ValueError(f"outline must be one of {', '.join(OUTLINES)}; got {mode!r}")
    if mode == "lineless":
        return np.zeros(geo.body.shape, bool)
    edge = outer_edge(geo.body)
    if mode in ("single color outline", "single color black outline"):
        ink = canvas.inks[body_inks["right"]]
        darkest = ink.darker("right", np.zeros(1, np.int64), 1)[0]
        canvas.rgb[edge] = darkest if mode == "single color outline" else 0
        return edge
    # Selective: the back-left edge of the top face faces the light.
    above_out = ~_shift(geo.body, -1, 0, False)
    left_out = ~_shift(geo.body, 0, -1, False)
    right_out = ~_shift(geo.body, 0, 1, False)
    cols = np.arange(geo.canvas_w)[None, :]
    lit = edge & geo.top & (above_out | left_out) & ~right_out & (cols < geo.x0 + geo.grid // 2)
    # Rim light: top-face pixels resting on the left face (the front-left edge).
    rim = geo.top & _shift(geo.left, 1, 0, False) & ~edge
    rim_colors = _segment_colors(canvas, rim, "top", 0, lightest=True)
    lit_colors = _segment_colors(canvas, lit, None, 1)
    dark = edge & ~lit
    for face in ("left", "right"):
        side = dark & (canvas.face == FACE_ORDER.index(face))
        canvas.src[side] = body_inks[face]
    dark_colors = _segment_colors(canvas, dark, None, 2)
    canvas.rgb[lit] = lit_colors
    canvas.rgb[dark] = dark_colors
    canvas.rgb[rim] = rim_colors
    return edge | rim


def _segment_colors(
    canvas: Canvas, mask: np.ndarray, face: str | None, extra: int, lightest: bool = False
) -> np.ndarray:
    """One colour per (ink, face) along an outline segment: the ink's darkest level
    ``extra`` faces darker (or its lightest level, for a rim light), so a line is a
    line and not a speckle of per-texel shades."""
    ys, xs = np.nonzero(mask)
    out = np.empty((len(ys), 3), np.uint8)
    for i, (y, x) in enumerate(zip(ys, xs, strict=True)):
        ink = canvas.inks[int(canvas.src[y, x])]
        name = face or FACE_ORDER[int(canvas.face[y, x])]
        if lightest:
            out[i] = ink.faces[name][ink.ramp_len - 1]
        else:
            out[i] = ink.darker(name, np.zeros(1, np.int64), extra)[0]
    return out
