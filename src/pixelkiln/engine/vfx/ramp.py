"""Effect palettes: hue-shifted OKLCH ramps from cool dark smoke to a warm near-white core.

An effect's colours run, darkest to brightest: a dark, cool, desaturated smoke; deep
saturated shades; the saturated body; a light tint; a near-white core shifted warm.
Chroma peaks in the middle of the ramp (dark and very light colours are less saturated),
hue turns towards blue-violet in the shadows and towards yellow in the highlights, and
every colour is pulled into sRGB by lowering chroma, never by clipping channels.
"""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.color import in_gamut, oklab_to_srgb, oklch_to_oklab

__all__ = ["effect_ramp", "smoke_ramp"]

_WARM = 90.0  # OKLCH hue highlights lean towards (yellow-orange)
_COOL = 280.0  # OKLCH hue shadows lean towards (blue-violet)


def _toward(h: float, target: float, amount: float) -> float:
    """Turn hue ``h`` towards ``target`` along the shorter way by up to ``amount`` degrees."""
    d = (target - h + 180.0) % 360.0 - 180.0
    return (h + np.clip(d, -amount, amount)) % 360.0


def _to_srgb(lch: np.ndarray) -> np.ndarray:
    """OKLCH rows to uint8 sRGB, reducing chroma until each colour is displayable."""
    out = []
    for l_, c, h in lch:
        while c > 0 and not in_gamut(oklch_to_oklab(np.array([l_, c, h]))):
            c -= 0.005
        out.append(oklab_to_srgb(oklch_to_oklab(np.array([l_, max(c, 0.0), h]))))
    return np.rint(np.array(out)).astype(np.uint8)


def effect_ramp(hue: float, n: int = 6, chroma: float = 0.17, lightness: float = 1.0) -> np.ndarray:
    """A VFX ramp of ``n`` colours, darkest first.

    Parameters
    ----------
    hue : OKLCH hue of the body colour, degrees (e.g. 55 orange, 145 green, 264 blue).
    n : number of colours (4-8).
    chroma : peak OKLCH chroma; near 0 gives greys (smoke, dust).
    lightness : scales the lightness range (below 1 for dark effects such as shadow).

    Returns
    -------
    (n, 3) uint8 sRGB colours.
    """
    t = np.linspace(0.0, 1.0, n)
    lum = (0.24 + 0.73 * t**0.9) * lightness
    bump = np.sin(np.pi * np.clip(t * 1.15, 0, 1)) ** 0.8
    chroma_t = chroma * (0.35 + 0.65 * bump)
    chroma_t[-1] = min(chroma_t[-1], 0.045)  # the core is near-white
    hues = [
        _toward(hue, _COOL, 28.0 * (1 - ti) ** 1.5)
        if ti < 0.5
        else _toward(hue, _WARM, 30.0 * ti**2)
        for ti in t
    ]
    return _to_srgb(np.stack([lum, chroma_t, np.array(hues)], axis=1))


def smoke_ramp(n: int = 2, hue: float = 285.0) -> np.ndarray:
    """Dark cool greys for smoke and embers gone cold, darkest first."""
    t = np.linspace(0.0, 1.0, n)
    lch = np.stack([0.30 + 0.18 * t, np.full(n, 0.025), np.full(n, hue)], axis=1)
    return _to_srgb(lch)
