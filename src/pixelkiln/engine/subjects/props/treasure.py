"""Treasure and small things: coins, coin piles, gems, treasure hoards, skulls, bones,
books and scrolls.

Pickups (a coin, a gem) stand upright and a little larger than life, so they read at
16-32 px and the ``spin`` motion (the root turning about the vertical) shows them edge
on and face on in turn. Hoards are a gold mound with coins tipped at seeded angles
over its surface, gems and a goblet from the held-item set. A book lies flat with its
upper half on a hinge along the spine at half its thickness: turned over by 180 degrees
that half lies on the ground beside the other, so ``open`` needs no other geometry.
"""

from __future__ import annotations

import math

import numpy as np

from pixelkiln.engine.subjects.build import frustum
from pixelkiln.engine.subjects.items import add_item
from pixelkiln.engine.subjects.model import Band, Model, Paint
from pixelkiln.engine.subjects.props.base import Kit, frame, mat, prop

GOLD = mat("gold")
GOLD_EDGE = Paint(70, 0.11, 0.58, "shiny")


def _coin(k: Kit, name: str, at, r: float, normal, role: str = "body", **kw) -> None:
    """A coin: a thin disc with a raised rim, its face along ``normal``."""
    n = np.asarray(normal, np.float64)
    n = n / np.linalg.norm(n)
    start = np.asarray(at, np.float64) - n * r * 0.09
    x = (1.0, 0.0, 0.0) if abs(n[0]) < 0.9 else (0.0, 0.0, 1.0)
    k.part(
        name,
        frustum(r * 0.18, r),
        role,
        tuple(start),
        axes=frame(n, x),
        bands=[Band("edge", r=(0.0, 0.55), detail=1), Band("edge", r=(0.86, 9.0))],
        min_px=1.0,
        **kw,
    )


@prop(
    "coin",
    family="treasure",
    words=("coin", "gold coin", "spinning coin", "coin pickup", "silver coin"),
    about="A single large gold coin standing on its edge, the kind a game spins.",
    paints={"body": GOLD, "edge": GOLD_EDGE},
    main="body",
    motions=("spin",),
    draw=lambda r: {"radius": r.uniform(0.1, 0.14)},
)
def coin(k: Kit) -> Model:
    r = k.p["radius"]
    _coin(k, "coin", (0, 0, r * 1.15), r, (0, -1, 0))
    k.info["spin"] = True
    return k.finish()


@prop(
    "coins",
    family="treasure",
    words=(
        "coins",
        "gold coins",
        "coin pile",
        "pile of coins",
        "coin stack",
        "money",
        "stack of coins",
    ),
    about="Stacks of gold coins with a few loose coins lying around them.",
    paints={"body": GOLD, "edge": GOLD_EDGE},
    main="body",
    draw=lambda r: {
        "stacks": int(r.integers(1, 4)),
        "tallest": int(r.integers(4, 9)),
        "loose": int(r.integers(1, 5)),
    },
)
def coins(k: Kit) -> Model:
    p = k.p
    r, t = 0.05, 0.013
    n = int(p["stacks"])
    spots = [(0.0, 0.0), (0.1, 0.03), (-0.05, 0.09)]
    for s in range(n):
        x, y = spots[s]
        count = max(2, int(p["tallest"]) - 2 * s)
        h = count * t
        seams = [
            Band("edge", z=(i / count - 0.1 / count, i / count + 0.1 / count), detail=1)
            for i in range(1, count)
        ]
        k.post(
            f"stack{s}",
            (x, y, 0),
            h,
            r,
            "body",
            bands=[*seams, Band("edge", r=(0.0, 0.5), z=(0.99, 1.01), detail=1)],
            group=f"stack{s}",
        )
    for i in range(int(p["loose"])):
        a = 1.3 + 2.1 * i
        d = 0.12 + 0.03 * (i % 2)
        _coin(
            k,
            f"loose{i}",
            (d * math.cos(a), d * math.sin(a), r * 0.2),
            r,
            (0.25 * math.cos(3 * a), 0.25 * math.sin(3 * a), 1.0),
            group=f"loose{i}",
        )
    return k.finish()


