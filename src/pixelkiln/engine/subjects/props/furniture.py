"""Furniture: tables, chairs, stools, benches, beds, bookshelves, cupboards, thrones,
workbenches and anvils.

Furniture faces south like every subject (its front, a chair's seat edge or a shelf's
open side, toward the viewer at -Y), and is sized in real metres so a chair stands at
a table's height. Legs are thin upright frustums kept at least 2 px wide (``min_px``)
so they never break into dots at 32 px; planks and trims are bands.
"""

from __future__ import annotations

import math

from pixelkiln.engine.subjects.build import box
from pixelkiln.engine.subjects.model import Band, Model, Paint
from pixelkiln.engine.subjects.props.base import Kit, frame, prop
from pixelkiln.engine.subjects.props.containers import _edges


def _legs(k: Kit, hx: float, hy: float, h: float, r: float, role: str, skip: int = -1) -> None:
    """Four square legs under the corners ``(+-hx, +-hy)``, ``h`` tall."""
    for i, (sx, sy) in enumerate(((-1, -1), (1, -1), (1, 1), (-1, 1))):
        if i == skip:
            continue
        k.post(f"leg{i}", (sx * hx, sy * hy, 0), h, r, role, sx=1.0, sy=1.0, min_px=2)


# table -------------------------------------------------------------------------------
@prop(
    "table",
    family="furniture",
    words=("table", "wooden table", "dining table", "desk", "round table", "tavern table"),
    about="A wooden table with a plank top on four legs or a round top on a pedestal.",
    paints={"body": "wood", "legs": "dark wood", "cloth": Paint(25, 0.13, 0.52)},
    main="body",
    draw=lambda r: {
        "width": r.uniform(0.9, 1.5),
        "depth": r.uniform(0.6, 0.9),
        "height": r.uniform(0.68, 0.8),
        "round": bool(r.random() < 0.3),
        "planks": int(r.integers(2, 5)),
        "cloth": bool(r.random() < 0.3),
    },
)
def table(k: Kit) -> Model:
    p = k.p
    w, d, h = p["width"], p["depth"], p["height"]
    t = 0.05
    if p["round"]:
        r = d * 0.6
        k.post("top", (0, 0, h - t), t, r, "body", sx=1.0, sy=1.0)
        k.post("stem", (0, 0, 0.04), h - t - 0.04, 0.06, "legs", min_px=2)
        k.post("foot", (0, 0, 0), 0.05, r * 0.45, "legs", r1=r * 0.3)
        if p["cloth"]:
            k.post("cloth", (0, 0, h - t - 0.12), 0.125, r * 1.04, "cloth", r1=r * 1.02)
    else:
        n = int(p["planks"])
        seams = [
            Band("legs", y=(-1 + 2 * i / n - 0.04, -1 + 2 * i / n + 0.04), detail=1)
            for i in range(1, n)
        ]
        k.slab("top", (0, 0, h - t / 2), (w / 2, d / 2, t / 2), "body", bands=seams)
        skip = 1 if k.broken else -1
        _legs(k, w / 2 - 0.07, d / 2 - 0.07, h - t, 0.04, "legs", skip=skip)
        k.slab("apron", (0, 0, h - t - 0.05), (w / 2 - 0.06, d / 2 - 0.06, 0.05), "legs")
        if p["cloth"]:
            k.slab(
                "cloth", (0, 0, h - t / 2 + 0.004), (w * 0.2, d / 2 + 0.02, t / 2 + 0.01), "cloth"
            )
        if k.broken:
            k.rod(
                "snapped",
                (w * 0.3, -d * 0.75, 0.04),
                (w * 0.7, -d * 0.5, 0.04),
                0.04,
                "legs",
                flat=True,
            )
    return k.finish()


