"""Nature: trees, bushes, rocks, crystals, mushrooms, cacti, logs, stumps, hay, pumpkins
and flowers.

Tree crowns are clusters of ellipsoids arranged symmetrically about the trunk (a top
cluster, a ring around the middle, a few under it), so a tree reads the same from all
eight directions and crowns tile into forests without gaps (SUBJECTS.md §6). Each
cluster is its own outline group: where one cluster passes in front of another the
renderer draws a line in the leaves' line shade, which is what turns a blob into
foliage. Trunks carry a ``trunk`` joint and crowns a ``crown`` joint above it, so the
``sway`` motion bends the tree from the ground with the crown lagging.

Rocks and crystals are ellipsoids and prisms cut by a few seeded planes: flat facets
take one tone each under the single light, which is how stone reads at small sizes.
"""

from __future__ import annotations

import math

import numpy as np

from pixelkiln.engine.subjects.build import box, capsule, ellipsoid, frustum
from pixelkiln.engine.subjects.model import Band, Model, Paint
from pixelkiln.engine.subjects.props.base import Kit, frame, prop

LEAVES = Paint(140, 0.12, 0.52)
BARK = Paint(55, 0.06, 0.42)


def _trunk(
    k: Kit,
    height: float,
    r0: float,
    r1: float,
    role: str = "trunk",
    roots: int = 3,
    bands: tuple = (),
) -> str:
    """A trunk joint at the ground, the trunk on it, flared roots; returns the joint."""
    trunk = k.joint("trunk", "base", (0, 0, 0))
    k.post("trunk", (0, 0, 0), height, r0, role, r1=r1, joint=trunk, bands=bands, min_px=2)
    for i in range(roots):
        a = 2 * math.pi * i / roots + 0.5
        k.rod(
            f"root{i}",
            (0, 0, r0 * 1.6),
            (r0 * 1.9 * math.cos(a), r0 * 1.9 * math.sin(a), 0.0),
            r0 * 0.55,
            role,
            r1=r0 * 0.3,
            joint=trunk,
        )
    k.sway(trunk)
    return trunk


def _crown(
    k: Kit,
    joint: str,
    radius: float,
    tall: float,
    ring: int,
    role: str = "leaves",
    lobes: float = 0.55,
    tilt: float = 0.0,
) -> None:
    """A round symmetric crown of clusters about the ``joint`` (the crown's centre)."""
    rz = radius * tall
    k.ball(
        "crown",
        (0, 0, 0),
        (radius * 0.8, radius * 0.8, rz * 0.82),
        role,
        joint=joint,
        group="crown",
    )
    k.ball(
        "crown_top",
        (0, 0, rz * 0.48),
        (radius * lobes, radius * lobes, rz * lobes * 0.95),
        role,
        joint=joint,
        group="crown_top",
    )
    for i in range(ring):
        a = 2 * math.pi * i / ring + tilt
        r = radius * lobes * 0.85
        at = (radius * 0.55 * math.cos(a), radius * 0.55 * math.sin(a), rz * 0.05)
        k.ball(
            f"cluster{i}", at, (r, r, r * tall * 0.95), role, joint=joint, group=f"cluster{i % 3}"
        )
    for i in range(ring):
        a = 2 * math.pi * (i + 0.5) / ring + tilt
        r = radius * lobes * 0.62
        at = (radius * 0.52 * math.cos(a), radius * 0.52 * math.sin(a), -rz * 0.42)
        k.ball(f"under{i}", at, (r, r, r * tall * 0.85), role, joint=joint, group=f"under{i % 2}")


# round trees -------------------------------------------------------------------------
def _round_tree(k: Kit, leaves: str = "leaves", fruit: bool = False) -> Model:
    p = k.p
    h, cr = p["height"], p["crown"] * p["height"]
    trunk_h = h - cr * p["tall"] * 1.55
    _trunk(k, trunk_h + cr * 0.3, p["girth"], p["girth"] * 0.7, roots=int(p["roots"]))
    crown = k.joint("crown", "trunk", (0, 0, trunk_h + cr * p["tall"] * 0.78))
    k.sway(crown)
    _crown(k, crown, cr, p["tall"], int(p["clusters"]), leaves, lobes=p["lobes"])
    if fruit:
        n = int(p["fruit"])
        for i in range(n):
            a = 2 * math.pi * i / n + 0.3
            z = cr * p["tall"] * (0.25 - 0.5 * (i % 2))
            rr = cr * (0.98 if i % 2 else 0.9)
            k.ball(
                f"fruit{i}",
                (rr * math.cos(a), rr * math.sin(a), z),
                (cr * 0.13,) * 3,
                "fruit",
                joint=crown,
                group="fruit",
                min_px=2,
            )
    return k.finish()


