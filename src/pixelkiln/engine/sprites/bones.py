"""Bones of a fitted figure and coordinates relative to them.

A figure's 18 contract keypoints (x, y in 0..1 of the canvas) give eleven bones: the
head (neck to nose), the torso (neck to the hips' midpoint), and two segments to each
limb. A pixel is expressed in the coordinates of its nearest bone: ``t`` along it (0 at
its start, 1 at its end, beyond either end outside 0..1) and ``d`` across it in pixels,
so the same point can be found again on another skeleton (another frame, another
sprite) whatever the bone's length and turn there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

__all__ = ["BONES", "BoneCoords", "bone_coords", "bone_segments", "from_bone"]

#: (name, start label, end label); "HIPS" is the midpoint of the two hips.
BONES: tuple[tuple[str, str, str], ...] = (
    ("head", "NECK", "NOSE"),
    ("torso", "NECK", "HIPS"),
    ("right upper arm", "RIGHT SHOULDER", "RIGHT ELBOW"),
    ("right forearm", "RIGHT ELBOW", "RIGHT ARM"),
    ("left upper arm", "LEFT SHOULDER", "LEFT ELBOW"),
    ("left forearm", "LEFT ELBOW", "LEFT ARM"),
    ("right thigh", "RIGHT HIP", "RIGHT KNEE"),
    ("right shin", "RIGHT KNEE", "RIGHT LEG"),
    ("left thigh", "LEFT HIP", "LEFT KNEE"),
    ("left shin", "LEFT KNEE", "LEFT LEG"),
)

BoneCoords = tuple[np.ndarray, np.ndarray, np.ndarray]  # (bone index, t, d)


def bone_segments(keypoints: Sequence[dict[str, Any]], size: tuple[int, int]) -> np.ndarray:
    """``(len(BONES), 2, 2)`` start and end (x, y) in pixels of each bone; a bone whose
    labels are missing collapses onto the torso's start."""
    w, h = size
    at = {k["label"]: np.array([float(k["x"]) * w, float(k["y"]) * h]) for k in keypoints}
    if "RIGHT HIP" in at and "LEFT HIP" in at:
        at["HIPS"] = (at["RIGHT HIP"] + at["LEFT HIP"]) / 2
    anchor = at.get("NECK", np.array([w / 2, h / 2]))
    segs = np.empty((len(BONES), 2, 2))
    for i, (_, a, b) in enumerate(BONES):
        segs[i, 0] = at.get(a, anchor)
        segs[i, 1] = at.get(b, segs[i, 0])
    return segs


def bone_coords(segs: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> BoneCoords:
    """Each point's nearest bone and its (t, d) on it (see the module docstring). The
    points are pixel centres: pixel (x, y) is the point (x + 0.5, y + 0.5)."""
    p = np.stack([xs + 0.5, ys + 0.5], -1).astype(np.float64)[:, None, :]  # (n, 1, 2)
    a, b = segs[None, :, 0], segs[None, :, 1]
    ab = b - a
    length2 = np.maximum((ab**2).sum(-1), 1e-6)
    t = ((p - a) * ab).sum(-1) / length2
    closest = a + np.clip(t, 0, 1)[..., None] * ab
    dist = np.linalg.norm(p - closest, axis=-1)
    # A collapsed bone (length 0) is a point: it only wins where it is strictly nearest.
    dist = np.where(length2 > 1e-3, dist, dist + 0.5)
    bone = dist.argmin(1)
    rows = np.arange(len(bone))
    unit = ab[0, bone] / np.sqrt(length2[0, bone])[:, None]
    normal = np.stack([-unit[:, 1], unit[:, 0]], -1)
    d = ((p[:, 0] - a[0, bone]) * normal).sum(-1)
    return bone, t[rows, bone], d


def from_bone(segs: np.ndarray, coords: BoneCoords, across: float = 1.0) -> np.ndarray:
    """``(n, 2)`` integer (x, y) pixels at ``coords`` on the bones ``segs``; ``across``
    scales the distance from the bone (the ratio of two figures' heights)."""
    bone, t, d = coords
    a, b = segs[bone, 0], segs[bone, 1]
    ab = b - a
    length = np.maximum(np.linalg.norm(ab, axis=-1), 1e-6)
    unit = ab / length[:, None]
    # A collapsed bone has no direction: its points keep their offset straight across.
    unit = np.where((length > 1e-3)[:, None], unit, np.array([1.0, 0.0]))
    normal = np.stack([-unit[:, 1], unit[:, 0]], -1)
    point = a + t[:, None] * ab + (d * across)[:, None] * normal
    return np.floor(point).astype(int)
