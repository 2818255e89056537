"""Sci-fi and industrial props: terminals, sci-fi crates, server racks, energy cells and
oil drums.

Hard-surface props read by their bevels and their lights: chamfers are clip planes
across a box's edges (a cut face takes its own tone under the light), panel seams are
thin bands, and status lights are a ``glow`` paint that ``unlit`` turns off.
"""

from __future__ import annotations

import math

from pixelkiln.engine.subjects.build import box
from pixelkiln.engine.subjects.model import Band, Model, Paint
from pixelkiln.engine.subjects.props.base import Kit, prop

_LIT = ("lit", "unlit")
PANEL = Paint(245, 0.015, 0.72, "shiny")
DARK = Paint(255, 0.02, 0.32)
CYAN = Paint(200, 0.12, 0.82, "glow")
OFF = Paint(230, 0.03, 0.3, "glass")


def _bevel(hx: float, hy: float, hz: float, c: float, top: bool = True) -> tuple:
    """Clip planes chamfering a box's vertical edges (and its top edges) by ``c``."""
    s = math.sqrt(0.5)
    out = [(sx * s, sy * s, 0.0, (hx + hy - c) * s) for sx in (-1, 1) for sy in (-1, 1)]
    if top:
        out += [(sx * s, 0.0, s, (hx + hz - c) * s) for sx in (-1, 1)]
        out += [(0.0, sy * s, s, (hy + hz - c) * s) for sy in (-1, 1)]
    return tuple(out)


def _light(k: Kit) -> str:
    return "lights" if k.state("lit", "unlit", True) else "off"


@prop(
    "terminal",
    family="scifi",
    words=(
        "terminal",
        "computer",
        "computer terminal",
        "console",
        "control panel",
        "computer console",
        "monitor",
        "workstation",
    ),
    about="A computer terminal: a console desk with a glowing screen and a keyboard.",
    paints={"body": PANEL, "trim": DARK, "lights": CYAN, "off": OFF},
    main="body",
    conditions=_LIT,
    draw=lambda r: {
        "width": r.uniform(0.7, 1.0),
        "screen": r.uniform(0.35, 0.5),
        "slant": r.uniform(15, 30),
        "lines": int(r.integers(2, 5)),
    },
)
def terminal(k: Kit) -> Model:
    p = k.p
    hw, hd, h = p["width"] / 2, 0.32, 0.8
    a = math.radians(p["slant"])
    # The desk's top slopes toward the viewer (a clip plane through its front top edge).
    k.slab(
        "desk",
        (0, 0, h / 2),
        (hw, hd, h / 2),
        "body",
        clips=((0, -math.sin(a), math.cos(a), h / 2 * math.cos(a) - hd * math.sin(a) * 0.4),),
        bands=[
            Band("trim", z=(-0.75, -0.62)),
            Band("trim", x=(-1.01, -0.93)),
            Band("trim", x=(0.93, 1.01)),
        ],
    )
    k.slab(
        "keys",
        (0, -hd * 0.35, h + 0.01 - hd * 0.35 * math.tan(a) * 0.3),
        (hw * 0.7, hd * 0.3, 0.02),
        "trim",
    )
    sh = p["screen"]
    glow = "lights" if k.state("lit", "unlit", True) else "off"
    n = int(p["lines"])
    text = (
        [
            Band(
                "trim",
                x=(-0.75, 0.5 - 0.4 * (i % 2)),
                z=(0.55 - 1.1 * i / max(n - 1, 1) - 0.09, 0.55 - 1.1 * i / max(n - 1, 1) + 0.09),
                y=(-1.01, -0.5),
                detail=1,
            )
            for i in range(n)
        ]
        if glow == "lights"
        else []
    )
    k.slab(
        "monitor",
        (0, hd * 0.35, h + sh / 2 + 0.06),
        (hw * 0.85, 0.08, sh / 2 + 0.04),
        "body",
        bands=[Band("trim", y=(0.9, 1.01))],
    )
    screen = [*text]
    if k.damaged:
        screen.append(Band("off", x=(0.1, 0.5), z=(-0.2, 0.6)))
    k.slab(
        "screen",
        (0, hd * 0.35 - 0.085, h + sh / 2 + 0.06),
        (hw * 0.72, 0.01, sh / 2 - 0.01),
        glow,
        bands=screen,
    )
    k.cracked = True
    return k.finish()


@prop(
    "sci-fi crate",
    family="scifi",
    words=(
        "sci-fi crate",
        "scifi crate",
        "cargo container",
        "supply container",
        "space crate",
        "metal crate",
        "futuristic crate",
        "loot box",
    ),
    about="A bevelled metal cargo crate with panel seams and glowing light strips.",
    paints={"body": PANEL, "trim": DARK, "lights": CYAN, "off": OFF},
    main="body",
    conditions=_LIT,
    draw=lambda r: {
        "size": r.uniform(0.6, 0.9),
        "long": r.uniform(1.0, 1.6),
        "tall": r.uniform(0.6, 0.9),
        "strips": int(r.integers(1, 3)),
    },
)
def scifi_crate(k: Kit) -> Model:
    p = k.p
    hx, hy = p["size"] * p["long"] / 2, p["size"] / 2
    hz = p["size"] * p["tall"] / 2
    c = min(hx, hy, hz) * 0.3
    lights = _light(k)
    bands = [Band("trim", z=(-1.01, -0.82)), Band("trim", x=(-0.04, 0.04), detail=1)]
    if p["strips"] == 1:
        bands.append(Band(lights, z=(0.05, 0.2), x=(-0.75, 0.75)))
    else:
        bands += [
            Band(lights, z=(0.05, 0.2), x=(-0.75, -0.2)),
            Band(lights, z=(0.05, 0.2), x=(0.2, 0.75)),
        ]
    k.part("body", box(hx, hy, hz, clips=_bevel(hx, hy, hz, c)), "body", (0, 0, hz), bands=bands)
    k.slab("lid_panel", (0, 0, 2 * hz), (hx - c * 1.2, hy - c * 1.2, 0.012), "trim")
    return k.finish()


