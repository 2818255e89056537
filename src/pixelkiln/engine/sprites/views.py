"""Other views of a creature drawn from its own pixels: a blob turned by moving its face,
a side-on quadruped mirrored and foreshortened.

A model fitted to a round creature or an animal seen side-on turns its silhouette well
enough, but its tones, mapped onto a sprite drawn in three or four flat colours, land as
blotches, and its proportions drift from the drawing (a slime's dome became a tall bell,
a wolf's dark tail and legs turned light grey). For these two plans the drawing itself
already says most of what the other views show:

- **A blob drawn from the front** (:func:`turn_blob`) is a dome, round seen from above:
  its silhouette and its light (the highlight, the shadow band: the light is the
  camera's, it does not turn with the creature) are the same from every side. Only its
  face turns: each mark on it (an eye, a mouth: a small dark cluster inside the body)
  moves round the dome by the turn's angle, narrowing as it nears the edge, and is gone
  once it is on the far side.
- **A quadruped drawn side-on** (:func:`other_side`, :func:`three_quarter`) is seen from
  its other side as its horizontal mirror (pixel-art practice for an animal; see
  :func:`mirrorable` for when a design allows it), and three-quarter as its side view
  with the body's length foreshortened (columns that repeat their neighbour dropped, so
  legs, eyes and outlines keep their width) and its far end a pixel or two higher (the
  nearer feet lower on the ground). Every palette role stays where the drawing put it.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
from scipy import ndimage

from pixelkiln.engine.color import oklab_to_oklch, srgb_to_oklab

__all__ = ["mirrorable", "other_side", "three_quarter", "turn_blob"]

_EIGHT = np.ones((3, 3), bool)


def _keys(rgba: np.ndarray) -> np.ndarray:
    """One integer per pixel for its colour, -1 where transparent."""
    rgb = rgba[..., :3].astype(np.int64)
    key = (rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]
    return np.where(rgba[..., 3] > 0, key, -1)


def _rgb_of(key: int) -> np.ndarray:
    return np.array([(key >> 16) & 255, (key >> 8) & 255, key & 255], float)


def _lightness(key: int) -> float:
    return float(srgb_to_oklab(_rgb_of(key))[0])


def _outline_key(outline: tuple[int, int, int] | None) -> int:
    if outline is None:
        return -2
    return (outline[0] << 16) | (outline[1] << 8) | outline[2]


def _main_colour(key: np.ndarray, outline: int) -> int:
    """The commonest colour of the sprite other than its outline."""
    values, counts = np.unique(key[(key >= 0) & (key != outline)], return_counts=True)
    return int(values[counts.argmax()])


# -- a blob: the face moves round the dome ---------------------------------------------

#: A face mark is darker than the body's main colour by this much (OKLab lightness): an
#: eye or a mouth, not a shade of the body (a shadow band is a shade, and it touches the
#: edge anyway). A lighter cluster is the light's (a highlight) and stays where it is.
_MARK_DROP = 0.25
#: ... and at most this share of the silhouette's pixels.
_MARK_SHARE = 0.04
#: A mark is drawn while the cosine of its angle from the viewer is at least this: past
#: it the mark would be a sliver on the outline.
_MARK_FACING = 0.2
#: The face is carried round on a circle this share of the body's half-width on its row:
#: the dome's outline and its rim of shading are not face, and a mark carried out to the
#: full width lands on the outline a view early (the slime's eye on its edge at 45
#: degrees instead of a third of the way in).
_FACE_RADIUS = 0.8


def _face_marks(key: np.ndarray, outline: int) -> list[np.ndarray]:
    """The masks of the small dark clusters inside the body (its eyes, a mouth)."""
    solid = key >= 0
    inside = ndimage.binary_erosion(solid, _EIGHT, border_value=0)
    main = _lightness(_main_colour(key, outline))
    marks = []
    for k in np.unique(key[solid]):
        if _lightness(int(k)) > main - _MARK_DROP:
            continue
        lab, n = ndimage.label(key == k, _EIGHT)
        for c in range(1, n + 1):
            blob = lab == c
            if inside[blob].all() and blob.sum() <= _MARK_SHARE * solid.sum():
                marks.append(blob)
    return marks


def _fill_under(rgba: np.ndarray, mark: np.ndarray, marks: np.ndarray) -> None:
    """Paint ``mark`` in the body colour round it (in place): per row, the commonest
    colour beside it on that row (the row's own shade), else round it at all."""
    key = _keys(rgba)
    ring = ndimage.binary_dilation(mark, _EIGHT) & ~marks & (key >= 0)
    for y in np.unique(np.nonzero(mark)[0]):
        near = key[y][ring[y]]
        if not near.size:
            near = key[ring]
        values, counts = np.unique(near, return_counts=True)
        rgba[y, mark[y], :3] = _rgb_of(int(values[counts.argmax()])).astype(np.uint8)


def _row_span(solid: np.ndarray, y: int) -> tuple[float, float]:
    """The body's centre and half-width on row ``y`` (pixel edges)."""
    xs = np.nonzero(solid[y])[0]
    left, right = float(xs.min()), float(xs.max() + 1)
    return (left + right) / 2.0, (right - left) / 2.0


def _place_mark(out: np.ndarray, src: np.ndarray, mark: np.ndarray, turn: float) -> None:
    """Draw ``mark`` (``src``'s pixels) on ``out`` turned ``turn`` degrees round the
    dome's upright axis (in place): the angle read from where it sits across its row,
    narrower by the cosine as it nears the edge, kept a pixel inside the outline."""
    solid = src[..., 3] > 0
    ys, xs = np.nonzero(mark)
    y_mid = round(float(ys.mean()))
    centre, half = _row_span(solid, y_mid)
    half *= _FACE_RADIUS
    x_mid = float(xs.mean()) + 0.5
    angle = math.asin(float(np.clip((x_mid - centre) / half, -1.0, 1.0)))
    facing = math.cos(angle + math.radians(turn))
    if facing < _MARK_FACING:
        return
    x0, x1 = int(xs.min()), int(xs.max()) + 1
    width = max(1, round((x1 - x0) * facing / max(math.cos(angle), _MARK_FACING)))
    new_mid = centre + half * math.sin(angle + math.radians(turn))
    left = round(new_mid - width / 2.0)
    for y in np.unique(ys):  # inside the body on every row, off the outline
        c, hw = _row_span(solid, int(y))
        left = int(np.clip(left, math.ceil(c - hw) + 2, math.floor(c + hw) - 2 - width))
    for y in np.unique(ys):
        for i in range(width):
            sx = x0 + min(x1 - x0 - 1, int((i + 0.5) * (x1 - x0) / width))
            if mark[y, sx]:
                out[y, left + i] = src[y, sx]


def turn_blob(rgba: np.ndarray, outline: tuple[int, int, int] | None, turn: float) -> np.ndarray:
    """A blob drawn from the front, turned ``turn`` degrees clockwise seen from above
    (south to south-east is +45): the same dome in the same light, its face marks moved
    round it (see the module docstring)."""
    turn = (turn + 180.0) % 360.0 - 180.0
    key = _keys(rgba)
    marks = _face_marks(key, _outline_key(outline))
    if not marks or not turn:
        return rgba.copy()
    out = rgba.copy()
    every = np.logical_or.reduce(marks)
    for mark in marks:
        _fill_under(out, mark, every)
    for mark in marks:
        _place_mark(out, rgba, mark, turn)
    return out


# -- a side-on quadruped ----------------------------------------------------------------

#: Colours of one material: within this hue (degrees) and chroma of each other (greys,
#: below the chroma, share a material whatever their hue).
_SAME_HUE, _SAME_CHROMA = 30.0, 0.04
#: A body's lightest shade is a one-sided highlight when most of it lies in the upper
#: half and its centre is off the silhouette's by more than this share of the half-width.
_HIGHLIGHT_OFF = 0.25


def _shades_of(main: int, colours: list[int]) -> list[int]:
    """``colours`` that are shades of ``main``'s material."""
    base = oklab_to_oklch(srgb_to_oklab(_rgb_of(main)))
    out = []
    for k in colours:
        lch = oklab_to_oklch(srgb_to_oklab(_rgb_of(k)))
        if abs(lch[1] - base[1]) > _SAME_CHROMA:
            continue
        grey = max(lch[1], base[1]) < _SAME_CHROMA
        if grey or abs((lch[2] - base[2] + 180.0) % 360.0 - 180.0) <= _SAME_HUE:
            out.append(k)
    return out


def mirrorable(rgba: np.ndarray, outline: tuple[int, int, int] | None) -> bool:
    """Whether the design counts as symmetric: its other side may be drawn as its mirror.

    A side view shows one flank; the other is unseen, and an animal's two flanks are the
    same, so the mirror is the faithful guess. What a flip does get wrong is the light:
    lit from the top or top-front, a body is lit along its back and shadowed under its
    belly, which a flip keeps; lit from one side, its highlight sits on the lit side and
    would change sides. So the design is symmetric unless the body's material has a
    lighter shade that lies mostly in the silhouette's upper half and off its centre
    (a highlight on one shoulder). A pale belly or chest (lower half) is a marking of
    both flanks and the light's shadow side, not a side light. A one-sided marking
    (a scar, a saddle on one side) cannot be told from one view: it is mirrored too."""
    key = _keys(rgba)
    ok = _outline_key(outline)
    main = _main_colour(key, ok)
    colours = [int(k) for k in np.unique(key[(key >= 0) & (key != ok)])]
    lighter = [k for k in _shades_of(main, colours) if _lightness(k) > _lightness(main)]
    if not lighter:
        return True
    ys, xs = np.nonzero(key >= 0)
    top, bottom = ys.min(), ys.max()
    centre, half = (xs.min() + xs.max() + 1) / 2.0, (xs.max() + 1 - xs.min()) / 2.0
    light = np.isin(key, lighter)
    ly, lx = np.nonzero(light)
    upper = float(np.mean(ly < (top + bottom) / 2.0))
    off = abs(float(lx.mean()) + 0.5 - centre) / half
    return not (upper > 0.5 and off > _HIGHLIGHT_OFF)


def other_side(rgba: np.ndarray) -> np.ndarray:
    """A side view seen from the animal's other side: its horizontal mirror."""
    return rgba[:, ::-1].copy()


#: A three-quarter view keeps this share of the side view's length: cos 45 degrees is
#: 0.71 for the body's length, and the body's depth, now half-turned to the viewer,
#: adds some back.
_THREE_QUARTER = 0.78
#: The far end is this share of the silhouette's height higher (2 px at 37 px tall).
_FAR_LIFT = 0.06


#: What dropping a pixel from a row's run of one colour costs, by the run's length: a run
#: of 1 or 2 is a feature (an eye, a gap between legs, a slope's outline step) that
#: would vanish or halve; from 4 pixels on it is a stretch of body that just gets shorter.
_RUN_COST = {1: 12, 2: 6, 3: 2}


def _run_lengths(key: np.ndarray) -> np.ndarray:
    """Per pixel, the length of the run of its colour (transparency too) along its row."""
    h, w = key.shape
    left = np.ones((h, w), np.int64)
    right = np.ones((h, w), np.int64)
    for x in range(1, w):
        left[:, x] = np.where(key[:, x] == key[:, x - 1], left[:, x - 1] + 1, 1)
    for x in range(w - 2, -1, -1):
        right[:, x] = np.where(key[:, x] == key[:, x + 1], right[:, x + 1] + 1, 1)
    return left + right - 1


def _drop_columns(key: np.ndarray, first: int, last: int, n: int) -> list[int]:
    """The columns kept from ``first`` to ``last`` after dropping ``n``: each time the
    one whose pixels lie in the longest runs (a stretch of plain body, never an eye, an
    outline or a gap between legs if a plainer one is left; ``_RUN_COST``), at least a
    few columns from those dropped before so the foreshortening is spread along the
    body."""
    alive = list(range(first, last + 1))
    spacing = max(1, (last - first + 1) // max(1, n) // 2)
    dropped: list[int] = []
    for _ in range(n):
        runs = _run_lengths(key[:, alive])
        costs = np.vectorize(lambda r: _RUN_COST.get(int(r), 0))(runs).sum(0)
        inner = range(1, len(alive) - 1)
        near = [j for j in inner if all(abs(alive[j] - d) > spacing for d in dropped)]
        pool = near or list(inner)
        if not pool:
            break
        j = min(pool, key=lambda j: (int(costs[j]), alive[j]))
        dropped.append(alive.pop(j))
    return alive


def _foreshorten(rgba: np.ndarray, keep: float) -> np.ndarray:
    """``rgba`` with its silhouette's length cut to ``keep`` of it, centred where it was."""
    key = _keys(rgba)
    xs = np.nonzero((key >= 0).any(0))[0]
    first, last = int(xs.min()), int(xs.max())
    length = last - first + 1
    cols = _drop_columns(key, first, last, length - round(length * keep))
    out = np.zeros_like(rgba)
    start = first + (length - len(cols)) // 2
    out[:, start : start + len(cols)] = rgba[:, cols]
    return out


def _bottoms(solid: np.ndarray) -> np.ndarray:
    """Per column, its lowest opaque row (-1 where empty)."""
    h = solid.shape[0]
    lowest = h - 1 - np.argmax(solid[::-1], axis=0)
    return np.where(solid.any(0), lowest, -1)


def _belly_gap(solid: np.ndarray) -> list[int]:
    """The longest run of columns between two that reach the ground whose own lowest
    pixel does not (the belly between the fore and hind legs), or [] if none."""
    bottom = _bottoms(solid)
    ground = int(bottom.max())
    on = np.nonzero(bottom >= ground - 1)[0]
    best: list[int] = []
    for a, b in itertools.pairwise(on):
        if b - a - 1 > len(best):
            best = list(range(int(a) + 1, int(b)))
    return best


def _lift_far_end(rgba: np.ndarray, far_left: bool, lift: int) -> np.ndarray:
    """``rgba`` with its far end (one pair of legs and all beyond them) raised by
    ``lift`` pixels, in steps of one across the belly between the legs, so no leg is
    cut in two and each pair of feet stays level."""
    gap = _belly_gap(rgba[..., 3] > 0)
    if lift < 1 or len(gap) < 2:
        return rgba.copy()
    lift = min(lift, len(gap) - 1)
    out = rgba.copy()
    w = rgba.shape[1]
    for k in range(lift):
        step = gap[round((k + 1) * (len(gap) - 1) / (lift + 1))]
        cols = slice(0, step) if far_left else slice(step + 1, w)
        out[:-1, cols] = out[1:, cols]
        out[-1, cols] = 0
    return out


def three_quarter(
    rgba: np.ndarray, head_right: bool, toward_viewer: bool, lift: int | None = None
) -> np.ndarray:
    """A side view (head on the right when ``head_right``) seen three-quarter, facing
    the same screen side: toward the viewer (its tail the far end) or away (its head)."""
    short = _foreshorten(rgba, _THREE_QUARTER)
    if lift is None:
        ys = np.nonzero((rgba[..., 3] > 0).any(1))[0]
        lift = max(1, round(_FAR_LIFT * (ys.max() - ys.min() + 1))) if ys.size else 0
    far_left = head_right == toward_viewer
    return _lift_far_end(short, far_left, lift)
