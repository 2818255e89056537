"""Measurements the subject tests share: boxes, ground rows, hues, strays."""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.color import oklab_to_oklch, srgb_to_oklab


def box(rgba: np.ndarray) -> tuple[int, int, int, int]:
    """(top, bottom, left, right) of the opaque pixels, inclusive."""
    m = rgba[..., 3] > 0
    ys, xs = np.nonzero(m.any(1))[0], np.nonzero(m.any(0))[0]
    return int(ys[0]), int(ys[-1]), int(xs[0]), int(xs[-1])


def height(rgba: np.ndarray) -> int:
    top, bottom, _, _ = box(rgba)
    return bottom - top + 1


def colours(rgba: np.ndarray) -> set[tuple[int, int, int]]:
    return {tuple(int(v) for v in c) for c in rgba[rgba[..., 3] > 0][:, :3]}


def hues(rgb: np.ndarray) -> np.ndarray:
    """OKLCH (L, C, h) of ``(n, 3)`` colours."""
    return oklab_to_oklch(srgb_to_oklab(np.asarray(rgb, dtype=np.float64)))


def hue_distance(a: float, b: float) -> float:
    return abs((a - b + 180) % 360 - 180)


def stray_share(rgba: np.ndarray, ignore: set[tuple[int, int, int]] = frozenset()) -> float:
    """Share of opaque pixels with no same-colour 8-neighbour (``ignore`` colours skipped)."""
    h, w = rgba.shape[:2]
    p = np.pad(rgba, ((1, 1), (1, 1), (0, 0)))
    same = np.zeros((h, w), bool)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dy or dx:
                same |= (p[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w] == rgba).all(-1)
    opaque = rgba[..., 3] > 0
    skip = np.zeros((h, w), bool)
    for c in ignore:
        skip |= (rgba[..., :3] == c).all(-1)
    counted = opaque & ~skip
    return float((counted & ~same).sum() / max(1, counted.sum()))


def role_pixels(sprite, role: str) -> np.ndarray:
    """RGB of the pixels a role paints (interior pixels, not outline)."""
    ri = sprite.role_names.index(role)
    rgba = sprite.rgba()
    return rgba[(sprite.roles == ri) & (rgba[..., 3] > 0)][:, :3]
