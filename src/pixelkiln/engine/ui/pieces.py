"""Pieces: the request's own shapes, drawn in the role their label names.

A ``rounded_rect`` piece in the role ``panel``, ``button``, ``slot``, ``health_bar`` or
``avatar`` is drawn by the element of that name with the piece's corner radius. Circles
and polygons are drawn here: a circle is a framed, textured disc (``panel``), a raised
round button, a sunken round socket or a portrait frame; a polygon is a framed, textured
plate with exactly the requested centre, radius, sides and phase. An icon word in the
label draws that icon in the middle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pixelkiln.engine.ui.elements import build_element
from pixelkiln.engine.ui.frame import Look, draw_shape, look_for
from pixelkiln.engine.ui.glyphs import draw_glyph
from pixelkiln.engine.ui.shapes import Box, Circle, Polygon, Shape
from pixelkiln.engine.ui.sprite import Sprite, middle_insets, nine_slice_holds
from pixelkiln.engine.ui.surface import FillTexture
from pixelkiln.engine.ui.theme import Theme

if TYPE_CHECKING:
    from pixelkiln.engine.ui.compose import PieceSpec

__all__ = ["draw_piece"]


def _sprite(box: Box) -> Sprite:
    import numpy as np

    return Sprite(box=box, rgba=np.zeros((box.h, box.w, 4), np.uint8), insets=(0, 0, 0, 0))


def draw_piece(
    piece: PieceSpec,
    box: Box,
    opts: dict[str, object],
    role: str,
    glyph: str | None,
    theme: Theme,
    tex: FillTexture | None,
    seed: int,
) -> Sprite:
    """Draw one piece into its box (image pixels); see the module docstring."""
    salt = f"piece-{piece.id}"
    options: dict[str, object] = {"seed": seed, **opts}
    if glyph:
        options["glyph"] = glyph
    words = set(piece.label.lower().split())
    for bar in ("mana", "stamina", "xp", "energy", "shield"):
        if bar in words:
            options["bar"] = bar
    if piece.kind == "rounded_rect":
        roles = ("panel", "button", "slot", "health_bar", "avatar", "window", "toolbar")
        kind = role if role in roles else "panel"
        return build_element(kind, theme, tex, box, salt, options)
    if role == "avatar":
        return build_element("avatar", theme, tex, box, salt, options)
    shape: Shape
    if piece.kind == "circle":
        shape = Circle(box.x, box.y, box.w)
    else:
        r = float(opts["r"])  # type: ignore[arg-type]
        shape = Polygon(
            float(opts["cx"]),
            float(opts["cy"]),
            r,  # type: ignore[arg-type]
            int(opts["sides"]),
            float(opts["phase"]),
        )  # type: ignore[arg-type]
        b = shape.bounds()
        box = Box(b.x, b.y, max(1, b.w), max(1, b.h))
    sp = _sprite(box)
    d = min(box.w, box.h)
    if role == "button" and piece.kind == "circle":
        look = look_for("plate", theme, d, d)
    elif role == "slot":
        look = look_for("slot", theme, d, d)
    else:
        base = look_for("panel", theme, d, d)
        look = Look("panel", frame=max(1, base.frame - 1), trim=base.trim, shadow=base.shadow)
    drawn = draw_shape(shape, theme, look, tex, salt)
    sp.put(drawn)
    if glyph:
        g = max(5, int(d * 0.5))
        rgb, m = draw_glyph(glyph, g, theme)
        gx, gy = box.x + (box.w - g) // 2, box.y + (box.h - g) // 2
        sp.put_rgb(gx, gy, rgb, m)
        sp.parts.append(("icon", Box(gx, gy, g, g)))
    mx, my = middle_insets(box.w, box.h)
    sp.insets = (mx, my, box.w - mx - 1, box.h - my - 1)
    assert nine_slice_holds(sp.rgba, sp.insets)
    return sp
