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

__all__ = [
    "colour_keys",
    "end_on",
    "mirrorable",
    "other_side",
    "pack_rgb",
    "three_quarter",
    "turn_blob",
]

_EIGHT = np.ones((3, 3), bool)


def pack_rgb(rgb: np.ndarray) -> np.ndarray:
    """One integer per colour ``(..., 3)``: ``r << 16 | g << 8 | b``."""
    rgb = np.asarray(rgb).astype(np.int64)
    return (rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]


def colour_keys(rgba: np.ndarray) -> np.ndarray:
    """One integer per pixel for its colour (:func:`pack_rgb`), -1 where transparent."""
    return np.where(rgba[..., 3] > 0, pack_rgb(rgba[..., :3]), -1)


def _rgb_of(key: int) -> np.ndarray:
    return np.array([(key >> 16) & 255, (key >> 8) & 255, key & 255], float)


def _lightness(key: int) -> float:
    return float(srgb_to_oklab(_rgb_of(key))[0])


def _outline_key(outline: tuple[int, int, int] | None) -> int:
    return -2 if outline is None else int(pack_rgb(np.array(outline)))


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
    """The masks of the small dark clusters inside the body (its eyes, a mouth), each
    with the specks it holds (an eye's catchlight)."""
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
                marks.append(blob | _held_specks(key, blob))
    return marks


def _held_specks(key: np.ndarray, mark: np.ndarray) -> np.ndarray:
    """The clusters of 2 pixels or fewer touching ``mark`` (a catchlight in an eye):
    they belong to it, and left behind when it moves they would be specks."""
    near = ndimage.binary_dilation(mark, _EIGHT) & ~mark & (key >= 0)
    out = np.zeros_like(mark)
    for k in np.unique(key[near]):
        lab, _ = ndimage.label(key == k, _EIGHT)
        for c in np.unique(lab[near & (key == k)]):
            if (lab == c).sum() <= 2:
                out |= lab == c
    return out


