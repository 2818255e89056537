"""A reference figure's clothes put on another figure's frames through their bones.

Clothes are the pixels of a figure from its neck down (torso, arms, legs, feet) that
are neither skin (the colours of the middle of the face, unless the head is a closed
helmet) nor the
outline: found by *place*, not by colour,
so a material the clothes share with the head (a knight's steel legs and helmet) is
changed on the legs and kept on the helmet.

Every clothes pixel of a frame is expressed in the coordinates of its nearest body bone
in that frame's fitted skeleton (:mod:`.bones`: along the bone, and across it scaled by
the two figures' heights) and takes the colour of the reference's pixel at the same
coordinates on the reference's skeleton, when that pixel is clothes too. A pixel whose
place in the reference is not clothes (a sleeve reaching past the reference's arm)
takes what pixels of its own colour took most often; failing that, the colour of the
nearest reference clothes pixel. The silhouette, the head, skin, outline and everything
off the figure are kept byte for byte.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np
from scipy import ndimage

from pixelkiln.engine.sprites.analyse import SpriteAnalysis
from pixelkiln.engine.sprites.bones import BONES, bone_coords, bone_segments, from_bone
from pixelkiln.engine.sprites.fit import closed_helmet
from pixelkiln.engine.sprites.understand import SpriteModel

__all__ = ["Figure", "clothes_mask", "dress_frame", "read_figure"]

_BODY = np.array([name != "head" for name, _, _ in BONES])


@dataclass(frozen=True)
class Figure:
    """A figure read for dressing: its pixels, clothes mask, bones and height."""

    rgba: np.ndarray
    clothes: np.ndarray  # (h, w) bool
    segs: np.ndarray  # bones (see :func:`.bones.bone_segments`)
    height: int


def _near(rgb: np.ndarray, colours: list[tuple[int, int, int]]) -> np.ndarray:
    if not colours:
        return np.zeros(rgb.shape[:2], bool)
    diff = np.abs(rgb[..., None, :].astype(int) - np.array(colours, int)).sum(-1)
    return (diff <= 6).any(-1)


def _skin(rgba: np.ndarray, analysis: SpriteAnalysis) -> list[tuple[int, int, int]]:
    """The skin's colours: the face's material and the colours of the middle of the
    face (two pixels at least, the outline aside); none under a closed helmet."""
    if analysis.face is None or closed_helmet(analysis):
        return []
    head = analysis.regions.get("head")
    group = next((g for g in head.colours if analysis.face in g.shades), None) if head else None
    skin = set(group.shades) if group is not None else {analysis.face}
    top, height = analysis.box.top, max(1, analysis.head_px)
    row = analysis.widths[top : analysis.neck]
    half = max(1, int(row.max()) // 4) if len(row) else 1
    band = rgba[
        top + round(0.45 * height) : top + max(1, round(0.9 * height)),
        max(0, analysis.centre_x - half) : analysis.centre_x + half + 1,
    ]
    colours, counts = np.unique(band[band[..., 3] >= 128][:, :3], axis=0, return_counts=True)
    for colour, count in zip(colours, counts, strict=True):
        rgb = (int(colour[0]), int(colour[1]), int(colour[2]))
        if count >= 2 and rgb != analysis.outline_rgb:
            skin.add(rgb)
    return sorted(skin)


def clothes_mask(rgba: np.ndarray, analysis: SpriteAnalysis) -> np.ndarray:
    """The figure's clothes (see the module docstring)."""
    h = rgba.shape[0]
    rows = np.arange(h)[:, None]
    solid = analysis.mask.astype(bool) & (rgba[..., 3] >= 128)
    outline = [analysis.outline_rgb] if analysis.outline_rgb is not None else []
    rgb = rgba[..., :3]
    skin = _skin(rgba, analysis)
    return solid & (rows >= analysis.neck) & ~_near(rgb, skin) & ~_near(rgb, outline)


def read_figure(sm: SpriteModel) -> Figure | None:
    """A biped's clothes and bones; None for anything else."""
    if sm.plan != "biped" or sm.analysis is None or not sm.keypoints:
        return None
    h, w = sm.rgba.shape[:2]
    return Figure(
        sm.rgba,
        clothes_mask(sm.rgba, sm.analysis),
        bone_segments(sm.keypoints, (w, h)),
        sm.analysis.box.height,
    )


def dress_frame(frame: Figure, reference: Figure) -> np.ndarray:
    """``frame``'s pixels with ``reference``'s clothes (see the module docstring)."""
    out = frame.rgba.copy()
    ys, xs = np.nonzero(frame.clothes)
    if len(ys) == 0 or not reference.clothes.any():
        return out
    segs = frame.segs.copy()
    # Only body bones carry clothes: the head's bone is moved far off so it never wins.
    segs[~_BODY] = 1e6
    coords = bone_coords(segs, xs, ys)
    at = from_bone(reference.segs, coords, reference.height / max(1, frame.height))
    rh, rw = reference.clothes.shape
    inside = (at[:, 0] >= 0) & (at[:, 0] < rw) & (at[:, 1] >= 0) & (at[:, 1] < rh)
    hit = np.zeros(len(ys), bool)
    hit[inside] = reference.clothes[at[inside, 1], at[inside, 0]]
    ref_rgb = reference.rgba[..., :3]
    new = np.zeros((len(ys), 3), np.uint8)
    new[hit] = ref_rgb[at[hit, 1], at[hit, 0]]
    # The colour each of the frame's colours took most often, for the pixels that missed.
    old = [tuple(int(v) for v in c) for c in frame.rgba[ys, xs, :3]]
    took: dict[tuple[int, ...], Counter[tuple[int, ...]]] = {}
    for i in np.nonzero(hit)[0]:
        took.setdefault(old[i], Counter())[tuple(int(v) for v in new[i])] += 1
    _, (iy, ix) = ndimage.distance_transform_edt(~reference.clothes, return_indices=True)
    for i in np.nonzero(~hit)[0]:
        if old[i] in took:
            new[i] = sorted(took[old[i]].items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        else:
            y, x = np.clip(at[i, 1], 0, rh - 1), np.clip(at[i, 0], 0, rw - 1)
            new[i] = ref_rgb[iy[y, x], ix[y, x]]
    out[ys, xs, :3] = new
    return out
