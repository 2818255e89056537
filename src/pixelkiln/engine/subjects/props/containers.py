"""Containers: chests, barrels, crates, sacks, pots, vases, buckets, cauldrons, baskets.

Open containers are hollow primitives cut at the rim: a ray entering through the cut
sees the far wall from inside (the role's darkest fill), which reads as depth at any
size. Their contents are a second primitive inside, showing above the dark interior
when ``full``. Planks, hoops and straps are bands of the body (no extra geometry), so
they follow the shading of the surface they sit on.
"""

from __future__ import annotations

import math

from pixelkiln.engine.subjects.build import box, frustum
from pixelkiln.engine.subjects.model import Band, Model, Paint
from pixelkiln.engine.subjects.props.base import Kit, frame, prop

_C = ("open", "closed", "full", "empty")


def _edges(t: float, role: str, axes: str = "xyz", detail: int = 0) -> list[Band]:
    """Bands along the twelve edges of a box (its frame), ``t`` the normalised width."""
    out = []
    hi, lo = (1.0 - t, 1.01), (-1.01, -1.0 + t)
    for a, b in (("x", "y"), ("x", "z"), ("y", "z")):
        if a not in axes or b not in axes:
            continue
        for ra in (hi, lo):
            for rb in (hi, lo):
                out.append(Band(role, detail=detail, **{a: ra, b: rb}))
    return out


# chest -------------------------------------------------------------------------------
@prop(
    "chest",
    family="containers",
    words=("chest", "treasure chest", "coffer", "trunk", "loot chest"),
    about="A wooden treasure chest with metal bands and a lock, its lid closed or open.",
    paints={"body": "wood", "bands": "iron", "lock": "gold", "contents": "gold"},
    main="body",
    conditions=_C,
    motions=("open",),
    draw=lambda r: {
        "width": r.uniform(0.72, 1.0),
        "depth": r.uniform(0.5, 0.64),
        "height": r.uniform(0.36, 0.48),
        "domed": bool(r.random() < 0.65),
        "dome": r.uniform(0.55, 0.95),
        "straps": int(r.integers(2, 4)),
    },
)
def chest(k: Kit) -> Model:
    p = k.p
    w, d, h = p["width"], p["depth"] * p["width"], p["height"] * p["width"]
    is_open = k.state("open", "closed", False)
    full = k.state("full", "empty", True)
    n = int(p["straps"])
    xs = [-0.68, 0.68] if n == 2 else [-0.72, 0.0, 0.72]
    if k.broken:
        xs = xs[:-1]
    straps = [Band("bands", x=(x - 0.09, x + 0.09)) for x in xs]
    k.slab(
        "body",
        (0, 0, h / 2),
        (w / 2, d / 2, h / 2),
        "body",
        clips=((0, 0, 1, h / 2 - 0.004),),
        hollow=True,
        bands=[*straps, Band("bands", z=(0.78, 1.01)), *_edges(0.1, "bands", "xy")],
    )
    k.slab("lock", (0, -d / 2 - 0.012, h * 0.8), (0.055, 0.02, 0.075), "lock", min_px=2)
    lid = k.joint("lid", "base", (0, d / 2, h))
    if p["domed"]:
        rise = d / 2 * p["dome"]
        k.part(
            "lid",
            frustum(w, d / 2, sx=p["dome"], clips=((-1, 0, 0, 0.0),)),
            "body",
            at=(-w / 2, -d / 2, 0),
            joint=lid,
            axes=frame((1, 0, 0), (0, 0, 1)),
            bands=[Band("bands", z=((x + 1) / 2 - 0.045, (x + 1) / 2 + 0.045)) for x in xs],
        )
    else:
        rise = h * 0.3
        k.slab(
            "lid",
            (0, -d / 2, rise / 2),
            (w / 2 + 0.01, d / 2 + 0.01, rise / 2),
            "body",
            joint=lid,
            bands=[
                *(Band("bands", x=(x - 0.09, x + 0.09)) for x in xs),
                *_edges(0.14, "bands", "xz"),
            ],
        )
    if is_open and full:
        k.ball(
            "gold",
            (0, 0, h * 0.9),
            (w * 0.44, d * 0.4, h * 0.28),
            "contents",
            clips=((0, 0, -1, 0.0),),
        )
        k.ball("gold_top", (w * 0.12, d * 0.05, h * 1.0), (w * 0.2, d * 0.22, h * 0.22), "contents")
    k.hinge(lid, (105.0, 0.0, 0.0), is_open)
    if k.damaged and not is_open:
        k.b.rest[lid] = (9.0, 0.0, 3.0) if not k.broken else (40.0, 12.0, 8.0)
    k.info["lid_rise"] = rise
    return k.finish()


