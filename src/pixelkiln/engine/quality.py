"""Quality gates: numbers that catch "noise soup", seams, palette drift and tiles that repeat
as a grid of stamps, before a person does.

Every metric works on an RGBA array (or the index image :func:`index_image` makes of it)
and, for seamless tiles, on the torus: neighbours wrap around the edges, and same-colour
clusters that leave one edge and come back at the other are one cluster (each colour is
labelled flat, then the pieces that meet across the wrap seams are joined through a small
graph; exact, unlike labelling a 3x3 repeat). Transparent pixels (alpha < 128) are
ignored.

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
  along a calm row and column (:func:`calmest_cut`). Cropped smooth noise, the classic
  visible seam, fails the gate.
- ``COLORS_MAX = 12`` per tile: a ramp of at most 6 shades, up to two features with two
  accent shades each, and a black outline. Plain materials use 3-8.
- Palette adherence must be exactly 1.0 when a palette is forced.
- ``VALUE_RANGE = (0.12, 0.75)``: OKLab L spread. Two steps of a 5-6 shade ramp (0.14) is
  the calmest stone floor in the gallery and still reads; under 0.12 a tile is flat. Over
  0.75 it fights the characters standing on it (lava and crystal, which glow, reach ~0.6;
  a black outline spans more by design, so callers pass wider bounds for it).

Tiling gates (ART.md §1.7, Silber's tells), :func:`check_tiling`; a tile that passes them
does not read as a grid when it repeats in a map. Chosen by looking at 3x3 and 4x4
repeats of every material at 16, 32 and 64 px, before and after the materials were
rebalanced (the old ice, mud, sky, dirt... tiles that read as stamps failed them, the
built materials and grass, which read well, passed):

- ``BALANCE_MAX = 0.5`` (ART.md's figure) on :func:`detail_balance`, the coefficient of
  variation of the edge fraction over a 4x4 grid of blocks: detail gathered in one part
  of the tile. Under 24 px a block holds only 16 pixels, and sampling alone spreads the
  fraction by ~0.3-0.4, so small tiles get ``BALANCE_MAX_SMALL = 0.65``.
- ``DOMINANT_MAX = 0.12`` on :func:`dominant_feature`, the largest single item (a
  same-colour cluster more than a ramp step from the commonest colour, not wrapping
  round the torus): 12% of a 32 px tile is an 11x11 blob, which already repeats as a
  stamp; the old mud puddles and crystal facets took 20-30%. At 16 px one ordinary
  cluster with a neighbour of its colour is 30-40 px, so ``DOMINANT_MAX_SMALL = 0.2``.
- ``BORDER_RUN_MAX = 0.5`` on :func:`border_runs` (ART.md's figure): a same-colour run
  along the border longer than half a side draws the tile's edge into the map. A run of
  exactly half a side passes (it is one pixel at 16 px).
- ``REPETITION_MAX = 0.35`` on :func:`repetition`, the share of the lightness contrast
  in tile-sized shapes: evenly textured tiles (cobblestone 0.12, brick 0.24, grass 0.3)
  stay under it, one-blotch-per-tile ones (the old dirt 0.66, ice 0.69, parchment 0.75)
  were far over. At 16 px the tile-sized band is the clusters' own scale (one cycle per
  tile is 16 px, three 4.5 px clusters), so ``REPETITION_MAX_SMALL = 0.45``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from scipy import ndimage

from pixelkiln.engine import stats, torus
from pixelkiln.engine.color import srgb_to_oklab
from pixelkiln.engine.fft import fft2
from pixelkiln.engine.noise import TILE_SCALE_PX, tile_modes

__all__ = [
    "BALANCE_MAX",
    "BALANCE_MAX_SMALL",
    "BORDER_RUN_MAX",
    "COLORS_MAX",
    "DOMINANT_MAX",
    "DOMINANT_MAX_SMALL",
    "ORPHAN_MAX",
    "REPETITION_MAX",
    "REPETITION_MAX_SMALL",
    "VALUE_RANGE",
    "Indexed",
    "TextureReport",
    "border_runs",
    "boundary_jumps",
    "calmest_cut",
    "check_ramp",
    "check_texture",
    "check_tiling",
    "cluster_labels",
    "cluster_min",
    "cluster_sizes",
    "color_count",
    "colors_oklab",
    "cut_and_border",
    "detail_balance",
    "dominant_feature",
    "edge_fraction",
    "index_image",
    "indexed",
    "isolated4_fraction",
    "lab_image",
    "mean_cluster",
    "opaque_clusters",
    "orphan_fraction",
    "palette_adherence",
    "palette_indexed",
    "repetition",
    "seam_error",
    "seam_z",
    "texture_report",
    "tiling_limits",
    "tiling_score",
    "tiling_values",
    "value_range",
]

ORPHAN_MAX = 0.02
COLORS_MAX = 12
VALUE_RANGE = (0.12, 0.75)
BALANCE_MAX = 0.5
BALANCE_MAX_SMALL = 0.65
DOMINANT_MAX = 0.12
DOMINANT_MAX_SMALL = 0.2
BORDER_RUN_MAX = 0.5
REPETITION_MAX = 0.35
REPETITION_MAX_SMALL = 0.45

_LAST = np.iinfo(np.int64).max
# ``ndimage.label``'s default structure (4-connectivity), made once.
_CROSS = ndimage.generate_binary_structure(2, 1)
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


def palette_indexed(idx: np.ndarray, palette: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`index_image` of the opaque image ``palette[idx]``, from the palette's few
    colours instead of a sort of every pixel (the same index and colours)."""
    used = np.bincount(idx.ravel(), minlength=len(palette)) > 0
    palette = np.ascontiguousarray(palette, np.uint8)
    # A material's colours are the same for every seed: their order is worked out once.
    rank, colors = _palette_ranks(palette.tobytes(), used.tobytes())
    return rank[idx], colors  # int64 already: no copy


