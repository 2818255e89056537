"""What hangs on the back and grows from the body: capes, quivers, packs, wings, ears,
horns, tusks and tails.

Capes hang from their own ``cape`` joint at the top of the back, so animations can let
them trail behind a run (secondary motion, SUBJECTS.md §6). A cape is the back half of a
hollow cone: from the front its inside shows around the figure, from behind it covers
the back, and from the side it is a curved sheet, never a board.
"""

from __future__ import annotations

import math

from pixelkiln.engine.subjects.bodies.biped import Frame
from pixelkiln.engine.subjects.build import Builder, box, capsule, ellipsoid, frustum
from pixelkiln.engine.subjects.model import Band, aim

__all__ = ["BACKS", "EXTRAS", "add_back", "add_cape", "add_extra"]

_DOWN = ((1.0, 0.0, 0.0), (0.0, -1.0, 0.0), (0.0, 0.0, -1.0))


def add_cape(b: Builder, f: Frame, role: str, long: bool = True) -> None:
    """A cape from the shoulders to the knees (or calves when ``long``)."""
    b.joint("cape", "chest", (0.0, f.chest_d * 0.55, f.torso * 0.28))
    length = f.torso * 0.95 + f.thigh * (1.4 if long else 0.7)
    top = f.shoulder_x * 1.02
    bottom = f.shoulder_x * 1.35 + f.hip_x * 0.3
    b.part(
        "cape",
        "cape",
        frustum(length, top, bottom, 1.0, 0.8, clips=((0.0, 1.0, 0.0, top * 0.12),), hollow=True),
        role,
        origin=(0.0, -f.chest_d * 0.4, f.torso * 0.02),
        axes=_DOWN,
        group="cape",
        min_px=2.0,
    )
    b.rest["cape"] = (-4.0, 0.0, 0.0)  # hangs a little away from the back


def _quiver(b: Builder, f: Frame, roles: dict[str, str]) -> None:
    b.part(
        "quiver",
        "chest",
        capsule(f.torso * 0.95, f.arm_r * 0.85, f.arm_r * 0.75),
        roles["back"],
        origin=(f.chest_w * 0.35, f.chest_d * 1.1, -f.torso * 0.25),
        axes=aim((-0.45, 0.05, 1.0)),
        group="back",
        min_px=2.0,
    )
    for i, dx in enumerate((-0.05, 0.05)):
        b.part(
            f"fletch{i}",
            "chest",
            ellipsoid(f.arm_r * 0.4, f.arm_r * 0.25, f.arm_r * 0.6),
            roles["back2"],
            origin=(-f.chest_w * 0.15 + dx, f.chest_d * 1.15, f.torso * 0.55),
            group="back",
            detail=1,
        )


def _backpack(b: Builder, f: Frame, roles: dict[str, str]) -> None:
    b.part(
        "pack",
        "chest",
        box(f.chest_w * 0.75, f.chest_d * 0.45, f.torso * 0.38),
        roles["back"],
        origin=(0.0, f.chest_d * 1.2, -f.torso * 0.12),
        group="back",
        bands=(Band(roles["back2"], z=(0.3, 0.5), detail=1),),
        min_px=2.0,
    )


def _jetpack(b: Builder, f: Frame, roles: dict[str, str]) -> None:
    for side in (1.0, -1.0):
        b.part(
            f"jet{'l' if side > 0 else 'r'}",
            "chest",
            capsule(f.torso * 0.7, f.arm_r * 0.9, f.arm_r * 0.9),
            roles["back"],
            origin=(side * f.chest_w * 0.4, f.chest_d * 1.25, -f.torso * 0.45),
            group="back",
            bands=(Band(roles["back2"], z=(0.0, 0.18)),),
            min_px=2.0,
        )


def _wings(b: Builder, f: Frame, roles: dict[str, str], kind: str) -> None:
    for side, sx in (("l", 1.0), ("r", -1.0)):
        b.joint(f"{side}_wing", "chest", (sx * f.chest_w * 0.3, f.chest_d * 0.8, f.torso * 0.12))
        span = f.torso * (1.25 if kind == "feathered" else 1.15)
        direction = (sx * 0.85, 0.55, 0.55)
        if kind == "feathered":
            shape = ellipsoid(span * 0.5, f.chest_d * 0.12, span * 0.26)
        else:
            shape = ellipsoid(
                span * 0.5, f.chest_d * 0.06, span * 0.3, clips=((0.0, 0.0, -1.0, span * 0.05),)
            )
        b.part(
            f"{side}_wing",
            f"{side}_wing",
            shape,
            roles["wing"],
            origin=tuple(v * span * 0.45 for v in direction),
            axes=_wing_axes(sx),
            group="wings",
            min_px=2.0,
        )


def _wing_axes(sx: float) -> tuple:
    # Wing plane spread out sideways and back, tilted up.
    x = (sx * 0.82, 0.5, 0.28)
    n = math.sqrt(sum(v * v for v in x))
    x = tuple(v / n for v in x)
    y = (-0.45 * sx, 0.85, -0.2)
    n = math.sqrt(sum(v * v for v in y))
    y = tuple(v / n for v in y)
    z = (x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0])
    return (x, y, z)