# barrel ------------------------------------------------------------------------------
@prop(
    "barrel",
    family="containers",
    words=("barrel", "keg", "cask", "wooden barrel", "water barrel"),
    about="A bulging wooden barrel bound with iron hoops, closed or open and full.",
    paints={
        "body": "wood",
        "hoops": "iron",
        "lid": "dark wood",
        "contents": Paint(232, 0.07, 0.5, "glass"),
    },
    main="body",
    conditions=_C,
    draw=lambda r: {
        "radius": r.uniform(0.24, 0.32),
        "height": r.uniform(0.75, 0.98),
        "bulge": r.uniform(1.1, 1.24),
        "hoops": int(r.integers(1, 3)),
    },
)
def barrel(k: Kit) -> Model:
    p = k.p
    r, h, bulge = p["radius"], p["height"], p["bulge"]
    big = r * bulge
    # Two frustums meeting at the belly (a clipped ellipsoid would fit too large: the
    # core's fit ignores clip planes); the hoop at the belly hides the crease.
    hoops = [(0.18, 0.34)] if p["hoops"] == 1 else [(0.14, 0.26), (0.42, 0.54)]
    staves = [Band("lid", x=(x - 0.05, x + 0.05), detail=1) for x in (-0.5, 0.0, 0.5)]
    lower = [Band("hoops", z=(0.9, 1.01))]
    upper = [Band("hoops", z=(-0.01, 0.1))]
    for i, (lo, hi) in enumerate(hoops):
        upper.append(Band("hoops", z=(1 - hi, 1 - lo)))
        if not (k.damaged and i == 0):  # a damaged barrel has lost its bottom hoop
            lower.append(Band("hoops", z=(lo, hi)))
    k.post("body_low", (0, 0, 0), h / 2, r, "body", r1=big, bands=[*lower, *staves])
    top_clips: tuple = ((0, 0, 1, h / 2 - 0.004),)
    if k.broken:
        a = math.radians(30)
        top_clips = ((math.sin(a), 0.0, math.cos(a), h * 0.1),)
    k.post(
        "body",
        (0, 0, h / 2),
        h / 2,
        big,
        "body",
        r1=r,
        clips=top_clips,
        hollow=True,
        bands=[*upper, *staves],
    )
    shown = k.has("open", "full", "empty") or k.broken
    if not shown:
        k.post("lid", (0, 0, h - 0.03), 0.025, r * 0.97, "lid")
    elif k.state("full", "empty", True) and not k.broken:
        k.post("contents", (0, 0, h * 0.86), 0.02, r * 1.04, "contents")
    k.cracked = k.broken
    return k.finish()


# crate -------------------------------------------------------------------------------
@prop(
    "crate",
    family="containers",
    words=("crate", "wooden crate", "box", "wooden box", "supply crate"),
    about="A wooden crate of planks with a darker frame and braces.",
    paints={"body": "light wood", "frame": "wood", "contents": "straw"},
    main="body",
    conditions=_C,
    draw=lambda r: {
        "size": r.uniform(0.55, 0.8),
        "long": r.uniform(1.0, 1.45),
        "tall": r.uniform(0.75, 1.0),
        "planks": int(r.integers(2, 5)),
        "braced": bool(r.random() < 0.5),
    },
)
def crate(k: Kit) -> Model:
    p = k.p
    hx, hy, hz = p["size"] * p["long"] / 2, p["size"] / 2, p["size"] * p["tall"] / 2
    is_open = k.state("open", "closed", False) or k.has("full", "empty")
    n = int(p["planks"])
    seams = [
        Band("frame", z=(-1 + 2 * i / n - 0.05, -1 + 2 * i / n + 0.05), detail=1)
        for i in range(1, n)
    ]
    clips: tuple = ()
    if is_open or k.broken:
        clips = ((0, 0, 1, hz - 0.01),)
    if k.broken:
        a = math.radians(24)
        clips = ((math.sin(a), 0.0, math.cos(a), hz * 0.35),)
    k.slab(
        "body",
        (0, 0, hz),
        (hx, hy, hz),
        "body",
        clips=clips,
        hollow=bool(clips),
        bands=[*seams, *_edges(0.16, "frame")],
    )
    if p["braced"]:
        t = 0.045
        for name, (cx, cy), (ax, ay) in (
            ("brace_front", (0, -hy - 0.012), (1, 0)),
            ("brace_back", (0, hy + 0.012), (1, 0)),
            ("brace_left", (-hx - 0.012, 0), (0, 1)),
            ("brace_right", (hx + 0.012, 0), (0, 1)),
        ):
            half = hx if ax else hy
            ang = math.atan2(hz * 0.76, half * 0.8)
            dirv = (ax * math.cos(ang), ay * math.cos(ang), math.sin(ang))
            length = math.hypot(half * 0.8, hz * 0.76)
            normal = (ay, -ax, 0.0) if ax else (ay, ax, 0.0)
            if k.broken and name in ("brace_right", "brace_back"):
                continue
            k.part(
                name,
                box(length, t, 0.012),
                "frame",
                (cx, cy, hz),
                axes=frame(normal, dirv),
                min_px=1.0,
            )
            del normal
    if is_open and k.state("full", "empty", True) and not k.broken:
        k.ball(
            "contents",
            (0, 0, hz * 1.9),
            (hx * 0.9, hy * 0.9, hz * 0.22),
            "contents",
            clips=((0, 0, -1, 0.0),),
        )
    k.cracked = k.broken
    return k.finish()


