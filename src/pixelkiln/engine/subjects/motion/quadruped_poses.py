"""Postures of four-legged animals, measured on the model they pose.

A quadruped template is a few key postures with in-betweens (:func:`.core.keyed`); the
postures here are written once for every quadruped and sized by the model's own
measurements (``model.info["quad"]``), so a cat's sit and a horse's lie come out of
the same code. Where a posture must touch something (a rump on the ground, a nose at
the water, a paw planted while the body rears) it is solved on the skeleton with a
short bisection (forward kinematics and the core's leg IK), not guessed, so it holds
for every animal's proportions.

A posture is a :class:`P`: angles added to rest, the root's offset and angles, and the
feet: an offset from the rest spot (solved by IK, the paw kept level) or ``None`` (the
leg follows its angles). Feet a posture does not name stay planted. ``P`` values add
and scale, so "lying, head down, breathing in" is ``LIE + HEAD_DOWN + BREATH * 0.5``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import numpy as np

from pixelkiln.engine.subjects.camera import VIEWS
from pixelkiln.engine.subjects.fit import extent
from pixelkiln.engine.subjects.model import Model
from pixelkiln.engine.subjects.motion.core import Key, Sample, pose_for

__all__ = [
    "FRONT",
    "HIND",
    "LEGS",
    "P",
    "Quad",
    "postures",
    "quad",
]

Vec = tuple[float, float, float]
_Z: Vec = (0.0, 0.0, 0.0)
FRONT = ("l_wrist", "r_wrist")
HIND = ("l_hock", "r_hock")
LEGS = FRONT + HIND


def _add3(a: Vec, b: Vec, k: float = 1.0) -> Vec:
    return (a[0] + b[0] * k, a[1] + b[1] * k, a[2] + b[2] * k)


@dataclass(frozen=True)
class P:
    """A posture on top of rest (see the module docstring)."""

    angles: Mapping[str, Vec] = field(default_factory=dict)
    root: Vec = _Z
    root_angles: Vec = _Z
    feet: Mapping[str, Vec | None] = field(default_factory=dict)

    def __add__(self, other: P) -> P:
        angles = dict(self.angles)
        for j, a in other.angles.items():
            angles[j] = _add3(angles.get(j, _Z), a)
        feet: dict[str, Vec | None] = dict(self.feet)
        for f, off in other.feet.items():
            mine = feet.get(f, _Z)
            feet[f] = None if (off is None or mine is None) else _add3(mine, off)
        return P(
            angles, _add3(self.root, other.root), _add3(self.root_angles, other.root_angles), feet
        )

    def __mul__(self, k: float) -> P:
        return P(
            {j: (a[0] * k, a[1] * k, a[2] * k) for j, a in self.angles.items()},
            (self.root[0] * k, self.root[1] * k, self.root[2] * k),
            (self.root_angles[0] * k, self.root_angles[1] * k, self.root_angles[2] * k),
            {
                f: (None if o is None else (o[0] * k, o[1] * k, o[2] * k))
                for f, o in self.feet.items()
            },
        )

    def free(self, *feet: str) -> P:
        """The same posture with ``feet`` left to their angles."""
        return P(self.angles, self.root, self.root_angles, {**self.feet, **dict.fromkeys(feet)})

    def key(self, t: float) -> Key:
        return Key(t, dict(self.angles), self.root, self.root_angles, dict(self.feet))

    def sample(self) -> Sample:
        return Sample(dict(self.angles), self.root, self.root_angles, dict(self.feet))


REST = P()


@dataclass(frozen=True)
class Quad:
    """The measurements a quadruped's motions are sized by (``model.info["quad"]``)."""

    hip_h: float
    shoulder_h: float
    body_len: float
    leg: float  # mean leg height (the gait's yardstick)
    fore: tuple[float, float]
    hind: tuple[float, float]
    wrist_h: float
    hock_h: float
    tail: tuple[str, ...]
    neck_len: float
    hoof: bool
    belly_h: float
    head_len: float
    plan: str

    @property
    def has_tail(self) -> bool:
        return len(self.tail) > 1


def quad(model: Model) -> Quad:
    q = model.info["quad"]
    return Quad(
        hip_h=q["hip_h"],
        shoulder_h=q["shoulder_h"],
        body_len=q["body_len"],
        leg=q["leg_len"],
        fore=tuple(q["fore"]),
        hind=tuple(q["hind"]),
        wrist_h=q["wrist_h"],
        hock_h=q["hock_h"],
        tail=tuple(q["tail"]),
        neck_len=q["neck_len"],
        hoof=bool(q["hoof"]),
        belly_h=q["belly_h"],
        head_len=q["head_len"],
        plan=model.plan,
    )


