"""Clothes from one sprite onto the frames of another.

- :func:`transfer_outfit`: figures are dressed through their bones (:mod:`.dress`: each
  clothes pixel of a frame takes the reference's pixel at the same place on the same
  bone); a sprite without a figure's skeleton falls back to materials: the first
  frame's torso, legs and feet materials (a colour and its shades, :mod:`.analyse`)
  take the reference's (shades matched by lightness rank), one colour map for every
  frame. Skin, face and hair are kept.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pixelkiln.engine.color import srgb_to_oklab
from pixelkiln.engine.sprites.analyse import ColourGroup, SpriteAnalysis, analyse_sprite
from pixelkiln.engine.sprites.dress import dress_frame, read_figure
from pixelkiln.engine.sprites.understand import understand_sprite

__all__ = ["ColourMap", "apply_map", "transfer_outfit"]

ColourMap = dict[tuple[int, int, int], tuple[int, int, int]]

_CLOTHES = ("torso", "legs", "feet")


def _lab(rgb: Sequence[int] | np.ndarray) -> np.ndarray:
    return srgb_to_oklab(np.asarray(rgb, np.float64))


def _by_lightness(group: ColourGroup) -> list[tuple[int, int, int]]:
    return sorted(group.shades, key=lambda c: float(_lab(c)[0]))


def _material_map(src: ColourGroup, dst: ColourGroup) -> ColourMap:
    """``src``'s shades onto ``dst``'s, darkest to darkest."""
    a, b = _by_lightness(src), _by_lightness(dst)
    out: ColourMap = {}
    for i, colour in enumerate(a):
        j = round(i * (len(b) - 1) / max(1, len(a) - 1)) if len(b) > 1 else 0
        out[colour] = b[j]
    return out


def _main(analysis: SpriteAnalysis, region: str) -> ColourGroup | None:
    r = analysis.regions.get(region)
    return r.colours[0] if r is not None and r.colours else None


def _protected(analysis: SpriteAnalysis) -> set[tuple[int, int, int]]:
    """Colours of skin and the outline, which clothes never take over."""
    keep = set()
    if analysis.face is not None:
        keep.add(analysis.face)
    if analysis.outline_rgb is not None:
        keep.add(analysis.outline_rgb)
    return keep


def apply_map(rgba: np.ndarray, mapping: ColourMap) -> np.ndarray:
    """``rgba`` with each opaque colour in ``mapping`` replaced."""
    out = np.asarray(rgba, np.uint8).copy()
    if not mapping:
        return out
    opaque = out[..., 3] >= 128
    rgb = out[..., :3]
    for src, dst in mapping.items():
        hit = opaque & (rgb == np.array(src, np.uint8)).all(-1)
        rgb[hit] = dst
    return out


def transfer_outfit(
    reference: np.ndarray, frames: Sequence[np.ndarray], seed: int = 0
) -> tuple[list[np.ndarray], str]:
    """``frames`` wearing ``reference``'s clothes, and how they were put on: ``bones``
    (:mod:`.dress`, every frame's fitted skeleton) when both are figures with a
    skeleton, else ``colours`` (see the module docstring)."""
    ref_model = understand_sprite(reference, seed=seed)
    ref = read_figure(ref_model)
    if ref is not None:
        figures = [read_figure(understand_sprite(f, seed=seed)) for f in frames]
        if all(f is not None for f in figures):
            return [dress_frame(f, ref) for f in figures if f is not None], "bones"
    return _transfer_by_colour(reference, frames), "colours"


def _transfer_by_colour(reference: np.ndarray, frames: Sequence[np.ndarray]) -> list[np.ndarray]:
    """The first frame's clothes materials take the reference's, shade by shade."""
    ref = analyse_sprite(reference)
    first = analyse_sprite(frames[0])
    keep = _protected(first)
    mapping: ColourMap = {}
    for region in _CLOTHES:
        src, dst = _main(first, region), _main(ref, region)
        if src is None or dst is None:
            continue
        for colour, new in _material_map(src, dst).items():
            if colour not in keep and colour not in mapping:
                mapping[colour] = new
    return [apply_map(f, mapping) for f in frames]