# chair, stool, bench -----------------------------------------------------------------
@prop(
    "chair",
    family="furniture",
    words=("chair", "wooden chair", "seat", "dining chair"),
    about="A wooden chair with four legs, a seat and a slatted back.",
    paints={"body": "wood", "cushion": Paint(25, 0.12, 0.5)},
    main="body",
    draw=lambda r: {
        "width": r.uniform(0.42, 0.52),
        "seat": r.uniform(0.42, 0.48),
        "back": r.uniform(0.4, 0.55),
        "slats": int(r.integers(1, 4)),
        "cushion": bool(r.random() < 0.35),
    },
)
def chair(k: Kit) -> Model:
    p = k.p
    w, hs, hb = p["width"], p["seat"], p["back"]
    hw = w / 2
    k.slab("seat", (0, 0, hs - 0.025), (hw, hw, 0.025), "body")
    for i, (sx, sy) in enumerate(((-1, -1), (1, -1))):
        k.post(
            f"leg{i}", (sx * (hw - 0.03), sy * (hw - 0.03), 0), hs - 0.05, 0.025, "body", min_px=2
        )
    for i, sx in enumerate((-1, 1)):  # back legs run up into the back posts
        k.post(f"post{i}", (sx * (hw - 0.03), hw - 0.03, 0), hs + hb, 0.027, "body", min_px=2)
    n = int(p["slats"])
    for i in range(n):
        z = hs + hb * (0.95 - 0.26 * i)
        k.slab(f"slat{i}", (0, hw - 0.03, z - 0.04), (hw - 0.03, 0.014, 0.04), "body")
    if p["cushion"]:
        k.ball(
            "cushion",
            (0, -0.01, hs),
            (hw * 0.92, hw * 0.88, 0.05),
            "cushion",
            clips=((0, 0, -1, 0.0),),
        )
    if k.broken:
        k.b.remove("slat0", "post1")
        k.post("post1", (hw - 0.03, hw - 0.03, 0), hs + hb * 0.4, 0.027, "body", min_px=2)
    return k.finish()


@prop(
    "stool",
    family="furniture",
    words=("stool", "wooden stool", "bar stool", "milking stool"),
    about="A small round wooden stool on three splayed legs.",
    paints={"body": "wood", "legs": "dark wood"},
    main="body",
    draw=lambda r: {"radius": r.uniform(0.16, 0.22), "height": r.uniform(0.35, 0.6)},
)
def stool(k: Kit) -> Model:
    p = k.p
    r, h = p["radius"], p["height"]
    k.post("seat", (0, 0, h - 0.05), 0.05, r, "body")
    for i in range(3):
        a = 2 * math.pi * i / 3 + math.pi / 2
        foot = (r * 1.05 * math.cos(a), r * 1.05 * math.sin(a), 0)
        k.rod(
            f"leg{i}",
            foot,
            (r * 0.5 * math.cos(a), r * 0.5 * math.sin(a), h - 0.05),
            0.022,
            "legs",
            flat=True,
            min_px=2,
        )
    return k.finish()


@prop(
    "bench",
    family="furniture",
    words=("bench", "wooden bench", "park bench", "pew"),
    about="A long wooden bench of planks, with or without a backrest.",
    paints={"body": "wood", "legs": "iron"},
    main="body",
    draw=lambda r: {
        "length": r.uniform(1.1, 1.7),
        "depth": r.uniform(0.32, 0.42),
        "back": bool(r.random() < 0.5),
        "planks": int(r.integers(2, 4)),
    },
)
def bench(k: Kit) -> Model:
    p = k.p
    hl, hd, hs = p["length"] / 2, p["depth"] / 2, 0.45
    n = int(p["planks"])
    seams = [
        Band("legs", y=(-1 + 2 * i / n - 0.06, -1 + 2 * i / n + 0.06), detail=1)
        for i in range(1, n)
    ]
    k.slab("seat", (0, 0, hs - 0.025), (hl, hd, 0.025), "body", bands=seams)
    for i, sx in enumerate((-1, 1)):
        x = sx * (hl - 0.14)
        k.slab(f"leg{i}", (x, 0, (hs - 0.05) / 2), (0.025, hd * 0.9, (hs - 0.05) / 2), "legs")
        if p["back"]:
            k.slab(f"back_post{i}", (x, hd - 0.02, hs + 0.2), (0.025, 0.02, 0.22), "legs")
    if p["back"]:
        k.slab(
            "back",
            (0, hd - 0.02, hs + 0.3),
            (hl, 0.02, 0.09),
            "body",
            bands=[Band("legs", z=(-0.12, 0.12), detail=1)],
        )
    return k.finish()