@prop(
    "gem",
    family="treasure",
    words=("gem", "gemstone", "jewel", "crystal gem", "big gem"),
    about="A large faceted gemstone floating on its point, glittering.",
    paints={"body": mat("ruby"), "glow": Paint(20, 0.15, 0.8, "glow")},
    main="body",
    motions=("spin", "pulse"),
    draw=lambda r: {"radius": r.uniform(0.1, 0.14), "crown": r.uniform(0.3, 0.5)},
)
def gem(k: Kit) -> Model:
    p = k.p
    r = p["radius"]
    crown = r * p["crown"]
    pavilion = r * 1.05
    lift = r * 0.45
    glow = k.joint("glow", "base", (0, 0, lift + pavilion))
    # A brilliant cut: a cone (pavilion) to the point and a short frustum crown with a flat
    # table; six-sided by the cut planes so the facets take separate tones (and change
    # as it spins: with eight, every 45 degree frame would look the same).
    cuts = tuple(
        (math.cos(a), math.sin(a), 0.0, r * 0.9)
        for a in np.linspace(0, 2 * math.pi, 6, endpoint=False)
    )
    k.post("pavilion", (0, 0, -pavilion), pavilion, 0.001, "body", r1=r, joint=glow, clips=cuts)
    k.post("crown", (0, 0, 0), crown, r, "body", r1=r * 0.6, joint=glow, clips=cuts)
    k.ball(
        "sparkle",
        (-r * 0.35, -r * 0.5, crown * 0.9),
        (r * 0.14,) * 3,
        "glow",
        joint=glow,
        min_px=1.0,
        detail=1,
        group="sparkle",
    )
    k.glow(glow)
    k.info["spin"] = True
    return k.finish()


@prop(
    "treasure pile",
    family="treasure",
    words=(
        "treasure pile",
        "treasure",
        "hoard",
        "treasure hoard",
        "pile of gold",
        "gold pile",
        "loot pile",
        "dragon hoard",
    ),
    about="A heaped pile of gold coins with gems and a golden goblet on top.",
    paints={
        "body": GOLD,
        "edge": GOLD_EDGE,
        "gems": mat("ruby"),
        "gems2": mat("sapphire"),
        "goblet_face": GOLD,
    },
    main="body",
    draw=lambda r: {
        "width": r.uniform(0.8, 1.3),
        "height": r.uniform(0.3, 0.5),
        "coins": int(r.integers(5, 10)),
        "gems": int(r.integers(1, 4)),
        "goblet": bool(r.random() < 0.6),
    },
)
def treasure_pile(k: Kit) -> Model:
    p = k.p
    hw, h = p["width"] / 2, p["height"]
    k.ball(
        "mound",
        (0, 0, 0),
        (hw, hw * 0.85, h),
        "body",
        clips=((0, 0, -1, 0.0),),
        bands=[Band("edge", z=(0.0, 0.12))],
    )
    k.ball(
        "mound2",
        (hw * 0.45, -hw * 0.25, 0),
        (hw * 0.55, hw * 0.5, h * 0.7),
        "body",
        clips=((0, 0, -1, 0.0),),
        group="mound2",
    )

    def surface(a: float, frac: float) -> tuple[np.ndarray, np.ndarray]:
        x, y = hw * frac * math.cos(a), hw * 0.85 * frac * math.sin(a)
        z = h * math.sqrt(max(0.0, 1 - frac * frac))
        n = np.array([x / hw**2, y / (hw * 0.85) ** 2, z / h**2])
        return np.array([x, y, z]), n / np.linalg.norm(n)

    for i in range(int(p["coins"])):
        at, n = surface(2.4 * i + 0.3, 0.25 + 0.6 * ((i * 0.618) % 1))
        _coin(
            k,
            f"coin{i}",
            tuple(at),
            0.06,
            n + np.array([0.3 * math.sin(i), 0.2, 0]),
            group=f"coin{i % 3}",
        )
    for i in range(int(p["gems"])):
        at, n = surface(1.1 + 2.2 * i, 0.55)
        k.ball(
            f"gem{i}",
            tuple(at),
            (0.05, 0.05, 0.06),
            "gems" if i % 2 == 0 else "gems2",
            clips=tuple((math.cos(a), math.sin(a), 0.3, 0.045) for a in (0, 2.1, 4.2)),
            group=f"gem{i}",
            min_px=2,
        )
    if p["goblet"]:
        holder = k.joint("goblet", "base", (-hw * 0.2, hw * 0.1, h * 0.9))
        add_item(k.b, "cup", holder, 1.0, prefix="goblet_", group="goblet")
    return k.finish()


