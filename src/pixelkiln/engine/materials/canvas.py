"""What a material generator receives (:class:`DrawContext`) and fills in (:class:`Drawing`),
plus the drawing helpers every family shares.

A generator draws *ramp levels*, not colours: ``Drawing.index`` holds 0 (darkest) to
``ctx.levels - 1`` (lightest); feature colours (flowers, moss on stone, water in puddles)
are appended as *accents* with :meth:`Drawing.accent`, which returns their index values.
Beside the levels it records

- ``height``: a 0..1 height field (raised = 1), for shading, boundaries and normal maps;
- ``units``: a label per pixel of each outlined unit or placed object (0 = none) - what
  the ``outline`` style draws around;
- ``gaps``: mortar, grout and joint pixels between units, where an outline line goes;
- ``keep``: deliberate single pixels the cleanup pass must not touch;
- ``outline_inside``: outline on the units' own rim rather than in the gaps.

Everything wraps: stamps are placed modulo the tile size and neighbour operations use
``np.roll``, so generators stay seamless by construction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
from scipy import ndimage

from pixelkiln.engine.lexicon import Material
from pixelkiln.engine.noise import detile, rank_normalize
from pixelkiln.engine.quality import cluster_labels
from pixelkiln.engine.rng import make_rng
from pixelkiln.engine.stats import mean, quantile, std
from pixelkiln.engine.style import Style
from pixelkiln.engine.text import MaterialSpec
from pixelkiln.engine.torus import neighbours, roll, wrap_pad

__all__ = [
    "DrawContext",
    "Drawing",
    "alone",
    "balance",
    "bevel_levels",
    "contour",
    "drop_lone",
    "light",
    "quantize",
    "scatter",
    "shift_level",
    "spread_points",
    "stamp",
    "window",
    "zscore",
]


@dataclass(frozen=True)
class DrawContext:
    """Everything a generator may depend on; all randomness comes from :meth:`rng`."""

    h: int
    w: int
    seed: int
    material: Material
    spec: MaterialSpec
    style: Style
    feature: float  # typical cluster size in pixels (after detail and reference scaling)

    @property
    def shape(self) -> tuple[int, int]:
        """``(h, w)``."""
        return self.h, self.w

    @property
    def levels(self) -> int:
        """Ramp shades available (0 = darkest)."""
        return self.style.shades

    @property
    def top(self) -> int:
        """The lightest level."""
        return self.style.shades - 1

    @property
    def bevel(self) -> float:
        """Height-lighting strength from the shading style."""
        return self.style.bevel

    @property
    def density(self) -> float:
        """Placed-detail multiplier from the detail style."""
        return self.style.density

    @property
    def area(self) -> float:
        """Tile area relative to a 32x32 tile (counts of placed things scale with it)."""
        return self.h * self.w / 1024.0

    def rng(self, *stream: str | int) -> np.random.Generator:
        """A random stream private to this material and ``stream``."""
        return make_rng(self.seed, self.material.key, *stream)

    def count(self, per_32: float) -> int:
        """How many details to place: ``per_32`` per 32x32 tile, times area and density."""
        return round(per_32 * self.area * self.density)

    def level(self, share: float) -> int:
        """The level at ``share`` (0..1) of the ramp, rounded."""
        return round(share * (self.levels - 1))


@dataclass
class Drawing:
    """The generator's output, refined by features, cleanup and outline passes."""

    index: np.ndarray
    height: np.ndarray
    units: np.ndarray
    gaps: np.ndarray
    keep: np.ndarray
    accents: list[np.ndarray] = field(default_factory=list)
    levels: int = 4
    # Draw outlines on the units' own edge pixels instead of the free pixels around
    # them - for units whose gaps must keep their colour (lava's glowing cracks).
    outline_inside: bool = False

    @classmethod
    def blank(cls, ctx: DrawContext, level: int = 0) -> Drawing:
        """An empty drawing filled with ``level``."""
        shape = ctx.shape
        return cls(
            index=np.full(shape, level, np.int64),
            height=np.zeros(shape, np.float64),
            units=np.zeros(shape, np.int64),
            gaps=np.zeros(shape, bool),
            keep=np.zeros(shape, bool),
            levels=ctx.levels,
        )

    def accent(self, colors: np.ndarray) -> list[int]:
        """Register accent colours (k, 3) uint8; returns their index values."""
        start = self.levels + sum(len(a) for a in self.accents)
        colors = np.asarray(colors, np.uint8).reshape(-1, 3)
        self.accents.append(colors)
        return list(range(start, start + len(colors)))

    def next_unit(self) -> int:
        """A fresh unit label."""
        return int(self.units.max()) + 1


