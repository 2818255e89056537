"""Lights: torches, lanterns, lamps, street lamps, candles, campfires and braziers.

A light is ``lit`` by default: its flame parts are present and glowing (a ``glow`` paint
lights itself, no shadow side), and glass panes or a lampshade take the warm ``light``
paint; ``unlit`` removes the flames and turns the panes back to glass. Flames sit on
joint chains (see :meth:`.base.Kit.flame`) so the ``flicker`` motion can sway them.
"""

from __future__ import annotations

import math

from pixelkiln.engine.subjects.items import add_item
from pixelkiln.engine.subjects.model import Band, Model, Paint
from pixelkiln.engine.subjects.props.base import Kit, mat, prop
from pixelkiln.engine.subjects.props.displays import item_span

_LIT = ("lit", "unlit")
LIGHT = Paint(88, 0.12, 0.88, "glow")
GLASS = Paint(215, 0.04, 0.7, "glass")


def _lit(k: Kit) -> bool:
    return k.state("lit", "unlit", True)


def _pane(k: Kit) -> str:
    """The role glass takes: glowing ``light`` when lit, plain ``glass`` when not."""
    return "light" if _lit(k) else "glass"


# torch -------------------------------------------------------------------------------
@prop(
    "torch",
    family="lights",
    words=("torch", "standing torch", "tiki torch", "burning torch", "wooden torch"),
    about="A wooden torch standing upright with a wrapped head and a burning flame.",
    paints={"haft": "wood", "cloth": Paint(60, 0.04, 0.4), "flame": "fire", "base": "stone"},
    main="haft",
    conditions=_LIT,
    motions=("flicker",),
    draw=lambda r: {"height": r.uniform(0.9, 1.3), "stand": bool(r.random() < 0.5)},
    common=("snowy", "burning"),
)
def torch(k: Kit) -> Model:
    """The held torch of :mod:`..items` scaled up and planted; its still flame is
    replaced by a flickering one (or none when unlit)."""
    p = k.p
    lo, hi, _ = item_span("torch")
    unit = p["height"] / (hi - lo)
    top = 0.0
    if p["stand"]:
        k.ball("stand", (0, 0, 0), (0.18, 0.16, 0.1), "base", clips=((0, 0, -1, 0.0),))
        top = 0.06
    holder = k.joint("item", "base", (0, 0, 0))
    add_item(k.b, "torch", holder, unit, origin=(0, 0, top - lo * unit), group="item")
    flame = k.b.find("flame")
    k.b.remove("flame")
    if _lit(k) and flame is not None:
        tip = flame.origin[2]
        k.flame("base", (0, 0, tip - 0.02 * unit), 0.09 * unit, tongues=2)
    return k.finish()


# lantern -----------------------------------------------------------------------------
@prop(
    "lantern",
    family="lights",
    words=("lantern", "oil lantern", "hanging lantern", "lamp lantern", "camp lantern"),
    about="A metal lantern with a glass body glowing warm light, a cap and a ring handle.",
    paints={"body": Paint(255, 0.02, 0.36, "shiny"), "light": LIGHT, "glass": GLASS},
    main="body",
    conditions=_LIT,
    draw=lambda r: {
        "height": r.uniform(0.32, 0.45),
        "width": r.uniform(0.16, 0.22),
        "round": bool(r.random() < 0.45),
    },
)
def lantern(k: Kit) -> Model:
    p = k.p
    h, hw = p["height"], p["width"] / 2
    body = h * 0.55
    k.post("base", (0, 0, 0), h * 0.08, hw * 1.1, "body", sx=1, sy=1)
    glow = k.joint("glow", "base", (0, 0, h * 0.08))
    if p["round"]:
        k.post("glass", (0, 0, 0), body, hw * 0.85, _pane(k), r1=hw * 0.7, joint=glow)
    else:
        k.slab("glass", (0, 0, body / 2), (hw * 0.8, hw * 0.8, body / 2), _pane(k), joint=glow)
    for i in range(4):
        a = math.pi / 4 + i * math.pi / 2
        x, y = math.cos(a) * hw * 1.05, math.sin(a) * hw * 1.05
        k.post(f"bar{i}", (x, y, h * 0.08), body, 0.012, "body", min_px=1)
    top = h * 0.08 + body
    k.post("cap", (0, 0, top), h * 0.22, hw * 1.15, "body", r1=hw * 0.25)
    k.rod("ring0", (-hw * 0.4, 0, top + h * 0.2), (0, 0, top + h * 0.37), 0.01, "body")
    k.rod("ring1", (hw * 0.4, 0, top + h * 0.2), (0, 0, top + h * 0.37), 0.01, "body")
    return k.finish()


