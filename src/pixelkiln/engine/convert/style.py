"""Conversion style: the knobs of photo-to-pixel-art, and reading them from plain words.

A :class:`ConvertStyle` holds every choice the converter makes (palette size, dithering,
edge bias, ink lines, colour boost, clean-up, output scale). :func:`parse_style` reads a
free-text description such as "retro vibes with light dithering" or "anime styled with
sharp edges" by keywords and phrases; words it does not know are ignored, so any text
is accepted and the defaults apply where nothing is said.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import numpy as np

from pixelkiln.engine.color import hex_to_rgb

__all__ = ["FIXED_PALETTES", "ConvertStyle", "parse_style"]

#: Named palettes a description can ask for (hex lists as published by their authors).
FIXED_PALETTES: dict[str, tuple[str, ...]] = {
    "gameboy": ("0f380f", "306230", "8bac0f", "9bbc0f"),
    "pico-8": (
        "000000", "1d2b53", "7e2553", "008751", "ab5236", "5f574f", "c2c3c7", "fff1e8",
        "ff004d", "ffa300", "ffec27", "00e436", "29adff", "83769c", "ff77a8", "ffccaa",
    ),
}  # fmt: skip


@dataclass(frozen=True)
class ConvertStyle:
    """Everything the converter decides.

    Attributes
    ----------
    n_colors : palette size (2-64).
    dithering : Bayer matrix size, 0 for none.
    dithering_strength : 0-10 (see :func:`~pixelkiln.engine.cleanup.dither.dither_indices`).
    edge_bias : 0-0.4; how readily a cell crossed by a darker line takes the dark colour
        (keeps thin dark features such as branches, outlines, window frames).
    ink : draw dark "ink" pixels on the dark side of strong luminance edges.
    outline : give a transparent-background subject a 1 px dark outline.
    saturation : chroma multiplier before quantising (pixel art reads more saturated).
    contrast : lightness contrast multiplier around the mean.
    cleanup : orphan-pixel clean-up strength 0-1.
    scale : multiplier on the automatic output size (the pro tools choose the size).
    palette : a fixed palette, (K, 3) uint8, or None to choose one in OKLab.
    size : an explicit (width, height) named in the description, else None.
    tone_map : map by lightness alone, the image's range stretched onto the palette's
        (for one-hue palettes such as the Game Boy's four greens).
    """

    n_colors: int = 16
    dithering: int = 0
    dithering_strength: float = 5.0
    edge_bias: float = 0.2
    ink: bool = False
    outline: bool = False
    saturation: float = 1.12
    contrast: float = 1.05
    cleanup: float = 0.5
    scale: float = 1.0
    palette: np.ndarray | None = None
    size: tuple[int, int] | None = None
    tone_map: bool = False


def _palette(name: str) -> np.ndarray:
    return np.array([hex_to_rgb(c) for c in FIXED_PALETTES[name]], dtype=np.uint8)


# (pattern, changes) in order; later matches refine earlier ones.
_RULES: tuple[tuple[str, dict[str, object]], ...] = (
    (
        r"\bretro\b|\b8[- ]?bit\b|\bnes\b|\barcade\b",
        {"n_colors": 12, "saturation": 1.25, "scale": 0.75},
    ),
    (r"\b16[- ]?bit\b|\bsnes\b|\bgenesis\b", {"n_colors": 32, "scale": 1.15}),
    (
        r"\banime\b|\bmanga\b|\bcel\b|\bcartoon\b|\bcomic\b",
        {"n_colors": 14, "saturation": 1.3, "ink": True, "cleanup": 0.8},
    ),
    (
        r"\bsharp\b|\bcrisp\b|\bclean (?:lines|edges)\b|\bhard edges\b",
        {"edge_bias": 0.3, "cleanup": 0.8, "ink": True},
    ),
    (r"\bsoft\b|\bsmooth\b|\bpainterly\b", {"edge_bias": 0.08, "cleanup": 0.3, "ink": False}),
    (r"\boutlined?\b|\boutlines\b|\blineart\b|\bline art\b", {"outline": True, "ink": True}),
    (r"\bdither(?:ed|ing)?\b", {"dithering": 4, "dithering_strength": 5.0}),
    (r"\b(?:light|subtle|slight|some|little) dither", {"dithering": 4, "dithering_strength": 3.0}),
    (r"\b(?:heavy|strong|lots of|full|much) dither", {"dithering": 4, "dithering_strength": 8.0}),
    (r"\bcheckerboard\b|\b2x2 dither", {"dithering": 2}),
    (r"\b8x8 dither|\bfine dither", {"dithering": 8}),
    (r"\bno dither|\bwithout dither|\bflat colou?rs?\b", {"dithering": 0}),
    (r"\bvibrant\b|\bsaturated\b|\bvivid\b|\bcolou?rful\b", {"saturation": 1.4}),
    (r"\bpastel\b|\bmuted\b|\bwashed\b|\bdesaturated\b", {"saturation": 0.75}),
    (r"\bhigh contrast\b|\bcontrasty\b|\bdramatic\b|\bmoody\b", {"contrast": 1.25}),
    (r"\blow contrast\b|\bhazy\b|\bfaded\b", {"contrast": 0.85}),
    (
        r"\bchunky\b|\blow[- ]detail\b|\bminimal(?:ist)?\b|\bsimple\b|\bbig pixels\b",
        {"scale": 0.6, "n_colors": 10},
    ),
    (
        r"\bdetailed\b|\bhigh[- ]detail\b|\bintricate\b|\bsmall pixels\b",
        {"scale": 1.5, "n_colors": 24},
    ),
)
_COLORS = re.compile(r"\b(\d{1,3})\s*(?:colou?rs?|col)\b")
_SIZE = re.compile(r"\b(\d{2,3})\s*[x×]\s*(\d{2,3})\b|\b(\d{2,3})\s*(?:px|pixels?)\b")


def parse_style(description: str | None, base: ConvertStyle | None = None) -> ConvertStyle:
    """Read style words from a description.

    Parameters
    ----------
    description : free text, e.g. "retro vibes with light dithering"; None keeps ``base``.
    base : the starting style (defaults to :class:`ConvertStyle`'s defaults).

    Returns
    -------
    ConvertStyle
        Recognised: retro / 8-bit / NES (12 colours, saturated, chunkier), 16-bit / SNES
        (32 colours), anime / cartoon (ink lines, saturated, strong clean-up), sharp / crisp
        (edge bias, ink), soft / painterly, outline(d), dithering with light / heavy /
        checkerboard / 8x8 / none, vibrant / pastel, high / low contrast, chunky / detailed,
        "gameboy" or "pico-8" palettes, "N colours" and an explicit "WxH" or "N px" size.
    """
    style = base or ConvertStyle()
    if not description:
        return style
    text = description.lower()
    for pattern, changes in _RULES:
        if re.search(pattern, text):
            style = replace(style, **changes)
    if re.search(r"\bgame ?boy\b|\bdmg\b", text):
        style = replace(style, palette=_palette("gameboy"), n_colors=4, tone_map=True)
    elif re.search(r"\bpico[- ]?8\b", text):
        style = replace(style, palette=_palette("pico-8"), n_colors=16)
    if m := _COLORS.search(text):
        style = replace(style, n_colors=int(np.clip(int(m.group(1)), 2, 64)))
    if m := _SIZE.search(text):
        if m.group(3):
            side = int(np.clip(int(m.group(3)), 16, 256))
            style = replace(style, size=(side, side))
        else:
            w, h = (int(np.clip(int(g), 16, 256)) for g in m.group(1, 2))
            style = replace(style, size=(w, h))
    return style