def _round_params(r: np.random.Generator) -> dict:
    return {
        "height": r.uniform(3.2, 5.5),
        "crown": r.uniform(0.3, 0.38),
        "tall": r.uniform(0.82, 1.02),
        "girth": r.uniform(0.14, 0.24),
        "clusters": int(r.integers(5, 8)),
        "lobes": r.uniform(0.5, 0.62),
        "roots": int(r.integers(0, 4)),
        "fruit": int(r.integers(5, 9)),
    }


@prop(
    "tree",
    family="nature",
    words=("tree", "oak tree", "round tree", "leafy tree", "deciduous tree", "maple"),
    about="A round leafy oak tree: a brown trunk under a full symmetric crown of foliage.",
    paints={"trunk": BARK, "leaves": LEAVES},
    main="leaves",
    motions=("sway",),
    draw=_round_params,
    common=("snowy", "burning"),
)
def tree(k: Kit) -> Model:
    return _round_tree(k)


@prop(
    "fruit tree",
    family="nature",
    words=("fruit tree", "apple tree", "orange tree", "cherry tree", "orchard tree"),
    about="A round fruit tree with red apples hanging in its green crown.",
    paints={"trunk": BARK, "leaves": Paint(135, 0.13, 0.56), "fruit": Paint(27, 0.17, 0.56)},
    main="leaves",
    motions=("sway",),
    draw=_round_params,
    common=("snowy", "burning"),
)
def fruit_tree(k: Kit) -> Model:
    return _round_tree(k, fruit=True)


@prop(
    "blossom tree",
    family="nature",
    words=(
        "blossom tree",
        "cherry blossom",
        "sakura",
        "sakura tree",
        "pink tree",
        "flowering tree",
    ),
    about="A cherry blossom tree with a dark trunk and a round crown of pink flowers.",
    paints={"trunk": Paint(30, 0.05, 0.34), "leaves": Paint(350, 0.1, 0.8)},
    main="leaves",
    motions=("sway",),
    draw=_round_params,
    common=("snowy", "burning"),
)
def blossom_tree(k: Kit) -> Model:
    return _round_tree(k)


@prop(
    "birch",
    family="nature",
    words=("birch", "birch tree", "white tree", "aspen", "silver birch"),
    about="A slender birch tree with a white trunk marked by dark bands and a light crown.",
    paints={
        "trunk": Paint(95, 0.012, 0.88),
        "marks": Paint(60, 0.02, 0.3),
        "leaves": Paint(128, 0.13, 0.66),
    },
    main="leaves",
    motions=("sway",),
    draw=lambda r: {
        "height": r.uniform(4.0, 6.0),
        "crown": r.uniform(0.2, 0.26),
        "tall": r.uniform(1.3, 1.7),
        "marks": int(r.integers(3, 6)),
    },
    common=("snowy", "burning"),
)
def birch(k: Kit) -> Model:
    p = k.p
    h, cr, tall = p["height"], p["crown"] * p["height"], p["tall"]
    crown_h = cr * tall * 1.8
    marks = [
        Band(
            "marks",
            z=(0.08 + 0.8 * i / p["marks"], 0.14 + 0.8 * i / p["marks"]),
            x=(-1.1, 0.1 + 0.5 * (i % 2)),
        )
        for i in range(int(p["marks"]))
    ]
    _trunk(k, h - crown_h * 0.5, 0.14, 0.09, roots=0, bands=tuple(marks))
    crown = k.joint("crown", "trunk", (0, 0, h - crown_h * 0.5))
    k.sway(crown)
    _crown(k, crown, cr, tall, 5, lobes=0.55)
    return k.finish()


@prop(
    "pine",
    family="nature",
    words=(
        "pine",
        "pine tree",
        "fir",
        "fir tree",
        "spruce",
        "conifer",
        "evergreen",
        "christmas tree",
    ),
    about="A tall conical pine tree of stacked dark green tiers on a short brown trunk.",
    paints={"trunk": BARK, "leaves": Paint(160, 0.09, 0.42)},
    main="leaves",
    motions=("sway",),
    draw=lambda r: {
        "height": r.uniform(3.5, 6.0),
        "width": r.uniform(0.32, 0.42),
        "tiers": int(r.integers(3, 6)),
        "droop": r.uniform(0.15, 0.35),
    },
    common=("snowy", "burning"),
)
def pine(k: Kit) -> Model:
    p = k.p
    h, w, n = p["height"], p["width"] * p["height"], int(p["tiers"])
    trunk_h = h * 0.2
    _trunk(k, trunk_h + 0.2, w * 0.11, w * 0.09, roots=0)
    crown = k.joint("crown", "trunk", (0, 0, trunk_h))
    k.sway(crown)
    span = h - trunk_h
    step = span / (n + 0.6)
    for i in range(n):
        frac = 1.0 - i / n
        # Each tier flares well past the one above, so the steps read as branches.
        r0 = w * (0.28 + 0.72 * frac)
        tier_h = step * 1.45
        z = i * step
        k.post(
            f"tier{i}",
            (0, 0, z),
            tier_h,
            r0,
            "leaves",
            r1=r0 * p["droop"] * 0.3,
            joint=crown,
            group=f"tier{i % 2}",
        )
    k.post(
        "tip",
        (0, 0, n * step),
        span - n * step,
        w * 0.28,
        "leaves",
        r1=0.0,
        joint=crown,
        group=f"tier{n % 2}",
    )
    return k.finish()


