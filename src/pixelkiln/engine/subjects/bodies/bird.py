"""The ``bird`` body plan: a winged creature (bird, crow, owl, eagle, chicken, bat...).

A round body pitched up at the bird's own angle (a duck nearly level, a songbird 30
degrees, an owl or a penguin almost upright), a head on a short neck with a beak (a
hooked one for birds of prey, a flat bill for ducks), a fan of tail feathers, two legs
planted by IK whose visible joint bends back (what looks like a bird's knee is its
ankle), toes, and two wings.

Each wing is drawn spread: an arm bone and a hand bone along the leading edge, each
carrying a flat feather (or membrane) panel trailing behind. Folded is a rest angle:
the wing turns back along the body and stands on edge against its flank, and long
wings fold their hand back over the arm. A motion spreads a wing by cancelling the
rest angles (:func:`spread_angles`) and flaps it by rolling it about the body's length.
The wings hang from a ``wing_mount`` joint pitched like the body, so spread wings lie
level when the body levels out in flight.

``bat`` builds a bat: a small upright furry body, big ears, a snout, membrane wings;
its rest pose hovers with the wings open (a bat does not stand). Units: the standing
bird is about 1.0 tall.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from pixelkiln.engine.subjects.bodies.quadruped import (
    ellipsoid_point,
    eye_pair,
    paint_roles,
    tilt_axes,
)
from pixelkiln.engine.subjects.build import Builder, capsule, ellipsoid
from pixelkiln.engine.subjects.model import Leg, Model, Paint, aim
from pixelkiln.engine.subjects.spec import SubjectSpec

__all__ = ["WING_JOINTS", "build_bird", "build_model", "spread_angles"]

WING_JOINTS = ("l_wing", "l_wing2", "r_wing", "r_wing2")

DEFAULT_PAINTS: dict[str, Paint] = {
    "body": Paint(230, 0.12, 0.58),
    "belly": Paint(80, 0.05, 0.85),
    "wings": Paint(235, 0.12, 0.48),
    "beak": Paint(80, 0.13, 0.75),
    "feet": Paint(60, 0.1, 0.6),
    "eyes": Paint(280, 0.03, 0.16),
    "comb": Paint(27, 0.18, 0.55),
    "pupil": Paint(280, 0.03, 0.14),
}


def _v(a) -> tuple[float, float, float]:
    return tuple(float(x) for x in a)  # type: ignore[return-value]


def _rot_x(deg: float) -> np.ndarray:
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return np.array([[1, 0, 0], [0, c, -s], [0, s, c]])


def spread_angles(model: Model, spread: float = 1.0) -> dict[str, tuple[float, float, float]]:
    """Angles (added to rest) that open the wings by ``spread`` (1 fully open)."""
    out = {}
    for j in WING_JOINTS:
        r = model.rest.get(j, (0.0, 0.0, 0.0))
        out[j] = (-r[0] * spread, -r[1] * spread, -r[2] * spread)
    return out


def build_bird(b: Builder, params: dict[str, Any], roles: dict[str, str]) -> dict[str, Any]:
    bat = bool(params.get("bat"))
    size = float(params.get("size", 1.0))  # wings relative to the body (big raptors)
    plump = float(params.get("plump", 1.0))
    legs = float(params.get("legs", 1.0)) * (0.55 if bat else 1.0)
    head_k = float(params.get("head", 1.0)) * (1.15 if bat else 1.0)
    neck_k = float(params.get("neck", 1.0))
    beak_k = float(params.get("beak", 1.0)) * (0.45 if bat else 1.0)
    tail_k = float(params.get("tail", 1.0)) * (0.0 if bat else 1.0)
    upright = float(params.get("upright", 0.35))
    pitch = 8.0 + 78.0 * upright if not bat else 75.0
    flightless = bool(params.get("flightless"))
    # Measurements.
    hip_h = 0.3 * legs
    hover = 0.42 if bat else 0.0
    rx, ry, rz = (0.24 * plump, 0.36, 0.25 * plump) if not bat else (0.17, 0.2, 0.19)
    up_r = _rot_x(-pitch)  # nose-up pitch of the body
    body_axes = tilt_axes(-pitch)
    # Skeleton: pelvis (root) -> neck -> head; tail; wing mount; legs.
    b.joint("pelvis", None, (0.0, 0.0, hip_h + hover))
    centre = np.array([0.0, -0.03, rz * 0.75])
    b.part(
        "body",
        "pelvis",
        ellipsoid(rx, ry, rz),
        roles["body"],
        origin=_v(centre),
        axes=body_axes,
        min_px=3.0,
        bands=(_belly_band(roles),) if roles["belly"] != roles["body"] else (),
    )
    neck_base = centre + up_r @ np.array([0.0, -ry * 0.72, rz * 0.42])
    b.joint("neck", "pelvis", _v(neck_base))
    head_up = (0.1 * neck_k + 0.05) * (1.0 - 0.4 * upright)
    b.joint("head", "neck", (0.0, -0.04, head_up))
    hr = 0.15 * head_k
    head_c = (0.0, -0.02, hr * 0.55)
    b.part(
        "head",
        "head",
        ellipsoid(hr, hr * 1.02, hr * 0.95),
        roles["head"],
        origin=head_c,
        group="head",
        min_px=3.0,
    )
    b.limb("neck", "neck", "head", rx * 0.55, hr * 0.75, roles["head"], "body", min_px=2.0)
    hc = np.array(head_c)
    # Beak.
    beak_len = 0.14 * beak_k
    tip = hc + np.array([0.0, -hr * 0.85, -hr * 0.12])
    if params.get("bill"):
        b.part(
            "beak",
            "head",
            ellipsoid(hr * 0.42, beak_len * 0.7, hr * 0.16),
            roles["beak"],
            origin=_v(tip + np.array([0.0, -beak_len * 0.5, -hr * 0.05])),
            group="head",
            min_px=2.0,
        )
        nose_tip = tip + np.array([0.0, -beak_len * 1.1, -hr * 0.05])
    else:
        vec = np.array([0.0, -1.0, -0.18 if not params.get("hook") else -0.1])
        b.part(
            "beak",
            "head",
            capsule(beak_len, hr * 0.32 * math.sqrt(beak_k), hr * 0.05),
            roles["beak"],
            origin=_v(tip),
            axes=aim(vec),
            group="head",
            min_px=2.0,
        )
        nose_tip = tip + vec / np.linalg.norm(vec) * beak_len
        if params.get("hook"):
            b.part(
                "hook",
                "head",
                capsule(beak_len * 0.35, hr * 0.1, hr * 0.03),
                roles["beak"],
                origin=_v(nose_tip),
                axes=aim((0.0, -0.3, -1.0)),
                group="head",
                min_px=1.0,
            )
    b.keypoint("NOSE", "head", _v(nose_tip * 0.8 + hc * 0.2))
    # Eyes.
    if params.get("tufts") or params.get("owl_eyes"):
        _owl_face(b, hc, hr, roles)
    else:
        look = (0.55, -0.78, 0.22) if not bat else (0.42, -0.88, 0.15)
        eye_pair(
            b,
            "head",
            "head",
            _v(hc),
            (hr, hr * 1.02, hr * 0.95),
            ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
            look,
        )
    if params.get("tufts"):
        for side, sx in (("l", 1.0), ("r", -1.0)):
            at, _ = ellipsoid_point(
                _v(hc), (hr, hr, hr), ((1, 0, 0), (0, 1, 0), (0, 0, 1)), (0.55 * sx, 0.0, 0.85)
            )
            b.part(
                f"{side}_tuft",
                "head",
                capsule(hr * 0.55, hr * 0.22, hr * 0.04),
                roles["body"],
                origin=_v(at),
                axes=aim((0.35 * sx, 0.1, 1.0)),
                group="head",
                min_px=2.0,
            )
    if bat:
        for side, sx in (("l", 1.0), ("r", -1.0)):
            at, _ = ellipsoid_point(
                _v(hc), (hr, hr, hr), ((1, 0, 0), (0, 1, 0), (0, 0, 1)), (0.5 * sx, 0.1, 0.85)
            )
            b.part(
                f"{side}_ear",
                "head",
                capsule(hr * 1.05, hr * 0.38, hr * 0.05),
                roles["body"],
                origin=_v(at),
                axes=aim((0.45 * sx, 0.15, 1.0)),
                group="head",
                min_px=2.0,
            )
    if params.get("comb"):
        for k, (dy, dz, r) in enumerate(((-0.35, 0.95, 0.3), (0.0, 1.05, 0.34), (0.35, 0.9, 0.28))):
            b.part(
                f"comb{k}",
                "head",
                ellipsoid(hr * 0.12, r * hr * 0.8, r * hr),
                roles["comb"],
                origin=_v(hc + np.array([0.0, dy * hr, dz * hr])),
                group="head",
                min_px=2.0,
            )
        b.part(
            "wattle",
            "head",
            ellipsoid(hr * 0.14, hr * 0.2, hr * 0.3),
            roles["comb"],
            origin=_v(tip + np.array([0.0, -0.01, -hr * 0.35])),
            group="head",
            min_px=2.0,
        )
    for side, sx in (("LEFT", 1.0), ("RIGHT", -1.0)):
        b.keypoint(f"{side} EAR", "head", _v(hc + np.array([sx * hr * 0.75, hr * 0.1, 0.0])))
    b.keypoint("NECK", "neck", (0.0, 0.0, head_up * 0.4))
    # Tail feathers.
    if tail_k > 0:
        tail_at = centre + up_r @ np.array([0.0, ry * 0.8, -rz * 0.05])
        b.joint("tail", "pelvis", _v(tail_at))
        t_len = 0.22 * tail_k
        t_axes = tilt_axes(-pitch * 0.55)
        back = _rot_x(-pitch * 0.55) @ np.array([0.0, t_len * 0.75, 0.0])
        b.part(
            "tail",
            "tail",
            ellipsoid(0.1 * min(1.2, tail_k), t_len, 0.022),
            roles["tail"],
            origin=_v(back),
            axes=t_axes,
            group="tail",
            min_px=2.0,
        )
    # Wings.
    span = (0.5 if not bat else 1.15) * float(params.get("wingspan", 1.0)) * size
    if flightless:
        span = 0.3
    chord = 0.27 if not bat else 0.42
    mount = centre + up_r @ np.array([0.0, -ry * 0.3, rz * 0.55])
    b.joint("wing_mount", "pelvis", _v(mount))
    b.rest["wing_mount"] = (pitch, 0.0, 0.0)
    for side, sx in (("l", 1.0), ("r", -1.0)):
        w = f"{side}_wing"
        b.joint(w, "wing_mount", (sx * rx * 0.82, 0.0, 0.0))
        b.joint(f"{w}2", w, (sx * span * 0.46, 0.0, 0.0))
        b.joint(f"{w}3", f"{w}2", (sx * span * 0.54, chord * 0.2, 0.0))
        g = f"{side}_wing"
        b.part(
            f"{w}_arm",
            w,
            ellipsoid(span * 0.27, chord * 0.5, 0.018),
            roles["wings"],
            origin=(sx * span * 0.22, chord * 0.38, 0.0),
            group=g,
            min_px=2.0,
        )
        b.part(
            f"{w}_hand",
            f"{w}2",
            ellipsoid(span * 0.32, chord * 0.42, 0.014),
            roles["wings"],
            origin=(sx * span * 0.27, chord * 0.34, 0.0),
            group=g,
            min_px=2.0,
        )
        if bat:
            # Finger bones along the membrane.
            b.part(
                f"{w}_finger",
                f"{w}2",
                capsule(span * 0.5, 0.015, 0.006),
                roles["body"],
                axes=aim((sx, 0.35, 0.0)),
                group=g,
                min_px=1.0,
            )
        b.keypoint(f"{'LEFT' if sx > 0 else 'RIGHT'} SHOULDER", w)
        b.keypoint(f"{'LEFT' if sx > 0 else 'RIGHT'} ELBOW", f"{w}2", (0.0, chord * 0.3, 0.0))
        b.keypoint(
            f"{'LEFT' if sx > 0 else 'RIGHT'} ARM", f"{w}2", (sx * span * 0.3, chord * 0.35, 0.0)
        )
        if not bat:
            b.rest[w] = (90.0, 0.0, 90.0 * sx)
            if span > 0.45:  # long wings fold the hand back over the arm
                b.rest[f"{w}2"] = (0.0, 0.0, 160.0 * sx)
    # Legs: hip inside the body, the visible joint bending back, toes.
    leg_r = 0.026 * (1.4 if plump > 1.1 else 1.0)
    for side, sx in (("l", 1.0), ("r", -1.0)):
        h = f"{side}_hip"
        b.joint(h, "pelvis", (sx * 0.085, 0.0, 0.0))
        b.joint(f"{side}_knee", h, (0.0, 0.06 * legs, -hip_h * 0.45))
        b.joint(f"{side}_ankle", f"{side}_knee", (0.0, -0.06 * legs, -hip_h * 0.55 + 0.025))
        g = f"{side}_leg"
        b.limb(f"{side}_thigh", h, f"{side}_knee", leg_r * 1.6, leg_r, roles["body"], g, min_px=2.0)
        b.limb(
            f"{side}_shank",
            f"{side}_knee",
            f"{side}_ankle",
            leg_r,
            leg_r * 0.9,
            roles["feet"],
            g,
            min_px=1.0,
        )
        for k, yaw in enumerate((-28.0, 0.0, 28.0)):
            a = math.radians(yaw)
            b.part(
                f"{side}_toe{k}",
                f"{side}_ankle",
                capsule(0.08, leg_r * 0.8, leg_r * 0.5),
                roles["feet"],
                origin=(0.0, 0.0, -0.015),
                axes=aim((math.sin(a), -math.cos(a), -0.12)),
                group=g,
                min_px=1.0,
            )
        b.part(
            f"{side}_toe_back",
            f"{side}_ankle",
            capsule(0.045, leg_r * 0.8, leg_r * 0.5),
            roles["feet"],
            origin=(0.0, 0.0, -0.015),
            axes=aim((0.0, 1.0, -0.1)),
            group=g,
            min_px=1.0,
        )
        b.legs.append(Leg(h, f"{side}_knee", f"{side}_ankle", False, 0.0 if sx > 0 else 0.5))
        label = "LEFT" if sx > 0 else "RIGHT"
        b.keypoint(f"{label} HIP", h)
        b.keypoint(f"{label} KNEE", f"{side}_knee")
        b.keypoint(f"{label} LEG", f"{side}_ankle")
    top = hip_h + hover + float((centre + up_r @ np.array([0, -ry * 0.72, rz * 0.42]))[2])
    top += head_up + hc[2] + hr
    return {
        "hip_h": hip_h,
        "hover": hover,
        "pitch": pitch,
        "span": span,
        "bat": bat,
        "flightless": flightless,
        "height": top,
        "head_r": hr,
        "tail": tail_k > 0,
    }


def _belly_band(roles: dict[str, str]):
    from pixelkiln.engine.subjects.model import Band

    return Band(roles["belly"], z=(-9.0, -0.12))


def _owl_face(b: Builder, hc: np.ndarray, hr: float, roles: dict[str, str]) -> None:
    """An owl's forward-facing eyes: big discs with dark pupils, as parts."""
    axes = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    for label, sx in (("LEFT", 1.0), ("RIGHT", -1.0)):
        at, normal = ellipsoid_point(
            _v(hc), (hr, hr * 1.02, hr * 0.95), axes, (0.42 * sx, -0.88, 0.18)
        )
        b.part(
            f"{label.lower()}_eye",
            "head",
            ellipsoid(hr * 0.3, hr * 0.12, hr * 0.3),
            roles["eyes"],
            origin=_v(at - normal * hr * 0.04),
            group="face",
            min_px=2.0,
        )
        b.part(
            f"{label.lower()}_pupil",
            "head",
            ellipsoid(hr * 0.14, hr * 0.08, hr * 0.15),
            roles["pupil"],
            origin=_v(at + normal * hr * 0.06),
            group="face",
            min_px=1.0,
        )
        b.keypoint(f"{label} EYE", "head", _v(at - normal * hr * 0.2))


def build_model(spec: SubjectSpec, paints: dict[str, Paint]) -> Model:
    """A bird (or bat) model from a creature spec."""
    b = Builder("creature", "bird")
    roles = {r: r for r in ("body", "belly", "wings", "beak", "feet", "eyes", "comb", "pupil")}
    roles["head"] = "head" if "head" in paints else "body"
    roles["tail"] = "tail" if "tail" in paints else "wings"
    info = build_bird(b, spec.params, roles)
    b.info.update(
        {
            "bird": info,
            "head_height": info["head_r"] * 2,
            "body_groups": ("body", "head", "tail", "l_leg", "r_leg")
            + (("l_wing", "r_wing") if info["bat"] else ()),
            "subject": spec.subject,
        }
    )
    paint_roles(b, paints, DEFAULT_PAINTS)
    return b.model(info["height"], "body")