@prop(
    "server rack",
    family="scifi",
    words=("server rack", "server", "mainframe", "computer rack", "data bank", "supercomputer"),
    about="A tall dark server rack with rows of drive slots and blinking status lights.",
    paints={
        "body": Paint(255, 0.02, 0.34, "shiny"),
        "trim": Paint(255, 0.015, 0.55),
        "lights": Paint(150, 0.16, 0.8, "glow"),
        "off": OFF,
    },
    main="body",
    conditions=_LIT,
    draw=lambda r: {
        "height": r.uniform(1.7, 2.2),
        "width": r.uniform(0.55, 0.75),
        "rows": int(r.integers(4, 8)),
    },
)
def server_rack(k: Kit) -> Model:
    p = k.p
    h, hw = p["height"], p["width"] / 2
    n = int(p["rows"])
    slots = [
        Band(
            "trim",
            z=(-0.9 + 1.8 * i / n, -0.9 + 1.8 * i / n + 0.9 / n),
            x=(-0.8, 0.8),
            y=(-1.01, -0.9),
        )
        for i in range(n)
    ]
    k.slab("rack", (0, 0, h / 2), (hw, 0.4, h / 2), "body", bands=slots)
    lights = _light(k)
    for i in range(n):
        z = h * (0.05 + 0.9 * (i + 0.75) / n)
        for j in range(2 if i % 2 else 1):
            k.ball(
                f"led{i}_{j}",
                (hw * (0.55 - 0.22 * j), -0.405, z),
                (0.02, 0.01, 0.015),
                lights,
                min_px=1.0,
            )
    return k.finish()


@prop(
    "energy cell",
    family="scifi",
    words=(
        "energy cell",
        "power cell",
        "battery",
        "fuel cell",
        "power core",
        "energy canister",
        "reactor core",
    ),
    about="A cylindrical power cell: a glowing energy tube between metal end caps.",
    paints={"body": PANEL, "lights": CYAN, "off": OFF},
    main="body",
    conditions=_LIT,
    draw=lambda r: {
        "radius": r.uniform(0.12, 0.18),
        "height": r.uniform(0.45, 0.7),
        "bars": int(r.integers(3, 5)),
    },
)
def energy_cell(k: Kit) -> Model:
    p = k.p
    r, h = p["radius"], p["height"]
    cap = h * 0.16
    k.post("foot", (0, 0, 0), cap, r * 1.15, "body", r1=r * 1.05)
    k.post(
        "core",
        (0, 0, cap),
        h - 2 * cap,
        r * 0.8,
        _light(k),
        bands=[Band("body", z=(0.48, 0.52), detail=1)],
    )
    k.post("top", (0, 0, h - cap), cap, r * 1.05, "body", r1=r * 0.8)
    n = int(p["bars"])
    for i in range(n):
        a = 2 * math.pi * i / n + 0.4
        k.post(
            f"bar{i}",
            (r * 0.9 * math.cos(a), r * 0.9 * math.sin(a), cap),
            h - 2 * cap,
            0.016,
            "body",
            min_px=1,
        )
    return k.finish()


@prop(
    "oil drum",
    family="scifi",
    words=(
        "oil drum",
        "metal barrel",
        "steel drum",
        "fuel barrel",
        "toxic barrel",
        "hazard barrel",
        "oil barrel",
    ),
    about="A steel oil drum with two rolled ridges and a painted hazard stripe.",
    paints={"body": Paint(28, 0.13, 0.5, "shiny"), "trim": Paint(95, 0.13, 0.82)},
    main="body",
    draw=lambda r: {
        "radius": r.uniform(0.26, 0.32),
        "height": r.uniform(0.8, 0.95),
        "stripe": bool(r.random() < 0.6),
    },
)
def oil_drum(k: Kit) -> Model:
    p = k.p
    r, h = p["radius"], p["height"]
    bands = [Band("body", z=(z - 0.02, z + 0.02)) for z in (0.33, 0.66)]
    if p["stripe"]:
        bands.append(Band("trim", z=(0.44, 0.56)))
    k.post("drum", (0, 0, 0), h, r, "body", bands=bands)
    for i, z in enumerate((h * 0.33, h * 0.66)):
        k.post(f"ridge{i}", (0, 0, z - 0.015), 0.03, r * 1.04, "body")
    k.post(
        "rim",
        (0, 0, h - 0.01),
        0.025,
        r * 0.98,
        "body",
        clips=((0, 0, 1, 0.02), (0, 0, -1, -0.004)),
        hollow=True,
    )
    k.ball("cap", (r * 0.5, r * 0.2, h), (r * 0.14, r * 0.14, 0.02), "trim", detail=1)
    return k.finish()