# sack --------------------------------------------------------------------------------
@prop(
    "sack",
    family="containers",
    words=("sack", "bag", "grain sack", "flour sack", "burlap sack", "sack of grain"),
    about="A plump burlap sack tied at the neck with rope.",
    paints={"body": Paint(78, 0.05, 0.66), "tie": "rope", "contents": Paint(90, 0.09, 0.82)},
    main="body",
    conditions=("full", "empty"),
    draw=lambda r: {
        "radius": r.uniform(0.24, 0.32),
        "height": r.uniform(0.5, 0.72),
        "slump": r.uniform(-12, 12),
        "patch": bool(r.random() < 0.4),
    },
)
def sack(k: Kit) -> Model:
    p = k.p
    r, h = p["radius"], p["height"]
    full = k.state("full", "empty", True)
    if not full:
        h *= 0.5
    bands = [Band("tie", x=(0.2, 0.55), z=(-0.1, 0.35), y=(-1.1, -0.3))] if p["patch"] else []
    k.ball(
        "body",
        (0, 0, h * 0.36),
        (r, r * 0.86, h * 0.4),
        "body",
        clips=((0, 0, -1, h * 0.34),),
        bands=bands,
    )
    k.ball("shoulder", (0, 0, h * 0.6), (r * 0.66, r * 0.58, h * 0.26), "body")
    neck = k.joint("neck", "base", (0, 0, h * 0.8))
    k.b.rest[neck] = (0.0, p["slump"], 0.0)
    k.post("neck", (0, 0, -0.02), h * 0.16, r * 0.28, "body", r1=r * 0.18, joint=neck)
    k.post("tie", (0, 0, h * 0.07), h * 0.05, r * 0.22, "tie", joint=neck)
    k.ball("tuft", (0, 0, h * 0.2), (r * 0.3, r * 0.27, h * 0.09), "body", joint=neck)
    if k.damaged:
        k.ball(
            "spill",
            (r * 0.7, -r * 0.9, 0),
            (r * 0.55, r * 0.4, r * 0.16),
            "contents",
            clips=((0, 0, -1, 0.0),),
        )
    return k.finish()


# pot, vase -----------------------------------------------------------------------------
def _vessel(
    k: Kit, r: float, h: float, neck: float, lip: float, stripes: int, shoulder: float
) -> float:
    """A round-bellied vessel with a neck and a lip; returns the rim height."""
    belly = h * shoulder
    k.ball(
        "body",
        (0, 0, belly),
        (r, r, belly),
        "body",
        clips=((0, 0, -1, belly * 0.86),),
        bands=[Band("trim", z=(0.18 + 0.24 * i, 0.3 + 0.24 * i)) for i in range(stripes)],
    )
    neck_h = h - belly * 1.8
    k.post(
        "neck",
        (0, 0, belly * 1.72),
        neck_h,
        r * neck,
        "body",
        r1=r * neck * 0.92,
        clips=((0, 0, 1, neck_h - 0.004),),
        hollow=True,
    )
    rim = belly * 1.72 + neck_h
    k.post(
        "lip",
        (0, 0, rim - 0.035),
        0.04,
        r * neck * lip,
        "body",
        clips=((0, 0, 1, 0.034),),
        hollow=True,
        bands=[Band("trim", z=(0.0, 0.6))],
    )
    return rim


