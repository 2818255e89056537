"""Quality gates: numbers that catch "noise soup", seams and palette drift before a person does.

Every metric works on an RGBA array (or the index image :func:`index_image` makes of it)
and, for seamless tiles, on the torus: neighbours wrap around the edges, and same-colour
clusters that leave one edge and come back at the other are one cluster (the graph of
same-colour 4-neighbours, wrap edges included, goes to
``scipy.sparse.csgraph.connected_components``; exact, unlike labelling a 3x3 repeat).
Transparent pixels (alpha < 128) are ignored.

Gates (ART.md §5), with the reason for each number; :func:`check_texture` applies them:

- ``ORPHAN_MAX = 0.02``: share of pixels with no same-colour 8-neighbour. White-noise soup
  measures ~0.15; our textures measure 0-0.01, the rest being deliberate single pixels
  (glints, flower centres, sparkles) that the gallery shows are wanted.
- ``cluster_min(size)``: pixel-weighted mean cluster (Σs²/Σs). Soup is ~3 px; a 16 px tile
  needs >= 8, a 32 px tile >= 16, and larger tiles >= 20 (the gallery's busiest
  materials - gravel, hay, fabric - sit at 25-40 at 32 px).
- Seam: :func:`seam_error` must be 0 - the colour jump across the wrap seam may not exceed
  the tile's largest interior row/column jump. Statistics alone cannot tell a periodic
  tile's seam from its other boundaries (ART.md's ``seam_z`` reaches 4 on perfectly
  wrapped 16 px tiles with one joint line, and cropped clustered noise often scores
  low), so the engine guarantees the wrap by construction - periodic fields and
  wrapping filters, checked stage by stage in the tests - and then cuts the torus
  along its calmest row and column (:func:`calmest_cut`), which also keeps the tile edge
  from being emphasised. Cropped smooth noise, the classic visible seam, fails the gate.
- ``COLORS_MAX = 12`` per tile: a ramp of at most 6 shades, up to two features with two
  accent shades each, and a black outline. Plain materials use 3-8.
- Palette adherence must be exactly 1.0 when a palette is forced.
- ``VALUE_RANGE = (0.12, 0.75)``: OKLab L spread. Two steps of a 5-6 shade ramp (0.14) is
  the calmest stone floor in the gallery and still reads; under 0.12 a tile is flat. Over
  0.75 it fights the characters standing on it (lava and crystal, which glow, reach ~0.6;
  a black outline spans more by design, so callers pass wider bounds for it).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

from pixelkiln.engine.color import srgb_to_oklab

__all__ = [
    "COLORS_MAX",
    "ORPHAN_MAX",
    "VALUE_RANGE",
    "TextureReport",
    "boundary_jumps",
    "calmest_cut",
    "check_ramp",
    "check_texture",
    "cluster_labels",
    "cluster_min",
    "cluster_sizes",
    "color_count",
    "edge_fraction",
    "index_image",
    "isolated4_fraction",
    "mean_cluster",
    "orphan_fraction",
    "palette_adherence",
    "seam_error",
    "seam_z",
    "texture_report",
    "value_range",
]

ORPHAN_MAX = 0.02
COLORS_MAX = 12
VALUE_RANGE = (0.12, 0.75)

_N8 = [(dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dy or dx]


def cluster_min(shape: tuple[int, int]) -> float:
    """Smallest acceptable pixel-weighted mean cluster for a tile of this size."""
    side = min(shape)
    if side < 24:
        return 8.0
    if side < 48:
        return 16.0
    return 20.0


def index_image(rgba: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """An index image (-1 where transparent) and its colours ``(k, 3)`` uint8."""
    arr = np.asarray(rgba, np.uint8)
    if arr.ndim == 2:
        return arr.astype(np.int64), np.zeros((0, 3), np.uint8)
    rgb = arr[..., :3]
    opaque = arr[..., 3] > 127 if arr.shape[2] == 4 else np.ones(arr.shape[:2], bool)
    packed = (
        (rgb[..., 0].astype(np.int64) << 16) | (rgb[..., 1].astype(np.int64) << 8) | rgb[..., 2]
    )
    uniq, inverse = np.unique(packed[opaque], return_inverse=True)
    index = np.full(arr.shape[:2], -1, np.int64)
    index[opaque] = inverse.ravel()
    colors = np.stack([(uniq >> 16) & 255, (uniq >> 8) & 255, uniq & 255], axis=1)
    return index, colors.astype(np.uint8)


def _as_index(img: np.ndarray) -> np.ndarray:
    img = np.asarray(img)
    return img.astype(np.int64) if img.ndim == 2 else index_image(img)[0]


def _neighbours(index: np.ndarray, dy: int, dx: int, wrap: bool) -> np.ndarray:
    """The neighbour at offset (dy, dx) of every pixel; -2 off the edge when not wrapping."""
    if wrap:
        return np.roll(index, (-dy, -dx), axis=(0, 1))
    padded = np.pad(index, 1, constant_values=-2)
    h, w = index.shape
    return padded[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w]


def orphan_fraction(img: np.ndarray, wrap: bool = True) -> float:
    """Share of opaque pixels with no same-colour 8-neighbour (stray pixels)."""
    index = _as_index(img)
    opaque = index >= 0
    same = np.zeros(index.shape, bool)
    for dy, dx in _N8:
        same |= _neighbours(index, dy, dx, wrap) == index
    return float((opaque & ~same).sum() / max(opaque.sum(), 1))


def isolated4_fraction(img: np.ndarray, wrap: bool = True) -> float:
    """Share of opaque pixels with no same-colour 4-neighbour (noise and dither; report only)."""
    index = _as_index(img)
    opaque = index >= 0
    same = np.zeros(index.shape, bool)
    for dy, dx in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        same |= _neighbours(index, dy, dx, wrap) == index
    return float((opaque & ~same).sum() / max(opaque.sum(), 1))


def cluster_labels(img: np.ndarray, wrap: bool = True, connectivity: int = 4) -> np.ndarray:
    """A label per pixel: its same-colour cluster (on the torus when ``wrap``).

    ``connectivity`` 4 (the gates' clusters) or 8 (diagonal steps join too, as in a
    staircase line). Transparent pixels get their own singleton labels.
    """
    index = _as_index(img)
    h, w = index.shape
    ids = np.arange(h * w).reshape(h, w)
    offsets = [(0, 1), (1, 0)] + ([(1, 1), (1, -1)] if connectivity == 8 else [])
    padded_ids = np.pad(ids, 1, constant_values=-1)
    padded_index = np.pad(index, 1, constant_values=-2)
    rows, cols = [], []
    for dy, dx in offsets:
        if wrap:
            other = np.roll(ids, (-dy, -dx), axis=(0, 1))
            same = np.roll(index, (-dy, -dx), axis=(0, 1)) == index
        else:
            other = padded_ids[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w]
            same = padded_index[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w] == index
        same &= index >= 0
        rows.append(ids[same])
        cols.append(other[same])
    r = np.concatenate(rows)
    c = np.concatenate(cols)
    graph = coo_matrix((np.ones(len(r), np.int8), (r, c)), shape=(h * w, h * w))
    _, labels = connected_components(graph, directed=False)
    return labels.reshape(h, w)


def cluster_sizes(img: np.ndarray, wrap: bool = True) -> np.ndarray:
    """Sizes of the 4-connected same-colour clusters (on the torus when ``wrap``)."""
    index = _as_index(img)
    labels = cluster_labels(index, wrap)[index >= 0]
    return np.bincount(labels)[np.unique(labels)]


def mean_cluster(img: np.ndarray, wrap: bool = True) -> float:
    """Pixel-weighted mean cluster size Σs²/Σs: the size of the cluster a random pixel is in."""
    sizes = cluster_sizes(img, wrap).astype(np.float64)
    return float((sizes**2).sum() / max(sizes.sum(), 1.0))


def edge_fraction(img: np.ndarray, wrap: bool = True) -> float:
    """Share of 4-neighbour pairs whose colours differ (how busy the texture is)."""
    index = _as_index(img)
    diffs = total = 0
    for dy, dx in ((0, 1), (1, 0)):
        other = _neighbours(index, dy, dx, wrap)
        valid = (index >= 0) & (other >= 0)
        diffs += int((valid & (other != index)).sum())
        total += int(valid.sum())
    return diffs / max(total, 1)


def color_count(rgba: np.ndarray) -> int:
    """Distinct opaque colours."""
    return len(index_image(rgba)[1])


def palette_adherence(rgba: np.ndarray, palette: np.ndarray, tol: float = 0.01) -> float:
    """Share of opaque pixels within ΔEOK ``tol`` of a palette colour (1.0 = all)."""
    index, colors = index_image(rgba)
    if len(colors) == 0:
        return 1.0
    pal = srgb_to_oklab(np.asarray(palette, np.uint8).reshape(-1, 3))
    dist = np.linalg.norm(srgb_to_oklab(colors)[:, None] - pal[None], axis=-1).min(axis=1)
    ok = dist < tol
    opaque = index >= 0
    return float(ok[index[opaque]].sum() / max(opaque.sum(), 1))


def value_range(rgba: np.ndarray) -> float:
    """OKLab lightness spread (max - min) of the opaque colours."""
    _, colors = index_image(rgba)
    if len(colors) == 0:
        return 0.0
    lightness = srgb_to_oklab(colors)[:, 0]
    return float(lightness.max() - lightness.min())


def boundary_jumps(lab: np.ndarray, axis: int) -> np.ndarray:
    """Mean ΔEOK across each boundary along ``axis``; the last entry is the wrap seam."""
    nxt = np.roll(lab, -1, axis=axis)
    jump = np.linalg.norm(nxt - lab, axis=-1)
    return jump.mean(axis=1 - axis)


def seam_z(rgba: np.ndarray) -> float:
    """How much the wrap seam stands out: z-score of its colour jump, max over both axes."""
    lab = srgb_to_oklab(np.asarray(rgba, np.uint8)[..., :3])
    worst = -np.inf
    for axis in (0, 1):
        jumps = boundary_jumps(lab, axis)
        inner, seam = jumps[:-1], jumps[-1]
        spread = max(float(inner.std()), 0.005)  # a flat texture must not blow up z
        worst = max(worst, (seam - float(inner.mean())) / spread)
    return float(worst)


def seam_error(rgba: np.ndarray) -> float:
    """How far the wrap seam outdoes the texture's own boundaries (0 = no seam shows).

    Per axis: the mean ΔEOK across the wrap seam minus the largest mean ΔEOK across any
    interior column (row) boundary, floored at 0; summed over both axes. A seam is a
    discontinuity the texture has nowhere else, so only a seam that is the single most
    contrasted line of the tile counts.
    """
    lab = srgb_to_oklab(np.asarray(rgba, np.uint8)[..., :3])
    total = 0.0
    for axis in (0, 1):
        jumps = boundary_jumps(lab, axis)
        total += max(0.0, float(jumps[-1] - jumps[:-1].max()))
    return total


def calmest_cut(rgba: np.ndarray) -> tuple[int, int]:
    """The roll ``(dy, dx)`` that puts the wrap seams on the calmest row and column boundary.

    A seamless tile is a torus: where it is cut open is free. Cutting along the boundary
    with the smallest colour jump keeps the tile edge from being emphasised (a classic
    tiling tell) and makes :func:`seam_error` exactly 0.
    """
    lab = srgb_to_oklab(np.asarray(rgba, np.uint8)[..., :3])
    shift = []
    for axis in (0, 1):
        jumps = boundary_jumps(lab, axis)
        best = int(np.argmin(np.round(jumps, 9)))  # first minimum: deterministic
        shift.append(-(best + 1) % lab.shape[axis])
    return shift[0], shift[1]


def check_ramp(ramp: np.ndarray, min_step: float = 0.04) -> list[str]:
    """Which ramp rules (ART.md §5 ``ramp_monotone``) a dark-to-light ramp breaks.

    Lightness must rise at every step, each step must be at least ``min_step`` ΔEOK, and
    the hue must not turn cooler on the way up (shadows cool, lights warm).
    """
    lab = srgb_to_oklab(np.asarray(ramp, np.uint8).reshape(-1, 3))
    problems = []
    if not np.all(np.diff(lab[:, 0]) > 0):
        problems.append("lightness does not rise at every step")
    steps = np.linalg.norm(np.diff(lab, axis=0), axis=1)
    if len(steps) and steps.min() < min_step:
        problems.append(f"a step of ΔEOK {steps.min():.3f} < {min_step}")
    chroma = np.hypot(lab[:, 1], lab[:, 2])
    coloured = chroma > 0.03
    if coloured[0] and coloured[-1]:
        hue = np.degrees(np.arctan2(lab[:, 2], lab[:, 1])) % 360
        warm, cool = 85.0, 275.0

        def to(h: float, target: float) -> float:
            return abs((h - target + 180) % 360 - 180)

        if to(hue[-1], warm) > to(hue[0], warm) + 1 and to(hue[0], cool) > to(hue[-1], cool) + 1:
            problems.append("hue turns cooler toward the light end")
    return problems


@dataclass(frozen=True)
class TextureReport:
    """Every metric of one texture."""

    size: tuple[int, int]
    colors: int
    orphan: float
    isolated4: float
    mean_cluster: float
    edge: float
    seam_z: float
    seam_error: float
    value_range: float


def texture_report(rgba: np.ndarray, wrap: bool = True) -> TextureReport:
    """All metrics of a texture at once."""
    index, colors = index_image(rgba)
    return TextureReport(
        size=(int(index.shape[0]), int(index.shape[1])),
        colors=len(colors),
        orphan=orphan_fraction(index, wrap),
        isolated4=isolated4_fraction(index, wrap),
        mean_cluster=mean_cluster(index, wrap),
        edge=edge_fraction(index, wrap),
        seam_z=seam_z(rgba),
        seam_error=seam_error(rgba),
        value_range=value_range(rgba),
    )


def check_texture(rgba: np.ndarray, value_bounds: tuple[float, float] = VALUE_RANGE) -> list[str]:
    """Which gates a seamless texture fails (empty when it passes them all).

    ``value_bounds`` replaces :data:`VALUE_RANGE` where a style sets the contrast itself
    (a black outline spans the whole lightness range by design).
    """
    index, colors = index_image(rgba)
    size = (int(index.shape[0]), int(index.shape[1]))
    problems = []
    orphan = orphan_fraction(index)
    if orphan >= ORPHAN_MAX:
        problems.append(f"stray pixels {orphan:.3f} >= {ORPHAN_MAX}")
    cluster = mean_cluster(index)
    if cluster < cluster_min(size):
        problems.append(f"mean cluster {cluster:.1f} < {cluster_min(size)}")
    seam = seam_error(rgba)
    if seam > 0:
        problems.append(f"seam error {seam:.3f}: the wrap seam is the tile's hardest line")
    if len(colors) > COLORS_MAX:
        problems.append(f"{len(colors)} colours > {COLORS_MAX}")
    spread = value_range(rgba)
    if not value_bounds[0] <= spread <= value_bounds[1]:
        problems.append(f"value range {spread:.2f} outside {value_bounds}")
    return problems
