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
from dataclasses import dataclass, field, replace

import numpy as np

from pixelkiln.engine.rng import make_rng
from pixelkiln.engine.ui.frame import Drawn, Look, draw_shape, look_for
from pixelkiln.engine.ui.glyphs import INVENTORY, RUNES, SCIFI, draw_glyph
from pixelkiln.engine.ui.shapes import Box, Chamfer, Circle, Polygon, RoundRect, Shape
from pixelkiln.engine.ui.surface import FillTexture
from pixelkiln.engine.ui.theme import Theme

__all__ = ["BUILDERS", "Sprite", "build_element", "middle_insets", "nine_slice_holds"]

_SIDES = {"triangle": 3, "pentagon": 5, "hexagon": 6, "octagon": 8}
# First vertex angle: a flat bottom edge for every polygon (a point or flat edge on top).
_PHASE = {3: -math.pi / 2, 5: -math.pi / 2, 6: 0.0, 8: math.pi / 8}


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


def _fallback(rgba: np.ndarray) -> tuple[int, int, int, int]:
    h, w = rgba.shape[:2]
    left, top = (w - 1) // 2, (h - 1) // 2
    return left, top, w - left - 1, h - top - 1


def _new(box: Box) -> Sprite:
    return Sprite(box=box, rgba=np.zeros((box.h, box.w, 4), np.uint8), insets=(0, 0, 0, 0))


def _radius(theme: Theme, w: int, h: int, k: float = 0.06) -> int:
    return int(max(1, min(round(min(w, h) * k), 6 if not theme.material.chamfer else 10)))


def _opt_radius(options: dict[str, object], default: int) -> int:
    r = options.get("radius")
    return int(r) if isinstance(r, (int, float)) else default


def _rect_shape(theme: Theme, box: Box, r: int) -> Shape:
    if theme.material.chamfer:
        return Chamfer(box.x, box.y, box.w, box.h, max(2, r))
    return RoundRect(box.x, box.y, box.w, box.h, r)


def _panel(
    theme: Theme,
    tex: FillTexture | None,
    box: Box,
    salt: str,
    extra: tuple[int, int, int, int] = (0, 0, 0, 0),
    radius: object = None,
) -> tuple[Sprite, Drawn]:
    sp = _new(box)
    r = int(radius) if isinstance(radius, (int, float)) else _radius(theme, box.w, box.h, 0.03)
    shape = _rect_shape(theme, box, r)
    look = look_for("panel", theme, box.w, box.h)
    drawn = draw_shape(shape, theme, look, tex, salt, extra=extra)
    sp.put(drawn)
    sp.insets = drawn.insets
    return sp, drawn


def panel(
    theme: Theme, tex: FillTexture | None, box: Box, salt: str, options: dict[str, object]
) -> Sprite:
    sp, drawn = _panel(theme, tex, box, salt, radius=options.get("radius"))
    glyph = options.get("glyph")
    if isinstance(glyph, str):
        _center_glyph(sp, theme, glyph, drawn.content, 0.7)
    sp.parts.append(("content", drawn.content))
    return sp


