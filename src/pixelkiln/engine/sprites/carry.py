"""One edit of an animation's first frame carried to all its frames, part by part.

The first frame is edited once (by the editing engine); what changed is then carried to
every other frame anchored to the figure's parts, so a hat follows the head and rust
spots stay on the same plates:

1. **Parts**: each pixel of the first frame belongs to the nearest bone of the skeleton
   fitted to it (:mod:`.bones`), the rows above a figure's neck to the head, and a
   pixel off the subject (where a hat is added) to its nearest subject pixel's part; a
   sprite with no skeleton (a prop) is one part.
2. **Where each part went**: in every frame, each part's offset is the whole-pixel shift
   under which most of its pixels find their own colour again (searched a few pixels
   round; ties go to the smaller shift). Parts of a walk move by a pixel or two between
   frames, so the shift finds them exactly where they are drawn alike.
3. **Colour changes** (recolours, materials, palettes): a colour every pixel of which
   (four in five at least) turned into one new colour within a part is a colour map of
   that part; each frame's pixels of that part (the part a pixel is nearest once the
   parts are shifted) take it, so pixels a frame shows and the first does not change too.
   A colour every part turned alike turns wherever a frame shows it.
4. **Pixel changes** (conditions, added or removed things): each changed pixel is moved
   by its part's shift; a drawn-over pixel lands where the frame shows the colour it had,
   an added one (a hat above the head) lands in any case, a removed one clears the frame's
   pixel of the same colour.

Every other pixel of every frame is returned byte for byte.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from scipy import ndimage

from pixelkiln.engine.sprites.analyse import analyse_sprite
from pixelkiln.engine.sprites.bones import BONES, bone_coords, bone_segments

__all__ = ["carry_edit", "part_labels"]

_MAP_SHARE = 0.8  # share of a colour's pixels in a part that must turn alike
_WEAK_MATCH = 0.3  # a part matching worse than this under its best shift follows the body


def part_labels(rgba: np.ndarray, keypoints: Sequence[dict[str, Any]] | None) -> np.ndarray:
    """``(h, w)`` part (bone index) of every canvas pixel: a pixel of the subject takes
    its nearest bone, except that a figure's rows above its neck are all the head's (a
    head is wide for its short bone); a pixel off the subject takes the part of the
    subject pixel nearest to it (a hat brim belongs to the head, not to the shoulder
    bone it is nearer). 0 everywhere when there is no skeleton."""
    h, w = rgba.shape[:2]
    solid = rgba[..., 3] >= 128
    if not keypoints or not solid.any():
        return np.zeros((h, w), int)
    segs = bone_segments(keypoints, (w, h))
    yy, xx = np.mgrid[0:h, 0:w]
    bone, _, _ = bone_coords(segs, xx.ravel(), yy.ravel())
    labels = bone.reshape(h, w)
    try:
        labels[: analyse_sprite(rgba).neck] = 0  # BONES[0] is the head
    except ValueError:  # no neck to read: the bones alone decide
        pass
    _, (iy, ix) = ndimage.distance_transform_edt(~solid, return_indices=True)
    return labels[iy, ix]


def _best_shift(
    first: np.ndarray, frame: np.ndarray, region: np.ndarray, reach: int
) -> tuple[tuple[int, int], float]:
    """The (dy, dx) under which most of ``region``'s pixels of ``first`` are found in
    ``frame``, and the share found."""
    ys, xs = np.nonzero(region)
    if len(ys) == 0:
        return (0, 0), 0.0
    h, w = frame.shape[:2]
    want = first[ys, xs]
    best, best_key = (0, 0), (-1, 0)
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            ty, tx = ys + dy, xs + dx
            inside = (ty >= 0) & (ty < h) & (tx >= 0) & (tx < w)
            hit = np.zeros(len(ys), bool)
            hit[inside] = (frame[ty[inside], tx[inside]] == want[inside]).all(-1)
            key = (int(hit.sum()), -(abs(dy) + abs(dx)))
            if key > best_key:
                best, best_key = (dy, dx), key
    return best, best_key[0] / len(ys)


def _colour_maps(
    first: np.ndarray, edited: np.ndarray, labels: np.ndarray, parts: int
) -> list[dict[tuple[int, ...], tuple[int, ...]]]:
    """Per part: old RGBA -> new RGBA for colours the edit turned alike (see step 3)."""
    solid = (first[..., 3] >= 128) & (edited[..., 3] >= 128)
    maps: list[dict[tuple[int, ...], tuple[int, ...]]] = []
    for part in range(parts):
        sel = solid & (labels == part)
        mapping: dict[tuple[int, ...], tuple[int, ...]] = {}
        old, inverse = np.unique(first[sel], axis=0, return_inverse=True)
        new = edited[sel]
        for i, colour in enumerate(old):
            turned = new[inverse.ravel() == i]
            values, counts = np.unique(turned, axis=0, return_counts=True)
            top = counts.argmax()
            if (values[top] != colour).any() and counts[top] >= _MAP_SHARE * len(turned):
                mapping[tuple(int(v) for v in colour)] = tuple(int(v) for v in values[top])
        maps.append(mapping)
    return maps


def _whole_map(
    first: np.ndarray, labels: np.ndarray, maps: list[dict[tuple[int, ...], tuple[int, ...]]]
) -> dict[tuple[int, ...], tuple[int, ...]]:
    """Colours every part that shows them turned into the same new colour: they turn in
    any part of any frame (a stripe pixel a swinging arm now covers), where a colour
    one part kept stays part by part."""
    solid = first[..., 3] >= 128
    out: dict[tuple[int, ...], tuple[int, ...]] = {}
    for colour in {c for m in maps for c in m}:
        here = solid & (first == np.array(colour, np.uint8)).all(-1)
        targets = {maps[p].get(colour) for p in np.unique(labels[here]).tolist()}
        if len(targets) == 1 and None not in targets:
            out[colour] = targets.pop()  # type: ignore[assignment]
    return out


def _frame_labels(
    frame: np.ndarray, labels: np.ndarray, solid0: np.ndarray, shifts: list[tuple[int, int]]
) -> np.ndarray:
    """Each pixel of ``frame`` labelled with the part whose shifted pixels are nearest."""
    h, w = labels.shape
    placed = np.full((h, w), -1)
    ys, xs = np.nonzero(solid0)
    part = labels[ys, xs]
    # intp even when the first frame has no solid pixel (an empty list is float64)
    dy = np.array([shifts[p][0] for p in part], dtype=np.intp)
    dx = np.array([shifts[p][1] for p in part], dtype=np.intp)
    ty, tx = ys + dy, xs + dx
    inside = (ty >= 0) & (ty < h) & (tx >= 0) & (tx < w)
    placed[ty[inside], tx[inside]] = part[inside]
    if (placed < 0).all():
        return labels
    _, (iy, ix) = ndimage.distance_transform_edt(placed < 0, return_indices=True)
    return placed[iy, ix]


def carry_edit(
    frames: Sequence[np.ndarray],
    edited_first: np.ndarray,
    keypoints: Sequence[dict[str, Any]] | None = None,
) -> tuple[list[np.ndarray], dict[str, Any]]:
    """``frames`` with ``edited_first``'s change to ``frames[0]`` carried to each (see
    the module docstring), and a record of each part's shift per frame."""
    first = np.asarray(frames[0], np.uint8)
    edited = np.asarray(edited_first, np.uint8)
    h, w = first.shape[:2]
    labels = part_labels(first, keypoints)
    parts = len(BONES) if keypoints else 1
    solid0 = first[..., 3] >= 128
    changed = (first != edited).any(-1)
    maps = _colour_maps(first, edited, labels, parts)
    whole = _whole_map(first, labels, maps)
    box = np.nonzero(solid0.any(1))[0]
    # Parts move a few pixels between frames: a sixth of the figure, 12 px at most.
    reach = min(12, max(2, (int(box[-1] - box[0]) + 1) // 6)) if len(box) else 2
    cy, cx = np.nonzero(changed)
    out = [edited.copy()]
    record: list[dict[str, list[int]]] = [{}]
    for frame in frames[1:]:
        frame = np.asarray(frame, np.uint8)
        body, _ = _best_shift(first, frame, solid0, reach)
        shifts: list[tuple[int, int]] = []
        for part in range(parts):
            shift, share = _best_shift(first, frame, solid0 & (labels == part), reach)
            shifts.append(shift if share >= _WEAK_MATCH else body)
        result = frame.copy()
        solid = frame[..., 3] >= 128
        mine = _frame_labels(frame, labels, solid0, shifts)
        for part, mapping in enumerate(maps):
            for old, new in mapping.items():
                hit = solid & (mine == part) & (frame == np.array(old, np.uint8)).all(-1)
                result[hit] = new
        for old, new in whole.items():  # a colour turned alike wherever it was
            hit = solid & (result == frame).all(-1) & (frame == np.array(old, np.uint8)).all(-1)
            result[hit] = new
        for y, x in zip(cy.tolist(), cx.tolist(), strict=True):
            dy, dx = shifts[labels[y, x]]
            ty, tx = y + dy, x + dx
            if not (0 <= ty < h and 0 <= tx < w):
                continue
            was, now = first[y, x], edited[y, x]
            if was[3] < 128 or (frame[ty, tx] == was).all():
                result[ty, tx] = now
        out.append(result)
        record.append(
            {BONES[p][0] if keypoints else "subject": list(s) for p, s in enumerate(shifts)}
        )
    return out, {"shifts": record}
