"""Structures: signs, fences, gates, doors, wells, statues, pillars, gravestones, altars,
ladders, tents, banners, flags, carts, wheelbarrows, fountains, totems and mailboxes.

Moving pieces hang on joints: a gate's or door's leaf on its hinge (the ``open``
motion and the ``open`` condition turn it), a banner's or flag's cloth on a chain of
joints (``wave`` ripples it, each link a little behind the one before). Gables and
arches are boxes and cylinders cut by clip planes; open-topped carts and wells are
hollow cuts with their contents inside.
"""

from __future__ import annotations

import math

import numpy as np

from pixelkiln.engine.subjects.build import box, frustum
from pixelkiln.engine.subjects.model import Band, Model, Paint
from pixelkiln.engine.subjects.props.base import Kit, frame, prop
from pixelkiln.engine.subjects.props.containers import _edges

_DOWN = ((0.0, 0.0, -1.0, 0.0),)  # keep what lies above a part's own origin plane
# Keep the upper half of a disc laid along -Y with ``frame((0, -1, 0), (1, 0, 0))``
# (its own Y is up): arches, rounded gravestones, a mailbox's roof.
_UPPER = ((0.0, -1.0, 0.0, 0.0),)
WRITING = Paint(50, 0.04, 0.28)


def _writing(lines: int, x: tuple[float, float] = (-0.7, 0.7)) -> list[Band]:
    """Lines of "text" on a board's front face (normalised box coordinates)."""
    out = []
    for i in range(lines):
        z = 0.45 - i * 0.5
        end = x[1] - (0.35 if i == lines - 1 else 0.0)
        out.append(
            Band("writing", x=(x[0], end), y=(-1.01, -0.9), z=(z - 0.12, z + 0.12), detail=1)
        )
    return out


def _pointed(hx: float, hz: float, point: float) -> tuple:
    """Clip planes that sharpen a box's +X end into an arrow point."""
    n = math.hypot(hz, point)
    return ((hz / n, 0, point / n, (hx) * hz / n), (hz / n, 0, -point / n, hx * hz / n))


# signs -------------------------------------------------------------------------------
@prop(
    "sign",
    family="structures",
    words=("sign", "signboard", "notice board", "wooden sign", "shop sign"),
    about="A wooden sign board with lines of writing, standing on posts.",
    paints={"body": "light wood", "posts": "wood", "writing": WRITING},
    main="body",
    draw=lambda r: {
        "width": r.uniform(0.7, 1.2),
        "board": r.uniform(0.35, 0.55),
        "height": r.uniform(1.1, 1.5),
        "posts": int(r.integers(1, 3)),
        "lines": int(r.integers(1, 4)),
    },
)
def sign(k: Kit) -> Model:
    p = k.p
    hw, bh, h = p["width"] / 2, p["board"], p["height"]
    xs = [0.0] if p["posts"] == 1 else [-hw * 0.7, hw * 0.7]
    for i, x in enumerate(xs):
        k.post(f"post{i}", (x, 0.04, 0), h - 0.02, 0.04, "posts", min_px=2)
    k.slab(
        "board",
        (0, 0, h - bh / 2),
        (hw, 0.025, bh / 2),
        "body",
        bands=[*_writing(int(p["lines"])), *_edges(0.1, "posts", "xz", detail=1)],
    )
    return k.finish()


@prop(
    "signpost",
    family="structures",
    words=("signpost", "sign post", "direction sign", "guidepost", "crossroads sign", "fingerpost"),
    about="A wooden post with arrow-shaped boards pointing in different directions.",
    paints={"body": "wood", "boards": "light wood", "writing": WRITING},
    main="body",
    draw=lambda r: {
        "height": r.uniform(1.6, 2.1),
        "arrows": int(r.integers(2, 4)),
        "turn": r.uniform(0, 360),
    },
)
def signpost(k: Kit) -> Model:
    p = k.p
    h = p["height"]
    k.post("post", (0, 0, 0), h, 0.05, "body", min_px=2)
    k.post("cap", (0, 0, h), 0.06, 0.065, "body", r1=0.0)
    for i in range(int(p["arrows"])):
        a = math.radians(p["turn"] + 115 * i + (40 if i == 2 else 0))
        z = h - 0.16 - 0.24 * i
        hx, hz = 0.3, 0.08
        d = np.array([math.cos(a), math.sin(a), 0.0])
        centre = d * (hx * 0.9)
        k.part(
            f"arrow{i}",
            box(hx, 0.02, hz, clips=_pointed(hx, hz, 0.1)),
            "boards",
            (centre[0], centre[1], z),
            axes=frame((0, 0, 1), tuple(d)),
            bands=[
                *_writing(1, (-0.8, 0.3)),
                Band("writing", y=(0.9, 1.01), z=(-0.15, 0.15), x=(-0.8, 0.0), detail=1),
            ],
            group=f"arrow{i}",
        )
    return k.finish()