@prop(
    "palm",
    family="nature",
    words=("palm", "palm tree", "coconut tree", "tropical tree"),
    about="A palm tree with a curved ringed trunk, drooping fronds and coconuts.",
    paints={
        "trunk": Paint(70, 0.06, 0.55),
        "leaves": Paint(138, 0.14, 0.55),
        "fruit": Paint(55, 0.07, 0.36),
    },
    main="leaves",
    motions=("sway",),
    draw=lambda r: {
        "height": r.uniform(3.5, 5.0),
        "lean": r.uniform(-14, 14),
        "fronds": int(r.integers(6, 9)),
        "coconuts": int(r.integers(0, 4)),
    },
    common=("snowy", "burning"),
)
def palm(k: Kit) -> Model:
    p = k.p
    h = p["height"]
    segs = 4
    seg = h * 0.88 / segs
    parent = k.joint("trunk", "base", (0, 0, 0))
    k.sway(parent)
    lean = p["lean"]
    for i in range(segs):
        j = parent if i == 0 else k.joint(f"trunk{i}", parent, (0, 0, seg))
        if i:
            k.b.rest[j] = (0.0, lean / segs * 1.5, 0.0)
        r = 0.13 - 0.016 * i
        k.post(
            f"trunk{i}",
            (0, 0, 0),
            seg * 1.04,
            r,
            "trunk",
            r1=r * 0.88,
            joint=j,
            min_px=2,
            bands=[Band("fruit", z=(0.45, 0.55), detail=1)],
        )
        parent = j
    crown = k.joint("crown", parent, (0, 0, seg))
    k.sway(crown)
    n = int(p["fronds"])
    flen = h * 0.3
    for i in range(n):
        a = 2 * math.pi * i / n + 0.2
        out = np.array([math.cos(a), math.sin(a), 0.0])
        mid = out * flen * 0.5 + np.array([0, 0, flen * 0.18])
        end = out * flen * 1.0 + np.array([0, 0, -flen * 0.35])
        for s, (p0, p1, w) in enumerate(((np.zeros(3), mid, 0.6), (mid, end, 0.45))):
            v = p1 - p0
            length = float(np.linalg.norm(v))
            side = np.cross(v, [0, 0, 1.0])
            k.part(
                f"frond{i}_{s}",
                ellipsoid(length * 0.3 * w * 1.2, 0.03, length * 0.62),
                "leaves",
                tuple((p0 + p1) / 2),
                joint=crown,
                axes=frame(v, side),
                group=f"frond{i % 2}",
            )
    for i in range(int(p["coconuts"])):
        a = 2 * math.pi * i / 3 + 1.0
        k.ball(
            f"coconut{i}",
            (0.12 * math.cos(a), 0.12 * math.sin(a), -0.08),
            (0.08,) * 3,
            "fruit",
            joint=crown,
        )
    return k.finish()