# Measuring a posture on the skeleton ---------------------------------------------------


def _frames(model: Model, p: P) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    return model.skeleton.forward(pose_for(model, p.sample()))


def point(model: Model, p: P, joint: str, offset: Vec = _Z) -> np.ndarray:
    """Where a point fixed to ``joint`` lands under posture ``p`` (model space)."""
    rot, pos = _frames(model, p)[joint]
    return pos + rot @ np.asarray(offset, dtype=np.float64)


def nose(model: Model, p: P) -> np.ndarray:
    joint, offset = model.keypoints["NOSE"]
    return point(model, p, joint, offset)


def lowest(model: Model, p: P, groups: tuple[str, ...] = ("body",)) -> float:
    """The lowest height any part of ``groups`` reaches under ``p``."""
    box = extent(model, pose_for(model, p.sample()), "south", VIEWS["side"], groups)
    return -box.v_max


def solve(fn: Callable[[float], float], lo: float, hi: float, target: float, iters: int = 22):
    """``x`` in ``[lo, hi]`` where the monotonic ``fn(x)`` meets ``target`` (bisection)."""
    f_lo = fn(lo) - target
    for _ in range(iters):
        mid = (lo + hi) / 2
        f_mid = fn(mid) - target
        if (f_mid > 0) == (f_lo > 0):
            lo, f_lo = mid, f_mid
        else:
            hi = mid
    return (lo + hi) / 2


# Postures ----------------------------------------------------------------------------

_CACHE: dict[int, tuple[Model, dict[str, P]]] = {}


def postures(model: Model) -> dict[str, P]:
    """The named postures of a quadruped model (computed once per model)."""
    hit = _CACHE.get(id(model))
    if hit is not None and hit[0] is model:
        return hit[1]
    out = _postures(model)
    if len(_CACHE) > 16:
        _CACHE.clear()
    _CACHE[id(model)] = (model, out)
    return out


def neck_curve(down: float, head: float = 0.0) -> P:
    """The neck bent ``down`` degrees (negative lifts it), shared by its two joints, and
    the head tipped ``head`` degrees further (+ nose down)."""
    return P({"neck": (-down * 0.55, 0, 0), "neck2": (-down * 0.45, 0, 0), "head": (-head, 0, 0)})


def tail_curve(model: Model, swing: float = 0.0, twist: float = 0.0) -> P:
    """The tail lifted ``swing`` degrees (+ up) and swept ``twist`` degrees (+ to its
    left), spread along the chain so it curves."""
    names = quad(model).tail
    if not names:
        return REST
    n = len(names)
    w = [(n - i) / (n * (n + 1) / 2) for i in range(n)]  # more at the base
    return P({t: (-swing * w[i], 0.0, twist * w[i]) for i, t in enumerate(names)})


def tail_wave(model: Model, phase: float, amp: float, lift: float = 0.0) -> P:
    """A travelling side-to-side wave along the tail (each joint a little later)."""
    names = quad(model).tail
    out: dict[str, Vec] = {}
    for i, t in enumerate(names):
        a = amp * math.sin(2 * math.pi * (phase - 0.12 * i)) / max(1, len(names)) * 1.6
        out[t] = (-lift / max(1, len(names)), 0.0, a)
    return P(out)