@lru_cache(maxsize=256)
def _palette_ranks(palette: bytes, used: bytes) -> tuple[np.ndarray, np.ndarray]:
    """For :func:`palette_indexed`: each palette entry's place among the distinct colours
    in use, and those colours (read-only)."""
    colours = np.frombuffer(palette, np.uint8).reshape(-1, 3)
    present = np.flatnonzero(np.frombuffer(used, bool))
    # A dozen colours or so: sorted as Python ints (``np.unique``'s order and inverse).
    packed = [(r << 16) | (g << 8) | b for r, g, b in colours[present].tolist()]
    uniq = sorted(set(packed))
    place = {value: i for i, value in enumerate(uniq)}
    rank = np.zeros(len(colours), np.int64)
    rank[present] = [place[value] for value in packed]
    colors = np.array([((v >> 16) & 255, (v >> 8) & 255, v & 255) for v in uniq], np.uint8)
    colors = colors.reshape(-1, 3)
    rank.flags.writeable = colors.flags.writeable = False
    return rank, colors


def colors_oklab(colors: np.ndarray) -> np.ndarray:
    """:func:`~pixelkiln.engine.color.srgb_to_oklab` of a few ``(k, 3)`` uint8 colours,
    worked out once per set of colours (a material's are the same for every seed;
    read-only)."""
    return _colors_oklab(np.ascontiguousarray(colors, np.uint8).tobytes())


@lru_cache(maxsize=256)
def _colors_oklab(colors: bytes) -> np.ndarray:
    lab = srgb_to_oklab(np.frombuffer(colors, np.uint8).reshape(-1, 3))
    lab.flags.writeable = False
    return lab


def _as_index(img: np.ndarray) -> np.ndarray:
    img = np.asarray(img)
    return img.astype(np.int64, copy=False) if img.ndim == 2 else index_image(img)[0]


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
    if wrap and index.size and index.min() >= 0:
        # Every pixel opaque: the eight neighbours stacked by one lookup (the same as
        # eight rolls), the pixels with a same-colour one counted (the same whole
        # numbers, so the same quotient).
        same = np.logical_or.reduce(torus.neighbours(index) == index.ravel(), axis=0)
        return (index.size - int(np.count_nonzero(same))) / index.size
    opaque = index >= 0
    if wrap:  # the eight neighbours stacked by one lookup (the same as eight rolls)
        same = (torus.neighbours(index) == index.ravel()).any(axis=0).reshape(index.shape)
    else:
        same = np.zeros(index.shape, bool)
        padded = np.pad(index, 1, constant_values=-2)
        h, w = index.shape
        for dy, dx in _N8:
            same |= padded[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w] == index
    return float((opaque & ~same).sum() / max(opaque.sum(), 1))