# fences, gates, doors ------------------------------------------------------------------
@prop(
    "fence",
    family="structures",
    words=("fence", "wooden fence", "picket fence", "fence section", "rail fence", "railing"),
    about="A section of wooden fence: posts with rails, or a row of pointed pickets.",
    paints={"body": "light wood", "posts": "wood"},
    main="body",
    draw=lambda r: {
        "length": r.uniform(1.6, 2.4),
        "height": r.uniform(0.8, 1.1),
        "pickets": bool(r.random() < 0.5),
        "rails": int(r.integers(2, 4)),
    },
)
def fence(k: Kit) -> Model:
    p = k.p
    hl, h = p["length"] / 2, p["height"]
    n_posts = 3
    for i in range(n_posts):
        x = -hl + 2 * hl * i / (n_posts - 1)
        k.slab(f"post{i}", (x, 0, h / 2 + 0.05), (0.05, 0.05, h / 2 + 0.05), "posts")
    rails = int(p["rails"]) if not p["pickets"] else 2
    for i in range(rails):
        z = h * (0.3 + 0.55 * i / max(rails - 1, 1))
        tilt = (0.0, 0.0, 1.0)
        if k.damaged and i == 0:  # a rail come loose at one end
            tilt = (0.25 if k.broken else 0.12, 0.0, 1.0)
        k.part(f"rail{i}", box(hl, 0.02, 0.05), "body", (0, -0.06, z), axes=frame(tilt, (1, 0, 0)))
    if p["pickets"]:
        n = int(2 * hl / 0.16)
        for i in range(n):
            if k.damaged and i in (2, n // 2 + 1):
                continue
            x = -hl + 0.08 + i * (2 * hl - 0.16) / (n - 1)
            hz = (h - 0.05) / 2
            k.slab(
                f"picket{i}",
                (x, -0.09, hz + 0.03),
                (0.05, 0.015, hz),
                "body",
                clips=((0.6, 0, 0.8, 0.8 * hz), (-0.6, 0, 0.8, 0.8 * hz)),
            )
    k.cracked = k.damaged
    return k.finish()


@prop(
    "gate",
    family="structures",
    words=("gate", "wooden gate", "garden gate", "farm gate", "fence gate", "iron gate"),
    about="A wooden gate between two posts, its leaf hung on hinges, closed or swung open.",
    paints={"body": "light wood", "posts": "wood", "metal": "iron"},
    main="body",
    conditions=("open", "closed"),
    motions=("open",),
    draw=lambda r: {
        "width": r.uniform(1.0, 1.6),
        "height": r.uniform(1.0, 1.4),
        "slats": int(r.integers(3, 6)),
        "arched": bool(r.random() < 0.3),
    },
)
def gate(k: Kit) -> Model:
    p = k.p
    w, h = p["width"], p["height"]
    hw = w / 2
    is_open = k.state("open", "closed", False)
    for i, sx in enumerate((-1, 1)):
        k.slab(
            f"post{i}", (sx * (hw + 0.07), 0, (h + 0.2) / 2), (0.07, 0.07, (h + 0.2) / 2), "posts"
        )
        k.post(f"knob{i}", (sx * (hw + 0.07), 0, h + 0.2), 0.07, 0.06, "posts", r1=0.02)
    leaf = k.joint("leaf", "base", (-hw, 0, 0.08))
    lw = w - 0.02
    for i, z in enumerate((0.1, h - 0.22)):
        k.slab(f"rail{i}", (lw / 2, 0, z), (lw / 2, 0.025, 0.05), "body", joint=leaf)
    n = int(p["slats"])
    for i in range(n):
        x = 0.06 + i * (lw - 0.12) / max(n - 1, 1)
        top = h - 0.1 + (0.12 * math.sin(math.pi * x / lw) if p["arched"] else 0.0)
        k.slab(
            f"slat{i}",
            (x, 0.03, top / 2),
            (0.035, 0.015, top / 2),
            "body",
            joint=leaf,
            clips=((0.6, 0, 0.8, 0.8 * top / 2), (-0.6, 0, 0.8, 0.8 * top / 2)),
        )
    ang = math.atan2(h - 0.4, lw - 0.12)
    k.part(
        "brace",
        box(math.hypot(h - 0.4, lw - 0.12) / 2, 0.02, 0.04),
        "body",
        (lw / 2, -0.03, h / 2 - 0.06),
        joint=leaf,
        axes=frame((0, -1, 0), (math.cos(ang), 0, math.sin(ang))),
    )
    for i, z in enumerate((0.1, h - 0.22)):
        k.slab(f"hinge{i}", (0.08, -0.03, z), (0.1, 0.012, 0.03), "metal", joint=leaf)
    k.hinge(leaf, (0.0, 0.0, -95.0), is_open)
    return k.finish()


@prop(
    "door",
    family="structures",
    words=("door", "wooden door", "dungeon door", "doorway", "castle door", "front door"),
    about="A planked wooden door with iron straps in a stone frame, closed or open.",
    paints={"body": "wood", "frame": "stone", "metal": "iron"},
    main="body",
    conditions=("open", "closed"),
    motions=("open",),
    draw=lambda r: {
        "width": r.uniform(0.9, 1.2),
        "height": r.uniform(1.9, 2.3),
        "arched": bool(r.random() < 0.5),
        "planks": int(r.integers(3, 6)),
        "straps": int(r.integers(2, 4)),
    },
)
def door(k: Kit) -> Model:
    p = k.p
    w, h = p["width"], p["height"]
    hw, t = w / 2, 0.16
    is_open = k.state("open", "closed", False)
    arch = hw if p["arched"] else 0.0
    rect = h - arch
    for i, sx in enumerate((-1, 1)):
        k.slab(
            f"jamb{i}",
            (sx * (hw + t / 2), 0, rect / 2),
            (t / 2, 0.14, rect / 2),
            "frame",
            bands=[Band("frame", z=(z - 0.04, z + 0.04), detail=1) for z in (-0.4, 0.3)],
        )
    if arch:
        k.part(
            "arch",
            frustum(0.28, hw + t, clips=_UPPER),
            "frame",
            (0, 0.14, rect),
            axes=frame((0, -1, 0), (1, 0, 0)),
            bands=[Band("frame", x=(-0.12, 0.12), detail=1)],
        )
    else:
        k.slab("lintel", (0, 0, rect + 0.1), (hw + t, 0.14, 0.1), "frame")
    leaf = k.joint("leaf", "base", (-hw, -0.06, 0))
    n = int(p["planks"])
    seams = [
        Band("metal", x=(-1 + 2 * i / n - 0.03, -1 + 2 * i / n + 0.03), detail=1)
        for i in range(1, n)
    ]
    straps = [
        Band("metal", z=(z - 0.06, z + 0.06), x=(-1.01, 0.6))
        for z in np.linspace(-0.7, 0.55, int(p["straps"]))
    ]
    k.slab(
        "leaf",
        (hw, 0, rect / 2),
        (hw - 0.01, 0.04, rect / 2),
        "body",
        joint=leaf,
        bands=[*seams, *straps],
    )
    if arch:
        k.part(
            "leaf_top",
            frustum(0.08, hw - 0.01, clips=_UPPER),
            "body",
            (hw, 0.04, rect),
            joint=leaf,
            axes=frame((0, -1, 0), (1, 0, 0)),
            bands=seams,
        )
    k.ball("ring", (w * 0.82, -0.05, rect * 0.5), (0.04, 0.02, 0.04), "metal", joint=leaf, min_px=2)
    k.hinge(leaf, (0.0, 0.0, -100.0), is_open)
    return k.finish()


# ladder ------------------------------------------------------------------------------
@prop(
    "ladder",
    family="structures",
    words=("ladder", "wooden ladder", "step ladder", "rope ladder"),
    about="A wooden ladder of two rails and evenly spaced rungs, leaning slightly.",
    paints={"body": "light wood"},
    main="body",
    draw=lambda r: {"height": r.uniform(2.0, 3.0), "width": r.uniform(0.4, 0.55)},
)
def ladder(k: Kit) -> Model:
    p = k.p
    h, hw = p["height"], p["width"] / 2
    lean = k.joint("lean", "base", (0, 0, 0))
    k.b.rest[lean] = (-12.0, 0.0, 0.0)
    for i, sx in enumerate((-1, 1)):
        k.slab(f"rail{i}", (sx * hw, 0, h / 2), (0.03, 0.025, h / 2), "body", joint=lean)
    n = int(h / 0.3)
    for i in range(n):
        z = 0.25 + i * (h - 0.4) / max(n - 1, 1)
        if k.broken and i == n // 2:
            continue
        k.post(
            f"rung{i}",
            (-hw, 0, z),
            2 * hw,
            0.02,
            "body",
            joint=lean,
            axes=frame((1, 0, 0), (0, 0, 1)),
            min_px=1,
        )
    return k.finish()


# well --------------------------------------------------------------------------------
@prop(
    "well",
    family="structures",
    words=("well", "water well", "wishing well", "stone well", "village well"),
    about="A round stone well with a little wooden roof, a crank and a bucket on a rope.",
    paints={
        "stone": "stone",
        "wood": "wood",
        "roof": Paint(30, 0.1, 0.45),
        "water": Paint(235, 0.08, 0.5, "glass"),
    },
    main="stone",
    conditions=("full", "empty"),
    draw=lambda r: {
        "radius": r.uniform(0.45, 0.62),
        "wall": r.uniform(0.5, 0.7),
        "roof": bool(r.random() < 0.8),
        "courses": int(r.integers(2, 4)),
    },
)
def well(k: Kit) -> Model:
    p = k.p
    r, wh = p["radius"], p["wall"]
    n = int(p["courses"])
    courses = [Band("wood", z=(i / n - 0.02, i / n + 0.02), detail=1) for i in range(1, n)]
    k.post(
        "wall",
        (0, 0, 0),
        wh,
        r,
        "stone",
        clips=((0, 0, 1, wh - 0.004),),
        hollow=True,
        bands=courses,
    )
    k.post(
        "lip",
        (0, 0, wh - 0.06),
        0.08,
        r * 1.08,
        "stone",
        clips=((0, 0, 1, 0.076), (0, 0, -1, -0.004)),
        hollow=True,
    )
    if k.state("full", "empty", True):
        k.post("water", (0, 0, wh * 0.72), 0.01, r * 0.98, "water")
    # The crank frame always stands; the little roof over it is seeded.
    top = wh + 1.0
    for i, sx in enumerate((-1, 1)):
        k.slab(f"post{i}", (sx * (r + 0.02), 0, top / 2), (0.05, 0.05, top / 2), "wood")
    k.post(
        "axle",
        (-r - 0.05, 0, wh + 0.6),
        2 * r + 0.1,
        0.04,
        "wood",
        axes=frame((1, 0, 0), (0, 0, 1)),
    )
    k.rod("crank", (r + 0.07, 0, wh + 0.6), (r + 0.07, -0.12, wh + 0.5), 0.02, "wood")
    k.rod("rope", (0, 0, wh + 0.58), (0, 0, wh + 0.25), 0.008, "wood", min_px=1)
    k.post(
        "pail", (0, 0, wh + 0.08), 0.17, 0.08, "wood", r1=0.1, bands=[Band("stone", z=(0.7, 0.82))]
    )
    if p["roof"]:
        # A gable: a box cut by two planes into a triangular prism along Y.
        hw, rise, hy = r + 0.25, 0.42, r * 0.75
        s = math.hypot(hw, rise)
        k.part(
            "roof",
            box(
                hw,
                hy,
                rise / 2,
                clips=(
                    (rise / s, 0, hw / s, hw * rise / 2 / s),
                    (-rise / s, 0, hw / s, hw * rise / 2 / s),
                ),
            ),
            "roof",
            (0, 0, top + rise / 2 - 0.05),
            bands=[Band("wood", y=(-1.01, -0.9)), Band("wood", y=(0.9, 1.01))],
        )
    return k.finish()


# monuments ---------------------------------------------------------------------------
@prop(
    "statue",
    family="structures",
    words=("statue", "stone statue", "marble statue", "sculpture", "monument", "idol"),
    about="A marble statue of a standing figure on a stone pedestal.",
    paints={"body": "marble", "pedestal": "stone"},
    main="body",
    draw=lambda r: {
        "pedestal": r.uniform(0.4, 0.7),
        "pose": int(r.integers(0, 3)),
        "figure": r.uniform(1.5, 1.9),
    },
)
def statue(k: Kit) -> Model:
    p = k.p
    ph, fh = p["pedestal"], p["figure"]
    k.slab(
        "pedestal",
        (0, 0, ph / 2),
        (0.36, 0.36, ph / 2),
        "pedestal",
        bands=[Band("pedestal", z=(0.8, 1.01)), Band("pedestal", z=(-1.01, -0.8))],
    )
    k.slab("plinth_top", (0, 0, ph + 0.03), (0.4, 0.4, 0.03), "pedestal")
    u = fh / 6.2  # a head height (a heroic, chunky figure reads better small)
    z0 = ph + 0.06
    for i, sx in enumerate((-1, 1)):
        k.rod(
            f"leg{i}",
            (sx * u * 0.35, 0, z0 + u * 3.4),
            (sx * u * 0.4, 0, z0 + u * 0.3),
            u * 0.42,
            "body",
            r1=u * 0.32,
            group=f"leg{i}",
        )
    k.ball("torso", (0, 0, z0 + u * 4.5), (u * 1.05, u * 0.62, u * 1.55), "body")
    k.ball("hips", (0, 0, z0 + u * 3.3), (u * 0.85, u * 0.55, u * 0.6), "body")
    k.ball(
        "head", (0, -u * 0.05, z0 + u * 6.5), (u * 0.48, u * 0.5, u * 0.56), "body", group="head"
    )
    shoulder = z0 + u * 5.7
    pose = int(p["pose"])
    for i, sx in enumerate((-1, 1)):
        if pose == 1 and sx > 0:  # a raised sword
            hand = (sx * u * 1.4, -u * 0.2, shoulder + u * 1.6)
            k.rod(
                "blade",
                hand,
                (hand[0], hand[1], hand[2] + u * 3.0),
                u * 0.16,
                "body",
                r1=u * 0.05,
                group="blade",
            )
            k.rod(
                "guard",
                (hand[0] - u * 0.5, hand[1], hand[2] + u * 0.2),
                (hand[0] + u * 0.5, hand[1], hand[2] + u * 0.2),
                u * 0.1,
                "body",
                group="blade",
            )
        elif pose == 2 and sx < 0:  # an orb held forward
            hand = (sx * u * 0.7, -u * 1.3, shoulder - u * 0.9)
            k.ball(
                "orb", (hand[0], hand[1], hand[2] + u * 0.45), (u * 0.45,) * 3, "body", group="orb"
            )
        else:
            hand = (sx * u * 1.2, 0, shoulder - u * 2.4)
        k.rod(
            f"arm{i}",
            (sx * u * 0.95, 0, shoulder),
            hand,
            u * 0.3,
            "body",
            r1=u * 0.24,
            group=f"arm{i}",
        )
    return k.finish()


@prop(
    "pillar",
    family="structures",
    words=("pillar", "column", "stone pillar", "marble column", "ruined pillar", "pilaster"),
    about="A classical stone column with a square base, a fluted shaft and a capital.",
    paints={"body": "marble"},
    main="body",
    draw=lambda r: {
        "height": r.uniform(2.2, 3.2),
        "radius": r.uniform(0.18, 0.26),
        "square": bool(r.random() < 0.25),
    },
)
def pillar(k: Kit) -> Model:
    p = k.p
    h, r = p["height"], p["radius"]
    cap = r * 0.9
    k.slab("base", (0, 0, cap / 2), (r * 1.4, r * 1.4, cap / 2), "body")
    k.post("torus", (0, 0, cap), r * 0.4, r * 1.25, r1=r * 1.05, role="body")
    shaft = h - 2 * cap - r * 0.4
    if p["square"]:
        k.slab("shaft", (0, 0, cap + r * 0.4 + shaft / 2), (r, r, shaft / 2), "body")
    else:
        k.post("shaft", (0, 0, cap + r * 0.4), shaft, r, "body", r1=r * 0.9)
    k.post("neck", (0, 0, h - cap), r * 0.3, r * 0.95, "body", r1=r * 1.2)
    k.slab(
        "capital", (0, 0, h - cap / 2 + r * 0.15), (r * 1.45, r * 1.45, cap / 2 - r * 0.15), "body"
    )
    if k.broken:
        k.remove_upper(h * 0.55, tilt=25)
    return k.finish()


@prop(
    "gravestone",
    family="structures",
    words=("gravestone", "tombstone", "headstone", "grave", "tomb", "grave marker"),
    about="A stone gravestone with an engraved plate, rounded or a cross, over a dirt mound.",
    paints={"stone": "stone", "engraving": Paint(250, 0.015, 0.38), "dirt": Paint(50, 0.05, 0.38)},
    main="stone",
    draw=lambda r: {
        "style": int(r.integers(0, 3)),
        "height": r.uniform(0.7, 1.0),
        "mound": bool(r.random() < 0.6),
        "lean": r.uniform(-7, 7),
    },
)
def gravestone(k: Kit) -> Model:
    p = k.p
    h = p["height"]
    stone = k.joint("stone", "base", (0, 0.1, 0))
    k.b.rest[stone] = (p["lean"] * 0.6, p["lean"], 0.0)
    style = int(p["style"])
    engrave = [
        Band("engraving", x=(-0.55, 0.55), y=(-1.01, -0.8), z=(z - 0.08, z + 0.08), detail=1)
        for z in (0.15, -0.2)
    ]
    if style == 1:  # a cross
        k.slab("stone", (0, 0, h / 2), (0.08, 0.07, h / 2), "stone", joint=stone)
        k.slab("arms", (0, 0, h * 0.7), (0.26, 0.07, 0.08), "stone", joint=stone)
        k.slab("foot", (0, 0, 0.08), (0.2, 0.14, 0.08), "stone", joint=stone)
    else:
        hw = h * 0.3
        body = h - hw if style == 0 else h * 0.82
        k.slab("stone", (0, 0, body / 2), (hw, 0.08, body / 2), "stone", joint=stone, bands=engrave)
        if style == 0:
            k.part(
                "top",
                frustum(0.16, hw, clips=_UPPER),
                "stone",
                (0, 0.08, body),
                joint=stone,
                axes=frame((0, -1, 0), (1, 0, 0)),
            )
        else:
            s = math.hypot(hw, h * 0.18)
            k.part(
                "top",
                box(
                    hw,
                    0.08,
                    h * 0.09,
                    clips=(
                        (h * 0.18 / s, 0, hw / s, hw * h * 0.09 / s),
                        (-h * 0.18 / s, 0, hw / s, hw * h * 0.09 / s),
                    ),
                ),
                "stone",
                (0, 0, body + h * 0.09),
                joint=stone,
            )
    if p["mound"]:
        k.ball("mound", (0, -0.55, 0), (0.32, 0.55, 0.14), "dirt", clips=((0, 0, -1, 0.0),))
    return k.finish()


@prop(
    "altar",
    family="structures",
    words=("altar", "shrine", "stone altar", "sacrificial altar", "offering table"),
    about="A stone altar block draped with a cloth, a glowing orb resting on top.",
    paints={
        "stone": "stone",
        "cloth": Paint(20, 0.14, 0.42),
        "glow": Paint(230, 0.12, 0.82, "glow"),
    },
    main="stone",
    motions=("pulse",),
    draw=lambda r: {
        "width": r.uniform(1.0, 1.5),
        "height": r.uniform(0.8, 1.0),
        "cloth": bool(r.random() < 0.7),
        "orb": r.uniform(0.12, 0.18),
    },
)
def altar(k: Kit) -> Model:
    p = k.p
    hw, h = p["width"] / 2, p["height"]
    k.slab("block", (0, 0, h / 2 - 0.05), (hw * 0.85, 0.32, h / 2 - 0.05), "stone")
    k.slab(
        "top",
        (0, 0, h - 0.05),
        (hw, 0.4, 0.05),
        "stone",
        bands=[Band("cloth", x=(-0.3, 0.3))] if p["cloth"] else [],
    )
    if p["cloth"]:
        k.slab("drape", (0, -0.41, h - 0.25), (hw * 0.3, 0.012, 0.25), "cloth")
    k.post("stand", (0, 0, h), 0.05, p["orb"] * 0.8, "stone", r1=p["orb"] * 0.5)
    glow = k.hover("glow", "base", (0, 0, h + 0.05 + p["orb"] * 1.1))
    k.ball("orb", (0, 0, 0), (p["orb"],) * 3, "glow", joint=glow)
    k.glow(glow)
    return k.finish()


# tents, banners, flags -------------------------------------------------------------------
@prop(
    "tent",
    family="structures",
    words=("tent", "camping tent", "canvas tent", "pavilion", "teepee", "tipi"),
    about="A canvas camping tent, an A-frame ridge or a cone, with a dark open doorway.",
    paints={"canvas": Paint(80, 0.05, 0.72), "opening": Paint(60, 0.04, 0.25), "poles": "wood"},
    main="canvas",
    draw=lambda r: {
        "width": r.uniform(1.6, 2.4),
        "length": r.uniform(1.8, 2.6),
        "height": r.uniform(1.3, 1.8),
        "cone": bool(r.random() < 0.3),
        "stripe": bool(r.random() < 0.4),
    },
)
def tent(k: Kit) -> Model:
    p = k.p
    hw, hl, h = p["width"] / 2, p["length"] / 2, p["height"]
    if p["cone"]:
        k.post(
            "canvas",
            (0, 0, 0),
            h,
            hw,
            "canvas",
            r1=hw * 0.06,
            bands=[Band("opening", x=(-0.32, 0.32), y=(-1.01, -0.5), z=(-0.01, 0.42))],
        )
        for i in range(3):
            a = 2 * math.pi * i / 3 + 0.5
            k.rod(
                f"pole{i}",
                (hw * 0.1 * math.cos(a), hw * 0.1 * math.sin(a), h * 0.9),
                (-hw * 0.12 * math.cos(a), -hw * 0.12 * math.sin(a), h * 1.15),
                0.025,
                "poles",
                min_px=1,
            )
    else:
        s = math.hypot(hw, h)
        stripe = [Band("opening", x=(-0.08, 0.08), detail=1)] if p["stripe"] else []
        k.part(
            "canvas",
            box(
                hw,
                hl,
                h / 2,
                clips=((h / s, 0, hw / s, hw * h / 2 / s), (-h / s, 0, hw / s, hw * h / 2 / s)),
            ),
            "canvas",
            (0, 0, h / 2),
            bands=[Band("opening", y=(-1.01, -0.96), x=(-0.4, 0.4), z=(-1.01, 0.15)), *stripe],
        )
        for i, sy in enumerate((-1, 1)):
            k.post(f"pole{i}", (0, sy * (hl + 0.03), 0), h + 0.18, 0.025, "poles", min_px=1)
    return k.finish()


def _cloth_chain(
    k: Kit, parent: str, links: int, step: tuple[float, float, float], prefix: str = "cloth"
) -> list[str]:
    """A chain of joints, each ``step`` from the last (a cloth's links)."""
    out = []
    for i in range(links):
        out.append(k.joint(f"{prefix}{i}", out[-1] if out else parent, step if i else (0, 0, 0)))
    return out


@prop(
    "banner",
    family="structures",
    words=("banner", "war banner", "standard", "heraldic banner", "hanging banner", "pennant"),
    about="A cloth banner with an emblem hanging from a crossbar on a tall pole.",
    paints={"pole": "wood", "cloth": Paint(25, 0.15, 0.48), "emblem": "gold"},
    main="cloth",
    motions=("wave",),
    draw=lambda r: {
        "height": r.uniform(2.2, 2.9),
        "width": r.uniform(0.5, 0.75),
        "length": r.uniform(0.9, 1.3),
        "tails": bool(r.random() < 0.5),
    },
)
def banner(k: Kit) -> Model:
    p = k.p
    h, hw, ln = p["height"], p["width"] / 2, p["length"]
    k.post("pole", (0, 0.05, 0), h, 0.035, "pole", min_px=2)
    k.post("finial", (0, 0.05, h), 0.1, 0.05, "emblem", r1=0.0)
    k.post(
        "bar",
        (-hw - 0.05, 0, h - 0.12),
        2 * hw + 0.1,
        0.022,
        "pole",
        axes=frame((1, 0, 0), (0, 0, 1)),
        min_px=1,
    )
    top = k.joint("cloth_top", "base", (0, -0.01, h - 0.14))
    links = 4
    seg = ln / links
    chain = _cloth_chain(k, top, links, (0, 0, -seg))
    for i, j in enumerate(chain):
        bands = []
        if i == 1:
            bands.append(Band("emblem", x=(-0.45, 0.45), z=(-0.5, 0.7)))
        if i == 0:
            bands.append(Band("emblem", z=(0.7, 1.01)))
        k.slab(
            f"cloth{i}",
            (0, 0, -seg / 2),
            (hw, 0.012, seg / 2 + 0.004),
            "cloth",
            joint=j,
            bands=bands,
        )
    if p["tails"]:
        end = k.joint("tail", chain[-1], (0, 0, -seg))
        for i, sx in enumerate((-1, 1)):
            s = hw * 0.5
            k.part(
                f"tail{i}",
                box(s * 0.9, 0.012, seg * 0.3, clips=((-sx * 0.7, 0, -0.7, 0.7 * s * 0.55),)),
                "cloth",
                (sx * s, 0, -seg * 0.3),
                joint=end,
            )
    k.cloth(chain, (1.0, 0.45, 0.0), 14.0)
    return k.finish()


@prop(
    "flag",
    family="structures",
    words=("flag", "flagpole", "flag pole", "pirate flag", "checkpoint flag", "goal flag"),
    about="A flag on a tall pole, its cloth streaming out to one side with a stripe.",
    paints={
        "pole": Paint(250, 0.015, 0.7, "shiny"),
        "cloth": Paint(25, 0.16, 0.52),
        "emblem": Paint(95, 0.03, 0.95),
    },
    main="cloth",
    motions=("wave",),
    draw=lambda r: {
        "height": r.uniform(2.0, 3.0),
        "length": r.uniform(0.8, 1.2),
        "tall": r.uniform(0.5, 0.7),
        "stripe": bool(r.random() < 0.6),
    },
)
def flag(k: Kit) -> Model:
    p = k.p
    h, ln = p["height"], p["length"]
    fh = ln * p["tall"]
    k.post("pole", (0, 0, 0), h, 0.03, "pole", min_px=2)
    k.ball("knob", (0, 0, h), (0.05,) * 3, "pole")
    top = k.joint("cloth_top", "base", (0.03, 0, h - fh / 2 - 0.05))
    links = 4
    seg = ln / links
    chain = _cloth_chain(k, top, links, (seg, 0, 0))
    for i, j in enumerate(chain):
        bands = [Band("emblem", z=(-0.25, 0.25))] if p["stripe"] else []
        k.slab(
            f"cloth{i}",
            (seg / 2, 0, 0),
            (seg / 2 + 0.004, 0.012, fh / 2),
            "cloth",
            joint=j,
            bands=bands,
        )
    k.cloth(chain, (0.25, 0.0, 1.0), 20.0)
    return k.finish()


# carts -------------------------------------------------------------------------------
def _wheel(k: Kit, name: str, at, r: float, role: str, axis=(1.0, 0.0, 0.0)) -> None:
    ax = np.array(axis, np.float64)
    start = np.asarray(at, np.float64) - ax * 0.04
    k.part(
        name,
        frustum(0.08, r),
        role,
        tuple(start),
        axes=frame(ax, (0, 0, 1)),
        bands=[
            Band(role, x=(-0.2, 0.2), y=(-0.2, 0.2)),
            Band("body", x=(-0.12, 0.12), y=(-0.12, 0.12), detail=1),
        ],
        group=name,
    )


@prop(
    "cart",
    family="structures",
    words=("cart", "wagon", "hand cart", "handcart", "farm cart", "merchant cart", "hay cart"),
    about="A two-wheeled wooden cart with plank sides and shafts, loaded with hay.",
    paints={"body": "wood", "wheels": "dark wood", "contents": "straw"},
    main="body",
    conditions=("full", "empty"),
    draw=lambda r: {
        "length": r.uniform(1.4, 2.0),
        "width": r.uniform(0.9, 1.2),
        "wheel": r.uniform(0.35, 0.48),
        "sides": r.uniform(0.25, 0.4),
    },
)
def cart(k: Kit) -> Model:
    p = k.p
    # Laid along X so the south view shows its side and both wheels' faces.
    hl, hw, wr, sd = p["length"] / 2, p["width"] / 2, p["wheel"], p["sides"]
    z0 = wr + 0.05
    k.slab(
        "bed",
        (0, 0, z0 + sd / 2),
        (hl, hw, sd / 2),
        "body",
        clips=((0, 0, 1, sd / 2 - 0.005),),
        hollow=True,
        bands=[Band("wheels", z=(-0.05, 0.05), detail=1), *_edges(0.1, "wheels", "xy")],
    )
    for i, sy in enumerate((-1, 1)):
        _wheel(k, f"wheel{i}", (hl * 0.1, sy * (hw + 0.06), wr), wr, "wheels", axis=(0, 1, 0))
        k.rod(
            f"shaft{i}",
            (-hl, sy * hw * 0.6, z0 + 0.05),
            (-hl - 0.9, sy * hw * 0.5, 0.3),
            0.035,
            "body",
            flat=True,
        )
    k.post(
        "axle",
        (hl * 0.1, -hw - 0.04, wr),
        2 * hw + 0.08,
        0.04,
        "wheels",
        axes=frame((0, 1, 0), (0, 0, 1)),
    )
    if k.state("full", "empty", True):
        k.ball(
            "contents",
            (0, 0, z0 + sd - 0.02),
            (hl * 0.95, hw * 0.95, sd * 0.75),
            "contents",
            clips=((0, 0, -1, 0.0),),
        )
    if k.broken:
        k.b.remove("wheel1", "shaft1")
        k.b.rest["base"] = (-7.0, 0.0, 0.0)
    return k.finish()


@prop(
    "wheelbarrow",
    family="structures",
    words=("wheelbarrow", "wheel barrow", "barrow"),
    about="A one-wheeled wheelbarrow with a metal tray, two handles and two legs.",
    paints={
        "body": Paint(25, 0.13, 0.52, "shiny"),
        "wheel": Paint(260, 0.01, 0.3),
        "frame": "wood",
        "contents": Paint(55, 0.06, 0.48),
    },
    main="body",
    conditions=("full", "empty"),
    draw=lambda r: {"length": r.uniform(1.1, 1.4), "tray": r.uniform(0.28, 0.36)},
)
def wheelbarrow(k: Kit) -> Model:
    p = k.p
    hl, hw, d = p["length"] / 2, p["tray"], p["tray"] * 0.75
    wr = 0.2
    z0 = 0.3
    # Along X (wheel at -X, handles at +X) so the south view shows its profile.
    k.post(
        "tray",
        (-hl * 0.1, 0, z0),
        d,
        hw * 0.7,
        "body",
        r1=hw * 1.1,
        sx=1.3,
        sy=0.8,
        clips=((0, 0, 1, d - 0.004),),
        hollow=True,
    )
    _wheel(k, "wheel", (-hl * 0.85, 0, wr), wr, "wheel", axis=(0, 1, 0))
    for i, sy in enumerate((-1, 1)):
        k.rod(
            f"handle{i}",
            (-hl * 0.85, sy * hw * 0.3, wr),
            (hl, sy * hw * 0.9, z0 + 0.25),
            0.025,
            "frame",
            flat=True,
            min_px=1,
        )
        k.rod(
            f"leg{i}",
            (hl * 0.35, sy * hw * 0.6, z0 + 0.05),
            (hl * 0.4, sy * hw * 0.6, 0.0),
            0.022,
            "frame",
            flat=True,
            min_px=1,
        )
    if k.state("full", "empty", True):
        k.ball(
            "contents",
            (-hl * 0.1, 0, z0 + d - 0.03),
            (hw * 1.25, hw * 0.85, d * 0.6),
            "contents",
            clips=((0, 0, -1, 0.0),),
        )
    return k.finish()


# fountain, totem, mailbox ----------------------------------------------------------------
@prop(
    "fountain",
    family="structures",
    words=("fountain", "stone fountain", "water fountain", "town fountain", "birdbath"),
    about="A round stone fountain: a basin of water with a central column and a spout.",
    paints={"stone": "stone", "water": Paint(225, 0.09, 0.68, "glass")},
    main="stone",
    conditions=("full", "empty"),
    draw=lambda r: {
        "radius": r.uniform(0.8, 1.1),
        "tiers": int(r.integers(1, 3)),
        "column": r.uniform(0.8, 1.2),
    },
)
def fountain(k: Kit) -> Model:
    p = k.p
    r = p["radius"]
    full = k.state("full", "empty", True)
    k.post("basin", (0, 0, 0), 0.4, r, "stone", clips=((0, 0, 1, 0.396),), hollow=True)
    k.post(
        "rim",
        (0, 0, 0.34),
        0.08,
        r * 1.05,
        "stone",
        clips=((0, 0, 1, 0.076), (0, 0, -1, -0.004)),
        hollow=True,
    )
    if full:
        k.post("pool", (0, 0, 0.3), 0.01, r * 0.98, "water")
    ch = p["column"]
    k.post("column", (0, 0, 0), ch, 0.12, "stone", r1=0.09)
    top = ch
    for t in range(int(p["tiers"])):
        br = r * (0.42 - 0.12 * t)
        k.post(
            f"bowl{t}",
            (0, 0, top),
            0.16,
            br * 0.4,
            "stone",
            r1=br,
            clips=((0, 0, 1, 0.156),),
            hollow=True,
        )
        if full:
            k.post(f"water{t}", (0, 0, top + 0.12), 0.01, br * 0.95, "water")
        if t == 0 and int(p["tiers"]) > 1:
            k.post("column2", (0, 0, top + 0.1), ch * 0.35, 0.07, "stone", r1=0.05)
            top += ch * 0.35 + 0.1
    if full:
        k.ball("spout", (0, 0, top + 0.22), (0.05, 0.05, 0.12), "water")
    return k.finish()


@prop(
    "totem",
    family="structures",
    words=("totem", "totem pole", "carved pole", "tiki totem", "tribal totem"),
    about="A carved wooden totem pole of stacked faces with painted eyes and spread wings.",
    paints={"body": "wood", "paint": Paint(28, 0.15, 0.5), "eyes": Paint(60, 0.03, 0.2)},
    main="body",
    draw=lambda r: {
        "blocks": int(r.integers(2, 5)),
        "height": r.uniform(2.0, 3.2),
        "wings": bool(r.random() < 0.7),
    },
)
def totem(k: Kit) -> Model:
    p = k.p
    n, h = int(p["blocks"]), p["height"]
    bh = h / (n + 0.3)
    r = 0.36
    for i in range(n):
        z = i * bh
        eyes = [
            Band("eyes", x=(sx * 0.42 - 0.2, sx * 0.42 + 0.2), y=(-1.01, -0.6), z=(0.45, 0.68))
            for sx in (-1, 1)
        ]
        brows = [Band("paint", x=(-0.75, 0.75), y=(-1.01, -0.6), z=(0.72, 0.84))]
        mouth = [Band("eyes", x=(-0.5, 0.5), y=(-1.01, -0.6), z=(-0.62, -0.5))]
        trim = [Band("paint", z=(-1.01, -0.9)), *brows, *eyes, *mouth]
        rr = r * (1.0 - 0.06 * i)
        if i % 2 == 0:  # a square block with bevelled corners
            s = math.sqrt(0.5)
            k.part(
                f"block{i}",
                box(
                    rr,
                    rr * 0.9,
                    bh / 2,
                    clips=tuple(
                        (sx * s, sy * s, 0.0, rr * 1.7 * s) for sx in (-1, 1) for sy in (-1, 1)
                    ),
                ),
                "body",
                (0, 0, z + bh / 2),
                bands=trim,
                group=f"block{i}",
            )
        else:
            zb = [
                Band(b.role, x=b.x, y=b.y, z=((b.z[0] + 1) / 2, (b.z[1] + 1) / 2)) for b in trim
            ]  # frustum z runs 0..1
            k.post(
                f"block{i}", (0, 0, z), bh, rr, "body", r1=rr * 0.92, bands=zb, group=f"block{i}"
            )
        k.slab(
            f"nose{i}",
            (0, -rr * 0.95, z + bh * 0.42),
            (0.06, 0.09, bh * 0.12),
            "paint",
            group=f"block{i}",
        )
    top = n * bh
    if p["wings"]:
        for i, sx in enumerate((-1, 1)):
            k.part(
                f"wing{i}",
                box(r * 1.2, 0.05, bh * 0.2, clips=((0, 0, 1, bh * 0.12),)),
                "paint",
                (sx * r * 1.6, 0, top - bh * 0.5),
                axes=frame((0, 0, 1), (1, 0, sx * 0.4)),
                group=f"wing{i}",
            )
    k.ball("cap", (0, 0, top), (r * 0.8, r * 0.8, bh * 0.28), "body", clips=_DOWN)
    k.slab("beak", (0, -r * 0.8, top + bh * 0.08), (0.07, 0.16, 0.05), "paint")
    return k.finish()


@prop(
    "mailbox",
    family="structures",
    words=("mailbox", "mail box", "letterbox", "letter box", "postbox", "post box"),
    about="A rural mailbox with a rounded top and a little red flag on a wooden post.",
    paints={"body": Paint(250, 0.03, 0.6, "shiny"), "post": "wood", "flag": Paint(25, 0.17, 0.52)},
    main="body",
    draw=lambda r: {"height": r.uniform(1.0, 1.25), "length": r.uniform(0.45, 0.6)},
)
def mailbox(k: Kit) -> Model:
    p = k.p
    h, hl = p["height"], p["length"] / 2
    # Laid along X so the south view shows its side, rounded roof and flag.
    k.post("post", (0, 0, 0), h - 0.1, 0.05, "post", min_px=2)
    k.slab(
        "box",
        (0, 0, h - 0.05),
        (hl, 0.13, 0.08),
        "body",
        bands=[Band("post", x=(0.94, 1.01), detail=1)],
    )
    k.part(
        "roof",
        frustum(2 * hl, 0.13, clips=((-1.0, 0.0, 0.0, 0.0),)),
        "body",
        (-hl, 0, h + 0.03),
        axes=frame((1, 0, 0), (0, 0, 1)),
    )
    k.slab("flag_stem", (-hl * 0.3, -0.15, h + 0.02), (0.012, 0.012, 0.12), "flag")
    k.slab("flag", (-hl * 0.3 + 0.06, -0.15, h + 0.1), (0.06, 0.012, 0.04), "flag")
    return k.finish()
