"""Inpainting a described thing: drawn into the mask, the rest of the mask synthesised.

1. The description is read (:mod:`pixelkiln.engine.images.intent`). A texture or a
   material ("grass", "water texture") fills the whole mask with that material's tile.
   Anything else is a subject: it is drawn in the surroundings' outline and shading (the
   caller passes them), as large as fits the mask's box with at least 97 % of its pixels
   inside the mask (the rest are cut), standing on the box's bottom, centred.
2. What the thing does not cover is filled by :func:`~.synthesis.synthesize` from the
   image's own texture (or made transparent with ``no_background``).
3. Black mask pixels are never written: the result equals the input there, byte for byte.
   New colours are the thing's ramp and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pixelkiln.engine.images.intent import read_intent
from pixelkiln.engine.inpaint.synthesis import synthesize
from pixelkiln.engine.scenes.layers import texture
from pixelkiln.engine.style import Style
from pixelkiln.engine.subjects.style import SubjectStyle
from pixelkiln.engine.subjects.subject import Look, Subject, draw_subject

__all__ = ["INSIDE", "Inpainted", "inpaint"]

INSIDE = 0.97


@dataclass
class Inpainted:
    rgba: np.ndarray
    thing: np.ndarray  # (h, w) bool: pixels of the described thing
    ramp: np.ndarray  # (k, 3) the thing's colours
    reading: dict[str, object]


def _bbox(mask: np.ndarray) -> tuple[int, int, int, int]:
    ys, xs = np.nonzero(mask.any(1))[0], np.nonzero(mask.any(0))[0]
    return int(ys[0]), int(ys[-1]), int(xs[0]), int(xs[-1])


def _sprite(
    subject: Subject, size: tuple[int, int], style: SubjectStyle, view: str, direction: str
) -> np.ndarray:
    look = Look(
        image_size=(max(8, size[0]), max(8, size[1])), view=view, style=style, canvas="object"
    )
    drawing = draw_subject(subject, look, [direction])
    return drawing.palette.rgba()[np.asarray(drawing.sprites[direction].index)]


def _fit(
    subject: Subject, mask: np.ndarray, style: SubjectStyle, view: str, direction: str
) -> np.ndarray:
    """The thing on a mask-sized layer, as large as fits (see the module docstring)."""
    h, w = mask.shape
    top, bottom, left, right = _bbox(mask)
    bh, bw = bottom - top + 1, right - left + 1
    best: tuple[np.ndarray, float] | None = None
    for scale in (1.0, 0.88, 0.76, 0.64, 0.52, 0.4, 0.3):
        cw, ch = max(8, round(bw * scale)), max(8, round(bh * scale))
        sprite = _sprite(subject, (cw, ch), style, view, direction)
        solid = sprite[..., 3] > 0
        if not solid.any():
            continue
        rows = np.nonzero(solid.any(1))[0]
        sprite = sprite[: rows[-1] + 1]
        sh, sw = sprite.shape[:2]
        x0 = round((left + right) / 2 - (sw - 1) / 2)
        y0 = bottom - sh + 1
        layer = np.zeros((h, w, 4), np.uint8)
        ys0, xs0, ys1, xs1 = max(0, y0), max(0, x0), min(h, y0 + sh), min(w, x0 + sw)
        if ys1 <= ys0 or xs1 <= xs0:
            continue
        layer[ys0:ys1, xs0:xs1] = sprite[ys0 - y0 : ys1 - y0, xs0 - x0 : xs1 - x0]
        on = layer[..., 3] > 0
        share = float((on & mask).sum()) / max(1, int(on.sum()))
        if best is None or share > best[1]:
            best = (layer, share)
        if share >= INSIDE:
            break
    if best is None:
        return np.zeros((h, w, 4), np.uint8)
    layer = best[0]
    layer[~mask] = 0
    return layer


def inpaint(
    image: np.ndarray,
    mask: np.ndarray,
    description: str,
    seed: int = 0,
    style: SubjectStyle | None = None,
    view: str = "side",
    direction: str = "south",
    no_background: bool = False,
    context: np.ndarray | None = None,
    palette: np.ndarray | None = None,
) -> Inpainted:
    """Draw ``description`` into ``mask`` (True: draw) of ``image`` (see the module doc).

    ``context`` is a larger picture whose texture the synthesis may copy from too;
    ``palette`` forces the thing's colours onto it (``color_image``).
    """
    if not mask.any():
        raise ValueError("the mask has no white pixel to draw in")
    h, w = mask.shape
    style = style or SubjectStyle()
    intent = read_intent(description)
    reading: dict[str, object] = {"intent": intent.to_dict()}
    out = image.copy()
    if intent.kind == "texture":
        tex_style = Style(
            outline="lineless",
            shading="basic shading"
            if style.shading == "highly detailed shading"
            else style.shading,
            detail=style.detail,
        )
        layer = texture(intent.text, (h, w), seed, tex_style, palette)
        layer[~mask] = 0
        reading["material"] = intent.text
    else:
        subject = Subject.from_text(intent.text, seed=seed)
        reading["subject"] = subject.reading.to_dict() if subject.reading else None
        layer = _fit(subject, mask, style, view, direction)
        if palette is not None and len(palette):
            from pixelkiln.engine.images.generate import exact_palette

            layer = exact_palette(layer, palette)
    thing = (layer[..., 3] > 0) & mask
    rest = mask & ~thing
    if rest.any():
        if no_background:
            out[rest] = 0
        else:
            # The hole is synthesised before the thing goes in, so patches never copy it.
            filled = synthesize(out, mask, seed, extra=context)
            out[rest] = filled[rest]
    out[thing] = layer[thing]
    ramp = np.unique(layer[..., :3][thing], axis=0) if thing.any() else np.zeros((0, 3), np.uint8)
    reading["drawn_pixels"] = int(thing.sum())
    return Inpainted(out, thing, ramp, reading)
