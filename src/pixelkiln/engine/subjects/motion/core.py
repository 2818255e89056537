"""Motion: samples of a pose over normalised time, keyframed or procedural, and IK.

A :class:`Motion` has a frame count, whether it loops, and a sampler ``t -> Sample``
(t in 0..1). A :class:`Sample` says, on top of the model's rest pose:

- ``angles``: (swing, spread, twist) degrees per joint, added to the rest angles;
- ``root``: the root's offset (model units, in the subject's own frame: x to its left,
  y backward, z up) and ``root_angles`` (lean forward, roll, turn);
- ``feet``: per leg (keyed by its ankle joint) the ankle's offset from its rest spot,
  or ``None`` to leave that leg to its angles. A leg with an offset is solved with
  two-bone IK and its foot kept level, so a planted foot stays on its pixel while the
  body crouches, leans or punches;
- ``effects``: things drawn with the frame (a fireball), see :mod:`.effects`.

Rules every template keeps (and the tests hold): frame 0 is the rest pose, so the first
frame of every animation equals the rotation image; a looping motion samples ``t = i /
frames`` so the frame after the last is the first; a one-shot samples ``i / (frames - 1)``
and, unless it ends lying down, returns to rest.

Keyframes interpolate with Catmull-Rom tangents (wrapping for loops), so motion eases
through keys instead of snapping between them. Gaits (:func:`gait`) move each foot on a
stance/swing cycle and let IK bend the legs: the stance foot travels backward at the
walking speed, which is the distance a game moves the sprite per frame (``travel``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from pixelkiln.engine.subjects.model import Leg, Model
from pixelkiln.engine.subjects.rig import Pose, solve_two_bone

__all__ = [
    "Angles",
    "Effect",
    "Key",
    "Motion",
    "Sample",
    "frame_times",
    "keyed",
    "pose_for",
]

Angles = Mapping[str, tuple[float, float, float]]
_ZERO = (0.0, 0.0, 0.0)


@dataclass(frozen=True)
class Effect:
    """A visual effect drawn with a frame: ``kind`` (an engine VFX kind), the joint it
    starts from, how far it has flown forward (model units) and its size (model units)."""

    kind: str
    anchor: str
    forward: float = 0.0
    size: float = 1.0
    phase: float = 0.0  # 0..1 through the effect's own loop
    color: tuple[int, int, int] | None = None


@dataclass(frozen=True)
class Sample:
    """A pose on top of rest (see the module docstring)."""

    angles: Angles = field(default_factory=dict)
    root: tuple[float, float, float] = _ZERO
    root_angles: tuple[float, float, float] = _ZERO
    feet: Mapping[str, tuple[float, float, float] | None] = field(default_factory=dict)
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class Motion:
    """A named motion: frame count, looping, and its sampler."""

    name: str
    frames: int
    loop: bool
    sample: Callable[[float], Sample]
    travel: float = 0.0  # model units the subject advances per cycle (0 in place)
    ends_down: bool = False  # a one-shot that ends lying (death, sleep): no return to rest
    returns: bool = True  # a one-shot that comes back to its first pose at t = 1
    fps: int = 10
    description: str = ""

    def times(self) -> list[float]:
        return frame_times(self.frames, self.loop or (self.returns and not self.ends_down))


def frame_times(frames: int, cyclic: bool) -> list[float]:
    """Normalised sample times of each frame.

    A cycle (a loop, or a one-shot that returns to its first pose at t = 1) samples
    ``i / frames``, so its last frame leads into frame 0 without repeating it; a motion
    that ends elsewhere samples ``i / (frames - 1)`` and shows its final pose.
    """
    if frames <= 1:
        return [0.0]
    step = 1.0 / frames if cyclic else 1.0 / (frames - 1)
    return [i * step for i in range(frames)]


@dataclass(frozen=True)
class Key:
    """A keyframe at time ``t`` (0..1)."""

    t: float
    angles: Angles = field(default_factory=dict)
    root: tuple[float, float, float] = _ZERO
    root_angles: tuple[float, float, float] = _ZERO
    feet: Mapping[str, tuple[float, float, float] | None] = field(default_factory=dict)


def _catmull(p0: np.ndarray, p1: np.ndarray, p2: np.ndarray, p3: np.ndarray, u: float):
    u2, u3 = u * u, u * u * u
    return 0.5 * (
        (2 * p1)
        + (-p0 + p2) * u
        + (2 * p0 - 5 * p1 + 4 * p2 - p3) * u2
        + (-p0 + 3 * p1 - 3 * p2 + p3) * u3
    )


def keyed(
    keys: Sequence[Key],
    loop: bool,
    free_feet: Sequence[str] = (),
    effects: Callable[[float], tuple[Effect, ...]] | None = None,
) -> Callable[[float], Sample]:
    """A sampler through ``keys`` (the first at t=0 should be rest).

    Feet listed in no key are planted at rest (IK) unless named in ``free_feet``; a key
    that gives a foot ``None`` frees it at that key.
    """
    keys = sorted(keys, key=lambda k: k.t)
    if loop and keys[-1].t < 1.0:
        keys = [*keys, Key(1.0, keys[0].angles, keys[0].root, keys[0].root_angles, keys[0].feet)]
    joints = sorted({j for k in keys for j in k.angles})
    feet = sorted({f for k in keys for f in k.feet})
    times = np.array([k.t for k in keys])

    def vec(k: Key) -> np.ndarray:
        out = [c for j in joints for c in k.angles.get(j, _ZERO)]
        out += list(k.root) + list(k.root_angles)
        for f in feet:
            off = k.feet.get(f, _ZERO)
            out += list(off if off is not None else _ZERO)
        return np.array(out, dtype=np.float64)

    values = [vec(k) for k in keys]
    n = len(keys)

    def at(i: int) -> np.ndarray:
        if loop:
            # keys[-1] repeats keys[0] at t=1: step over it when wrapping.
            return values[i % (n - 1)] if n > 1 else values[0]
        return values[min(max(i, 0), n - 1)]

    def sample(t: float) -> Sample:
        t = t % 1.0 if loop else min(max(t, 0.0), 1.0)
        i = int(np.searchsorted(times, t, side="right") - 1)
        i = min(max(i, 0), n - 2) if n > 1 else 0
        span = times[i + 1] - times[i] if n > 1 else 1.0
        u = 0.0 if span <= 0 else (t - times[i]) / span
        v = _catmull(at(i - 1), at(i), at(i + 1), at(i + 2), u) if n > 1 else values[0]
        angles = {}
        pos = 0
        for j in joints:
            angles[j] = (float(v[pos]), float(v[pos + 1]), float(v[pos + 2]))
            pos += 3
        root = (float(v[pos]), float(v[pos + 1]), float(v[pos + 2]))
        root_angles = (float(v[pos + 3]), float(v[pos + 4]), float(v[pos + 5]))
        pos += 6
        foot_out: dict[str, tuple[float, float, float] | None] = {}
        near = keys[i] if u < 0.5 or n == 1 else keys[i + 1]
        for f in feet:
            if near.feet.get(f, _ZERO) is None:
                foot_out[f] = None
            else:
                foot_out[f] = (float(v[pos]), float(v[pos + 1]), float(v[pos + 2]))
            pos += 3
        for f in free_feet:
            foot_out.setdefault(f, None)
        return Sample(
            angles=angles,
            root=root,
            root_angles=root_angles,
            feet=foot_out,
            effects=effects(t) if effects else (),
        )

    return sample


# Posing ---------------------------------------------------------------------------


def _frame_to(dir_down: np.ndarray, hinge: np.ndarray) -> np.ndarray:
    """A rotation whose -Z is ``dir_down`` and whose X is (as near as may be) ``hinge``."""
    z = -dir_down / np.linalg.norm(dir_down)
    x = hinge - z * float(hinge @ z)
    nx = np.linalg.norm(x)
    if nx < 1e-9:
        x = np.cross(np.array([0.0, 1.0, 0.0]), z)
        nx = np.linalg.norm(x)
    x = x / nx
    y = np.cross(z, x)
    return np.stack([x, y, z], axis=1)


def _subject_to_model(offset: Sequence[float]) -> np.ndarray:
    """Subject frame (x left, y back, z up) is the model frame: a subject faces -Y."""
    return np.asarray(offset, dtype=np.float64)


def pose_for(model: Model, sample: Sample) -> Pose:
    """The model's pose for a sample: rest + angles, then IK for every planted leg."""
    pose = model.pose(sample.angles, _subject_to_model(sample.root), sample.root_angles)
    legs = [leg for leg in model.legs if sample.feet.get(leg.ankle, _ZERO) is not None]
    if not legs:
        return pose
    rest_frames = model.skeleton.forward(model.pose())
    frames = model.skeleton.forward(pose)
    parent = {j.name: j.parent for j in model.skeleton.joints}
    for leg in legs:
        _plant(model, pose, frames, rest_frames, parent, leg, sample.feet.get(leg.ankle, _ZERO))
        frames = model.skeleton.forward(pose)
    return pose


