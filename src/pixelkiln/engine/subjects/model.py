"""What a subject is made of: parts bound to joints, paints, stamps and keypoints.

A :class:`Model` is the built form of a subject spec (:mod:`.spec`): a skeleton, the
parts on it, the paint of every material role, the small marks drawn after shading
(eyes), and where each of the contract's keypoints sits on the rig. Building a model
from a spec is deterministic, and nothing here knows about pixels: the renderer turns a
model, a pose, a direction and a view into a sprite.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from pixelkiln.engine.subjects.rig import Pose, Skeleton
from pixelkiln.engine.subjects.shapes import Shape

__all__ = [
    "FINISHES",
    "Band",
    "Leg",
    "Model",
    "Paint",
    "Part",
    "Stamp",
    "aim",
]

#: How a paint takes the light: ``matte`` (cloth, skin, wood), ``shiny`` (metal, gems:
#: a specular highlight shade), ``glow`` (flames, magic, lamps: lit from within, no
#: shadow side), ``glass`` (visors: shiny with a darker body).
FINISHES = ("matte", "shiny", "glow", "glass")


@dataclass(frozen=True)
class Paint:
    """A role's colour: OKLCH mid tone, lightness-step factor and finish."""

    hue: float
    chroma: float
    lightness: float
    finish: str = "matte"
    contrast: float = 1.0

    def to_dict(self) -> dict[str, object]:
        return {
            "hue": round(self.hue, 2),
            "chroma": round(self.chroma, 4),
            "lightness": round(self.lightness, 4),
            "finish": self.finish,
            "contrast": round(self.contrast, 3),
        }


@dataclass(frozen=True)
class Band:
    """A region of a part's normalised local coordinates painted with another role.

    Each of ``x``, ``y``, ``z`` (and ``r``, the distance from the shape's Z axis) is
    ``(lo, hi)`` or None (no limit): a belt is a ``z`` band of the torso, a boot the low
    end of a shin, a visor a box on the head's front, a shield's rim an ``r`` ring.
    """

    role: str
    x: tuple[float, float] | None = None
    y: tuple[float, float] | None = None
    z: tuple[float, float] | None = None
    r: tuple[float, float] | None = None  # distance from the shape's Z axis (rims, rings)
    detail: int = 0  # least detail level (0 low, 1 medium, 2 high) that draws it

    def contains(self, local: np.ndarray) -> np.ndarray:
        ok = np.ones(len(local), bool)
        for axis, lim in enumerate((self.x, self.y, self.z)):
            if lim is not None:
                ok &= (local[:, axis] >= lim[0]) & (local[:, axis] <= lim[1])
        if self.r is not None:
            radius = np.hypot(local[:, 0], local[:, 1])
            ok &= (radius >= self.r[0]) & (radius <= self.r[1])
        return ok


@dataclass(frozen=True)
class Part:
    """A primitive bound to a joint.

    ``origin`` and ``axes`` place the shape in the joint's frame (``axes`` columns are
    the shape's X, Y, Z). ``group`` names the piece a part belongs to (body, left arm,
    cape, sword...): lines are drawn where one group passes in front of another.
    ``min_px`` is the least thickness (pixels) the part keeps at small sizes, so a thin
    limb or a staff never breaks into dots.
    """

    name: str
    joint: str
    shape: Shape
    role: str
    origin: tuple[float, float, float] = (0.0, 0.0, 0.0)
    axes: tuple[tuple[float, float, float], ...] = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    group: str = "body"
    bands: tuple[Band, ...] = ()
    min_px: float = 1.0
    detail: int = 0  # least detail level that draws it (trims, buttons, straps)

    @property
    def axes_matrix(self) -> np.ndarray:
        return np.array(self.axes, dtype=np.float64).T


@dataclass(frozen=True)
class Leg:
    """A two-bone leg the animator can plant: joints from the body down to the ankle.

    ``knee_forward``: the middle joint bends forward (a knee) or back (a forelimb's
    elbow). ``phase`` is where the leg sits in a gait cycle (0 and 0.5 for a biped's
    legs; a walking quadruped's four legs a quarter apart).
    """

    hip: str
    knee: str
    ankle: str
    knee_forward: bool = True
    phase: float = 0.0


@dataclass(frozen=True)
class Stamp:
    """A small mark drawn after shading where it faces the viewer and is not hidden:
    an eye, a mouth, a glint. ``at`` and ``facing`` are in the joint's frame."""

    kind: str
    joint: str
    at: tuple[float, float, float]
    facing: tuple[float, float, float]
    role: str = "eyes"
    part: str | None = None  # visible only where this part is the surface
    detail: int = 0


@dataclass
class Model:
    """A built subject (see the module docstring)."""

    kind: str  # "creature" or "prop"
    plan: str
    skeleton: Skeleton
    parts: tuple[Part, ...]
    paints: dict[str, Paint]
    height: float  # rest height in model units, the yardstick for scaling
    stamps: tuple[Stamp, ...] = ()
    keypoints: dict[str, tuple[str, tuple[float, float, float]]] = field(default_factory=dict)
    grid_aligned: bool = False  # props follow the isometric grid; creatures face the screen
    legs: tuple[Leg, ...] = ()  # chains the animator plants with IK
    main_role: str = "body"  # the role that sets the single-colour outline's hue
    info: dict[str, object] = field(default_factory=dict)
    #: The standing pose, as (swing, spread, twist) degrees per joint: every rotation
    #: image is drawn in it and every animation's angles are added to it.
    rest: dict[str, tuple[float, float, float]] = field(default_factory=dict)

    def pose(
        self,
        angles: dict[str, tuple[float, float, float]] | None = None,
        root_offset: tuple[float, float, float] = (0.0, 0.0, 0.0),
        root_angles: tuple[float, float, float] = (0.0, 0.0, 0.0),
    ) -> Pose:
        """The rest pose with ``angles`` added joint by joint."""
        total = {k: tuple(v) for k, v in self.rest.items()}
        for k, v in (angles or {}).items():
            base = total.get(k, (0.0, 0.0, 0.0))
            total[k] = tuple(a + b for a, b in zip(base, v, strict=True))
        return Pose.from_angles(total, root_offset, root_angles)

    def part(self, name: str) -> Part:
        for p in self.parts:
            if p.name == name:
                return p
        msg = f"no part {name!r}"
        raise KeyError(msg)

    @property
    def roles(self) -> tuple[str, ...]:
        """Roles in first-use order (parts, then bands, then stamps)."""
        seen: dict[str, None] = {}
        for p in self.parts:
            seen.setdefault(p.role)
            for b in p.bands:
                seen.setdefault(b.role)
        for s in self.stamps:
            seen.setdefault(s.role)
        return tuple(seen)


def aim(direction: np.ndarray | tuple[float, float, float], up_hint=(0.0, 1.0, 0.0)) -> tuple:
    """Axes whose Z points along ``direction``: for capsules and frustums laid from a
    joint toward another point. Returns the ``axes`` tuple a :class:`Part` takes."""
    z = np.asarray(direction, dtype=np.float64)
    n = np.linalg.norm(z)
    z = z / n if n > 1e-12 else np.array([0.0, 0.0, 1.0])
    hint = np.asarray(up_hint, dtype=np.float64)
    if abs(float(hint @ z)) > 0.95:
        hint = np.array([1.0, 0.0, 0.0]) if abs(z[0]) < 0.9 else np.array([0.0, 0.0, 1.0])
    x = np.cross(hint, z)
    x /= np.linalg.norm(x)
    y = np.cross(z, x)
    return tuple(tuple(float(v) for v in axis) for axis in (x, y, z))