# bones -------------------------------------------------------------------------------
def _skull(k: Kit, at, s: float, turn: float = 0.0, prefix: str = "") -> None:
    """A skull of size ``s`` (cranium radius) facing -Y turned by ``turn`` degrees."""
    j = k.joint(f"{prefix}skull", "base", at)
    k.b.rest[j] = (0.0, 0.0, turn)
    k.ball(
        f"{prefix}cranium",
        (0, s * 0.1, s * 1.05),
        (s * 0.82, s * 0.88, s * 0.82),
        "body",
        joint=j,
        group=f"{prefix}skull",
    )
    k.ball(
        f"{prefix}face",
        (0, -s * 0.42, s * 0.7),
        (s * 0.74, s * 0.62, s * 0.66),
        "body",
        joint=j,
        group=f"{prefix}skull",
        bands=[
            Band("sockets", x=(-0.8, -0.12), y=(-1.01, -0.45), z=(-0.05, 0.6)),
            Band("sockets", x=(0.12, 0.8), y=(-1.01, -0.45), z=(-0.05, 0.6)),
            Band("sockets", x=(-0.12, 0.12), y=(-1.01, -0.6), z=(-0.55, -0.2), detail=1),
        ],
    )
    k.slab(
        f"{prefix}jaw",
        (0, -s * 0.5, s * 0.2),
        (s * 0.48, s * 0.38, s * 0.2),
        "body",
        joint=j,
        group=f"{prefix}skull",
        bands=[Band("sockets", z=(0.6, 1.01), y=(-1.01, -0.85), x=(-0.8, 0.8), detail=1)],
    )


@prop(
    "skull",
    family="treasure",
    words=("skull", "human skull", "skull pile"),
    about="A bleached human skull with dark eye sockets.",
    paints={"body": mat("bone"), "sockets": Paint(50, 0.03, 0.22)},
    main="body",
    draw=lambda r: {"size": r.uniform(0.13, 0.17), "turn": r.uniform(-25, 25)},
)
def skull(k: Kit) -> Model:
    _skull(k, (0, 0, 0), k.p["size"], k.p["turn"])
    return k.finish()


def _bone(k: Kit, name: str, p0, p1, r: float) -> None:
    """A long bone: a shaft with two knobs at each end."""
    a, b = np.asarray(p0, np.float64), np.asarray(p1, np.float64)
    d = b - a
    side = np.cross(d, [0, 0, 1.0])
    side = side / max(np.linalg.norm(side), 1e-9) * r * 0.7
    k.rod(name, tuple(a), tuple(b), r * 0.55, "body", group=name)
    for e, end in enumerate((a, b)):
        for s in (-1, 1):
            k.ball(f"{name}_knob{e}{s}", tuple(end + s * side), (r,) * 3, "body", group=name)


@prop(
    "bones",
    family="treasure",
    words=("bones", "pile of bones", "bone pile", "skeleton remains", "remains"),
    about="A scattered pile of long bones with a skull among them.",
    paints={"body": mat("bone"), "sockets": Paint(50, 0.03, 0.22)},
    main="body",
    draw=lambda r: {"count": int(r.integers(2, 5)), "skull": bool(r.random() < 0.65)},
)
def bones(k: Kit) -> Model:
    n = int(k.p["count"])
    for i in range(n):
        a = 0.6 + i * 2.4 / n * 1.7
        ln = 0.42 if i % 2 == 0 else 0.3
        c = np.array([0.08 * math.cos(2.7 * i), 0.08 * math.sin(2.7 * i), 0.035 + 0.03 * i])
        d = np.array([math.cos(a), math.sin(a), 0.0]) * ln / 2
        _bone(k, f"bone{i}", c - d, c + d, 0.035)
    if k.p["skull"]:
        _skull(k, (0.2, -0.12, 0.0), 0.11, -20.0)
    return k.finish()