def _plant(
    model: Model,
    pose: Pose,
    frames: dict[str, tuple[np.ndarray, np.ndarray]],
    rest_frames: dict[str, tuple[np.ndarray, np.ndarray]],
    parent: dict[str, str | None],
    leg: Leg,
    offset: Sequence[float] | None,
) -> None:
    off = np.asarray(offset if offset is not None else _ZERO, dtype=np.float64)
    hip_rot, hip_pos = frames[leg.hip]
    target = rest_frames[leg.ankle][1] + _subject_to_model(off)
    if np.allclose(frames[leg.ankle][1], target, atol=1e-9):
        return  # already there: leave the pose exactly as it is (frame 0 is the rest pose)
    skel = model.skeleton
    upper = float(np.linalg.norm(skel.joint(leg.knee).offset))
    lower = float(np.linalg.norm(skel.joint(leg.ankle).offset))
    root_rot = frames[skel.joints[0].name][0]
    # The body's own forward (-Y of the root frame, flattened) tells the knee which way.
    fwd = root_rot @ np.array([0.0, -1.0, 0.0])
    fwd[2] = 0.0
    fwd = fwd / max(np.linalg.norm(fwd), 1e-9)
    bend = fwd if leg.knee_forward else -fwd
    knee, end = solve_two_bone(hip_pos, target, upper, lower, bend)
    hinge = root_rot @ np.array([1.0, 0.0, 0.0])
    parent_rot = frames[parent[leg.hip]][0] if parent[leg.hip] else np.eye(3)
    # The rest bones may not point straight down (a splayed quadruped leg): keep the
    # rest rotation that took -Z to the bone, then add the turn that takes it where IK
    # wants it.
    thigh_world = _frame_to(knee - hip_pos, hinge) @ _rest_bone(skel, leg.knee).T
    shin_world = _frame_to(end - knee, hinge) @ _rest_bone(skel, leg.ankle).T
    pose.rotations[leg.hip] = parent_rot.T @ thigh_world
    pose.rotations[leg.knee] = thigh_world.T @ shin_world
    # Keep the foot level: the ankle's world frame is the root's upright turn.
    level = _upright(root_rot)
    pose.rotations[leg.ankle] = shin_world.T @ level
    del hip_rot


def _rest_bone(skel, child: str) -> np.ndarray:
    """The rotation taking -Z to the rest direction of the bone ending at ``child``."""
    off = np.asarray(skel.joint(child).offset, dtype=np.float64)
    return _frame_to(off, np.array([1.0, 0.0, 0.0]))


def _upright(rot: np.ndarray) -> np.ndarray:
    """Only the turn about Z of a rotation (lean and roll removed)."""
    fwd = rot @ np.array([0.0, -1.0, 0.0])
    yaw = math.atan2(fwd[0], -fwd[1])
    c, s = math.cos(yaw), math.sin(yaw)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])
