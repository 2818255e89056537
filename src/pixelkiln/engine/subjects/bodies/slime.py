"""The ``slime`` body plan: a squashy blob with eyes (slime, blob, jelly, ooze).

A pose can only turn joints, not scale parts, so squash and stretch come from the
skeleton: the blob is a low wide ``base`` ellipsoid on the root and a ``dome`` riding
on a zig-zag linkage (three joints bent +a, -2a, +a), whose end moves straight up and
down and stays upright as the bend changes. The rest pose is half bent, so the dome
can rise (stretch) as well as sink into the base (squash). Four ``bulge`` ellipsoids
on flat linkages sit inside the base at rest and slide out sideways when the slime
squashes, so it widens as it flattens (volume kept, SUBJECTS.md §6). The motions
(:mod:`pixelkiln.engine.subjects.motion.creatures`) drive it through one number,
``squash``, with :func:`squash_angles`.

Units are the slime's height at rest (1.0); eyes are stamps on the dome.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from pixelkiln.engine.subjects.bodies.quadruped import ellipsoid_point, paint_roles
from pixelkiln.engine.subjects.build import Builder, ellipsoid
from pixelkiln.engine.subjects.model import Model, Paint
from pixelkiln.engine.subjects.spec import SubjectSpec

__all__ = ["REST_BEND", "build_model", "squash_angles"]

#: Bend of the dome's linkage at rest (degrees): 0 is fully stretched.
REST_BEND = 40.0
_BULGE_REST = 62.0  # the bulges' linkage bend at rest (inside the base)
_SIDES = (("l", 0.0), ("f", 90.0), ("r", 180.0), ("b", 270.0))

DEFAULT_PAINTS: dict[str, Paint] = {
    "body": Paint(140, 0.15, 0.7, "glass"),
    "eyes": Paint(150, 0.05, 0.2),
    "eye_white": Paint(100, 0.02, 0.97),
}


def _dims(params: dict[str, Any]) -> dict[str, float]:
    squash = float(params.get("squash", 1.0))  # wider and lower
    height = float(params.get("height", 1.0))
    return {"r": 0.62 * squash, "h": 1.0 * height / squash**0.3, "link": 0.2}


def squash_angles(amount: float) -> dict[str, tuple[float, float, float]]:
    """Joint angles (added to rest) for a squash of ``amount``: 0 rest, +1 flat and
    wide, -1 tall and narrow."""
    bend = max(0.0, min(80.0, REST_BEND + amount * 38.0))
    d = bend - REST_BEND
    out = {"k0": (d, 0.0, 0.0), "k1": (-2 * d, 0.0, 0.0), "k2": (d, 0.0, 0.0)}
    # Bulges: straighter linkage (further out) when squashed.
    b = max(0.0, min(85.0, _BULGE_REST - amount * 45.0)) - _BULGE_REST
    for side, _ in _SIDES:
        out[f"{side}_b0"] = (0.0, 0.0, b)
        out[f"{side}_b1"] = (0.0, 0.0, -2 * b)
        out[f"{side}_b2"] = (0.0, 0.0, b)
    return out


def build_slime(b: Builder, params: dict[str, Any]) -> dict[str, float]:
    d = _dims(params)
    r, h, link = d["r"], d["h"], d["link"]
    b.joint("base", None, (0.0, 0.0, 0.0))
    # The base: a low wide ellipsoid sitting on the ground (its lower half cut flat).
    b.part(
        "base",
        "base",
        ellipsoid(r, r * 0.96, h * 0.42, clips=((0, 0, -1, 0.0),)),
        "body",
        origin=(0.0, 0.0, 0.0),
        min_px=3.0,
    )
    # The dome on a zig-zag linkage: k0 -> k1 -> k2 -> top, bent +a, -2a, +a at rest.
    seg = link * h
    b.joint("k0", "base", (0.0, 0.0, h * 0.12))
    b.joint("k1", "k0", (0.0, 0.0, seg))
    b.joint("k2", "k1", (0.0, 0.0, seg))
    b.joint("top", "k2", (0.0, 0.0, 0.0))
    a = REST_BEND
    b.rest.update({"k0": (a, 0.0, 0.0), "k1": (-2 * a, 0.0, 0.0), "k2": (a, 0.0, 0.0)})
    rise = 2 * seg * math.cos(math.radians(a))
    dome_h = h - h * 0.12 - rise  # the dome's top reaches the slime's height at rest
    dome = (r * 0.9, r * 0.88, dome_h * 1.05)
    # Cut flat where the fully squashed dome would meet the ground.
    floor = h * 0.12 + 2 * seg * math.cos(math.radians(80.0))
    b.part("dome", "top", ellipsoid(*dome, clips=((0, 0, -1, floor - 1e-3),)), "body", min_px=3.0)
    # Bulges: flat linkages in four directions, folded inside the base at rest.
    reach = r * 0.3
    for side, yaw in _SIDES:
        c, s = math.cos(math.radians(yaw)), math.sin(math.radians(yaw))
        b.joint(f"{side}_b0", "base", (0.0, 0.0, h * 0.2))
        b.joint(f"{side}_b1", f"{side}_b0", (reach * c, -reach * s, 0.0))
        b.joint(f"{side}_b2", f"{side}_b1", (reach * c, -reach * s, 0.0))
        b.rest.update(
            {
                f"{side}_b0": (0.0, 0.0, _BULGE_REST),
                f"{side}_b1": (0.0, 0.0, -2 * _BULGE_REST),
                f"{side}_b2": (0.0, 0.0, _BULGE_REST),
            }
        )
        b.part(
            f"{side}_bulge",
            f"{side}_b2",
            ellipsoid(r * 0.6, r * 0.6, h * 0.34, clips=((0, 0, -1, h * 0.2),)),
            "body",
            min_px=2.0,
        )
    # Eyes: big glossy parts on the dome's front (a slime is all face), a white glint in
    # each, so they read at any size.
    look = (0.36, -0.9, 0.12)
    axes = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    for label, sx in (("LEFT", 1.0), ("RIGHT", -1.0)):
        at, normal = ellipsoid_point((0.0, 0.0, 0.0), dome, axes, (look[0] * sx, *look[1:]))
        eye = at - normal * r * 0.05
        b.part(
            f"{label.lower()}_eye",
            "top",
            ellipsoid(r * 0.1, r * 0.07, r * 0.16),
            "eyes",
            origin=tuple(eye.tolist()),
            group="face",
            min_px=2.0,
        )
        glint = at + normal * r * 0.03 + np.array([-0.03 * r, 0.0, 0.05 * r])
        b.part(
            f"{label.lower()}_glint",
            "top",
            ellipsoid(r * 0.03, r * 0.03, r * 0.035),
            "eye_white",
            origin=tuple(glint.tolist()),
            group="face",
            detail=1,
        )
        b.keypoint(f"{label} EYE", "top", tuple((at - normal * r * 0.1).tolist()))
    b.keypoint("NOSE", "top", (0.0, -dome[1] * 0.7, -dome[2] * 0.25))
    b.keypoint("NECK", "k1")
    for label, sx in (("LEFT", 1.0), ("RIGHT", -1.0)):
        b.keypoint(f"{label} EAR", "top", (sx * dome[0] * 0.7, 0.0, dome[2] * 0.3))
        b.keypoint(f"{label} SHOULDER", "k1", (sx * r * 0.55, 0.0, 0.0))
        b.keypoint(f"{label} ELBOW", "base", (sx * r * 0.75, -r * 0.2, h * 0.25))
        b.keypoint(f"{label} ARM", "base", (sx * r * 0.85, -r * 0.2, h * 0.12))
        b.keypoint(f"{label} HIP", "base", (sx * r * 0.45, 0.0, h * 0.2))
        b.keypoint(f"{label} KNEE", "base", (sx * r * 0.55, -r * 0.3, h * 0.1))
        b.keypoint(f"{label} LEG", "base", (sx * r * 0.6, -r * 0.3, h * 0.04))
    return {"r": r, "h": h, "dome_h": dome_h}


def build_model(spec: SubjectSpec, paints: dict[str, Paint]) -> Model:
    """A slime model from a creature spec."""
    b = Builder("creature", "slime")
    info = build_slime(b, spec.params)
    b.info.update(
        {
            "slime": info,
            "head_height": info["dome_h"] * 1.4,
            "body_groups": ("body",),
            "subject": spec.subject,
        }
    )
    paint_roles(b, paints, DEFAULT_PAINTS)
    return b.model(info["h"], "body")
