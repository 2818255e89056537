"""Four-legged body plans: ``dog``, ``cat``, ``horse``, ``bear``, ``lion`` (and ``dragon``).

One builder draws every quadruped from a table of measurements (:class:`QuadDims`, in
metres, so a horse and a cat keep their real proportions and the fit scales them to the
canvas). What makes each animal read at 48 px is its silhouette, so the measurements
exaggerate what a player recognises: a bear's bulk and short thick legs, a cat's small
head, big pointed ears and long curving tail, a horse's long legs, neck and head, a
lion's mane.

Skeleton (the subject faces -Y, its own left is +X):

- ``pelvis`` (root, between the hips) -> ``spine`` -> ``chest`` (between the shoulders);
- ``neck`` -> ``neck2`` -> ``head`` (the poll) -> ``jaw``; ``l_ear``/``r_ear`` on the head;
- ``tail1`` ... ``tailN`` (``tail_end`` the tip);
- front legs ``l_shoulder`` -> ``l_elbow`` -> ``l_wrist`` (the carpus; the elbow bends
  back), hind legs ``l_hip`` -> ``l_knee`` -> ``l_hock`` (the knee bends forward). Each
  is a :class:`~pixelkiln.engine.subjects.model.Leg` planted by IK at its wrist or hock;
  the paw hangs from a child joint (``l_fpaw``, ``l_hpaw``) whose swing folds the paw
  while the IK keeps the wrist or hock level, so a stepping paw can flick back.

Every rest angle along the legs and the spine is zero (the geometry lives in the joint
offsets): the IK then reproduces the rest pose exactly, and frame 0 of a walk is the
rotation image pixel for pixel. The origin is the ground point at the middle of the
animal's length, so it turns on the spot.

Keypoints: front legs stand for arms (SHOULDER, ELBOW, ARM = wrist), hind legs for legs
(HIP, KNEE, LEG = hock), NOSE at the tip of the snout, NECK half way up the neck.

Shared helpers for the other creature plans (tilted axes, points on an ellipsoid, eye
stamps) live here too.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from typing import Any

import numpy as np

from pixelkiln.engine.rng import make_rng
from pixelkiln.engine.subjects.build import Builder, capsule, ellipsoid, frustum
from pixelkiln.engine.subjects.model import Band, Leg, Model, Paint, Stamp, aim

__all__ = [
    "QUADRUPED_PLANS",
    "QUAD_DIMS",
    "QuadDims",
    "build_quadruped",
    "ellipsoid_point",
    "eye_pair",
    "paint_roles",
    "quad_dims",
    "tilt_axes",
]

QUADRUPED_PLANS: tuple[str, ...] = ("dog", "cat", "horse", "bear", "lion")
#: Groups the fit sizes a quadruped by: the body without tail, mane, horns or wings, so
#: a long tail does not shrink the animal (it may reach into the canvas margin).
BODY_GROUPS: tuple[str, ...] = ("body", "head", "fl_leg", "fr_leg", "hl_leg", "hr_leg")

Vec = tuple[float, float, float]


# Shared geometry helpers ----------------------------------------------------------


def tilt_axes(pitch: float = 0.0, yaw: float = 0.0, roll: float = 0.0) -> tuple:
    """Part axes turned by ``pitch`` (degrees; + tips the shape's forward, -Y, down),
    then ``roll`` (about Y) and ``yaw`` (about Z, + turns forward toward +X)."""
    p, y, r = (math.radians(a) for a in (pitch, yaw, roll))
    rx = np.array([[1, 0, 0], [0, math.cos(p), -math.sin(p)], [0, math.sin(p), math.cos(p)]])
    ry = np.array([[math.cos(r), 0, math.sin(r)], [0, 1, 0], [-math.sin(r), 0, math.cos(r)]])
    rz = np.array([[math.cos(y), math.sin(y), 0], [-math.sin(y), math.cos(y), 0], [0, 0, 1]])
    m = rz @ ry @ rx
    return tuple(tuple(float(v) for v in m[:, i]) for i in range(3))


def ellipsoid_point(
    centre: Vec, radii: Vec, axes: tuple, direction: Vec
) -> tuple[np.ndarray, np.ndarray]:
    """The point of an ellipsoid's surface along ``direction`` from its centre (joint
    frame) and the outward normal there."""
    m = np.array(axes, dtype=np.float64).T
    r = np.asarray(radii, dtype=np.float64)
    d = m.T @ np.asarray(direction, dtype=np.float64)
    d = d / np.linalg.norm(d)
    k = 1.0 / math.sqrt(float(np.sum((d / r) ** 2)))
    local = d * k
    normal = m @ (local / (r * r))
    return np.asarray(centre) + m @ local, normal / np.linalg.norm(normal)


def eye_pair(
    b: Builder,
    joint: str,
    part: str,
    centre: Vec,
    radii: Vec,
    axes: tuple,
    look: Vec,
    keypoints: bool = True,
    inset: float = 0.35,
) -> None:
    """Two eye stamps on an ellipsoid part, mirrored in X, along ``look`` (the left eye's
    direction from the centre, joint frame), and their keypoints a little inside."""
    for side, sx in (("LEFT", 1.0), ("RIGHT", -1.0)):
        d = (look[0] * sx, look[1], look[2])
        at, normal = ellipsoid_point(centre, radii, axes, d)
        b.stamp(Stamp("eye", joint, tuple(at.tolist()), tuple(normal.tolist()), "eyes", part))
        if keypoints:
            inner = np.asarray(centre) + (at - np.asarray(centre)) * (1.0 - inset)
            b.keypoint(f"{side} EYE", joint, tuple(inner.tolist()))


def paint_roles(b: Builder, paints: dict[str, Paint], defaults: dict[str, Paint]) -> None:
    """Paint every role the builder's parts, bands and stamps use: the spec's paint,
    else the plan's default, else the body's."""
    used = {p.role for p in b.parts} | {bd.role for p in b.parts for bd in p.bands}
    used |= {s.role for s in b.stamps}
    body = paints.get("body") or defaults["body"]
    for role in sorted(used):
        b.paint(role, paints.get(role) or defaults.get(role) or body)


def _dir(pitch_up: float) -> np.ndarray:
    """A unit vector pointing forward (-Y) and ``pitch_up`` degrees above horizontal."""
    a = math.radians(pitch_up)
    return np.array([0.0, -math.cos(a), math.sin(a)])


def _back(pitch_up: float) -> np.ndarray:
    """A unit vector pointing backward (+Y) and ``pitch_up`` degrees above horizontal."""
    a = math.radians(pitch_up)
    return np.array([0.0, math.cos(a), math.sin(a)])


# Measurements ---------------------------------------------------------------------


@dataclass(frozen=True)
class QuadDims:
    """A quadruped's measurements (metres; forward is -Y; heights above the ground)."""

    # Legs: joint heights, and how far the middle joints sit from the leg's line.
    hip_h: float
    shoulder_h: float
    body_len: float  # shoulder joints to hip joints
    leg_x: float  # half the track width
    elbow_h: float
    elbow_back: float
    wrist_h: float
    knee_h: float
    knee_fwd: float
    hock_h: float
    hock_back: float
    fore_r: tuple[float, float]  # upper and lower front leg radii
    hind_r: tuple[float, float, float]  # thigh, shin, metatarsus radii
    paw: Vec  # paw (or hoof) radii x, y, z
    hoof: bool = False
    # Torso: ellipsoid radii and centre offsets (dy, dz) from their joints.
    chest: Vec = (0.1, 0.14, 0.12)
    chest_at: tuple[float, float] = (0.0, 0.04)
    barrel: Vec = (0.1, 0.15, 0.1)
    barrel_at: tuple[float, float] = (0.0, 0.03)
    rump: Vec = (0.1, 0.1, 0.1)
    rump_at: tuple[float, float] = (0.02, 0.03)
    hump: float = 0.0  # a bear's shoulder hump (radius)
    # Neck and head.
    neck_at: tuple[float, float] = (-0.08, 0.06)  # (dy, dz) from the chest joint
    neck_len: float = 0.18
    neck_tilt: tuple[float, float] = (40.0, 30.0)  # each segment's lean forward from vertical
    neck_r: tuple[float, float] = (0.06, 0.045)
    head_drop: float = 10.0  # the snout's angle below the horizontal
    cranium: Vec = (0.06, 0.07, 0.06)
    snout: tuple[float, float, float] = (0.08, 0.035, 0.028)  # length, r0, r1
    snout_drop: float = 8.0
    ears: str = "pointed"  # pointed | round | floppy | small | none
    ear: tuple[float, float] = (0.07, 0.03)  # length, base radius
    ear_spread: float = 18.0  # degrees the ears lean outward
    # Tail.
    tail: str = "fur"  # fur | hair | stub | none
    tail_len: float = 0.35
    tail_r: tuple[float, float] = (0.03, 0.018)
    tail_segments: int = 4
    tail_lift: float = -35.0  # first segment's angle above the backward horizontal
    tail_curl: float = 12.0  # bend per segment (+ curls up)
    tuft: float = 0.0  # tail-tip tuft radius
    # Features.
    mane: str = "none"  # none | ruff | crest
    mane_r: float = 0.0
    horn: str = "none"  # none | unicorn | antlers | horns
    pattern: str = "none"  # none | stripes | spots | patches | panda
    stripes: int = 4  # stripes across each torso part
    stripe_w: float = 0.1  # their half width (normalised: wider reads better when small)
    eye_look: Vec = (0.55, -0.75, 0.25)  # left eye's direction on the cranium
    wings: float = 0.0  # dragon wing span (one wing), 0 for none
    spikes: float = 0.0  # dragon back spikes (height), 0 for none

    def scaled(self, **mul: float) -> QuadDims:
        return replace(self, **{k: getattr(self, k) * v for k, v in mul.items()})