# books and scrolls ---------------------------------------------------------------------
@prop(
    "book",
    family="treasure",
    words=("book", "tome", "spellbook", "spell book", "grimoire", "open book", "old book"),
    about="A thick leather-bound book lying flat, closed or open showing its pages.",
    paints={
        "face": mat("leather"),
        "pages": mat("paper"),
        "writing": Paint(50, 0.04, 0.35),
        "trim": GOLD,
    },
    main="face",
    conditions=("open", "closed"),
    motions=("open",),
    draw=lambda r: {
        "width": r.uniform(0.26, 0.34),
        "length": r.uniform(0.34, 0.44),
        "thick": r.uniform(0.06, 0.1),
        "corners": bool(r.random() < 0.5),
    },
)
def book(k: Kit) -> Model:
    p = k.p
    w, ln, t = p["width"], p["length"], p["thick"]
    c = 0.012  # cover board
    is_open = k.state("open", "closed", False)
    corners = (
        [
            Band("trim", x=(sx * 0.75 - 0.25, sx * 0.75 + 0.25), y=(sy * 0.8 - 0.2, sy * 0.8 + 0.2))
            for sx in (-1, 1)
            for sy in (-1, 1)
        ]
        if p["corners"]
        else []
    )
    writing = [
        Band("writing", x=(-0.7, 0.6), y=(y - 0.05, y + 0.05), z=(0.9, 1.01), detail=1)
        for y in (0.5, 0.2, -0.1, -0.4)
    ]
    half = t / 2
    # The lower half on the base: cover board, then half the pages, writing on top.
    k.slab(
        "lower_cover", (0, 0, c / 2), (w / 2 + 0.008, ln / 2 + 0.008, c / 2), "face", bands=corners
    )
    k.slab(
        "lower_pages",
        (-0.004, 0, (half + c) / 2),
        (w / 2 - 0.006, ln / 2 - 0.008, (half - c) / 2),
        "pages",
        bands=writing,
    )
    k.slab("spine", (-w / 2 - 0.004, 0, half), (0.008, ln / 2 + 0.008, half), "face")
    hinge = k.joint("cover", "base", (-w / 2, 0, half))
    # The upper half, built in the hinge frame below and above z = 0: cover on top.
    k.slab(
        "upper_pages",
        (w / 2 - 0.004, 0, (half - c) / 2),
        (w / 2 - 0.006, ln / 2 - 0.008, (half - c) / 2),
        "pages",
        joint=hinge,
        bands=[
            Band("writing", x=(-0.6, 0.7), y=(y - 0.05, y + 0.05), z=(-1.01, -0.9), detail=1)
            for y in (0.5, 0.2, -0.1, -0.4)
        ],
    )
    k.slab(
        "upper_cover",
        (w / 2, 0, half - c / 2),
        (w / 2 + 0.008, ln / 2 + 0.008, c / 2),
        "face",
        joint=hinge,
        bands=[*corners, Band("trim", x=(-0.3, 0.3), y=(-0.3, 0.3), z=(0.9, 1.01), detail=1)],
    )
    k.hinge(hinge, (0.0, -180.0, 0.0), is_open)
    return k.finish()


@prop(
    "scroll",
    family="treasure",
    words=("scroll", "map", "rolled scroll", "treasure map", "open scroll"),
    about="A parchment scroll, rolled and tied with a ribbon or spread open with writing.",
    paints={
        "pages": mat("parchment"),
        "rim": Paint(20, 0.13, 0.45),
        "writing": Paint(50, 0.04, 0.35),
    },
    main="pages",
    conditions=("open", "closed"),
    draw=lambda r: {"length": r.uniform(0.4, 0.6), "lines": int(r.integers(2, 5))},
)
def scroll(k: Kit) -> Model:
    p = k.p
    ln = p["length"]
    r = 0.045
    if k.state("open", "closed", False):
        sheet = ln * 0.9
        n = int(p["lines"])
        lines = [
            Band(
                "writing",
                x=(-0.7, 0.7 - 0.3 * (i == n - 1)),
                y=(0.6 - 1.2 * i / max(n - 1, 1) - 0.07, 0.6 - 1.2 * i / max(n - 1, 1) + 0.07),
                z=(0.5, 1.01),
                detail=1,
            )
            for i in range(n)
        ]
        k.slab("sheet", (0, 0, 0.006), (ln / 2 - 0.02, sheet / 2, 0.006), "pages", bands=lines)
        for i, sy in enumerate((-1, 1)):
            k.post(
                f"roll{i}",
                (-ln / 2, sy * sheet / 2, r),
                ln,
                r,
                "pages",
                axes=frame((1, 0, 0), (0, 0, 1)),
                bands=[Band("rim", r=(0.0, 0.45))],
                group=f"roll{i}",
            )
    else:
        k.post(
            "roll",
            (-ln / 2, 0, r * 1.2),
            ln,
            r * 1.2,
            "pages",
            axes=frame((1, 0, 0), (0, 0, 1)),
            bands=[Band("rim", z=(0.44, 0.56)), Band("rim", r=(0.0, 0.35))],
        )
        k.slab("ribbon", (0.02, -r * 1.25, r * 0.4), (0.02, 0.008, r * 0.6), "rim")
    return k.finish()
