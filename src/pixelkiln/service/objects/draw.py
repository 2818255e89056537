"""Drawing objects from their stored spec and look: rotations, candidates, animation frames.

Objects use the subject engine's ``object`` canvas (the subject fills ``image_size`` in
every direction). A look may also carry a **placement**: the engine draws on
``image_size`` and the picture is moved by ``offset`` onto ``canvas``. That is how an
object made from a picture we did not draw (a reference image, a pro-flash first frame, a
custom start frame) lines up with it: :func:`fit_to_reference` finds the canvas size and
offset that put the model's south view on the picture's extent (its height, its ground
row, its middle), and every later drawing of that object (other directions, states,
animation frames) uses the same placement, so they agree with the picture and each other.

Every image of one drawing shares one palette table (indexed PNGs), as the engine's do.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pixelkiln.engine.color import rgb_to_hex
from pixelkiln.engine.imageio import encode_indexed
from pixelkiln.engine.subjects.camera import DIRECTIONS
from pixelkiln.engine.subjects.motion.core import Motion
from pixelkiln.engine.subjects.render import Camera, Sprite
from pixelkiln.engine.subjects.subject import Subject, animate_subject, camera_for, draw_subject
from pixelkiln.service.subjects.drawing import look_from, look_params, subject_from

__all__ = [
    "Picture",
    "bbox",
    "draw_motion",
    "draw_stills",
    "fit_to_reference",
    "lock_camera",
    "object_look",
    "still_record",
]

#: Styles objects are drawn in when nothing else is asked for.
DEFAULT_STYLE = {
    "outline": "single color black outline",
    "shading": "medium shading",
    "detail": "medium detail",
}


def object_look(
    size: tuple[int, int],
    view: str,
    outline: str | None = None,
    shading: str | None = None,
    detail: str | None = None,
    palette: np.ndarray | None = None,
) -> dict[str, Any]:
    """The stored JSON look of an object of ``size`` (width, height)."""
    return look_params(
        (int(size[0]), int(size[1])),
        view=view,
        outline=outline or DEFAULT_STYLE["outline"],
        shading=shading or DEFAULT_STYLE["shading"],
        detail=detail or DEFAULT_STYLE["detail"],
        palette=palette,
        canvas="object",
    )


def canvas_of(look: dict[str, Any]) -> tuple[int, int]:
    """(width, height) of the images a look produces."""
    placed = look.get("placement")
    size = placed["canvas"] if placed else look["image_size"]
    return int(size[0]), int(size[1])


@dataclass(frozen=True)
class Picture:
    """One image: palette indices on the final canvas, the palette, the pivot."""

    index: np.ndarray
    palette: np.ndarray  # (k, 4) RGBA, index 0 transparent
    pivot: tuple[int, int]
    keypoints: list[dict[str, Any]]

    def png(self) -> bytes:
        return encode_indexed(self.index, self.palette)

    def rgba(self) -> np.ndarray:
        return self.palette[self.index]


def bbox(mask: np.ndarray) -> tuple[int, int, int, int] | None:
    """(top, bottom, left, right) of the true pixels, inclusive; None when empty."""
    ys = np.nonzero(mask.any(1))[0]
    xs = np.nonzero(mask.any(0))[0]
    if len(ys) == 0:
        return None
    return int(ys[0]), int(ys[-1]), int(xs[0]), int(xs[-1])


def _place(sprite: Sprite, palette: np.ndarray, look: dict[str, Any]) -> Picture:
    placed = look.get("placement")
    index = np.asarray(sprite.index)
    pivot = (int(sprite.pivot[0]), int(sprite.pivot[1]))
    keypoints = list(sprite.keypoints)
    if placed:
        w, h = (int(v) for v in placed["canvas"])
        dx, dy = (int(v) for v in placed["offset"])
        out = np.zeros((h, w), index.dtype)
        sh, sw = index.shape
        y0, x0 = max(0, dy), max(0, dx)
        y1, x1 = min(h, sh + dy), min(w, sw + dx)
        if y1 > y0 and x1 > x0:
            out[y0:y1, x0:x1] = index[y0 - dy : y1 - dy, x0 - dx : x1 - dx]
        index = out
        pivot = (pivot[0] + dx, pivot[1] + dy)
        keypoints = [
            {**k, "x": (float(k["x"]) * sw + dx) / w, "y": (float(k["y"]) * sh + dy) / h}
            for k in keypoints
            if "x" in k and "y" in k
        ]
    return Picture(index, palette, pivot, keypoints)


def _subject(spec: dict[str, Any] | Subject) -> Subject:
    return spec if isinstance(spec, Subject) else subject_from(spec)


def draw_stills(
    spec: dict[str, Any] | Subject, look: dict[str, Any], directions: Sequence[str] = DIRECTIONS
) -> dict[str, Picture]:
    """The rest pose facing each of ``directions`` (one camera, one palette)."""
    drawing = draw_subject(_subject(spec), look_from(look), directions)
    palette = drawing.palette.rgba()
    return {d: _place(s, palette, look) for d, s in drawing.sprites.items()}


def draw_motion(
    spec: dict[str, Any] | Subject,
    look: dict[str, Any],
    direction: str,
    motion: str | Motion,
    frames: int,
    seed: int = 0,
) -> tuple[list[Picture], dict[str, Any]]:
    """``frames`` frames of the prop or creature motion ``motion`` facing ``direction``,
    and the motion's facts (fps, loop, travel)."""
    anim = animate_subject(_subject(spec), look_from(look), motion, [direction], frames, seed)
    palette = anim.palette.rgba()
    pictures = [_place(s, palette, look) for s in anim.frames[direction]]
    facts = {
        "motion": anim.motion.name,
        "fps": anim.motion.fps,
        "loop": anim.motion.loop,
        "about": anim.motion.description,
    }
    return pictures, facts


