"""What every prop family builds with: the kind record, the registry and the kit.

A prop kind is a parametric generator: :attr:`PropKind.draw` turns a seeded random stream
into a few plain numbers (proportions, plank counts, crown clusters...), stored in the
spec's ``params``; :attr:`PropKind.make` turns a :class:`Kit` holding those numbers, the
spec's paints and its conditions into a :class:`~pixelkiln.engine.subjects.model.Model`.
Nothing here draws random numbers at build time except from ``params["layout"]``, so
a spec (not a seed and a code path) fixes the model.

The :class:`Kit` wraps the core :class:`~pixelkiln.engine.subjects.build.Builder` with
the helpers props need (posts, rods between points, slabs, flames on joint chains) and
the conditions every family shares, applied once in :meth:`Kit.finish`:

- ``snowy``: a snow band on the upward end of every part whose axis points up (a box's
  top face and rim, an ellipsoid's cap), so snow sits on tops and nowhere else;
- ``burning``: flames (glowing joint chains that ``flicker`` animates) on the highest
  tops;
- ``damaged`` / ``broken``: stepped crack bands on the biggest parts of the main role
  (families add their own missing planks and tilted lids on top of that).

What the build did is recorded in ``model.info`` for the motions and the service:
``hinges``, ``flames``, ``cloth``, ``sway``, ``glow``, ``hover`` and ``spin`` say what
can move (see :mod:`pixelkiln.engine.subjects.motion.props`); ``fit_poses`` lists poses
(joint -> angles) a canvas should also hold, such as a lid swung open; and
``handled_conditions`` the conditions the prop drew itself.

Model units are metres; the model's ``height`` is measured from the parts, so it is
always the real rest height.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from pixelkiln.engine.rng import make_rng
from pixelkiln.engine.subjects.build import Builder, box, capsule, ellipsoid, frustum
from pixelkiln.engine.subjects.colors import MATERIAL_PAINTS
from pixelkiln.engine.subjects.model import Band, Model, Paint, Part, aim
from pixelkiln.engine.subjects.rig import Pose, Skeleton
from pixelkiln.engine.subjects.shapes import Shape, intersect
from pixelkiln.engine.subjects.spec import SubjectSpec

__all__ = [
    "COMMON_CONDITIONS",
    "KINDS",
    "Kit",
    "PropKind",
    "mat",
    "prop",
]

Vec = tuple[float, float, float]

#: Conditions the kit handles for every kind (families add their own).
COMMON_CONDITIONS: tuple[str, ...] = ("snowy", "burning", "damaged", "broken")

#: Paints of the roles conditions add (a spec may still colour them).
EXTRA_PAINTS: dict[str, Paint] = {
    "snow": Paint(245, 0.018, 0.94),
    "flame": Paint(52, 0.17, 0.74, "glow"),
}


def mat(word: str) -> Paint:
    """A material word's paint (the shared vocabulary of :mod:`..colors`)."""
    return MATERIAL_PAINTS[word]


@dataclass(frozen=True)
class PropKind:
    """One prop kind: how the reader finds it and how it is built.

    ``words`` are matched literally in descriptions; ``about`` is a plain sentence for
    the sentence-embedding matcher; ``roles`` are the paint roles a colour or material
    word may be routed to (``main_role`` takes a colour said of the whole prop);
    ``conditions`` and ``motions`` are the states and prop motions it supports.
    """

    name: str
    family: str
    words: tuple[str, ...]
    about: str
    roles: tuple[str, ...]
    main_role: str
    paints: Mapping[str, Paint] = field(hash=False)
    conditions: tuple[str, ...]
    motions: tuple[str, ...]
    draw: Callable[[np.random.Generator], dict[str, Any]] = field(hash=False, repr=False)
    make: Callable[[Kit], Model] = field(hash=False, repr=False)

    def params_for(self, seed: int) -> dict[str, Any]:
        """The seeded variant numbers of this kind (plain JSON values)."""
        rng = make_rng(seed, "prop", self.name)
        raw = self.draw(rng)
        out: dict[str, Any] = {"layout": int(rng.integers(0, 2**31 - 1))}
        for key, value in raw.items():
            if isinstance(value, bool | np.bool_):
                out[key] = bool(value)
            elif isinstance(value, int | np.integer):
                out[key] = int(value)
            else:
                out[key] = round(float(value), 3)
        return out

    def build(self, spec: SubjectSpec) -> Model:
        """The model of ``spec`` (missing params are drawn from its seed)."""
        return self.make(Kit(spec, self))


