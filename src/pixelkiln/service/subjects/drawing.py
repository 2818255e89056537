"""Job-side drawing of subjects: rotations and animation directions as stored files.

Everything a drawing depends on is plain JSON kept with the asset: the subject spec (what
the model is built from) and the *look* (size, view, style, forced colours, canvas kind).
A later job (an animation added next week, a state, another direction) rebuilds the same
model, camera and palette from them, so its frames line up with the rotations pixel for
pixel: frame 0 of a template animation is the rotation image.

A rotations record (stored as the asset's ``result``) carries the spec, the reading,
the look, the canvas, the pivot, the palette and every direction's keypoints; an
animation record carries its template or action, frame count, fps, loop, the travel per
frame and each frame's keypoints.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from pixelkiln.engine.color import rgb_to_hex
from pixelkiln.engine.subjects.camera import DIRECTIONS
from pixelkiln.engine.subjects.motion.core import Motion
from pixelkiln.engine.subjects.motion.templates import template, templates_for
from pixelkiln.engine.subjects.motion.text import motion_from_text
from pixelkiln.engine.subjects.reading import Reading
from pixelkiln.engine.subjects.spec import SubjectSpec
from pixelkiln.engine.subjects.style import SubjectStyle
from pixelkiln.engine.subjects.subject import (
    Animation,
    Drawing,
    Look,
    Subject,
    animate_subject,
    draw_subject,
)

__all__ = [
    "FOUR",
    "animation_files",
    "animation_record",
    "draw_animation",
    "draw_rotations",
    "look_from",
    "look_params",
    "motion_for_request",
    "plan_templates",
    "rotation_files",
    "rotations_record",
    "subject_from",
]

#: The 4 directions of a 4-direction subject, in the contract's order.
FOUR = ("south", "west", "east", "north")


def look_params(
    image_size: tuple[int, int],
    view: str = "low top-down",
    isometric: bool = False,
    outline: str | None = None,
    shading: str | None = None,
    detail: str | None = None,
    palette: np.ndarray | None = None,
    canvas: str = "character",
) -> dict[str, Any]:
    """The JSON form of a look (what is stored with the asset)."""
    style = SubjectStyle(
        outline=outline or "single color black outline",
        shading=shading or "basic shading",
        detail=detail or "medium detail",
    )
    return {
        "image_size": [int(image_size[0]), int(image_size[1])],
        "view": view,
        "isometric": bool(isometric),
        "outline": style.outline,
        "shading": style.shading,
        "detail": style.detail,
        "palette": None if palette is None else np.asarray(palette, np.uint8).tolist(),
        "canvas": canvas,
    }


def look_from(params: dict[str, Any]) -> Look:
    """The look a stored JSON look describes."""
    palette = params.get("palette")
    return Look(
        image_size=(int(params["image_size"][0]), int(params["image_size"][1])),
        view=params.get("view", "low top-down"),
        isometric=bool(params.get("isometric", False)),
        style=SubjectStyle(params["outline"], params["shading"], params["detail"]),
        palette=None if palette is None else np.asarray(palette, np.uint8).reshape(-1, 3),
        canvas=params.get("canvas", "character"),
    )


def subject_from(spec: dict[str, Any] | SubjectSpec, reading: Reading | None = None) -> Subject:
    """The subject a stored spec describes."""
    s = spec if isinstance(spec, SubjectSpec) else SubjectSpec.from_dict(spec)
    subject = Subject.from_spec(s)
    return replace(subject, reading=reading) if reading is not None else subject


def rotation_files(drawing: Drawing) -> dict[str, bytes]:
    """``rotations/<direction>`` PNGs of a drawing."""
    return {f"rotations/{d}": drawing.png(d) for d in drawing.sprites}


def rotations_record(subject: Subject, look: dict[str, Any], drawing: Drawing) -> dict[str, Any]:
    """The stored description of a subject's rotations (see the module docstring)."""
    first = next(iter(drawing.sprites.values()))
    return {
        "spec": subject.spec.to_dict(),
        "reading": subject.reading.to_dict() if subject.reading else None,
        "look": look,
        "directions": list(drawing.sprites),
        "canvas": {"width": drawing.camera.size[0], "height": drawing.camera.size[1]},
        "pivot": {"x": first.pivot[0], "y": first.pivot[1]},
        "scale": round(drawing.camera.scale, 4),
        "palette": [rgb_to_hex(c) for c in drawing.palette.colors[1:]],
        "keypoints": {d: s.keypoints for d, s in drawing.sprites.items()},
    }


def motion_for_request(
    subject: Subject,
    template_id: str | None,
    action: str | None,
    frames: int | None,
    look: Look,
) -> tuple[Motion | str, dict[str, Any]]:
    """What to animate: a template id of the subject's plan, or a free-text action read
    into a motion of ``frames`` frames. Returns it and how it was read."""
    model = subject.sized(max(look.image_size)).model
    plan = model.plan if model.kind != "prop" else "prop"
    if template_id:
        t = template(plan, template_id)  # KeyError names the plan's ids
        return template_id, {"template": template_id, "frame_count": t.frames}
    if not action:
        msg = "an action description or a template id is needed"
        raise ValueError(msg)
    motion, read = motion_from_text(model, action, frames or 8)
    return motion, {
        "action": action,
        "read_as": read.action,
        "matched_by": read.kind,
        "score": round(read.score, 3),
        "frame_count": motion.frames,
    }


def plan_templates(subject: Subject) -> list[str]:
    model = subject.model
    return sorted(templates_for(model.plan if model.kind != "prop" else "prop"))


def animation_files(anim: Animation, direction: str) -> dict[str, bytes]:
    """``frame_000``... PNGs of one direction of an animation."""
    return {f"frame_{i:03d}": anim.png(direction, i) for i in range(anim.frame_count)}


def animation_record(anim: Animation, direction: str, how: dict[str, Any]) -> dict[str, Any]:
    frames = anim.frames[direction]
    return {
        **how,
        "direction": direction,
        "frame_count": anim.frame_count,
        "fps": anim.motion.fps,
        "loop": anim.motion.loop,
        "travel_px_per_frame": round(anim.travel_px(), 3),
        "pivot": {"x": frames[0].pivot[0], "y": frames[0].pivot[1]},
        "keypoints": [f.keypoints for f in frames],
    }


def draw_rotations(
    subject: Subject, look: dict[str, Any], directions: Sequence[str] = DIRECTIONS
) -> tuple[dict[str, bytes], dict[str, Any]]:
    """Files and record of a subject's rotations in ``directions``."""
    drawing = draw_subject(subject, look_from(look), directions)
    return rotation_files(drawing), rotations_record(subject, look, drawing)


def draw_animation(
    subject: Subject,
    look: dict[str, Any],
    direction: str,
    template_id: str | None = None,
    action: str | None = None,
    frames: int | None = None,
    seed: int = 0,
) -> tuple[dict[str, bytes], dict[str, Any]]:
    """Files and record of one direction of an animation (template or free text)."""
    lk = look_from(look)
    motion, how = motion_for_request(subject, template_id, action, frames, lk)
    anim = animate_subject(subject, lk, motion, [direction], seed=seed)
    return animation_files(anim, direction), animation_record(anim, direction, how)