# fmt: off
_DOG = QuadDims(
    hip_h=0.36, shoulder_h=0.36, body_len=0.42, leg_x=0.075,
    elbow_h=0.24, elbow_back=0.05, wrist_h=0.07, knee_h=0.23, knee_fwd=0.06,
    hock_h=0.12, hock_back=0.07, fore_r=(0.048, 0.036), hind_r=(0.08, 0.04, 0.032),
    paw=(0.04, 0.05, 0.026),
    chest=(0.12, 0.15, 0.15), chest_at=(0.02, 0.03),
    barrel=(0.11, 0.17, 0.12), barrel_at=(0.0, 0.05),
    rump=(0.11, 0.11, 0.12), rump_at=(0.02, 0.05),
    neck_at=(-0.11, 0.06), neck_len=0.15, neck_tilt=(62.0, 48.0), neck_r=(0.07, 0.055),
    head_drop=4.0, cranium=(0.075, 0.08, 0.075), snout=(0.12, 0.045, 0.032), snout_drop=8.0,
    ears="pointed", ear=(0.085, 0.036), ear_spread=16.0,
    tail="fur", tail_len=0.34, tail_r=(0.03, 0.025), tail_segments=3, tail_lift=-50.0,
    tail_curl=16.0,
)
_CAT = QuadDims(
    hip_h=0.15, shoulder_h=0.14, body_len=0.26, leg_x=0.044,
    elbow_h=0.09, elbow_back=0.025, wrist_h=0.03, knee_h=0.095, knee_fwd=0.035,
    hock_h=0.05, hock_back=0.04, fore_r=(0.024, 0.018), hind_r=(0.052, 0.02, 0.016),
    paw=(0.02, 0.023, 0.013),
    chest=(0.064, 0.085, 0.07), chest_at=(0.015, 0.025),
    barrel=(0.062, 0.11, 0.064), barrel_at=(0.0, 0.03),
    rump=(0.064, 0.07, 0.068), rump_at=(0.015, 0.035),
    neck_at=(-0.055, 0.05), neck_len=0.06, neck_tilt=(40.0, 25.0), neck_r=(0.04, 0.036),
    head_drop=2.0, cranium=(0.056, 0.052, 0.051), snout=(0.024, 0.028, 0.021), snout_drop=18.0,
    ears="pointed", ear=(0.056, 0.025), ear_spread=22.0,
    tail="fur", tail_len=0.3, tail_r=(0.019, 0.016), tail_segments=5, tail_lift=-40.0,
    tail_curl=26.0, eye_look=(0.42, -0.85, 0.18),
)
_HORSE = QuadDims(
    hip_h=1.22, shoulder_h=1.2, body_len=1.05, leg_x=0.17,
    elbow_h=0.9, elbow_back=0.12, wrist_h=0.42, knee_h=0.92, knee_fwd=0.14,
    hock_h=0.52, hock_back=0.16, fore_r=(0.09, 0.05), hind_r=(0.16, 0.065, 0.045),
    paw=(0.06, 0.065, 0.06), hoof=True,
    chest=(0.27, 0.34, 0.32), chest_at=(0.04, 0.02),
    barrel=(0.27, 0.42, 0.31), barrel_at=(0.0, 0.03),
    rump=(0.27, 0.3, 0.3), rump_at=(0.05, 0.05),
    neck_at=(-0.2, 0.18), neck_len=0.78, neck_tilt=(48.0, 28.0), neck_r=(0.17, 0.1),
    head_drop=52.0, cranium=(0.11, 0.14, 0.12), snout=(0.4, 0.1, 0.075), snout_drop=0.0,
    ears="small", ear=(0.13, 0.04), ear_spread=10.0,
    tail="hair", tail_len=0.85, tail_r=(0.07, 0.09), tail_segments=3, tail_lift=-40.0,
    tail_curl=-14.0, mane="crest", mane_r=0.07, eye_look=(0.7, -0.45, 0.35),
)
_BEAR = QuadDims(
    hip_h=0.5, shoulder_h=0.52, body_len=0.62, leg_x=0.17,
    elbow_h=0.32, elbow_back=0.06, wrist_h=0.09, knee_h=0.3, knee_fwd=0.07,
    hock_h=0.09, hock_back=0.05, fore_r=(0.115, 0.095), hind_r=(0.17, 0.1, 0.09),
    paw=(0.09, 0.115, 0.05),
    chest=(0.28, 0.3, 0.3), chest_at=(0.04, 0.08),
    barrel=(0.29, 0.33, 0.29), barrel_at=(0.0, 0.09),
    rump=(0.27, 0.26, 0.27), rump_at=(0.04, 0.1), hump=0.2,
    neck_at=(-0.2, 0.1), neck_len=0.2, neck_tilt=(60.0, 60.0), neck_r=(0.19, 0.16),
    head_drop=6.0, cranium=(0.17, 0.16, 0.155), snout=(0.13, 0.085, 0.065), snout_drop=10.0,
    ears="round", ear=(0.075, 0.072), ear_spread=25.0,
    tail="stub", tail_len=0.08, tail_r=(0.06, 0.04), tail_segments=1, tail_lift=-10.0,
    tail_curl=0.0, eye_look=(0.48, -0.82, 0.32),
)
_LION = QuadDims(
    hip_h=0.62, shoulder_h=0.62, body_len=0.88, leg_x=0.13,
    elbow_h=0.4, elbow_back=0.08, wrist_h=0.11, knee_h=0.4, knee_fwd=0.09,
    hock_h=0.18, hock_back=0.1, fore_r=(0.09, 0.07), hind_r=(0.14, 0.07, 0.058),
    paw=(0.075, 0.085, 0.045),
    chest=(0.2, 0.25, 0.24), chest_at=(0.03, 0.05),
    barrel=(0.19, 0.32, 0.2), barrel_at=(0.0, 0.07),
    rump=(0.19, 0.2, 0.21), rump_at=(0.03, 0.07),
    neck_at=(-0.18, 0.1), neck_len=0.24, neck_tilt=(58.0, 45.0), neck_r=(0.13, 0.11),
    head_drop=6.0, cranium=(0.14, 0.135, 0.135), snout=(0.13, 0.09, 0.072), snout_drop=12.0,
    ears="round", ear=(0.05, 0.048), ear_spread=30.0,
    tail="fur", tail_len=0.8, tail_r=(0.035, 0.03), tail_segments=5, tail_lift=-55.0,
    tail_curl=16.0, tuft=0.07, mane="ruff", mane_r=0.3, eye_look=(0.45, -0.85, 0.25),
)
# fmt: on