def light(height: np.ndarray) -> np.ndarray:
    """Top-left directional light on a height field, about -1..1 (wrapping gradients).

    A surface rising toward the bottom right faces the top-left light: lit = dh/dx + dh/dy.
    """
    # The four rolls as windows of one wrapped copy (the same values).
    padded = wrap_pad(height)
    gy = (padded[2:, 1:-1] - padded[:-2, 1:-1]) / 2
    gx = (padded[1:-1, 2:] - padded[1:-1, :-2]) / 2
    lit = gx + gy
    scale = float(quantile(np.abs(lit), 95 / 100)) or 1.0  # np.percentile(..., 95)
    return np.clip(lit / scale, -1.5, 1.5)


def _default_shares(n: int) -> np.ndarray:
    # Mid shades dominate; the darkest and lightest are accents (unequal band widths
    # also keep bands from lining up into contour stripes).
    t = (np.arange(n) + 0.5) / n
    w = 0.55 + np.sin(np.pi * t)
    w[0] *= 0.8
    w[-1] *= 0.55
    return w / w.sum()


def quantize(
    field: np.ndarray,
    n: int,
    shares: np.ndarray | None = None,
    low: int = 0,
    *,
    ranked: bool = False,
) -> np.ndarray:
    """Cut a field into ``n`` levels (``low``..``low+n-1``) holding the given pixel shares.

    ``ranked``: the field is :func:`~pixelkiln.engine.noise.rank_normalize`'s output
    (what :func:`balance` returns), distinct values in rank order whose own ranks are
    themselves, so they are used as they are."""
    ranks = field if ranked else rank_normalize(field)
    if shares is None:
        edges = _default_edges(n)
    else:
        shares = np.asarray(shares, np.float64)
        edges = np.cumsum(shares / shares.sum())[:-1]
    return low + np.searchsorted(edges, ranks, side="right")


@lru_cache(maxsize=64)
def _default_edges(n: int) -> np.ndarray:
    """:func:`quantize`'s cuts for the default shares of ``n`` levels (made once,
    read-only)."""
    shares = _default_shares(n)
    edges = np.cumsum(shares / shares.sum())[:-1]
    edges.flags.writeable = False
    return edges


def shift_level(index: np.ndarray, mask: np.ndarray, delta: int, levels: int) -> np.ndarray:
    """Move ramp levels under ``mask`` by ``delta``, clamped to the ramp (accents untouched)."""
    out = index.copy()
    ramp = mask & (index < levels)
    out[ramp] = np.clip(index[ramp] + delta, 0, levels - 1)
    return out


def bevel_levels(ctx: DrawContext, units: np.ndarray, width: int | None = None) -> np.ndarray:
    """+1 on the lit top-left rim of every unit, -1 on its bottom-right rim, 0 elsewhere.

    ``units`` labels each raised unit (0 = not a unit). The rim is 1 px, 2 px for detailed
    shading; flat shading has none. Pixels on both rims (thin parts) stay 0, so a 1-px
    sliver never flickers between light and dark.
    """
    if width is None:
        # Two-pixel rims only where units are big enough to keep a face between them.
        width = 0 if ctx.bevel <= 0 else (2 if ctx.bevel >= 1.1 and ctx.feature >= 7 else 1)
    if width <= 0:
        return np.zeros(ctx.shape, np.int64)  # no rim: every pixel 0
    inside = units > 0
    # The one-pixel neighbours as windows of one wrapped copy (the same as four rolls).
    padded = wrap_pad(units)
    top = units != padded[:-2, 1:-1]
    left = units != padded[1:-1, :-2]
    bottom = units != padded[2:, 1:-1]
    right = units != padded[1:-1, 2:]
    for k in range(2, width + 1):
        top |= units != roll(units, k, 0)
        left |= units != roll(units, 0, k)
        bottom |= units != roll(units, -k, 0)
        right |= units != roll(units, 0, -k)
    lit = top | left
    dark = bottom | right
    # +1 on the lit rim only, -1 on the dark rim only. Corners on both rims follow the
    # horizontal rim they sit on (top-right corner joins the lit top row, bottom-left
    # joins the shaded bottom row), so no lone corner pixel is left in the unit's base
    # tone. The four sets are disjoint, so one sum gives each its value.
    out = (inside & lit & (~dark | (top & ~bottom))).astype(np.int64)
    out -= inside & dark & (~lit | (bottom & ~top))
    return out


