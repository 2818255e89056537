"""Posing a figure to skeleton keypoints (bitforge's ``skeleton_keypoints``).

The keypoints name the contract's skeleton labels (shoulders, elbows, hands as ``ARM``,
hips, knees, ankles as ``LEG``). For each limb whose points are given, the figure's
shoulder (or hip) and elbow (or knee) angles are searched on a grid, and the ones whose
projected upper and lower limb point the way the keypoints' do (cosine of the 2D
directions) are kept. Before the limbs, the spine and head: the lean (forward and to
the side) whose hips-to-neck line points the way the keypoints' does, then the nod whose
neck-to-nose line does (an upright skeleton keeps the figure upright: ties go to the
smaller angle). Only the directions are matched: the figure keeps its own
proportions, and the placement (scale and position) is done by the caller from the
keypoints' box. Each candidate costs a forward pass of the skeleton, not a render.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np

from pixelkiln.engine.subjects.motion.mannequin import arm, leg, torso
from pixelkiln.engine.subjects.render import (  # the projection without the raster
    _keypoints,
    _pose_frames,
    yaw_for,
)
from pixelkiln.engine.subjects.subject import Look, Subject, camera_for

__all__ = ["LIMBS", "pose_angles"]

#: Lean and nod angles tried (degrees), smallest first so ties keep the figure upright.
_LEANS = tuple(sorted(range(-40, 41, 10), key=abs))

A3 = tuple[float, float, float]
#: Limb -> (root, middle, end) keypoint labels and the side letter of its joints.
LIMBS: dict[str, tuple[str, str, str, str]] = {
    "right arm": ("RIGHT SHOULDER", "RIGHT ELBOW", "RIGHT ARM", "r"),
    "left arm": ("LEFT SHOULDER", "LEFT ELBOW", "LEFT ARM", "l"),
    "right leg": ("RIGHT HIP", "RIGHT KNEE", "RIGHT LEG", "r"),
    "left leg": ("LEFT HIP", "LEFT KNEE", "LEFT LEG", "l"),
}
_ARM_GRID = (np.arange(-40, 181, 20), (-60.0, 0.0, 60.0), (0.0, 45.0, 90.0, 130.0))
_LEG_GRID = (np.arange(-40, 81, 15), (-60.0, -30.0, 0.0, 30.0, 60.0), (0.0, 40.0, 80.0))


def _unit(v: np.ndarray) -> np.ndarray | None:
    n = float(np.hypot(*v))
    return v / n if n > 1e-6 else None


def _vectors(
    points: dict[str, np.ndarray], labels: tuple[str, str, str]
) -> list[np.ndarray | None]:
    root, mid, end = (points.get(lab) for lab in labels)
    out: list[np.ndarray | None] = [None, None]
    if root is not None and mid is not None:
        out[0] = _unit(mid - root)
    if mid is not None and end is not None:
        out[1] = _unit(end - mid)
    if out[0] is None and root is not None and end is not None:
        out[0] = _unit(end - root)
    return out


def pose_angles(
    subject: Subject, look: Look, direction: str, targets: list[tuple[float, float, str]]
) -> tuple[dict[str, A3], dict[str, float]]:
    """Joint angles that point the limbs the way ``targets`` (x, y, label) do, and the
    score (mean cosine, 1 is exact) of each limb posed."""
    model = subject.sized(max(look.image_size)).model
    if subject.spec.kind != "character" or not model.keypoints:
        return {}, {}
    want = {lab: np.array([x, y], np.float64) for x, y, lab in targets}
    camera = camera_for(model, look)
    yaw = yaw_for(model, direction, camera.view)
    w, h = camera.size
    angles: dict[str, A3] = {}
    scores: dict[str, float] = {}

    def seen(extra: dict[str, A3]) -> dict[str, np.ndarray]:
        pose = model.pose({**angles, **extra})
        frames, _ = _pose_frames(model, pose, yaw, camera)
        return {
            k["label"]: np.array([k["x"] * w, k["y"] * h])
            for k in _keypoints(model, frames, camera)
        }  # type: ignore[misc]

    _spine(want, angles, scores, seen)
    for name, (root, mid, end, side) in LIMBS.items():
        goal = _vectors(want, (root, mid, end))
        if all(g is None for g in goal):
            continue
        best: tuple[float, dict[str, A3]] | None = None
        is_arm = name.endswith("arm")
        grid = _ARM_GRID if is_arm else _LEG_GRID
        for out_, swing, bend in itertools.product(*grid):
            extra = (
                arm(side, swing, float(out_), 0.0, bend)
                if is_arm
                else leg(side, swing, float(out_), bend)
            )
            got = _vectors(seen(extra), (root, mid, end))
            pairs = [
                (g, s) for g, s in zip(goal, got, strict=True) if g is not None and s is not None
            ]
            if not pairs:
                continue
            score = float(np.mean([g @ s for g, s in pairs]))
            if best is None or score > best[0]:
                best = (score, extra)
        if best is not None:
            angles.update(best[1])
            scores[name] = round(best[0], 3)
    return angles, scores


def _hips(points: dict[str, np.ndarray]) -> np.ndarray | None:
    hips = [points[k] for k in ("RIGHT HIP", "LEFT HIP") if k in points]
    return np.mean(hips, axis=0) if hips else None


def _spine(
    want: dict[str, np.ndarray],
    angles: dict[str, A3],
    scores: dict[str, float],
    seen: Callable[[dict[str, A3]], dict[str, np.ndarray]],
) -> None:
    """The lean, then the nod, that point the spine and head the keypoints' way (in
    place into ``angles``; see the module docstring)."""
    hips, neck, nose = _hips(want), want.get("NECK"), want.get("NOSE")
    if hips is not None and neck is not None and (goal := _unit(neck - hips)) is not None:
        best: tuple[float, dict[str, A3]] | None = None
        for lean, tilt in itertools.product(_LEANS, _LEANS):
            extra = torso(lean=float(lean), side=float(tilt))
            got = seen(extra)
            g_hips, g_neck = _hips(got), got.get("NECK")
            if g_hips is None or g_neck is None or (v := _unit(g_neck - g_hips)) is None:
                continue
            score = float(goal @ v)
            if best is None or score > best[0] + 1e-6:
                best = (score, extra)
        if best is not None:
            angles.update(best[1])
            scores["spine"] = round(best[0], 3)
    if neck is not None and nose is not None and (goal := _unit(nose - neck)) is not None:
        base = dict(angles)
        best = None
        for nod in _LEANS:
            extra = {k: v for k, v in torso(head=float(nod)).items() if k in ("neck", "head")}
            got = seen(extra)
            if "NECK" not in got or "NOSE" not in got:
                continue
            v = _unit(got["NOSE"] - got["NECK"])
            if v is None:
                continue
            score = float(goal @ v)
            if best is None or score > best[0] + 1e-6:
                best = (score, extra)
        if best is not None:
            angles.clear()
            angles.update({**base, **best[1]})
            scores["head"] = round(best[0], 3)