@prop(
    "dead tree",
    family="nature",
    words=(
        "dead tree",
        "bare tree",
        "leafless tree",
        "spooky tree",
        "withered tree",
        "gnarled tree",
    ),
    about="A dead leafless tree with a grey gnarled trunk and bare forking branches.",
    paints={"trunk": Paint(50, 0.03, 0.45)},
    main="trunk",
    motions=("sway",),
    draw=lambda r: {
        "height": r.uniform(2.8, 4.5),
        "branches": int(r.integers(3, 6)),
        "spread": r.uniform(0.45, 0.75),
        "twist": r.uniform(0, 6.28),
    },
    common=("snowy", "burning"),
)
def dead_tree(k: Kit) -> Model:
    p = k.p
    h = p["height"]
    base_r = h * 0.05
    trunk_h = h * 0.55
    _trunk(k, trunk_h, base_r, base_r * 0.6, roots=3)
    crown = k.joint("crown", "trunk", (0, 0, trunk_h))
    k.sway(crown)
    n = int(p["branches"])
    for i in range(n):
        a = p["twist"] + 2 * math.pi * i / n + k.uniform(-0.3, 0.3)
        up = k.uniform(0.7, 1.1)
        ln = h * k.uniform(0.25, 0.38)
        z0 = -trunk_h * 0.2 * (i % 2)
        tip = np.array([math.cos(a) * ln * p["spread"], math.sin(a) * ln * p["spread"], ln * up])
        twig = tip + np.array([0.0, 0.0, z0])
        k.rod(
            f"branch{i}",
            (0, 0, z0),
            tuple(twig),
            base_r * 0.55,
            "trunk",
            r1=base_r * 0.25,
            joint=crown,
            group=f"branch{i % 2}",
        )
        for s in (-1, 1):
            b = a + s * 0.6
            end = twig + np.array([math.cos(b) * ln * 0.4, math.sin(b) * ln * 0.4, ln * 0.3])
            k.rod(
                f"twig{i}_{s}",
                tuple(twig),
                tuple(end),
                base_r * 0.24,
                "trunk",
                r1=base_r * 0.1,
                joint=crown,
                group=f"branch{i % 2}",
                min_px=1,
            )
    k.rod("top", (0, 0, 0), (0, 0, h * 0.38), base_r * 0.6, "trunk", r1=base_r * 0.2, joint=crown)
    return k.finish()


@prop(
    "willow",
    family="nature",
    words=("willow", "willow tree", "weeping willow"),
    about="A weeping willow with a wide dome crown and long curtains of drooping leaves.",
    paints={"trunk": BARK, "leaves": Paint(125, 0.1, 0.6)},
    main="leaves",
    motions=("sway",),
    draw=lambda r: {
        "height": r.uniform(3.5, 5.0),
        "width": r.uniform(0.4, 0.5),
        "curtains": int(r.integers(10, 15)),
        "drop": r.uniform(0.55, 0.75),
    },
    common=("snowy", "burning"),
)
def willow(k: Kit) -> Model:
    p = k.p
    h, w = p["height"], p["width"] * p["height"]
    trunk_h = h * 0.62
    _trunk(k, trunk_h, h * 0.05, h * 0.035, roots=3)
    crown = k.joint("crown", "trunk", (0, 0, trunk_h))
    k.sway(crown)
    k.ball("crown", (0, 0, 0), (w * 0.7, w * 0.7, h * 0.26), "leaves", joint=crown, group="crown")
    k.ball(
        "crown_top",
        (0, 0, h * 0.14),
        (w * 0.42, w * 0.42, h * 0.16),
        "leaves",
        joint=crown,
        group="crown_top",
    )
    n = int(p["curtains"])
    drop = trunk_h * p["drop"]
    for i in range(n):
        a = 2 * math.pi * i / n
        rr = w * (0.66 if i % 2 else 0.56)
        length = drop * (1.0 if i % 2 else 0.82)
        # A frond hangs from the crown's rim, thinning to a point near the ground.
        k.part(
            f"curtain{i}",
            capsule(length, w * 0.05, w * 0.11),
            "leaves",
            (rr * math.cos(a), rr * math.sin(a), -length - h * 0.02),
            joint=crown,
            group=f"curtain{i % 3}",
        )
    return k.finish()


# bushes, flowers, mushrooms, cacti -------------------------------------------------------
@prop(
    "bush",
    family="nature",
    words=("bush", "shrub", "hedge", "berry bush", "shrubbery", "thicket"),
    about="A round leafy green bush of clustered foliage, sometimes with red berries.",
    paints={"leaves": Paint(138, 0.12, 0.5), "berries": Paint(22, 0.17, 0.52)},
    main="leaves",
    motions=("sway",),
    draw=lambda r: {
        "width": r.uniform(0.8, 1.3),
        "height": r.uniform(0.55, 0.8),
        "clusters": int(r.integers(4, 7)),
        "berries": int(r.integers(0, 7)),
    },
    common=("snowy", "burning"),
)
def bush(k: Kit) -> Model:
    p = k.p
    w, h = p["width"], p["height"]
    crown = k.joint("crown", "base", (0, 0, 0))
    k.sway(crown)
    k.ball(
        "core",
        (0, 0, h * 0.45),
        (w * 0.38, w * 0.38, h * 0.5),
        "leaves",
        joint=crown,
        clips=((0, 0, -1, h * 0.45),),
        group="core",
    )
    n = int(p["clusters"])
    for i in range(n):
        a = 2 * math.pi * i / n + 0.4
        r = w * 0.24
        k.ball(
            f"cluster{i}",
            (w * 0.28 * math.cos(a), w * 0.28 * math.sin(a), h * 0.35),
            (r, r, h * 0.34),
            "leaves",
            joint=crown,
            group=f"cluster{i % 3}",
            clips=((0, 0, -1, h * 0.35),),
        )
    for i in range(int(p["berries"])):
        a = 2.4 * i
        z = h * (0.35 + 0.35 * ((i * 0.37) % 1))
        rr = w * 0.46 * math.sqrt(max(0.0, 1 - ((z - h * 0.4) / (h * 0.55)) ** 2))
        k.ball(
            f"berry{i}",
            (rr * math.cos(a), rr * math.sin(a), z),
            (0.035,) * 3,
            "berries",
            joint=crown,
            group="berries",
            min_px=2,
        )
    return k.finish()