def opaque_clusters(index: np.ndarray, labels: np.ndarray) -> tuple[float, float]:
    """:func:`mean_cluster` and :func:`orphan_fraction` (on the torus) of an opaque
    index image from its torus cluster ``labels`` (any numbering), with one count of
    the clusters' sizes: a pixel with no same-colour 8-neighbour has no same-colour
    4-neighbour either, so only one-pixel clusters are looked at for stray pixels (the
    same whole numbers, so the same quotients)."""
    flat = labels.ravel()
    sizes = np.bincount(flat)
    n = flat.size
    mean = float(int(np.dot(sizes, sizes)) / max(n, 1))
    single = (sizes.take(flat) == 1).nonzero()[0]
    if not single.size:
        return mean, 0.0
    values = index.ravel()
    around = values.take(torus.neighbour_positions(*index.shape)[:, single])
    has_same = np.logical_or.reduce(around == values.take(single), axis=0)
    return mean, (single.size - int(np.count_nonzero(has_same))) / n


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
    staircase line). Transparent pixels get their own singleton labels. Each colour is
    labelled flat (``scipy.ndimage.label``); on the torus the pieces that touch across
    the wrap seams are then joined with a small graph of piece labels, which is exact and
    fast at any size.
    """
    index = _as_index(img)
    if connectivity == 4 and index.size:
        return _labels4(index, wrap)
    h, w = index.shape
    structure = ndimage.generate_binary_structure(2, 1 if connectivity == 4 else 2)
    labels = np.zeros((h, w), np.int64)
    count = 0
    for value in np.unique(index):
        if value < 0:
            continue
        part, n = ndimage.label(index == value, structure)
        inside = part > 0
        labels[inside] = part[inside] + (count - 1)
        count += n
    clear = index < 0
    labels[clear] = count + np.arange(int(clear.sum()))
    count += int(clear.sum())
    if not wrap or count == 0:
        return labels
    # Pieces that meet across the wrap seams: (last row, first row), (last column, first
    # column), plus the diagonal steps across them for 8-connectivity.
    bottom, top = (slice(h - 1, h), slice(None)), (slice(0, 1), slice(None))
    right, left = (slice(None), slice(w - 1, w)), (slice(None), slice(0, 1))
    pairs = [(bottom, top, 0), (right, left, 0)]
    if connectivity == 8:
        # (y, x) meets (y + 1, x + 1) and (y + 1, x - 1), wrapping.
        pairs += [(bottom, top, -1), (right, left, -2), (bottom, top, 1), (left, right, -2)]
    joined = _seam_join(labels, index, pairs, count)
    return joined[labels]


def _labels4(index: np.ndarray, wrap: bool, numbered: bool = True) -> np.ndarray:
    """:func:`cluster_labels` at 4-connectivity in one ``ndimage.label`` call for all
    colours, numbered exactly as the per-colour labelling numbers them.

    The image is laid on a grid of twice its size: pixels on the even cells, and between
    two 4-neighbours a cell that is set when they share a colour, so that only same-colour
    pixels connect. The per-colour numbering orders clusters by colour, then by their
    first pixel in raster order (transparent singletons last), so the clusters found here
    are sorted by that key. ``numbered=False`` (with ``wrap``) skips that sort: the
    same clusters, numbered 0..k-1 in another order - or, on an opaque image, each
    numbered by its lowest piece, so not every number up to the largest is used.
    """
    h, w = index.shape
    if index.min() >= 0:  # every pixel opaque (the renderer's tiles)
        grid = _pixel_cells(h, w).copy()
        grid[0::2, 1:-1:2] = index[:, :-1] == index[:, 1:]
        grid[1:-1:2, 0::2] = index[:-1] == index[1:]
        flat, count = ndimage.label(grid, _CROSS)
        comp = np.subtract(flat[0::2, 0::2], 1, dtype=np.int64)
        if wrap and not numbered:
            # The seams' pairs of distinct pieces of one colour, by lookups through the
            # seam positions (the pairs ``_seam_join`` takes from its slices), each piece
            # then named by the lowest piece of its cluster.
            last, first = _seam_positions(h, w)
            a, b = comp.take(last), comp.take(first)
            hit = (a != b) & (index.take(last) == index.take(first))
            return _lowest_piece(a[hit], b[hit], count).take(comp)
    else:
        grid = np.zeros((2 * h, 2 * w), bool)
        opaque = index >= 0
        grid[0::2, 0::2] = opaque
        grid[0::2, 1:-1:2] = (index[:, :-1] == index[:, 1:]) & opaque[:, :-1]
        grid[1:-1:2, 0::2] = (index[:-1] == index[1:]) & opaque[:-1]
        flat, n = ndimage.label(grid, _CROSS)
        comp = flat[0::2, 0::2].astype(np.int64) - 1
        clear = ~opaque
        n_clear = int(clear.sum())
        comp[clear] = n + np.arange(n_clear)
        count = n + n_clear
    if wrap:
        bottom, top = (slice(h - 1, h), slice(None)), (slice(0, 1), slice(None))
        right, left = (slice(None), slice(w - 1, w)), (slice(None), slice(0, 1))
        comp = _seam_join(comp, index, [(bottom, top, 0), (right, left, 0)], count)[comp]
        if not numbered:
            return comp
    # ``ndimage.label`` numbers pieces by their first pixel in raster order, and the seam
    # join keeps that order (a cluster is numbered by its lowest piece); transparent
    # singletons come last, in raster order. So a stable sort by colour gives the key.
    k = int(comp.max()) + 1
    colour = np.empty(k, np.int64)
    colour[comp.ravel()] = index.ravel()  # every pixel of a cluster has its colour
    key = np.where(colour >= 0, colour, _LAST)
    rank = np.empty(k, np.int64)
    rank[np.argsort(key, kind="stable")] = np.arange(k)
    out = rank[comp]
    return out.astype(np.int32) if wrap else out


@lru_cache(maxsize=64)
def _pixel_cells(h: int, w: int) -> np.ndarray:
    """:func:`_labels4`'s grid with only its pixel cells set (made once per size,
    read-only: copied before the connectors are set)."""
    grid = np.zeros((2 * h, 2 * w), bool)
    grid[0::2, 0::2] = True
    grid.flags.writeable = False
    return grid


@lru_cache(maxsize=64)
def _seam_positions(h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    """Flat positions of the pixels either side of the wrap seams: the last row then
    the last column, and the first row then the first column (read-only)."""
    cols, rows = np.arange(w), np.arange(h)
    last = np.concatenate([(h - 1) * w + cols, rows * w + (w - 1)])
    first = np.concatenate([cols, rows * w])
    last.flags.writeable = first.flags.writeable = False
    return last, first


def _seam_join(
    labels: np.ndarray,
    index: np.ndarray,
    pairs: list[tuple[tuple[slice, slice], tuple[slice, slice], int]],
    count: int,
) -> np.ndarray:
    """Component numbers of the ``count`` flat pieces once the seam pairs join them.

    Numbered as ``scipy.sparse.csgraph.connected_components`` numbers them (in the
    order of each component's lowest piece, int32), so every caller sees the labels it
    always saw. ``pairs`` hold two seam slices and a roll: the second seam is rolled by
    ``-roll`` along its run (-1: x + 1, 1: x - 1) or, with -2, along y by one.
    """
    # The seams' same-colour pairs of distinct pieces, picked out in numpy.
    ends_a, ends_b = [], []
    for sa, sb, roll in pairs:
        la, ia = labels[sa].ravel(), index[sa].ravel()
        lb, ib = labels[sb].ravel(), index[sb].ravel()
        if roll in (-1, 1):
            lb, ib = np.roll(lb, roll), np.roll(ib, roll)
        elif roll == -2:
            lb, ib = np.roll(lb, -1), np.roll(ib, -1)
        hit = (la != lb) & (ia == ib) & (ia >= 0)
        ends_a.append(la[hit])
        ends_b.append(lb[hit])
    root = _lowest_piece(np.concatenate(ends_a), np.concatenate(ends_b), count)
    first = root == np.arange(count)
    return (np.cumsum(first) - 1)[root].astype(np.int32)


def _lowest_piece(a: np.ndarray, b: np.ndarray, count: int) -> np.ndarray:
    """For each of ``count`` pieces, the lowest piece joined to it by the edges ``a[i]``
    - ``b[i]``: union-find run on whole arrays (a few numpy calls per round, in place of
    a Python call per seam pixel).

    Every entry points to a lower (or the same) piece of its component, so there are no
    cycles; each round hangs the higher root of every edge whose ends' roots differ under
    the lower one (at least one root fewer per round) and then points every piece at its
    root. When no edge joins two roots, each component has one root, and as nothing
    points upwards that root is its lowest piece: a partition's minimum, whatever order
    the edges come in.
    """
    root = np.arange(count)
    while a.size:
        ra, rb = root[a], root[b]
        differ = ra != rb
        if not differ.any():
            break
        ra, rb = ra[differ], rb[differ]
        root[np.maximum(ra, rb)] = np.minimum(ra, rb)
        while True:  # pointer jumping until every piece points at a root
            up = root[root]
            if (up == root).all():
                break
            root = up
    return root


def cluster_sizes(
    img: np.ndarray, wrap: bool = True, labels: np.ndarray | None = None
) -> np.ndarray:
    """Sizes of the 4-connected same-colour clusters (on the torus when ``wrap``);
    ``labels``: the image's :func:`cluster_labels`, if already at hand."""
    index = _as_index(img)
    labels = (cluster_labels(index, wrap) if labels is None else labels)[index >= 0]
    counts = np.bincount(labels)
    return counts[counts > 0]  # the sizes of the labels present, in label order


def mean_cluster(img: np.ndarray, wrap: bool = True, labels: np.ndarray | None = None) -> float:
    """Pixel-weighted mean cluster size Σs²/Σs: the size of the cluster a random pixel is in."""
    if labels is not None and labels.size and labels.min() >= 0 and _as_index(img).min() >= 0:
        # Every pixel opaque: each label's size by one count, labels absent counting 0.
        # Σs² and Σs are whole numbers far under 2**53, exact in integers as in floats.
        sizes = np.bincount(labels.ravel())
        total = int(np.add.reduce(sizes))
        return float(int(np.dot(sizes, sizes)) / max(total, 1))
    sizes = cluster_sizes(img, wrap, labels).astype(np.float64)
    return float(np.add.reduce(sizes**2) / max(np.add.reduce(sizes), 1.0))


@dataclass(frozen=True)
class Indexed:
    """An image's :func:`index_image` and torus :func:`cluster_labels`, worked out once
    for the several measures that read them."""

    index: np.ndarray
    colors: np.ndarray
    labels: np.ndarray
    lab: np.ndarray | None = None  # OKLab of ``colors``, if at hand


def indexed(
    rgba: np.ndarray,
    known: tuple[np.ndarray, np.ndarray] | None = None,
    *,
    numbered: bool = True,
    palette_lab: np.ndarray | None = None,
) -> Indexed:
    """``known``: the image's :func:`index_image`, if already at hand; ``palette_lab``:
    the OKLab of its colours, if at hand too. ``numbered=False``: the torus clusters
    numbered in an order of their own, not :func:`cluster_labels`' (all that
    :func:`mean_cluster` and :func:`dominant_feature` read is which pixels share a
    cluster, and cheaper to get)."""
    index, colors = known if known is not None else index_image(rgba)
    if numbered or not index.size:
        labels = cluster_labels(index)
    else:
        labels = _labels4(index, True, numbered=False)
    return Indexed(index=index, colors=colors, labels=labels, lab=palette_lab)


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


def lab_image(
    rgba: np.ndarray,
    known: tuple[np.ndarray, np.ndarray] | None = None,
    palette_lab: np.ndarray | None = None,
) -> np.ndarray:
    """OKLab of every pixel, converting each distinct colour once (``known``: an opaque
    image's :func:`index_image`, if already at hand: the same colours, no sort;
    ``palette_lab``: the OKLab of its colours, if at hand too)."""
    if known is not None:
        lab = srgb_to_oklab(known[1]) if palette_lab is None else palette_lab
        return lab.take(known[0], axis=0)  # ``lab[known[0]]``, one gather
    arr = np.asarray(rgba, np.uint8)[..., :3]
    packed = (arr[..., 0].astype(np.int64) << 16) | (arr[..., 1].astype(np.int64) << 8)
    packed |= arr[..., 2]
    uniq, inverse = np.unique(packed, return_inverse=True)
    colors = np.stack([(uniq >> 16) & 255, (uniq >> 8) & 255, uniq & 255], axis=1)
    return srgb_to_oklab(colors.astype(np.uint8))[inverse.reshape(arr.shape[:2])]


def boundary_jumps(lab: np.ndarray, axis: int) -> np.ndarray:
    """Mean ΔEOK across each boundary along ``axis``; the last entry is the wrap seam."""
    nxt = torus.roll(lab, -1, 0) if axis == 0 else torus.roll(lab, 0, -1)
    jump = np.linalg.norm(nxt - lab, axis=-1)
    return jump.mean(axis=1 - axis)


def seam_z(rgba: np.ndarray) -> float:
    """How much the wrap seam stands out: z-score of its colour jump, max over both axes."""
    lab = lab_image(rgba)
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
    lab = lab_image(rgba)
    total = 0.0
    for axis in (0, 1):
        jumps = boundary_jumps(lab, axis)
        total += max(0.0, float(jumps[-1] - jumps[:-1].max()))
    return total


def calmest_cut(
    rgba: np.ndarray,
    known: tuple[np.ndarray, np.ndarray] | None = None,
    palette_lab: np.ndarray | None = None,
) -> tuple[int, int]:
    """The roll ``(dy, dx)`` that opens the torus along its calmest row and column
    boundary whose two border lines carry no same-colour run longer than half a side.

    A seamless tile is a torus: where it is cut open is free, and any boundary but the
    single hardest one gives :func:`seam_error` 0. The calmest boundary keeps the seam
    quiet even when other code recolours the tile or frames it; but a calm boundary is
    often one along a flat band (a mortar course, a run of sky), and a long run on the
    border emphasises the tile's edge (a classic tiling tell, :func:`border_runs`). So
    the cut takes the calmest boundary without such a run, among the calmer half; if
    there is none, the one with the shortest runs there (ties: calmer, then first).
    ``known``: its :func:`index_image`, and ``palette_lab`` the OKLab of its colours, if
    at hand.
    """
    return cut_and_border(rgba, known, palette_lab)[0]


def cut_and_border(
    rgba: np.ndarray | None,
    known: tuple[np.ndarray, np.ndarray] | None = None,
    palette_lab: np.ndarray | None = None,
) -> tuple[tuple[int, int], float]:
    """:func:`calmest_cut`, and the :func:`border_runs` of the tile rolled by it: its
    border lines are the two lines either side of each cut, whose runs the cut has
    just measured (a row's cyclic runs do not move when the columns roll). ``rgba`` is
    not read when ``known`` is an opaque image's (it may then be None)."""
    index, colors = known if known is not None else index_image(rgba)
    opaque = index.min() >= 0
    lab = None if opaque else lab_image(rgba, (index, colors))
    if opaque:
        palette_lab = srgb_to_oklab(colors) if palette_lab is None else palette_lab
        distance = _palette_distance(palette_lab)
    shift, edge = [], []
    line_runs = _line_runs_both(index)  # longest run of each line across each axis
    both = _palette_jumps_both(index, distance) if opaque else None
    for axis in (0, 1):
        jumps = both[axis] if both is not None else boundary_jumps(lab, axis)
        pick, border = _calmest(
            jumps.round(9).tolist(), line_runs[axis].tolist(), index.shape[1 - axis]
        )
        shift.append(-(pick + 1) % index.shape[axis])
        edge.append(border / index.shape[1 - axis])
    return (shift[0], shift[1]), float(max(edge[0], edge[1]))


def _calmest(jumps: list[float], runs: list[int], length: int) -> tuple[int, int]:
    """For one axis: the boundary to cut along and the longest run on its two border
    lines (boundary b lies between line b and b + 1). The calmest boundary without a run
    over half a side among the calmer half, by jump, then place; if there is none, the
    calmer half first, then the shortest runs, the jump and the place. A few dozen
    numbers, compared in Python as numpy compares them (float64 and whole numbers):
    the sort numpy's ``lexsort`` would make, read only for its first entry."""
    n = len(jumps)
    border = [max(runs[b], runs[(b + 1) % n]) for b in range(n)]
    ordered = sorted(jumps)  # :func:`_median`: the middle value or the middle two's mean
    middle = ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2
    limit = length * BORDER_RUN_MAX
    fits = [b for b in range(n) if jumps[b] <= middle and border[b] <= limit]
    if fits:
        pick = min(fits, key=lambda b: (jumps[b], b))
    else:
        pick = min(range(n), key=lambda b: (jumps[b] > middle, border[b], jumps[b], b))
    return pick, border[pick]


def _palette_distance(palette_lab: np.ndarray) -> np.ndarray:
    """ΔEOK between every two colours, ``[i, j]`` from colour i to colour j: the
    differences, squares and sum ``np.linalg.norm`` works out for such a pixel pair."""
    diff = palette_lab[None, :, :] - palette_lab[:, None, :]  # [i, j]: colour j - colour i
    return np.sqrt(np.add.reduce(diff * diff, axis=-1))


def _palette_jumps_both(index: np.ndarray, distance: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`boundary_jumps` along both axes of an opaque image of few colours: each
    pixel pair's ΔEOK looked up in their :func:`_palette_distance` (instead of worked out
    per pixel), the lower and right neighbours in one ``take``."""
    h, w = index.shape
    pairs = index * len(distance)
    pairs = pairs + index.ravel().take(_down_right(h, w)).reshape(2, h, w)
    jumps = distance.take(pairs)  # distance[index, neighbour], flat
    return np.add.reduce(jumps[0], axis=1) / w, np.add.reduce(jumps[1], axis=0) / h


@lru_cache(maxsize=64)
def _down_right(h: int, w: int) -> np.ndarray:
    """Flat positions of each pixel's lower and right neighbour (wrapping): ``(2, h * w)``,
    the pixels ``torus.roll`` by (-1, 0) and (0, -1) brings there (read-only)."""
    positions = np.stack(
        [torus.roll_positions(h, w, h - 1, 0), torus.roll_positions(h, w, 0, w - 1)]
    )
    positions.flags.writeable = False
    return positions


def _line_runs(index: np.ndarray, axis: int) -> np.ndarray:
    """Longest cyclic same-colour run of each line that runs across ``axis`` (rows for
    axis 0, columns for axis 1), as a pixel count."""
    return _runs(index if axis == 0 else index.T)


def _line_runs_both(index: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_line_runs` along both axes; a square image's rows and columns in one
    stack (each line's runs are its own, whatever lines lie beside it)."""
    h, w = index.shape
    if h != w:
        return _runs(index), _runs(index.T)
    runs = _runs(np.concatenate([index, index.T]))
    return runs[:h], runs[h:]


def _runs(lines: np.ndarray) -> np.ndarray:
    """Longest cyclic same-colour run of each row of ``lines``, as a pixel count: the
    longest gap between a line's run starts (pixels unlike the one before them, round
    the line), read from the starts' flat positions; a line without a start is one run."""
    count, n = lines.shape
    change = lines != lines.take(_before(n), axis=1)
    starts = change.ravel().nonzero()[0]  # by line, then place (np.flatnonzero's steps)
    longest = np.empty(count, np.int64)
    longest.fill(n)
    if not starts.size:
        return longest
    line = starts // n
    # Each run reaches the next start of its line; a line's last run wraps round to the
    # line's first start, a whole line further on.
    first = np.empty(starts.size, bool)
    first[0] = True
    np.not_equal(line[1:], line[:-1], out=first[1:])
    firsts = np.flatnonzero(first)
    following = np.empty_like(starts)
    following[:-1] = starts[1:]
    lasts = np.empty_like(firsts)  # each line's last start: before the next line's first
    lasts[:-1] = firsts[1:] - 1
    lasts[-1] = starts.size - 1
    following[lasts] = starts[firsts] + n
    longest[line[firsts]] = np.maximum.reduceat(following - starts, firsts)
    return longest


@lru_cache(maxsize=64)
def _before(n: int) -> np.ndarray:
    """For each place on a line of ``n``, the place before it, round the line (read-only)."""
    before = np.roll(np.arange(n), 1)
    before.flags.writeable = False
    return before


# --- Tiling tells (ART.md §1.7: high contrast, one item taking most of the tile, detail
# concentrated in one part, long runs along the border), measured on the torus.


def _edge_counts(index: np.ndarray) -> np.ndarray:
    """Per pixel, how many of its right and lower neighbours (wrapping) differ: 0..2."""
    right = index != torus.roll(index, 0, -1)
    down = index != torus.roll(index, -1, 0)
    return right.astype(np.float64) + down


def _block_sums(values: np.ndarray, blocks: int, shift: tuple[int, int]) -> np.ndarray:
    """Sums of ``values`` over a ``blocks x blocks`` grid laid on the torus at ``shift``.

    Each pixel's block comes from a map made once per size and shift, and one weighted
    ``bincount`` sums them; the values summed here are whole numbers (edge and pixel
    counts), whose float sums are exact in any order, so this equals the sums of the
    rolled array over the grid's slices."""
    h, w = values.shape
    if min(h, w) < 2 * blocks:  # grid lines may coincide: the slices' own sums
        rolled = np.roll(values, shift, axis=(0, 1))
        ys = np.linspace(0, h, blocks + 1).round().astype(int)[:-1]
        xs = np.linspace(0, w, blocks + 1).round().astype(int)[:-1]
        return np.add.reduceat(np.add.reduceat(rolled, ys, axis=0), xs, axis=1)
    block = _block_map(h, w, blocks, shift[0], shift[1])
    sums = np.bincount(block, weights=values.ravel(), minlength=blocks * blocks)
    return sums.reshape(blocks, blocks)


@lru_cache(maxsize=128)
def _block_map(h: int, w: int, blocks: int, sy: int, sx: int) -> np.ndarray:
    """The block of every pixel (flat, row-major block number) for :func:`_block_sums`:
    the pixel at (y, x) lands at (y + sy, x + sx) in the rolled array, whose grid lines
    are at ``linspace(0, side, blocks + 1)`` rounded."""
    ys = np.linspace(0, h, blocks + 1).round().astype(int)[:-1]
    xs = np.linspace(0, w, blocks + 1).round().astype(int)[:-1]
    by = np.searchsorted(ys, (np.arange(h) + sy) % h, side="right") - 1
    bx = np.searchsorted(xs, (np.arange(w) + sx) % w, side="right") - 1
    block = (by[:, None] * blocks + bx[None, :]).ravel()
    block.flags.writeable = False
    return block


@lru_cache(maxsize=128)
def _block_area(h: int, w: int, blocks: int) -> np.ndarray:
    """Pixels per block of :func:`detail_balance`'s unshifted grid (made once per size)."""
    area = _block_sums(np.ones((h, w), np.float64), blocks, (0, 0))
    area.flags.writeable = False
    return area


@lru_cache(maxsize=64)
def _balance_maps(h: int, w: int, blocks: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For :func:`_balance_both`: the pixels twice over, the block of each in the two
    grids (the second grid's blocks numbered after the first's) and the blocks' areas
    in that order (made once per size, read-only)."""
    sy, sx = h // (2 * blocks), w // (2 * blocks)
    pixels = np.tile(np.arange(h * w), 2)
    block = np.concatenate(
        [_block_map(h, w, blocks, 0, 0), _block_map(h, w, blocks, sy, sx) + blocks * blocks]
    )
    area = np.tile(_block_area(h, w, blocks).ravel(), 2).reshape(2, blocks * blocks)
    for a in (pixels, block, area):
        a.flags.writeable = False
    return pixels, block, area


def _balance_both(edges: np.ndarray, blocks: int) -> float:
    """:func:`detail_balance` from the edge counts, both grids in one weighted count.

    Each block's sum takes its pixels in the same order as a count per grid (whole
    numbers, exact in any order anyway); each grid's mean and standard deviation are
    :func:`stats.mean` and :func:`stats.std`'s steps along a row of the grids' fractions,
    the same sums over the same contiguous values."""
    h, w = edges.shape
    pixels, block, area = _balance_maps(h, w, blocks)
    sums = np.bincount(block, weights=edges.ravel().take(pixels), minlength=2 * blocks * blocks)
    frac = sums.reshape(2, blocks * blocks) / area
    n = blocks * blocks
    centre = np.add.reduce(frac, axis=1, keepdims=True) / n
    deviation = frac - centre
    np.square(deviation, out=deviation)
    spread = np.sqrt(np.add.reduce(deviation, axis=1) / n)
    worst = 0.0
    for mean, std in zip(centre[:, 0].tolist(), spread.tolist(), strict=True):
        if mean > 0:
            worst = max(worst, std / mean)
    return worst


def detail_balance(img: np.ndarray, blocks: int = 4) -> float:
    """How unevenly detail is spread: the coefficient of variation of the edge fraction
    over a ``blocks x blocks`` grid of blocks (0 = every block equally busy).

    Measured on the torus for two grids, the second offset by half a block, and the
    larger taken, so detail straddling a block line cannot hide.
    """
    index = _as_index(img)
    edges = _edge_counts(index)
    h, w = index.shape
    if min(h, w) >= 2 * blocks:
        return _balance_both(edges, blocks)
    area = _block_area(h, w, blocks)
    worst = 0.0
    for shift in ((0, 0), (h // (2 * blocks), w // (2 * blocks))):
        frac = _block_sums(edges, blocks, shift) / area
        centre = float(stats.mean(frac))
        if centre > 0:
            worst = max(worst, float(stats.std(frac)) / centre)
    return worst


def dominant_feature(
    rgba: np.ndarray,
    contrast: float = 0.12,
    pre: Indexed | None = None,
    *,
    under: float | None = None,
) -> float:
    """Share of the tile taken by its largest single item: the largest same-colour
    cluster (on the torus) of a colour that stands out from the tile's commonest colour
    by more than ``contrast`` ΔEOK - more than one ramp step (~0.09), since broad patches
    one step apart are calm ground, not items.

    Clusters that wrap all the way round the torus (a mortar net, a band running off
    both edges) are structure, not an item, and are not counted: they form one
    continuous network when the tile repeats, so they cannot stamp a copy per tile.

    ``under``: a limit, for callers that only need the exact share when it reaches it.
    Below the limit an upper bound of the share is returned: on an opaque tile, the
    share of the loudest colour's pixels when that is under the limit (no labels read);
    else the largest candidate cluster's share, without the wrap test (the answer when
    that cluster does not wrap, an upper bound when it does).
    """
    index, colors = (pre.index, pre.colors) if pre is not None else index_image(rgba)
    h, w = index.shape
    opaque = bool(index.size) and index.min() >= 0
    if opaque:  # every pixel opaque: count instead of sorting
        counts = np.bincount(index.ravel())
        if np.count_nonzero(counts) < 2:
            return 0.0
        # The first maximum of the counts of the colours present: absent ones count 0.
        common = int(np.argmax(counts))
    else:
        values, counts = np.unique(index[index >= 0], return_counts=True)
        if len(values) < 2:
            return 0.0
        common = values[np.argmax(counts)]
    lab = pre.lab if pre is not None and pre.lab is not None else srgb_to_oklab(colors)
    step = lab - lab[common]
    loud = np.sqrt(np.add.reduce(step * step, axis=1)) > contrast  # np.linalg.norm's sum
    if under is not None and opaque:
        # A cluster is no bigger than its colour's pixel count: when the loudest colour's
        # count is under the limit, that bound is the answer (no labels read).
        k = min(counts.size, loud.size)
        bound = int(np.maximum.reduce(counts[:k] * loud[:k])) / (h * w)
        if bound / under < 1.0:  # the ratio a caller forms with the limit
            return bound
    candidates = loud.take(index) if opaque else (index >= 0) & loud[np.maximum(index, 0)]
    if not np.logical_or.reduce(candidates, axis=None):
        return 0.0
    labels = pre.labels if pre is not None else cluster_labels(index)
    sizes = np.bincount(labels.ravel())
    if under is not None:
        # The largest cluster holding a candidate pixel.
        share = float(np.maximum.reduce(sizes.take(labels)[candidates]) / (h * w))
        if share / under < 1.0:  # the ratio a caller forms with the limit
            return share
    items = np.flatnonzero(np.bincount(labels[candidates], minlength=len(sizes)))  # unique
    colour_of = np.empty(len(sizes), np.int64)
    colour_of[labels.ravel()] = index.ravel()
    wraps: dict[int, np.ndarray] = {}
    # The biggest cluster that does not wrap, trying the biggest first: a colour's wrap
    # test is made only when one of its clusters comes up (often just one colour's).
    for item in items[np.argsort(-sizes[items], kind="stable")]:
        colour = int(colour_of[item])
        if colour not in wraps:
            wraps[colour] = _wrapping(index == colour, labels, len(sizes))
        if not wraps[colour][item]:
            return float(sizes[item] / (h * w))
    return 0.0


def _wrapping(mask: np.ndarray, labels: np.ndarray, n: int) -> np.ndarray:
    """Which torus clusters of one colour (its pixels: ``mask``) wrap all the way round:
    in the 3x3 repeat of the mask labelled flat, the middle copy of one of its pixels is
    connected to a neighbouring copy of the same pixel."""
    h, w = labels.shape
    flat, _ = ndimage.label(np.tile(mask, (3, 3)), _CROSS)
    middle = flat[h : 2 * h, w : 2 * w]
    wraps = np.zeros(n, bool)
    for dy, dx in ((0, w), (h, 0), (h, w), (h, -w)):
        other = flat[h + dy : 2 * h + dy, w + dx : 2 * w + dx]
        wraps[labels[(middle == other) & (middle > 0)]] = True
    return wraps


def border_runs(img: np.ndarray) -> float:
    """The longest same-colour run lying on the tile's border (its first and last row and
    column, each read cyclically as the edge continues into the next tile), divided by
    the length of that side."""
    index = _as_index(img)
    h, w = index.shape
    rows = _line_runs(index[[0, -1]], 0) / w
    cols = _line_runs(index[:, [0, -1]], 1) / h
    return float(max(rows.max(), cols.max()))


def repetition(
    rgba: np.ndarray, scale_px: float = TILE_SCALE_PX, lab: np.ndarray | None = None
) -> float:
    """How much of the tile's lightness contrast sits in tile-sized shapes: the share of
    the OKLab L standard deviation carried by Fourier modes with a wavelength of
    ``scale_px`` px or more (always including one cycle per tile).

    These modes are what a 3x3 repeat shows as a grid: a blotch, a big gradient or one
    dominant shape per tile. Small clusters, which carry a well-spread texture, do not
    count. 0 = all contrast is small-scale; 1 = all of it is tile-sized.
    """
    lightness = (lab if lab is not None else lab_image(np.asarray(rgba, np.uint8)))[..., 0]
    spectrum = np.abs(fft2(lightness - lightness.mean())) ** 2
    total = float(np.add.reduce(spectrum, axis=None))  # ``.sum()`` without its wrapper
    low = tile_modes(lightness.shape, scale_px, copy=False)
    return float(np.sqrt(np.add.reduce(spectrum[low]) / total)) if total > 1e-12 else 0.0


def tiling_limits(shape: tuple[int, int]) -> dict[str, float]:
    """The tiling gates' limits for a tile of this size (see the module docstring)."""
    small = min(shape) < 24
    return {
        "detail_balance": BALANCE_MAX_SMALL if small else BALANCE_MAX,
        "dominant_feature": DOMINANT_MAX_SMALL if small else DOMINANT_MAX,
        "border_runs": BORDER_RUN_MAX,
        "repetition": REPETITION_MAX_SMALL if small else REPETITION_MAX,
    }


