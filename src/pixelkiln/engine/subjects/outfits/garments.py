"""Clothes and armour: which role each body region wears, and the pieces that stand off it.

A garment is mostly a choice of roles for the body's own parts (a shirt paints the
chest and upper arms ``top``; long sleeves paint the forearms too; boots paint the feet
and the low half of the shins), plus a few pieces that stand off the body: skirts,
robes and coat tails (frustums hanging from the pelvis), pauldrons, belts and buckles,
aprons. :func:`body_roles` gives the role map :func:`build_biped` draws the body with;
:func:`add_garments` adds the pieces once the skeleton exists.
"""

from __future__ import annotations

from pixelkiln.engine.subjects.bodies.biped import Frame, boot_band
from pixelkiln.engine.subjects.build import Builder, box, ellipsoid, frustum
from pixelkiln.engine.subjects.model import Band

__all__ = [
    "FEET",
    "GLOVES",
    "LEGS",
    "TORSOS",
    "add_front_trim",
    "add_garments",
    "body_roles",
    "hides_legs",
]

_DOWN = ((1.0, 0.0, 0.0), (0.0, -1.0, 0.0), (0.0, 0.0, -1.0))

#: torso style -> (torso, upper arms, forearms) roles; "skin" means bare.
TORSOS: dict[str, tuple[str, str, str]] = {
    "shirt": ("top", "top", "skin"),
    "tunic": ("top", "top", "top"),
    "robe": ("top", "top", "top"),
    "dress": ("top", "skin", "skin"),
    "gown": ("top", "top", "top"),
    "coat": ("top", "top", "top"),
    "vest": ("top2", "top", "top"),
    "tank top": ("top", "skin", "skin"),
    "plate armor": ("armor", "armor", "armor"),
    "chainmail": ("mail", "mail", "top"),
    "leather armor": ("leather", "top", "skin"),
    "kimono": ("top", "top", "top"),
    "suit": ("top", "top", "top"),
    "space suit": ("top", "top", "top"),
    "overalls": ("top", "top", "skin"),
    "apron": ("top", "top", "skin"),
    "ribcage": ("skin", "skin", "skin"),
    "bandages": ("skin", "skin", "skin"),
    "bare": ("skin", "skin", "skin"),
    "fur": ("top", "skin", "skin"),
}
#: legs style -> (thighs, shins) roles.
LEGS: dict[str, tuple[str, str]] = {
    "trousers": ("bottom", "bottom"),
    "shorts": ("bottom", "skin"),
    "skirt": ("skin", "skin"),
    "armored": ("armor", "armor"),
    "bare": ("skin", "skin"),
}
FEET: dict[str, str] = {
    "boots": "shoes",
    "shoes": "shoes",
    "sandals": "skin",
    "bare": "skin",
    "armored": "armor",
}
GLOVES: dict[str, str] = {"none": "skin", "gloves": "gloves", "gauntlets": "armor"}

#: Torso styles whose skirt reaches the ankles (legs show only below it).
_LONG = {"robe": 1.0, "dress": 1.0, "gown": 1.0}
_SKIRTS = {"tunic": 0.45, "coat": 0.78, "kimono": 0.7, "chainmail": 0.35, "apron": 0.0}


def hides_legs(torso: str) -> bool:
    return torso in _LONG


def body_roles(torso: str, legs: str, feet: str, gloves: str) -> dict[str, str]:
    """The role of every body region (see :func:`build_biped`)."""
    t, arms, fore = TORSOS[torso]
    thighs, shins = LEGS[legs]
    if torso == "space suit":
        thighs, shins = "top", "top"
    if torso in ("overalls",):
        thighs, shins = "bottom", "bottom"
    return {
        "skin": "skin",
        "torso": t,
        "arms": arms,
        "forearms": fore,
        "hands": GLOVES[gloves],
        "legs": thighs,
        "hips": thighs if torso not in ("overalls", "suit", "space suit") else t,
        "shins": shins,
        "feet": FEET[feet],
        "neck": "skin",
    }


def _skirt(
    b: Builder,
    f: Frame,
    role: str,
    reach: float,
    flare: float,
    name: str = "skirt",
    bands=(),
    open_front: str | None = None,
) -> None:
    """A frustum hanging from the waist to ``reach`` (0 hip, 1 ankle) of the legs."""
    top_r = f.waist_w * 1.12
    length = f.torso * 0.12 + (f.legs - f.ankle * 0.5) * reach
    bottom_r = top_r + (f.leg_r + f.hip_x) * flare
    squash = max(0.6, min(1.0, f.chest_d * 1.1 / top_r))
    all_bands = list(bands)
    if open_front:
        all_bands.append(Band(open_front, x=(-0.14, 0.14), y=(0.0, 9.0)))
    b.part(
        name,
        "pelvis",
        frustum(length, top_r, bottom_r, 1.0, squash),
        role,
        origin=(0.0, 0.0, f.torso * 0.16),
        axes=_DOWN,
        group="skirt",
        bands=tuple(all_bands),
        min_px=2.0,
    )


def _belt(b: Builder, f: Frame, role: str, buckle: str) -> None:
    b.part(
        "belt",
        "pelvis",
        frustum(
            f.torso * 0.085,
            f.waist_w * 1.07,
            f.waist_w * 1.07,
            1.0,
            min(1.0, f.chest_d * 1.05 / f.waist_w),
        ),
        role,
        origin=(0.0, 0.0, f.torso * 0.1),
        group="body",
        min_px=1.0,
        detail=1,
    )
    b.part(
        "buckle",
        "pelvis",
        box(f.waist_w * 0.18, f.chest_d * 0.08, f.torso * 0.06),
        buckle,
        origin=(0.0, -f.chest_d * 1.0, f.torso * 0.14),
        group="body",
        min_px=1.0,
        detail=1,
    )


