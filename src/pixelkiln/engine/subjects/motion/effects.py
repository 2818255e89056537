"""Effects an action asks for, drawn from the engine's VFX: a fireball leaving the hand.

An :class:`~pixelkiln.engine.subjects.motion.core.Effect` names a VFX description, the
joint it starts from, how far forward it has flown (model units, along the subject's
facing) and its size. The effect's frames come from :func:`pixelkiln.engine.vfx.render_vfx`
(the same looping effects the ``/vfx`` endpoint draws), so they keep that engine's
crisp, limited ramps; their colours join the animation's palette
(:func:`effect_colors`). An effect flying away from the viewer is drawn behind the
subject, one flying toward the viewer or across in front of it.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from pixelkiln.engine.subjects.camera import rot_z
from pixelkiln.engine.subjects.model import Model
from pixelkiln.engine.subjects.motion.core import Effect, Motion, Sample, pose_for
from pixelkiln.engine.subjects.paints import SubjectPalette
from pixelkiln.engine.subjects.render import Camera, Sprite, _pose_frames, yaw_for
from pixelkiln.engine.vfx import render_vfx

__all__ = ["EFFECT_FRAMES", "draw_effects", "effect_colors"]

EFFECT_FRAMES = 8


def _px(effect: Effect, camera: Camera) -> int:
    return int(np.clip(round(effect.size * camera.scale), 8, 64))


@lru_cache(maxsize=64)
def _frames(description: str, px: int, seed: int) -> tuple[np.ndarray, ...]:
    result = render_vfx(description, (px, px), EFFECT_FRAMES, seed)
    return tuple(result.frames)


def effect_colors(motion: Motion, camera: Camera, seed: int = 0) -> np.ndarray:
    """Every colour the effects of ``motion`` can draw, ``(k, 3)`` uint8."""
    found: list[np.ndarray] = [np.zeros((0, 3), np.uint8)]
    seen: set[tuple[str, int]] = set()
    for t in motion.times():
        for e in motion.sample(t).effects:
            key = (e.kind, _px(e, camera))
            if key in seen:
                continue
            seen.add(key)
            for frame in _frames(e.kind, key[1], seed):
                found.append(frame[frame[..., 3] > 0][:, :3])
    colors = np.concatenate(found)
    return np.unique(colors, axis=0) if len(colors) else colors


def draw_effects(
    model: Model, sprite: Sprite, sample: Sample, direction: str, camera: Camera, seed: int
) -> Sprite:
    """``sprite`` with the sample's effects drawn into it (its palette must hold their
    colours: build it with :meth:`SubjectPalette.with_colors` of :func:`effect_colors`)."""
    pose = pose_for(model, sample)
    yaw = yaw_for(model, direction, camera.view)
    frames, _ = _pose_frames(model, pose, yaw, camera)
    forward = rot_z(yaw) @ np.array([0.0, -1.0, 0.0])
    toward = camera.view.toward_camera
    index = sprite.index.copy()
    h, w = index.shape
    palette: SubjectPalette = sprite.palette
    for effect in sample.effects:
        _, anchor = frames[effect.anchor]
        centre = anchor + forward * effect.forward
        x = camera.pivot[0] + float(centre[0]) * camera.scale
        y = camera.pivot[1] - float(centre @ camera.view.up) * camera.scale
        px = _px(effect, camera)
        art = _frames(effect.kind, px, seed)[int(effect.phase * EFFECT_FRAMES) % EFFECT_FRAMES]
        x0, y0 = round(x - px / 2), round(y - px / 2)
        behind = float(forward @ toward) < -0.35
        opaque = art[..., 3] > 0
        ys, xs = np.nonzero(opaque)
        ty, tx = ys + y0, xs + x0
        ok = (ty >= 0) & (ty < h) & (tx >= 0) & (tx < w)
        ys, xs, ty, tx = ys[ok], xs[ok], ty[ok], tx[ok]
        if behind:
            free = index[ty, tx] == 0
            ys, xs, ty, tx = ys[free], xs[free], ty[free], tx[free]
        if len(ys):
            index[ty, tx] = palette.lookup(art[ys, xs, :3])
    return Sprite(
        index=index,
        palette=palette,
        pivot=sprite.pivot,
        keypoints=sprite.keypoints,
        roles=sprite.roles,
        role_names=sprite.role_names,
    )