def tiling_values(
    rgba: np.ndarray,
    pre: Indexed | None = None,
    lab: np.ndarray | None = None,
    *,
    dominant_under: float | None = None,
    border: float | None = None,
) -> dict[str, float]:
    """The four tiling measures of a seamless tile, by gate name (``pre``: its
    :func:`indexed`, ``lab`` its OKLab, ``border`` its :func:`border_runs`, if already
    at hand; ``dominant_under``: see :func:`dominant_feature`'s ``under``)."""
    index = pre.index if pre is not None else index_image(rgba)[0]
    return {
        "detail_balance": detail_balance(index),
        "dominant_feature": dominant_feature(rgba, pre=pre, under=dominant_under),
        "border_runs": border_runs(index) if border is None else border,
        "repetition": repetition(rgba, lab=lab),
    }


def tiling_score(
    rgba: np.ndarray,
    pre: Indexed | None = None,
    lab: np.ndarray | None = None,
    *,
    exact_under: bool = True,
    border: float | None = None,
) -> float:
    """The worst tiling measure as a share of its limit: under 1 passes every gate
    (border runs may reach their limit), above 1 fails one.

    With ``exact_under=False`` the score is exact from 1 up and only known to be under 1
    below it (all a pass/fail decision needs): a measure found under its limit by a
    cheaper upper bound counts at that bound, which cannot be the worst of a score of
    1 or more. ``border``: its :func:`border_runs`, if at hand."""
    pre = pre if pre is not None else indexed(rgba)
    limits = tiling_limits(pre.index.shape)
    under = None if exact_under else limits["dominant_feature"]
    values = tiling_values(rgba, pre, lab, dominant_under=under, border=border)
    ratios = [values[k] / limits[k] for k in values]
    # Border runs pass at their limit: count them a hair lower.
    ratios[2] *= 0.999
    return float(max(ratios))


def check_tiling(rgba: np.ndarray) -> list[str]:
    """Which tiling gates (ART.md §1.7 tells, measured on the torus) a seamless tile
    fails: empty when a 3x3 repeat should not read as a grid of stamps."""
    limits = tiling_limits(np.asarray(rgba).shape[:2])
    problems = []
    for name, value in tiling_values(rgba).items():
        limit = limits[name]
        # Border runs may reach their limit (half a side); the others must stay under.
        bad = value > limit if name == "border_runs" else value >= limit
        if bad:
            problems.append(f"{name} {value:.2f} over {limit}")
    return problems


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
    detail_balance: float = 0.0
    dominant_feature: float = 0.0
    border_runs: float = 0.0
    repetition: float = 0.0


def texture_report(rgba: np.ndarray, wrap: bool = True) -> TextureReport:
    """All metrics of a texture at once (the tiling measures on the torus)."""
    index, colors = index_image(rgba)
    tiling = tiling_values(rgba)
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
        **tiling,
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
