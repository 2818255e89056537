"""Item props: the held items of :mod:`pixelkiln.engine.subjects.items`, displayed.

A sword prop and a sword in a knight's hand are the same geometry: each kind here calls
:func:`~pixelkiln.engine.subjects.items.add_item` and only decides how the item stands
on its own - planted point-down in a rock or a mound, stuck in a stump, standing on its
butt, leaning on its rim, lying on a cushion, or floating as a pickup - and what it
stands on. The item's span along its own axis is measured once from its parts, so it
touches the ground (or sinks into its base) exactly, whatever the items module draws.

Roles are the item's own (``blade``, ``guard``, ``grip``; ``haft``; ``face``, ``rim``...)
plus ``base`` for what it stands on.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from pixelkiln.engine.subjects.build import Builder
from pixelkiln.engine.subjects.items import ITEMS, add_item, item_roles
from pixelkiln.engine.subjects.model import Band, Model, Paint
from pixelkiln.engine.subjects.props.base import Kit, _support, frame, mat, prop

_UPRIGHT = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
_DOWN = frame((0, 0, -1), (1, 0, 0))


@lru_cache(maxsize=64)
def item_span(kind: str) -> tuple[float, float, float]:
    """(lowest, highest) point of an item along its own Z, and its half width, in metres."""
    b = Builder("prop", "scratch")
    b.joint("j", None, (0.0, 0.0, 0.0))
    add_item(b, kind, "j", 1.0)
    lo, hi, wide = 0.0, 0.0, 0.0
    for p in b.parts:
        rot = p.axes_matrix
        c = np.asarray(p.origin, np.float64)
        hi = max(hi, _support(p.shape, rot, c, np.array([0.0, 0.0, 1.0])))
        lo = min(lo, -_support(p.shape, rot, c, np.array([0.0, 0.0, -1.0])))
        wide = max(wide, _support(p.shape, rot, c, np.array([1.0, 0.0, 0.0])))
    return lo, hi, wide


@dataclass(frozen=True)
class Display:
    """How an item stands: ``mode`` and what it stands on (``base``, a material)."""

    mode: str  # planted, upright, leaning, stump, cushion, floating, head, bow
    base: str | None = None  # rock, mound, stump, cushion, stand or None
    sink: float = 0.0  # share of the item's length pushed into its base
    tilt: float = 0.0  # degrees the item leans (planted blades, shields on their rim)


_BASES: dict[str, Paint] = {
    "rock": Paint(70, 0.03, 0.52),  # a warm grey, apart from a steel blade
    "mound": Paint(55, 0.05, 0.42),
    "stump": mat("wood"),
    "cushion": Paint(20, 0.15, 0.45),
    "stand": mat("dark wood"),
}


def _base(k: Kit, kind: str, size: float) -> float:
    """Build the display base; returns the height its top surface sits at."""
    if kind == "rock":
        k.ball(
            "base",
            (0, 0, 0),
            (size, size * 0.85, size * 0.6),
            "base",
            clips=(
                (0, 0, -1, 0.0),
                (0.5, -0.4, 0.77, size * 0.45),
                (-0.55, 0.3, 0.78, size * 0.42),
            ),
        )
        return size * 0.45
    if kind == "mound":
        k.ball("base", (0, 0, 0), (size, size * 0.9, size * 0.3), "base", clips=((0, 0, -1, 0),))
        return size * 0.28
    if kind == "stump":
        k.post(
            "base",
            (0, 0, 0),
            size * 0.9,
            size * 0.75,
            "base",
            r1=size * 0.68,
            bands=[Band("base", z=(0.97, 1.01), r=(0.0, 0.6), detail=1)],
        )
        return size * 0.9
    if kind == "cushion":
        k.ball(
            "base",
            (0, 0, size * 0.2),
            (size, size * 0.7, size * 0.22),
            "base",
            clips=((0, 0, -1, size * 0.2),),
        )
        return size * 0.38
    if kind == "stand":
        k.post("base", (0, 0, 0), size * 0.12, size * 0.6, "base", r1=size * 0.5)
        return size * 0.12
    return 0.0


def _display(k: Kit, item: str, how: Display) -> Model:
    lo, hi, wide = item_span(item)
    length = hi - lo
    base_size = max(wide * 1.6, length * (0.3 if how.base == "rock" else 0.18))
    top = _base(k, how.base, base_size) if how.base else 0.0
    holder = k.joint("item", "base", (0, 0, 0))
    t = math.radians(how.tilt)
    if how.mode in ("planted", "stump", "head"):
        # Point (or head) down, pushed ``sink`` of its length into the base.
        down = np.array([math.sin(t), 0.0, -math.cos(t)])
        axes = frame(tuple(down), (math.cos(t), 0.0, math.sin(t)))
        # The far end lands on the base's centre, ``sink`` of the length inside it.
        tip = np.array([0.0, 0.0, top]) + down * how.sink * length
        origin = tuple(tip - down * hi)
    elif how.mode == "cushion":  # lying across the cushion, its width standing up
        d = (math.cos(0.5), math.sin(0.5), 0.0)
        axes = frame(d, (0, 0, 1))
        mid = (lo + hi) / 2
        origin = (-d[0] * mid, -d[1] * mid, top + wide * 0.3)
    elif how.mode == "floating":
        axes = _DOWN
        origin = (0.0, 0.0, top + hi + length * 0.15)
    elif how.mode == "bow":  # upright, turned so its curve shows from the front
        axes = frame((0, 0, 1), (0, -1, 0))
        origin = (0.0, 0.0, top - lo)
    else:  # upright, leaning
        axes = frame((0.0, math.sin(t), math.cos(t)), (1, 0, 0)) if t else _UPRIGHT
        origin = (0.0, 0.0, top - lo * math.cos(t))
    add_item(k.b, item, holder, 1.0, axes=axes, origin=origin, group="item")
    if item == "potion":  # a label, so the bottle is seen to turn when it spins
        k.b.add_bands("flask", Band("label", x=(-0.55, 0.55), y=(-1.01, -0.45), z=(-0.45, 0.2)))
    return k.finish()


def _item_prop(
    item: str,
    how: Display,
    words: tuple[str, ...],
    about: str,
    motions: tuple[str, ...] = (),
    name: str | None = None,
) -> None:
    kind = ITEMS[item]
    paints: dict[str, Paint | str] = dict(item_roles(item))
    if how.base:
        paints["base"] = _BASES[how.base]
    if item == "potion":
        paints["label"] = mat("parchment")
    main = kind.main

    def build(k: Kit) -> Model:
        if "spin" in motions:
            k.info["spin"] = True
        return _display(k, item, how)

    prop(
        name or item,
        family="items",
        words=words,
        about=about,
        paints=paints,
        main=main,
        motions=motions,
        common=("snowy", "burning"),
    )(build)


for _item, _how, _words, _about, _motions in (
    (
        "sword",
        Display("planted", "rock", 0.22),
        ("sword", "sword in the stone", "longsword", "broadsword", "planted sword"),
        "A steel sword planted point-down in a rock.",
        (),
    ),
    (
        "katana",
        Display("planted", "mound", 0.15, 6.0),
        ("katana", "samurai sword"),
        "A katana planted point-down in a mound of earth.",
        (),
    ),
    (
        "dagger",
        Display("planted", "stump", 0.2, 12.0),
        ("dagger", "knife", "dirk"),
        "A dagger stuck point-down in a wooden block.",
        (),
    ),
    (
        "axe",
        Display("stump", "stump", 0.1, 30.0),
        ("axe", "hatchet", "axe in a stump", "woodcutter's axe"),
        "A woodcutter's axe buried in a chopping stump.",
        (),
    ),
    (
        "battle axe",
        Display("head", None, 0.0),
        ("battle axe", "battleaxe", "greataxe"),
        "A double-bladed battle axe standing on its head.",
        (),
    ),
    (
        "hammer",
        Display("head", None, 0.0),
        ("hammer", "warhammer", "war hammer", "maul"),
        "A heavy war hammer standing on its head, handle up.",
        (),
    ),
    (
        "mace",
        Display("head", None, 0.0),
        ("mace", "morning star"),
        "A spiked mace standing on its head, handle up.",
        (),
    ),
    (
        "club",
        Display("head", None, 0.0),
        ("club", "cudgel", "wooden club"),
        "A wooden club standing on its thick end.",
        (),
    ),
    (
        "spear",
        Display("upright", "mound", 0.0),
        ("spear", "lance", "pike", "javelin"),
        "A long spear standing upright in a mound of earth.",
        (),
    ),
    (
        "staff",
        Display("upright", "stand", 0.0),
        ("staff", "wizard staff", "magic staff", "quarterstaff"),
        "A wizard's staff topped with a gem, on a small stand.",
        (),
    ),
    (
        "wand",
        Display("cushion", "cushion", 0.0),
        ("wand", "magic wand"),
        "A magic wand lying on a velvet cushion.",
        (),
    ),
    (
        "scepter",
        Display("cushion", "cushion", 0.0),
        ("scepter", "sceptre", "royal scepter"),
        "A royal scepter lying on a velvet cushion.",
        (),
    ),
    (
        "bow",
        Display("bow", "stand", 0.0),
        ("bow", "longbow", "shortbow"),
        "A wooden bow standing upright on a small stand.",
        (),
    ),
    (
        "shield",
        Display("leaning", None, 0.0, -10.0),
        ("shield", "round shield", "buckler"),
        "A round wooden shield with an iron rim, standing on its edge.",
        (),
    ),
    (
        "kite shield",
        Display("leaning", None, 0.0, -10.0),
        ("kite shield", "tower shield", "heater shield"),
        "A tall kite shield standing on its point.",
        (),
    ),
    (
        "potion",
        Display("upright", None, 0.0),
        ("potion", "flask", "vial", "elixir", "health potion", "mana potion"),
        "A round glass potion bottle with a cork.",
        ("spin",),
    ),
    (
        "key",
        Display("floating", None, 0.0),
        ("key", "golden key", "skeleton key", "dungeon key"),
        "A golden key floating upright, bow on top, like a pickup.",
        ("spin",),
    ),
    (
        "pickaxe",
        Display("head", None, 0.0),
        ("pickaxe", "mining pick"),
        "A miner's pickaxe standing on its head.",
        (),
    ),
    (
        "shovel",
        Display("planted", "mound", 0.12),
        ("shovel", "spade"),
        "A shovel stuck blade-down in a mound of earth.",
        (),
    ),
    (
        "pitchfork",
        Display("upright", "mound", 0.0),
        ("pitchfork", "hay fork"),
        "A pitchfork standing upright, tines up, in a mound.",
        (),
    ),
    (
        "scythe",
        Display("upright", "mound", 0.0),
        ("scythe", "reaper's scythe"),
        "A reaper's scythe standing upright.",
        (),
    ),
    (
        "orb",
        Display("upright", "stand", 0.0),
        ("orb", "crystal ball", "magic orb", "scrying orb"),
        "A glowing magic orb on a small stand.",
        (),
    ),
):
    _item_prop(_item, _how, _words, _about, _motions)