#: Every registered kind, in registration order (the package re-exports it).
KINDS: dict[str, PropKind] = {}


def prop(
    name: str,
    *,
    family: str,
    words: Iterable[str],
    about: str,
    paints: Mapping[str, Paint | str],
    main: str,
    conditions: Iterable[str] = (),
    motions: Iterable[str] = (),
    draw: Callable[[np.random.Generator], dict[str, Any]] | None = None,
    common: Iterable[str] = COMMON_CONDITIONS,
) -> Callable[[Callable[[Kit], Model]], Callable[[Kit], Model]]:
    """Register the decorated builder as prop kind ``name``.

    ``paints`` lists every colourable role with its default (a material word or a
    :class:`Paint`); the kit's own condition roles (snow, cracks) are not listed.
    ``common`` narrows the shared conditions a kind takes (a sword is not "broken" by
    cracks; the generic damage of :mod:`..conditions` still applies to it).
    """

    def wrap(fn: Callable[[Kit], Model]) -> Callable[[Kit], Model]:
        if name in KINDS:
            msg = f"prop kind {name!r} is registered twice"
            raise ValueError(msg)
        resolved = {r: (mat(p) if isinstance(p, str) else p) for r, p in paints.items()}
        if main not in resolved:
            msg = f"{name}: main role {main!r} has no paint"
            raise ValueError(msg)
        conds = tuple(dict.fromkeys((*conditions, *common)))
        KINDS[name] = PropKind(
            name=name,
            family=family,
            words=tuple(words),
            about=about,
            roles=tuple(resolved),
            main_role=main,
            paints=resolved,
            conditions=conds,
            motions=tuple(dict.fromkeys((*motions, "idle"))),
            draw=draw or (lambda rng: {}),
            make=fn,
        )
        return fn

    return wrap


def frame(z: Iterable[float], x: Iterable[float]) -> tuple[Vec, Vec, Vec]:
    """Part axes whose Z is ``z`` and whose X is ``x`` made square to it."""
    zv = np.asarray(tuple(z), np.float64)
    zv = zv / np.linalg.norm(zv)
    xv = np.asarray(tuple(x), np.float64)
    xv = xv - zv * float(xv @ zv)
    xv = xv / np.linalg.norm(xv)
    yv = np.cross(zv, xv)
    return tuple(tuple(float(c) for c in v) for v in (xv, yv, zv))  # type: ignore[return-value]


def _support(shape: Shape, rot: np.ndarray, centre: np.ndarray, w: np.ndarray) -> float:
    """Farthest extent of a placed primitive along unit vector ``w`` (a clip plane
    square to ``w`` bounds it; other clips are ignored, so this may overshoot)."""
    local_w = rot.T @ w
    bound = np.inf
    for nx, ny, nz, dist in shape.clips:
        n = np.array([nx, ny, nz])
        if float(n @ local_w) > 0.999 * float(np.linalg.norm(n)):
            bound = min(bound, float(centre @ w) + dist / float(np.linalg.norm(n)))
    return min(bound, _support_solid(shape, rot, centre, w))


def _support_solid(shape: Shape, rot: np.ndarray, centre: np.ndarray, w: np.ndarray) -> float:
    s = shape.size
    if shape.kind == "ellipsoid":
        return float(
            centre @ w + math.sqrt(sum((s[i] * float(rot[:, i] @ w)) ** 2 for i in range(3)))
        )
    if shape.kind == "box":
        return float(centre @ w + sum(s[i] * abs(float(rot[:, i] @ w)) for i in range(3)))
    length, r0, r1 = s[0], s[1], s[2]
    tip = centre + rot[:, 2] * length
    if shape.kind == "capsule":
        return max(float(centre @ w) + r0, float(tip @ w) + r1)
    sx, sy = (s[3], s[4]) if len(s) > 4 else (1.0, 1.0)
    spread = math.hypot(float(rot[:, 0] @ w) * sx, float(rot[:, 1] @ w) * sy)
    return max(float(centre @ w) + r0 * spread, float(tip @ w) + r1 * spread)


