"""Drawing a model in several directions, and a motion in every direction.

These are the loops every family uses: one palette and one camera for the whole set, so
the directions and frames agree by construction. A direction's frames can be drawn on
their own (the service runs one job per direction) and come out identical to the same
direction drawn with the others.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pixelkiln.engine.subjects.camera import DIRECTIONS
from pixelkiln.engine.subjects.model import Model
from pixelkiln.engine.subjects.motion.core import Motion, Sample, pose_for
from pixelkiln.engine.subjects.motion.effects import draw_effects, effect_colors
from pixelkiln.engine.subjects.paints import SubjectPalette, build_palette
from pixelkiln.engine.subjects.render import Camera, Sprite, render
from pixelkiln.engine.subjects.style import SubjectStyle

__all__ = ["draw_directions", "draw_frame", "draw_motion"]


def draw_directions(
    model: Model,
    camera: Camera,
    style: SubjectStyle,
    palette: SubjectPalette | None = None,
    directions: Sequence[str] = DIRECTIONS,
) -> dict[str, Sprite]:
    """The rest pose facing each of ``directions``."""
    palette = palette or build_palette(model, style)
    pose = model.pose()
    return {d: render(model, pose, d, camera, style, palette) for d in directions}


def draw_frame(
    model: Model,
    sample: Sample,
    direction: str,
    camera: Camera,
    style: SubjectStyle,
    palette: SubjectPalette,
    seed: int = 0,
) -> Sprite:
    """One sample of a motion facing ``direction``, with its effects."""
    sprite = render(model, pose_for(model, sample), direction, camera, style, palette)
    if sample.effects:
        sprite = draw_effects(model, sprite, sample, direction, camera, seed)
    return sprite


def draw_motion(
    model: Model,
    motion: Motion,
    camera: Camera,
    style: SubjectStyle,
    palette: SubjectPalette | None = None,
    directions: Sequence[str] = DIRECTIONS,
    seed: int = 0,
) -> dict[str, list[Sprite]]:
    """Every frame of ``motion`` facing each of ``directions``."""
    palette = palette or build_palette(model, style)
    extra = effect_colors(motion, camera, seed)
    if len(extra):
        palette = palette.with_colors(extra)
    samples = [motion.sample(t) for t in motion.times()]
    return {
        d: [draw_frame(model, s, d, camera, style, palette, seed) for s in samples]
        for d in directions
    }


def as_rgba(sprites: Sequence[Sprite]) -> list[np.ndarray]:
    return [s.rgba() for s in sprites]