# lamp, oil lamp, street lamp -----------------------------------------------------------
@prop(
    "lamp",
    family="lights",
    words=("lamp", "table lamp", "floor lamp", "lampshade", "desk lamp"),
    about="A lamp on a brass stand with a cloth lampshade glowing when lit.",
    paints={"body": "brass", "shade": Paint(70, 0.06, 0.6), "light": LIGHT},
    main="shade",
    conditions=_LIT,
    draw=lambda r: {
        "height": r.uniform(0.5, 1.5),
        "shade": r.uniform(0.16, 0.24),
        "flare": r.uniform(1.3, 1.8),
    },
    common=("snowy", "burning"),
)
def lamp(k: Kit) -> Model:
    p = k.p
    h, s = p["height"], p["shade"]
    k.post("foot", (0, 0, 0), 0.04, s * 0.8, "body", r1=s * 0.6)
    k.post("stem", (0, 0, 0.04), h - s * 1.3, 0.018, "body", min_px=2)
    sh = s * 1.25
    role = "light" if _lit(k) else "shade"
    k.post(
        "shade",
        (0, 0, h - sh),
        sh,
        s * p["flare"] * 0.6,
        role,
        r1=s * 0.55,
        bands=[Band("shade", z=(0.9, 1.01)), Band("shade", z=(-0.01, 0.08))],
    )
    return k.finish()


@prop(
    "oil lamp",
    family="lights",
    words=("oil lamp", "genie lamp", "magic lamp", "clay lamp", "aladdin lamp"),
    about="A small brass oil lamp with a long spout and a little flame at its tip.",
    paints={"body": "brass", "flame": "fire"},
    main="body",
    conditions=_LIT,
    motions=("flicker", "spin"),
    draw=lambda r: {"length": r.uniform(0.24, 0.32), "spout": r.uniform(0.8, 1.2)},
    common=("snowy", "burning"),
)
def oil_lamp(k: Kit) -> Model:
    p = k.p
    hl = p["length"] / 2
    k.post("foot", (0, 0, 0), 0.025, hl * 0.35, "body", r1=hl * 0.3)
    k.ball("body", (0, 0, 0.07), (hl * 0.6, hl * 0.45, 0.05), "body")
    k.ball("lid", (0, 0, 0.11), (hl * 0.25, hl * 0.25, 0.03), "body")
    tip = (hl * (0.95 + 0.3 * p["spout"]), 0, 0.12)
    k.rod("spout", (hl * 0.3, 0, 0.07), tip, 0.03, "body", r1=0.012, up=(0, 0, 1))
    k.rod("handle", (-hl * 0.5, 0, 0.09), (-hl * 1.05, 0, 0.11), 0.014, "body", up=(0, 0, 1))
    if _lit(k):
        k.flame("base", (tip[0], 0, tip[2]), 0.035)
    k.info["spin"] = True
    return k.finish()


@prop(
    "street lamp",
    family="lights",
    words=("street lamp", "lamp post", "lamppost", "streetlight", "street light", "gas lamp"),
    about="A tall iron street lamp post with a glowing glass lantern at the top.",
    paints={"body": Paint(250, 0.025, 0.32, "shiny"), "light": LIGHT, "glass": GLASS},
    main="body",
    conditions=_LIT,
    draw=lambda r: {
        "height": r.uniform(2.2, 2.7),
        "arm": bool(r.random() < 0.4),
        "head": r.uniform(0.26, 0.33),
    },
)
def street_lamp(k: Kit) -> Model:
    p = k.p
    h, s = p["height"], p["head"]
    k.post("plinth", (0, 0, 0), 0.3, 0.13, "body", r1=0.08)
    k.post("pole", (0, 0, 0.3), h - 0.3 - s * 2.2, 0.055, "body", r1=0.045, min_px=2)
    top = h - s * 2.2
    x = 0.0
    if p["arm"]:
        x = 0.45
        k.rod("arm", (0, 0, top - 0.05), (x, 0, top + 0.05), 0.025, "body", up=(0, 0, 1))
        k.post("hook", (x, 0, top - 0.1), 0.15, 0.015, "body")
        top -= s * 1.2
    glow = k.joint("glow", "base", (x, 0, top))
    k.post("socket", (0, 0, 0), s * 0.3, s * 0.4, "body", r1=s * 0.5, joint=glow)
    k.post(
        "glass", (0, 0, s * 0.3), s * 1.2, s * 0.62, _pane(k), r1=s * 0.8, sx=1, sy=1, joint=glow
    )
    k.post("cap", (0, 0, s * 1.5), s * 0.5, s * 1.0, "body", r1=s * 0.15, joint=glow)
    return k.finish()


