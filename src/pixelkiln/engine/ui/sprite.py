"""Sprites: an element's pixels over its box, its nine-slice insets and named parts, and
the helpers every element builder shares (corner radius, rect shapes, centred icons).

:func:`nine_slice_holds` is the nine-slice property on pixels: the edge strips are
constant along their edge, so stretching (or repeating) them keeps them intact. Zero top
and bottom insets mean "stretch horizontally only" (bars).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from pixelkiln.engine.ui.frame import Drawn, draw_shape, look_for
from pixelkiln.engine.ui.glyphs import INVENTORY, SCIFI, draw_glyph
from pixelkiln.engine.ui.shapes import Box, Chamfer, RoundRect, Shape
from pixelkiln.engine.ui.surface import FillTexture
from pixelkiln.engine.ui.theme import Theme

__all__ = [
    "Sprite",
    "center_glyph",
    "corner_radius",
    "fallback_insets",
    "framed_panel",
    "glyph_list",
    "middle_insets",
    "new_sprite",
    "nine_slice_holds",
    "option_radius",
    "rect_shape",
]


@dataclass
class Sprite:
    """An element's pixels over ``box`` (image coordinates) and its nine-slice insets."""

    box: Box
    rgba: np.ndarray
    insets: tuple[int, int, int, int]
    parts: list[tuple[str, Box]] = field(default_factory=list)

    def put(self, drawn: Drawn) -> None:
        self.put_rgb(drawn.box.x, drawn.box.y, drawn.rgb, drawn.mask)

    def put_rgb(self, x: int, y: int, rgb: np.ndarray, mask: np.ndarray) -> None:
        """Paint ``rgb`` where ``mask`` holds, its top-left at image ``(x, y)``; clipped."""
        h, w = mask.shape
        x0, y0 = x - self.box.x, y - self.box.y
        sx0, sy0 = max(0, -x0), max(0, -y0)
        dx0, dy0 = max(0, x0), max(0, y0)
        dx1, dy1 = min(self.box.w, x0 + w), min(self.box.h, y0 + h)
        if dx1 <= dx0 or dy1 <= dy0:
            return
        m = mask[sy0 : sy0 + dy1 - dy0, sx0 : sx0 + dx1 - dx0]
        dst = self.rgba[dy0:dy1, dx0:dx1]
        dst[m, :3] = rgb[sy0 : sy0 + dy1 - dy0, sx0 : sx0 + dx1 - dx0][m]
        dst[m, 3] = 255


def middle_insets(
    w: int, h: int, horizontal: bool = True, vertical: bool = True
) -> tuple[int, int]:
    """Insets that leave the middle column (and/or row) as the centre: (x inset, y inset)."""
    return ((w - 1) // 2 if horizontal else 0), ((h - 1) // 2 if vertical else 0)


def nine_slice_holds(rgba: np.ndarray, insets: tuple[int, int, int, int]) -> bool:
    """Whether edge strips are constant along their edge, so stretching keeps them intact.

    Zero top and bottom insets mean "stretch horizontally only" (bars): the side strips
    are then never stretched and need not be uniform; zero left and right, vertically only.
    """
    h, w = rgba.shape[:2]
    left, top, right, bottom = insets
    if left + right >= w or top + bottom >= h or min(insets) < 0:
        return False
    if not left == right == 0:
        for s in (rgba[:top, left : w - right], rgba[h - bottom :, left : w - right]):
            if s.size and not (s == s[:, :1]).all():
                return False
    if not top == bottom == 0:
        for s in (rgba[top : h - bottom, :left], rgba[top : h - bottom, w - right :]):
            if s.size and not (s == s[:1]).all():
                return False
    return True


def fallback_insets(rgba: np.ndarray) -> tuple[int, int, int, int]:
    h, w = rgba.shape[:2]
    left, top = (w - 1) // 2, (h - 1) // 2
    return left, top, w - left - 1, h - top - 1


def new_sprite(box: Box) -> Sprite:
    return Sprite(box=box, rgba=np.zeros((box.h, box.w, 4), np.uint8), insets=(0, 0, 0, 0))


def corner_radius(theme: Theme, w: int, h: int, k: float = 0.06) -> int:
    return int(max(1, min(round(min(w, h) * k), 6 if not theme.material.chamfer else 10)))


def option_radius(options: dict[str, object], default: int) -> int:
    r = options.get("radius")
    return int(r) if isinstance(r, (int, float)) else default


def rect_shape(theme: Theme, box: Box, r: int) -> Shape:
    if theme.material.chamfer:
        return Chamfer(box.x, box.y, box.w, box.h, max(2, r))
    return RoundRect(box.x, box.y, box.w, box.h, r)


def center_glyph(sp: Sprite, theme: Theme, name: str, box: Box, share: float) -> None:
    g = max(5, int(min(box.w, box.h) * share))
    rgb, m = draw_glyph(name, g, theme)
    gx, gy = box.x + (box.w - g) // 2, box.y + (box.h - g) // 2
    sp.put_rgb(gx, gy, rgb, m)
    sp.parts.append(("icon", Box(gx, gy, g, g)))


def glyph_list(theme: Theme) -> list[str]:
    return SCIFI if theme.material.key == "scifi" else INVENTORY


def framed_panel(
    theme: Theme,
    tex: FillTexture | None,
    box: Box,
    salt: str,
    extra: tuple[int, int, int, int] = (0, 0, 0, 0),
    radius: object = None,
) -> tuple[Sprite, Drawn]:
    sp = new_sprite(box)
    r = (
        int(radius)
        if isinstance(radius, (int, float))
        else corner_radius(theme, box.w, box.h, 0.03)
    )
    shape = rect_shape(theme, box, r)
    look = look_for("panel", theme, box.w, box.h)
    drawn = draw_shape(shape, theme, look, tex, salt, extra=extra)
    sp.put(drawn)
    sp.insets = drawn.insets
    return sp, drawn
