"""Held items: weapons, tools, lights and books, built once for hands and for props.

Every item is built in its own frame, in metres: the grip at the origin, the item
pointing along +Z (a blade's tip, a staff's head, a torch's flame), its flat side facing
-Y (a shield's face, a book's cover). :func:`add_item` places that frame in a joint of a
model (a character's hand grip, a prop's base) with ``axes`` and ``origin`` and converts
metres to the model's units, so a sword in a knight's hand and a sword on a weapon rack
are the same geometry. Items are drawn a little larger than life (:data:`READABLE`):
at 32-64 px a true-to-scale dagger is three pixels.

:data:`ITEMS` says how each kind is held (``hold``): ``raised`` (one-handed, carried
point up and forward), ``pole`` (a staff or spear standing beside the body, planted
near the ground), ``bow`` (upright in the off hand), ``shield`` (on the off forearm,
facing out), ``hanging`` (a lantern or bucket hanging from the hand), ``held`` (a book,
potion or cup held in front), ``two-handed`` (a big axe or a pitchfork carried across
the body).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from pixelkiln.engine.subjects.build import Builder, box, capsule, ellipsoid, frustum
from pixelkiln.engine.subjects.colors import MATERIAL_PAINTS
from pixelkiln.engine.subjects.model import Band, Paint

__all__ = ["ITEMS", "ITEM_KINDS", "READABLE", "ItemKind", "add_item", "item_roles"]

READABLE = 1.3  # items are drawn this much larger than life

_UP = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))


@dataclass(frozen=True)
class ItemKind:
    """A held item: its words, how it is held, its paint roles and its builder."""

    name: str
    words: tuple[str, ...]
    hold: str
    roles: dict[str, str]  # role suffix -> default material (a MATERIAL_PAINTS key)
    main: str  # the role a colour or material word lands on ("a golden sword": blade)
    about: str
    build: Callable[[_Maker], None]
    length: float  # metres along +Z from the grip (the part beyond it), before READABLE
    glows: bool = False


class _Maker:
    """What an item builder draws with: parts in the item frame, metres."""

    def __init__(self, b: Builder, joint: str, unit: float, axes, origin, prefix: str, group: str):
        self.b = b
        self.joint = joint
        self.unit = unit * READABLE
        m = np.array(axes if axes is not None else _UP, dtype=np.float64).T  # columns
        self.rot = m
        self.origin = np.asarray(origin, dtype=np.float64)
        self.prefix = prefix
        self.group = group

    def role(self, suffix: str) -> str:
        return f"{self.prefix}{suffix}"

    def part(
        self,
        name: str,
        shape_kind: str,
        dims: Iterable[float],
        role: str,
        at: Iterable[float] = (0.0, 0.0, 0.0),
        axes: tuple | None = None,
        bands: Iterable[Band] = (),
        clips: tuple = (),
        hollow: bool = False,
        min_px: float = 1.0,
        extra: Iterable[float] = (),
    ) -> None:
        u = self.unit
        d = [float(v) * u for v in dims]
        if shape_kind == "ellipsoid":
            shape = ellipsoid(*d, clips=_scaled(clips, u), hollow=hollow)
        elif shape_kind == "box":
            shape = box(*d, clips=_scaled(clips, u), hollow=hollow)
        elif shape_kind == "capsule":
            shape = capsule(d[0], d[1], d[2], clips=_scaled(clips, u), hollow=hollow)
        else:
            sx, sy = ([*list(extra), 1.0, 1.0])[:2]
            shape = frustum(d[0], d[1], d[2], sx, sy, clips=_scaled(clips, u), hollow=hollow)
        local = np.array(axes if axes is not None else _UP, dtype=np.float64).T
        rot = self.rot @ local
        self.b.part(
            f"{self.prefix}{name}",
            self.joint,
            shape,
            self.role(role),
            origin=self.origin + self.rot @ (np.asarray(tuple(at), dtype=np.float64) * u),
            axes=tuple(tuple(float(v) for v in rot[:, i]) for i in range(3)),
            group=self.group,
            bands=tuple(bands),
            min_px=min_px,
        )


def _scaled(clips: tuple, u: float) -> tuple:
    return tuple((a, b, c, d * u) for a, b, c, d in clips)


def _lay(direction: tuple[float, float, float]) -> tuple:
    """Axes whose Z points along ``direction`` (for parts laid sideways in an item)."""
    z = np.asarray(direction, dtype=np.float64)
    z /= np.linalg.norm(z)
    hint = np.array([0.0, 0.0, 1.0]) if abs(z[2]) < 0.9 else np.array([0.0, 1.0, 0.0])
    x = np.cross(hint, z)
    x /= np.linalg.norm(x)
    y = np.cross(z, x)
    return (tuple(x), tuple(y), tuple(z))


_ACROSS = _lay((1.0, 0.0, 0.0))  # a part lying along the item's X (a guard, a head)


def _FLARE(side: float) -> tuple:
    """Cuts that make an axe head flare from the haft toward its edge (on ``side`` of X)."""
    return ((-0.447 * side, 0.0, 0.894, 0.068), (-0.447 * side, 0.0, -0.894, 0.068))


def _blade(k: _Maker, length: float, half_w: float, start: float, tip: float = 0.12) -> None:
    # A flat blade with a point: a box cut by two planes that meet on its axis at the top.
    slope = tip / half_w
    n = float(np.hypot(slope, 1.0))
    d = length / 2 / n
    clips = ((slope / n, 0.0, 1.0 / n, d), (-slope / n, 0.0, 1.0 / n, d))
    k.part(
        "blade",
        "box",
        (half_w, half_w * 0.25, length / 2),
        "blade",
        at=(0.0, 0.0, start + length / 2),
        clips=clips,
        min_px=2.0,
    )


def _sword(k: _Maker) -> None:
    k.part("grip", "capsule", (0.13, 0.018, 0.018), "grip", at=(0.0, 0.0, -0.03), min_px=2.0)
    k.part("pommel", "ellipsoid", (0.026, 0.026, 0.026), "guard", at=(0.0, 0.0, -0.04))
    k.part("guard", "box", (0.085, 0.02, 0.018), "guard", at=(0.0, 0.0, 0.11), min_px=1.0)
    _blade(k, 0.62, 0.028, 0.12)


def _katana(k: _Maker) -> None:
    k.part("grip", "capsule", (0.24, 0.017, 0.017), "grip", at=(0.0, 0.0, -0.06), min_px=2.0)
    k.part("guard", "frustum", (0.012, 0.04, 0.04), "guard", at=(0.0, 0.0, 0.17), min_px=1.0)
    _blade(k, 0.66, 0.02, 0.18, tip=0.07)


def _dagger(k: _Maker) -> None:
    k.part("grip", "capsule", (0.09, 0.015, 0.015), "grip", at=(0.0, 0.0, -0.02), min_px=2.0)
    k.part("guard", "box", (0.05, 0.014, 0.012), "guard", at=(0.0, 0.0, 0.07))
    _blade(k, 0.22, 0.022, 0.08, tip=0.07)


def _axe(k: _Maker) -> None:
    k.part("haft", "capsule", (0.62, 0.018, 0.016), "haft", at=(0.0, 0.0, -0.1), min_px=2.0)
    k.part(
        "head",
        "box",
        (0.09, 0.012, 0.085),
        "blade",
        at=(0.1, 0.0, 0.44),
        min_px=2.0,
        clips=_FLARE(1.0),
    )
    k.part("socket", "box", (0.03, 0.026, 0.05), "guard", at=(0.0, 0.0, 0.45))


def _battleaxe(k: _Maker) -> None:
    k.part("haft", "capsule", (1.05, 0.02, 0.018), "haft", at=(0.0, 0.0, -0.35), min_px=2.0)
    for side in (1.0, -1.0):
        k.part(
            f"head{'l' if side > 0 else 'r'}",
            "box",
            (0.11, 0.012, 0.12),
            "blade",
            at=(side * 0.12, 0.0, 0.55),
            min_px=2.0,
            clips=_FLARE(side),
        )
    k.part("socket", "box", (0.03, 0.03, 0.07), "guard", at=(0.0, 0.0, 0.55))


def _hammer(k: _Maker) -> None:
    k.part("haft", "capsule", (0.55, 0.018, 0.016), "haft", at=(0.0, 0.0, -0.08), min_px=2.0)
    k.part("head", "box", (0.13, 0.06, 0.06), "blade", at=(0.0, 0.0, 0.47), min_px=2.0)


def _mace(k: _Maker) -> None:
    k.part("haft", "capsule", (0.5, 0.018, 0.016), "haft", at=(0.0, 0.0, -0.06), min_px=2.0)
    k.part("head", "ellipsoid", (0.075, 0.075, 0.085), "blade", at=(0.0, 0.0, 0.47), min_px=2.0)
    for i in range(4):
        a = i * np.pi / 2
        d = (np.cos(a), np.sin(a), 0.0)
        k.part(
            f"spike{i}",
            "capsule",
            (0.06, 0.022, 0.004),
            "blade",
            at=(0.05 * d[0], 0.05 * d[1], 0.47),
            axes=_lay(d),
        )


def _club(k: _Maker) -> None:
    k.part("club", "capsule", (0.6, 0.024, 0.06), "haft", at=(0.0, 0.0, -0.05), min_px=2.0)


def _spear(k: _Maker) -> None:
    k.part("shaft", "capsule", (1.55, 0.016, 0.016), "haft", at=(0.0, 0.0, -0.75), min_px=2.0)
    k.part("tip", "capsule", (0.2, 0.035, 0.004), "blade", at=(0.0, 0.0, 0.8), min_px=2.0)


def _staff(k: _Maker) -> None:
    k.part("shaft", "capsule", (1.45, 0.02, 0.017), "haft", at=(0.0, 0.0, -0.7), min_px=2.0)
    k.part("knot", "ellipsoid", (0.04, 0.04, 0.05), "haft", at=(0.0, 0.0, 0.74))
    k.part("gem", "ellipsoid", (0.055, 0.055, 0.065), "gem", at=(0.0, 0.0, 0.83), min_px=3.0)


def _wand(k: _Maker) -> None:
    k.part("shaft", "capsule", (0.3, 0.013, 0.008), "haft", at=(0.0, 0.0, -0.02), min_px=1.5)
    k.part("gem", "ellipsoid", (0.03, 0.03, 0.03), "gem", at=(0.0, 0.0, 0.3), min_px=2.0)


def _scepter(k: _Maker) -> None:
    k.part("shaft", "capsule", (0.5, 0.016, 0.014), "guard", at=(0.0, 0.0, -0.08), min_px=2.0)
    k.part("crown", "frustum", (0.07, 0.03, 0.055), "guard", at=(0.0, 0.0, 0.42))
    k.part("gem", "ellipsoid", (0.04, 0.04, 0.045), "gem", at=(0.0, 0.0, 0.5), min_px=2.0)


def _bow(k: _Maker) -> None:
    # Two limbs bending back from the grip, and the string across their tips.
    for side, sz in (("upper", 1.0), ("lower", -1.0)):
        d = np.array([0.0, 0.28, sz])
        k.part(
            f"limb_{side}",
            "capsule",
            (0.52, 0.02, 0.012),
            "haft",
            at=(0.0, 0.0, 0.0),
            axes=_lay(tuple(d)),
            min_px=2.0,
        )
    k.part("grip", "capsule", (0.12, 0.024, 0.024), "grip", at=(0.0, 0.0, -0.06), min_px=2.0)
    k.part("string", "capsule", (0.96, 0.005, 0.005), "string", at=(0.0, 0.14, -0.48), min_px=1.0)


def _crossbow(k: _Maker) -> None:
    k.part("stock", "box", (0.025, 0.035, 0.3), "haft", at=(0.0, 0.0, 0.2), min_px=2.0)
    k.part("arms", "capsule", (0.6, 0.016, 0.016), "guard", at=(-0.3, 0.0, 0.42), axes=_ACROSS)


def _shield(k: _Maker) -> None:
    # A round shield: a flat disc facing -Y, with a boss and a rim band.
    disc = ((1.0, 0.0, 0.0), (0.0, 0.0, 1.0), (0.0, -1.0, 0.0))  # frustum axis along -Y
    k.part(
        "board",
        "frustum",
        (0.04, 0.3, 0.28),
        "face",
        at=(0.0, 0.02, 0.0),
        axes=disc,
        bands=(Band(f"{k.prefix}rim", r=(0.86, 9.0)),),
        min_px=2.0,
    )
    k.part("boss", "ellipsoid", (0.07, 0.05, 0.07), "rim", at=(0.0, -0.02, 0.0), min_px=2.0)


def _kite_shield(k: _Maker) -> None:
    k.part(
        "board",
        "box",
        (0.24, 0.03, 0.36),
        "face",
        at=(0.0, 0.0, -0.05),
        min_px=2.0,
        clips=((0.83, 0.0, -0.55, 0.2), (-0.83, 0.0, -0.55, 0.2)),
        bands=(Band(f"{k.prefix}rim", z=(-0.15, 0.15)),),
    )


def _torch(k: _Maker) -> None:
    k.part("stick", "capsule", (0.45, 0.02, 0.026), "haft", at=(0.0, 0.0, -0.08), min_px=2.0)
    k.part("wrap", "frustum", (0.08, 0.034, 0.04), "cloth", at=(0.0, 0.0, 0.3))
    k.part("flame", "capsule", (0.14, 0.055, 0.012), "flame", at=(0.0, 0.0, 0.41), min_px=3.0)


def _lantern(k: _Maker) -> None:
    # Hangs from its handle at the origin, so it is built pointing down (-Z).
    k.part("handle", "capsule", (0.09, 0.006, 0.006), "frame", at=(0.0, 0.0, -0.09))
    k.part("cap", "frustum", (0.05, 0.07, 0.03), "frame", at=(0.0, 0.0, -0.14))
    k.part("glass", "box", (0.06, 0.06, 0.08), "flame", at=(0.0, 0.0, -0.23), min_px=2.0)
    k.part("base", "box", (0.075, 0.075, 0.018), "frame", at=(0.0, 0.0, -0.32))


def _book(k: _Maker) -> None:
    k.part(
        "cover",
        "box",
        (0.12, 0.035, 0.16),
        "face",
        at=(0.0, 0.0, 0.1),
        min_px=2.0,
        bands=(Band(f"{k.prefix}pages", x=(0.82, 9.0)),),
    )


def _scroll(k: _Maker) -> None:
    k.part(
        "roll",
        "capsule",
        (0.3, 0.04, 0.04),
        "pages",
        at=(-0.15, 0.0, 0.08),
        axes=_ACROSS,
        bands=(Band(f"{k.prefix}rim", z=(0.45, 0.55)),),
        min_px=2.0,
    )


def _potion(k: _Maker) -> None:
    k.part("flask", "ellipsoid", (0.06, 0.06, 0.065), "liquid", at=(0.0, 0.0, 0.06), min_px=2.0)
    k.part("neck", "capsule", (0.05, 0.018, 0.016), "glass", at=(0.0, 0.0, 0.11))
    k.part("cork", "capsule", (0.025, 0.017, 0.017), "cork", at=(0.0, 0.0, 0.16))


def _cup(k: _Maker) -> None:
    k.part(
        "cup",
        "frustum",
        (0.12, 0.045, 0.055),
        "face",
        at=(0.0, 0.0, 0.0),
        clips=((0.0, 0.0, 1.0, 0.11),),
        hollow=True,
        min_px=2.0,
    )


def _pitchfork(k: _Maker) -> None:
    k.part("shaft", "capsule", (1.4, 0.017, 0.017), "haft", at=(0.0, 0.0, -0.7), min_px=2.0)
    k.part("bar", "capsule", (0.16, 0.012, 0.012), "blade", at=(-0.08, 0.0, 0.7), axes=_ACROSS)
    for i, x in enumerate((-0.08, 0.0, 0.08)):
        k.part(f"tine{i}", "capsule", (0.2, 0.01, 0.006), "blade", at=(x, 0.0, 0.7))


def _pickaxe(k: _Maker) -> None:
    k.part("haft", "capsule", (0.7, 0.018, 0.016), "haft", at=(0.0, 0.0, -0.1), min_px=2.0)
    k.part(
        "head",
        "capsule",
        (0.44, 0.03, 0.008),
        "blade",
        at=(-0.22, 0.0, 0.58),
        axes=_lay((1.0, 0.0, -0.25)),
        min_px=2.0,
    )


def _shovel(k: _Maker) -> None:
    k.part("haft", "capsule", (0.95, 0.017, 0.017), "haft", at=(0.0, 0.0, -0.9), min_px=2.0)
    k.part("blade", "box", (0.1, 0.015, 0.13), "blade", at=(0.0, 0.0, -1.0), min_px=2.0)


def _scythe(k: _Maker) -> None:
    k.part("shaft", "capsule", (1.5, 0.018, 0.018), "haft", at=(0.0, 0.0, -0.7), min_px=2.0)
    k.part(
        "blade",
        "capsule",
        (0.6, 0.045, 0.005),
        "blade",
        at=(0.0, 0.0, 0.78),
        axes=_lay((-1.0, 0.0, -0.3)),
        min_px=2.0,
    )


def _ladle(k: _Maker) -> None:
    k.part("handle", "capsule", (0.32, 0.012, 0.012), "blade", at=(0.0, 0.0, -0.02))
    k.part("bowl", "ellipsoid", (0.05, 0.05, 0.035), "blade", at=(0.0, -0.02, 0.32), min_px=2.0)


def _fishing_rod(k: _Maker) -> None:
    k.part("rod", "capsule", (1.3, 0.016, 0.006), "haft", at=(0.0, 0.0, -0.1), min_px=1.5)
    k.part("reel", "ellipsoid", (0.03, 0.03, 0.03), "guard", at=(0.0, -0.03, 0.05))


def _pistol(k: _Maker) -> None:
    k.part("grip", "box", (0.018, 0.025, 0.06), "grip", at=(0.0, 0.0, 0.0))
    k.part("barrel", "box", (0.02, 0.1, 0.025), "blade", at=(0.0, -0.06, 0.07), min_px=2.0)


def _blaster(k: _Maker) -> None:
    k.part("grip", "box", (0.02, 0.03, 0.07), "grip", at=(0.0, 0.0, 0.0))
    k.part("body", "box", (0.03, 0.14, 0.04), "blade", at=(0.0, -0.08, 0.08), min_px=2.0)
    k.part(
        "muzzle",
        "capsule",
        (0.05, 0.02, 0.02),
        "flame",
        at=(0.0, -0.22, 0.08),
        axes=_lay((0.0, -1.0, 0.0)),
    )


def _rifle(k: _Maker) -> None:
    k.part("stock", "box", (0.02, 0.05, 0.2), "haft", at=(0.0, 0.0, -0.1), min_px=2.0)
    k.part("barrel", "capsule", (0.55, 0.014, 0.014), "blade", at=(0.0, 0.0, 0.08), min_px=2.0)


def _lute(k: _Maker) -> None:
    k.part("body", "ellipsoid", (0.14, 0.06, 0.17), "face", at=(0.0, 0.0, -0.08), min_px=2.0)
    k.part("neck", "box", (0.02, 0.015, 0.2), "haft", at=(0.0, -0.01, 0.26))


def _orb(k: _Maker) -> None:
    k.part("orb", "ellipsoid", (0.07, 0.07, 0.07), "gem", at=(0.0, 0.0, 0.08), min_px=3.0)


def _flag(k: _Maker) -> None:
    k.part("pole", "capsule", (1.6, 0.014, 0.014), "haft", at=(0.0, 0.0, -0.7), min_px=2.0)
    k.part("cloth", "box", (0.22, 0.008, 0.15), "face", at=(0.23, 0.0, 0.72), min_px=2.0)


def _key(k: _Maker) -> None:
    k.part(
        "bow",
        "frustum",
        (0.01, 0.035, 0.035),
        "face",
        at=(0.0, 0.0, 0.0),
        axes=((1, 0, 0), (0, 0, 1), (0, -1, 0)),
        min_px=2.0,
    )
    k.part("shank", "capsule", (0.12, 0.009, 0.009), "face", at=(0.0, 0.0, 0.03))
    k.part("bit", "box", (0.02, 0.006, 0.015), "face", at=(0.02, 0.0, 0.13))


def _bag(k: _Maker) -> None:
    k.part("bag", "ellipsoid", (0.12, 0.1, 0.13), "face", at=(0.0, 0.0, -0.16), min_px=2.0)
    k.part("knot", "capsule", (0.05, 0.02, 0.02), "string", at=(0.0, 0.0, -0.05))


def _k(name, words, hold, roles, main, about, build, length, glows=False) -> ItemKind:
    return ItemKind(name, tuple(words), hold, roles, main, about, build, length, glows)


_METAL = {"blade": "steel", "guard": "iron", "grip": "leather"}
ITEMS: dict[str, ItemKind] = {
    i.name: i
    for i in (
        _k(
            "sword",
            ("sword", "longsword", "broadsword", "blade", "cutlass", "sabre", "saber", "rapier"),
            "raised",
            _METAL,
            "blade",
            "a steel sword with a hilt",
            _sword,
            0.75,
        ),
        _k(
            "katana",
            ("katana",),
            "raised",
            {"blade": "silver", "guard": "gold", "grip": "cloth"},
            "blade",
            "a curved japanese katana",
            _katana,
            0.84,
        ),
        _k(
            "dagger",
            ("dagger", "knife", "dirk", "shiv"),
            "raised",
            _METAL,
            "blade",
            "a short dagger",
            _dagger,
            0.3,
        ),
        _k(
            "axe",
            ("axe", "hatchet", "hand axe"),
            "raised",
            {"haft": "wood", "blade": "iron", "guard": "iron"},
            "blade",
            "a woodcutter's axe",
            _axe,
            0.52,
        ),
        _k(
            "battle axe",
            ("battle axe", "battleaxe", "great axe", "greataxe", "war axe"),
            "two-handed",
            {"haft": "dark wood", "blade": "steel", "guard": "iron"},
            "blade",
            "a huge double-bladed battle axe",
            _battleaxe,
            0.7,
        ),
        _k(
            "hammer",
            ("hammer", "warhammer", "war hammer", "maul", "mallet"),
            "raised",
            {"haft": "wood", "blade": "iron"},
            "blade",
            "a heavy war hammer",
            _hammer,
            0.53,
        ),
        _k(
            "mace",
            ("mace", "morning star", "flail"),
            "raised",
            {"haft": "wood", "blade": "iron"},
            "blade",
            "a spiked mace",
            _mace,
            0.56,
        ),
        _k(
            "club",
            ("club", "cudgel", "bat", "stick"),
            "raised",
            {"haft": "wood"},
            "haft",
            "a wooden club",
            _club,
            0.55,
        ),
        _k(
            "spear",
            ("spear", "lance", "pike", "javelin", "trident", "halberd", "polearm"),
            "pole",
            {"haft": "wood", "blade": "steel"},
            "blade",
            "a long spear",
            _spear,
            1.0,
        ),
        _k(
            "staff",
            ("staff", "quarterstaff", "rod"),
            "pole",
            {"haft": "wood", "gem": "amethyst"},
            "gem",
            "a wizard's staff topped with a gem",
            _staff,
            0.9,
            glows=True,
        ),
        _k(
            "wand",
            ("wand",),
            "raised",
            {"haft": "dark wood", "gem": "magic"},
            "gem",
            "a small magic wand",
            _wand,
            0.33,
            glows=True,
        ),
        _k(
            "scepter",
            ("scepter", "sceptre"),
            "raised",
            {"guard": "gold", "gem": "ruby"},
            "guard",
            "a royal scepter",
            _scepter,
            0.52,
        ),
        _k(
            "bow",
            ("bow", "longbow", "shortbow"),
            "bow",
            {"haft": "wood", "grip": "leather", "string": "linen"},
            "haft",
            "a wooden bow",
            _bow,
            0.52,
        ),
        _k(
            "crossbow",
            ("crossbow",),
            "raised",
            {"haft": "wood", "guard": "iron"},
            "haft",
            "a crossbow",
            _crossbow,
            0.5,
        ),
        _k(
            "shield",
            ("shield", "round shield", "buckler"),
            "shield",
            {"face": "wood", "rim": "iron"},
            "face",
            "a round wooden shield with an iron rim",
            _shield,
            0.3,
        ),
        _k(
            "kite shield",
            ("kite shield", "tower shield", "heater shield"),
            "shield",
            {"face": "steel", "rim": "gold"},
            "face",
            "a tall kite shield",
            _kite_shield,
            0.3,
        ),
        _k(
            "torch",
            ("torch", "firebrand"),
            "raised",
            {"haft": "wood", "cloth": "linen", "flame": "flame"},
            "flame",
            "a burning torch",
            _torch,
            0.55,
            glows=True,
        ),
        _k(
            "lantern",
            ("lantern", "lamp"),
            "hanging",
            {"frame": "iron", "flame": "flame"},
            "frame",
            "a hanging lantern",
            _lantern,
            0.33,
            glows=True,
        ),
        _k(
            "book",
            ("book", "tome", "spellbook", "grimoire", "bible"),
            "held",
            {"face": "leather", "pages": "paper"},
            "face",
            "a leather-bound book",
            _book,
            0.26,
        ),
        _k(
            "scroll",
            ("scroll", "map"),
            "held",
            {"pages": "parchment", "rim": "leather"},
            "pages",
            "a rolled parchment scroll",
            _scroll,
            0.12,
        ),
        _k(
            "potion",
            ("potion", "flask", "vial", "elixir"),
            "held",
            {"liquid": "ruby", "glass": "glass", "cork": "wood"},
            "liquid",
            "a glass potion bottle",
            _potion,
            0.18,
        ),
        _k(
            "cup",
            ("cup", "mug", "tankard", "goblet", "chalice"),
            "held",
            {"face": "wood"},
            "face",
            "a drinking mug",
            _cup,
            0.12,
        ),
        _k(
            "pitchfork",
            ("pitchfork", "fork", "rake", "hoe"),
            "pole",
            {"haft": "wood", "blade": "iron"},
            "blade",
            "a farmer's pitchfork",
            _pitchfork,
            0.9,
        ),
        _k(
            "pickaxe",
            ("pickaxe", "pick", "mattock"),
            "raised",
            {"haft": "wood", "blade": "iron"},
            "blade",
            "a miner's pickaxe",
            _pickaxe,
            0.6,
        ),
        _k(
            "shovel",
            ("shovel", "spade"),
            "hanging",
            {"haft": "wood", "blade": "iron"},
            "blade",
            "a shovel",
            _shovel,
            1.1,
        ),
        _k(
            "scythe",
            ("scythe", "sickle", "reaper"),
            "pole",
            {"haft": "dark wood", "blade": "steel"},
            "blade",
            "a reaper's scythe",
            _scythe,
            1.0,
        ),
        _k(
            "ladle",
            ("ladle", "spoon", "spatula", "frying pan", "pan"),
            "raised",
            {"blade": "iron"},
            "blade",
            "a cook's ladle",
            _ladle,
            0.36,
        ),
        _k(
            "fishing rod",
            ("fishing rod", "fishing pole", "rod and line"),
            "raised",
            {"haft": "light wood", "guard": "iron"},
            "haft",
            "a fishing rod",
            _fishing_rod,
            1.2,
        ),
        _k(
            "pistol",
            ("pistol", "gun", "revolver", "handgun", "flintlock"),
            "raised",
            {"grip": "dark wood", "blade": "iron"},
            "blade",
            "a pistol",
            _pistol,
            0.16,
        ),
        _k(
            "blaster",
            ("blaster", "laser gun", "ray gun", "laser pistol", "phaser"),
            "raised",
            {"grip": "rubber", "blade": "plastic", "flame": "energy"},
            "blade",
            "a sci-fi laser blaster",
            _blaster,
            0.16,
            glows=True,
        ),
        _k(
            "rifle",
            ("rifle", "musket", "shotgun"),
            "two-handed",
            {"haft": "wood", "blade": "iron"},
            "blade",
            "a long rifle",
            _rifle,
            0.63,
        ),
        _k(
            "lute",
            ("lute", "guitar", "mandolin", "banjo"),
            "held",
            {"face": "light wood", "haft": "dark wood"},
            "face",
            "a lute",
            _lute,
            0.46,
        ),
        _k(
            "orb",
            ("orb", "crystal ball", "magic orb"),
            "held",
            {"gem": "magic"},
            "gem",
            "a glowing magic orb",
            _orb,
            0.15,
            glows=True,
        ),
        _k(
            "flag",
            ("flag", "banner", "standard", "pennant"),
            "pole",
            {"haft": "wood", "face": "cloth"},
            "face",
            "a flag on a pole",
            _flag,
            0.9,
        ),
        _k("key", ("key",), "held", {"face": "gold"}, "face", "a golden key", _key, 0.15),
        _k(
            "bag",
            ("bag", "sack", "pouch", "coin purse", "purse"),
            "hanging",
            {"face": "cloth", "string": "rope"},
            "face",
            "a cloth sack",
            _bag,
            0.3,
        ),
    )
}
ITEM_KINDS: tuple[str, ...] = tuple(ITEMS)


def item_roles(kind: str, prefix: str = "") -> dict[str, str]:
    """Role name -> default material of an item's paints (roles carry ``prefix``)."""
    return {f"{prefix}{r}": m for r, m in ITEMS[kind].roles.items()}


def add_item(
    b: Builder,
    kind: str,
    joint: str,
    unit: float,
    paints: dict[str, Paint] | None = None,
    group: str = "item",
    axes: tuple | None = None,
    origin: Iterable[float] = (0.0, 0.0, 0.0),
    prefix: str = "",
) -> ItemKind:
    """Build item ``kind`` into ``b`` at ``joint`` (see the module docstring).

    ``unit`` is model units per metre; ``paints`` overrides the default paint of any of
    the item's roles (keys with ``prefix``); roles already painted in ``b`` keep theirs.
    """
    if kind not in ITEMS:
        msg = f"unknown item {kind!r}; items are {', '.join(ITEM_KINDS)}"
        raise ValueError(msg)
    item = ITEMS[kind]
    item.build(_Maker(b, joint, unit, axes, tuple(origin), prefix, group))
    for role, material in item_roles(kind, prefix).items():
        given = (paints or {}).get(role)
        if given is not None:
            b.paint(role, given)
        elif role not in b.paints:
            b.paint(role, MATERIAL_PAINTS[material])
    return item