def _postures(model: Model) -> dict[str, P]:
    q = quad(model)
    L = q.body_len
    out: dict[str, P] = {"rest": REST}
    fore_reach = sum(q.fore)
    hind_paw_r = 0.35 * q.hock_h
    # Crouch: the body low, legs bent, head level and forward (stalking, pounce wind-up).
    crouch_drop = 0.26 * q.leg
    out["crouch"] = P(root=(0.0, 0.0, -crouch_drop), root_angles=(-3.0, 0, 0)) + neck_curve(18, -12)
    # Sit: the rump on the ground, the back curving up to a chest raised on straight
    # front legs (the pelvis tips less than the chest, so the haunch stays round).
    sit_pitch = {"cat": 50.0, "dog": 46.0, "lion": 42.0, "bear": 50.0}.get(q.plan, 42.0)
    if q.hoof:
        sit_pitch = 34.0
    bend = P(
        {"spine": (sit_pitch * 0.3, 0, 0), "chest": (sit_pitch * 0.15, 0, 0)},
        root_angles=(sit_pitch * 0.55, 0, 0),
    )
    # Slide the body so the shoulders stay over the planted front paws.
    shoulder_rest = point(model, REST, "l_shoulder")
    slide = float(point(model, bend, "l_shoulder")[1] - shoulder_rest[1])

    def sit_with(drop: float) -> P:
        return bend + P(root=(0.0, -slide, -drop))

    drop = solve(lambda z: lowest(model, sit_with(z), ("body",)), 0.0, q.hip_h, 0.01 * q.leg)
    sit = sit_with(drop)
    pelvis = point(model, sit, "l_hip")
    hind_dy = float(pelvis[1] - point(model, REST, "l_hock")[1]) - 0.1 * q.hind[1]
    sit = sit + P(
        {"l_hpaw": (82, 0, 0), "r_hpaw": (82, 0, 0)},
        feet=dict.fromkeys(HIND, (0.0, hind_dy, -(q.hock_h - hind_paw_r))),
    )
    # Keep the head level; the tail lies on the ground, curled round the side.
    sit = (
        sit
        + neck_curve(sit_pitch * 0.75, sit_pitch * 0.3)
        + tail_curve(model, sit_pitch * 0.6 + 25, 40)
    )
    chest = point(model, sit, "l_shoulder")
    wrist0 = point(model, REST, "l_wrist")
    reach = float(chest[2] - wrist0[2])
    if reach > fore_reach * 0.97:  # the chest is too high for planted paws: sink a bit
        sit = sit + P(root=(0.0, 0.0, -(reach - fore_reach * 0.97)))
    out["sit"] = sit

    # Lie: the belly on the ground, front legs stretched forward (paws flat), hind legs
    # folded beside the body. Hoofed animals fold all four legs under them.
    def lie_with(drop: float) -> P:
        return P(root=(0.0, 0.0, -drop), root_angles=(3.0, 0, 0))

    drop = solve(lambda z: lowest(model, lie_with(z), ("body",)), 0.0, q.hip_h, 0.015 * q.leg)
    if q.hoof:
        lie = lie_with(drop) + P(
            {
                "l_fpaw": (-150, 0, 0),
                "r_fpaw": (-150, 0, 0),
                "l_hpaw": (85, 0, 0),
                "r_hpaw": (85, 0, 0),
            },
            feet={
                **dict.fromkeys(FRONT, (0.0, 0.15 * L, -(q.wrist_h - 0.3 * q.wrist_h) * 0.9)),
                **dict.fromkeys(HIND, (0.0, -0.2 * L, -(q.hock_h * 0.75))),
            },
        )
    else:
        lie = lie_with(drop) + P(
            {
                "l_fpaw": (84, 0, 0),
                "r_fpaw": (84, 0, 0),
                "l_hpaw": (84, 0, 0),
                "r_hpaw": (84, 0, 0),
            },
            feet={
                **dict.fromkeys(FRONT, (0.0, -0.55 * q.fore[1], -(q.wrist_h * 0.7))),
                **dict.fromkeys(HIND, (0.0, -0.12 * L, -(q.hock_h - hind_paw_r))),
            },
        )
    lie = lie + neck_curve(-8, -4) + tail_curve(model, -10, 14)
    out["lie"] = lie
    # Asleep: lying with the head down on the ground (or on the paws).
    nose_lie = nose(model, lie)

    def head_at(k: float) -> float:
        return float(nose(model, lie + neck_curve(60 * k, 30 * k))[2])

    k = solve(head_at, 0.0, 1.4, 0.04 * q.leg + 0.0 * nose_lie[2])
    out["sleep"] = lie + neck_curve(60 * k, 30 * k) + tail_curve(model, -6, 30)
    # Head down to the ground in front of the front paws (eating, drinking, grazing):
    # the front legs bend a little and the chest dips for short-necked animals.
    dip = 0.0 if q.hoof or q.neck_len > 0.6 * q.leg else 6.0
    base = P(root_angles=(-dip, 0, 0), root=(0.0, 0.0, -0.04 * q.leg))

    def graze(k: float) -> float:
        return float(nose(model, base + neck_curve(75 * k, 25 * k))[2])

    k = solve(graze, 0.0, 1.6, 0.035 * q.leg)
    out["head_down"] = base + neck_curve(75 * k, 25 * k) + tail_curve(model, -8, 0)
    # Rear: up on the hind legs, front legs free and raised.
    rear_pitch = 62.0 if q.plan == "bear" else 48.0 if q.hoof else 42.0
    rear = P(root=(0.0, 0.06 * L, 0.05 * q.leg), root_angles=(rear_pitch, 0, 0))
    rear = (
        rear
        + neck_curve(rear_pitch * 0.8, rear_pitch * 0.2)
        + P(
            {
                "l_shoulder": (70, 0, 0),
                "r_shoulder": (58, 0, 0),
                "l_elbow": (-40, 0, 0),
                "r_elbow": (-55, 0, 0),
                "l_fpaw": (-30, 0, 0),
                "r_fpaw": (-30, 0, 0),
            },
            feet=dict.fromkeys(FRONT),
        )
        + tail_curve(model, -15, 0)
    )
    out["rear"] = rear
    return out