def _fill_under(rgba: np.ndarray, mark: np.ndarray, marks: np.ndarray) -> None:
    """Paint ``mark`` in the body colour round it (in place): per row, the commonest
    colour beside it on that row (the row's own shade), else round it at all."""
    key = colour_keys(rgba)
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
    key = colour_keys(rgba)
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
    (a highlight on one shoulder; ``_HIGHLIGHT_OFF``). A pale belly or chest (lower
    half) is a marking of both flanks and the light's shadow side, not a side light.
    A one-sided marking (a scar, a saddle on one side) cannot be told from one view:
    it is mirrored too."""
    key = colour_keys(rgba)
    ok = _outline_key(outline)
    main = _main_colour(key, ok)
    colours = [int(k) for k in np.unique(key[(key >= 0) & (key != ok)])]
    lighter = [k for k in _shades_of(main, colours) if _lightness(k) > _lightness(main)]
    ys, xs = np.nonzero(key >= 0)
    middle = (ys.min() + ys.max()) / 2.0
    centre, half = (xs.min() + xs.max() + 1) / 2.0, (xs.max() + 1 - xs.min()) / 2.0
    for k in lighter:
        ly, lx = np.nonzero(key == k)
        upper = float(np.mean(ly < middle))
        if upper > 0.5 and abs(float(lx.mean()) + 0.5 - centre) / half > _HIGHLIGHT_OFF:
            return False
    return True


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
_RUN_COST = np.array([0, 12, 6, 2, 0])  # by run length, 4 and more the last


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
        costs = _RUN_COST[np.minimum(runs, len(_RUN_COST) - 1)].sum(0)
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
    key = colour_keys(rgba)
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


# -- a side-on quadruped head-on and tail-on -------------------------------------------

#: Seen end-on, the torso is this share as wide as it is tall in the side view: a
#: canine's chest is a little narrower than its body is deep, but narrower than this
#: the two legs under it touch and the view reads as a post, not an animal.
_CHEST = 1.0


_CROSS = ndimage.generate_binary_structure(2, 1)
#: The skull's top row is the first as wide as this share of the head's widest row
#: (above it, narrower runs: the ears).
_SKULL_ROW = 0.6
#: Seen end-on, the skull is this share as wide as it is tall (with its outline, two
#: pixels narrower than the chest it stands over).
_SKULL = 1.0


def _nearest(v: float) -> int:
    """``v`` rounded half up (Python's round takes halves to even, which would set two
    pieces centred on the same line a pixel apart)."""
    return math.floor(v + 0.5)


def _commonest(values: np.ndarray) -> int:
    vals, counts = np.unique(values, return_counts=True)
    return int(vals[counts.argmax()])


class _Side:
    """A side view (head on the right) read into the pieces an end-on view is built
    from: the torso's rows and colours down its middle, the fore and hind pairs of legs,
    the head (skull rows, ears, eye, snout and nose) and the tail. Raises ValueError when
    the drawing has no such pieces (no belly between two pairs of legs)."""

    def __init__(self, rgba: np.ndarray, outline: int) -> None:
        self.key, self.outline = colour_keys(rgba), outline
        self.solid = self.key >= 0
        self.fill = self.solid & (self.key != outline)
        bottom = _bottoms(self.solid)
        self.ground = int(bottom.max())
        gap = _belly_gap(self.solid)
        if len(gap) < 2:
            raise ValueError("no belly between the legs")
        self.mid = gap[len(gap) // 2]
        rows = np.nonzero(self.solid[:, self.mid])[0]
        self.top, self.belly = int(rows.min()), int(rows.max())
        self.fore = self._legs(gap[-1] + 1, rgba.shape[1])
        self.hind = self._legs(0, gap[0])
        self._read_head(bottom)
        # The head's marks only: a line between two legs is dark and inside too.
        marks = [m for m in _face_marks(self.key, outline) if not m[self.head_bottom :].any()]
        self.marks = np.logical_or.reduce([*marks, np.zeros_like(self.solid)])
        dark = _lightness(_main_colour(self.key, outline)) - _MARK_DROP
        snout = np.zeros_like(self.solid)
        snout[: self.head_bottom, self.snout_x :] = True
        darks = [k for k in np.unique(self.key[self.fill & snout]) if _lightness(int(k)) < dark]
        self.nose = snout & self.fill & np.isin(self.key, darks)

    def _legs(self, x0: int, x1: int) -> tuple[int, int]:
        """The first and last column of the pair of legs standing between x0 and x1."""
        xs = np.nonzero(self.solid[self.belly + 1 :, x0:x1].any(0))[0]
        if not xs.size:
            raise ValueError("no legs")
        return x0 + int(xs.min()), x0 + int(xs.max())

    def _read_head(self, bottom: np.ndarray) -> None:
        """The head's columns (those rising above the back on the head's side), its top
        (the ears'), its skull's top row (the first as wide as ``_SKULL_ROW`` of the
        head's widest row: above it are the ears), its bottom (the lowest row beyond the fore legs)
        and its snout (the columns at its tip lower than the skull by 3 rows or more)."""
        tops = np.where(self.solid.any(0), np.argmax(self.solid, axis=0), 10**6)
        w = self.key.shape[1]
        cols = [x for x in range(self.mid, w) if tops[x] < self.top - 1]
        if not cols:
            raise ValueError("no head above the back")
        self.head_x = (cols[0], max(x for x in range(w) if self.solid[:, x].any()))
        beyond = [int(bottom[x]) for x in range(self.fore[1] + 1, w) if bottom[x] >= 0]
        self.head_bottom = max(beyond) if beyond else (self.top + self.belly) // 2
        self.head_top = int(tops[cols[0] : self.head_x[1] + 1].min())
        widths = self.fill[:, cols[0] : self.head_x[1] + 1].sum(1)
        wide = np.nonzero(widths >= _SKULL_ROW * widths[: self.head_bottom + 1].max())[0]
        self.skull_top = int(wide.min())
        tip = int(tops[self.head_x[1]])
        snout = self.head_x[1]
        while snout > cols[0] and tops[snout - 1] >= tip - 2:
            snout -= 1
        self.snout_x = snout if self.head_x[1] - snout >= 1 else self.head_x[1] + 1

    def row_colours(self, rows: range, x0: int, x1: int) -> dict[int, int]:
        """Per row, the commonest fill colour (no marks) between columns x0 and x1."""
        out = {}
        for y in rows:
            on = self.fill[y, x0 : x1 + 1] & ~self.marks[y, x0 : x1 + 1]
            if on.any():
                out[y] = _commonest(self.key[y, x0 : x1 + 1][on])
        return out

    def torso_colours(self) -> dict[int, int]:
        """The torso's fill colour per row, down its middle column."""
        return self.row_colours(range(self.top, self.belly + 1), self.mid, self.mid)

    def legs(self, pair: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
        """A pair of legs' pixels (below the torso) as the left leg and the right."""
        crop = self.key[self.belly + 1 : self.ground + 1, pair[0] : pair[1] + 1]
        return self._part(crop)

    def _part(self, crop: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``crop`` (two legs, two ears side by side) parted at its inner column most
        of outline into a left and a right one; or, with no such line (one drawn), it
        and its mirror."""
        n = crop.shape[1]
        inner = [(int((crop[:, x] == self.outline).sum()), x) for x in range(2, n - 2)]
        best = max(inner, default=(0, 0))
        if best[0] < crop.shape[0] // 2:
            return crop, crop[:, ::-1]
        return crop[:, : best[1] + 1], crop[:, best[1] :]

    def ears(self) -> tuple[np.ndarray, np.ndarray] | None:
        """The ears' pixels (the head's rows above its skull) as a left and a right."""
        x0, x1 = self.head_x
        crop = self.key[self.head_top : self.skull_top, x0 : x1 + 1]
        xs = np.nonzero((crop >= 0).any(0))[0]
        if not xs.size:
            return None
        return self._part(crop[:, xs.min() : xs.max() + 1])

    def eye(self) -> np.ndarray | None:
        """The head's eye: its mark nearest the skull's middle (not the nose)."""
        lab, n = ndimage.label(self.marks[:, self.head_x[0] : self.snout_x], _EIGHT)
        if not n:
            return None
        best = max(range(1, n + 1), key=lambda c: int((lab == c).sum()))
        out = np.zeros_like(self.marks)
        out[:, self.head_x[0] : self.snout_x] = lab == best
        return out

    def tail(self) -> tuple[int, int, int] | None:
        """The tail's colour, middle row and thickness (its pixels behind the hind legs
        in the far half of them), or None: fewer columns behind the legs than half the
        pair's width are the rump's."""
        cols = [x for x in range(self.hind[0]) if self.fill[:, x].any()]
        if len(cols) < max(2, (self.hind[1] - self.hind[0] + 1) / 2):
            return None
        far = self.fill[:, cols[0] : cols[0] + max(1, len(cols) // 2)]
        ys = np.nonzero(far.any(1))[0]
        colour = _commonest(
            self.key[:, cols[0] : cols[-1] + 1][self.fill[:, cols[0] : cols[-1] + 1]]
        )
        return colour, round(float(ys.mean())), int(ys.max() - ys.min() + 1)


def _paint(
    canvas: np.ndarray,
    mask: np.ndarray,
    colours: dict[int, int] | int,
    outline: int,
    sides: str = "all",
) -> None:
    """Paint ``mask`` (in place) in its row's colour (or one colour), ringed in the
    outline; ``sides="chin"`` lines only its bottom edge (a snout seen head-on: its
    colours part it from the face, a line round it read as a mask)."""
    ring = ndimage.binary_dilation(mask, _CROSS) & ~mask
    if sides == "chin":  # only the pixels just below it
        below = np.zeros_like(mask)
        below[1:] = mask[:-1]
        ring &= below
    if outline >= 0:  # a sprite drawn without an outline gets none
        canvas[ring] = outline
    for y in np.unique(np.nonzero(mask)[0]):
        c = colours if isinstance(colours, int) else colours.get(int(y))
        if c is not None:
            canvas[y, mask[y]] = c


def _ellipse(shape: tuple[int, int], cx: float, cy: float, rx: float, ry: float) -> np.ndarray:
    yy, xx = np.mgrid[0 : shape[0], 0 : shape[1]]
    return ((xx + 0.5 - cx) / rx) ** 2 + ((yy + 0.5 - cy) / ry) ** 2 <= 1.0


def _stamp(canvas: np.ndarray, crop: np.ndarray, left: int, top: int) -> None:
    """Paste ``crop``'s opaque pixels onto ``canvas`` at (left, top), clipped (in place)."""
    h, w = canvas.shape
    for y, x in zip(*np.nonzero(crop >= 0), strict=True):
        if 0 <= top + y < h and 0 <= left + x < w:
            canvas[top + y, left + x] = crop[y, x]


def _skull(
    side: _Side, shape: tuple[int, int], cx: float, parity: int
) -> tuple[np.ndarray, int, int]:
    """The head seen end-on: a box ``_SKULL`` as wide as the skull is tall (of the
    torso's ``parity``, so both are centred on the same line), its corners cut, on the
    skull's rows; with its left column and width."""
    width = max(3, round(_SKULL * (side.head_bottom - side.skull_top)))
    width += (width - parity) % 2
    left = _nearest(cx - width / 2.0)
    mask = np.zeros(shape, bool)
    mask[side.skull_top : side.head_bottom, left : left + width] = True
    for y in (side.skull_top, side.head_bottom - 1):
        mask[y, left] = mask[y, left + width - 1] = False
    return mask, left, width


def _ears(canvas: np.ndarray, side: _Side, left: int, width: int) -> None:
    """The ears on the skull's two top corners (in place)."""
    ears = side.ears()
    if ears is None:
        return
    one, two = ears
    _stamp(canvas, one, left - 1, side.head_top)
    _stamp(canvas, two, left + width + 1 - two.shape[1], side.head_top)


def _face(canvas: np.ndarray, side: _Side, cx: float, width: int) -> None:
    """The snout seen head-on (its rows' colours, lined only along the chin, the nose in
    its middle) and the eye on either side of it (in place)."""
    x0, x1 = side.snout_x, side.head_x[1]
    inner = _nearest(cx)  # the eyes stay left of this column (and mirrored)
    if x1 > x0:
        cols = side.solid[:, x0 : x1 + 1]
        top = int(np.nonzero(cols.any(1))[0].min())
        bottom = side.head_bottom  # its lower line is the head's
        wide = max(2, width // 2 - 1)
        wide += (wide - width) % 2
        mask = np.zeros(canvas.shape, bool)
        left = _nearest(cx - wide / 2.0)
        mask[top + 1 : bottom, left : left + wide] = True
        _paint(canvas, mask, side.row_colours(range(top + 1, bottom), x0, x1), side.outline, "chin")
        ys, xs = np.nonzero(side.nose)
        if ys.size:  # seen head-on, the nose in the snout's middle on its own rows
            nw = min(max(1, wide - 2), int(xs.max() - xs.min() + 1))
            nw += (nw - wide) % 2 if nw + 1 <= wide - 2 else 0
            at = _nearest(cx - nw / 2.0)
            canvas[ys.min() : ys.max() + 1, at : at + nw] = int(side.key[ys[0], xs[0]])
            inner = at - 1  # a column apart from the nose: three marks, not one mask
    eye = side.eye()
    if eye is not None:
        ys, xs = np.nonzero(eye)
        crop = np.where(eye, side.key, -1)[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
        ew = crop.shape[1]
        at = min(_nearest(cx - width / 4.0 - ew / 2.0), inner - ew)
        _stamp(canvas, crop, at, int(ys.min()))
        _stamp(canvas, crop[:, ::-1], _nearest(2 * cx - at - ew), int(ys.min()))


def _legs(canvas: np.ndarray, side: _Side, pair: tuple[int, int], cx: float, half: float) -> None:
    """A pair of legs under the torso's two sides, their tops run up into it (in place)."""
    one, two = side.legs(pair)
    up = max(1, (side.belly - side.top) // 5)  # under the torso's rounded bottom
    top = side.belly + 1 - up
    one = np.vstack([np.repeat(one[:1], up, 0), one])
    two = np.vstack([np.repeat(two[:1], up, 0), two])
    _stamp(canvas, one, _nearest(cx - half) + 1, top)
    _stamp(canvas, two, _nearest(cx + half) - 1 - two.shape[1], top)


def end_on(
    rgba: np.ndarray, outline: tuple[int, int, int] | None, head_right: bool, front: bool
) -> np.ndarray | None:
    """A side view seen head-on (``front``) or tail-on, built from its own pieces
    (:class:`_Side`) on the same rows: the torso end-on (an ellipse as tall as the body,
    ``_CHEST`` as wide, in the colours down the body's middle: a pale belly stays its
    bottom rows), a pair of legs under its sides, the head (skull, ears on its corners;
    from the front the snout, nose and two eyes, from behind only its top over the back)
    and, from behind, the tail's end on the rump. None when the drawing has no such
    pieces."""
    src = rgba if head_right else rgba[:, ::-1]
    ok = _outline_key(outline)
    try:
        side = _Side(src, ok)
    except ValueError:
        return None
    shape = side.key.shape
    xs = np.nonzero(side.solid.any(0))[0]
    cx = (float(xs.min()) + float(xs.max()) + 1.0) / 2.0
    canvas = np.full(shape, -1, np.int64)
    tall = side.belly - side.top + 1
    half = _CHEST * tall / 2.0
    torso = _ellipse(shape, cx, (side.top + side.belly + 1) / 2.0, half - 1.0, tall / 2.0 - 1.0)
    parity = int(torso[int(np.nonzero(torso.any(1))[0].mean())].sum()) % 2
    skull, left, width = _skull(side, shape, cx, parity)
    skull_colours = side.row_colours(
        range(side.skull_top, side.head_bottom), side.head_x[0], side.snout_x - 1
    )
    if not front:  # only its top shows over the back
        skull[side.top + 2 :] = False
        _paint(canvas, skull, skull_colours, ok)
        _ears(canvas, side, left, width)
    _paint(canvas, torso, side.torso_colours(), ok)
    # The legs over the torso's bottom line: they run into the body, as drawn side-on.
    _legs(canvas, side, side.fore if front else side.hind, cx, half)
    if front:
        _paint(canvas, skull, skull_colours, ok)
        _ears(canvas, side, left, width)
        _face(canvas, side, cx, width)
    else:
        tail = side.tail()
        if tail is not None:
            colour, row, thick = tail
            r = max(1.0, (thick - 2) / 2.0)
            _paint(canvas, _ellipse(shape, cx, row + 0.5, r, r), colour, ok)
    out = np.zeros((*shape, 4), np.uint8)
    on = canvas >= 0
    out[on, 0], out[on, 1], out[on, 2] = canvas[on] >> 16, (canvas[on] >> 8) & 255, canvas[on] & 255
    out[on, 3] = 255
    return out