def window(
    theme: Theme, tex: FillTexture | None, box: Box, salt: str, options: dict[str, object]
) -> Sprite:

    title_h = int(np.clip(round(box.h * 0.1), 8, 28))
    # The title bar is reserved in the top inset; the texture stays below it.
    sp, drawn = _panel(
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
    sp = _new(box)
    r = _opt_radius(options, _radius(theme, box.w, box.h, 0.18))
    look = look_for("button", theme, box.w, box.h)
    if options.get("tone"):
        look = replace(look, texture=False, tone=str(options["tone"]))
    drawn = draw_shape(_rect_shape(theme, box, r), theme, look, tex, salt)
    sp.put(drawn)
    sp.insets = drawn.insets
    glyph = options.get("glyph")
    if isinstance(glyph, str):
        _center_glyph(sp, theme, glyph, box, 0.62)
    return sp


def _center_glyph(sp: Sprite, theme: Theme, name: str, box: Box, share: float) -> None:
    g = max(5, int(min(box.w, box.h) * share))
    rgb, m = draw_glyph(name, g, theme)
    gx, gy = box.x + (box.w - g) // 2, box.y + (box.h - g) // 2
    sp.put_rgb(gx, gy, rgb, m)
    sp.parts.append(("icon", Box(gx, gy, g, g)))


def _glyph_list(theme: Theme) -> list[str]:
    return SCIFI if theme.material.key == "scifi" else INVENTORY


def icon_button(
    theme: Theme, tex: FillTexture | None, box: Box, salt: str, options: dict[str, object]
) -> Sprite:
    sp = _new(box)
    r = _radius(theme, box.w, box.h, 0.12)
    look = look_for("plate", theme, box.w, box.h)
    round_ = bool(options.get("round"))
    shape = Circle(box.x, box.y, min(box.w, box.h)) if round_ else _rect_shape(theme, box, r)
    drawn = draw_shape(shape, theme, look, None, salt)
    sp.put(drawn)
    names = _glyph_list(theme)
    glyph = options.get("glyph") or names[(int(options.get("index", 1)) - 1) % len(names)]
    _center_glyph(sp, theme, str(glyph), box, 0.56 if round_ else 0.6)
    sp.insets = _fallback(sp.rgba) if round_ else drawn.insets
    return sp


def slot(
    theme: Theme, tex: FillTexture | None, box: Box, salt: str, options: dict[str, object]
) -> Sprite:
    sp = _new(box)
    r = _opt_radius(options, _radius(theme, box.w, box.h, 0.1))
    drawn = draw_shape(
        _rect_shape(theme, box, r), theme, look_for("slot", theme, box.w, box.h), None, salt
    )
    sp.put(drawn)
    sp.insets = drawn.insets
    glyph = options.get("glyph")
    if isinstance(glyph, str):
        _center_glyph(sp, theme, glyph, box, 0.62)
    return sp


def toolbar(
    theme: Theme, tex: FillTexture | None, box: Box, salt: str, options: dict[str, object]
) -> Sprite:
    sp, drawn = _panel(theme, None, box, salt)
    inner = drawn.content
    side = max(6, min(inner.h - 2, int(inner.h * 0.86)))
    # A hotbar holds up to ten slots; on a longer bar they grow apart, not in number.
    n = int(np.clip((inner.w + 2) // (side + max(2, side // 6)), 1, 10))
    gap = (inner.w - n * side) / max(1, n)
    rng = make_rng(int(options.get("seed", 0)), "ui", "toolbar", salt)
    names = _glyph_list(theme)
    start = int(rng.integers(0, len(names)))
    for k in range(n):
        x = round(inner.x + gap / 2 + k * (side + gap))
        y = inner.y + (inner.h - side) // 2
        cell = Box(x, y, side, side)
        glyph = names[(start + k) % len(names)] if k < max(1, (n * 2) // 3) else None
        s = slot(theme, None, cell, f"{salt}-{k}", {"glyph": glyph} if glyph else {})
        sp.put_rgb(cell.x, cell.y, s.rgba[..., :3], s.rgba[..., 3] > 0)
        if k == 0 and side >= 10:
            _ring(sp, cell, theme.accent[4])
        sp.parts.append((f"slot_{k + 1}", cell))
    sp.insets = drawn.insets
    return sp


def _ring(sp: Sprite, cell: Box, color: np.ndarray) -> None:
    """A 1-px selection ring just inside a slot."""
    mask = np.zeros((cell.h, cell.w), bool)
    mask[1, 1:-1] = mask[-2, 1:-1] = True
    mask[1:-1, 1] = mask[1:-1, -2] = True
    rgb = np.broadcast_to(color, (cell.h, cell.w, 3))
    sp.put_rgb(cell.x, cell.y, np.ascontiguousarray(rgb), mask)


def tab(
    theme: Theme, tex: FillTexture | None, box: Box, salt: str, options: dict[str, object]
) -> Sprite:
    sp = _new(box)
    active = bool(options.get("active"))
    r = _radius(theme, box.w, box.h, 0.2)
    # Taller than the box: the bottom edge stays open and merges with the panel below.
    shape = _rect_shape(theme, Box(box.x, box.y + (0 if active else 2), box.w, box.h + r + 4), r)
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


def health_bar(
    theme: Theme, tex: FillTexture | None, box: Box, salt: str, options: dict[str, object]
) -> Sprite:
    sp = _new(box)
    kind = str(options.get("bar", "health"))
    h = box.h
    icon = h >= 12 and box.w >= 4 * h
    body_x = box.x + (h // 2 if icon else 0)
    body = Box(body_x, box.y + h // 8, box.x1 - body_x, h - 2 * (h // 8))
    r = max(1, min(body.h // 2, 6 if not theme.material.chamfer else body.h // 2))
    look = look_for("button", theme, body.w, body.h)
    sp.put(draw_shape(_rect_shape(theme, body, r), theme, look, None, salt))
    m = look.frame + 2
    trough = Box(
        body.x + m + (h // 2 if icon else 0),
        body.y + m,
        body.w - 2 * m - (h // 2 if icon else 0),
        body.h - 2 * m,
    )
    if trough.w > 4 and trough.h > 2:
        tr = max(0, min(trough.h // 2, r - m))
        sp.put(
            draw_shape(
                _rect_shape(theme, trough, tr),
                theme,
                look_for("trough", theme, trough.w, trough.h),
                None,
                salt,
            )
        )
        fill = Box(trough.x + 2, trough.y + 2, trough.w - 4, trough.h - 4)
        if fill.w > 2 and fill.h > 0:
            _bar_fill(sp, theme, fill, kind, float(options.get("level", 0.72)))
            sp.parts.append(("fill", fill))
        sp.parts.append(("trough", trough))
    if icon:
        d = h
        plate = draw_shape(
            Circle(box.x, box.y, d)
            if not theme.material.chamfer
            else Chamfer(box.x, box.y, d, d, max(2, d // 4)),
            theme,
            look_for("plate", theme, d, d),
            None,
            salt,
        )
        sp.put(plate)
        glyph = {
            "health": "heart",
            "mana": "drop",
            "stamina": "bolt",
            "xp": "star",
            "energy": "bolt",
            "shield": "shield",
        }.get(kind, "heart")
        _center_glyph(sp, theme, glyph, Box(box.x, box.y, d, d), 0.62)
    # Bars stretch horizontally only (top = bottom = 0): caps and icon in the side strips.
    left = (h + 2) if icon else max(r + 1, m + 3)
    right = max(r + 1, m + 3)
    sp.insets = (min(left, (box.w - 1) // 2), 0, min(right, (box.w - 1) // 2), 0)
    return sp


def _bar_fill(sp: Sprite, theme: Theme, fill: Box, kind: str, level: float) -> None:
    """The bar's fill from the left: lit top row, dark bottom row, segment ticks."""
    ramp = theme.bar(kind)
    n = max(1, round(fill.w * level))
    rgb = np.zeros((fill.h, fill.w, 3), np.uint8)
    rgb[:] = ramp[2]
    rows = fill.h
    if rows >= 3:
        rgb[0] = ramp[4]
        rgb[1 : max(2, rows // 2)] = ramp[3]
        rgb[-1] = ramp[1]
    mask = np.zeros((fill.h, fill.w), bool)
    mask[:, :n] = True
    if theme.material.key == "scifi" and fill.w >= 24:
        step = max(4, fill.w // 12)
        cols = np.arange(fill.w)
        mask[:, (cols % step) == step - 1] = False
    else:
        rgb[:, n - 1] = ramp[1]
        if rows >= 3 and n > 3:
            rgb[1, 1 : min(n - 1, 1 + max(2, n // 5))] = ramp[4]
    sp.put_rgb(fill.x, fill.y, rgb, mask)


def avatar(
    theme: Theme, tex: FillTexture | None, box: Box, salt: str, options: dict[str, object]
) -> Sprite:
    sp = _new(box)
    d = min(box.w, box.h)
    x, y = box.x + (box.w - d) // 2, box.y + (box.h - d) // 2
    shape: Shape = (
        Chamfer(x, y, d, d, max(2, d // 6)) if theme.material.chamfer else Circle(x, y, d)
    )
    look = look_for("panel", theme, d, d)
    look = Look("panel", frame=max(1, look.frame - 1), trim=look.trim, shadow=1, texture=False)
    drawn = draw_shape(shape, theme, look, None, salt)
    sp.put(drawn)
    inner = drawn.border + 1
    _portrait(sp, theme, Box(x + inner, y + inner, d - 2 * inner, d - 2 * inner), shape)
    sp.parts.append(("portrait", Box(x + inner, y + inner, d - 2 * inner, d - 2 * inner)))
    sp.insets = _fallback(sp.rgba)
    return sp


def _portrait(sp: Sprite, theme: Theme, box: Box, frame_shape: Shape) -> None:
    """Head and shoulders in silhouette, rim-lit from the top left, clipped to the frame."""
    if box.w < 6:
        return
    ys = np.arange(box.y, box.y1) + 0.5
    xs = np.arange(box.x, box.x1) + 0.5
    yy, xx = np.meshgrid(ys, xs, indexing="ij")
    s = box.w
    cx = box.x + s / 2
    head = np.hypot(xx - cx, yy - (box.y + s * 0.4)) < s * 0.2
    body = (((xx - cx) / (s * 0.38)) ** 2 + ((yy - (box.y + s * 1.0)) / (s * 0.36)) ** 2) < 1
    fig = (head | body) & (frame_shape.sdf(xx, yy) < -1)
    if not fig.any():
        return
    # Glowing themes get a hologram-like accent figure; others a figure in the frame's tones.
    glows = theme.material.key in ("scifi", "crystal", "obsidian", "lava")
    ramp = theme.accent if glows else theme.frame
    rgb = np.zeros((*fig.shape, 3), np.uint8)
    rgb[:] = ramp[1]
    up = fig & ~np.roll(fig, 1, 0)
    lf = fig & ~np.roll(fig, 1, 1)
    rgb[(up | lf)] = ramp[3]
    rgb[np.roll(up, 1, 0) & fig & ~up] = ramp[2]
    neck = (
        fig & ~np.roll(head, -2, 0) & ~head & (np.abs(xx - cx) < s * 0.2) & (yy < box.y + s * 0.7)
    )
    rgb[neck] = ramp[0]
    sp.put_rgb(box.x, box.y, rgb, fig)


def polygon(
    theme: Theme, tex: FillTexture | None, box: Box, salt: str, options: dict[str, object]
) -> Sprite:
    sp = _new(box)
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
        _center_glyph(sp, theme, glyph, Box(gx, gy, int(inner), int(inner)), 0.8)
    sp.insets = _fallback(sp.rgba)
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
        sp.insets = _fallback(sp.rgba)
    return sp
