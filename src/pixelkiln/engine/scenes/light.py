"""Colour of the hour: skies, the grade every layer is drawn through, and light pools.

A grade moves a colour in OKLab (darker and tinted toward the hour's ambient colour), so
it maps each colour of a layer to one colour: layers keep their few colours. Light pools
brighten the pixels around a torch, lamp or lit window in two rings (with an ordered
dither on the ring edges), the way pixel art paints light: in steps, not gradients.
"""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.color import oklab_to_srgb, srgb_to_oklab

__all__ = ["BAYER4", "SKIES", "grade", "light_pools", "mix", "sky_colors"]

BAYER4 = (
    np.array([[0, 8, 2, 10], [12, 4, 14, 6], [3, 11, 1, 9], [15, 7, 13, 5]], np.float64) + 0.5
) / 16.0

#: (zenith, horizon) RGB of each time of day.
SKIES: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "dawn": ((86, 104, 176), (250, 196, 160)),
    "day": ((64, 128, 216), (170, 214, 242)),
    "sunset": ((58, 48, 116), (250, 150, 72)),
    "dusk": ((28, 26, 74), (140, 88, 128)),
    "night": ((6, 8, 26), (34, 44, 86)),
}
#: (lightness factor, ambient RGB, tint share) of each time of day.
GRADES: dict[str, tuple[float, tuple[int, int, int], float]] = {
    "dawn": (0.9, (255, 190, 170), 0.15),
    "day": (1.0, (255, 255, 255), 0.0),
    "sunset": (0.84, (255, 140, 70), 0.22),
    "dusk": (0.62, (120, 80, 160), 0.3),
    "night": (0.44, (40, 60, 140), 0.4),
}


def mix(a: np.ndarray | tuple[int, ...], b: np.ndarray | tuple[int, ...], t: float) -> np.ndarray:
    """``a`` moved ``t`` of the way to ``b`` in OKLab (uint8 RGB)."""
    la = srgb_to_oklab(np.asarray(a, np.float64)[..., :3])
    lb = srgb_to_oklab(np.asarray(b, np.float64)[..., :3])
    return np.clip(np.rint(oklab_to_srgb(la * (1 - t) + lb * t)), 0, 255).astype(np.uint8)


def sky_colors(time: str, weather: str, n: int) -> np.ndarray:
    """``n`` sky bands from zenith to horizon (uint8 RGB), greyed under cloud and rain."""
    top, bottom = SKIES.get(time, SKIES["day"])
    t = np.linspace(0.0, 1.0, n)[:, None]
    la, lb = srgb_to_oklab(np.array(top, np.float64)), srgb_to_oklab(np.array(bottom, np.float64))
    lab = la * (1 - t) + lb * t
    if weather in ("cloudy", "rain", "storm", "snow", "fog"):
        grey = {"cloudy": 0.45, "rain": 0.6, "storm": 0.7, "snow": 0.5, "fog": 0.65}[weather]
        lab[:, 1:] *= 1 - grey
        if weather in ("rain", "storm"):
            lab[:, 0] *= 0.82 if weather == "rain" else 0.66
        if weather in ("fog", "snow"):
            lab[:, 0] = lab[:, 0] * 0.7 + 0.8 * 0.3
    return np.clip(np.rint(oklab_to_srgb(lab)), 0, 255).astype(np.uint8)


def grade(rgb: np.ndarray, time: str, weather: str = "clear", indoor: bool = False) -> np.ndarray:
    """Colours as the hour lights them (uint8 RGB of any shape ``(..., 3)``)."""
    if indoor:
        factor, ambient, share = 0.66, (120, 100, 90), 0.12
    else:
        factor, ambient, share = GRADES.get(time, GRADES["day"])
    if weather in ("rain", "storm"):
        factor *= 0.85 if weather == "rain" else 0.72
        share = max(share, 0.15)
        ambient = (110, 130, 160) if time == "day" else ambient
    if factor == 1.0 and share == 0.0:
        return np.asarray(rgb, np.uint8)
    lab = srgb_to_oklab(np.asarray(rgb, np.float64))
    amb = srgb_to_oklab(np.array(ambient, np.float64))
    lab[..., 0] *= factor
    lab[..., 1:] = lab[..., 1:] * (1 - share) + amb[1:] * share
    return np.clip(np.rint(oklab_to_srgb(lab)), 0, 255).astype(np.uint8)


def light_pools(
    rgba: np.ndarray, lights: list[tuple[float, float, float, tuple[int, int, int]]]
) -> np.ndarray:
    """Brighten around each ``(x, y, radius, colour)`` in two dithered rings."""
    out = rgba.copy()
    if not lights:
        return out
    h, w = out.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    dither = BAYER4[yy % 4, xx % 4]
    level = np.zeros((h, w), np.int8)
    tint = np.zeros((h, w, 3), np.float64)
    for x, y, r, colour in lights:
        d = np.hypot(xx - x, (yy - y) * 1.15) / max(r, 1.0)
        # Ring edges are dithered over a tenth of the radius, so steps do not read as rings
        # drawn with a compass.
        ring = np.where(
            d + (dither - 0.5) * 0.18 < 0.5, 2, np.where(d + (dither - 0.5) * 0.18 < 1.0, 1, 0)
        )
        better = ring > level
        level = np.maximum(level, ring).astype(np.int8)
        tint[better] = colour
    lit = level > 0
    if not lit.any():
        return out
    colors = out[..., :3][lit].astype(np.float64)
    lab = srgb_to_oklab(colors)
    lamp = srgb_to_oklab(tint[lit])
    step = level[lit][:, None].astype(np.float64)
    lab[:, 0:1] = lab[:, 0:1] + (1 - lab[:, 0:1]) * 0.16 * step
    lab[:, 1:] = lab[:, 1:] * (1 - 0.2 * step) + lamp[:, 1:] * 0.2 * step
    out[..., :3][lit] = np.clip(np.rint(oklab_to_srgb(lab)), 0, 255).astype(np.uint8)
    return out
