"""One framed shape: outline, bevel, frame, trim, inner shadow, fill and nine-slice insets.

Every piece and element is drawn from the *depth layers* of its mask
(:func:`~pixelkiln.engine.ui.shapes.depth_layers`) and which way each pixel's edge faces
the top-left light (:func:`~pixelkiln.engine.ui.shapes.light_facing`). From the outside
in, a framed (``panel``) shape has:

==============  ==========================================================================
layer           drawing
==============  ==========================================================================
1               the dark outer outline
2               the outer bevel: lit (top/left) edges light, the others dark
3 .. F+1        the frame body, lit edges one tone lighter (a sloped frame), a groove
                in the middle of wide frames; where lit and shaded edges meet at the
                top-right and bottom-left corners a mid-tone mitre remains
trim            1-2 px of metal (light on lit edges, dark on the others, a specular
                pixel at each of the four corners), or a glowing line for sci-fi trims
inner rim       the frame's inner slope, lit the other way round (top/left dark)
inner outline   the recess edge
shadow          1-2 px of content darkened on the top/left sides (the frame casts it),
                1 px lit on the bottom/right sides
content         the calm fill texture in the nine-slice centre, its flat tone elsewhere
==============  ==========================================================================

``button`` shapes are raised instead (wide bevel, an extra shadow row along the bottom,
a flat face), ``slot`` shapes sunken (reversed bevel, dark face), ``plate`` shapes are
buttons with a trim ring for icons, ``trough`` shapes are slots for bar fills.

Nine-slice insets follow from the layers: along straight edges every layer is a 1-px band
parallel to the edge, so everything but the corner blocks is the same column after column
(top/bottom strips) or row after row (left/right strips). A rounded or cut corner, the
border and the corner ornaments all lie in the corner blocks; the insets are
``max(corner extent, border depth)``. Circles and polygons have no straight edges: their
insets leave the middle row and column as the centre (stretching it makes a pill).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import numpy as np

from pixelkiln.engine.ui.ornaments import corner_extent, draw_ornaments
from pixelkiln.engine.ui.shapes import (
    LIGHT,
    Box,
    Chamfer,
    RoundRect,
    Shape,
    depth_layers,
    outward_normal,
)
from pixelkiln.engine.ui.surface import FillTexture
from pixelkiln.engine.ui.theme import Theme

__all__ = ["Drawn", "Look", "draw_shape", "look_for"]

_LIT, _SHADE = 0.2, -0.2


@dataclass(frozen=True)
class Look:
    """How a shape is drawn: its role and the widths of its bands (px)."""

    role: str  # panel | button | slot | plate | trough
    frame: int = 0  # frame body width (panel) or bevel width (button, plate)
    trim: int = 0  # trim width (0: none)
    shadow: int = 1  # inner shadow depth (panel)
    texture: bool = True  # textured content (panel)
    corner: str = "none"  # corner ornament
    face: int = 2  # ramp index of a flat face (fill ramp for panels and slots)
    tone: str = "frame"  # which ramp a raised shape is made of: frame | fill | accent | trim
    depth: int = 0  # raised shapes: the thickness shown below the face


@dataclass
class Drawn:
    """A drawn shape in image coordinates."""

    box: Box  # the raster box (bounds plus a 1-px margin)
    bounds: Box  # the shape's own box
    rgb: np.ndarray  # (h, w, 3) over ``box``
    mask: np.ndarray  # (h, w) bool
    insets: tuple[int, int, int, int]  # left, top, right, bottom, relative to ``bounds``
    content: Box  # the nine-slice centre, in image coordinates
    border: int  # depth of the border layers (content starts below it)
    parts: list[tuple[str, Box]] = field(default_factory=list)


def look_for(role: str, theme: Theme, w: int, h: int) -> Look:
    """The band widths a role gets at a size: wider frames on bigger shapes."""
    m = min(w, h)
    mat = theme.material
    if role == "panel":
        if m < 24:
            return Look("panel", frame=1, trim=0, shadow=1, corner="none")
        frame = int(np.clip(round(m * 0.045 * mat.frame_scale), 2, 10))
        trim = 0
        if theme.trim is not None and m >= 40:
            trim = 2 if m >= 200 and not theme.trim_glow else 1
        corner = mat.corner if m >= 48 and frame >= 4 else "none"
        return Look("panel", frame=frame, trim=trim, shadow=1 if m < 96 else 2, corner=corner)
    if role == "plate" and m >= 28:
        # A big icon plate is a small frame around a darker sunken socket.
        frame = int(np.clip(round(m * 0.05), 2, 8))
        trim = 1 if theme.trim is not None else 0
        shadow = int(np.clip(round(m * 0.025), 1, 3))
        return Look("panel", frame=frame, trim=trim, shadow=shadow, texture=False, face=1)
    if role in ("button", "plate"):
        bevel = int(np.clip(round(m * 0.05), 1, 6))
        depth = int(np.clip(round(m * (0.06 if role == "button" else 0.04)), 0, 7))
        depth = depth if m >= 12 else 0
        trim = 1 if theme.trim is not None and m >= (28 if role == "button" else 20) else 0
        return Look(
            role,
            frame=bevel,
            trim=trim,
            texture=role == "button" and m >= 40,
            face=3 if role == "button" else 2,
            depth=depth,
        )
    if role == "slot" and m >= 24:
        # A big slot is a socket: a thin raised rim around a dark sunken floor.
        frame = int(np.clip(round(m * 0.035), 1, 5))
        shadow = int(np.clip(round(m * 0.03), 1, 4))
        return Look("panel", frame=frame, trim=0, shadow=shadow, texture=False, face=1)
    return Look(role, frame=1, texture=False, face=0 if role == "trough" else 1)


def _fit_corner(shape: Shape, look: Look) -> tuple[Shape, Look]:
    """Make a panel's border cover its corner: widen the frame for a large radius, shrink a
    large cut.

    The nine-slice corner blocks are as deep as the border; a corner that curves further in
    would leave flat content beside the texture. A 45-degree cut reaches further along the
    edge the deeper one goes (``c + d (sqrt 2 - 1)`` at depth ``d``), so it is kept within
    ``d (2 - sqrt 2) - 1`` rather than paid for with a very wide frame.
    """
    if look.role != "panel":
        return shape, look
    depth = look.frame + 3 + look.trim + look.shadow
    if isinstance(shape, Chamfer):
        cut = max(1, min(shape.c, int(depth * (2 - math.sqrt(2.0))) - 1))
        return replace(shape, c=cut), look
    ext = corner_extent(shape)
    if ext <= depth:
        return shape, look
    b = shape.bounds()
    frame = min(look.frame + ext - depth, max(1, min(b.w, b.h) // 4))
    return shape, replace(look, frame=frame)


def _ramps(theme: Theme, look: Look) -> np.ndarray:
    return {
        "frame": theme.frame,
        "fill": theme.fill,
        "accent": theme.accent,
        "trim": theme.trim if theme.trim is not None else theme.frame,
    }[look.tone]


def _band(
    layer: np.ndarray,
    side: np.ndarray,
    depth: int,
    lit: np.ndarray,
    shade: np.ndarray,
    mid: np.ndarray,
    rgb: np.ndarray,
) -> None:
    """Paint layer ``depth``: ``lit`` colour on lit edges, ``shade`` on shaded, ``mid`` else."""
    at = layer == depth
    rgb[at & (side > 0)] = lit
    rgb[at & (side < 0)] = shade
    rgb[at & (side == 0)] = mid


def _specular_corners(ring: np.ndarray, rgb: np.ndarray, color: np.ndarray) -> None:
    """One glint per corner: the ring pixel furthest toward each corner of the box."""
    ys, xs = np.nonzero(ring)
    if len(ys) < 8:
        return
    for sy in (-1, 1):
        for sx in (-1, 1):
            score = sx * xs + sy * ys
            i = int(np.argmax(score * 4096 - (xs if sx > 0 else -xs)))
            rgb[ys[i], xs[i]] = color


def _insets(shape: Shape, depth: int) -> tuple[int, int, int, int]:
    b = shape.bounds()
    if isinstance(shape, (RoundRect, Chamfer)):
        reach = corner_extent(shape)
        if isinstance(shape, Chamfer):
            # A cut corner's inner layers reach along the edge as they go deeper.
            reach = math.ceil(reach + depth * (math.sqrt(2.0) - 1.0)) + 1
        k = max(reach, depth)
        kx, ky = min(k, (b.w - 1) // 2), min(k, (b.h - 1) // 2)
        return kx, ky, kx, ky
    left, top = (b.w - 1) // 2, (b.h - 1) // 2
    return left, top, b.w - left - 1, b.h - top - 1


def draw_shape(
    shape: Shape,
    theme: Theme,
    look: Look,
    texture: FillTexture | None,
    salt: str,
    extra: tuple[int, int, int, int] = (0, 0, 0, 0),
) -> Drawn:
    """Draw ``shape`` as ``look`` says (see the module docstring).

    ``extra`` widens the insets (left, top, right, bottom) to keep room for decorations
    an element draws over the content (a window's title bar): the texture stays out of it.
    """
    shape, look = _fit_corner(shape, look)
    box, mask, _ = shape.raster()
    layer = depth_layers(mask)
    nx, ny = outward_normal(shape, box)
    facing = nx * LIGHT[0] + ny * LIGHT[1]
    side = np.where(facing > _LIT, 1, np.where(facing < _SHADE, -1, 0))
    rgb = np.zeros((*mask.shape, 3), np.uint8)
    rgb[mask] = theme.outline
    if look.role == "panel":
        border = _panel(layer, side, theme, look, rgb)
        depth = border + look.shadow
    else:
        border = _raised_or_sunken(layer, side, ny > 0.7, theme, look, rgb)
        depth = border
    bounds = shape.bounds()
    insets = _insets(shape, depth)
    if any(extra) and isinstance(shape, (RoundRect, Chamfer)):
        bw, bh = bounds.w, bounds.h
        left = min(insets[0] + extra[0], (bw - 1) // 2)
        top = min(insets[1] + extra[1], (bh - 1) // 2)
        insets = (
            left,
            top,
            min(insets[2] + extra[2], bw - left - 1),
            min(insets[3] + extra[3], bh - top - 1),
        )
    content = Box(
        bounds.x + insets[0],
        bounds.y + insets[1],
        max(1, bounds.w - insets[0] - insets[2]),
        max(1, bounds.h - insets[1] - insets[3]),
    )
    engrave = look.texture and theme.material.engrave
    if look.role in ("button", "plate") and engrave and texture is not None:
        # The material shows on a big face, in the nine-slice centre only.
        cy0, cx0 = content.y - box.y, content.x - box.x
        face = np.zeros(mask.shape, bool)
        face[cy0 + 1 : cy0 + content.h - 1, cx0 + 1 : cx0 + content.w - 1] = True
        face &= mask & (layer > depth + 1)
        # Only the darkest level (joints, grain, mortar) is engraved into the face.
        lv = texture.cover_levels(*mask.shape, salt)
        ramp = _ramps(theme, look)
        rgb[face & (lv < 0.2)] = ramp[max(0, look.face - 1)]
    if look.role == "panel":
        inner = mask & (layer > depth)
        rgb[inner] = theme.fill[look.face]
        rect_like = isinstance(shape, (RoundRect, Chamfer))
        if (
            look.texture
            and texture is not None
            and (not rect_like or min(content.w, content.h) > 1)
        ):
            if rect_like:
                # Only the nine-slice centre is textured: the strips stay uniform.
                cy0, cx0 = content.y - box.y, content.x - box.x
                full = np.zeros((*mask.shape, 3), np.uint8)
                full[cy0 : cy0 + content.h, cx0 : cx0 + content.w] = texture.cover(
                    content.h, content.w, salt
                )
                region = np.zeros(mask.shape, bool)
                region[cy0 : cy0 + content.h, cx0 : cx0 + content.w] = True
            else:
                full = texture.cover(*mask.shape, salt)
                region = np.ones(mask.shape, bool)
            sel = inner & region
            rgb[sel] = full[sel]
        draw_ornaments(shape, box, layer, theme, look.corner, look.frame, border, rgb)
    return Drawn(
        box=box, bounds=bounds, rgb=rgb, mask=mask, insets=insets, content=content, border=border
    )


def _panel(layer: np.ndarray, side: np.ndarray, theme: Theme, look: Look, rgb: np.ndarray) -> int:
    """Frame bands of a panel; returns the depth of its inner outline (the border)."""
    fr, fi = theme.frame, theme.fill
    f = look.frame
    _band(layer, side, 2, fr[4], fr[1], fr[2], rgb)
    # Body: a sloped frame (lit edges lighter), with a groove in wide frames.
    groove = 2 + (f + 1) // 2 if f >= 4 else -1
    for d in range(3, f + 2):
        if d == groove:
            _band(layer, side, d, fr[1], fr[1], fr[1], rgb)
        elif d == groove + 1:
            _band(layer, side, d, fr[4], fr[2], fr[3], rgb)
        else:
            _band(layer, side, d, fr[3], fr[2], fr[2], rgb)
    d = f + 2
    if look.trim and theme.trim is not None:
        tr = theme.trim
        if theme.trim_glow:
            for k in range(look.trim):
                _band(layer, side, d + k, tr[4], tr[3], tr[4], rgb)
        elif look.trim == 1:
            _band(layer, side, d, tr[3], tr[1], tr[2], rgb)
        else:
            _band(layer, side, d, tr[4], tr[2], tr[3], rgb)
            _band(layer, side, d + 1, tr[2], tr[1], tr[1], rgb)
        _specular_corners(layer == d, rgb, theme.specular if not theme.trim_glow else tr[4])
        d += look.trim
    # Inner slope of the frame (lit the other way round), then the recess edge.
    _band(layer, side, d, fr[1], fr[3], fr[2], rgb)
    d += 1
    _band(layer, side, d, theme.outline, theme.outline, theme.outline, rgb)
    border = d
    # Shadow cast by the frame onto the sunken content; the far edges catch light.
    for k in range(1, look.shadow + 1):
        at = layer == border + k
        rgb[at & (side > 0)] = fi[0] if k == 1 else fi[1]
        rgb[at & (side == 0)] = fi[1]
        rgb[at & (side < 0)] = fi[3] if k == 1 else fi[2]
    return border


def _raised_or_sunken(
    layer: np.ndarray,
    side: np.ndarray,
    down: np.ndarray,
    theme: Theme,
    look: Look,
    rgb: np.ndarray,
) -> int:
    """Bands of a raised (button, plate) or sunken (slot, trough) shape; returns the depth
    at which the face starts (the border, for the insets)."""
    ramp = _ramps(theme, look)
    b = look.frame
    if look.role in ("button", "plate"):
        # Thickness: down-facing edges show the shape's side wall below the outline.
        wall = down & (layer >= 2) & (layer < 2 + look.depth)
        d = 2
        for k in range(b):
            lit = ramp[4] if k == 0 else ramp[3]
            _band(layer, side, d + k, lit, ramp[1], ramp[2], rgb)
        d += b
        if look.trim and theme.trim is not None:
            tr = theme.trim
            _band(layer, side, d, tr[3], tr[1], tr[2], rgb)
            _specular_corners(layer == d, rgb, theme.specular)
            d += 1
            _band(layer, side, d, ramp[1], ramp[3], ramp[2], rgb)
            d += 1
        face = layer >= d
        rgb[face] = ramp[look.face]
        # A raised face: a highlight just inside the lit edges.
        _band(
            layer, side, d, ramp[min(4, look.face + 1)], ramp[look.face - 1], ramp[look.face], rgb
        )
        if look.depth:
            # Shift the bottom bands up by the wall: outline, wall, then the shaded bevel.
            for k in range(look.depth):
                at = down & (layer == 2 + k)
                rgb[at] = ramp[0] if k == look.depth - 1 else ramp[1]
            rgb[wall & (layer == 2)] = ramp[1]
        return d - 1 + look.depth
    # Sunken: shaded top/left walls, lit bottom/right lips, a dark floor.
    fi = theme.fill
    _band(layer, side, 2, fi[0], fi[3], fi[1], rgb)
    rgb[layer >= 3] = fi[look.face]
    _band(
        layer,
        side,
        3,
        theme.outline if look.role == "trough" else fi[0],
        fi[look.face],
        fi[look.face],
        rgb,
    )
    return 2