@prop(
    "pot",
    family="containers",
    words=("pot", "clay pot", "jar", "urn", "breakable pot", "jug"),
    about="A round clay pot with a short neck and a painted stripe, the kind heroes smash.",
    paints={"body": "terracotta", "trim": Paint(60, 0.05, 0.82), "contents": "plant"},
    main="body",
    conditions=("full", "empty"),
    draw=lambda r: {
        "radius": r.uniform(0.22, 0.3),
        "height": r.uniform(0.5, 0.68),
        "neck": r.uniform(0.45, 0.62),
        "stripes": int(r.integers(0, 3)),
        "shoulder": r.uniform(0.38, 0.44),
    },
)
def pot(k: Kit) -> Model:
    p = k.p
    r = p["radius"]
    rim = _vessel(k, r, p["height"], p["neck"], 1.22, p["stripes"], p["shoulder"])
    if k.has("full"):
        k.ball("contents", (0, 0, rim), (r * 0.5, r * 0.5, r * 0.28), "contents")
    if k.broken:
        k.remove_upper(rim * 0.5)
    return k.finish()


@prop(
    "vase",
    family="containers",
    words=("vase", "amphora", "ceramic vase", "porcelain vase"),
    about="A tall slender ceramic vase with a flared lip and painted bands.",
    paints={"body": "ceramic", "trim": Paint(262, 0.12, 0.5), "contents": Paint(350, 0.14, 0.66)},
    main="body",
    conditions=("full", "empty"),
    draw=lambda r: {
        "radius": r.uniform(0.14, 0.2),
        "height": r.uniform(0.55, 0.8),
        "neck": r.uniform(0.4, 0.55),
        "stripes": int(r.integers(1, 3)),
    },
)
def vase(k: Kit) -> Model:
    p = k.p
    r = p["radius"]
    rim = _vessel(k, r, p["height"], p["neck"], 1.45, p["stripes"], 0.3)
    if k.has("full"):
        for i, (dx, dy) in enumerate(((0, 0), (-1, 0.4), (1, -0.3))):
            tip = (dx * r * 0.55, dy * r * 0.5, rim + r * (1.3 - 0.25 * abs(dx)))
            k.rod(f"stem{i}", (0, 0, rim - 0.02), tip, 0.008, "contents", min_px=1)
            k.ball(f"bloom{i}", tip, (r * 0.32,) * 3, "contents")
    if k.broken:
        k.remove_upper(rim * 0.45)
    return k.finish()


# bucket, basket ----------------------------------------------------------------------
def _handle(k: Kit, r: float, z: float, rise: float, role: str) -> None:
    """An arched handle across the top: three rods over the rim."""
    pts = [(-r, 0, z), (-r * 0.6, 0, z + rise * 0.85), (r * 0.6, 0, z + rise * 0.85), (r, 0, z)]
    for i in range(3):
        k.rod(f"handle{i}", pts[i], pts[i + 1], 0.012, role, min_px=1)


@prop(
    "bucket",
    family="containers",
    words=("bucket", "pail", "water bucket", "wooden bucket"),
    about="A wooden bucket with metal hoops and a wire handle, holding water.",
    paints={"body": "wood", "hoops": "iron", "contents": Paint(232, 0.08, 0.58, "glass")},
    main="body",
    conditions=("full", "empty"),
    draw=lambda r: {
        "radius": r.uniform(0.14, 0.18),
        "height": r.uniform(0.26, 0.34),
        "flare": r.uniform(1.1, 1.25),
        "handle": bool(r.random() < 0.75),
    },
)
def bucket(k: Kit) -> Model:
    p = k.p
    r, h = p["radius"], p["height"]
    k.post(
        "body",
        (0, 0, 0),
        h,
        r,
        "body",
        r1=r * p["flare"],
        clips=((0, 0, 1, h - 0.004),),
        hollow=True,
        bands=[Band("hoops", z=(0.12, 0.24)), Band("hoops", z=(0.74, 0.86))],
    )
    if k.state("full", "empty", True):
        k.post("contents", (0, 0, h * 0.8), 0.01, r * p["flare"] * 0.96, "contents")
    if p["handle"]:
        _handle(k, r * p["flare"], h * 0.82, h * 0.55, "hoops")
    return k.finish()