def still_record(
    subject: Subject, look: dict[str, Any], pictures: dict[str, Picture]
) -> dict[str, Any]:
    """What is stored with an object's images: enough to draw it again identically."""
    first = next(iter(pictures.values()))
    boxes = [bbox(p.index > 0) for p in pictures.values()]
    real = [b for b in boxes if b is not None]
    width, height = canvas_of(look)
    colors = first.palette[1:, :3]
    return {
        "spec": subject.spec.to_dict(),
        "reading": subject.reading.to_dict() if subject.reading else None,
        "look": look,
        "canvas": {"width": width, "height": height},
        "pivot": {"x": first.pivot[0], "y": first.pivot[1]},
        "palette": [rgb_to_hex(c) for c in colors],
        "content": {
            "width": max((b[3] - b[2] + 1 for b in real), default=0),
            "height": max((b[1] - b[0] + 1 for b in real), default=0),
        },
        "keypoints": {d: p.keypoints for d, p in pictures.items()},
    }


def fit_to_reference(subject: Subject, look: dict[str, Any], ref: np.ndarray) -> dict[str, Any]:
    """``look`` with the placement that puts the south view on the picture ``ref``.

    The model is drawn once on the picture's canvas in every direction; the canvas is
    then scaled so the south view's height matches the picture's (a little less if the
    model is much wider than the picture, and never so much that another direction
    leaves the canvas), and the offset puts the drawn ground row and middle on the
    picture's.
    """
    h, w = ref.shape[:2]
    target = bbox(ref[..., 3] > 127)
    base = {k: v for k, v in look.items() if k != "placement"}
    base["image_size"] = [w, h]
    if target is None:
        return base
    every = draw_stills(subject, base, DIRECTIONS)
    boxes = {d: bbox(p.index > 0) for d, p in every.items()}
    drawn = boxes["south"]
    if drawn is None:
        return base
    ref_h, ref_w = target[1] - target[0] + 1, target[3] - target[2] + 1
    got_h, got_w = drawn[1] - drawn[0] + 1, drawn[3] - drawn[2] + 1
    widest = max(b[3] - b[2] + 1 for b in boxes.values() if b is not None)
    tallest = max(b[1] - b[0] + 1 for b in boxes.values() if b is not None)
    f = min(ref_h / got_h, 1.15 * ref_w / got_w, (w - 2) / widest, (h - 1) / tallest)
    size = [max(8, min(1024, round(w * f))), max(8, min(1024, round(h * f)))]
    sized = {**base, "image_size": size}
    again = draw_stills(subject, sized, ["south"])["south"]
    got = bbox(again.index > 0) or drawn
    dx = round((target[2] + target[3]) / 2 - (got[2] + got[3]) / 2)
    dy = target[1] - got[1]
    return {**sized, "placement": {"canvas": [w, h], "offset": [int(dx), int(dy)]}}


def _camera(subject: Subject, look: dict[str, Any]) -> Camera:
    base = look_from({k: v for k, v in look.items() if k != "placement"})
    return camera_for(subject.sized(max(base.image_size)).model, base)


def lock_camera(new: Subject, old: Subject, look: dict[str, Any]) -> dict[str, Any]:
    """``look`` adjusted so ``new`` (a state of ``old``) is drawn at ``old``'s scale with
    its ground point on ``old``'s: the engine fits every model to its canvas, and an open
    lid or a snow cap would otherwise shrink or shift the state against its source."""
    c1, c2 = _camera(old, look), _camera(new, look)
    if abs(c1.scale - c2.scale) < 1e-9 and c1.pivot == c2.pivot:
        return look
    w, h = (int(v) for v in look["image_size"])
    size = [w, h]
    c3 = c2
    for _ in range(2):  # the fit's padding makes scale only nearly proportional to size
        f = c1.scale / c3.scale
        if abs(f - 1) < 0.005:
            break
        size = [max(8, round(size[0] * f)), max(8, round(size[1] * f))]
        c3 = _camera(new, {**look, "image_size": size})
    placed = look.get("placement") or {"canvas": [w, h], "offset": [0, 0]}
    dx = c1.pivot[0] + int(placed["offset"][0]) - c3.pivot[0]
    dy = c1.pivot[1] + int(placed["offset"][1]) - c3.pivot[1]
    return {
        **look,
        "image_size": size,
        "placement": {"canvas": list(placed["canvas"]), "offset": [int(dx), int(dy)]},
    }