BACKS = {
    "none": None,
    "quiver": _quiver,
    "backpack": _backpack,
    "jetpack": _jetpack,
    "feathered wings": lambda b, f, r: _wings(b, f, r, "feathered"),
    "bat wings": lambda b, f, r: _wings(b, f, r, "bat"),
}


def add_back(b: Builder, f: Frame, style: str, roles: dict[str, str]) -> None:
    make = BACKS[style]
    if make is not None:
        make(b, f, roles)


def _ears(b: Builder, f: Frame, role: str, size: float) -> None:
    cz = f.head_h * 0.95
    for side in (1.0, -1.0):
        b.part(
            f"ear{'l' if side > 0 else 'r'}",
            "head",
            capsule(f.head_w * 0.62 * size, f.head_w * 0.16 * size, f.head_w * 0.03),
            role,
            origin=(side * f.head_w * 0.86, f.head_d * 0.05, cz),
            axes=aim((side * 1.0, 0.35, 0.55)),
            group="head",
            min_px=2.0,
        )


def _horns(b: Builder, f: Frame, role: str) -> None:
    cz = f.head_h * 0.95
    for side in (1.0, -1.0):
        b.part(
            f"horn{'l' if side > 0 else 'r'}",
            "head",
            capsule(f.head_h * 0.7, f.head_w * 0.17, f.head_w * 0.03),
            role,
            origin=(side * f.head_w * 0.45, -f.head_d * 0.25, cz + f.head_h * 0.7),
            axes=aim((side * 0.35, 0.45, 1.0)),
            group="head",
            min_px=2.0,
        )


def _tusks(b: Builder, f: Frame, role: str) -> None:
    cz = f.head_h * 0.95
    for side in (1.0, -1.0):
        b.part(
            f"tusk{'l' if side > 0 else 'r'}",
            "head",
            capsule(f.head_h * 0.3, f.head_w * 0.09, f.head_w * 0.02),
            role,
            origin=(side * f.head_w * 0.32, -f.head_d * 0.82, cz - f.head_h * 0.45),
            axes=aim((side * 0.1, -0.3, 1.0)),
            group="head",
            detail=1,
        )


def _tail(b: Builder, f: Frame, role: str) -> None:
    b.joint("tail", "pelvis", (0.0, f.chest_d * 0.8, -f.torso * 0.05))
    b.part(
        "tail",
        "tail",
        capsule(f.legs * 0.85, f.leg_r * 0.35, f.leg_r * 0.12),
        role,
        axes=aim((0.0, 0.75, -0.6)),
        group="tail",
        min_px=2.0,
    )
    b.rest["tail"] = (0.0, 0.0, 0.0)


def _snout(b: Builder, f: Frame, role: str) -> None:
    cz = f.head_h * 0.95
    b.part(
        "snout",
        "head",
        ellipsoid(f.head_w * 0.42, f.head_d * 0.45, f.head_h * 0.3),
        role,
        origin=(0.0, -f.head_d * 0.85, cz - f.head_h * 0.28),
        group="head",
        min_px=2.0,
    )


def _animal_ears(b: Builder, f: Frame, role: str) -> None:
    cz = f.head_h * 0.95
    for side in (1.0, -1.0):
        b.part(
            f"aear{'l' if side > 0 else 'r'}",
            "head",
            capsule(f.head_h * 0.55, f.head_w * 0.26, f.head_w * 0.04),
            role,
            origin=(side * f.head_w * 0.55, 0.0, cz + f.head_h * 0.65),
            axes=aim((side * 0.35, 0.1, 1.0)),
            group="head",
            min_px=2.0,
        )


def _eyepatch(b: Builder, f: Frame, role: str) -> None:
    eye_z = float(b.info.get("eye_z", f.head_h))
    b.part(
        "eyepatch",
        "head",
        ellipsoid(f.head_w * 0.24, f.head_d * 0.12, f.head_h * 0.2),
        role,
        origin=(-f.head_w * 0.42, -f.head_d * 0.86, eye_z),
        group="head",
        min_px=2.0,
    )
    b.part(
        "patch_strap",
        "head",
        ellipsoid(
            f.head_w * 1.03, f.head_d * 1.03, f.head_h * 0.06, clips=((0.0, -1.0, 0.0, 0.0),)
        ),
        role,
        origin=(0.0, 0.0, eye_z + f.head_h * 0.12),
        group="head",
        detail=1,
    )


EXTRAS = {
    "pointed ears": lambda b, f, roles: _ears(b, f, roles["skin"], 1.0),
    "big ears": lambda b, f, roles: _ears(b, f, roles["skin"], 1.5),
    "horns": lambda b, f, roles: _horns(b, f, roles["horn"]),
    "tusks": lambda b, f, roles: _tusks(b, f, roles["horn"]),
    "tail": lambda b, f, roles: _tail(b, f, roles["tail"]),
    "snout": lambda b, f, roles: _snout(b, f, roles["skin"]),
    "animal ears": lambda b, f, roles: _animal_ears(b, f, roles["hair"]),
    "eyepatch": lambda b, f, roles: _eyepatch(b, f, roles["patch"]),
}


def add_extra(b: Builder, f: Frame, name: str, roles: dict[str, str]) -> None:
    EXTRAS[name](b, f, roles)