#: Default measurements of every quadruped plan.
QUAD_DIMS: dict[str, QuadDims] = {
    "dog": _DOG,
    "cat": _CAT,
    "horse": _HORSE,
    "bear": _BEAR,
    "lion": _LION,
}

_FIELDS = {f.name for f in fields(QuadDims)}
#: Params that scale groups of measurements (multipliers) rather than set one.
_SCALES: dict[str, tuple[str, ...]] = {
    "legs": ("hip_h", "shoulder_h", "elbow_h", "wrist_h", "knee_h", "hock_h"),
    "snout_len": ("snout",),
    "neck": ("neck_len",),
    "tail_length": ("tail_len",),
    "bulk": ("leg_x", "fore_r", "hind_r", "neck_r"),
    "ear_size": ("ear",),
    "head": ("cranium", "snout"),
    "length": ("body_len",),
}


def _mul(value: Any, k: float) -> Any:
    if isinstance(value, tuple):
        return tuple(v * k for v in value)
    return value * k


def quad_dims(plan: str, params: dict[str, Any] | None = None) -> QuadDims:
    """The plan's measurements with ``params`` applied: any :class:`QuadDims` field by
    name, or a multiplier from ``legs``, ``snout_len``, ``neck``, ``tail_length``,
    ``bulk``, ``ear_size``, ``head``."""
    base = QUAD_DIMS.get(plan)
    if base is None:
        msg = f"unknown quadruped plan {plan!r}"
        raise ValueError(msg)
    d = base
    for key, value in (params or {}).items():
        if key in _SCALES:
            k = float(value)
            d = replace(d, **{f: _mul(getattr(d, f), k) for f in _SCALES[key]})
            if key == "legs":  # longer legs lengthen the middle joints' offsets too
                d = replace(
                    d,
                    elbow_back=d.elbow_back * k,
                    knee_fwd=d.knee_fwd * k,
                    hock_back=d.hock_back * k,
                )
            elif key == "bulk":  # girth, not length: the torso stays joined
                d = replace(
                    d,
                    **{
                        f: (getattr(d, f)[0] * k, getattr(d, f)[1], getattr(d, f)[2] * k)
                        for f in ("chest", "barrel", "rump")
                    },
                )
            elif key == "length":  # a longer body stretches the barrel with it
                b = d.barrel
                d = replace(d, barrel=(b[0], b[1] * k, b[2]))
        elif key in _FIELDS:
            cur = getattr(d, key)
            d = replace(d, **{key: tuple(value) if isinstance(cur, tuple) else value})
    return d


