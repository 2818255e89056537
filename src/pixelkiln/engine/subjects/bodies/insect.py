"""The ``insect`` body plan: six legs (ant, beetle, ladybug, bug).

Head, thorax and abdomen in a row, two antennae, mandibles, and three pairs of legs
from the thorax, solved like a spider's (:mod:`.spider`: each leg bends in its own
plane so its knee stays up and out). ``ant`` pinches the waist and swells the gaster;
``shell`` covers the abdomen with shiny wing cases (a beetle; ``spots`` paint a
ladybug's, ``horn`` gives a rhinoceros beetle its horn).

Units: the body is about 0.9 long.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from pixelkiln.engine.rng import make_rng
from pixelkiln.engine.subjects.bodies.quadruped import ellipsoid_point, paint_roles
from pixelkiln.engine.subjects.bodies.spider import DEFAULT_PAINTS as _SPIDER_PAINTS
from pixelkiln.engine.subjects.bodies.spider import _arthropod_keypoints, add_leg
from pixelkiln.engine.subjects.build import Builder, capsule, ellipsoid
from pixelkiln.engine.subjects.model import Band, Model, Paint, aim
from pixelkiln.engine.subjects.spec import SubjectSpec

__all__ = ["build_insect", "build_model"]

DEFAULT_PAINTS: dict[str, Paint] = {
    **_SPIDER_PAINTS,
    "body": Paint(30, 0.12, 0.35, "shiny"),
    "legs": Paint(30, 0.1, 0.3),
    "eyes": Paint(285, 0.01, 0.15),
    "markings": Paint(285, 0.012, 0.2),
}


def _v(a) -> tuple[float, float, float]:
    return tuple(float(x) for x in a)  # type: ignore[return-value]


def build_insect(
    b: Builder, params: dict[str, Any], roles: dict[str, str], seed: int
) -> dict[str, Any]:
    ant = bool(params.get("ant"))
    shell = bool(params.get("shell"))
    body_h = 0.17 if not shell else 0.15
    root = np.array([0.0, 0.0, body_h])
    b.joint("thorax", None, _v(root))
    thorax = (0.1, 0.13, 0.09) if ant else (0.14, 0.14, 0.1)
    b.part("thorax", "thorax", ellipsoid(*thorax), roles["body"], min_px=3.0)
    # Head on a joint (it nods and turns).
    b.joint("head", "thorax", (0.0, -thorax[1] - (0.04 if ant else 0.02), 0.02))
    hr = 0.1 if ant else 0.085
    head = (hr, hr * 0.95, hr * 0.9)
    head_c = (0.0, -hr * 0.8, 0.0)
    b.part("head", "head", ellipsoid(*head), roles["body"], origin=head_c, group="head", min_px=3.0)
    axes = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    for side, sx in (("l", 1.0), ("r", -1.0)):
        label = "LEFT" if sx > 0 else "RIGHT"
        at, normal = ellipsoid_point(head_c, head, axes, (0.75 * sx, -0.5, 0.3))
        b.part(
            f"{side}_eye",
            "head",
            ellipsoid(hr * 0.32, hr * 0.32, hr * 0.36),
            roles["eyes"],
            origin=_v(at - normal * hr * 0.12),
            group="face",
            min_px=2.0,
        )
        b.keypoint(f"{label} EYE", "head", _v(at - normal * hr * 0.4))
        b.keypoint(f"{label} EAR", "head", (sx * hr * 0.6, -hr * 0.6, hr * 0.5))
        # Antennae: an elbowed pair sweeping up and forward.
        base = np.array(head_c) + np.array([sx * hr * 0.35, -hr * 0.6, hr * 0.6])
        b.joint(f"{side}_antenna", "head", _v(base))
        b.part(
            f"{side}_antenna",
            f"{side}_antenna",
            capsule(0.16, 0.012, 0.008),
            roles["legs"],
            axes=aim((0.45 * sx, -0.55, 1.0)),
            group="head",
            min_px=1.0,
        )
        tip = np.array([0.45 * sx, -0.55, 1.0])
        tip = tip / np.linalg.norm(tip) * 0.16
        b.part(
            f"{side}_antenna_tip",
            f"{side}_antenna",
            capsule(0.12, 0.01, 0.012),
            roles["legs"],
            origin=_v(tip),
            axes=aim((0.25 * sx, -1.0, 0.1)),
            group="head",
            min_px=1.0,
        )
        # Mandibles.
        b.part(
            f"{side}_mandible",
            "head",
            capsule(hr * 0.7, hr * 0.2, hr * 0.06),
            roles["legs"],
            origin=_v(np.array(head_c) + np.array([sx * hr * 0.35, -hr * 0.8, -hr * 0.4])),
            axes=aim((-0.6 * sx, -1.0, -0.3)),
            group="head",
            min_px=1.0,
        )
    if params.get("horn"):
        b.part(
            "horn",
            "head",
            capsule(hr * 1.6, hr * 0.3, hr * 0.06),
            roles["body"],
            origin=_v(np.array(head_c) + np.array([0.0, -hr * 0.6, hr * 0.5])),
            axes=aim((0.0, -0.5, 1.0)),
            group="head",
            min_px=2.0,
        )
    b.keypoint("NOSE", "head", _v(np.array(head_c) + np.array([0.0, -hr * 0.7, -hr * 0.2])))
    b.keypoint("NECK", "head", (0.0, 0.0, 0.0))
    # Abdomen.
    b.joint("abdomen", "thorax", (0.0, thorax[1] * 0.9, 0.01))
    if ant:
        b.part(
            "waist",
            "abdomen",
            ellipsoid(0.04, 0.05, 0.04),
            roles["body"],
            origin=(0.0, 0.04, 0.0),
            min_px=2.0,
        )
        b.part(
            "gaster",
            "abdomen",
            ellipsoid(0.15, 0.22, 0.14),
            roles["body"],
            origin=(0.0, 0.27, 0.05),
            min_px=3.0,
        )
    else:
        b.part(
            "belly",
            "abdomen",
            ellipsoid(0.16, 0.22, 0.11),
            roles["body"],
            origin=(0.0, 0.16, 0.0),
            min_px=3.0,
        )
    if shell:
        bands = [Band(roles["markings"], x=(-0.06, 0.06), z=(0.2, 9.0))]
        if params.get("spots"):
            rng = make_rng(seed, "insect", "spots")
            for k in range(7):
                # Spots spread round the back, alternating sides of the seam.
                v = rng.normal(size=3) * 0.5
                v[0] = (0.55 + abs(v[0])) * (1 if k % 2 else -1)
                v[2] = abs(v[2]) + 0.5
                cx, cy, cz = v / np.linalg.norm(v)
                bands.append(
                    Band(
                        roles["markings"],
                        x=(cx - 0.26, cx + 0.26),
                        y=(cy - 0.26, cy + 0.26),
                        z=(cz - 0.3, cz + 0.3),
                    )
                )
        b.part(
            "shell",
            "abdomen",
            ellipsoid(0.2, 0.27, 0.17, clips=((0, 0, -1, 0.02),)),
            roles["shell"],
            origin=(0.0, 0.12, 0.02),
            group="shell",
            min_px=3.0,
            bands=tuple(bands),
        )
    # Legs: three pairs from the thorax, the middle pair straight out.
    legs = []
    spread = (40.0, 90.0, 135.0)
    reach = (0.35, 0.33, 0.4)
    rr = (0.022, 0.018, 0.01)
    for side, sx in (("l", 1.0), ("r", -1.0)):
        for k, (ang, rch) in enumerate(zip(spread, reach, strict=True)):
            a = math.radians(ang)
            d = np.array([sx * math.sin(a), -math.cos(a), 0.0])
            coxa = d * np.array([thorax[0] * 0.7, thorax[1] * 0.5, 0.0]) + np.array([0, 0, -0.03])
            knee = coxa + d * rch * 0.4 + np.array([0.0, 0.0, 0.12])
            foot = coxa + d * rch + np.array([0.0, 0.0, -body_h + 0.05])
            rec = add_leg(
                b, f"{side}{k + 1}", "thorax", coxa, knee, foot, rr, roles["legs"], f"{side}_legs"
            )
            rec["root"] = _v(root)
            legs.append(rec)
    _arthropod_keypoints(b)
    return {"legs": legs, "body_h": body_h, "tail": (), "height": body_h + 0.2, "head_r": hr}


def build_model(spec: SubjectSpec, paints: dict[str, Paint]) -> Model:
    """An insect model from a creature spec."""
    b = Builder("creature", "insect")
    roles = {r: r for r in ("body", "legs", "markings", "eyes", "shell")}
    info = build_insect(b, spec.params, roles, spec.seed)
    b.info.update(
        {
            "arthropod": info,
            "head_height": info["head_r"] * 2,
            "body_groups": None,
            "subject": spec.subject,
        }
    )
    paint_roles(b, paints, DEFAULT_PAINTS)
    return b.model(info["height"], "body")
