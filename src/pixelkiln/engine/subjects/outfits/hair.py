"""Hair and beards: shapes on the head joint, clipped so the face shows.

The head is an ellipsoid of radii (w, d, h) centred ``c`` above the head joint (see
:func:`~pixelkiln.engine.subjects.bodies.biped.measure`). A hair cap is a slightly larger
ellipsoid cut by a plane that leans forward and down, so it covers the crown, the back
and the sides to the ears and stops at the forehead in front; longer styles add a
curtain, a tail or a bun behind it. From the back every style reads as hair (never a
bald back of the head: SUBJECTS.md §2, the walk that "shows the back of the head").
"""

from __future__ import annotations

import math

from pixelkiln.engine.subjects.bodies.biped import Frame
from pixelkiln.engine.subjects.build import Builder, capsule, ellipsoid
from pixelkiln.engine.subjects.model import aim

__all__ = ["BEARD_STYLES", "HAIR_STYLES", "add_beard", "add_hair"]


def _centre(f: Frame) -> tuple[float, float, float]:
    return (0.0, 0.0, f.head_h * 0.95)


def _unit(x: float, y: float, z: float) -> tuple[float, float, float]:
    n = math.sqrt(x * x + y * y + z * z)
    return (x / n, y / n, z / n)


def _cap(
    b: Builder,
    f: Frame,
    role: str,
    fringe: float = 0.28,
    depth: float = 0.55,
    temple: float = 0.02,
) -> None:
    cx, cy, cz = _centre(f)
    grow = 1.1
    rx, ry, rz = f.head_w * grow, f.head_d * grow, f.head_h * 1.07
    off = (0.0, f.head_d * 0.06, f.head_h * 0.05)
    # The hairline is a plane through two points of the head's side profile (centre
    # coordinates, y forward-negative): the fringe on the forehead, ``fringe`` of the
    # head's height down from where a plane leaning 40 degrees would meet the front, and
    # the temple just in front of the ear at ``temple`` of the height. Above and behind it
    # is hair; in front and below it the face, so a profile shows the face and the eye,
    # not a helmet of hair (a plane leaning further forward covered the face side-on).
    front = (f.head_d * 0.95 - 0.8 * fringe * f.head_h) / math.sqrt(1.64)
    z_fringe = (front * math.sqrt(1.64) - f.head_d) / -0.8
    y_fringe, y_temple, z_temple = -f.head_d, -0.15 * f.head_d, temple * f.head_h
    slope = (z_temple - z_fringe) / (y_temple - y_fringe)
    n = _unit(0.0, slope, -1.0)
    d = n[1] * y_fringe + n[2] * z_fringe - off[1] * n[1] - off[2] * n[2]
    low = (0.0, 0.0, -1.0, depth * f.head_h + off[2])  # nothing below the nape
    b.part(
        "hair",
        "head",
        ellipsoid(rx, ry, rz, clips=((n[0], n[1], n[2], d), low)),
        role,
        origin=(cx + off[0], cy + off[1], cz + off[2]),
        group="head",
        min_px=2.0,
    )


def _short(b: Builder, f: Frame, role: str) -> None:
    _cap(b, f, role)


def _long(b: Builder, f: Frame, role: str) -> None:
    _cap(b, f, role, fringe=0.32, depth=0.9)
    cx, cy, cz = _centre(f)
    b.part(
        "hair_back",
        "head",
        ellipsoid(f.head_w * 0.98, f.head_d * 0.45, f.head_h * 1.05),
        role,
        origin=(cx, cy + f.head_d * 0.62, cz - f.head_h * 0.75),
        group="head",
        min_px=2.0,
    )


def _ponytail(b: Builder, f: Frame, role: str) -> None:
    _cap(b, f, role)
    cx, cy, cz = _centre(f)
    start = (cx, cy + f.head_d * 0.95, cz + f.head_h * 0.2)
    b.part(
        "ponytail",
        "head",
        capsule(f.head_h * 1.2, f.head_w * 0.26, f.head_w * 0.12),
        role,
        origin=start,
        axes=aim((0.0, 0.35, -1.0)),
        group="head",
        min_px=2.0,
    )


