"""The ``mannequin`` body plan: a biped measured in head heights.

Proportions follow the craft notes (SUBJECTS.md §6): a chibi is about 2.4 heads tall
with short limbs, the default 4 (a readable face with room to animate), stylized 5 with
long legs, realistic 7 and heroic 7.5 with broad shoulders. Every length is a function
of the head count, so custom proportions (``arms_length``, ``head_size``, ``hip_width``,
``legs_length``, ``shoulder_width``, each 0.5-2.0) scale one measure at a time and the
figure stays whole. The ``default`` preset follows the canvas: at 32 px and below a
figure is 3 heads (a 4-head figure's face would be 3 px), at 24 and below 2.5.

Model units are head heights; the origin is the ground point between the feet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from pixelkiln.engine.subjects.build import Builder, ellipsoid
from pixelkiln.engine.subjects.model import Band, Leg, Stamp

__all__ = [
    "PRESETS",
    "Frame",
    "Proportions",
    "boot_band",
    "build_biped",
    "measure",
    "proportions_for",
]


@dataclass(frozen=True)
class Proportions:
    """Head count and the five custom multipliers of the contract."""

    heads: float = 4.0
    head_size: float = 1.0
    arms_length: float = 1.0
    legs_length: float = 1.0
    shoulder_width: float = 1.0
    hip_width: float = 1.0
    build: float = 1.0  # limb and torso thickness (stocky > 1, slender < 1)
    female: bool = False

    def to_dict(self) -> dict[str, float | bool]:
        return {k: (round(v, 3) if isinstance(v, float) else v) for k, v in self.__dict__.items()}


PRESETS: dict[str, Proportions] = {
    "default": Proportions(4.0),
    "chibi": Proportions(2.4, build=1.1),
    "cartoon": Proportions(3.1, build=1.05),
    "stylized": Proportions(5.0, legs_length=1.08, build=0.92),
    "realistic_male": Proportions(7.0, build=1.0),
    "realistic_female": Proportions(
        7.0, shoulder_width=0.86, hip_width=1.18, build=0.9, female=True
    ),
    "heroic": Proportions(7.5, shoulder_width=1.22, build=1.12),
}


def proportions_for(
    preset: str = "default", canvas: int = 64, custom: dict[str, float] | None = None
) -> Proportions:
    """A preset (sized to the canvas for ``default``), with custom multipliers applied."""
    if preset not in PRESETS:
        msg = f"proportions preset must be one of {', '.join(PRESETS)}; got {preset!r}"
        raise ValueError(msg)
    p = PRESETS[preset]
    if preset == "default":
        if canvas <= 24:
            p = replace(p, heads=2.5, build=1.1)
        elif canvas <= 40:
            p = replace(p, heads=3.0, build=1.05)
    if custom:
        for key in ("arms_length", "head_size", "hip_width", "legs_length", "shoulder_width"):
            if key in custom and custom[key] is not None:
                value = float(custom[key])
                if not 0.5 <= value <= 2.0:
                    msg = f"{key} must be between 0.5 and 2.0; got {value}"
                    raise ValueError(msg)
                p = replace(p, **{key: getattr(p, key) * value})
    return p


_HIP_DROP = 0.03  # hip joints sit this far below the pelvis joint


@dataclass(frozen=True)
class Frame:
    """The measured figure: every length (head heights) outfits and items build on."""

    heads: float
    head_w: float
    head_d: float
    head_h: float
    neck: float
    torso: float
    legs: float
    ankle: float
    thigh: float
    shin: float
    upper_arm: float
    forearm: float
    shoulder_x: float
    hip_x: float
    arm_r: float
    leg_r: float
    chest_w: float
    chest_d: float
    waist_w: float
    hand_r: float
    foot_len: float
    height: float

    @property
    def hip_z(self) -> float:
        return self.legs

    @property
    def shoulder_z(self) -> float:
        return self.legs + self.torso

    @property
    def head_base_z(self) -> float:
        return self.legs + self.torso + self.neck


def measure(p: Proportions) -> Frame:
    """Lengths of a figure of ``p.heads`` heads (see the module docstring)."""
    h = p.heads
    head = p.head_size
    neck = (0.07 + 0.035 * (h - 2)) * (0.9 if h < 3 else 1.0)
    torso = 0.55 + 0.34 * (h - 2)
    legs = max(0.45, (h - 1 - neck - torso) * p.legs_length)
    arm = (0.9 * torso + 0.16 * legs) * p.arms_length
    chibi = max(0.0, min(1.0, (4.0 - h) / 1.6))  # 1 for a chibi, 0 from 4 heads up
    build = p.build
    arm_r = (0.13 + 0.045 * chibi) * build * (0.88 if p.female else 1.0)
    leg_r = (0.17 + 0.05 * chibi) * build * (0.95 if p.female else 1.0)
    # The ankle sits high enough that the shin's rounded end never dips below the ground.
    ankle = max(0.09 + 0.012 * h, leg_r * 0.72 + 0.015)
    thigh = (legs - _HIP_DROP - ankle) * 0.5
    shin = legs - _HIP_DROP - ankle - thigh
    shoulder_x = (0.36 + 0.085 * (h - 2)) * p.shoulder_width
    hip_x = (0.15 + 0.035 * (h - 2)) * p.hip_width
    chest_w = max(shoulder_x - arm_r * 0.4, hip_x + leg_r * 0.6)
    return Frame(
        heads=h,
        head_w=(0.44 + 0.04 * chibi) * head,
        head_d=(0.46 + 0.02 * chibi) * head,
        head_h=0.5 * head,
        neck=neck,
        torso=torso,
        legs=legs,
        ankle=ankle,
        thigh=thigh,
        shin=shin,
        upper_arm=arm * 0.52,
        forearm=arm * 0.48,
        shoulder_x=shoulder_x,
        hip_x=hip_x,
        arm_r=arm_r,
        leg_r=leg_r,
        chest_w=chest_w,
        chest_d=(0.26 + 0.03 * (h - 2) * 0.5) * build,
        waist_w=max(hip_x + leg_r * 0.9, chest_w * 0.8),
        hand_r=arm_r * 1.12,
        foot_len=0.2 + 0.045 * h,
        height=legs + torso + neck + head,
    )


def build_biped(b: Builder, p: Proportions, roles: dict[str, str]) -> Frame:
    """Skeleton and bare body of a mannequin into ``b``.

    ``roles`` names the role of each body region: ``skin``, ``torso``, ``arms`` (upper
    arm), ``forearms``, ``hands``, ``legs``, ``shins``, ``feet``, ``hips``, ``neck``.
    Returns the measured frame for outfits and items.
    """
    f = measure(p)
    b.info.update({"head_height": 2 * f.head_h, "heads": f.heads, "proportions": p.to_dict()})
    r = roles
    # Skeleton ---------------------------------------------------------------------
    b.joint("pelvis", None, (0.0, 0.0, f.hip_z))
    b.joint("spine", "pelvis", (0.0, 0.0, f.torso * 0.32))
    b.joint("chest", "spine", (0.0, 0.0, f.torso * 0.4))
    b.joint("neck", "chest", (0.0, 0.0, f.torso * 0.28))
    b.joint("head", "neck", (0.0, 0.0, f.neck))
    for side, sx in (("l", 1.0), ("r", -1.0)):
        b.joint(f"{side}_shoulder", "chest", (sx * f.shoulder_x, 0.0, f.torso * 0.22))
        b.joint(f"{side}_elbow", f"{side}_shoulder", (0.0, 0.0, -f.upper_arm))
        b.joint(f"{side}_hand", f"{side}_elbow", (0.0, 0.0, -f.forearm))
        b.joint(f"{side}_grip", f"{side}_hand", (0.0, -f.hand_r * 0.2, -f.hand_r * 0.9))
        b.joint(f"{side}_hip", "pelvis", (sx * f.hip_x, 0.0, -_HIP_DROP))
        b.joint(f"{side}_knee", f"{side}_hip", (0.0, 0.0, -f.thigh))
        b.joint(f"{side}_ankle", f"{side}_knee", (0.0, 0.0, -f.shin))
        b.legs.append(
            Leg(f"{side}_hip", f"{side}_knee", f"{side}_ankle", True, 0.0 if side == "l" else 0.5)
        )
    # Body -------------------------------------------------------------------------
    b.part(
        "hips",
        "pelvis",
        ellipsoid(f.waist_w, f.chest_d * 0.95, f.torso * 0.24),
        r.get("hips", r["legs"]),
        origin=(0.0, 0.0, f.torso * 0.02),
    )
    b.part(
        "belly",
        "spine",
        ellipsoid(f.chest_w * 0.9, f.chest_d * 0.92, f.torso * 0.3),
        r["torso"],
        origin=(0.0, 0.0, f.torso * 0.06),
    )
    chest_z = f.torso * 0.08
    b.part(
        "chest",
        "chest",
        ellipsoid(f.chest_w, f.chest_d, f.torso * 0.3),
        r["torso"],
        origin=(0.0, 0.0, chest_z),
    )
    b.limb(
        "neck",
        "neck",
        "head",
        f.arm_r * 0.9,
        f.arm_r * 0.9,
        r.get("neck", r["skin"]),
        "body",
        extend=f.neck * 0.6,
        min_px=2.0,
    )
    head_c = (0.0, 0.0, f.head_h * 0.95)
    b.part(
        "head",
        "head",
        ellipsoid(f.head_w, f.head_d, f.head_h),
        r["skin"],
        origin=head_c,
        group="head",
        min_px=3.0,
    )
    b.info["head_centre"] = head_c
    for side in ("l", "r"):
        g_arm = f"{side}_arm"
        b.limb(
            f"{side}_upper_arm",
            f"{side}_shoulder",
            f"{side}_elbow",
            f.arm_r,
            f.arm_r * 0.92,
            r["arms"],
            g_arm,
            extend=f.arm_r * 0.2,
        )
        b.limb(
            f"{side}_forearm",
            f"{side}_elbow",
            f"{side}_hand",
            f.arm_r * 0.92,
            f.arm_r * 0.85,
            r["forearms"],
            g_arm,
        )
        b.part(
            f"{side}_hand",
            f"{side}_hand",
            ellipsoid(f.hand_r, f.hand_r, f.hand_r * 1.1),
            r["hands"],
            origin=(0.0, 0.0, -f.hand_r * 0.55),
            group=g_arm,
            min_px=2.0,
        )
        g_leg = f"{side}_leg"
        b.limb(
            f"{side}_thigh",
            f"{side}_hip",
            f"{side}_knee",
            f.leg_r,
            f.leg_r * 0.86,
            r["legs"],
            g_leg,
            extend=f.leg_r * 0.3,
        )
        b.limb(
            f"{side}_shin",
            f"{side}_knee",
            f"{side}_ankle",
            f.leg_r * 0.84,
            f.leg_r * 0.72,
            r["shins"],
            g_leg,
        )
        foot_r = f.leg_r * 0.85
        b.part(
            f"{side}_foot",
            f"{side}_ankle",
            ellipsoid(
                foot_r, f.foot_len * 0.55, f.ankle * 0.75, clips=((0, 0, -1, f.ankle * 0.5),)
            ),
            r["feet"],
            origin=(0.0, -f.foot_len * 0.22, -f.ankle * 0.5),
            group=g_leg,
            min_px=2.0,
        )
    # Eyes and keypoints ------------------------------------------------------------
    chibi = min(1.0, max(0.0, (4.0 - f.heads) / 1.6))
    eye_z = f.head_h * (1.0 - 0.08 * chibi)
    eye_x = f.head_w * 0.42
    ez = (eye_z - head_c[2]) / f.head_h
    ex = eye_x / f.head_w
    ey = -f.head_d * math.sqrt(max(0.0, 1 - ex * ex - ez * ez))
    for side, sx in (("l", 1.0), ("r", -1.0)):
        at = (sx * eye_x, ey * 0.98, eye_z)
        nrm = (sx * ex, -math.sqrt(max(0.0, 1 - ex * ex - ez * ez)), ez)
        b.stamp(Stamp("eye", "head", at, nrm, role="eyes", part="head"))
        label = "LEFT" if side == "l" else "RIGHT"
        b.keypoint(f"{label} EYE", "head", (sx * eye_x, ey * 0.7, eye_z))
        b.keypoint(f"{label} EAR", "head", (sx * f.head_w * 0.8, 0.0, eye_z - f.head_h * 0.05))
        b.keypoint(f"{label} SHOULDER", f"{side}_shoulder")
        b.keypoint(f"{label} ELBOW", f"{side}_elbow")
        b.keypoint(f"{label} ARM", f"{side}_hand")
        b.keypoint(f"{label} HIP", f"{side}_hip")
        b.keypoint(f"{label} KNEE", f"{side}_knee")
        b.keypoint(f"{label} LEG", f"{side}_ankle", (0.0, 0.0, f.ankle * 0.2))
    b.keypoint("NOSE", "head", (0.0, -f.head_d * 0.75, eye_z - f.head_h * 0.2))
    b.keypoint("NECK", "neck", (0.0, 0.0, f.neck * 0.3))
    b.info["eye_z"] = eye_z
    # Rest: arms a little away from the body and softly bent, so the silhouette reads.
    for side, sx in (("l", 1.0), ("r", -1.0)):
        b.rest[f"{side}_shoulder"] = (0.0, 7.0 * sx, 0.0)
        b.rest[f"{side}_elbow"] = (6.0, 0.0, 0.0)
    return f


def boot_band(role: str, height: float = 0.45) -> Band:
    """The low part of a shin as a boot (normalised z runs knee 0 .. ankle 1)."""
    return Band(role, z=(1.0 - height, 9.0))