# bed ---------------------------------------------------------------------------------
@prop(
    "bed",
    family="furniture",
    words=("bed", "wooden bed", "single bed", "inn bed", "cot"),
    about="A wooden bed with a headboard, a white sheet and pillow and a coloured blanket.",
    paints={"frame": "wood", "sheets": "linen", "blanket": Paint(255, 0.1, 0.5)},
    main="frame",
    draw=lambda r: {
        "width": r.uniform(0.9, 1.2),
        "length": r.uniform(1.9, 2.1),
        "head": r.uniform(0.45, 0.7),
        "cover": r.uniform(0.55, 0.7),
        "stripe": bool(r.random() < 0.5),
    },
)
def bed(k: Kit) -> Model:
    p = k.p
    hw, hl = p["width"] / 2, p["length"] / 2
    k.slab("frame", (0, 0, 0.2), (hw, hl, 0.1), "frame")
    for i, sy in enumerate((-1, 1)):
        tall = p["head"] if sy > 0 else p["head"] * 0.55
        k.slab(
            f"board{i}",
            (0, sy * (hl + 0.03), (0.3 + tall) / 2),
            (hw + 0.03, 0.035, (0.3 + tall) / 2),
            "frame",
            bands=[Band("frame", z=(0.7, 1.01)), *_edges(0.12, "frame", "xz")],
        )
    k.slab("mattress", (0, 0, 0.38), (hw - 0.03, hl - 0.02, 0.09), "sheets")
    k.ball("pillow", (0, hl - 0.25, 0.5), (hw * 0.7, 0.16, 0.08), "sheets")
    cover = p["cover"] * 2 * hl
    stripe = [Band("sheets", y=(0.55, 0.75))] if p["stripe"] else []
    k.slab(
        "blanket",
        (0, -hl + cover / 2 - 0.01, 0.39),
        (hw + 0.01, cover / 2, 0.095),
        "blanket",
        bands=[Band("sheets", y=(0.85, 1.01)), *stripe],
    )
    return k.finish()


# bookshelf, cupboard -----------------------------------------------------------------
@prop(
    "bookshelf",
    family="furniture",
    words=("bookshelf", "bookcase", "shelf", "book shelf", "library shelf"),
    about="A tall wooden bookshelf with rows of colourful books on its shelves.",
    paints={
        "body": "wood",
        "books": Paint(25, 0.13, 0.48),
        "books2": Paint(250, 0.1, 0.48),
        "books3": Paint(140, 0.08, 0.5),
    },
    main="body",
    conditions=("full", "empty"),
    draw=lambda r: {
        "width": r.uniform(0.8, 1.2),
        "height": r.uniform(1.5, 2.0),
        "shelves": int(r.integers(3, 5)),
        "fill": r.uniform(0.6, 0.95),
    },
)
def bookshelf(k: Kit) -> Model:
    p = k.p
    hw, hd, h = p["width"] / 2, 0.17, p["height"]
    t = 0.03
    n = int(p["shelves"])
    k.slab("back", (0, hd - t / 2, h / 2), (hw, t / 2, h / 2), "body")
    for i, sx in enumerate((-1, 1)):
        k.slab(f"side{i}", (sx * (hw - t / 2), 0, h / 2), (t / 2, hd, h / 2), "body")
    k.slab("top", (0, -0.01, h - t / 2), (hw + 0.02, hd + 0.02, t / 2), "body")
    k.slab("bottom", (0, 0, 0.06), (hw, hd, 0.06), "body")
    gap = (h - 0.12 - t) / n
    full = k.state("full", "empty", True)
    roles = ("books", "books2", "books3")
    for s in range(n):
        z0 = 0.12 + s * gap
        if s:
            k.slab(f"shelf{s}", (0, 0, z0 - t / 2), (hw - t, hd, t / 2), "body")
        if not full:
            continue
        x = -hw + t + 0.01
        j = 0
        while x < hw - t - 0.06:
            bw = k.uniform(0.04, 0.08)
            if k.rng.random() > p["fill"]:
                x += bw
                continue
            bh = gap * k.uniform(0.62, 0.86)
            lean = 0.0 if k.rng.random() > 0.12 else 14.0
            k.part(
                f"book{s}_{j}",
                box(bw / 2 - 0.004, hd * 0.8, bh / 2),
                roles[int(k.rng.integers(0, 3))],
                (x + bw / 2, -0.01, z0 + bh / 2),
                axes=frame(
                    (math.sin(math.radians(lean)), 0, math.cos(math.radians(lean))), (1, 0, 0)
                ),
                detail=0 if bw > 0.055 else 1,
            )
            x += bw
            j += 1
    return k.finish()


