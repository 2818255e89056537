"""Drawing a character's rotations and one direction of an animation into PNG files.

A stored look is the shared JSON look (:mod:`pixelkiln.service.subjects.drawing`) plus
two optional keys of this family: ``camera`` (an explicit camera: a model fitted to a
reference, or a Pro Flash canvas; drawn through :mod:`pixelkiln.engine.sprites.camera`)
and ``background`` (a hex colour laid under every image when the caller asked for a
backdrop). Rotations and animations are drawn from the same spec and look, so frame 0
of a template animation is the rotation image of its direction.

Animations: a template plays at its own frame count; a free-text action (v3) is read
into a motion of N frames, or N + 1 with ``keep_first_frame`` (the standing frame, or
``custom_start_frame``, then N frames of the action); ``end_frame`` replaces the last
frame. Pro draws the action in 16 frames.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from pixelkiln.engine.color import hex_to_rgb
from pixelkiln.engine.imageio import decode_image, encode_png
from pixelkiln.engine.sprites.camera import (
    animate_with_camera,
    camera_from_dict,
    draw_with_camera,
)
from pixelkiln.engine.subjects.motion.text import motion_from_text
from pixelkiln.engine.subjects.subject import Animation, Subject, animate_subject
from pixelkiln.service.subjects import drawing

__all__ = ["PRO_FRAMES", "AnimationFiles", "draw_animation", "draw_rotations", "with_backdrop"]

#: Frames of a Pro animation (the contract's Pro animations of small sprites have 16).
PRO_FRAMES = 16


def _camera(look: dict[str, Any]):
    cam = look.get("camera")
    if not cam:
        return None
    return camera_from_dict(cam, look.get("view", "low top-down"), bool(look.get("isometric")))


def with_backdrop(png: bytes, colour: str | None) -> bytes:
    """``png`` laid on a flat ``colour`` (unchanged when there is none)."""
    if not colour:
        return png
    rgba = decode_image(png)
    bg = np.array(hex_to_rgb(colour), np.float64)
    a = rgba[..., 3:4].astype(np.float64) / 255.0
    out = np.empty_like(rgba)
    out[..., :3] = np.round(rgba[..., :3] * a + bg * (1 - a)).astype(np.uint8)
    out[..., 3] = 255
    return encode_png(out)


def draw_rotations(
    subject: Subject, look: dict[str, Any], directions: list[str]
) -> tuple[dict[str, bytes], dict[str, Any]]:
    """``rotations/<dir>`` PNGs and the rotations record."""
    camera = _camera(look)
    if camera is None:
        files, record = drawing.draw_rotations(subject, look, directions)
    else:
        d = draw_with_camera(subject, drawing.look_from(look), camera, directions)
        files, record = drawing.rotation_files(d), drawing.rotations_record(subject, look, d)
    bg = look.get("background")
    return {k: with_backdrop(v, bg) for k, v in files.items()}, record


@dataclass(frozen=True)
class AnimationFiles:
    files: dict[str, bytes]  # frame_000 ... in order
    record: dict[str, Any]


def _animate(
    subject: Subject, look: dict[str, Any], motion, direction: str, seed: int
) -> Animation:
    camera = _camera(look)
    if camera is None:
        return animate_subject(subject, drawing.look_from(look), motion, [direction], seed=seed)
    return animate_with_camera(subject, drawing.look_from(look), camera, motion, [direction], seed)


def draw_animation(
    subject: Subject,
    look: dict[str, Any],
    direction: str,
    mode: str,
    template_id: str | None = None,
    action: str | None = None,
    frame_count: int = 8,
    keep_first: bool = False,
    first_png: bytes | None = None,
    last_png: bytes | None = None,
    seed: int = 0,
) -> AnimationFiles:
    """One direction of an animation (see the module docstring)."""
    lk = drawing.look_from(look)
    if mode == "template":
        motion, how = drawing.motion_for_request(subject, template_id, None, None, lk)
    else:
        frames = PRO_FRAMES if mode == "pro" else frame_count + (1 if keep_first else 0)
        model = subject.sized(max(lk.image_size)).model
        if not action:
            msg = "an action description is needed"
            raise ValueError(msg)
        motion, read = motion_from_text(model, action, frames)
        how = {
            "action": action,
            "read_as": read.action,
            "matched_by": read.kind,
            "score": round(read.score, 3),
            "frame_count": motion.frames,
        }
    anim = _animate(subject, look, motion, direction, seed)
    bg = look.get("background")
    files = {k: with_backdrop(v, bg) for k, v in drawing.animation_files(anim, direction).items()}
    record = drawing.animation_record(anim, direction, how)
    names = list(files)
    # Frames the caller gave (or the standing rotation image) are kept as they are.
    if mode == "v3" and keep_first and first_png is not None:
        files[names[0]] = first_png
        record["first_frame"] = "kept"
    if mode == "v3" and last_png is not None:
        files[names[-1]] = last_png
        record["last_frame"] = "end_frame"
    record["mode"] = mode
    return AnimationFiles(files, record)
