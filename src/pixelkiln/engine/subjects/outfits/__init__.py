"""Characters: a mannequin dressed from a spec's outfit, paints and items.

:func:`build_character` is the whole recipe: measure the figure from its proportions,
choose the role of every body region from the garments, build the body, then add the
garments' pieces, hair, beard, headwear, cape, back piece, extras and the held items.
Every slot's styles are listed in :data:`SLOTS`; the reader (:mod:`..reading`) only
ever writes those values, and :func:`build_character` rejects anything else.
"""

from __future__ import annotations

from dataclasses import replace

from pixelkiln.engine.subjects.bodies.biped import build_biped, proportions_for
from pixelkiln.engine.subjects.build import Builder, box
from pixelkiln.engine.subjects.colors import HAIR_COLORS, MATERIAL_PAINTS, SKIN_TONES
from pixelkiln.engine.subjects.items import ITEMS
from pixelkiln.engine.subjects.model import Band, Model, Paint
from pixelkiln.engine.subjects.outfits.back import BACKS, EXTRAS, add_back, add_cape, add_extra
from pixelkiln.engine.subjects.outfits.garments import (
    FEET,
    GLOVES,
    LEGS,
    TORSOS,
    add_front_trim,
    add_garments,
    body_roles,
)
from pixelkiln.engine.subjects.outfits.hair import BEARD_STYLES, HAIR_STYLES, add_beard, add_hair
from pixelkiln.engine.subjects.outfits.headwear import HEADWEAR, add_headwear
from pixelkiln.engine.subjects.outfits.hold import hold_item
from pixelkiln.engine.subjects.spec import SubjectSpec

__all__ = ["DEFAULT_OUTFIT", "DEFAULT_PAINTS", "SLOTS", "build_character", "outfit_roles"]

#: Every outfit slot and its allowed styles.
SLOTS: dict[str, tuple[str, ...]] = {
    "hair": tuple(HAIR_STYLES),
    "beard": tuple(BEARD_STYLES),
    "headwear": ("none", *HEADWEAR),
    "torso": tuple(TORSOS),
    "legs": tuple(LEGS),
    "feet": tuple(FEET),
    "gloves": tuple(GLOVES),
    "belt": ("none", "belt", "sash"),
    "cape": ("none", "cape", "short cape"),
    "back": tuple(BACKS),
}
DEFAULT_OUTFIT: dict[str, str] = {
    "hair": "short",
    "beard": "none",
    "headwear": "none",
    "torso": "shirt",
    "legs": "trousers",
    "feet": "boots",
    "gloves": "none",
    "belt": "belt",
    "cape": "none",
    "back": "none",
}
#: The paint of every role an outfit can use, before a subject or description says more.
DEFAULT_PAINTS: dict[str, Paint] = {
    "skin": SKIN_TONES["light"],
    "hair": HAIR_COLORS["brown"],
    "eyes": Paint(280, 0.03, 0.2),
    "eye_white": Paint(250, 0.01, 0.95),
    "top": Paint(255, 0.1, 0.5),
    "top2": Paint(88, 0.04, 0.85),
    "bottom": Paint(55, 0.06, 0.4),
    "shoes": Paint(50, 0.05, 0.3),
    "gloves": MATERIAL_PAINTS["leather"],
    "belt": Paint(50, 0.06, 0.33),
    "buckle": MATERIAL_PAINTS["brass"],
    "armor": MATERIAL_PAINTS["steel"],
    "armor2": MATERIAL_PAINTS["gold"],
    "mail": Paint(250, 0.012, 0.55),
    "leather": MATERIAL_PAINTS["leather"],
    "hat": Paint(55, 0.07, 0.42),
    "trim": MATERIAL_PAINTS["gold"],
    "helmet": MATERIAL_PAINTS["steel"],
    "visor": Paint(265, 0.04, 0.22, "glass"),
    "horn": MATERIAL_PAINTS["bone"],
    "crown": MATERIAL_PAINTS["gold"],
    "gem": MATERIAL_PAINTS["ruby"],
    "halo": Paint(92, 0.12, 0.86, "glow"),
    "light": MATERIAL_PAINTS["energy"],
    "cape": Paint(25, 0.15, 0.45),
    "back": MATERIAL_PAINTS["leather"],
    "back2": MATERIAL_PAINTS["linen"],
    "wing": Paint(250, 0.012, 0.92),
    "tail": Paint(25, 0.14, 0.45),
}
_HEADWEAR_ROLES = {
    "hat": "hat",
    "trim": "trim",
    "helmet": "helmet",
    "visor": "visor",
    "horn": "horn",
    "crown": "crown",
    "gem": "gem",
    "halo": "halo",
    "light": "light",
}


def outfit_roles(outfit: dict[str, str]) -> set[str]:
    """Roles a full outfit can paint (for the reader to know where colours may land)."""
    roles = {"skin", "eyes", "eye_white", "hair"}
    roles |= set(
        body_roles(outfit["torso"], outfit["legs"], outfit["feet"], outfit["gloves"]).values()
    )
    if outfit.get("headwear", "none") != "none":
        roles |= set(HEADWEAR[outfit["headwear"]].roles)
    return roles