@prop(
    "flowers",
    family="nature",
    words=("flowers", "flower", "flower patch", "tulips", "daisies", "wildflowers", "roses"),
    about="A small patch of flowers on green stems with bright petals.",
    paints={
        "petals": Paint(350, 0.15, 0.68),
        "leaves": Paint(140, 0.12, 0.5),
        "centre": Paint(90, 0.14, 0.82),
    },
    main="petals",
    motions=("sway",),
    draw=lambda r: {"count": int(r.integers(3, 7)), "height": r.uniform(0.25, 0.45)},
    common=("snowy", "burning"),
)
def flowers(k: Kit) -> Model:
    p = k.p
    n, h = int(p["count"]), p["height"]
    crown = k.joint("crown", "base", (0, 0, 0))
    k.sway(crown)
    k.ball("leaves", (0, 0, 0), (0.2, 0.2, 0.08), "leaves", clips=((0, 0, -1, 0.0),), joint=crown)
    for i in range(n):
        a = 2.4 * i
        rr = 0.12 * math.sqrt(i / max(n - 1, 1)) if n > 1 else 0.0
        hh = h * k.uniform(0.75, 1.0)
        top = (rr * math.cos(a) * 1.3, rr * math.sin(a) * 1.3, hh)
        k.rod(
            f"stem{i}",
            (rr * math.cos(a), rr * math.sin(a), 0),
            top,
            0.008,
            "leaves",
            joint=crown,
            min_px=1,
        )
        k.ball(
            f"bloom{i}",
            top,
            (0.05, 0.05, 0.03),
            "petals",
            joint=crown,
            min_px=2,
            group=f"bloom{i % 2}",
        )
        k.ball(
            f"eye{i}",
            (top[0], top[1], top[2] + 0.02),
            (0.018,) * 3,
            "centre",
            joint=crown,
            detail=1,
            group=f"bloom{i % 2}",
        )
    return k.finish()


@prop(
    "mushroom",
    family="nature",
    words=("mushroom", "mushrooms", "toadstool", "fly agaric", "giant mushroom", "fungus"),
    about="Red-capped toadstool mushrooms with white spots on pale stems.",
    paints={
        "cap": Paint(25, 0.17, 0.54),
        "stem": Paint(85, 0.03, 0.88),
        "spots": Paint(95, 0.02, 0.95),
    },
    main="cap",
    draw=lambda r: {
        "count": int(r.integers(1, 4)),
        "size": r.uniform(0.25, 0.45),
        "dome": r.uniform(0.45, 0.8),
        "spots": int(r.integers(3, 7)),
    },
    common=("snowy", "burning"),
)
def mushroom(k: Kit) -> Model:
    p = k.p
    n, s = int(p["count"]), p["size"]
    spots = [(0.0, 0.0, 1.0), (s * 0.75, -s * 0.3, 0.6), (-s * 0.65, s * 0.35, 0.5)]
    for m, (x, y, scale) in enumerate(spots[:n]):
        hh, cr = s * scale, s * scale * 0.55
        k.post(f"stem{m}", (x, y, 0), hh, cr * 0.38, "stem", r1=cr * 0.3, min_px=2)
        cz = hh * 0.92
        rz = cr * p["dome"]
        k.ball(
            f"cap{m}",
            (x, y, cz),
            (cr, cr, rz),
            "cap",
            clips=((0, 0, -1, rz * 0.15),),
            group=f"cap{m}",
        )
        for i in range(int(p["spots"]) if m == 0 else 2):
            a = 2.3 * i + m
            el = 0.5 + 0.35 * ((i * 0.61) % 1)
            pos = (
                x + cr * math.cos(a) * math.cos(el),
                y + cr * math.sin(a) * math.cos(el),
                cz + rz * math.sin(el),
            )
            k.ball(
                f"spot{m}_{i}",
                pos,
                (cr * 0.17, cr * 0.17, cr * 0.1),
                "spots",
                group=f"cap{m}",
                detail=0 if i < 3 else 1,
                min_px=2,
            )
    return k.finish()