@prop(
    "cupboard",
    family="furniture",
    words=("cupboard", "wardrobe", "cabinet", "dresser", "closet", "armoire"),
    about="A tall wooden cupboard with two doors and round handles.",
    paints={"body": "wood", "doors": "light wood", "handles": "brass"},
    main="body",
    conditions=("open", "closed"),
    motions=("open",),
    draw=lambda r: {
        "width": r.uniform(0.8, 1.2),
        "height": r.uniform(1.2, 1.9),
        "depth": r.uniform(0.4, 0.55),
        "panels": int(r.integers(1, 3)),
    },
)
def cupboard(k: Kit) -> Model:
    p = k.p
    hw, h, hd = p["width"] / 2, p["height"], p["depth"] / 2
    is_open = k.state("open", "closed", False)
    k.slab(
        "body",
        (0, 0, h / 2 + 0.04),
        (hw, hd, h / 2 - 0.04),
        "body",
        clips=((0, -1, 0, hd - 0.004),),
        hollow=True,
    )
    k.slab("crown", (0, -0.01, h + 0.02), (hw + 0.04, hd + 0.03, 0.03), "body")
    k.slab("plinth", (0, -0.005, 0.04), (hw + 0.01, hd + 0.01, 0.04), "body")
    dh = h - 0.16
    panels = [
        Band("body", z=(-0.97, -0.93) if i == 0 else (0.0, 0.04), detail=1)
        for i in range(int(p["panels"]))
    ]
    edge = [*_edges(0.12, "body", "xz")]
    for side, sx in (("l", -1), ("r", 1)):
        j = k.joint(f"door_{side}", "base", (sx * hw, -hd, 0.08))
        k.slab(
            f"door_{side}",
            (-sx * hw / 2, -0.012, dh / 2),
            (hw / 2 - 0.005, 0.012, dh / 2),
            "doors",
            joint=j,
            bands=[*edge, *panels],
        )
        k.ball(
            f"handle_{side}",
            (-sx * (hw - 0.07), -0.03, dh * 0.55),
            (0.025,) * 3,
            "handles",
            joint=j,
            min_px=2,
        )
        k.hinge(j, (0.0, 0.0, -sx * 100.0), is_open)
    if is_open:
        for i in range(2):
            k.slab(
                f"inner_shelf{i}",
                (0, 0, 0.08 + dh * (0.35 + 0.33 * i)),
                (hw - 0.02, hd - 0.02, 0.015),
                "body",
            )
    return k.finish()


# throne, workbench, anvil ------------------------------------------------------------
@prop(
    "throne",
    family="furniture",
    words=("throne", "royal throne", "king's throne", "golden throne"),
    about="A royal throne with a tall pointed back, armrests, a red cushion and gold trim.",
    paints={"body": "gold", "cushion": Paint(22, 0.16, 0.46), "trim": "dark wood"},
    main="body",
    draw=lambda r: {
        "width": r.uniform(0.8, 1.0),
        "back": r.uniform(1.0, 1.5),
        "point": bool(r.random() < 0.6),
        "steps": int(r.integers(0, 2)),
    },
)
def throne(k: Kit) -> Model:
    p = k.p
    hw, hb = p["width"] / 2, p["back"]
    lift = 0.12 * p["steps"]
    if lift:
        k.slab("step", (0, -0.05, lift / 2), (hw + 0.15, hw + 0.2, lift / 2), "trim")
    hs = 0.5 + lift
    k.slab(
        "seat",
        (0, 0, (hs + lift) / 2),
        (hw, hw * 0.85, (hs - lift) / 2),
        "body",
        bands=[Band("trim", z=(-0.2, 0.2))],
    )
    k.ball(
        "cushion", (0, -0.04, hs), (hw * 0.8, hw * 0.7, 0.07), "cushion", clips=((0, 0, -1, 0.0),)
    )
    clips: tuple = ()
    if p["point"]:  # two cuts meeting at the top centre: a pointed back
        a, c = hw * 0.9, hb * 0.3
        n = math.hypot(a, c)
        clips = ((c / n, 0, a / n, a * hb / 2 / n), (-c / n, 0, a / n, a * hb / 2 / n))
    k.slab(
        "back",
        (0, hw * 0.85 - 0.06, hs + hb / 2),
        (hw * 0.9, 0.06, hb / 2),
        "body",
        clips=clips,
        bands=[Band("cushion", x=(-0.62, 0.62), z=(-0.8, 0.55), y=(-1.01, -0.5))],
    )
    for i, sx in enumerate((-1, 1)):
        k.slab(f"arm{i}", (sx * (hw + 0.04), -0.02, hs + 0.12), (0.06, hw * 0.85, 0.05), "body")
        k.slab(
            f"arm_post{i}", (sx * (hw + 0.04), -hw * 0.7, hs + 0.04), (0.045, 0.045, 0.08), "body"
        )
    return k.finish()


