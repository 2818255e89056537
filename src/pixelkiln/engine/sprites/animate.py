"""Text animation and in-betweens of any sprite, by moving its own pixels.

- :func:`animate_sprite`: the action is read into a motion of the fitted model's plan
  (the subject engine's gestures, templates and nearest-template reading,
  :func:`~pixelkiln.engine.subjects.motion.text.motion_from_text`); frame ``k`` of ``N``
  is the sprite warped (:mod:`.warp`) to the motion's pose at ``t = k / N``, after the
  sprite itself as frame 0. A loop's frame ``N`` is its pose at ``t = 0``, so frames
  1..N play round without a jump. A prop (no skeleton) sways in the image plane by
  RotSprite. A figure in a long garment stepping (a walk, a run) is moved by whole
  pixels instead (:mod:`.robe`: boots under the hem, the hem swaying, a bob), as the
  warp would leave a robe nearly still. ``last_frame`` replaces the last frame.
- :func:`interpolate_sprites`: in-betweens from a start to an end sprite by
  interpolating poses, not pixels: the start is skinned to its fit; the end's pose is
  fitted as the pose of the action (16 samples) whose warp of the start overlaps the end
  best; each in-between is the start warped to a pose that far between rest and that
  pose (joint angles and root scaled), so every frame is the start's own pixels moved
  (no cross-fade, no mixed colours) and the last is the end as given.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from pixelkiln.engine.sprites.robe import RobeStep, robe_frame, robe_steps
from pixelkiln.engine.sprites.rotsprite import rotsprite
from pixelkiln.engine.sprites.understand import SpriteModel
from pixelkiln.engine.sprites.warp import Binding, bind_sprite, warp_sprite
from pixelkiln.engine.subjects.motion.core import Motion, Sample, pose_for
from pixelkiln.engine.subjects.motion.text import motion_from_text

__all__ = ["SpriteAnimation", "animate_sprite", "bind", "interpolate_sprites", "motion_of"]

_PROP_SWAY = 8.0  # degrees a prop sways either way


@dataclass(frozen=True)
class SpriteAnimation:
    frames: list[np.ndarray]
    record: dict[str, Any]


def bind(sm: SpriteModel) -> Binding:
    """``sm``'s sprite skinned to its fitted model."""
    assert sm.subject is not None and sm.fitted is not None
    line = None
    if sm.analysis is not None and sm.analysis.outline.startswith("single color"):
        line = sm.analysis.outline_rgb
    return bind_sprite(
        sm.rgba, sm.subject.model, sm.fitted.camera, sm.direction, sm.fitted.style.level, line
    )


def motion_of(sm: SpriteModel, action: str, frames: int) -> tuple[Motion, dict[str, Any]]:
    assert sm.subject is not None
    motion, read = motion_from_text(sm.subject.model, action, frames)
    return motion, {
        "action": action,
        "read_as": read.action,
        "matched_by": read.kind,
        "score": round(read.score, 3),
        "loop": motion.loop,
    }


def _robe_steps(sm: SpriteModel, motion: Motion, times: list[float]) -> list[RobeStep] | None:
    """A figure in a long garment, facing the viewer or away, taking steps: the moves
    of each frame (:mod:`.robe`); None for anything else."""
    a = sm.analysis
    if a is None or not a.long_garment or sm.fitted is None or sm.subject is None:
        return None
    if sm.direction not in ("south", "north"):
        return None
    return robe_steps(sm.subject.model, sm.fitted.camera, sm.direction, motion, times)


def _sway(rgba: np.ndarray, t: float) -> np.ndarray:
    h, w = rgba.shape[:2]
    ys = np.nonzero((rgba[..., 3] >= 128).any(1))[0]
    base = float(ys[-1] + 1) if len(ys) else h / 2.0
    return rotsprite(rgba, _PROP_SWAY * math.sin(2 * math.pi * t), centre=(w / 2.0, base))


def animate_sprite(
    sm: SpriteModel, action: str, frame_count: int, last_frame: np.ndarray | None = None
) -> SpriteAnimation:
    """Frame 0 (the sprite) and ``frame_count`` frames of ``action`` (module docstring)."""
    times = [k / frame_count for k in range(1, frame_count + 1)]
    if sm.plan == "prop" or sm.subject is None:
        frames = [sm.rgba.copy()] + [_sway(sm.rgba, t) for t in times]
        record: dict[str, Any] = {"action": action, "read_as": "sway", "loop": True}
    else:
        motion, record = motion_of(sm, action, frame_count)
        model = sm.subject.model
        frames = [sm.rgba.copy()]
        steps = _robe_steps(sm, motion, times)
        if steps is not None:  # a robe hides the legs a warp would move: steps instead
            a = sm.analysis
            assert a is not None
            sway_top = a.regions["legs"].start
            frames += [robe_frame(sm.rgba, a, step, sway_top) for step in steps]
            record["moved_as"] = "robe"
        else:
            b = bind(sm)
            for t in times:
                cyc = t % 1.0 if motion.loop else t
                frames.append(warp_sprite(b, pose_for(model, motion.sample(cyc))))
    if last_frame is not None:
        frames[-1] = np.asarray(last_frame, np.uint8).copy()
        record["last_frame"] = "given"
    record.update({"plan": sm.plan, "direction": sm.direction, "frame_count": len(frames)})
    return SpriteAnimation(frames, record)


def _scaled(sample: Sample, alpha: float) -> Sample:
    """``alpha`` of the way from rest to ``sample`` (angles and root offsets scaled;
    feet planted where they stand at rest)."""
    angles = {j: tuple(alpha * v for v in a) for j, a in sample.angles.items()}
    return Sample(
        angles=angles,  # type: ignore[arg-type]
        root=tuple(alpha * v for v in sample.root),  # type: ignore[arg-type]
        root_angles=tuple(alpha * v for v in sample.root_angles),  # type: ignore[arg-type]
    )


def _iou(a: np.ndarray, b: np.ndarray) -> float:
    ma, mb = a[..., 3] >= 128, b[..., 3] >= 128
    union = np.logical_or(ma, mb).sum()
    return 1.0 if union == 0 else float(np.logical_and(ma, mb).sum() / union)


def interpolate_sprites(
    start: SpriteModel, end: np.ndarray, action: str, frame_count: int
) -> SpriteAnimation:
    """``frame_count`` frames from ``start`` to ``end`` (module docstring): the first is
    the start sprite and the last the end sprite, exactly."""
    n = max(2, frame_count)
    end = np.asarray(end, np.uint8)
    frames = [start.rgba.copy()]
    record: dict[str, Any] = {"action": action, "frame_count": n}
    if start.subject is None:
        frames += [(start.rgba if k < (n - 1) / 2 else end).copy() for k in range(1, n - 1)]
        record["read_as"] = "hold"
    else:
        motion, how = motion_of(start, action, 16)
        record.update(how)
        b = bind(start)
        model = start.subject.model
        # The end's pose, fitted: the time of the action whose warp of the start looks
        # most like the end (silhouette overlap).
        times = [k / 16 for k in range(1, 17)]
        scores = [_iou(warp_sprite(b, pose_for(model, motion.sample(t))), end) for t in times]
        best = int(np.argmax(scores))
        target = motion.sample(times[best])
        record.update({"end_pose_at": round(times[best], 4), "end_iou": round(scores[best], 4)})
        for k in range(1, n - 1):
            frames.append(warp_sprite(b, pose_for(model, _scaled(target, k / (n - 1)))))
    frames.append(end.copy())
    return SpriteAnimation(frames, record)