@prop(
    "cactus",
    family="nature",
    words=("cactus", "saguaro", "desert cactus", "cacti", "barrel cactus"),
    about="A green desert cactus: a ribbed column with upturned arms, or a round barrel.",
    paints={
        "body": Paint(145, 0.11, 0.55),
        "ribs": Paint(150, 0.1, 0.4),
        "flower": Paint(350, 0.15, 0.7),
    },
    main="body",
    motions=("sway",),
    draw=lambda r: {
        "height": r.uniform(1.4, 2.4),
        "arms": int(r.integers(0, 3)),
        "barrel": bool(r.random() < 0.25),
        "flower": bool(r.random() < 0.4),
    },
    common=("snowy", "burning"),
)
def cactus(k: Kit) -> Model:
    p = k.p
    trunk = k.joint("trunk", "base", (0, 0, 0))
    k.sway(trunk)
    ribs = [Band("ribs", x=(x - 0.07, x + 0.07), detail=1) for x in (-0.5, 0.0, 0.5)]
    if p["barrel"]:
        h = p["height"] * 0.35
        k.ball(
            "body",
            (0, 0, h * 0.5),
            (h * 0.45, h * 0.45, h * 0.55),
            "body",
            joint=trunk,
            clips=((0, 0, -1, h * 0.5),),
            bands=ribs,
        )
        top = h * 1.02
    else:
        h = p["height"]
        r = h * 0.09
        k.part(
            "body",
            capsule(h - r, r, r * 0.92),
            "body",
            (0, 0, 0),
            joint=trunk,
            bands=[Band("ribs", x=(-0.08, 0.08), detail=1)],
        )
        for i in range(int(p["arms"])):
            sx = -1 if i == 0 else 1
            z = h * (0.35 + 0.15 * i)
            out = r * 2.6
            ar = r * 0.7
            k.rod(
                f"arm{i}",
                (0, 0, z),
                (sx * out, 0, z + ar * 0.3),
                ar,
                "body",
                joint=trunk,
                group=f"arm{i}",
            )
            k.rod(
                f"arm{i}_up",
                (sx * out, 0, z + ar * 0.3),
                (sx * out, 0, z + h * 0.3),
                ar,
                "body",
                joint=trunk,
                group=f"arm{i}",
            )
        top = h
    if p["flower"]:
        k.ball("flower", (0, 0, top), (0.07, 0.07, 0.05), "flower", joint=trunk, min_px=2)
    return k.finish()


# rocks and crystals ------------------------------------------------------------------
def _facets(k: Kit, n: int, rz: float) -> tuple:
    """``n`` seeded planes cutting an ellipsoid into a faceted stone (plus the ground)."""
    planes = [(0.0, 0.0, -1.0, rz * 0.55)]
    for i in range(n):
        a = 2 * math.pi * i / n + k.uniform(-0.4, 0.4)
        el = k.uniform(0.15, 0.9)
        nrm = (math.cos(a) * math.cos(el), math.sin(a) * math.cos(el), math.sin(el))
        planes.append((*nrm, k.uniform(0.72, 0.85)))
    return tuple(planes)


@prop(
    "rock",
    family="nature",
    words=("rock", "boulder", "rocks", "pebble", "big rock"),
    about="A grey faceted boulder, sometimes with smaller stones beside it and moss on top.",
    paints={"body": "stone", "moss": "moss"},
    main="body",
    draw=lambda r: {
        "width": r.uniform(0.7, 1.3),
        "height": r.uniform(0.45, 0.8),
        "facets": int(r.integers(4, 8)),
        "pebbles": int(r.integers(0, 3)),
        "moss": bool(r.random() < 0.3),
    },
)
def rock(k: Kit) -> Model:
    p = k.p
    w, h = p["width"], p["height"] * p["width"]
    rz = h / 1.55
    rx, ry = w / 2, w / 2 * k.uniform(0.75, 0.95)
    planes = _facets(k, int(p["facets"]), 1.0)
    # Facet planes are given for a unit sphere: scale each into the ellipsoid's frame.
    scaled = []
    for nx, ny, nz, d in planes:
        n = np.array([nx / rx, ny / ry, nz / rz])
        ln = float(np.linalg.norm(n))
        scaled.append((*(n / ln), d / ln))
    moss = [Band("moss", z=(0.62, 1.01))] if p["moss"] else []
    k.ball("body", (0, 0, rz * 0.55), (rx, ry, rz), "body", clips=tuple(scaled), bands=moss)
    for i in range(int(p["pebbles"])):
        a = 2.2 + 2.4 * i
        s = w * 0.16
        k.ball(
            f"pebble{i}",
            (rx * 1.05 * math.cos(a), ry * 1.05 * math.sin(a), 0),
            (s, s * 0.85, s * 0.8),
            "body",
            clips=((0, 0, -1, 0.0),),
            group=f"pebble{i}",
        )
    return k.finish()


