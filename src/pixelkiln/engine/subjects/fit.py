"""Fitting a subject to its canvas: one scale and one pivot for every direction.

The screen extent of a posed model comes from its primitives' support functions (the
farthest point of an ellipsoid, box, capsule or frustum along a direction, exactly), so
a fit costs microseconds and never renders. A subject keeps one scale in every
direction and frame; that is what keeps its height and width consistent.

- Creatures (``character`` canvases): the body, not its hat or sword, is scaled to the
  requested ``image_size`` (about 88% of it tall, or 95% of it wide for long animals),
  and drawn on a canvas 28 px larger (the contract's standard bases: 64 gives 92) with
  the ground two pixels above the bottom of the inner box; the margin holds raised
  weapons, hats and the motion of animations. If an item would leave the canvas, the
  scale shrinks until it does not.
- Props (``object`` canvases): everything fits the canvas in all eight directions with
  a pixel to spare for the outline, centred.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from pixelkiln.engine.subjects.camera import DIRECTIONS, View, rot_z
from pixelkiln.engine.subjects.model import Model
from pixelkiln.engine.subjects.render import Camera, yaw_for
from pixelkiln.engine.subjects.rig import Pose
from pixelkiln.engine.subjects.shapes import Shape

__all__ = ["CHARACTER_MARGIN", "Extent", "extent", "fit_creature", "fit_prop"]

#: Standard character bases draw on a canvas this much larger than ``image_size``.
CHARACTER_MARGIN = 28


@dataclass(frozen=True)
class Extent:
    """Screen box of a model around its pivot, model units (v grows downward)."""

    u_min: float
    u_max: float
    v_min: float
    v_max: float

    def union(self, other: Extent) -> Extent:
        return Extent(
            min(self.u_min, other.u_min),
            max(self.u_max, other.u_max),
            min(self.v_min, other.v_min),
            max(self.v_max, other.v_max),
        )


def _inside(shape: Shape, p: np.ndarray) -> np.ndarray:
    """Which local points lie in the (uncut) solid."""
    s = shape.size
    if shape.kind == "ellipsoid":
        return ((p / np.array(s)) ** 2).sum(1) <= 1.0
    if shape.kind == "box":
        return (np.abs(p) <= np.array(s)).all(1)
    length, r0, r1 = s[0], s[1], s[2]
    if shape.kind == "frustum":
        sx, sy = (s[3], s[4]) if len(s) > 4 else (1.0, 1.0)
        z = p[:, 2]
        r = r0 + (r1 - r0) * np.clip(z / max(length, 1e-9), 0, 1)
        return (z >= 0) & (z <= length) & ((p[:, 0] / sx) ** 2 + (p[:, 1] / sy) ** 2 <= r * r)
    # capsule: within the radius of the nearest axis point (a close, slightly small hull)
    z = np.clip(p[:, 2], 0, length)
    r = r0 + (r1 - r0) * z / max(length, 1e-9)
    return (p[:, 0] ** 2 + p[:, 1] ** 2 + (p[:, 2] - z) ** 2) <= r * r


@lru_cache(maxsize=512)
def _cut_points(shape: Shape) -> np.ndarray:
    """Points filling a cut shape (a 16^3 grid over its bounds, kept where the solid and
    every cut hold): the fit of a lid or a half-dome measures what is really there."""
    centre, radius = shape.bound()
    axis = np.linspace(-radius, radius, 16)
    grid = np.stack(np.meshgrid(axis, axis, axis, indexing="ij"), -1).reshape(-1, 3) + centre
    keep = _inside(shape, grid)
    for nx, ny, nz, d in shape.clips:
        keep &= grid @ np.array([nx, ny, nz]) <= d + 1e-9
    pts = grid[keep]
    return pts if len(pts) else centre[None]


def _support(part, rot: np.ndarray, centre: np.ndarray, w: np.ndarray) -> float:
    s = part.shape.size
    kind = part.shape.kind
    if part.shape.clips:
        return float(((_cut_points(part.shape) @ rot.T + centre) @ w).max())
    if kind == "ellipsoid":
        return float(
            centre @ w + math.sqrt(sum((s[i] * float(rot[:, i] @ w)) ** 2 for i in range(3)))
        )
    if kind == "box":
        return float(centre @ w + sum(s[i] * abs(float(rot[:, i] @ w)) for i in range(3)))
    length, r0, r1 = s[0], s[1], s[2]
    tip = centre + rot[:, 2] * length
    if kind == "capsule":
        return max(float(centre @ w) + r0, float(tip @ w) + r1)
    sx, sy = (s[3], s[4]) if len(s) > 4 else (1.0, 1.0)
    ax, ay = float(rot[:, 0] @ w) * sx, float(rot[:, 1] @ w) * sy
    spread = math.hypot(ax, ay)
    return max(float(centre @ w) + r0 * spread, float(tip @ w) + r1 * spread)


def extent(
    model: Model,
    pose: Pose,
    direction: str,
    view: View,
    groups: Iterable[str] | None = None,
    level: int = 2,
) -> Extent:
    """Screen box of ``model`` in ``pose`` facing ``direction`` (only ``groups`` if
    given), before pixel snapping."""
    turn = rot_z(yaw_for(model, direction, view))
    frames = model.skeleton.forward(pose)
    right = np.array([1.0, 0.0, 0.0])
    up = view.up
    keep = None if groups is None else set(groups)
    box: Extent | None = None
    for part in model.parts:
        if part.detail > level or (keep is not None and part.group not in keep):
            continue
        jrot, jpos = frames[part.joint]
        rot = turn @ jrot @ part.axes_matrix
        centre = turn @ (jpos + jrot @ np.asarray(part.origin, dtype=np.float64))
        e = Extent(
            -_support(part, rot, centre, -right),
            _support(part, rot, centre, right),
            -_support(part, rot, centre, up),
            _support(part, rot, centre, -up),
        )
        box = e if box is None else box.union(e)
    return box or Extent(0.0, 0.0, 0.0, 0.0)


def _all_directions(model, pose, view, groups=None) -> Extent:
    boxes = [extent(model, pose, d, view, groups) for d in DIRECTIONS]
    out = boxes[0]
    for b in boxes[1:]:
        out = out.union(b)
    return out


def fit_creature(
    model: Model,
    image_size: tuple[int, int],
    view: View,
    body_groups: Sequence[str] | None = None,
    margin: int = CHARACTER_MARGIN,
) -> Camera:
    """Camera for a creature drawn at ``image_size`` (width, height) on a canvas
    ``margin`` pixels larger (see the module docstring)."""
    w, h = image_size
    cw, ch = w + margin, h + margin
    pose = model.pose()
    body = _all_directions(model, pose, view, body_groups)
    full = _all_directions(model, pose, view)
    tall = max(body.v_max - body.v_min, 1e-6)
    wide = max(max(-body.u_min, body.u_max) * 2, 1e-6)
    scale = min(0.88 * h / tall, 0.95 * w / wide)
    ground = margin // 2 + h - 2
    # Hats, raised weapons and tails stay on the canvas.
    half = cw / 2 - 1
    over = max(-full.u_min, full.u_max) * scale
    if over > half:
        scale *= half / over
    above = -full.v_min * scale
    if above > ground - 1:
        scale *= (ground - 1) / above
    return Camera(view=view, scale=scale, size=(cw, ch), pivot=(cw // 2, ground))


def fit_prop(model: Model, size: tuple[int, int], view: View, pad: int = 1) -> Camera:
    """Camera that fits ``model`` in every direction on a ``size`` (width, height) canvas."""
    w, h = size
    box = _all_directions(model, model.pose(), view)
    # Poses the prop's own motions reach (a lid swung open) must stay on the canvas too.
    for angles in model.info.get("fit_poses", ()):
        pose = model.pose({k: tuple(v) for k, v in angles.items()})
        box = box.union(_all_directions(model, pose, view))
    half_w = max(-box.u_min, box.u_max, 1e-6)
    scale = min((w / 2 - pad - 0.5) / half_w, (h - 2 * pad - 1) / max(box.v_max - box.v_min, 1e-6))
    mid = (box.v_min + box.v_max) / 2 * scale
    pivot_y = round(h / 2 - mid)
    return Camera(view=view, scale=scale, size=(w, h), pivot=(w // 2, pivot_y))
