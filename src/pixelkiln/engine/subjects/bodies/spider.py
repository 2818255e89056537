"""The ``spider`` body plan (spider, tarantula, scorpion) and the leg machinery it shares
with ``insect``.

A spider's knees rise above its body and its feet splay out around it; the core's leg
IK bends a middle joint only forward or back (fine for mammals and birds), so these
legs are solved here: each leg is a coxa on the body, a knee and a foot, and
:func:`leg_angles` bends it in its own rest plane (the plane through the coxa, the
raised knee and the foot) so the knee stays up and out while the foot keeps its spot.
The angles come back as ordinary (swing, spread, twist) joint angles for the sample,
so the render and every other tool see a plain FK pose. Legs are listed in
``model.info["arthropod"]["legs"]`` with their rest geometry.

The spider: a cephalothorax and a big round abdomen, fangs, two pedipalps, eight legs
in four pairs splayed from forward to back. ``scorpion`` swaps the round abdomen for a
flat segmented one, adds pincers and a tail curled over the back with a stinger.

Units: the body (head to abdomen) is about 0.8 long; legs span about 1.4.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from pixelkiln.engine.subjects.bodies.quadruped import ellipsoid_point, paint_roles
from pixelkiln.engine.subjects.build import Builder, capsule, ellipsoid
from pixelkiln.engine.subjects.model import Band, Model, Paint, aim
from pixelkiln.engine.subjects.rig import euler, solve_two_bone
from pixelkiln.engine.subjects.spec import SubjectSpec

__all__ = ["add_leg", "build_model", "build_spider", "euler_of", "leg_angles"]

DEFAULT_PAINTS: dict[str, Paint] = {
    "body": Paint(285, 0.02, 0.27),
    "legs": Paint(285, 0.02, 0.25),
    "markings": Paint(20, 0.16, 0.5),
    "eyes": Paint(20, 0.17, 0.55),
    "shell": Paint(150, 0.13, 0.45, "shiny"),
}

Vec = tuple[float, float, float]


def _v(a) -> Vec:
    return tuple(float(x) for x in a)  # type: ignore[return-value]


def euler_of(rot: np.ndarray) -> Vec:
    """The (swing, spread, twist) degrees of a rotation (the inverse of
    :func:`~pixelkiln.engine.subjects.rig.euler`)."""
    s = math.degrees(math.asin(max(-1.0, min(1.0, float(rot[2, 0])))))
    w = -math.degrees(math.atan2(float(rot[2, 1]), float(rot[2, 2])))
    t = math.degrees(math.atan2(float(rot[1, 0]), float(rot[0, 0])))
    return (w, s, t)


def add_leg(
    b: Builder,
    name: str,
    parent: str,
    coxa: np.ndarray,
    knee: np.ndarray,
    foot: np.ndarray,
    radii: tuple[float, float, float],
    role: str,
    group: str,
) -> dict[str, Any]:
    """A two-segment leg (coxa -> knee -> foot, parent-frame points) and its record."""
    b.joint(f"{name}_coxa", parent, _v(coxa))
    b.joint(f"{name}_knee", f"{name}_coxa", _v(knee - coxa))
    b.joint(f"{name}_foot", f"{name}_knee", _v(foot - knee))
    b.limb(
        f"{name}_femur",
        f"{name}_coxa",
        f"{name}_knee",
        radii[0],
        radii[1],
        role,
        group,
        min_px=2.0,
        extend=radii[0] * 0.5,
    )
    b.limb(
        f"{name}_tibia", f"{name}_knee", f"{name}_foot", radii[1], radii[2], role, group, min_px=1.5
    )
    axis = foot - coxa
    bend = (knee - coxa) - axis * float((knee - coxa) @ axis) / float(axis @ axis)
    return {
        "name": name,
        "coxa": _v(coxa),
        "knee": _v(knee),
        "foot": _v(foot),
        "bend": _v(bend / np.linalg.norm(bend)),
    }


def _frame(u: np.ndarray, n: np.ndarray) -> np.ndarray:
    return np.stack([u, n, np.cross(u, n)], axis=1)


def leg_angles(
    leg: dict[str, Any],
    root_rot: np.ndarray,
    root_shift: np.ndarray,
    foot_offset: np.ndarray,
) -> dict[str, Vec]:
    """Coxa and knee angles that put ``leg``'s foot at its rest spot plus
    ``foot_offset`` (model space) while the body (the legs' parent, the root) is turned
    by ``root_rot`` and moved by ``root_shift``, bending in the leg's own plane."""
    coxa_r = np.asarray(leg["coxa"])
    knee_r = np.asarray(leg["knee"])
    foot_r = np.asarray(leg["foot"])
    root0 = np.asarray(leg["root"])
    bend_r = np.asarray(leg["bend"])
    a = float(np.linalg.norm(knee_r - coxa_r))
    c = float(np.linalg.norm(foot_r - knee_r))
    coxa_w = root0 + root_shift + root_rot @ coxa_r
    target = root0 + foot_r + foot_offset
    knee_w, end_w = solve_two_bone(coxa_w, target, a, c, root_rot @ bend_r)
    # Everything in the root's frame from here.
    u0 = (knee_r - coxa_r) / a
    v0 = (foot_r - knee_r) / c
    n0 = np.cross(u0, bend_r)
    n0 /= np.linalg.norm(n0)
    u1 = root_rot.T @ (knee_w - coxa_w) / a
    v1 = root_rot.T @ (end_w - knee_w) / c
    n1 = np.cross(u1, bend_r) if abs(float(u1 @ bend_r)) < 0.999 else n0
    n1 = n1 - u1 * float(n1 @ u1)
    n1 /= np.linalg.norm(n1)
    r_coxa = _frame(u1, n1) @ _frame(u0, n0).T
    # The knee's rotation, in the coxa's frame.
    v1c = r_coxa.T @ v1
    n_knee0 = n0 - v0 * float(n0 @ v0)
    n_knee0 /= np.linalg.norm(n_knee0)
    n_knee1 = r_coxa.T @ n1
    n_knee1 = n_knee1 - v1c * float(n_knee1 @ v1c)
    n_knee1 /= np.linalg.norm(n_knee1)
    r_knee = _frame(v1c, n_knee1) @ _frame(v0, n_knee0).T
    return {f"{leg['name']}_coxa": euler_of(r_coxa), f"{leg['name']}_knee": euler_of(r_knee)}


def legs_pose(
    info: dict[str, Any],
    root_angles: Vec,
    root_shift: Vec,
    feet: dict[str, Vec] | None = None,
) -> dict[str, Vec]:
    """Angles of every leg of an arthropod for a body pose and foot offsets."""
    rot = euler(*root_angles)
    shift = np.asarray(root_shift, dtype=np.float64)
    out: dict[str, Vec] = {}
    for leg in info["legs"]:
        off = np.asarray((feet or {}).get(leg["name"], (0.0, 0.0, 0.0)), dtype=np.float64)
        out.update(leg_angles(leg, rot, shift, off))
    return out


def build_spider(b: Builder, params: dict[str, Any], roles: dict[str, str]) -> dict[str, Any]:
    scorpion = bool(params.get("scorpion"))
    hairy = bool(params.get("hairy"))
    body_h = 0.2 if not scorpion else 0.12
    b.joint("thorax", None, (0.0, 0.05, body_h))
    root = np.array([0.0, 0.05, body_h])
    ct = (0.15, 0.19, 0.1) if not scorpion else (0.15, 0.2, 0.07)
    thick = 1.25 if hairy else 1.0
    b.part(
        "cephalothorax",
        "thorax",
        ellipsoid(*ct),
        roles["body"],
        origin=(0.0, -0.08, 0.0),
        min_px=3.0,
    )
    # Abdomen on its own joint so it can bob.
    b.joint("abdomen", "thorax", (0.0, 0.1, 0.02))
    if scorpion:
        for k in range(4):
            b.part(
                f"plate{k}",
                "abdomen",
                ellipsoid(0.15 - 0.012 * k, 0.08, 0.07),
                roles["body"],
                origin=(0.0, 0.05 + 0.11 * k, 0.0),
                min_px=2.0,
            )
        tail = _scorpion_tail(b, roles)
    else:
        ab = (0.22 * thick, 0.27 * thick, 0.19 * thick)
        bands: tuple[Band, ...] = ()
        if params.get("pattern") == "hourglass":
            bands = (Band(roles["markings"], x=(-0.22, 0.22), y=(-0.55, 0.5), z=(0.55, 9.0)),)
        elif params.get("pattern") == "bands":
            bands = tuple(
                Band(roles["markings"], y=(c - 0.08, c + 0.08)) for c in (-0.4, 0.05, 0.5)
            )
        b.part(
            "abdomen",
            "abdomen",
            ellipsoid(*ab),
            roles["body"],
            origin=(0.0, ab[1] * 0.95, ab[2] * 0.35),
            min_px=3.0,
            bands=bands,
        )
        tail = ()
    # Face: fangs and two big eyes.
    front = np.array([0.0, -0.08 - ct[1], 0.0])
    for side, sx in (("l", 1.0), ("r", -1.0)):
        b.part(
            f"{side}_fang",
            "thorax",
            capsule(0.07, 0.028, 0.01),
            roles["legs"],
            origin=_v(front + np.array([sx * 0.04, 0.03, -0.02])),
            axes=aim((0.15 * sx, -0.4, -1.0)),
            group="face",
            min_px=2.0,
        )
        at, normal = ellipsoid_point(
            (0.0, -0.08, 0.0), ct, ((1, 0, 0), (0, 1, 0), (0, 0, 1)), (0.33 * sx, -0.85, 0.5)
        )
        b.part(
            f"{side}_eye",
            "thorax",
            ellipsoid(0.032, 0.025, 0.032),
            roles["eyes"],
            origin=_v(at - normal * 0.008),
            group="face",
            min_px=2.0,
        )
        b.keypoint(f"{'LEFT' if sx > 0 else 'RIGHT'} EYE", "thorax", _v(at - normal * 0.04))
        b.keypoint(
            f"{'LEFT' if sx > 0 else 'RIGHT'} EAR", "thorax", (sx * ct[0] * 0.7, -0.08, ct[2] * 0.4)
        )
    b.keypoint("NOSE", "thorax", _v(front * 0.85))
    b.keypoint("NECK", "thorax", (0.0, 0.02, 0.0))
    # Legs: four pairs splayed from forward to back.
    legs = []
    spread = (28.0, 68.0, 108.0, 148.0)
    reach = (0.64, 0.6, 0.58, 0.66) if not scorpion else (0.42, 0.42, 0.44, 0.46)
    lift = 0.24 if not scorpion else 0.13
    rr = (0.028 * thick, 0.022 * thick, 0.012)
    for side, sx in (("l", 1.0), ("r", -1.0)):
        for k, (ang, rch) in enumerate(zip(spread, reach, strict=True)):
            a = math.radians(ang)
            d = np.array([sx * math.sin(a), -math.cos(a), 0.0])
            coxa = np.array([0.0, -0.08, -0.02]) + d * np.array([ct[0] * 0.8, ct[1] * 0.7, 0.0])
            knee = coxa + d * rch * 0.38 + np.array([0.0, 0.0, lift])
            foot = coxa + d * rch + np.array([0.0, 0.0, -body_h + 0.02 + 0.02])
            rec = add_leg(
                b, f"{side}{k + 1}", "thorax", coxa, knee, foot, rr, roles["legs"], f"{side}_legs"
            )
            rec["root"] = _v(root)
            legs.append(rec)
    if scorpion:
        _pincers(b, roles, front)
    else:
        for side, sx in (("l", 1.0), ("r", -1.0)):
            base = front + np.array([sx * 0.07, 0.04, 0.0])
            b.part(
                f"{side}_palp",
                "thorax",
                capsule(0.11, 0.02, 0.015),
                roles["legs"],
                origin=_v(base),
                axes=aim((0.35 * sx, -1.0, -0.5)),
                group="face",
                min_px=1.0,
            )
    _arthropod_keypoints(b)
    return {
        "legs": legs,
        "body_h": body_h,
        "tail": tail,
        "height": body_h + lift + 0.05,
        "head_r": ct[2],
    }


def _arthropod_keypoints(b: Builder) -> None:
    """Front legs stand for arms, back legs for legs."""
    for side, label in (("l", "LEFT"), ("r", "RIGHT")):
        names = sorted(
            n[: -len("_coxa")]
            for n in b.at
            if n.startswith(side) and n.endswith("_coxa") and n[1:-5].isdigit()
        )
        first, last = names[0], names[-1]
        b.keypoint(f"{label} SHOULDER", f"{first}_coxa")
        b.keypoint(f"{label} ELBOW", f"{first}_knee")
        b.keypoint(f"{label} ARM", f"{first}_foot")
        b.keypoint(f"{label} HIP", f"{last}_coxa")
        b.keypoint(f"{label} KNEE", f"{last}_knee")
        b.keypoint(f"{label} LEG", f"{last}_foot")


def _scorpion_tail(b: Builder, roles: dict[str, str]) -> tuple[str, ...]:
    """Five segments rising from the abdomen's end and curling forward over the back."""
    parent, at = "abdomen", (0.0, 0.42, 0.0)
    angles = (25.0, 60.0, 95.0, 130.0, 165.0)  # above the backward horizontal
    names = []
    for i, ang in enumerate(angles):
        name = f"tail{i + 1}"
        b.joint(name, parent, at)
        names.append(name)
        a = math.radians(ang)
        seg = 0.1
        at = (0.0, seg * math.cos(a), seg * math.sin(a))
        parent = name
    b.joint("tail_end", parent, at)
    chain = [*names, "tail_end"]
    for i in range(len(names)):
        b.limb(
            f"tail{i + 1}",
            chain[i],
            chain[i + 1],
            0.045 - 0.004 * i,
            0.04 - 0.004 * i,
            roles["body"],
            "tail",
            min_px=2.0,
            extend=0.02,
        )
    b.part(
        "stinger",
        "tail_end",
        capsule(0.08, 0.03, 0.006),
        roles["markings"],
        axes=aim((0.0, -0.3, -1.0)),
        group="tail",
        min_px=1.0,
    )
    return tuple(names)


def _pincers(b: Builder, roles: dict[str, str], front: np.ndarray) -> None:
    for side, sx in (("l", 1.0), ("r", -1.0)):
        base = front + np.array([sx * 0.1, 0.06, 0.0])
        b.joint(f"{side}_claw_arm", "thorax", _v(base))
        b.joint(f"{side}_claw", f"{side}_claw_arm", (sx * 0.12, -0.1, 0.0))
        b.limb(
            f"{side}_claw_arm",
            f"{side}_claw_arm",
            f"{side}_claw",
            0.03,
            0.026,
            roles["legs"],
            f"{side}_claw",
            min_px=2.0,
        )
        b.part(
            f"{side}_claw_hand",
            f"{side}_claw",
            ellipsoid(0.05, 0.08, 0.035),
            roles["legs"],
            origin=(0.0, -0.06, 0.0),
            group=f"{side}_claw",
            min_px=2.0,
        )
        for k, dx in enumerate((0.025, -0.025)):
            b.part(
                f"{side}_finger{k}",
                f"{side}_claw",
                capsule(0.07, 0.018, 0.006),
                roles["legs"],
                origin=(sx * dx, -0.12, 0.0),
                axes=aim((-sx * dx * 4, -1.0, 0.0)),
                group=f"{side}_claw",
                min_px=1.0,
            )


def build_model(spec: SubjectSpec, paints: dict[str, Paint]) -> Model:
    """A spider (or scorpion) model from a creature spec."""
    b = Builder("creature", "spider")
    roles = {r: r for r in ("body", "legs", "markings", "eyes", "shell")}
    info = build_spider(b, spec.params, roles)
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
