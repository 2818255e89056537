"""Single UI elements: panel, window, button, icon button, toolbar, tab, health bar, avatar,
polygon plates, slots - each drawn into its own sprite with its nine-slice insets.

Each builder takes the element's pixel box and returns a :class:`Sprite`: RGBA pixels over
the box, the insets, and named *parts* (title bar, close button, slots, fill, icon...)
with their boxes, which the API reports so a game can find them.

Insets are worked out per element so that everything that is not the same along an edge
(end caps, a close button, a bar's icon plate) lies in a corner block:

- windows reserve the title bar in the top inset and the close button in the right one;
- bars and toolbars stretch horizontally only: their centre is one row tall (and holds
  the slots or the fill);
- round and polygonal elements use the middle row and column as their centre.

:func:`nine_slice_holds` checks the property on the pixels; an element that fails it (a
combination the rules above did not foresee) falls back to the middle-row-and-column
insets, which always hold.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from pixelkiln.engine.rng import make_rng
from pixelkiln.engine.ui.digits import DIGIT_H, draw_number, number_size
from pixelkiln.engine.ui.frame import Drawn, Look, draw_shape, look_for
from pixelkiln.engine.ui.glyphs import RUNES, draw_glyph
from pixelkiln.engine.ui.hud import avatar, health_bar, slot, toolbar
from pixelkiln.engine.ui.shapes import Box, Circle, Polygon, RoundRect
from pixelkiln.engine.ui.sprite import (
    Sprite,
    center_glyph,
    corner_radius,
    fallback_insets,
    framed_panel,
    glyph_list,
    new_sprite,
    nine_slice_holds,
    option_radius,
    rect_shape,
)
from pixelkiln.engine.ui.surface import FillTexture
from pixelkiln.engine.ui.theme import Theme

__all__ = ["BUILDERS", "build_element"]

_SIDES = {"triangle": 3, "pentagon": 5, "hexagon": 6, "octagon": 8}
# First vertex angle: a flat bottom edge for every polygon (a point or flat edge on top).
_PHASE = {3: -math.pi / 2, 5: -math.pi / 2, 6: 0.0, 8: math.pi / 8}


def panel(
    theme: Theme, tex: FillTexture | None, box: Box, salt: str, options: dict[str, object]
) -> Sprite:
    sp, drawn = framed_panel(theme, tex, box, salt, radius=options.get("radius"))
    glyph = options.get("glyph")
    if isinstance(glyph, str):
        center_glyph(sp, theme, glyph, drawn.content, 0.7)
    sp.parts.append(("content", drawn.content))
    return sp


def window(
    theme: Theme, tex: FillTexture | None, box: Box, salt: str, options: dict[str, object]
) -> Sprite:

    title_h = int(np.clip(round(box.h * 0.1), 8, 28))
    # The title bar is reserved in the top inset; the texture stays below it.
    sp, drawn = framed_panel(
        theme, tex, box, salt, extra=(0, title_h + 1, 0, 0), radius=options.get("radius")
    )
    border = drawn.border
    bar = Box(box.x + border, box.y + border + 1, box.w - 2 * border - 2, title_h)
    bar_look = Look(
        "button", frame=look_for("button", theme, box.w, title_h).frame, texture=False, face=2
    )
    # Wider than the opening: its ends hide under the frame, so the bar is uniform along x.
    sp.put_rgb(
        *_clipped(
            draw_shape(
                RoundRect(bar.x - 4, bar.y, bar.w + 10, bar.h, 0), theme, bar_look, None, salt
            ),
            box,
            border,
        )
    )
    # The close button sits on the frame's top-right corner, inside the corner block.
    k = drawn.insets[2]
    close = max(7, min(k, title_h + 2))
    cb = Box(
        box.x1 - close - max(0, (k - close) // 2), box.y + max(0, (k - close) // 2), close, close
    )
    sp.put(
        draw_shape(
            RoundRect(cb.x, cb.y, cb.w, cb.h, max(1, close // 5)),
            theme,
            Look("button", frame=1, texture=False, face=2, tone="fill"),
            None,
            salt,
        )
    )
    g = max(5, close - 4)
    rgb, m = draw_glyph("cross", g, theme)
    sp.put_rgb(cb.x + (close - g) // 2, cb.y + (close - g) // 2, rgb, m)
    sp.insets = drawn.insets
    sp.parts += [("title_bar", bar), ("close_button", cb), ("content", drawn.content)]
    return sp


def _clipped(drawn: Drawn, box: Box, border: int) -> tuple[int, int, np.ndarray, np.ndarray]:
    """A drawn shape cut to the opening inside a frame of ``border`` px."""
    mask = drawn.mask.copy()
    xs = np.arange(drawn.box.x, drawn.box.x1)
    mask[:, (xs < box.x + border) | (xs >= box.x1 - border)] = False
    return drawn.box.x, drawn.box.y, drawn.rgb, mask


def button(
    theme: Theme, tex: FillTexture | None, box: Box, salt: str, options: dict[str, object]
) -> Sprite:
    sp = new_sprite(box)
    r = option_radius(options, corner_radius(theme, box.w, box.h, 0.18))
    look = look_for("button", theme, box.w, box.h)
    if options.get("tone"):
        look = replace(look, texture=False, tone=str(options["tone"]))
    drawn = draw_shape(rect_shape(theme, box, r), theme, look, tex, salt)
    sp.put(drawn)
    sp.insets = drawn.insets
    glyph = options.get("glyph")
    if isinstance(glyph, str):
        center_glyph(sp, theme, glyph, box, 0.62)
    return sp


# Prices a shop asks (drawn from the seed): round numbers, as shops price things.
_PRICES = (5, 8, 12, 15, 20, 25, 30, 40, 50, 75, 80, 99, 120, 150, 200, 250, 300, 450, 500, 999)


def price(
    theme: Theme, tex: FillTexture | None, box: Box, salt: str, options: dict[str, object]
) -> Sprite:
    """A price label: a plate with a coin and the price in pixel digits."""
    sp = new_sprite(box)
    r = option_radius(options, corner_radius(theme, box.w, box.h, 0.18))
    look = replace(look_for("button", theme, box.w, box.h), texture=False)
    drawn = draw_shape(rect_shape(theme, box, r), theme, look, None, salt)
    sp.put(drawn)
    sp.insets = drawn.insets
    value = options.get("value")
    if not isinstance(value, int):
        rng = make_rng(int(options.get("seed", 0)), "ui", "price", salt)
        value = _PRICES[int(rng.integers(0, len(_PRICES)))]
    text = str(value)
    pad = look.frame + 1
    inner_h = box.h - 2 * pad
    coin = max(5, box.h - 2)  # the coin may overlap the plate's rim: it reads as a coin
    scale = 1
    for k in (3, 2):
        if DIGIT_H * k + 1 <= inner_h - 1 and number_size(text, k)[0] + coin + 2 <= box.w - 2 * pad:
            scale = k
            break
    nw, nh = number_size(text, scale)
    gap = max(1, scale)
    x = box.x + max(pad, (box.w - (coin + gap + nw)) // 2)
    rgb, m = draw_glyph("coin", coin, theme)
    cy = box.y + (box.h - coin) // 2
    sp.put_rgb(x, cy, rgb, m)
    sp.parts.append(("icon", Box(x, cy, coin, coin)))
    dx, dy = x + coin + gap, box.y + (box.h - nh + 1) // 2
    if dx + nw <= box.x1 - 1:
        # Light digits on a dark plate, dark ones (no shadow) on a light plate.
        face = sp.rgba[box.h // 2, box.w // 2 + coin // 2, :3].astype(float)
        light = float(face @ np.array([0.299, 0.587, 0.114])) > 150
        ink = theme.outline if light else theme.specular
        rgb, m = draw_number(text, scale, ink, None if light else theme.outline)
        sp.put_rgb(dx, dy, rgb, m)
        sp.parts.append(("digits", Box(dx, dy, nw, nh)))
    return sp


def icon_button(
    theme: Theme, tex: FillTexture | None, box: Box, salt: str, options: dict[str, object]
) -> Sprite:
    sp = new_sprite(box)
    r = corner_radius(theme, box.w, box.h, 0.12)
    look = look_for("plate", theme, box.w, box.h)
    round_ = bool(options.get("round"))
    shape = Circle(box.x, box.y, min(box.w, box.h)) if round_ else rect_shape(theme, box, r)
    drawn = draw_shape(shape, theme, look, None, salt)
    sp.put(drawn)
    names = glyph_list(theme)
    glyph = options.get("glyph", names[(int(options.get("index", 1)) - 1) % len(names)])
    if glyph:  # an explicit None draws a plain plate (a round button with no icon)
        center_glyph(sp, theme, str(glyph), box, 0.56 if round_ else 0.6)
    sp.insets = fallback_insets(sp.rgba) if round_ else drawn.insets
    return sp


def tab(
    theme: Theme, tex: FillTexture | None, box: Box, salt: str, options: dict[str, object]
) -> Sprite:
    sp = new_sprite(box)
    active = bool(options.get("active"))
    r = corner_radius(theme, box.w, box.h, 0.2)
    # Taller than the box: the bottom edge stays open and merges with the panel below.
    shape = rect_shape(theme, Box(box.x, box.y + (0 if active else 2), box.w, box.h + r + 4), r)
    look = look_for("button", theme, box.w, box.h)
    look = Look(
        "button",
        frame=look.frame,
        texture=False,
        face=3 if active else 1,
        tone="fill" if active else "frame",
    )
    sp.put(draw_shape(shape, theme, look, None, salt))
    k = max(r + 1, look.frame + 3)
    sp.insets = (
        min(k, (box.w - 1) // 2),
        min(k + 2, (box.h - 1) // 2),
        min(k, (box.w - 1) // 2),
        0,
    )
    return sp


def polygon(
    theme: Theme, tex: FillTexture | None, box: Box, salt: str, options: dict[str, object]
) -> Sprite:
    sp = new_sprite(box)
    sides = int(options.get("sides", 6))
    d = min(box.w, box.h)
    phase = _PHASE.get(sides, -math.pi / 2)
    cx, cy = box.x + box.w / 2.0, box.y + box.h / 2.0
    # A triangle's centroid sits low in its box: lift it so the box is filled evenly.
    r = d / 2.0 - 0.5
    if sides == 3:
        r = min(d / 2.0 / math.cos(math.pi / 6), d / 1.5) - 0.5
        cy = box.y + r + 0.5
    shape = Polygon(round(cx * 2) / 2, round(cy * 2) / 2, r, sides, phase)
    look = look_for("panel", theme, d, d)
    # A plate: a dark flat socket for an icon (a textured one for pieces that ask for it).
    textured = bool(options.get("textured"))
    look = Look(
        "panel",
        frame=max(1, look.frame - 1),
        trim=look.trim,
        shadow=look.shadow,
        texture=textured,
        face=2 if textured else 0,
    )
    drawn = draw_shape(shape, theme, look, tex, salt)
    sp.put(drawn)
    glyph = options.get("glyph")
    if glyph is None and not textured:
        names = RUNES
        glyph = names[(int(options.get("index", 1)) - 1 + sides) % len(names)]
    if isinstance(glyph, str):
        # Centred on the polygon's own centre, sized to its inscribed circle.
        inner = r * math.cos(math.pi / sides) * 1.5
        gx, gy = round(shape.cx - inner / 2), round(shape.cy - inner / 2)
        center_glyph(sp, theme, glyph, Box(gx, gy, int(inner), int(inner)), 0.8)
    sp.insets = fallback_insets(sp.rgba)
    return sp


BUILDERS = {
    "panel": panel,
    "window": window,
    "button": button,
    "icon_button": icon_button,
    "toolbar": toolbar,
    "tab": tab,
    "health_bar": health_bar,
    "avatar": avatar,
    "triangle": polygon,
    "pentagon": polygon,
    "hexagon": polygon,
    "octagon": polygon,
    "slot": slot,
    "price": price,
}


def build_element(
    kind: str,
    theme: Theme,
    tex: FillTexture | None,
    box: Box,
    salt: str,
    options: dict[str, object] | None = None,
) -> Sprite:
    """Draw element ``kind`` into ``box``; insets checked (see the module docstring)."""
    opts = dict(options or {})
    if kind in _SIDES:
        opts.setdefault("sides", _SIDES[kind])
    sp = BUILDERS[kind](theme, tex, box, salt, opts)
    if not nine_slice_holds(sp.rgba, sp.insets):
        sp.insets = fallback_insets(sp.rgba)
    return sp
