"""Skeletons, poses, forward kinematics and two-bone IK.

A :class:`Skeleton` is a list of named joints, parents first, each with its rest offset
from its parent (in the parent's frame). Joint frames share the model's axes at rest: X
east, Y north, Z up, the subject facing south (-Y). So a joint's own right-hand side is
-X for a figure that faces the viewer, and "forward" is -Y.

A :class:`Pose` holds, per joint, a local rotation applied on top of the rest frame, and
a root translation. Rotations are written as angles in degrees with the readable names
of :func:`euler`: ``swing`` (about the joint's X; positive brings a hanging limb
forward), ``spread`` (about its Y; positive moves a hanging limb toward +X, the
subject's own left) and ``twist`` (about Z; positive turns its front to its left).
Motion templates write poses in these terms, never as raw matrices, so they read like
animation notes.

Sides: a subject's own left is +X (it faces -Y), its right -X. Joint names say ``l_`` and
``r_`` from the subject's point of view, as animators do.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import numpy as np

from pixelkiln.engine.subjects.camera import rot_x, rot_y, rot_z

__all__ = ["Joint", "Pose", "Skeleton", "euler", "solve_two_bone"]


def euler(swing: float = 0.0, spread: float = 0.0, twist: float = 0.0) -> np.ndarray:
    """A local rotation from readable angles (degrees), applied twist . spread . swing.

    ``swing``: about X, a limb hanging down (-Z) moves forward (-Y) for positive values.
    ``spread``: about Y, it moves toward +X (the subject's own left) for positive values.
    ``twist``: about Z, counter-clockwise seen from above (the front turns to the left).
    """
    # rot_x(+a) turns -Z toward +Y (backward); a forward swing is the opposite.
    return rot_z(twist) @ rot_y(-spread) @ rot_x(-swing)


@dataclass(frozen=True)
class Joint:
    """One joint: its name, parent and rest offset from the parent (model units)."""

    name: str
    parent: str | None
    offset: tuple[float, float, float]


@dataclass(frozen=True)
class Skeleton:
    """Joints in parent-first order."""

    joints: tuple[Joint, ...]

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for j in self.joints:
            if j.parent is not None and j.parent not in seen:
                msg = f"joint {j.name!r} comes before its parent {j.parent!r}"
                raise ValueError(msg)
            if j.name in seen:
                msg = f"joint {j.name!r} is defined twice"
                raise ValueError(msg)
            seen.add(j.name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(j.name for j in self.joints)

    def joint(self, name: str) -> Joint:
        for j in self.joints:
            if j.name == name:
                return j
        msg = f"no joint {name!r}"
        raise KeyError(msg)

    def rest_positions(self) -> dict[str, np.ndarray]:
        """Joint positions at rest (model space)."""
        frames = self.forward(Pose())
        return {name: pos for name, (_, pos) in frames.items()}

    def forward(self, pose: Pose) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """World (model-space) rotation and position of every joint under ``pose``."""
        out: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        for j in self.joints:
            local = pose.rotations.get(j.name)
            if j.parent is None:
                rot = pose.root_rotation if local is None else pose.root_rotation @ local
                pos = np.asarray(j.offset, dtype=np.float64) + pose.root_offset
            else:
                prot, ppos = out[j.parent]
                pos = ppos + prot @ np.asarray(j.offset, dtype=np.float64)
                rot = prot if local is None else prot @ local
            out[j.name] = (rot, pos)
        return out


@dataclass
class Pose:
    """Local joint rotations on top of rest, and the root's translation and rotation."""

    rotations: dict[str, np.ndarray] = field(default_factory=dict)
    root_offset: np.ndarray = field(default_factory=lambda: np.zeros(3))
    root_rotation: np.ndarray = field(default_factory=lambda: np.eye(3))

    @classmethod
    def from_angles(
        cls,
        angles: Mapping[str, Iterable[float]],
        root_offset: Iterable[float] = (0.0, 0.0, 0.0),
        root_angles: Iterable[float] = (0.0, 0.0, 0.0),
    ) -> Pose:
        """A pose from ``{joint: (swing, spread, twist)}`` in degrees."""
        rotations = {name: euler(*tuple(a)) for name, a in angles.items()}
        return cls(
            rotations=rotations,
            root_offset=np.asarray(tuple(root_offset), dtype=np.float64),
            root_rotation=euler(*tuple(root_angles)),
        )


def solve_two_bone(
    base: np.ndarray,
    target: np.ndarray,
    upper: float,
    lower: float,
    bend: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Middle joint position and clamped end position of a two-bone chain.

    ``base`` is the root of the chain (a hip), ``target`` where the end should be (an
    ankle), ``bend`` the direction the middle joint bends toward (forward for a knee).
    An unreachable target is approached along the straight line.
    """
    to = target - base
    dist = float(np.linalg.norm(to))
    reach = upper + lower
    if dist < 1e-9:
        to = np.array([0.0, 0.0, -1.0])
        dist = 1e-9
    axis = to / dist
    dist = min(max(dist, abs(upper - lower) + 1e-6), reach - 1e-6)
    end = base + axis * dist
    # Law of cosines: distance along the axis to the middle joint's foot, and its height.
    along = (upper * upper - lower * lower + dist * dist) / (2 * dist)
    height = math.sqrt(max(upper * upper - along * along, 0.0))
    side = bend - axis * float(bend @ axis)
    norm = float(np.linalg.norm(side))
    side = side / norm if norm > 1e-9 else np.zeros(3)
    middle = base + axis * along + side * height
    return middle, end