# candle ------------------------------------------------------------------------------
@prop(
    "candle",
    family="lights",
    words=("candle", "candles", "candlestick", "candelabra", "wax candle"),
    about="Wax candles on a brass holder, each with a small flickering flame.",
    paints={"body": Paint(95, 0.03, 0.9), "holder": "brass", "flame": "fire"},
    main="body",
    conditions=_LIT,
    motions=("flicker",),
    draw=lambda r: {"count": int(r.integers(1, 4)), "height": r.uniform(0.1, 0.22)},
    common=("snowy", "burning"),
)
def candle(k: Kit) -> Model:
    p = k.p
    n, h = int(p["count"]), p["height"]
    k.post("dish", (0, 0, 0), 0.02, 0.09 + 0.03 * (n > 1), "holder", r1=0.1 + 0.03 * (n > 1))
    spots = [(0.0, 0.0)] if n == 1 else [(-0.05, 0.02), (0.05, -0.02), (0.0, 0.05)][:n]
    lit = _lit(k)
    for i, (x, y) in enumerate(spots):
        hh = h * (1.0 - 0.22 * i)
        k.post(f"candle{i}", (x, y, 0.02), hh, 0.026, "body", min_px=2)
        if lit:
            k.flame("base", (x, y, 0.02 + hh + 0.004), 0.034)
    if n == 1:
        k.rod("loop", (0.1, 0, 0.01), (0.15, 0, 0.045), 0.012, "holder", up=(0, 0, 1))
    return k.finish()


# campfire, brazier ---------------------------------------------------------------------
@prop(
    "campfire",
    family="lights",
    words=("campfire", "camp fire", "bonfire", "fire pit", "firepit", "fire"),
    about="A campfire of crossed logs inside a ring of stones, burning with big flames.",
    paints={"logs": "wood", "stones": "stone", "flame": "fire", "ash": Paint(40, 0.02, 0.3)},
    main="logs",
    conditions=_LIT,
    motions=("flicker",),
    draw=lambda r: {
        "radius": r.uniform(0.42, 0.6),
        "stones": int(r.integers(7, 11)),
        "logs": int(r.integers(3, 5)),
        "teepee": bool(r.random() < 0.5),
    },
    common=("snowy", "burning"),
)
def campfire(k: Kit) -> Model:
    p = k.p
    r = p["radius"]
    n = int(p["stones"])
    for i in range(n):
        a = 2 * math.pi * i / n + k.uniform(-0.12, 0.12)
        s = r * k.uniform(0.2, 0.26)
        k.ball(
            f"stone{i}",
            (r * math.cos(a), r * math.sin(a), 0),
            (s, s * 0.85, s * 0.7),
            "stones",
            clips=((0, 0, -1, 0.0),),
        )
    m = int(p["logs"])
    for i in range(m):
        a = 2 * math.pi * i / m + 0.4
        out = (r * 0.72 * math.cos(a), r * 0.72 * math.sin(a), 0.05)
        top = (0.0, 0.0, r * 0.65) if p["teepee"] else (-out[0] * 0.4, -out[1] * 0.4, 0.1)
        k.rod(f"log{i}", out, top, r * 0.09, "logs", flat=True, bands=[Band("ash", z=(0.75, 1.01))])
    if k.state("lit", "unlit", True):
        k.flame("base", (0, 0, r * 0.05), r * 0.7, tongues=4)
    else:
        k.ball("ash", (0, 0, 0), (r * 0.55, r * 0.55, r * 0.12), "ash", clips=((0, 0, -1, 0.0),))
    return k.finish()


@prop(
    "brazier",
    family="lights",
    words=("brazier", "fire bowl", "fire basket", "iron brazier"),
    about="An iron fire bowl on three legs holding burning coals.",
    paints={"body": Paint(250, 0.02, 0.34, "shiny"), "flame": "fire", "coals": mat("rust")},
    main="body",
    conditions=_LIT,
    motions=("flicker",),
    draw=lambda r: {"radius": r.uniform(0.25, 0.35), "height": r.uniform(0.6, 1.0)},
    common=("snowy", "burning"),
)
def brazier(k: Kit) -> Model:
    p = k.p
    r, h = p["radius"], p["height"]
    bowl = r * 0.8
    k.post(
        "bowl",
        (0, 0, h - bowl),
        bowl,
        r * 0.55,
        "body",
        r1=r,
        clips=((0, 0, 1, bowl - 0.004),),
        hollow=True,
        bands=[Band("coals", z=(0.75, 0.86))],
    )
    k.ball("coals", (0, 0, h - 0.04), (r * 0.9, r * 0.9, 0.06), "coals")
    for i in range(3):
        a = 2 * math.pi * i / 3 + math.pi / 2
        k.rod(
            f"leg{i}",
            (r * 0.8 * math.cos(a), r * 0.8 * math.sin(a), 0),
            (r * 0.45 * math.cos(a), r * 0.45 * math.sin(a), h - bowl * 0.6),
            0.022,
            "body",
            flat=True,
            min_px=2,
        )
    if _lit(k):
        k.flame("base", (0, 0, h - 0.04), r * 0.75, tongues=3)
    return k.finish()
