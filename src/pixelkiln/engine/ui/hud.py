"""HUD elements: health (mana, stamina, xp...) bars, toolbars with slots, avatar frames.

- A **bar** is a raised rim around a sunken trough; the fill runs from the left (72% by
  default) with a lit top row and a dark bottom row, segmented on sci-fi themes; an icon
  plate sits on its left end. Each kind (health, mana, stamina, xp, energy, shield,
  oxygen, hunger, rage, or any other name) has its own fill hue and icon (:mod:`.bars`).
  Bars stretch horizontally only.
- A **toolbar** is a panel holding up to ten slots (the first selected, two thirds
  holding icons), or exactly the number asked (``slots``); its nine-slice centre holds
  the slots.
- A **slot** is a sunken socket (a thin raised rim around a dark floor on big slots), with
  an optional icon; toolbars are rows of them.
- An **avatar** is a round (cut-square on sci-fi themes) frame around a head-and-
  shoulders silhouette, rim-lit from the top left.
"""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.rng import make_rng
from pixelkiln.engine.ui.bars import bar_glyph
from pixelkiln.engine.ui.frame import Look, draw_shape, look_for
from pixelkiln.engine.ui.shapes import Box, Chamfer, Circle, Shape
from pixelkiln.engine.ui.sprite import (
    Sprite,
    center_glyph,
    corner_radius,
    fallback_insets,
    framed_panel,
    glyph_list,
    new_sprite,
    option_radius,
    rect_shape,
)
from pixelkiln.engine.ui.surface import FillTexture
from pixelkiln.engine.ui.theme import Theme

__all__ = ["avatar", "health_bar", "slot", "toolbar"]


def slot(
    theme: Theme, tex: FillTexture | None, box: Box, salt: str, options: dict[str, object]
) -> Sprite:
    sp = new_sprite(box)
    r = option_radius(options, corner_radius(theme, box.w, box.h, 0.1))
    drawn = draw_shape(
        rect_shape(theme, box, r), theme, look_for("slot", theme, box.w, box.h), None, salt
    )
    sp.put(drawn)
    sp.insets = drawn.insets
    glyph = options.get("glyph")
    if isinstance(glyph, str):
        center_glyph(sp, theme, glyph, box, 0.62)
    return sp


def toolbar(
    theme: Theme, tex: FillTexture | None, box: Box, salt: str, options: dict[str, object]
) -> Sprite:
    sp, drawn = framed_panel(theme, None, box, salt)
    inner = drawn.content
    asked = options.get("slots")
    if isinstance(asked, int) and asked > 0:
        # A described count ("hotbar with 10 slots"): that many squares, as big as fit.
        n = min(asked, 20)
        step = max(1, min(3, inner.w // (8 * n)))
        side = max(4, min(inner.h - 2, (inner.w - (n - 1) * step) // n))
        step = max(step, min(3, (inner.w - n * side) // max(1, n - 1)))
        # Even whole-pixel gaps, the row centred: uneven gaps would pair the slots up.
        x0 = inner.x + (inner.w - n * side - (n - 1) * step) // 2
        xs = [x0 + k * (side + step) for k in range(n)]
    else:
        side = max(6, min(inner.h - 2, int(inner.h * 0.86)))
        # A hotbar holds up to ten slots; on a longer bar they grow apart, not in number.
        n = int(np.clip((inner.w + 2) // (side + max(2, side // 6)), 1, 10))
        gap = (inner.w - n * side) / max(1, n)
        xs = [round(inner.x + gap / 2 + k * (side + gap)) for k in range(n)]
    rng = make_rng(int(options.get("seed", 0)), "ui", "toolbar", salt)
    names = glyph_list(theme)
    start = int(rng.integers(0, len(names)))
    for k in range(n):
        x = xs[k]
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


def health_bar(
    theme: Theme, tex: FillTexture | None, box: Box, salt: str, options: dict[str, object]
) -> Sprite:
    sp = new_sprite(box)
    kind = str(options.get("bar", "health"))
    h = box.h
    # The icon tells bars apart: drawn down to 8 px bars (a 5 px icon).
    icon = h >= 8 and box.w >= 4 * h
    body_x = box.x + (h // 2 if icon else 0)
    inset = h // 8 if icon else 0
    body = Box(body_x, box.y + inset, box.x1 - body_x, h - 2 * inset)
    r = max(1, min(body.h // 2, 6 if not theme.material.chamfer else body.h // 2))
    look = look_for("button", theme, body.w, body.h)
    sp.put(draw_shape(rect_shape(theme, body, r), theme, look, None, salt))
    # Thin bars keep a trough (and a fill) by narrowing the rim.
    m = int(np.clip(look.frame + 2, 1, max(1, (body.h - 3) // 2)))
    trough = Box(
        body.x + m + (h // 2 if icon else 0),
        body.y + m,
        body.w - 2 * m - (h // 2 if icon else 0),
        body.h - 2 * m,
    )
    if trough.w > 4 and trough.h >= 3:
        tr = max(0, min(trough.h // 2, r - m))
        sp.put(
            draw_shape(
                rect_shape(theme, trough, tr),
                theme,
                look_for("trough", theme, trough.w, trough.h),
                None,
                salt,
            )
        )
        k = 2 if trough.h >= 6 else 1
        fill = Box(trough.x + k, trough.y + k, trough.w - 2 * k, trough.h - 2 * k)
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
        glyph = bar_glyph(kind)
        center_glyph(sp, theme, glyph, Box(box.x, box.y, d, d), 0.62 if d >= 12 else 0.7)
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
    sp = new_sprite(box)
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
    sp.insets = fallback_insets(sp.rgba)
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