def drop_lone(mask: np.ndarray) -> np.ndarray:
    """The mask without pixels that have no 8-neighbour in it (would-be strays)."""
    return mask & neighbours(mask).any(axis=0).reshape(mask.shape)


def soften(mask: np.ndarray, least_px: int) -> np.ndarray:
    """Soft, rounded shapes from a patch mask: an opening with a plus (slivers and spurs
    go, on the torus) and then no part smaller than ``least_px`` pixels."""
    plus = ndimage.generate_binary_structure(2, 1)
    opened = ndimage.grey_opening(mask.astype(np.uint8), footprint=plus, mode="wrap") > 0
    labels = cluster_labels(opened.astype(np.int64))
    return opened & (np.bincount(labels.ravel())[labels] >= least_px)


def scatter(
    ctx: DrawContext, stream: str, count: int, min_dist: float, tries: int = 30
) -> np.ndarray:
    """Up to ``count`` points (y, x) on the torus at least ``min_dist`` apart (dart throwing).

    Taken points block a disc of radius ``min_dist`` (wrapping) in an occupancy grid, so
    each candidate costs one lookup instead of a distance to every point; candidates
    already blocked are dropped a batch at a time before the one-by-one pass.
    """
    rng = ctx.rng("scatter", stream)
    h, w = ctx.h, ctx.w
    # The disc round a point: a table per pixel for tiles (made once), else its offsets.
    table = h * w <= _TABLE_MAX_PX
    disc = _disc_positions(h, w, float(min_dist)) if table else _disc_offsets(float(min_dist))
    # Flat, row-major; a bytearray read and written one pixel at a time by the loop below
    # (a numpy element costs several times more), seen as an array for the batch test.
    flags = bytearray(h * w)
    blocked = np.frombuffer(flags, bool)
    total = max(count, 1) * tries
    batch = max(64, count // 4)
    scale = np.array([h, w], np.float64)
    chunks: list[np.ndarray] = []
    taken: list[int] = []  # the candidates kept, by number
    # The candidates are drawn a batch at a time, only as far as they are read: a
    # Generator's floats come in the same order however many are drawn per call, and
    # this stream serves nothing else.
    for start in range(0, total if count > 0 else 0, batch):
        chunk = rng.random((min(batch, total - start), 2)) * scale
        chunks.append(chunk)
        pixel = chunk.astype(np.int64)  # the whole parts of y and x
        at = pixel[:, 0] * w + pixel[:, 1]
        # Blocked only grows: a candidate blocked now would be rejected below anyway.
        free = (~blocked.take(at)).nonzero()[0]
        for i, p in zip(free.tolist(), at.take(free).tolist(), strict=True):
            if flags[p]:
                continue
            taken.append(start + i)
            if table:
                blocked[disc[p]] = True
            else:
                py, px = divmod(p, w)
                blocked[((py + disc[0]) % h) * w + (px + disc[1]) % w] = True
            if len(taken) >= count:
                break
        if len(taken) >= count:
            break
    if not taken:
        return np.zeros((0, 2), np.float64)
    return np.concatenate(chunks)[taken]


# Tiles up to this many pixels keep a table of the disc round every pixel (a 64 px
# tile's is a few hundred kB; a 512 px texture's would be a hundred MB).
_TABLE_MAX_PX = 64 * 64


@lru_cache(maxsize=64)
def _disc_offsets(min_dist: float) -> tuple[np.ndarray, np.ndarray]:
    """The (dy, dx) offsets of the disc of radius ``min_dist`` (read-only)."""
    r = int(np.ceil(min_dist))
    oy, ox = np.mgrid[-r : r + 1, -r : r + 1]
    disc = oy**2 + ox**2 < min_dist**2
    oy, ox = oy[disc], ox[disc]
    oy.flags.writeable = ox.flags.writeable = False
    return oy, ox


@lru_cache(maxsize=64)
def _disc_positions(h: int, w: int, min_dist: float) -> np.ndarray:
    """For each pixel of an ``h x w`` torus (flat), the flat positions of the disc of
    radius ``min_dist`` round it that a point there blocks: ``(h * w, m)``, read-only."""
    oy, ox = _disc_offsets(min_dist)
    y, x = np.divmod(np.arange(h * w), w)
    positions = ((y[:, None] + oy) % h) * w + (x[:, None] + ox) % w
    positions.flags.writeable = False
    return positions


def spread_points(
    ctx: DrawContext, stream: str, spacing: float | tuple[float, float], jitter: float = 0.75
) -> np.ndarray:
    """Points (y, x) spread evenly over the torus, about ``spacing`` px apart (per axis
    when a pair): one per cell of a jittered grid with a whole number of cells per axis,
    every other row shifted half a cell, in a shuffled order. Every part of the tile gets
    its share, so no tile holds a single focal item and no two items pile up."""
    rng = ctx.rng("spread", stream)
    sy, sx = spacing if isinstance(spacing, tuple) else (spacing, spacing)
    gy = max(1, round(ctx.h / max(sy, 1.0)))
    gx = max(1, round(ctx.w / max(sx, 1.0)))
    rows, cols = _cell_grid(gy, gx)
    y = (rows + 0.5 + (rng.random((gy, gx)) - 0.5) * jitter) * (ctx.h / gy)
    x = (cols + 0.5 + (rng.random((gy, gx)) - 0.5) * jitter) * (ctx.w / gx)
    pts = np.stack([y.ravel() % ctx.h, x.ravel() % ctx.w], axis=1)
    return pts[rng.permutation(len(pts))]


@lru_cache(maxsize=256)
def _cell_grid(gy: int, gx: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`spread_points`' grid cells (row, column as floats), every other row shifted
    half a cell when the rows pair up round the torus (made once per grid, read-only)."""
    rows, cols = np.mgrid[0:gy, 0:gx].astype(np.float64)
    if gy % 2 == 0:
        cols = cols + 0.5 * (rows % 2)  # offset rows: no straight columns
    rows.flags.writeable = cols.flags.writeable = False
    return rows, cols


@lru_cache(maxsize=64)
def window(r: int) -> tuple[np.ndarray, np.ndarray]:
    """The offsets ``(dy, dx)`` of a ``(2r + 1)``-square window round a pixel, as floats:
    ``np.mgrid[-r : r + 1, -r : r + 1]`` (made once per radius, read-only)."""
    oy, ox = np.mgrid[-r : r + 1, -r : r + 1].astype(np.float64)
    oy.flags.writeable = ox.flags.writeable = False
    return oy, ox


def balance(tone: np.ndarray, keep: float = 0.25) -> np.ndarray:
    """A tone field ready to quantise: its tile-sized variation turned down to ``keep``
    (:func:`~pixelkiln.engine.noise.detile`) and rank-normalised to 0..1.

    Applied to a material's final tone, it keeps one blotch, band or gradient per tile
    from surviving into the texture - the commonest reason a repeat reads as a grid -
    while the small clusters that carry the texture stay as they are.
    """
    return rank_normalize(detile(tone, keep))


def alone(index: np.ndarray) -> np.ndarray:
    """Pixels with no same-valued 8-neighbour (wrapping): would-be strays."""
    return ~(neighbours(index) == index.ravel()).any(axis=0).reshape(index.shape)


def contour(field: np.ndarray, share: float = 0.5) -> np.ndarray:
    """1-px lines where ``field`` crosses the value that ``share`` of it lies below: the
    rim of the upper region, 4-connected to the lower one (wrapping). On band-limited
    noise these are meandering lines that never end (veins, brain-coral ridges)."""
    above = field > quantile(field, share)
    below = ~above
    return above & (roll(below, -1, 0) | roll(below, 0, -1))


def zscore(field: np.ndarray) -> np.ndarray:
    """The field scaled to mean 0, standard deviation 1 (for mixing fields by weight)."""
    return (field - mean(field)) / (float(std(field)) + 1e-9)


def stamp(
    target: np.ndarray, sprite: np.ndarray, y: int, x: int, values: dict[int, int] | None = None
) -> np.ndarray:
    """Paint a small sprite onto ``target`` at (y, x), wrapping; returns the painted mask.

    ``sprite`` holds codes (-1 = transparent); ``values`` maps codes to index values
    (default: codes are the values).
    """
    h, w = target.shape
    sh, sw = sprite.shape
    ys = (np.arange(sh) + y) % h
    xs = (np.arange(sw) + x) % w
    painted = np.zeros(target.shape, bool)
    sy, sx = np.nonzero(sprite >= 0)
    codes = sprite[sy, sx]
    if values:
        codes = np.array([values.get(int(c), int(c)) for c in codes], np.int64)
    target[ys[sy], xs[sx]] = codes
    painted[ys[sy], xs[sx]] = True
    return painted