class Kit:
    """A builder for one prop: params, conditions, paints and helpers (module docstring).

    Every prop has a root joint ``base`` on the ground at the footprint's centre.
    """

    def __init__(self, spec: SubjectSpec, kind: PropKind) -> None:
        self.spec = spec
        self.kind = kind
        self.p: dict[str, Any] = {**kind.params_for(spec.seed), **spec.params}
        self.cond = frozenset(spec.conditions)
        self.rng = make_rng(int(self.p["layout"]), "prop", kind.name, "layout")
        self.b = Builder("prop", kind.name)
        self.b.joint("base", None, (0.0, 0.0, 0.0))
        self.info: dict[str, Any] = {}
        self.no_snow: set[str] = set()
        self.no_fire = False
        self.cracked = False  # a family drew its own damage: no generic cracks
        self._flames = 0

    # conditions ------------------------------------------------------------------
    def has(self, *conditions: str) -> bool:
        return any(c in self.cond for c in conditions)

    def state(self, on: str, off: str, default: bool) -> bool:
        """A two-way state: ``on`` if said, not if ``off`` is said, else ``default``."""
        if on in self.cond:
            return True
        if off in self.cond:
            return False
        return default

    @property
    def damaged(self) -> bool:
        return self.has("damaged", "broken")

    @property
    def broken(self) -> bool:
        return "broken" in self.cond

    def uniform(self, lo: float, hi: float) -> float:
        return float(self.rng.uniform(lo, hi))

    # joints and parts ------------------------------------------------------------
    def joint(self, name: str, parent: str, offset: Iterable[float]) -> str:
        return self.b.joint(name, parent, offset)

    def part(
        self,
        name: str,
        shape: Shape,
        role: str,
        at: Iterable[float] = (0.0, 0.0, 0.0),
        joint: str = "base",
        axes: tuple | None = None,
        bands: Iterable[Band] = (),
        group: str = "body",
        min_px: float = 1.0,
        detail: int = 0,
    ) -> Part:
        return self.b.part(
            name,
            joint,
            shape,
            role,
            origin=at,
            axes=axes,
            group=group,
            bands=bands,
            min_px=min_px,
            detail=detail,
        )

    def slab(self, name: str, at: Iterable[float], half: Vec, role: str, **kw: Any) -> Part:
        """A box centred at ``at`` with half sizes ``half``."""
        clips = kw.pop("clips", ())
        hollow = kw.pop("hollow", False)
        return self.part(name, box(*half, clips=clips, hollow=hollow), role, at, **kw)

    def post(
        self,
        name: str,
        at: Iterable[float],
        height: float,
        r0: float,
        role: str,
        r1: float | None = None,
        sx: float = 1.0,
        sy: float = 1.0,
        **kw: Any,
    ) -> Part:
        """An upright frustum standing on ``at`` (flat caps: posts, pots, coins)."""
        clips = kw.pop("clips", ())
        hollow = kw.pop("hollow", False)
        shape = frustum(height, r0, r1, sx=sx, sy=sy, clips=clips, hollow=hollow)
        return self.part(name, shape, role, at, **kw)

    def rod(
        self,
        name: str,
        p0: Iterable[float],
        p1: Iterable[float],
        r0: float,
        role: str,
        r1: float | None = None,
        flat: bool = False,
        up: Iterable[float] = (0.0, 1.0, 0.0),
        **kw: Any,
    ) -> Part:
        """A capsule (or a flat-capped frustum) from ``p0`` to ``p1``."""
        a = np.asarray(tuple(p0), np.float64)
        v = np.asarray(tuple(p1), np.float64) - a
        length = float(np.linalg.norm(v))
        clips = kw.pop("clips", ())
        shape = (
            frustum(length, r0, r1, clips=clips) if flat else capsule(length, r0, r1, clips=clips)
        )
        return self.part(name, shape, role, tuple(a), axes=aim(v, tuple(up)), **kw)

    def ball(self, name: str, at: Iterable[float], radii: Vec, role: str, **kw: Any) -> Part:
        clips = kw.pop("clips", ())
        hollow = kw.pop("hollow", False)
        return self.part(name, ellipsoid(*radii, clips=clips, hollow=hollow), role, at, **kw)

    # flames ------------------------------------------------------------------------
    def flame(
        self, parent: str, at: Iterable[float], size: float, tongues: int = 1, role: str = "flame"
    ) -> list[str]:
        """A fire of ``tongues`` flames about ``2 * size`` tall, each on a two-joint chain
        (``flicker`` sways the chains; tips lag). Returns the base joints."""
        x0, y0, z0 = (float(v) for v in at)
        spots = [(0.0, 0.0, 1.0), (-0.5, 0.15, 0.68), (0.48, -0.12, 0.74), (0.05, 0.5, 0.6)]
        out = []
        for sx, sy, scale in spots[: max(1, tongues)]:
            n = self._flames
            self._flames += 1
            s = size * scale
            j = self.joint(f"flame{n}", parent, (x0 + sx * size, y0 + sy * size, z0))
            tip = self.joint(f"flame{n}_tip", j, (0.0, 0.0, s * 0.95))
            body, top = f"flame{n}_body", f"flame{n}_tip"
            self.part(
                body,
                ellipsoid(s * 0.5, s * 0.5, s * 0.66),
                role,
                (0.0, 0.0, s * 0.55),
                joint=j,
                group="flame",
                min_px=2.0,
            )
            self.part(
                top,
                capsule(s * 0.8, s * 0.36, s * 0.05),
                role,
                (0.0, 0.0, -s * 0.3),
                joint=tip,
                group="flame",
                min_px=1.0,
            )
            self.info.setdefault("flames", []).append(j)
            self.no_snow.update({body, top})
            out.append(j)
        return out

    # motion hooks ------------------------------------------------------------------
    def hinge(self, joint: str, open_angles: Vec, is_open: bool) -> None:
        """A hinge the ``open`` motion swings by ``open_angles``; built open, it rests
        there already."""
        if is_open:
            self.b.rest[joint] = open_angles
            self.info["opened"] = True
        else:
            self.info.setdefault("hinges", {})[joint] = list(open_angles)
            # The pose a canvas must also hold for the ``open`` motion to stay on it.
            poses = self.info.setdefault("fit_poses", [{}])
            poses[0][joint] = list(open_angles)

    def sway(self, *joints: str) -> None:
        self.info.setdefault("sway", []).extend(joints)

    def cloth(self, joints: list[str], axis: Vec, amp: float) -> None:
        """A cloth chain ``wave`` ripples: ``axis`` weighs (swing, spread, twist)."""
        self.info["cloth"] = {"joints": list(joints), "axis": list(axis), "amp": amp}

    def glow(self, *joints: str) -> None:
        """Joints carrying glowing parts, which ``pulse`` tilts as the glow swells."""
        self.info.setdefault("glow", []).extend(joints)

    def hover(self, name: str, parent: str, at: Vec, arm: float = 1.0) -> str:
        """A joint at ``at`` that ``pulse`` lifts and lowers without moving the rest.

        Joints only turn, so the bob is a turn of a pivot ``arm`` metres to the -X side:
        a few degrees lift the end of the arm (the returned joint) almost straight up."""
        pivot = self.joint(f"{name}_pivot", parent, (at[0] - arm, at[1], at[2]))
        self.info.setdefault("hover", {})[pivot] = arm
        return self.joint(name, pivot, (arm, 0.0, 0.0))

    # conditions applied to the whole prop -------------------------------------------
    def _frames(self) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        skel = Skeleton(tuple(self.b.joints))
        return skel.forward(Pose.from_angles(self.b.rest))

    def _placed(self) -> list[tuple[Part, np.ndarray, np.ndarray]]:
        frames = self._frames()
        out = []
        for p in self.b.parts:
            jrot, jpos = frames[p.joint]
            rot = jrot @ p.axes_matrix
            out.append((p, rot, jpos + jrot @ np.asarray(p.origin, np.float64)))
        return out

    def _snow(self) -> None:
        up = np.array([0.0, 0.0, 1.0])
        placed = self._placed()
        out = []
        for p, rot, c in placed:
            if p.name in self.no_snow or p.group == "flame":
                out.append(p)
                continue
            local_up = rot.T @ up
            axis = int(np.argmax(np.abs(local_up)))
            top = np.array([c[0], c[1], _support(p.shape, rot, c, up)])
            sign = 1.0 if local_up[axis] > 0 else -1.0
            cone = _is_cone(p.shape) and axis == 2 and sign > 0
            # A cap on a round part shows where the part is open to the sky, but a band
            # round the top of a flat-topped part under another would ring its middle.
            rounded = p.shape.kind == "ellipsoid" or cone
            if abs(local_up[axis]) < 0.75 or (not rounded and _covered(placed, p, top)):
                out.append(p)
                continue
            lim = (0.22, 9.0) if cone else _snow_limits(p.shape, axis, sign)
            out.append(replace(p, bands=(*p.bands, Band("snow", **{"xyz"[axis]: lim}))))
        self.b.parts = out

    def _burn(self) -> None:
        placed = [
            (p, rot, c) for p, rot, c in self._placed() if p.group != "flame" and p.detail == 0
        ]
        up = np.array([0.0, 0.0, 1.0])
        tops = []
        for p, rot, c in placed:
            top = _support(p.shape, rot, c, up)
            wide = (
                _support(p.shape, rot, c, np.array([1.0, 0, 0]))
                + _support(p.shape, rot, c, np.array([-1.0, 0, 0]))
            ) / 2
            tops.append((top, wide, c, p))
        if not tops:
            return
        height = max(t[0] for t in tops)
        size = float(np.clip(height * 0.22, 0.1, 1.0))
        tops.sort(key=lambda t: -(t[0] + 0.3 * t[1]))
        chosen: list[np.ndarray] = []
        for top, wide, c, _ in tops:
            if top < height * 0.7 or wide < height * 0.05:
                continue
            point = np.array([c[0], c[1], top - min(wide * 0.15, size * 0.25)])
            if all(np.linalg.norm(point[:2] - q[:2]) > 0.18 * height for q in chosen):
                chosen.append(point)
            if len(chosen) == 3:
                break
        if not chosen:  # a thin prop (a spear, a staff): its very top
            top, wide, c, _ = max(tops, key=lambda t: t[0])
            chosen.append(np.array([c[0], c[1], top - min(wide * 0.15, size * 0.25)]))
        for i, point in enumerate(chosen):
            self.flame("base", tuple(point), size * (1.0 if i == 0 else 0.75), tongues=3)

    def crack(self, name: str, axis: str = "x", seed: int = 0) -> None:
        """Two stepped cracks down the named part (bands of role ``crack``)."""
        p = self.b.find(name)
        if p is None:
            return
        rng = make_rng(int(self.p["layout"]), "crack", name, seed)
        bands = []
        lo = 0.0 if p.shape.kind in ("capsule", "frustum") else -1.0
        span = 1.0 - lo
        for _ in range(2):
            a = float(rng.uniform(-0.6, 0.45))
            z = lo + span * float(rng.uniform(0.55, 0.9))
            step = span * 0.14
            for _k in range(3):
                bands.append(Band("crack", **{axis: (a, a + 0.14)}, z=(z - step * 1.3, z)))
                a += float(rng.choice([-0.14, 0.14]))
                z -= step
        self.b.add_bands(name, *bands)

    def remove_upper(self, z: float, tilt: float = 22.0, shards: str | None = None) -> None:
        """Break the prop off along a slanted plane through height ``z``: parts wholly
        above it go, parts across it are cut and show their hollow inside, and a few
        shards of the main role lie around the foot (``shards`` overrides the role)."""
        a = math.radians(tilt)
        n = np.array([math.sin(a), 0.3 * math.sin(a), math.cos(a)])
        n /= np.linalg.norm(n)
        up = np.array([0.0, 0.0, 1.0])
        keep = []
        for p, rot, c in self._placed():
            low = -_support(p.shape, rot, c, -up)
            if low > z:
                continue
            if _support(p.shape, rot, c, n) > z:
                local_n = rot.T @ n
                plane = (*(float(v) for v in local_n), float(z - n @ c))
                shape = replace(p.shape, clips=(*p.shape.clips, plane), hollow=True)
                p = replace(p, shape=shape)
            keep.append(p)
        self.b.parts = keep
        self.cracked = True
        role = shards or self.kind.main_role
        size = max(z * 0.18, 0.03)
        for i in range(3):
            ang = 2.1 * i + self.uniform(-0.4, 0.4)
            dist = z * 1.1 + size
            at = (dist * math.cos(ang), dist * math.sin(ang), size * 0.25)
            self.slab(
                f"shard{i}",
                at,
                (size, size * 0.6, size * 0.25),
                role,
                axes=frame((0.2, 0.1, 1.0), (math.cos(ang * 3), math.sin(ang * 3), 0)),
            )

    def _generic_cracks(self) -> None:
        main = self.kind.main_role
        placed = [
            (p, c)
            for p, _, c in self._placed()
            if p.role == main and p.shape.kind in ("box", "frustum", "ellipsoid")
        ]
        if not placed:
            return
        size = sorted(placed, key=lambda pc: -float(np.prod(pc[0].shape.size[:3])))
        for i, (p, _) in enumerate(size[:3]):
            self.crack(p.name, seed=i)

    def _recentre(self) -> None:
        """Move the footprint's centre onto the root: a prop is fitted to its canvas by
        its reach from the root in eight directions, so an off-centre prop (a cart's
        shafts, a cluster of mushrooms) would waste the canvas on one side."""
        placed = self._placed()
        centre = []
        for axis in (np.array([1.0, 0.0, 0.0]), np.array([0.0, 1.0, 0.0])):
            hi = max(_support(p.shape, rot, c, axis) for p, rot, c in placed)
            lo = -max(_support(p.shape, rot, c, -axis) for p, rot, c in placed)
            centre.append((hi + lo) / 2)
        shift = np.array([-centre[0], -centre[1], 0.0])
        if float(np.hypot(*centre)) < 1e-4:
            return
        self.b.parts = [
            replace(p, origin=tuple(float(v) for v in np.asarray(p.origin) + shift))
            if p.joint == "base"
            else p
            for p in self.b.parts
        ]
        self.b.joints = [
            replace(j, offset=tuple(float(v) for v in np.asarray(j.offset) + shift))
            if j.parent == "base"
            else j
            for j in self.b.joints
        ]
        self.info["recentred"] = [round(float(v), 4) for v in shift[:2]]

    def _paints(self) -> dict[str, Paint]:
        out = dict(EXTRA_PAINTS)
        out.update(self.kind.paints)
        out.update(self.spec.paints)
        main = out[self.kind.main_role]
        # A crack reads by contrast: dark in a light material, a pale scratch in a dark one.
        crack_l = main.lightness * 0.5 if main.lightness > 0.42 else main.lightness + 0.3
        out.setdefault("crack", Paint(main.hue, main.chroma * 0.7, max(0.12, crack_l), "matte"))
        return out

    def finish(self, main: str | None = None) -> Model:
        """Apply the shared conditions and freeze the model (height from its parts)."""
        conds = self.kind.conditions
        if self.has("burning") and "burning" in conds and not self.no_fire:
            self._burn()
        if self.damaged and "damaged" in conds and not self.cracked:
            self._generic_cracks()
        if self.has("snowy") and "snowy" in conds:
            self._snow()
        self._recentre()
        paints = self._paints()
        for role, paint in paints.items():
            self.b.paint(role, paint)
        up = np.array([0.0, 0.0, 1.0])
        height = max(_support(p.shape, rot, c, up) for p, rot, c in self._placed())
        self.b.info.update(self.info)
        self.b.info["prop"] = self.kind.name
        # The states this build drew itself (so generic condition code can skip them).
        self.b.info["handled_conditions"] = [c for c in self.spec.conditions if c in conds]
        return self.b.model(round(height, 4), main or self.kind.main_role, grid_aligned=True)


