"""Small pixel icons for icon buttons, plates, slots and bars, drawn from implicit shapes.

A glyph is a few *parts*, each a signed distance function in unit coordinates (0..1 on
both axes, y down) with a colour role (``blade``, ``gold``, ``red``...). A glyph of ``s``
pixels samples every part at the pixel centres (pixel-crisp, no anti-aliasing), shades
each part from the top-left light (a light rim on its upper-left edge, a dark rim on its
lower-right edge, one specular pixel), and rings the union with a 1-px dark outline.

:data:`GLYPHS` lists the icons: heart, star, sword, shield, potion, gem, coin, gear, key,
scroll, bag, bolt, drop, plus, cross, check, skull, arrow, and the bar icons bubbles,
drumstick and flame. :func:`glyph_for` picks one from
the words of a description (``"potion slot"``), or from a seed.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

import numpy as np

from pixelkiln.engine.palette import Recipe
from pixelkiln.engine.ui.theme import Theme, ramp_of

__all__ = ["GLYPHS", "draw_glyph", "glyph_for"]

Sdf = Callable[[np.ndarray, np.ndarray], np.ndarray]


def _circle(cx: float, cy: float, r: float) -> Sdf:
    return lambda x, y: np.hypot(x - cx, y - cy) - r


def _box(x0: float, y0: float, x1: float, y1: float) -> Sdf:
    cx, cy, hx, hy = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2

    def f(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        qx, qy = np.abs(x - cx) - hx, np.abs(y - cy) - hy
        return np.hypot(np.maximum(qx, 0), np.maximum(qy, 0)) + np.minimum(np.maximum(qx, qy), 0)

    return f


def _segment(ax: float, ay: float, bx: float, by: float, r: float) -> Sdf:
    def f(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        px, py, ex, ey = x - ax, y - ay, bx - ax, by - ay
        t = np.clip((px * ex + py * ey) / (ex * ex + ey * ey), 0, 1)
        return np.hypot(px - t * ex, py - t * ey) - r

    return f


def _poly(points: list[tuple[float, float]]) -> Sdf:
    """Any simple polygon: distance to the edges, negative inside (even-odd rule)."""
    pts = np.asarray(points, np.float64)

    def f(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        d = np.full(x.shape, np.inf)
        inside = np.zeros(x.shape, bool)
        for i in range(len(pts)):
            (ax, ay), (bx, by) = pts[i], pts[(i + 1) % len(pts)]
            ex, ey = bx - ax, by - ay
            t = np.clip(((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey + 1e-12), 0, 1)
            d = np.minimum(d, np.hypot(x - ax - t * ex, y - ay - t * ey))
            cross = ((ay > y) != (by > y)) & (x < (bx - ax) * (y - ay) / (by - ay + 1e-12) + ax)
            inside ^= cross
        return np.where(inside, -d, d)

    return f


def _union(*fs: Sdf) -> Sdf:
    return lambda x, y: np.min([f(x, y) for f in fs], axis=0)


def _minus(a: Sdf, b: Sdf) -> Sdf:
    return lambda x, y: np.maximum(a(x, y), -b(x, y))


def _star(cx: float, cy: float, ro: float, ri: float, n: int = 5) -> Sdf:
    pts = []
    for k in range(2 * n):
        a = -math.pi / 2 + k * math.pi / n
        r = ro if k % 2 == 0 else ri
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return _poly(pts)


Part = tuple[Sdf, str]

GLYPHS: dict[str, list[Part]] = {
    "heart": [
        (
            _union(
                _circle(0.3, 0.34, 0.22),
                _circle(0.7, 0.34, 0.22),
                _poly([(0.1, 0.42), (0.9, 0.42), (0.5, 0.9)]),
            ),
            "red",
        )
    ],
    "star": [(_star(0.5, 0.53, 0.42, 0.19), "gold")],
    "sword": [
        (_poly([(0.8, 0.12), (0.9, 0.1), (0.88, 0.2), (0.42, 0.66), (0.34, 0.58)]), "blade"),
        (_segment(0.22, 0.56, 0.44, 0.78, 0.055), "gold"),
        (_segment(0.36, 0.64, 0.2, 0.8, 0.05), "wood"),
        (_circle(0.16, 0.84, 0.07), "gold"),
    ],
    "shield": [
        (
            _union(_box(0.18, 0.14, 0.82, 0.5), _poly([(0.18, 0.48), (0.82, 0.48), (0.5, 0.9)])),
            "steel",
        ),
        (_union(_box(0.44, 0.22, 0.56, 0.74), _box(0.28, 0.36, 0.72, 0.46)), "red"),
    ],
    "potion": [
        (_union(_circle(0.5, 0.62, 0.27), _box(0.41, 0.2, 0.59, 0.42)), "glass"),
        (_minus(_circle(0.5, 0.62, 0.21), _box(0.0, 0.0, 1.0, 0.55)), "red"),
        (_box(0.38, 0.1, 0.62, 0.22), "wood"),
    ],
    "gem": [(_poly([(0.5, 0.1), (0.86, 0.4), (0.5, 0.9), (0.14, 0.4)]), "accent")],
    "coin": [(_circle(0.5, 0.5, 0.38), "gold"), (_box(0.44, 0.3, 0.56, 0.7), "gold dark")],
    "gear": [
        (
            _minus(
                _union(
                    _circle(0.5, 0.5, 0.3),
                    *[
                        _segment(0.5, 0.5, 0.5 + 0.4 * math.cos(a), 0.5 + 0.4 * math.sin(a), 0.08)
                        for a in np.arange(8) * math.pi / 4
                    ],
                ),
                _circle(0.5, 0.5, 0.12),
            ),
            "steel",
        )
    ],
    "key": [
        (_minus(_circle(0.3, 0.34, 0.2), _circle(0.3, 0.34, 0.09)), "gold"),
        (
            _union(
                _segment(0.43, 0.47, 0.84, 0.86, 0.06),
                _segment(0.7, 0.72, 0.62, 0.8, 0.05),
                _segment(0.8, 0.82, 0.72, 0.9, 0.05),
            ),
            "gold",
        ),
    ],
    "scroll": [
        (_box(0.22, 0.24, 0.78, 0.76), "paper"),
        (_segment(0.16, 0.22, 0.84, 0.22, 0.08), "paper dark"),
        (_segment(0.16, 0.78, 0.84, 0.78, 0.08), "paper dark"),
    ],
    "bag": [
        (
            _union(
                _circle(0.5, 0.64, 0.3),
                _poly([(0.4, 0.3), (0.6, 0.3), (0.7, 0.46), (0.3, 0.46)]),
                _poly([(0.3, 0.1), (0.44, 0.24), (0.56, 0.24), (0.7, 0.1), (0.6, 0.3), (0.4, 0.3)]),
            ),
            "leather",
        ),
        (_box(0.34, 0.28, 0.66, 0.35), "gold"),
    ],
    "bolt": [
        (
            _poly(
                [
                    (0.56, 0.06),
                    (0.22, 0.56),
                    (0.46, 0.56),
                    (0.38, 0.94),
                    (0.78, 0.4),
                    (0.54, 0.4),
                    (0.66, 0.06),
                ]
            ),
            "yellow",
        )
    ],
    "drop": [
        (_union(_circle(0.5, 0.62, 0.26), _poly([(0.5, 0.08), (0.76, 0.56), (0.24, 0.56)])), "blue")
    ],
    "plus": [(_union(_box(0.4, 0.14, 0.6, 0.86), _box(0.14, 0.4, 0.86, 0.6)), "green")],
    "cross": [
        (
            _union(_segment(0.22, 0.22, 0.78, 0.78, 0.1), _segment(0.78, 0.22, 0.22, 0.78, 0.1)),
            "red",
        )
    ],
    "check": [
        (
            _union(_segment(0.16, 0.54, 0.4, 0.78, 0.1), _segment(0.4, 0.78, 0.84, 0.24, 0.1)),
            "green",
        )
    ],
    "skull": [
        (_union(_circle(0.5, 0.44, 0.32), _box(0.32, 0.55, 0.68, 0.84)), "bone"),
        (
            _union(
                _circle(0.37, 0.46, 0.09), _circle(0.63, 0.46, 0.09), _box(0.46, 0.6, 0.54, 0.68)
            ),
            "dark",
        ),
    ],
    # Bar icons (engine.ui.bars): oxygen, hunger, rage.
    "bubbles": [
        (
            _union(_circle(0.4, 0.6, 0.27), _circle(0.72, 0.3, 0.17), _circle(0.26, 0.2, 0.1)),
            "air",
        )
    ],
    "drumstick": [
        (_circle(0.6, 0.4, 0.3), "meat"),
        (
            _union(
                _segment(0.42, 0.58, 0.22, 0.78, 0.08),
                _circle(0.14, 0.76, 0.09),
                _circle(0.24, 0.88, 0.09),
            ),
            "bone",
        ),
    ],
    "flame": [
        (
            _union(
                _circle(0.5, 0.66, 0.27),
                _poly(
                    [
                        (0.24, 0.64),
                        (0.3, 0.32),
                        (0.42, 0.44),
                        (0.52, 0.05),
                        (0.66, 0.38),
                        (0.74, 0.24),
                        (0.77, 0.64),
                    ]
                ),
            ),
            "fire",
        ),
        (
            _union(_circle(0.5, 0.74, 0.13), _poly([(0.37, 0.74), (0.5, 0.42), (0.63, 0.74)])),
            "yellow",
        ),
    ],
    "arrow": [
        (
            _poly(
                [
                    (0.14, 0.4),
                    (0.5, 0.4),
                    (0.5, 0.18),
                    (0.88, 0.5),
                    (0.5, 0.82),
                    (0.5, 0.6),
                    (0.14, 0.6),
                ]
            ),
            "gold",
        )
    ],
}

_WORDS = {
    "heart": "heart",
    "health": "heart",
    "life": "heart",
    "hp": "heart",
    "love": "heart",
    "star": "star",
    "favorite": "star",
    "favourite": "star",
    "rating": "star",
    "sword": "sword",
    "attack": "sword",
    "weapon": "sword",
    "blade": "sword",
    "combat": "sword",
    "shield": "shield",
    "defense": "shield",
    "defence": "shield",
    "armor": "shield",
    "armour": "shield",
    "potion": "potion",
    "flask": "potion",
    "elixir": "potion",
    "gem": "gem",
    "jewel": "gem",
    "diamond": "gem",
    "ruby": "gem",
    "emerald": "gem",
    "coin": "coin",
    "coins": "coin",
    "money": "coin",
    "shop": "coin",
    "currency": "coin",
    "gear": "gear",
    "settings": "gear",
    "options": "gear",
    "cog": "gear",
    "config": "gear",
    "key": "key",
    "lock": "key",
    "scroll": "scroll",
    "quest": "scroll",
    "map": "scroll",
    "bag": "bag",
    "inventory": "bag",
    "backpack": "bag",
    "loot": "bag",
    "pouch": "bag",
    "bolt": "bolt",
    "energy": "bolt",
    "lightning": "bolt",
    "power": "bolt",
    "drop": "drop",
    "mana": "drop",
    "water": "drop",
    "plus": "plus",
    "add": "plus",
    "heal": "plus",
    "close": "cross",
    "cancel": "cross",
    "exit": "cross",
    "check": "check",
    "confirm": "check",
    "ok": "check",
    "accept": "check",
    "skull": "skull",
    "death": "skull",
    "danger": "skull",
    "arrow": "arrow",
    "next": "arrow",
    "play": "arrow",
    "start": "arrow",
    "continue": "arrow",
    "quit": "cross",
    "no": "cross",
    "yes": "check",
    "buy": "coin",
    "sell": "coin",
    "purchase": "coin",
    "trade": "coin",
}
#: Icons an auto-laid-out inventory cycles through.
INVENTORY = ["sword", "shield", "potion", "gem", "coin", "key", "scroll", "bag", "heart", "star"]
SCIFI = ["bolt", "gear", "plus", "drop", "star", "shield", "skull", "arrow"]
#: Icons of badges and rune plates (polygon elements).
RUNES = ["gem", "star", "bolt", "drop", "heart", "skull", "shield"]


def glyph_for(text: str) -> str | None:
    """The icon a text names (``"health potion"`` -> potion: the last icon word wins)."""
    found = [_WORDS[w] for w in re.findall(r"[a-z]+", text.lower()) if w in _WORDS]
    return found[-1] if found else None


def _role_ramps(theme: Theme) -> dict[str, np.ndarray]:
    ref = theme.reference

    def r(h: float, c: float, light: float, k: float = 1.9) -> np.ndarray:
        return ramp_of(Recipe(h, c, light, k), ref)

    gold = r(88, 0.13, 0.72, 2.1)
    paper = r(84, 0.05, 0.84, 1.4)
    return {
        "red": theme.bar("health"),
        "gold": gold,
        "gold dark": r(80, 0.12, 0.55, 2.0),
        "blade": r(250, 0.02, 0.78, 2.0),
        "steel": r(255, 0.025, 0.6, 2.0),
        "wood": r(55, 0.08, 0.48, 1.6),
        "glass": r(210, 0.04, 0.82, 1.5),
        "accent": theme.accent,
        "paper": paper,
        "paper dark": r(70, 0.06, 0.68, 1.5),
        "leather": r(52, 0.08, 0.5, 1.7),
        "yellow": r(100, 0.16, 0.82, 1.8),
        "blue": theme.bar("mana"),
        "green": theme.bar("stamina"),
        "bone": r(90, 0.03, 0.86, 1.5),
        "dark": np.repeat(theme.outline[None], 5, axis=0),
        "air": theme.bar("oxygen"),
        "meat": theme.bar("hunger"),
        "fire": theme.bar("rage"),
    }


def draw_glyph(name: str, size: int, theme: Theme) -> tuple[np.ndarray, np.ndarray]:
    """``(rgb, mask)`` of icon ``name`` drawn in a ``size`` x ``size`` square."""
    s = max(5, int(size))
    ramps = _role_ramps(theme)
    # Parts are sampled inside a 1-px margin that the outline then uses.
    c = (np.arange(s, dtype=np.float64) + 0.5 - 1.0) / max(1.0, s - 2.0)
    yy, xx = np.meshgrid(c, c, indexing="ij")
    rgb = np.zeros((s, s, 3), np.uint8)
    union = np.zeros((s, s), bool)
    for sdf, role in GLYPHS[name]:
        part = sdf(xx, yy) < 0
        part[[0, -1], :] = False
        part[:, [0, -1]] = False
        if not part.any():
            continue
        ramp = ramps[role]
        rgb[part] = ramp[2]
        up_out = part & ~np.roll(part, 1, 0)
        left_out = part & ~np.roll(part, 1, 1)
        down_out = part & ~np.roll(part, -1, 0)
        right_out = part & ~np.roll(part, -1, 1)
        rgb[(up_out | left_out) & ~(down_out | right_out)] = ramp[3]
        rgb[(down_out | right_out) & ~(up_out | left_out)] = ramp[1]
        lit = part & ~down_out & ~right_out & ~up_out & ~left_out
        ys, xs = np.nonzero(lit if lit.any() else part)
        if len(ys) and s >= 10:
            i = int(np.argmin(ys + xs))
            rgb[ys[i], xs[i]] = ramp[4]
        union |= part
    ring = ~union & (
        np.roll(union, 1, 0) | np.roll(union, -1, 0) | np.roll(union, 1, 1) | np.roll(union, -1, 1)
    )
    rgb[ring] = theme.outline
    return rgb, union | ring