def _darker(p: Paint, dl: float = 0.22) -> Paint:
    return replace(p, lightness=max(0.1, p.lightness - dl), finish="matte")


def build_character(spec: SubjectSpec) -> Model:
    """The dressed mannequin of a character spec."""
    outfit = {**DEFAULT_OUTFIT, **spec.outfit}
    for slot, value in outfit.items():
        if slot not in SLOTS or value not in SLOTS[slot]:
            allowed = ", ".join(SLOTS.get(slot, ()))
            msg = f"outfit slot {slot!r} cannot be {value!r} (allowed: {allowed})"
            raise ValueError(msg)
    params = spec.params
    p = proportions_for(
        str(params.get("proportions", "default")),
        int(params.get("canvas", 64)),
        params.get("custom_proportions"),
    )
    if params.get("build"):
        p = replace(p, build=p.build * float(params["build"]))
    b = Builder("creature", "mannequin")
    roles = body_roles(outfit["torso"], outfit["legs"], outfit["feet"], outfit["gloves"])
    f = build_biped(b, p, roles)
    add_garments(
        b,
        f,
        outfit["torso"],
        outfit["legs"],
        outfit["feet"],
        outfit["gloves"],
        outfit["belt"],
        float(params.get("hem", 1.0)),
    )
    if params.get("front_trim"):  # read off a sprite whose garment has a stripe down it
        add_front_trim(b, outfit["torso"])
    sash = params.get("sash")
    if sash:  # read off a sprite: a band round the garment where the sprite draws it
        part, lo, hi = sash
        b.add_bands(str(part), Band("belt", z=(float(lo), float(hi))))
    if params.get("head_shape") == "box":  # robots and golems
        b.remove("head")
        b.part(
            "head",
            "head",
            box(f.head_w * 0.92, f.head_d * 0.88, f.head_h * 0.86),
            "skin",
            origin=(0.0, 0.0, f.head_h * 0.95),
            group="head",
            min_px=3.0,
        )
    headwear = outfit["headwear"]
    shows_hair = headwear == "none" or HEADWEAR[headwear].shows_hair
    if shows_hair:
        add_hair(b, f, outfit["hair"])
    elif outfit["hair"] in ("long", "braids", "ponytail") and headwear in ("hood", "helmet"):
        add_hair(b, f, outfit["hair"])  # long hair falls from under a hood or helmet
    if headwear not in ("great helm", "astronaut helmet", "ninja mask"):
        add_beard(b, f, outfit["beard"])
    if headwear != "none":
        add_headwear(b, f, headwear, _HEADWEAR_ROLES)
        if params.get("brim_trim"):  # a hat whose brim is drawn as its band
            b.add_bands("brim", Band("trim"))
    if outfit["cape"] != "none":
        add_cape(b, f, "cape", long=outfit["cape"] == "cape")
    add_back(b, f, outfit["back"], {"back": "back", "back2": "back2", "wing": "wing"})
    for extra in params.get("extras", ()):
        if extra not in EXTRAS:
            msg = f"unknown extra {extra!r} (allowed: {', '.join(EXTRAS)})"
            raise ValueError(msg)
        add_extra(
            b,
            f,
            extra,
            {"skin": "skin", "horn": "horn", "tail": "tail", "hair": "hair", "patch": "eyes"},
        )
    item_paints = {k: v for k, v in spec.paints.items() if k[:2] in ("r_", "l_")}
    for where, side in (("right", "r"), ("left", "l")):
        kind = spec.items.get(where)
        if kind:
            if kind not in ITEMS:
                msg = f"unknown item {kind!r}"
                raise ValueError(msg)
            hold_item(b, f, kind, side, item_paints)
    if params.get("elbow_bend"):  # forearms raised at rest: hands held before a robe
        for side in ("l", "r"):
            b.rest[f"{side}_elbow"] = (float(params["elbow_bend"]), 0.0, 0.0)
    if params.get("arm_back"):  # arms hanging back at rest: a robe's hands at its sides
        for side, sx in (("l", 1.0), ("r", -1.0)):
            b.rest[f"{side}_shoulder"] = (-float(params["arm_back"]), 7.0 * sx, 0.0)
    if params.get("arms_forward"):  # zombies and mummies reach out
        for side in ("l", "r"):
            if not spec.items.get("left" if side == "l" else "right"):
                b.rest[f"{side}_shoulder"] = (72.0, 0.0, 0.0)
                b.rest[f"{side}_elbow"] = (8.0, 0.0, 0.0)
    for role, paint in {**DEFAULT_PAINTS, **spec.paints}.items():
        if role not in b.paints or role in spec.paints:
            b.paint(role, paint)
    if "skin" in b.paints and "skin_dark" not in b.paints:
        b.paint("skin_dark", _darker(b.paints["skin"]))
    if params.get("eye_style") == "sockets":  # a skull's eyes are dark hollows
        b.stamps = [replace(st, kind="socket") if st.kind == "eye" else st for st in b.stamps]
    main = "armor" if outfit["torso"] == "plate armor" else "top"
    model = b.model(f.height, main)
    model.info["outfit"] = outfit
    model.info["items"] = dict(spec.items)
    model.info["frame"] = f.__dict__
    return model