@prop(
    "workbench",
    family="furniture",
    words=("workbench", "work bench", "carpenter's bench", "crafting table", "work table"),
    about="A sturdy workbench with a thick top, a lower shelf, a vise and tools on it.",
    paints={"body": "light wood", "legs": "wood", "tools": "iron"},
    main="body",
    draw=lambda r: {
        "width": r.uniform(1.2, 1.7),
        "depth": r.uniform(0.6, 0.75),
        "tools": int(r.integers(1, 4)),
    },
)
def workbench(k: Kit) -> Model:
    p = k.p
    hw, hd, h = p["width"] / 2, p["depth"] / 2, 0.85
    k.slab(
        "top",
        (0, 0, h - 0.04),
        (hw, hd, 0.04),
        "body",
        bands=[Band("legs", y=(-0.05, 0.05), detail=1)],
    )
    _legs(k, hw - 0.07, hd - 0.07, h - 0.08, 0.045, "legs")
    k.slab("shelf", (0, 0, 0.2), (hw - 0.05, hd - 0.05, 0.02), "legs")
    k.slab("vise", (hw - 0.12, -hd - 0.03, h - 0.06), (0.08, 0.04, 0.07), "tools")
    n = int(p["tools"])
    spots = [(-hw * 0.5, -hd * 0.2), (0.0, hd * 0.3), (hw * 0.35, -hd * 0.25)]
    for i in range(n):
        x, y = spots[i]
        a = k.uniform(-0.6, 0.6)
        d = (math.cos(a) * 0.14, math.sin(a) * 0.14, 0)
        k.rod(
            f"handle{i}",
            (x - d[0], y - d[1], h + 0.015),
            (x + d[0], y + d[1], h + 0.015),
            0.015,
            "legs",
            flat=True,
            min_px=1,
        )
        k.slab(
            f"head{i}",
            (x + d[0], y + d[1], h + 0.03),
            (0.04, 0.025, 0.03),
            "tools",
            axes=frame((0, 0, 1), (math.cos(a + 1.57), math.sin(a + 1.57), 0)),
        )
    return k.finish()


@prop(
    "anvil",
    family="furniture",
    words=("anvil", "blacksmith anvil", "smithing anvil", "forge anvil"),
    about="A heavy iron blacksmith's anvil with a horn, set on a wooden stump.",
    paints={"body": Paint(255, 0.02, 0.44, "shiny"), "stand": "wood"},
    main="body",
    draw=lambda r: {
        "length": r.uniform(0.6, 0.8),
        "stump": bool(r.random() < 0.7),
        "horn": r.uniform(0.8, 1.0),
    },
)
def anvil(k: Kit) -> Model:
    p = k.p
    hl = p["length"] / 2
    z = 0.0
    if p["stump"]:
        k.post(
            "stand",
            (0, 0, 0),
            0.4,
            0.24,
            "stand",
            r1=0.21,
            bands=[Band("stand", z=(0.97, 1.01), x=(-0.5, 0.5), y=(-0.5, 0.5))],
        )
        z = 0.4
    k.slab("foot", (0, 0, z + 0.04), (hl * 0.55, 0.14, 0.04), "body")
    k.slab("waist", (0, 0, z + 0.14), (hl * 0.32, 0.08, 0.07), "body")
    k.slab("face", (-0.04, 0, z + 0.26), (hl * 0.7, 0.1, 0.06), "body")
    tip = hl * 0.7 - 0.04
    k.rod(
        "horn",
        (tip, 0, z + 0.27),
        (tip + hl * 0.55 * p["horn"], 0, z + 0.28),
        0.055,
        "body",
        r1=0.012,
        up=(0, 0, 1),
    )
    k.slab("heel", (-hl * 0.7 - 0.08, 0, z + 0.28), (0.06, 0.07, 0.04), "body")
    return k.finish()
