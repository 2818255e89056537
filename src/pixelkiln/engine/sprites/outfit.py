"""Clothes from one sprite onto the frames of another, and edits of an animation.

Both work on *materials* (a colour and its shades, :mod:`.analyse`) of a figure's
regions: head, torso, legs and feet, read from the width profile of the first frame.
A material is recoloured shade by shade, each shade keeping its lightness step from the
material's main colour, and the same colour map is applied to every frame, so an
animation stays consistent however its limbs move between rows.

- :func:`transfer_outfit`: figures are dressed through their bones (:mod:`.dress`: each
  clothes pixel of a frame takes the reference's pixel at the same place on the same
  bone); a sprite without a figure's skeleton falls back to materials: the first
  frame's torso, legs and feet materials take the reference's (shades matched by
  lightness rank). Skin, face and hair are kept.
- :func:`edit_frames`: a description's colour words recolour the region it names
  ("red tabard", "blue boots", "white hair"), or the torso when it names none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from pixelkiln.engine.color import oklab_to_oklch, oklab_to_srgb, oklch_to_oklab, srgb_to_oklab
from pixelkiln.engine.sprites.analyse import ColourGroup, SpriteAnalysis, analyse_sprite
from pixelkiln.engine.sprites.dress import dress_frame, read_figure
from pixelkiln.engine.sprites.understand import understand_sprite
from pixelkiln.engine.subjects.colors import COLOR_WORDS, paint_for_color

__all__ = ["PART_WORDS", "ColourMap", "apply_map", "edit_frames", "edit_map", "transfer_outfit"]

ColourMap = dict[tuple[int, int, int], tuple[int, int, int]]

#: Words naming a region of a figure.
PART_WORDS: dict[str, str] = {
    **dict.fromkeys(("hair", "head", "helmet", "hood", "hat", "face"), "head"),
    **dict.fromkeys(
        (
            "shirt", "tunic", "armour", "armor", "tabard", "top", "torso", "body", "coat",
            "jacket", "robe", "dress", "cloak", "chest", "vest", "outfit", "clothes",
        ),
        "torso",
    ),
    **dict.fromkeys(("trousers", "pants", "legs", "skirt", "shorts", "leggings"), "legs"),
    **dict.fromkeys(("boots", "shoes", "feet", "boot", "shoe"), "feet"),
}  # fmt: skip
_CLOTHES = ("torso", "legs", "feet")


def _lab(rgb: Sequence[int] | np.ndarray) -> np.ndarray:
    return srgb_to_oklab(np.asarray(rgb, np.float64))


def _rgb(lab: np.ndarray) -> tuple[int, int, int]:
    v = np.round(oklab_to_srgb(lab)).astype(int)
    return int(v[0]), int(v[1]), int(v[2])


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


def _hair(analysis: SpriteAnalysis) -> ColourGroup | None:
    head = analysis.regions.get("head")
    if head is None or analysis.hair is None:
        return None
    return next((g for g in head.colours if analysis.hair in g.shades), None)


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


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z]+", text.lower())


def edit_map(first: np.ndarray, description: str) -> tuple[ColourMap, list[dict[str, str]]]:
    """The colour map a description asks for on a figure, and what was read."""
    analysis = analyse_sprite(first)
    keep = _protected(analysis)
    words = _words(description)
    mapping: ColourMap = {}
    read: list[dict[str, str]] = []
    for i, word in enumerate(words):
        if word not in COLOR_WORDS:
            continue
        # The nearest part word, after the colour ("red boots") before before it ("the
        # boots red") at equal distance.
        cands = [(abs(j - i) + (0.5 if j < i else 0.0), w) for j, w in enumerate(words)]
        near = [w for d, w in sorted(cands) if w in PART_WORDS and d <= 4]
        part = PART_WORDS[near[0]] if near else "torso"
        group = _hair(analysis) if near and near[0] == "hair" else None
        group = group or _main(analysis, part)
        if group is None:
            continue
        paint = paint_for_color(word)
        base = oklab_to_oklch(_lab(group.rgb))
        for colour in group.shades:
            if colour in keep or colour in mapping:
                continue
            lch = oklab_to_oklch(_lab(colour))
            new = np.array(
                [
                    float(np.clip(paint.lightness + lch[0] - base[0], 0.05, 0.97)),
                    paint.chroma,
                    paint.hue,
                ]
            )
            mapping[colour] = _rgb(oklch_to_oklab(new))
        read.append({"colour": word, "region": part})
    return mapping, read


def edit_frames(
    frames: Sequence[np.ndarray], description: str
) -> tuple[list[np.ndarray], list[dict[str, str]]]:
    """Every frame with the description's recolours (see the module docstring)."""
    mapping, read = edit_map(frames[0], description)
    return [apply_map(f, mapping) for f in frames], read