def _shard(
    k: Kit, name: str, joint: str, at, length: float, r: float, lean, role: str, group: str
) -> None:
    """A square crystal prism with a pyramid tip, leaning along ``lean``."""
    tip = length * 0.28
    hz = length / 2
    s = math.hypot(r, tip)
    clips = tuple(
        (sx * tip / s, sy * tip / s, r / s, (hz) * r / s)
        for sx, sy in ((1, 0), (-1, 0), (0, 1), (0, -1))
    )
    lean_v = np.array(lean, np.float64)
    centre = np.asarray(at, np.float64) + lean_v / np.linalg.norm(lean_v) * (hz - tip * 0.2)
    k.part(
        name,
        box(r, r, hz, clips=clips),
        role,
        tuple(centre),
        joint=joint,
        axes=frame(lean_v, (1, 1, 0) if abs(lean_v[2]) > 0.5 else (0, 0, 1)),
        group=group,
    )


@prop(
    "crystal",
    family="nature",
    words=("crystal", "crystals", "crystal cluster", "magic crystal", "geode", "ore crystal"),
    about="A cluster of glowing pointed crystal shards growing from a rock.",
    paints={
        "body": Paint(300, 0.14, 0.66, "glass"),
        "base": "stone",
        "glow": Paint(305, 0.14, 0.82, "glow"),
    },
    main="body",
    motions=("pulse",),
    draw=lambda r: {
        "height": r.uniform(0.7, 1.2),
        "shards": int(r.integers(3, 6)),
        "spread": r.uniform(18, 34),
        "rock": bool(r.random() < 0.7),
    },
)
def crystal(k: Kit) -> Model:
    p = k.p
    h = p["height"]
    if p["rock"]:
        k.ball("base", (0, 0, 0), (h * 0.42, h * 0.36, h * 0.16), "base", clips=((0, 0, -1, 0.0),))
    # The shards hang on a hover joint (``pulse`` lifts them a pixel off the rock) and
    # the glowing core on its own joint inside them (``pulse`` tilts it in and out).
    cluster = k.hover("cluster", "base", (0, 0, 0)) if p["rock"] else "base"
    core = k.joint("core", cluster, (0, 0, h * 0.22))
    k.glow(core)
    k.ball(
        "core", (0, -h * 0.05, 0), (h * 0.1, h * 0.22, h * 0.1), "glow", joint=core, group="core"
    )
    _shard(k, "shard0", cluster, (0, 0, h * 0.05), h * 0.95, h * 0.11, (0, 0, 1), "body", "s0")
    n = int(p["shards"]) - 1
    for i in range(n):
        a = 2 * math.pi * i / n + 0.5
        tilt = math.radians(p["spread"] + 10 * (i % 2))
        lean = (math.sin(tilt) * math.cos(a), math.sin(tilt) * math.sin(a), math.cos(tilt))
        _shard(
            k,
            f"shard{i + 1}",
            cluster,
            (math.cos(a) * h * 0.12, math.sin(a) * h * 0.12, 0),
            h * (0.62 - 0.12 * (i % 2)),
            h * 0.075,
            lean,
            "body",
            f"s{1 + i % 2}",
        )
    return k.finish()


# wood and harvest ----------------------------------------------------------------------
@prop(
    "log",
    family="nature",
    words=("log", "fallen log", "tree trunk", "firewood", "logs"),
    about="A fallen log lying on its side, bark outside and pale rings on the cut ends.",
    paints={"bark": BARK, "wood": "light wood", "moss": "moss"},
    main="bark",
    draw=lambda r: {
        "length": r.uniform(1.0, 1.6),
        "radius": r.uniform(0.14, 0.22),
        "stub": bool(r.random() < 0.5),
        "moss": bool(r.random() < 0.3),
    },
)
def log(k: Kit) -> Model:
    p = k.p
    ln, r = p["length"], p["radius"]
    bands = [
        Band("wood", z=(-0.01, 0.006)),
        Band("wood", z=(0.994, 1.01)),
        Band("bark", z=(-0.01, 0.006), x=(-0.25, 0.25), y=(-0.25, 0.25)),
        Band("bark", z=(0.994, 1.01), x=(-0.25, 0.25), y=(-0.25, 0.25)),
    ]
    if p["moss"]:
        bands.append(Band("moss", x=(0.55, 1.01), z=(0.2, 0.6)))
    k.part(
        "log",
        frustum(ln, r, r * 0.92),
        "bark",
        (-ln / 2, 0, r),
        axes=frame((1, 0, 0), (0, 0, 1)),
        bands=bands,
    )
    if p["stub"]:
        k.rod(
            "stub",
            (ln * 0.15, 0, r * 1.6),
            (ln * 0.25, -r * 0.3, r * 2.4),
            r * 0.3,
            "bark",
            r1=r * 0.22,
            flat=True,
        )
    return k.finish()


