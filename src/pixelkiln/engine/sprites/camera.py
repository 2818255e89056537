"""Drawing a subject with a camera chosen by the caller.

The subject engine fits its own camera to a look (``image_size`` plus 28 px for
characters). A subject fitted to a sprite we did not draw must land on that sprite's
canvas instead, at the sprite's scale and ground line, and so must every later drawing
of it (its other directions now, its animations next week). These functions draw
exactly as :func:`~pixelkiln.engine.subjects.subject.draw_subject` and
:func:`~pixelkiln.engine.subjects.subject.animate_subject` do, with one camera and one
palette for every direction and frame, but with the camera given. The spec is built as
it is (no re-proportioning for the canvas size: a fitted figure keeps its measured
proportions).

A camera is stored as plain JSON (:func:`camera_to_dict` / :func:`camera_from_dict`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pixelkiln.engine.subjects.camera import DIRECTIONS, view_for
from pixelkiln.engine.subjects.draw import draw_directions, draw_motion
from pixelkiln.engine.subjects.motion.core import Motion
from pixelkiln.engine.subjects.motion.templates import motion_for, template
from pixelkiln.engine.subjects.paints import build_palette
from pixelkiln.engine.subjects.render import Camera
from pixelkiln.engine.subjects.subject import Animation, Drawing, Look, Subject

__all__ = ["animate_with_camera", "camera_from_dict", "camera_to_dict", "draw_with_camera"]


def camera_to_dict(camera: Camera) -> dict[str, Any]:
    """The JSON form of a camera (its view is the look's)."""
    return {
        "scale": float(camera.scale),
        "size": [int(camera.size[0]), int(camera.size[1])],
        "pivot": [int(camera.pivot[0]), int(camera.pivot[1])],
    }


def camera_from_dict(data: dict[str, Any], view: str, isometric: bool = False) -> Camera:
    """The camera a stored JSON camera describes, looking along ``view``."""
    return Camera(
        view=view_for(view, isometric),
        scale=float(data["scale"]),
        size=(int(data["size"][0]), int(data["size"][1])),
        pivot=(int(data["pivot"][0]), int(data["pivot"][1])),
    )


def draw_with_camera(
    subject: Subject, look: Look, camera: Camera, directions: Sequence[str] = DIRECTIONS
) -> Drawing:
    """The rest pose facing each of ``directions``, through ``camera``."""
    palette = build_palette(subject.model, look.style, look.palette)
    sprites = draw_directions(subject.model, camera, look.style, palette, directions)
    return Drawing(sprites, camera, palette)


def animate_with_camera(
    subject: Subject,
    look: Look,
    camera: Camera,
    motion: str | Motion,
    directions: Sequence[str] = DIRECTIONS,
    seed: int = 0,
) -> Animation:
    """``motion`` (a template id of the subject's plan, or a Motion) through ``camera``."""
    model = subject.model
    palette = build_palette(model, look.style, look.palette)
    tmpl = None
    if isinstance(motion, str):
        tmpl = template(model.plan if model.kind != "prop" else "prop", motion)
        motion = motion_for(model, motion)
    frames = draw_motion(model, motion, camera, look.style, palette, directions, seed)
    if frames:
        palette = next(iter(frames.values()))[0].palette
    return Animation(motion.name, frames, camera, palette, motion, tmpl)