def _bun(b: Builder, f: Frame, role: str) -> None:
    _cap(b, f, role)
    cx, cy, cz = _centre(f)
    r = f.head_w * 0.42
    b.part(
        "bun",
        "head",
        ellipsoid(r, r, r),
        role,
        origin=(cx, cy + f.head_d * 0.75, cz + f.head_h * 0.55),
        group="head",
        min_px=2.0,
    )


def _mohawk(b: Builder, f: Frame, role: str) -> None:
    cx, cy, cz = _centre(f)
    b.part(
        "mohawk",
        "head",
        ellipsoid(f.head_w * 0.16, f.head_d * 1.0, f.head_h * 0.5),
        role,
        origin=(cx, cy + f.head_d * 0.1, cz + f.head_h * 0.72),
        group="head",
        min_px=2.0,
    )


def _spiky(b: Builder, f: Frame, role: str) -> None:
    _cap(b, f, role, fringe=0.36)
    cx, cy, cz = _centre(f)
    for i, (x, y) in enumerate(
        ((0.0, 0.0), (0.55, 0.2), (-0.55, 0.2), (0.3, 0.7), (-0.3, 0.7), (0.0, -0.45))
    ):
        direction = (x * 0.8, y * 0.6, 1.0)
        b.part(
            f"spike{i}",
            "head",
            capsule(f.head_h * 0.62, f.head_w * 0.24, f.head_w * 0.03),
            role,
            origin=(cx + x * f.head_w * 0.55, cy + y * f.head_d * 0.55, cz + f.head_h * 0.55),
            axes=aim(direction),
            group="head",
            min_px=2.0,
        )


def _braids(b: Builder, f: Frame, role: str) -> None:
    _cap(b, f, role)
    cx, cy, cz = _centre(f)
    for side in (1.0, -1.0):
        b.part(
            f"braid{'l' if side > 0 else 'r'}",
            "head",
            capsule(f.head_h * 1.35, f.head_w * 0.2, f.head_w * 0.14),
            role,
            origin=(cx + side * f.head_w * 0.85, cy + f.head_d * 0.2, cz - f.head_h * 0.1),
            axes=aim((side * 0.15, 0.2, -1.0)),
            group="head",
            min_px=2.0,
        )


HAIR_STYLES = {
    "bald": None,
    "short": _short,
    "long": _long,
    "ponytail": _ponytail,
    "bun": _bun,
    "mohawk": _mohawk,
    "spiky": _spiky,
    "braids": _braids,
}


def add_hair(b: Builder, f: Frame, style: str, role: str = "hair") -> None:
    """Hair of ``style`` (one of :data:`HAIR_STYLES`) painted with ``role``."""
    make = HAIR_STYLES[style]
    if make is not None:
        make(b, f, role)


def _beard(b: Builder, f: Frame, role: str, length: float) -> None:
    # From the mouth down: the face above it (eyes, nose, cheeks) stays skin.
    cx, cy, cz = _centre(f)
    mouth = cz - f.head_h * 0.42
    height = f.head_h * (0.42 + 0.55 * length)
    b.part(
        "beard",
        "head",
        ellipsoid(f.head_w * 0.74, f.head_d * 0.5, height, clips=((0.0, 0.0, 1.0, 0.0),)),
        role,
        origin=(cx, cy - f.head_d * 0.52, mouth),
        group="head",
        min_px=2.0,
    )


BEARD_STYLES = {"none": None, "short": 0.0, "long": 1.0}


def add_beard(b: Builder, f: Frame, style: str, role: str = "hair") -> None:
    """A beard (``short`` or ``long``) below the mouth."""
    length = BEARD_STYLES[style]
    if length is not None:
        _beard(b, f, role, length)