def _is_cone(shape: Shape) -> bool:
    """A frustum narrowing to under half its base: a pine tier, a roof, a tent."""
    return shape.kind == "frustum" and shape.size[2] < 0.5 * shape.size[1]


def _covered(
    placed: list[tuple[Part, np.ndarray, np.ndarray]], part: Part, top: np.ndarray
) -> bool:
    """Whether another part lies on ``part``'s top (a ray falling on it hits that first)."""
    origin = top + np.array([0.0, 0.0, 50.0])
    down = np.array([0.0, 0.0, -1.0])
    for q, rot, c in placed:
        if q is part or q.group == "flame":
            continue
        hits = intersect(q.shape, ((origin - c) @ rot)[None], rot.T @ down)
        if float(hits.t[0]) < 50.0 - 0.012:
            return True
    return False


def _snow_limits(shape: Shape, axis: int, sign: float) -> tuple[float, float]:
    """The normalised range along ``axis`` that snow covers on a part's upward end."""
    s = shape.size
    depth = 0.06  # metres of snow seen on a side face
    if shape.kind == "ellipsoid":
        lo = 0.55
    elif shape.kind == "box":
        lo = float(np.clip(1.0 - depth / max(s[axis], 1e-6), 0.25, 0.9))
    elif axis == 2:  # capsule or frustum along its own axis: 0..1
        length = max(s[0], 1e-6)
        lo = float(np.clip(1.0 - depth / length, 0.6, 0.97))
        return (lo, 9.0) if sign > 0 else (-9.0, 1.0 - lo)
    else:
        lo = 0.45
    return (lo, 1.01) if sign > 0 else (-1.01, -lo)
