"""Pixel digits for price labels and counts: a 3x5 font, scaled by whole pixels.

Light digits get a 1-px dark shadow below and to the right (the light comes from the top
left), so they read on a dark or mid plate; dark digits on a light plate need none. One
blank column separates two digits.
"""

from __future__ import annotations

import numpy as np

__all__ = ["DIGIT_H", "DIGIT_W", "draw_number", "number_size"]

DIGIT_W, DIGIT_H = 3, 5
_FONT = {
    "0": ("111", "101", "101", "101", "111"),
    "1": ("010", "110", "010", "010", "111"),
    "2": ("111", "001", "111", "100", "111"),
    "3": ("111", "001", "011", "001", "111"),
    "4": ("101", "101", "111", "001", "001"),
    "5": ("111", "100", "111", "001", "111"),
    "6": ("111", "100", "111", "101", "111"),
    "7": ("111", "001", "010", "010", "010"),
    "8": ("111", "101", "111", "101", "111"),
    "9": ("111", "101", "111", "001", "111"),
}
_GLYPHS = {
    d: np.array([[c == "1" for c in row] for row in rows], bool) for d, rows in _FONT.items()
}


def number_size(text: str, scale: int) -> tuple[int, int]:
    """``(width, height)`` in pixels of ``text`` drawn at ``scale``, shadow included."""
    n = len(text)
    return (n * DIGIT_W + (n - 1)) * scale + 1, DIGIT_H * scale + 1


def draw_number(
    text: str, scale: int, ink: np.ndarray, shadow: np.ndarray | None
) -> tuple[np.ndarray, np.ndarray]:
    """``(rgb, mask)`` of the digits of ``text`` at ``scale`` px per font pixel (no shadow
    when ``shadow`` is None: dark digits on a light plate)."""
    w, h = number_size(text, scale)
    glyph = np.zeros((h - 1, w - 1), bool)
    for i, ch in enumerate(text):
        x = i * (DIGIT_W + 1) * scale
        big = np.kron(_GLYPHS[ch], np.ones((scale, scale), bool))
        glyph[:, x : x + DIGIT_W * scale] |= big
    ink_mask = np.zeros((h, w), bool)
    ink_mask[:-1, :-1] = glyph
    shade = np.zeros((h, w), bool)
    shade[1:, 1:] = glyph
    shade &= ~ink_mask
    if shadow is None:
        shade[:] = False
    rgb = np.zeros((h, w, 3), np.uint8)
    rgb[shade] = shadow if shadow is not None else 0
    rgb[ink_mask] = ink
    return rgb, ink_mask | shade