# Builder ----------------------------------------------------------------------------


def build_quadruped(
    b: Builder, d: QuadDims, roles: dict[str, str], seed: int = 0, shift: float = 0.0
) -> dict[str, Any]:
    """Skeleton and body of a quadruped into ``b`` (see the module docstring).

    ``roles`` maps body regions (``body``, ``belly``, ``muzzle``, ``feet``, ``nose``,
    ``eyes``, ``mane``, ``tail_tip``, ``markings``, ``horn``, ``wings``) to paint
    roles; ``shift`` moves the whole animal along Y (the caller centres it). Returns
    the measurements the motions read (``model.info["quad"]``).
    """
    r = roles
    body, belly = r["body"], r.get("belly", r["body"])
    y_h = d.body_len / 2 + shift
    rise = d.shoulder_h - d.hip_h
    # Spine ---------------------------------------------------------------------------
    b.joint("pelvis", None, (0.0, y_h, d.hip_h))
    b.joint("spine", "pelvis", (0.0, -d.body_len / 2, rise / 2))
    b.joint("chest", "spine", (0.0, -d.body_len / 2, rise / 2))
    markings = _markings(d, r, seed)
    belly_band = Band(belly, z=(-9.0, -0.45))
    b.part(
        "rump",
        "pelvis",
        ellipsoid(*d.rump),
        body,
        origin=(0, d.rump_at[0], d.rump_at[1]),
        bands=(belly_band, *markings.get("rump", ())),
    )
    b.part(
        "barrel",
        "spine",
        ellipsoid(*d.barrel),
        body,
        origin=(0, d.barrel_at[0], d.barrel_at[1]),
        bands=(belly_band, *markings.get("barrel", ())),
    )
    b.part(
        "chest",
        "chest",
        ellipsoid(*d.chest),
        body,
        origin=(0, d.chest_at[0], d.chest_at[1]),
        bands=(Band(belly, z=(-9.0, -0.55), y=(-0.2, 9.0)), *markings.get("chest", ())),
    )
    if d.hump > 0:
        b.part(
            "hump",
            "chest",
            ellipsoid(d.chest[0] * 0.75, d.hump * 1.2, d.hump),
            body,
            origin=(0, d.chest_at[0] + d.hump * 0.3, d.chest_at[1] + d.chest[2] - d.hump * 0.55),
        )
    # Neck and head -------------------------------------------------------------------
    b.joint("neck", "chest", (0.0, d.neck_at[0], d.neck_at[1]))
    seg = d.neck_len / 2
    t0, t1 = (math.radians(a) for a in d.neck_tilt)
    b.joint("neck2", "neck", (0.0, -seg * math.sin(t0), seg * math.cos(t0)))
    b.joint("head", "neck2", (0.0, -seg * math.sin(t1), seg * math.cos(t1)))
    b.limb(
        "neck",
        "neck",
        "neck2",
        d.neck_r[0],
        (d.neck_r[0] + d.neck_r[1]) / 2,
        body,
        "body",
        extend=d.neck_r[0] * 0.5,
        bands=markings.get("neck", ()),
    )
    b.limb(
        "neck_top",
        "neck2",
        "head",
        (d.neck_r[0] + d.neck_r[1]) / 2,
        d.neck_r[1],
        body,
        "body",
        bands=markings.get("neck", ()),
    )
    head_info = _head(b, d, r, markings)
    # Legs ----------------------------------------------------------------------------
    for side, sx in (("l", 1.0), ("r", -1.0)):
        _front_leg(b, d, r, side, sx)
        _hind_leg(b, d, r, side, sx)
    # Tail ----------------------------------------------------------------------------
    tail_joints = _tail(b, d, r, markings)
    # Features ------------------------------------------------------------------------
    if d.mane == "crest":
        _crest(b, d, r)
    if d.wings > 0:
        _wings(b, d, r)
    if d.spikes > 0:
        _spikes(b, d, r, tail_joints)
    # Keypoints -----------------------------------------------------------------------
    b.keypoint("NECK", "neck2")
    for side, label in (("l", "LEFT"), ("r", "RIGHT")):
        b.keypoint(f"{label} SHOULDER", f"{side}_shoulder")
        b.keypoint(f"{label} ELBOW", f"{side}_elbow")
        b.keypoint(f"{label} ARM", f"{side}_wrist")
        b.keypoint(f"{label} HIP", f"{side}_hip")
        b.keypoint(f"{label} KNEE", f"{side}_knee")
        b.keypoint(f"{label} LEG", f"{side}_hock")
    upper_f = math.hypot(d.elbow_back, d.shoulder_h - d.elbow_h)
    lower_f = math.hypot(d.elbow_back, d.elbow_h - d.wrist_h)
    upper_h = math.hypot(d.knee_fwd, d.hip_h - d.knee_h)
    lower_h = math.hypot(d.knee_fwd + d.hock_back, d.knee_h - d.hock_h)
    return {
        "hip_h": d.hip_h,
        "shoulder_h": d.shoulder_h,
        "body_len": d.body_len,
        "leg_len": (d.hip_h + d.shoulder_h) / 2,
        "fore": (upper_f, lower_f),
        "hind": (upper_h, lower_h),
        "wrist_h": d.wrist_h,
        "hock_h": d.hock_h,
        "tail": tail_joints,
        "neck_len": d.neck_len,
        "hoof": d.hoof,
        "belly_h": d.shoulder_h + d.chest_at[1] - d.chest[2],
        **head_info,
    }