def _pauldrons(b: Builder, f: Frame, role: str) -> None:
    for side, sx in (("l", 1.0), ("r", -1.0)):
        r = f.arm_r * 1.75
        b.part(
            f"{side}_pauldron",
            f"{side}_shoulder",
            ellipsoid(r, r * 0.95, r * 0.75, clips=((0.0, 0.0, -1.0, r * 0.35),)),
            role,
            origin=(sx * f.arm_r * 0.25, 0.0, f.arm_r * 0.35),
            group=f"{side}_arm",
            min_px=2.0,
        )


def add_garments(
    b: Builder,
    f: Frame,
    torso: str,
    legs: str,
    feet: str,
    gloves: str,
    belt: str,
    hem: float = 1.0,
) -> None:
    """The pieces of the outfit that stand off the body (see the module docstring).
    ``hem`` is how far down the legs a long garment reaches (1 the ankles)."""
    if torso in _LONG:
        flare = {"robe": 0.9, "dress": 1.5, "gown": 1.9}[torso]
        _skirt(b, f, "top", hem, flare, bands=(Band("top2", z=(0.9, 1.01), detail=1),))
    elif torso in _SKIRTS and _SKIRTS[torso] > 0:
        reach = _SKIRTS[torso]
        role = "mail" if torso == "chainmail" else "top"
        _skirt(b, f, role, reach, 0.55, open_front="top2" if torso == "coat" else None)
    if legs == "skirt":
        _skirt(b, f, "bottom", 0.45, 0.7, name="legs_skirt")
    if torso == "plate armor":
        _pauldrons(b, f, "armor")
        _skirt(b, f, "armor", 0.28, 0.45, name="tassets")
        b.add_bands("chest", Band("armor2", z=(-0.06, 0.06), x=(-0.12, 0.12), detail=1))
    if torso == "chainmail":
        b.add_bands("chest", Band("top", x=(-0.42, 0.42), y=(-9.0, -0.2)))  # a tabard
        b.add_bands("belly", Band("top", x=(-0.46, 0.46), y=(-9.0, -0.2)))
    if torso == "leather armor":
        b.add_bands("chest", Band("belt", x=(-0.1, 0.1), detail=1))
    if torso == "vest":
        b.add_bands("chest", Band("top", x=(-0.18, 0.18), y=(-9.0, -0.3)))
        b.add_bands("belly", Band("top", x=(-0.2, 0.2), y=(-9.0, -0.3)))
    if torso == "overalls":
        for name in ("belly", "chest"):
            b.add_bands(name, Band("bottom", x=(-0.5, 0.5), y=(-9.0, -0.1)))
        b.add_bands("chest", Band("bottom", x=(-0.62, -0.42)), Band("bottom", x=(0.42, 0.62)))
    if torso == "apron":
        b.part(
            "apron",
            "pelvis",
            box(f.waist_w * 0.8, f.chest_d * 0.05, f.torso * 0.55),
            "top2",
            origin=(0.0, -f.chest_d * 1.02, f.torso * 0.05 - f.thigh * 0.15),
            group="skirt",
            min_px=1.0,
        )
        b.add_bands("chest", Band("top2", x=(-0.5, 0.5), y=(-9.0, -0.3), z=(-1.0, 0.5)))
        b.add_bands("belly", Band("top2", x=(-0.55, 0.55), y=(-9.0, -0.3)))
    if torso == "ribcage":
        for name in ("chest", "belly"):
            for lo in (-0.7, -0.3, 0.1, 0.5):
                b.add_bands(name, Band("skin_dark", z=(lo, lo + 0.16), y=(-9.0, 0.4)))
    if torso == "bandages":
        for name in ("chest", "belly", "l_upper_arm", "r_upper_arm", "l_thigh", "r_thigh"):
            for lo in (-0.8, -0.35, 0.1, 0.55):
                b.add_bands(name, Band("skin_dark", z=(lo, lo + 0.08)))
    if torso == "kimono":
        b.add_bands("chest", Band("top2", x=(-0.1, 0.3), y=(-9.0, -0.3), detail=1))
    if torso == "space suit":
        b.add_bands("chest", Band("trim", x=(-0.3, 0.3), y=(-9.0, -0.4), z=(-0.3, 0.3), detail=1))
    if feet == "boots":
        for side in ("l", "r"):
            b.add_bands(f"{side}_shin", boot_band("shoes", 0.5))
    if gloves == "gauntlets":
        for side in ("l", "r"):
            b.add_bands(f"{side}_forearm", Band("armor", z=(0.55, 9.0)))
    if belt in ("belt", "sash"):
        _belt(b, f, "belt", "buckle" if belt == "belt" else "belt")


def add_front_trim(b: Builder, torso: str) -> None:
    """A ``trim`` stripe down the middle of the garment's front: chest, belly and, for a
    robe, dress or skirted coat, the skirt (whose front is its local +y: it hangs
    down)."""
    stripe = (-0.12, 0.12)
    b.add_bands("chest", Band("trim", x=stripe, y=(-9.0, -0.3)))
    b.add_bands("belly", Band("trim", x=stripe, y=(-9.0, -0.3)))
    if torso in _LONG or _SKIRTS.get(torso, 0.0) > 0:
        b.add_bands("skirt", Band("trim", x=stripe, y=(0.3, 9.0)))