@prop(
    "basket",
    family="containers",
    words=("basket", "wicker basket", "fruit basket", "apple basket"),
    about="A woven wicker basket with a handle, filled with red apples.",
    paints={"body": "straw", "contents": Paint(28, 0.16, 0.55)},
    main="body",
    conditions=("full", "empty"),
    draw=lambda r: {
        "radius": r.uniform(0.18, 0.26),
        "height": r.uniform(0.16, 0.24),
        "handle": bool(r.random() < 0.6),
        "fruit": int(r.integers(3, 6)),
    },
)
def basket(k: Kit) -> Model:
    p = k.p
    r, h = p["radius"], p["height"]
    weave = [Band("body", z=(0.3 + 0.3 * i, 0.4 + 0.3 * i), detail=2) for i in range(2)]
    k.post(
        "body",
        (0, 0, 0),
        h,
        r * 0.8,
        "body",
        r1=r,
        clips=((0, 0, 1, h - 0.004),),
        hollow=True,
        bands=weave,
    )
    k.post("rim", (0, 0, h - 0.03), 0.035, r * 1.04, "body", clips=((0, 0, 1, 0.03),), hollow=True)
    if k.state("full", "empty", True):
        n = int(p["fruit"])
        for i in range(n):
            a = 2 * math.pi * i / n + k.uniform(-0.3, 0.3)
            rr = r * (0.45 if i else 0.0)
            k.ball(
                f"fruit{i}",
                (rr * math.cos(a), rr * math.sin(a), h * 0.95 + (0.03 if i == 0 else 0)),
                (r * 0.34,) * 3,
                "contents",
            )
    if p["handle"]:
        _handle(k, r, h, r * 1.3, "body")
    return k.finish()


# cauldron ----------------------------------------------------------------------------
@prop(
    "cauldron",
    family="containers",
    words=("cauldron", "witch's cauldron", "cooking pot", "kettle", "witch cauldron"),
    about="A round black iron cauldron on three stubby legs, full of bubbling green brew.",
    paints={
        "body": Paint(265, 0.02, 0.36, "shiny"),
        "contents": Paint(138, 0.17, 0.72, "glow"),
        "wood": "wood",
        "flame": "fire",
    },
    main="body",
    conditions=("full", "empty", "lit", "unlit"),
    motions=("flicker",),
    draw=lambda r: {
        "radius": r.uniform(0.34, 0.46),
        "squash": r.uniform(0.72, 0.9),
        "bubbles": int(r.integers(1, 4)),
    },
)
def cauldron(k: Kit) -> Model:
    p = k.p
    r = p["radius"]
    rz = r * p["squash"]
    lit = k.state("lit", "unlit", True)
    lift = r * 0.45
    cz = lift + rz
    k.ball("body", (0, 0, cz), (r, r, rz), "body", clips=((0, 0, 1, rz * 0.6),), hollow=True)
    rim_r = r * math.sqrt(1 - 0.36) * 1.06
    k.post(
        "rim",
        (0, 0, cz + rz * 0.56),
        0.05,
        rim_r,
        "body",
        clips=((0, 0, 1, 0.046), (0, 0, -1, -0.004)),
        hollow=True,
    )
    for i in range(3):
        a = 2 * math.pi * i / 3 + math.pi / 2
        foot = (r * 0.62 * math.cos(a), r * 0.62 * math.sin(a), 0.0)
        k.rod(
            f"leg{i}",
            foot,
            (foot[0] * 0.8, foot[1] * 0.8, lift + rz * 0.3),
            r * 0.1,
            "body",
            r1=r * 0.14,
        )
    if k.state("full", "empty", True):
        brew = k.joint("brew", "base", (0, 0, cz + rz * 0.45))
        k.post("contents", (0, 0, 0), 0.01, rim_r * 0.94, "contents", joint=brew)
        for i in range(int(p["bubbles"])):
            a = 2.4 * i
            k.ball(
                f"bubble{i}",
                (r * 0.4 * math.cos(a) * (i > 0), r * 0.4 * math.sin(a), 0.012),
                (r * 0.14,) * 3,
                "contents",
                joint=brew,
            )
    if lit:
        for i in range(2):
            a = math.pi / 4 + i * math.pi / 2
            d = (math.cos(a) * r * 0.5, math.sin(a) * r * 0.5, 0.0)
            k.rod(f"log{i}", (-d[0], -d[1], 0.04), (d[0], d[1], 0.04), 0.04, "wood", flat=True)
        k.flame("base", (0, 0, 0.03), lift * 0.75, tongues=3)
    return k.finish()