@prop(
    "stump",
    family="nature",
    words=("stump", "tree stump", "chopping block", "cut tree"),
    about="A cut tree stump with spreading roots and pale rings on its flat top.",
    paints={"bark": BARK, "wood": "light wood"},
    main="bark",
    draw=lambda r: {
        "radius": r.uniform(0.22, 0.34),
        "height": r.uniform(0.25, 0.5),
        "roots": int(r.integers(3, 6)),
    },
)
def stump(k: Kit) -> Model:
    p = k.p
    r, h = p["radius"], p["height"]
    k.post(
        "stump",
        (0, 0, 0),
        h,
        r * 1.08,
        "bark",
        r1=r,
        bands=[
            Band("wood", z=(0.985, 1.01)),
            Band("bark", z=(0.985, 1.01), x=(-0.3, 0.3), y=(-0.3, 0.3), detail=1),
        ],
    )
    for i in range(int(p["roots"])):
        a = 2 * math.pi * i / p["roots"] + 0.3
        k.rod(
            f"root{i}",
            (0, 0, h * 0.5),
            (r * 1.7 * math.cos(a), r * 1.7 * math.sin(a), 0.0),
            r * 0.32,
            "bark",
            r1=r * 0.14,
        )
    return k.finish()


@prop(
    "hay bale",
    family="nature",
    words=("hay bale", "hay", "straw bale", "haystack", "bale of hay", "hay stack"),
    about="A golden bale of straw tied with two ropes, square or rolled.",
    paints={"body": "straw", "rope": Paint(60, 0.06, 0.45)},
    main="body",
    draw=lambda r: {
        "length": r.uniform(0.8, 1.1),
        "round": bool(r.random() < 0.35),
        "tall": r.uniform(0.45, 0.6),
    },
)
def hay_bale(k: Kit) -> Model:
    p = k.p
    ln = p["length"]
    if p["round"]:
        r = ln * 0.5
        bands = [
            Band("rope", z=(-0.01, 0.01), x=(-0.7, 0.7), y=(-0.05, 0.05), detail=1),
            Band("rope", z=(0.99, 1.01), x=(-0.7, 0.7), y=(-0.05, 0.05), detail=1),
            Band("rope", z=(0.3, 0.36)),
            Band("rope", z=(0.64, 0.7)),
        ]
        k.post(
            "body",
            (-ln * 0.55, 0, r),
            ln * 1.1,
            r,
            "body",
            axes=frame((1, 0, 0), (0, 0, 1)),
            bands=bands,
        )
    else:
        hz = ln * p["tall"] / 2
        k.slab(
            "body",
            (0, 0, hz),
            (ln / 2, ln * 0.3, hz),
            "body",
            bands=[Band("rope", x=(-0.55, -0.45)), Band("rope", x=(0.45, 0.55))],
        )
    return k.finish()


@prop(
    "pumpkin",
    family="nature",
    words=("pumpkin", "pumpkins", "gourd", "jack-o-lantern", "squash"),
    about="A round orange pumpkin of ribbed lobes with a green stem.",
    paints={"body": Paint(58, 0.15, 0.66), "stem": Paint(125, 0.08, 0.42)},
    main="body",
    draw=lambda r: {
        "radius": r.uniform(0.22, 0.34),
        "squash": r.uniform(0.6, 0.8),
        "lobes": int(r.integers(5, 8)),
    },
)
def pumpkin(k: Kit) -> Model:
    p = k.p
    r, sq = p["radius"], p["squash"]
    n = int(p["lobes"])
    k.ball("core", (0, 0, r * sq), (r * 0.8, r * 0.8, r * sq), "body", group="core")
    for i in range(n):
        a = 2 * math.pi * i / n
        k.ball(
            f"lobe{i}",
            (r * 0.38 * math.cos(a), r * 0.38 * math.sin(a), r * sq),
            (r * 0.55, r * 0.55, r * sq * 0.98),
            "body",
            group=f"lobe{i % 2}",
        )
    k.rod("stem", (0, 0, r * sq * 1.8), (r * 0.15, 0, r * sq * 2.2), r * 0.1, "stem", flat=True)
    return k.finish()