def _markings(d: QuadDims, r: dict[str, str], seed: int) -> dict[str, tuple[Band, ...]]:
    """Stripes (tiger, zebra) or spots (leopard, giraffe) as bands on the torso parts."""
    role = r.get("markings")
    if d.pattern == "none" or role is None:
        return {}
    out: dict[str, list[Band]] = {}
    if d.pattern == "stripes":
        n, w = max(1, d.stripes), d.stripe_w
        for part in ("chest", "barrel", "rump", "neck"):
            if part == "neck":
                out[part] = [Band(role, z=(c - w * 0.8, c + w * 0.8)) for c in (0.3, 0.7)]
                continue
            # Evenly across the part (normalised -1..1), off the belly.
            for c in np.linspace(-0.7, 0.65, n):
                out.setdefault(part, []).append(Band(role, y=(c - w, c + w), z=(-0.55, 9.0)))
    elif d.pattern == "panda":
        # Black over the shoulders; the eye patches are drawn on the head.
        out["chest"] = [Band(role, y=(-0.55, 0.45), z=(-0.2, 9.0))]
    elif d.pattern in ("spots", "patches"):
        rng = make_rng(seed, "quadruped", "spots")
        n, size = (9, 0.16) if d.pattern == "spots" else (3, 0.45)
        for part in ("chest", "barrel", "rump"):
            for _ in range(n if part == "barrel" else max(1, n * 2 // 3)):
                # A point on the unit sphere of the part's normalised coordinates, on the
                # back and flanks (not the belly).
                v = rng.normal(size=3)
                v[2] = abs(v[2]) * 0.9 - 0.15
                cx, cy, cz = v / np.linalg.norm(v)
                out.setdefault(part, []).append(
                    Band(
                        role,
                        x=(cx - size, cx + size),
                        y=(cy - size, cy + size),
                        z=(cz - size, cz + size),
                    )
                )
    return {k: tuple(v) for k, v in out.items()}


def _head(b: Builder, d: QuadDims, r: dict[str, str], markings) -> dict[str, Any]:
    body = r["body"]
    muzzle = r.get("muzzle", body)
    drop = d.head_drop
    axes = tilt_axes(drop)
    fwd = np.array(axes[1]) * -1.0  # the head's forward (its -Y)
    up = np.array(axes[2])
    cx, cy, cz = d.cranium
    centre = fwd * cy * 0.55 + up * cz * 0.15
    patches: tuple[Band, ...] = ()
    if d.pattern == "panda" and "markings" in r:
        patches = tuple(
            Band(r["markings"], x=(lo, hi), y=(-9.0, -0.35), z=(-0.05, 0.62))
            for lo, hi in ((0.12, 0.78), (-0.78, -0.12))
        )
    b.part(
        "cranium",
        "head",
        ellipsoid(cx, cy, cz),
        body,
        origin=centre,
        axes=axes,
        group="head",
        min_px=3.0,
        bands=patches,
    )
    # Snout: from inside the cranium forward (and a little down).
    s_len, s_r0, s_r1 = d.snout
    s_axes = tilt_axes(drop + d.snout_drop)
    s_fwd = -np.array(s_axes[1])
    s_start = centre + fwd * cy * 0.35 - up * cz * 0.3
    s_tip = s_start + s_fwd * s_len
    b.part(
        "snout",
        "head",
        capsule(s_len, s_r0, s_r1),
        muzzle,
        origin=s_start,
        axes=aim(s_fwd),
        group="head",
        min_px=2.0,
    )
    nose = s_tip + s_fwd * s_r1 * 0.55 + up * s_r1 * 0.35
    b.part(
        "nose",
        "head",
        ellipsoid(s_r1 * 0.55, s_r1 * 0.5, s_r1 * 0.45),
        r.get("nose", body),
        origin=nose,
        group="head",
        detail=1,
    )
    # Jaw: a lower muzzle on its own joint, opened by a negative swing.
    jaw_at = s_start - up * s_r0 * 0.45
    b.joint("jaw", "head", tuple(jaw_at.tolist()))
    j_len = s_len * 0.92
    j_axes = aim(s_fwd - up * 0.12)
    j_dir = np.array(j_axes[2])
    # Ellipsoids cost the renderer less than capsules; the jaw reads the same.
    b.part(
        "jaw",
        "jaw",
        ellipsoid(s_r0 * 0.7, s_r0 * 0.7, j_len * 0.55 + s_r1 * 0.5),
        muzzle,
        origin=tuple((j_dir * j_len * 0.5).tolist()),
        axes=j_axes,
        group="head",
        min_px=2.0,
    )
    # The inside of the mouth lies on top of the lower jaw: hidden in the snout while the
    # jaw is shut, a dark line between the jaws when it opens (a bark, a roar).
    if "mouth" in r:
        j_up = up - j_dir * float(up @ j_dir)
        j_up = j_up / np.linalg.norm(j_up)
        b.part(
            "mouth",
            "jaw",
            ellipsoid(s_r0 * 0.32, s_r0 * 0.3, j_len * 0.4),
            r["mouth"],
            origin=tuple((j_up * s_r0 * 0.3 + j_dir * j_len * 0.45).tolist()),
            axes=j_axes,
            group="head",
            min_px=1.0,
        )
    # Ears.
    if d.ears != "none":
        _ears(b, d, r, centre, axes)
    else:  # no ears (a dragon): the ear keypoints sit on the sides of the skull
        for label, sx in (("LEFT", 1.0), ("RIGHT", -1.0)):
            at, normal = ellipsoid_point(
                tuple(centre.tolist()), d.cranium, axes, (0.8 * sx, 0.3, 0.4)
            )
            b.keypoint(f"{label} EAR", "head", tuple((at - normal * cx * 0.3).tolist()))
    # Eyes.
    eye_pair(b, "head", "cranium", tuple(centre.tolist()), d.cranium, axes, d.eye_look)
    b.keypoint("NOSE", "head", tuple((s_tip - s_fwd * s_r1 * 0.3).tolist()))
    if d.mane == "ruff":
        # A ruff around the face: a big ellipsoid behind the cranium, opened in front so
        # the face shows, plus a collar down the neck.
        mr = d.mane_r
        m_centre = centre - fwd * (cy + mr * 0.45) - up * cz * 0.2
        b.part(
            "mane",
            "head",
            ellipsoid(mr * 1.0, mr * 0.6, mr * 1.0),
            r.get("mane", body),
            origin=m_centre,
            group="mane",
            min_px=3.0,
        )
        b.part(
            "mane_collar",
            "neck2",
            ellipsoid(mr * 0.85, mr * 0.8, mr * 0.95),
            r.get("mane", body),
            origin=(0.0, 0.0, -mr * 0.1),
            group="mane",
        )
    if d.horn != "none":
        _horns(b, d, r, centre, axes)
    return {
        "head_centre": tuple(centre.tolist()),
        "snout_tip": tuple(s_tip.tolist()),
        "head_len": cy * 1.1 + s_len,
    }


def _ears(b: Builder, d: QuadDims, r: dict[str, str], centre: np.ndarray, axes) -> None:
    body = r["body"]
    length, rad = d.ear
    for side, sx in (("l", 1.0), ("r", -1.0)):
        if d.ears == "floppy":
            base_dir = (0.85 * sx, 0.1, 0.55)
        elif d.ears == "round":
            base_dir = (0.62 * sx, 0.15, 0.78)
        else:
            base_dir = (0.5 * sx, 0.25, 0.83)
        at, normal = ellipsoid_point(tuple(centre.tolist()), d.cranium, axes, base_dir)
        at = at - normal * rad * 0.35
        joint = b.joint(f"{side}_ear", "head", tuple(at.tolist()))
        if d.ears == "round":
            b.part(
                f"{side}_ear",
                joint,
                ellipsoid(rad, rad * 0.55, rad),
                body,
                origin=tuple((normal * rad * 0.35).tolist()),
                group="head",
                min_px=2.0,
            )
        elif d.ears == "floppy":
            vec = np.array([0.45 * sx, 0.15, -1.0])
            b.part(
                f"{side}_ear",
                joint,
                capsule(length, rad, rad * 0.8),
                r.get("ears", body),
                axes=aim(vec),
                group="head",
                min_px=2.0,
            )
        else:
            spread = math.radians(d.ear_spread)
            vec = np.array([math.sin(spread) * sx, 0.18, math.cos(spread)])
            b.part(
                f"{side}_ear",
                joint,
                capsule(length, rad, rad * 0.12),
                r.get("ears", body),
                axes=aim(vec),
                group="head",
                min_px=2.0,
            )
        b.keypoint(f"{'LEFT' if sx > 0 else 'RIGHT'} EAR", joint)


def _horns(b: Builder, d: QuadDims, r: dict[str, str], centre: np.ndarray, axes) -> None:
    horn = r.get("horn", r["body"])
    cz = d.cranium[2]
    if d.horn == "unicorn":
        at, normal = ellipsoid_point(tuple(centre.tolist()), d.cranium, axes, (0, -0.5, 0.85))
        vec = normal + np.array([0.0, -0.6, 0.3])
        b.part(
            "horn",
            "head",
            capsule(cz * 2.6, cz * 0.2, cz * 0.02),
            horn,
            origin=at,
            axes=aim(vec),
            group="horn",
            min_px=2.0,
        )
        return
    for side, sx in (("l", 1.0), ("r", -1.0)):
        at, normal = ellipsoid_point(
            tuple(centre.tolist()), d.cranium, axes, (0.45 * sx, 0.2, 0.85)
        )
        if d.horn == "antlers":
            # A main beam sweeping up, out and back, with three tines off its front.
            beam = np.array([0.8 * sx, 0.3, 1.0])
            length = cz * 3.6
            b.part(
                f"{side}_antler",
                "head",
                capsule(length, cz * 0.16, cz * 0.1),
                horn,
                origin=at,
                axes=aim(beam),
                group="horn",
                min_px=2.0,
            )
            unit = beam / np.linalg.norm(beam)
            for k, (frac, tine) in enumerate(
                (
                    (0.3, (0.2 * sx, -1.0, 0.7)),
                    (0.62, (0.35 * sx, -0.6, 1.0)),
                    (0.98, (0.5 * sx, 0.1, 1.0)),
                )
            ):
                base = at + unit * length * frac
                b.part(
                    f"{side}_tine{k}",
                    "head",
                    capsule(cz * 1.5, cz * 0.11, cz * 0.06),
                    horn,
                    origin=base,
                    axes=aim(tine),
                    group="horn",
                    min_px=2.0,
                )
        else:  # curved horns (dragons, rams): two segments sweeping back
            first = np.array([0.35 * sx, 0.5, 1.0])
            length = cz * 1.4
            b.part(
                f"{side}_horn",
                "head",
                capsule(length, cz * 0.24, cz * 0.14),
                horn,
                origin=at,
                axes=aim(first),
                group="horn",
                min_px=2.0,
            )
            tip = at + first / np.linalg.norm(first) * length
            b.part(
                f"{side}_horn_tip",
                "head",
                capsule(length * 0.8, cz * 0.14, cz * 0.03),
                horn,
                origin=tip,
                axes=aim((0.15 * sx, 1.0, 0.35)),
                group="horn",
                min_px=1.0,
            )


def _front_leg(b: Builder, d: QuadDims, r: dict[str, str], side: str, sx: float):
    body, feet = r.get("legs", r["body"]), r.get("feet", r["body"])
    g = f"f{side}_leg"
    b.joint(f"{side}_shoulder", "chest", (sx * d.leg_x, 0.0, 0.0))
    b.joint(f"{side}_elbow", f"{side}_shoulder", (0.0, d.elbow_back, d.elbow_h - d.shoulder_h))
    b.joint(f"{side}_wrist", f"{side}_elbow", (0.0, -d.elbow_back, d.wrist_h - d.elbow_h))
    b.joint(f"{side}_fpaw", f"{side}_wrist", (0.0, 0.0, 0.0))
    ru, rl = d.fore_r
    vec = b.offset(f"{side}_shoulder", f"{side}_elbow")
    length = float(np.linalg.norm(vec))
    b.part(
        f"{side}_upper_arm",
        f"{side}_shoulder",
        ellipsoid(ru * 1.2, ru * 1.25, length * 0.5 + ru * 0.7),
        body,
        origin=tuple((vec * 0.42).tolist()),
        axes=aim(vec),
        group=g,
        min_px=2.0,
    )
    b.limb(f"{side}_forearm", f"{side}_elbow", f"{side}_wrist", ru * 0.95, rl, body, g)
    _foot(b, d, r, f"{side}_fpaw", d.wrist_h, rl, feet, g)
    b.legs.append(
        Leg(
            f"{side}_shoulder", f"{side}_elbow", f"{side}_wrist", False, 0.5 if side == "l" else 0.0
        )
    )


def _hind_leg(b: Builder, d: QuadDims, r: dict[str, str], side: str, sx: float):
    body, feet = r.get("legs", r["body"]), r.get("feet", r["body"])
    g = f"h{side}_leg"
    b.joint(f"{side}_hip", "pelvis", (sx * d.leg_x, 0.0, 0.0))
    b.joint(f"{side}_knee", f"{side}_hip", (0.0, -d.knee_fwd, d.knee_h - d.hip_h))
    b.joint(f"{side}_hock", f"{side}_knee", (0.0, d.knee_fwd + d.hock_back, d.hock_h - d.knee_h))
    b.joint(f"{side}_hpaw", f"{side}_hock", (0.0, 0.0, 0.0))
    rt, rs, rm = d.hind_r
    # The thigh: a haunch ellipsoid hung from the hip toward the knee.
    vec = b.offset(f"{side}_hip", f"{side}_knee")
    length = float(np.linalg.norm(vec))
    b.part(
        f"{side}_thigh",
        f"{side}_hip",
        ellipsoid(rt * 0.85, rt, length * 0.62),
        body,
        origin=tuple((vec * 0.42 + np.array([0.0, 0.0, rt * 0.2])).tolist()),
        axes=aim(vec),
        group=g,
    )
    b.limb(f"{side}_shin", f"{side}_knee", f"{side}_hock", rs * 1.1, rs, body, g)
    _foot(b, d, r, f"{side}_hpaw", d.hock_h, rm, feet, g)
    b.legs.append(
        Leg(f"{side}_hip", f"{side}_knee", f"{side}_hock", True, 0.0 if side == "l" else 0.5)
    )


def _foot(
    b: Builder,
    d: QuadDims,
    r: dict[str, str],
    joint: str,
    height: float,
    rad: float,
    feet: str,
    group: str,
) -> None:
    """The pastern or metatarsus from a wrist or hock down to the ground, and the paw."""
    body = r.get("legs", r["body"])
    px, py, pz = d.paw
    if d.hoof:
        top = -height + pz * 2.0
        b.part(
            f"{joint}_pastern",
            joint,
            capsule(-top, rad, rad * 0.9),
            body,
            axes=aim((0.0, -0.12, -1.0)),
            group=group,
        )
        b.part(
            f"{joint}_hoof",
            joint,
            frustum(pz * 2.0, px * 1.15, px * 0.85, 1.0, py / px),
            feet,
            origin=(0.0, -0.12 * (-top), -height),
            group=group,
            min_px=2.0,
        )
        return
    drop = height - pz
    fwd = min(py * 0.35, drop * 0.3)
    # The lower leg's rounded end reaches down ``rad``, the paw up ``1.6 pz``: a bone
    # between them only where they would not meet (capsules cost the renderer most).
    if height - rad > pz * 1.6 * 0.9:
        b.part(
            f"{joint}_bone",
            joint,
            capsule(math.hypot(drop, fwd), rad, rad * 0.95),
            body,
            axes=aim((0.0, -fwd, -drop)),
            group=group,
        )
    b.part(
        f"{joint}_paw",
        joint,
        ellipsoid(px, py, pz * 1.6, clips=((0, 0, -1, 0.0),)),
        feet,
        origin=(0.0, -fwd - py * 0.3, -height),
        group=group,
        min_px=2.0,
    )


def _tail(b: Builder, d: QuadDims, r: dict[str, str], markings) -> tuple[str, ...]:
    if d.tail == "none":
        return ()
    body = r["body"]
    _, ry, rz = d.rump
    base = (0.0, d.rump_at[0] + ry * 0.9, d.rump_at[1] + rz * 0.45)
    if d.tail == "stub":
        b.joint("tail1", "pelvis", base)
        b.part(
            "tail",
            "tail1",
            ellipsoid(d.tail_r[0], d.tail_len, d.tail_r[0] * 0.9),
            body,
            origin=(0.0, d.tail_len * 0.3, 0.0),
            group="tail",
            min_px=2.0,
        )
        return ("tail1",)
    n = d.tail_segments
    seg = d.tail_len / n
    names = []
    parent, angle = "pelvis", d.tail_lift
    offset = base
    for i in range(n):
        name = f"tail{i + 1}"
        b.joint(name, parent, offset)
        names.append(name)
        offset = tuple((_back(angle) * seg).tolist())
        parent = name
        angle += d.tail_curl
    b.joint("tail_end", parent, offset)
    chain = [*names, "tail_end"]
    hair = r.get("mane", body) if d.tail == "hair" else body
    for i in range(n):
        k0, k1 = i / n, (i + 1) / n
        r0 = d.tail_r[0] + (d.tail_r[1] - d.tail_r[0]) * k0
        r1 = d.tail_r[0] + (d.tail_r[1] - d.tail_r[0]) * k1
        if d.tail == "hair" and i == n - 1:
            r1 *= 0.45
        b.limb(
            f"tail{i + 1}",
            chain[i],
            chain[i + 1],
            r0,
            r1,
            hair,
            "tail",
            min_px=2.0,
            extend=r0 * 0.3,
        )
    if d.tuft > 0:
        b.part(
            "tuft",
            "tail_end",
            ellipsoid(d.tuft * 0.8, d.tuft, d.tuft * 1.1),
            r.get("tail_tip", body),
            group="tail",
            min_px=2.0,
        )
    return tuple(names)


def _crest(b: Builder, d: QuadDims, r: dict[str, str]) -> None:
    """A horse's mane: a flat ridge along the top of the neck, and a forelock."""
    mane = r.get("mane", r["body"])
    for joint, child, rad in (("neck", "neck2", d.neck_r[0]), ("neck2", "head", d.neck_r[1])):
        vec = b.offset(joint, child)
        length = float(np.linalg.norm(vec))
        unit = vec / length
        back = np.cross(unit, np.array([1.0, 0.0, 0.0]))  # toward the neck's top
        centre = vec * 0.55 + back * rad * 0.85
        b.part(
            f"{joint}_mane",
            joint,
            ellipsoid(rad * 0.45, d.mane_r * 1.1, length * 0.62),
            mane,
            origin=tuple(centre.tolist()),
            axes=aim(vec),
            group="mane",
            min_px=2.0,
        )


def _wings(b: Builder, d: QuadDims, r: dict[str, str]) -> None:
    """Dragon wings: drawn spread (an arm and a hand bone along the leading edge, a
    membrane trailing behind each, two finger bones), folded by rest angles so they
    stand along the back with the elbow raised. A motion opens them by cancelling the
    rest angles (``WING_JOINTS``), as a bird's."""
    from pixelkiln.engine.subjects.bodies.spider import euler_of

    wings, bone = r.get("wings", r["body"]), r["body"]
    span = d.wings
    chord = span * 0.5
    for side, sx in (("l", 1.0), ("r", -1.0)):
        w = f"{side}_wing"
        g = f"w{side}"
        b.joint(
            w,
            "chest",
            (
                sx * d.chest[0] * 0.55,
                d.chest_at[0] + d.chest[1] * 0.1,
                d.chest_at[1] + d.chest[2] * 0.85,
            ),
        )
        b.joint(f"{w}2", w, (sx * span * 0.42, 0.0, 0.0))
        b.limb(f"{w}_arm", w, f"{w}2", span * 0.045, span * 0.035, bone, g, min_px=2.0)
        b.part(
            f"{w}_hand",
            f"{w}2",
            capsule(span * 0.58, span * 0.035, span * 0.015),
            bone,
            axes=aim((sx, -0.1, 0.0)),
            group=g,
            min_px=2.0,
        )
        for k, (fx, fy) in enumerate(((0.75, 0.55), (0.35, 0.75))):
            b.part(
                f"{w}_finger{k}",
                f"{w}2",
                capsule(span * math.hypot(fx, fy) * 0.6, span * 0.02, span * 0.008),
                bone,
                axes=aim((sx * fx, fy, 0.0)),
                group=g,
                min_px=1.0,
            )
        b.part(
            f"{w}_membrane",
            w,
            ellipsoid(span * 0.26, chord * 0.5, span * 0.012),
            wings,
            origin=(sx * span * 0.2, chord * 0.42, 0.0),
            group=g,
            min_px=1.0,
        )
        b.part(
            f"{w}_membrane2",
            f"{w}2",
            ellipsoid(span * 0.34, chord * 0.52, span * 0.01),
            wings,
            origin=(sx * span * 0.3, chord * 0.45, 0.0),
            group=g,
            min_px=1.0,
        )
        # Folded: the bone turned back along the body, stood on edge, the elbow raised;
        # the hand folded back over the arm.
        c, s_ = math.cos(math.radians(90 * sx)), math.sin(math.radians(90 * sx))
        rz = np.array([[c, -s_, 0], [s_, c, 0], [0, 0, 1]])
        rx = np.array([[1, 0, 0], [0, 0, 1], [0, -1, 0]])  # rot_x(-90)
        up = math.radians(70.0)
        tilt = np.array(
            [[1, 0, 0], [0, math.cos(up), -math.sin(up)], [0, math.sin(up), math.cos(up)]]
        )
        b.rest[w] = euler_of(tilt @ rz @ rx)
        b.rest[f"{w}2"] = (0.0, 0.0, 110.0 * sx)


def _spikes(b: Builder, d: QuadDims, r: dict[str, str], tail: tuple[str, ...]) -> None:
    horn = r.get("horn", r["body"])
    h = d.spikes
    spots = [
        ("chest", (0.0, d.chest_at[0], d.chest_at[1] + d.chest[2] * 0.95)),
        ("spine", (0.0, d.barrel_at[0], d.barrel_at[1] + d.barrel[2] * 0.95)),
        ("pelvis", (0.0, d.rump_at[0], d.rump_at[1] + d.rump[2] * 0.95)),
    ]
    spots += [(t, (0.0, 0.0, d.tail_r[0] * 0.8)) for t in tail[:-1]]
    for i, (joint, at) in enumerate(spots):
        k = 1.0 - 0.12 * i
        b.part(
            f"spike{i}",
            joint,
            capsule(h * k, h * 0.35 * k, h * 0.04),
            horn,
            origin=at,
            axes=aim((0.0, 0.5, 1.0)),
            group="body",
            min_px=1.0,
        )


def centred_shift(model: Model) -> float:
    """How far to move a model along Y so its side silhouette is centred on the origin."""
    from pixelkiln.engine.subjects.camera import VIEWS
    from pixelkiln.engine.subjects.fit import extent

    box = extent(model, model.pose(), "east", VIEWS["side"])
    # Facing east the model's -Y is +u: its centre in u is its centre along -Y.
    return (box.u_min + box.u_max) / 2


def default_paints() -> dict[str, Paint]:
    """Neutral paints for every quadruped role (words override them)."""
    return {
        "body": Paint(60, 0.06, 0.55),
        "belly": Paint(75, 0.04, 0.72),
        "muzzle": Paint(70, 0.04, 0.7),
        "feet": Paint(60, 0.05, 0.45),
        "nose": Paint(20, 0.03, 0.22),
        "eyes": Paint(280, 0.03, 0.16),
        "mane": Paint(55, 0.08, 0.4),
        "tail_tip": Paint(50, 0.06, 0.32),
        "markings": Paint(40, 0.03, 0.22),
        "horn": Paint(90, 0.03, 0.86),
        "wings": Paint(20, 0.1, 0.45),
        "ears": Paint(55, 0.06, 0.42),
        "mouth": Paint(18, 0.1, 0.3),
    }
