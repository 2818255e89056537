"""Colour spaces: sRGB <-> OKLab / OKLCH in numpy, and perceptual distance (ΔEOK).

OKLab (Björn Ottosson, 2020) is the perceptual space the engine designs ramps in and
matches palettes in; interpolating in sRGB turns blue-to-yellow into grey.
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "delta_e_ok",
    "hex_to_rgb",
    "in_gamut",
    "linear_to_srgb",
    "oklab_to_oklch",
    "oklab_to_srgb",
    "oklch_to_oklab",
    "rgb_to_hex",
    "srgb_to_linear",
    "srgb_to_oklab",
]

_M1 = np.array(
    [
        [0.4122214708, 0.5363325363, 0.0514459929],
        [0.2119034982, 0.6806995451, 0.1073969566],
        [0.0883024619, 0.2817188376, 0.6299787005],
    ]
)
_M2 = np.array(
    [
        [0.2104542553, 0.7936177850, -0.0040720468],
        [1.9779984951, -2.4285922050, 0.4505937099],
        [0.0259040371, 0.7827717662, -0.8086757660],
    ]
)
_M1_INV = np.linalg.inv(_M1)
_M2_INV = np.linalg.inv(_M2)


def srgb_to_linear(c: np.ndarray) -> np.ndarray:
    """sRGB in [0, 1] to linear light."""
    c = np.asarray(c, dtype=np.float64)
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def linear_to_srgb(c: np.ndarray) -> np.ndarray:
    """Linear light to sRGB in [0, 1] (not clipped)."""
    c = np.asarray(c, dtype=np.float64)
    return np.where(c <= 0.0031308, c * 12.92, 1.055 * np.power(np.maximum(c, 0), 1 / 2.4) - 0.055)


def srgb_to_oklab(rgb: np.ndarray) -> np.ndarray:
    """``(..., 3)`` sRGB as uint8 0-255 (or floats 0-255) to OKLab ``(..., 3)`` floats."""
    lin = srgb_to_linear(np.asarray(rgb, dtype=np.float64)[..., :3] / 255.0)
    lms = np.cbrt(lin @ _M1.T)
    return lms @ _M2.T


def oklab_to_srgb(lab: np.ndarray, clip: bool = True) -> np.ndarray:
    """OKLab ``(..., 3)`` to sRGB floats 0-255 (clipped to the gamut unless ``clip`` is False)."""
    lms = np.asarray(lab, dtype=np.float64) @ _M2_INV.T
    lin = (lms**3) @ _M1_INV.T
    srgb = linear_to_srgb(np.clip(lin, 0, None)) * 255.0
    return np.clip(srgb, 0, 255) if clip else srgb


def in_gamut(lab: np.ndarray, eps: float = 1e-4) -> np.ndarray:
    """Whether OKLab colours fall inside sRGB."""
    lms = np.asarray(lab, dtype=np.float64) @ _M2_INV.T
    lin = (lms**3) @ _M1_INV.T
    return np.all((lin >= -eps) & (lin <= 1 + eps), axis=-1)


def oklab_to_oklch(lab: np.ndarray) -> np.ndarray:
    """OKLab to OKLCH (hue in degrees, 0-360)."""
    lab = np.asarray(lab, dtype=np.float64)
    c = np.hypot(lab[..., 1], lab[..., 2])
    h = np.degrees(np.arctan2(lab[..., 2], lab[..., 1])) % 360.0
    return np.stack([lab[..., 0], c, h], axis=-1)


def oklch_to_oklab(lch: np.ndarray) -> np.ndarray:
    """OKLCH (hue in degrees) to OKLab."""
    lch = np.asarray(lch, dtype=np.float64)
    h = np.radians(lch[..., 2])
    return np.stack([lch[..., 0], lch[..., 1] * np.cos(h), lch[..., 1] * np.sin(h)], axis=-1)


def delta_e_ok(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Euclidean distance in OKLab (ΔEOK); 0.02 is about the least difference that shows."""
    return np.linalg.norm(
        np.asarray(a, dtype=np.float64) - np.asarray(b, dtype=np.float64), axis=-1
    )


def hex_to_rgb(code: str) -> tuple[int, int, int]:
    """``"#a1b2c3"`` or ``"a1b2c3"`` to an RGB triple."""
    code = code.lstrip("#")
    return int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16)


def rgb_to_hex(rgb: tuple[int, int, int] | np.ndarray) -> str:
    """An RGB triple to ``"#rrggbb"``."""
    r, g, b = (int(v) for v in rgb[:3])
    return f"#{r:02x}{g:02x}{b:02x}"
