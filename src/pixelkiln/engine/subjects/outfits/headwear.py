"""Headwear: hats, hoods, helmets and crowns on the head joint.

Each style is a few primitives around the head ellipsoid (radii w, d, h, centre c; see
:mod:`.hair`). Styles paint with the roles ``hat`` (the main colour), ``trim`` (bands,
brims, gems) and, for helmets, ``helmet`` (metal). A style that covers the whole face
(``great helm``, ``astronaut helmet``) hides the eyes by construction: eye stamps are
drawn only where the head itself is the visible surface.

:data:`HEADWEAR` maps a style to its builder and to whether hair shows under it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from pixelkiln.engine.subjects.bodies.biped import Frame
from pixelkiln.engine.subjects.build import Builder, box, capsule, ellipsoid, frustum
from pixelkiln.engine.subjects.model import Band, aim

__all__ = ["HEADWEAR", "Headwear", "add_headwear"]

_DOWN = ((1.0, 0.0, 0.0), (0.0, -1.0, 0.0), (0.0, 0.0, -1.0))  # a frustum hanging down


def _c(f: Frame) -> tuple[float, float, float]:
    return (0.0, 0.0, f.head_h * 0.95)


def _top(f: Frame) -> float:
    return f.head_h * 1.95


def _brim(b: Builder, f: Frame, role: str, radius: float, z: float, tilt: float = 0.0) -> None:
    b.part(
        "brim",
        "head",
        frustum(f.head_h * 0.06, radius, radius, 1.0, 0.95),
        role,
        origin=(0.0, f.head_d * tilt, z),
        group="hat",
        min_px=1.0,
    )


def _cone_hat(
    b: Builder, f: Frame, roles: dict[str, str], height: float, lean: float, brim: float
) -> None:
    z = _top(f) - f.head_h * 0.45
    _brim(b, f, roles["hat"], f.head_w * brim, z)
    b.part(
        "hat",
        "head",
        capsule(f.head_h * height, f.head_w * 0.92, f.head_w * 0.05),
        roles["hat"],
        origin=(0.0, 0.0, z),
        axes=aim((0.0, lean, 1.0)),
        group="hat",
        bands=(Band(roles["trim"], z=(0.08, 0.2), detail=1),),
        min_px=2.0,
    )


def _wizard_hat(b, f, roles):
    _cone_hat(b, f, roles, 2.1, 0.32, 1.75)


def _witch_hat(b, f, roles):
    _cone_hat(b, f, roles, 2.4, 0.45, 2.1)


def _dome_cap(
    b: Builder,
    f: Frame,
    role: str,
    grow: float = 1.12,
    low: float = 0.15,
    name: str = "hat",
    group: str = "hat",
    bands=(),
) -> None:
    cx, cy, cz = _c(f)
    b.part(
        name,
        "head",
        ellipsoid(
            f.head_w * grow,
            f.head_d * grow,
            f.head_h * grow,
            clips=((0.0, 0.0, -1.0, -low * f.head_h),),
        ),
        role,
        origin=(cx, cy + f.head_d * 0.04, cz),
        group=group,
        bands=tuple(bands),
        min_px=2.0,
    )


def _cap(b, f, roles):
    _dome_cap(b, f, roles["hat"], low=0.3)
    b.part(
        "visor",
        "head",
        ellipsoid(f.head_w * 0.75, f.head_d * 0.6, f.head_h * 0.06),
        roles["trim"],
        origin=(0.0, -f.head_d * 0.85, _c(f)[2] + f.head_h * 0.32),
        group="hat",
        min_px=1.0,
    )


def _straw_hat(b, f, roles):
    _brim(b, f, roles["hat"], f.head_w * 2.0, _top(f) - f.head_h * 0.5)
    _dome_cap(
        b,
        f,
        roles["hat"],
        grow=1.08,
        low=0.45,
        bands=(Band(roles["trim"], z=(0.5, 0.68), detail=1),),
    )


def _top_hat(b, f, roles):
    z = _top(f) - f.head_h * 0.35
    _brim(b, f, roles["hat"], f.head_w * 1.45, z)
    b.part(
        "crown",
        "head",
        frustum(f.head_h * 1.15, f.head_w * 0.9, f.head_w * 0.98),
        roles["hat"],
        origin=(0.0, 0.0, z),
        group="hat",
        bands=(Band(roles["trim"], z=(0.05, 0.25), detail=1),),
        min_px=2.0,
    )


def _cowboy_hat(b, f, roles):
    z = _top(f) - f.head_h * 0.4
    _brim(b, f, roles["hat"], f.head_w * 1.9, z)
    b.part(
        "crown",
        "head",
        ellipsoid(
            f.head_w * 0.95, f.head_d * 0.85, f.head_h * 0.55, clips=((0.0, 0.0, -1.0, 0.0),)
        ),
        roles["hat"],
        origin=(0.0, 0.0, z),
        group="hat",
        bands=(Band(roles["trim"], z=(0.0, 0.3), detail=1),),
        min_px=2.0,
    )


def _tricorn(b, f, roles):
    # A low crown inside a brim turned up all round: a shallow open bowl, wider at the top.
    z = _top(f) - f.head_h * 0.5
    b.part(
        "brim",
        "head",
        frustum(
            f.head_h * 0.42,
            f.head_w * 1.1,
            f.head_w * 1.62,
            1.0,
            0.92,
            clips=((0.0, 0.0, 1.0, f.head_h * 0.4),),
            hollow=True,
        ),
        roles["hat"],
        origin=(0.0, 0.0, z),
        group="hat",
        bands=(Band(roles["trim"], z=(0.82, 1.01), detail=1),),
        min_px=2.0,
    )
    _dome_cap(b, f, roles["hat"], grow=1.06, low=0.3)


def _chef_hat(b, f, roles):
    z = _top(f) - f.head_h * 0.5
    b.part(
        "band",
        "head",
        frustum(f.head_h * 0.4, f.head_w * 1.02, f.head_w * 1.02),
        roles["hat"],
        origin=(0.0, 0.0, z),
        group="hat",
        min_px=2.0,
    )
    b.part(
        "puff",
        "head",
        ellipsoid(f.head_w * 1.25, f.head_d * 1.15, f.head_h * 0.75),
        roles["hat"],
        origin=(0.0, 0.0, z + f.head_h * 0.95),
        group="hat",
        min_px=2.0,
    )


def _hood(b, f, roles):
    cx, cy, cz = _c(f)
    n = (0.0, -math.cos(0.35), -math.sin(0.35))
    b.part(
        "hood",
        "head",
        ellipsoid(
            f.head_w * 1.22,
            f.head_d * 1.2,
            f.head_h * 1.18,
            clips=((n[0], n[1], n[2], f.head_d * 0.55),),
            hollow=True,
        ),
        roles["hat"],
        origin=(cx, cy + f.head_d * 0.12, cz + f.head_h * 0.06),
        group="hat",
        min_px=2.0,
    )
    # The hood's fall over the shoulders.
    b.part(
        "hood_fall",
        "neck",
        frustum(f.neck + f.head_h * 0.5, f.chest_w * 0.85, f.head_w * 0.9, 1.0, 0.85),
        roles["hat"],
        origin=(0.0, f.head_d * 0.1, -f.head_h * 0.2),
        group="hat",
        min_px=2.0,
    )


def _helmet(b, f, roles):
    _dome_cap(
        b,
        f,
        roles["helmet"],
        grow=1.14,
        low=0.22,  # the rim sits on the brow, above the eyes
        bands=(Band(roles["trim"], z=(0.19, 0.33), detail=1),),
    )
    b.part(
        "nasal",
        "head",
        box(f.head_w * 0.08, f.head_d * 0.06, f.head_h * 0.28),
        roles["helmet"],
        origin=(0.0, -f.head_d * 1.12, _c(f)[2] + f.head_h * 0.05),
        group="hat",
        min_px=1.0,
    )


def _horned_helmet(b, f, roles):
    _helmet(b, f, roles)
    _cx, cy, cz = _c(f)
    for side in (1.0, -1.0):
        b.part(
            f"horn{'l' if side > 0 else 'r'}",
            "head",
            capsule(f.head_h * 0.95, f.head_w * 0.2, f.head_w * 0.04),
            roles["horn"],
            origin=(side * f.head_w * 0.9, cy, cz + f.head_h * 0.35),
            axes=aim((side * 1.0, 0.0, 0.9)),
            group="hat",
            min_px=2.0,
        )


def _great_helm(b, f, roles):
    _cx, _cy, cz = _c(f)
    b.part(
        "helm",
        "head",
        frustum(
            f.head_h * 2.05, f.head_w * 1.12, f.head_w * 1.08, 1.0, f.head_d / f.head_w, clips=()
        ),
        roles["helmet"],
        origin=(0.0, 0.0, cz - f.head_h * 1.05),
        group="hat",
        bands=(
            Band(roles["visor"], y=(-9.0, -0.2), z=(0.5, 0.6)),
            Band(roles["trim"], x=(-0.08, 0.08), y=(-9.0, -0.4), z=(0.25, 0.88), detail=1),
        ),
        min_px=2.0,
    )
    b.part(
        "helm_top",
        "head",
        ellipsoid(f.head_w * 1.12, f.head_d * 1.12, f.head_h * 0.4),
        roles["helmet"],
        origin=(0.0, 0.0, cz + f.head_h * 1.0),
        group="hat",
        min_px=2.0,
    )


def _crown(b, f, roles):
    z = _top(f) - f.head_h * 0.38
    b.part(
        "crown",
        "head",
        frustum(
            f.head_h * 0.42,
            f.head_w * 0.9,
            f.head_w * 1.0,
            clips=((0.0, 0.0, 1.0, f.head_h * 0.4),),
            hollow=True,
        ),
        roles["crown"],
        origin=(0.0, 0.0, z),
        group="hat",
        bands=(Band(roles["gem"], x=(-0.18, 0.18), y=(-9.0, -0.7), z=(0.3, 0.65), detail=1),),
        min_px=2.0,
    )
    for i in range(5):
        a = -math.pi / 2 + (i - 2) * 0.62
        x, y = math.cos(a) * f.head_w * 0.95, math.sin(a) * f.head_d * 0.95
        b.part(
            f"point{i}",
            "head",
            capsule(f.head_h * 0.32, f.head_w * 0.12, f.head_w * 0.02),
            roles["crown"],
            origin=(x, y, z + f.head_h * 0.3),
            group="hat",
            min_px=1.0,
        )


def _tiara(b, f, roles):
    z = _top(f) - f.head_h * 0.55
    b.part(
        "tiara",
        "head",
        frustum(
            f.head_h * 0.14,
            f.head_w * 1.02,
            f.head_w * 1.0,
            clips=((0.0, 1.0, 0.0, f.head_d * 0.2),),
            hollow=True,
        ),
        roles["crown"],
        origin=(0.0, 0.0, z),
        group="hat",
        min_px=1.0,
    )
    b.part(
        "tiara_gem",
        "head",
        ellipsoid(f.head_w * 0.13, f.head_w * 0.08, f.head_w * 0.16),
        roles["gem"],
        origin=(0.0, -f.head_d * 0.98, z + f.head_h * 0.12),
        group="hat",
    )


def _bandana(b, f, roles):
    _dome_cap(b, f, roles["hat"], grow=1.1, low=0.1)
    _cx, _cy, cz = _c(f)
    b.part(
        "knot",
        "head",
        ellipsoid(f.head_w * 0.22, f.head_w * 0.22, f.head_w * 0.22),
        roles["hat"],
        origin=(0.0, f.head_d * 1.05, cz + f.head_h * 0.05),
        group="hat",
    )


def _headband(b, f, roles):
    _cx, _cy, cz = _c(f)
    b.part(
        "headband",
        "head",
        frustum(f.head_h * 0.18, f.head_w * 1.04, f.head_w * 1.04, 1.0, f.head_d / f.head_w),
        roles["hat"],
        origin=(0.0, 0.0, cz + f.head_h * 0.22),
        group="hat",
        min_px=1.0,
    )


def _turban(b, f, roles):
    _cx, _cy, cz = _c(f)
    b.part(
        "turban",
        "head",
        ellipsoid(
            f.head_w * 1.2,
            f.head_d * 1.18,
            f.head_h * 0.75,
            clips=((0.0, 0.0, -1.0, f.head_h * 0.15),),
        ),
        roles["hat"],
        origin=(0.0, 0.0, cz + f.head_h * 0.55),
        group="hat",
        bands=(Band(roles["trim"], x=(-0.2, 0.2), y=(-9.0, -0.5), z=(-0.1, 0.4), detail=1),),
        min_px=2.0,
    )


def _kabuto(b, f, roles):
    _dome_cap(b, f, roles["helmet"], grow=1.15, low=0.05)
    _cx, _cy, cz = _c(f)
    b.part(
        "neckguard",
        "head",
        frustum(
            f.head_h * 0.55,
            f.head_w * 1.2,
            f.head_w * 1.55,
            clips=((0.0, -1.0, 0.0, f.head_d * 0.3),),
            hollow=True,
        ),
        roles["helmet"],
        origin=(0.0, 0.0, cz + f.head_h * 0.05),
        axes=_DOWN,
        group="hat",
        min_px=2.0,
    )
    b.part(
        "crest",
        "head",
        capsule(f.head_h * 0.7, f.head_w * 0.12, f.head_w * 0.05),
        roles["trim"],
        origin=(0.0, -f.head_d * 0.8, cz + f.head_h * 0.6),
        axes=aim((0.0, -0.5, 1.0)),
        group="hat",
        min_px=1.0,
    )


def _astronaut_helmet(b, f, roles):
    cx, cy, cz = _c(f)
    r = max(f.head_w, f.head_d, f.head_h) * 1.32
    b.part(
        "bubble",
        "head",
        ellipsoid(r, r, r * 1.02),
        roles["helmet"],
        origin=(cx, cy, cz + f.head_h * 0.05),
        group="hat",
        bands=(Band(roles["visor"], x=(-0.62, 0.62), y=(-9.0, -0.3), z=(-0.45, 0.42)),),
        min_px=3.0,
    )


def _hard_hat(b, f, roles):
    _dome_cap(b, f, roles["hat"], grow=1.14, low=0.25)
    _brim(b, f, roles["hat"], f.head_w * 1.3, _c(f)[2] + f.head_h * 0.22, tilt=-0.15)


def _beret(b, f, roles):
    _cx, _cy, cz = _c(f)
    b.part(
        "beret",
        "head",
        ellipsoid(f.head_w * 1.2, f.head_d * 1.15, f.head_h * 0.36),
        roles["hat"],
        origin=(f.head_w * 0.15, 0.0, cz + f.head_h * 0.82),
        axes=aim((0.3, 0.0, 1.0)),
        group="hat",
        min_px=2.0,
    )


def _halo(b, f, roles):
    b.part(
        "halo",
        "head",
        frustum(
            f.head_h * 0.08,
            f.head_w * 0.85,
            f.head_w * 0.85,
            clips=((0.0, 0.0, 1.0, f.head_h * 0.06),),
            hollow=True,
        ),
        roles["halo"],
        origin=(0.0, 0.0, _top(f) + f.head_h * 0.25),
        group="hat",
        min_px=1.0,
    )


def _antenna(b, f, roles):
    _cx, _cy, cz = _c(f)
    b.part(
        "antenna",
        "head",
        capsule(f.head_h * 0.6, f.head_w * 0.05, f.head_w * 0.05),
        roles["helmet"],
        origin=(f.head_w * 0.3, 0.0, cz + f.head_h * 0.8),
        group="hat",
    )
    b.part(
        "antenna_tip",
        "head",
        ellipsoid(f.head_w * 0.12, f.head_w * 0.12, f.head_w * 0.12),
        roles["light"],
        origin=(f.head_w * 0.3, 0.0, cz + f.head_h * 1.45),
        group="hat",
    )


def _ninja_mask(b, f, roles):
    # A hood wrapped round the head with only the eyes showing: a cap and a face band.
    _dome_cap(b, f, roles["hat"], grow=1.07, low=0.2)
    cx, cy, cz = _c(f)
    b.part(
        "mask",
        "head",
        ellipsoid(
            f.head_w * 1.06,
            f.head_d * 1.06,
            f.head_h * 0.62,
            clips=((0.0, 0.0, 1.0, f.head_h * 0.02),),
        ),
        roles["hat"],
        origin=(cx, cy, cz - f.head_h * 0.16),
        group="hat",
        min_px=2.0,
    )


@dataclass(frozen=True)
class Headwear:
    """A headwear style: its builder, the roles it paints, whether hair shows."""

    build: Callable[[Builder, Frame, dict[str, str]], None]
    roles: tuple[str, ...]
    shows_hair: bool = False


HEADWEAR: dict[str, Headwear] = {
    "wizard hat": Headwear(_wizard_hat, ("hat", "trim")),
    "witch hat": Headwear(_witch_hat, ("hat", "trim"), shows_hair=True),
    "cap": Headwear(_cap, ("hat", "trim"), shows_hair=True),
    "straw hat": Headwear(_straw_hat, ("hat", "trim"), shows_hair=True),
    "top hat": Headwear(_top_hat, ("hat", "trim"), shows_hair=True),
    "cowboy hat": Headwear(_cowboy_hat, ("hat", "trim"), shows_hair=True),
    "tricorn": Headwear(_tricorn, ("hat", "trim"), shows_hair=True),
    "chef hat": Headwear(_chef_hat, ("hat",), shows_hair=True),
    "hood": Headwear(_hood, ("hat",)),
    "helmet": Headwear(_helmet, ("helmet", "trim")),
    "horned helmet": Headwear(_horned_helmet, ("helmet", "trim", "horn")),
    "great helm": Headwear(_great_helm, ("helmet", "visor", "trim")),
    "crown": Headwear(_crown, ("crown", "gem"), shows_hair=True),
    "tiara": Headwear(_tiara, ("crown", "gem"), shows_hair=True),
    "bandana": Headwear(_bandana, ("hat",)),
    "headband": Headwear(_headband, ("hat",), shows_hair=True),
    "turban": Headwear(_turban, ("hat", "trim")),
    "kabuto": Headwear(_kabuto, ("helmet", "trim")),
    "astronaut helmet": Headwear(_astronaut_helmet, ("helmet", "visor")),
    "hard hat": Headwear(_hard_hat, ("hat",), shows_hair=True),
    "beret": Headwear(_beret, ("hat",), shows_hair=True),
    "halo": Headwear(_halo, ("halo",), shows_hair=True),
    "antenna": Headwear(_antenna, ("helmet", "light"), shows_hair=True),
    "ninja mask": Headwear(_ninja_mask, ("hat",)),
}


def add_headwear(b: Builder, f: Frame, style: str, roles: dict[str, str]) -> Headwear:
    """Headwear ``style`` into ``b``; ``roles`` maps the style's role names to roles."""
    hw = HEADWEAR[style]
    hw.build(b, f, roles)
    return hw
