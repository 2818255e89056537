"""The ``serpent`` body plan: snakes, serpents, worms and eels.

A chain of joints along the ground (``s0`` at the tip of the tail, the root, forward to
``neck``), each carrying a tapering capsule, with the head on its own joint in front, a
jaw and a tongue. Rooted at the tail, the front can rear, coil and strike while the
rest of the body stays where it lies. The last joints rise so the head is held up off
the ground (a cobra raises it high and spreads a hood), which keeps the head readable
from every view.

The body's shape is a sine path along its length, ``x(s, t) = A(s) sin 2pi (s/L - t)``
(:func:`wave`): the rest pose is that path at ``t = 0`` (an S-curve, stored as rest
twists), and slithering moves ``t`` so the bends travel down the body toward the tail
while the body advances along its own path (``travel`` is one wavelength a cycle).
Joint angles come from the path's headings, so every segment stays on the ground.

Units: the serpent's length is about 1.6 (a worm's 1.36), its girth ``0.105``.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from pixelkiln.engine.subjects.bodies.quadruped import eye_pair, paint_roles
from pixelkiln.engine.subjects.build import Builder, capsule, ellipsoid
from pixelkiln.engine.subjects.model import Band, Model, Paint, aim
from pixelkiln.engine.subjects.spec import SubjectSpec

__all__ = ["build_model", "build_serpent", "wave"]

DEFAULT_PAINTS: dict[str, Paint] = {
    "body": Paint(135, 0.11, 0.5),
    "belly": Paint(95, 0.08, 0.75),
    "markings": Paint(130, 0.1, 0.36),
    "eyes": Paint(90, 0.15, 0.78),
    "tongue": Paint(20, 0.17, 0.5),
    "mouth": Paint(18, 0.1, 0.3),
}
_N = 12


def _axes(vec: np.ndarray) -> tuple:
    """Capsule axes along ``vec`` whose X points up (so the belly is local -X)."""
    z = vec / np.linalg.norm(vec)
    up = np.array([0.0, 0.0, 1.0])
    x = up - z * float(up @ z)
    x = x / np.linalg.norm(x)
    y = np.cross(z, x)
    return tuple(tuple(float(v) for v in a) for a in (x, y, z))


def wave(info: dict[str, Any], t: float, amp: float | None = None) -> tuple[float, list[float]]:
    """The path at phase ``t``: the tail root's sideways offset and the world heading
    (degrees, + turning to the serpent's left) of every segment, tail to neck."""
    seg = info["seg"]
    n = info["n"]
    length = seg * n
    lam = info["wavelength"]
    a = info["amp"] if amp is None else amp

    def x(s: float) -> float:  # s: distance from the head
        env = a * min(1.0, 0.25 + s / (0.45 * length))
        return env * math.sin(2 * math.pi * (s / lam - t))

    # Joint k sits at distance (n - k) seg from the head; segments point forward.
    xs = [x((n - k) * seg) for k in range(n + 1)]
    heads = [math.degrees(math.atan2(xs[k + 1] - xs[k], seg)) for k in range(n)]
    return xs[0], heads


def wave_twists(info: dict[str, Any], t: float, amp: float | None = None) -> tuple[float, dict]:
    """Root offset and local twists ``{joint: angle}`` of the path at phase ``t``."""
    x0, heads = wave(info, t, amp)
    twists = {"s0": heads[0]}
    for i in range(1, len(heads)):
        twists[f"s{i}"] = heads[i] - heads[i - 1]
    twists["head"] = -heads[-1] * 0.6
    return x0, twists


def build_serpent(b: Builder, params: dict[str, Any], roles: dict[str, str]) -> dict[str, Any]:
    length = 1.6 * float(params.get("length", 1.0)) * (0.85 if params.get("worm") else 1.0)
    girth = 0.105 * float(params.get("girth", 1.0)) * (1.1 if params.get("worm") else 1.0)
    raise_k = float(params.get("raise_head", 1.0))
    worm = bool(params.get("worm"))
    n = _N
    seg = length / n
    raise_h = 0.28 * raise_k * (1.0 if not params.get("hood") else 1.25)
    # Distance of joint k from the head is (n - k) seg: the last joints rise to the neck.
    heights = [girth + raise_h * max(0.0, 1.0 - (n - k) / 3.2) ** 1.5 for k in range(n + 1)]
    radii = [
        girth * (0.78 + 0.35 * math.sin(math.pi * min(1.0, (n - k + 1.5) / (n * 0.75))))
        for k in range(n + 1)
    ]
    for k in range(n + 1):  # the tail tapers to a point
        from_head = n - k
        if from_head > n * 0.6:
            radii[k] *= max(0.12, 1.0 - (from_head - n * 0.6) / (n * 0.4 + 0.5))
    if worm:
        radii = [girth * (1.0 if k > 0 else 0.8) for k in range(n + 1)]
    b.joint("s0", None, (0.0, length / 2, heights[0]))
    for k in range(1, n + 1):
        name = f"s{k}" if k < n else "neck"
        b.joint(name, f"s{k - 1}", (0.0, -seg, heights[k] - heights[k - 1]))
    pattern = params.get("pattern", "none")
    markings = roles.get("markings")
    for k in range(n):
        a, c = f"s{k}", (f"s{k + 1}" if k + 1 < n else "neck")
        vec = b.offset(a, c)
        bands = [Band(roles["belly"], x=(-9.0, -0.3))]
        if markings and pattern == "bands" and k % 2 == 1:
            bands.append(Band(markings, x=(-0.3, 9.0), z=(0.25, 0.75)))
        elif markings and pattern == "rings":
            bands.append(Band(markings, z=(0.45, 0.62)))
        elif markings and pattern == "blotches":
            bands.append(Band(markings, x=(0.3, 9.0), z=(0.2, 0.6)))
        b.part(
            f"seg{k}",
            a,
            capsule(float(np.linalg.norm(vec)), radii[k], radii[k + 1]),
            roles["body"],
            axes=_axes(vec),
            bands=tuple(bands),
            min_px=2.0,
            origin=tuple((-vec / np.linalg.norm(vec) * radii[k] * 0.3).tolist()),
        )
    if params.get("fin"):
        for k in range(1, n - 2):
            vec = b.offset(f"s{k}", f"s{k + 1}")
            b.part(
                f"fin{k}",
                f"s{k}",
                ellipsoid(girth * 0.12, seg * 0.55, girth * 0.9),
                roles["body"],
                origin=tuple((vec * 0.5 + np.array([0, 0, radii[k]])).tolist()),
                group="fin",
                min_px=1.0,
            )
    # Head: forward of the neck joint, level, a little wider than the neck.
    hr = girth * (1.55 if not worm else 1.0)
    b.joint("head", "neck", (0.0, -hr * 0.35, girth * 0.1))
    head = (hr * 0.85, hr * 1.3, hr * 0.62)
    head_c = (0.0, -hr * 0.9, 0.0)
    b.part(
        "head",
        "head",
        ellipsoid(*head),
        roles["body"],
        origin=head_c,
        group="head",
        min_px=3.0,
        bands=(Band(roles["belly"], z=(-9.0, -0.5)),),
    )
    b.joint("jaw", "head", (0.0, -hr * 0.3, -hr * 0.25))
    b.part(
        "jaw",
        "jaw",
        ellipsoid(hr * 0.72, hr * 1.05, hr * 0.28),
        roles["belly"],
        origin=(0.0, -hr * 0.75, 0.0),
        group="head",
        min_px=2.0,
    )
    b.part(
        "mouth",
        "jaw",
        ellipsoid(hr * 0.55, hr * 0.85, hr * 0.18),
        roles["mouth"],
        origin=(0.0, -hr * 0.7, hr * 0.12),
        group="head",
        min_px=1.0,
    )
    if not worm:
        b.joint("tongue", "head", (0.0, -hr * 1.6, -hr * 0.2))
        b.rest["tongue"] = (0.0, 0.0, 0.0)
        b.part(
            "tongue",
            "tongue",
            capsule(hr * 0.9, hr * 0.1, hr * 0.05),
            roles["tongue"],
            axes=aim((0.0, 1.0, 0.05)),
            group="head",
            min_px=1.0,
        )
        eye_pair(
            b, "head", "head", head_c, head, ((1, 0, 0), (0, 1, 0), (0, 0, 1)), (0.7, -0.45, 0.45)
        )
    else:
        for label, sx in (("LEFT", 1.0), ("RIGHT", -1.0)):
            b.keypoint(f"{label} EYE", "head", (sx * head[0] * 0.5, -hr * 1.2, head[2] * 0.3))
    if params.get("hood"):
        b.part(
            "hood",
            "neck",
            ellipsoid(hr * 1.7, hr * 0.35, hr * 1.5),
            roles["body"],
            origin=(0.0, hr * 0.6, -hr * 0.2),
            group="hood",
            min_px=2.0,
            bands=(Band(roles["belly"], y=(-9.0, -0.2), x=(-0.45, 0.45), z=(-0.8, 0.5)),),
        )
    # Keypoints along the body (a serpent has no limbs: the labels sit on its length).
    b.keypoint("NOSE", "head", (0.0, -hr * 1.9, 0.0))
    b.keypoint("NECK", "neck")
    for label, sx, k in (("LEFT", 1.0, 0), ("RIGHT", -1.0, 1)):
        b.keypoint(f"{label} EAR", "head", (sx * head[0] * 0.6, -hr * 0.6, head[2] * 0.4))
        for part_label, j in (
            ("SHOULDER", 1),
            ("ELBOW", 3),
            ("ARM", 4),
            ("HIP", 6),
            ("KNEE", 8),
            ("LEG", 9),
        ):
            joint = f"s{n - j - k}"
            b.keypoint(f"{label} {part_label}", joint, (sx * radii[n - j - k] * 0.4, 0.0, 0.0))
    info = {
        "n": n,
        "seg": seg,
        "wavelength": length * 0.55,
        "amp": length * (0.12 if not worm else 0.05),
        "head_r": hr,
        "raise": raise_h,
        "girth": girth,
        "worm": worm,
        "height": heights[n] + hr,
    }
    _, twists = wave_twists(info, 0.0)
    for j, a in twists.items():
        b.rest[j] = (0.0, 0.0, a)
    return info


def build_model(spec: SubjectSpec, paints: dict[str, Paint]) -> Model:
    """A serpent model from a creature spec."""
    b = Builder("creature", "serpent")
    roles = {r: r for r in ("body", "belly", "markings", "eyes", "tongue", "mouth")}
    info = build_serpent(b, spec.params, roles)
    b.info.update(
        {
            "serpent": info,
            "head_height": info["head_r"] * 1.6,
            "body_groups": ("body", "head"),
            "subject": spec.subject,
        }
    )
    paint_roles(b, paints, DEFAULT_PAINTS)
    return b.model(info["height"], "body")
