"""The ``ghost`` body plan: a floating spirit (ghost, spirit, phantom, wraith).

A round head on a body that tapers into a wispy tail curling back and down, two small
arms held forward, big dark eyes and a mouth. It floats: the root hangs in the air
(the tail's tip clears the ground by a little), so the motions bob it without any leg
to plant. The tail is a chain of joints (``tail1`` ... ``tail4``), so a wave can run
down it; a ``hood`` (phantom) is a hollow ellipsoid opened at the face.

Units are the ghost's height (1.0 at the top of the head).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from pixelkiln.engine.subjects.bodies.quadruped import ellipsoid_point, paint_roles
from pixelkiln.engine.subjects.build import Builder, capsule, ellipsoid
from pixelkiln.engine.subjects.model import Model, Paint
from pixelkiln.engine.subjects.spec import SubjectSpec

__all__ = ["build_ghost", "build_model"]

DEFAULT_PAINTS: dict[str, Paint] = {
    "body": Paint(240, 0.02, 0.92),
    "eyes": Paint(270, 0.04, 0.18),
    "mouth": Paint(270, 0.04, 0.22),
}


def build_ghost(b: Builder, params: dict[str, Any]) -> dict[str, Any]:
    tall = float(params.get("tall", 1.0))
    arms = float(params.get("arms", 1.0))
    head_r = 0.3
    hover = 0.12
    b.joint("float", None, (0.0, 0.0, hover + 0.34 * tall))  # root: the body's middle
    b.joint("head", "float", (0.0, 0.0, 0.5 - 0.34 * tall + 0.04))
    head = (head_r, head_r * 0.95, head_r * 0.95)
    b.part("head", "head", ellipsoid(*head), "body", min_px=3.0)
    # Body: a sack from under the head to the start of the tail.
    b.part(
        "body",
        "float",
        capsule(0.3 * tall, 0.2, head_r * 0.92),
        "body",
        origin=(0.0, 0.0, -0.1 * tall),
        min_px=3.0,
    )
    # Tail: four joints curling back and down to a point.
    parent, at = "float", (0.0, 0.02, -0.12 * tall)
    radii = (0.19, 0.14, 0.09, 0.05, 0.015)
    angles = (-70.0, -35.0, -5.0, 20.0)
    seg = 0.16 * tall
    names = []
    for i, ang in enumerate(angles):
        name = f"tail{i + 1}"
        b.joint(name, parent, at)
        names.append(name)
        a = math.radians(ang)
        at = (0.0, seg * math.cos(a), seg * math.sin(a))
        parent = name
    b.joint("tail_end", parent, at)
    chain = [*names, "tail_end"]
    for i in range(len(names)):
        b.limb(
            f"tail{i + 1}",
            chain[i],
            chain[i + 1],
            radii[i],
            radii[i + 1],
            "body",
            "body",
            min_px=2.0,
            extend=radii[i] * 0.4,
        )
    # Arms: stubby, held forward and out.
    for side, sx in (("l", 1.0), ("r", -1.0)):
        b.joint(f"{side}_arm", "float", (sx * 0.2, -0.05, 0.12 * tall))
        b.joint(f"{side}_hand", f"{side}_arm", (sx * 0.1 * arms, -0.12 * arms, -0.08 * arms))
        b.limb(
            f"{side}_arm",
            f"{side}_arm",
            f"{side}_hand",
            0.07,
            0.045,
            "body",
            f"{side}_arm",
            min_px=2.0,
        )
    if params.get("hood"):
        # A hood: a hollow shell round the head, opened at the face.
        b.part(
            "hood",
            "head",
            ellipsoid(
                head_r * 1.18,
                head_r * 1.12,
                head_r * 1.22,
                clips=((0, -1, 0.2, head_r * 0.45),),
                hollow=True,
            ),
            "body",
            origin=(0.0, 0.04, 0.03),
            group="hood",
            min_px=3.0,
        )
    # Face: two tall dark eyes and a mouth, as parts so they read at any size.
    axes = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    for label, sx in (("LEFT", 1.0), ("RIGHT", -1.0)):
        at3, normal = ellipsoid_point((0.0, 0.0, 0.0), head, axes, (0.38 * sx, -0.9, 0.12))
        b.part(
            f"{label.lower()}_eye",
            "head",
            ellipsoid(0.05, 0.04, 0.085),
            "eyes",
            origin=tuple((at3 - normal * 0.02).tolist()),
            group="face",
            min_px=2.0,
        )
        b.keypoint(f"{label} EYE", "head", tuple((at3 - normal * 0.06).tolist()))
        b.keypoint(f"{label} EAR", "head", (sx * head_r * 0.8, 0.0, 0.05))
        b.keypoint(f"{label} SHOULDER", f"{label[0].lower()}_arm")
        b.keypoint(
            f"{label} ELBOW",
            f"{label[0].lower()}_arm",
            tuple((np.array((sx * 0.05, -0.06, -0.04)) * arms).tolist()),
        )
        b.keypoint(f"{label} ARM", f"{label[0].lower()}_hand")
        b.keypoint(f"{label} HIP", "float", (sx * 0.1, 0.0, -0.12 * tall))
        b.keypoint(f"{label} KNEE", "tail1", (sx * 0.05, 0.0, -0.05))
        b.keypoint(f"{label} LEG", "tail2", (sx * 0.03, 0.0, 0.0))
    m_at, m_n = ellipsoid_point((0.0, 0.0, 0.0), head, axes, (0.0, -0.85, -0.38))
    b.part(
        "mouth",
        "head",
        ellipsoid(0.06, 0.03, 0.035),
        "mouth",
        origin=tuple((m_at - m_n * 0.012).tolist()),
        group="face",
        min_px=1.0,
        detail=1,
    )
    b.keypoint("NOSE", "head", (0.0, -head_r * 0.7, -0.04))
    b.keypoint("NECK", "float", (0.0, 0.0, 0.12 * tall))
    return {"tail": tuple(names), "head_r": head_r, "height": 0.5 + hover + 0.04 + head_r}


def build_model(spec: SubjectSpec, paints: dict[str, Paint]) -> Model:
    """A ghost model from a creature spec."""
    b = Builder("creature", "ghost")
    info = build_ghost(b, spec.params)
    b.info.update(
        {
            "ghost": info,
            "head_height": info["head_r"] * 2,
            "body_groups": ("body", "l_arm", "r_arm"),
            "subject": spec.subject,
        }
    )
    paint_roles(b, paints, DEFAULT_PAINTS)
    return b.model(info["height"], "body")
