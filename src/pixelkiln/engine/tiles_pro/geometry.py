"""Tile geometry: the six footprints, their side faces (depth) and their ground lattices.

Every tile is a *top face* (the ground the tile stands for) over *side faces* (the skirt
that shows the tile's depth below its front edges). ``tile_size`` is the width of the
canvas for every type; the canvas height is the face height plus the depth.

Footprints (exact pixel recipes, checked by the tests):

- ``square_topdown``: a W x W square.
- ``isometric``: a 2:1 diamond W wide. Rows grow by 4 px (2 px a side) from a cap of
  ``tile_flat_top_px`` pixels; when the rows reach W exactly the left/right vertices are
  two rows tall (the 4 px "modern" style: 32 px gives rows 4, 8, ... 32, 32, ... 4, 16
  rows, widest rows 7 and 8, so the midline is y = 7), otherwise a single W-wide vertex
  row closes the half (the 2 px "classic" style: 2, 6 ... 30, 32, 30 ... 2, 17 rows).
  W is rounded to a multiple of 4 and the cap to W's parity, so the diamond is symmetric
  and its lattice lands on whole pixels.
- ``hex`` (flat top) and ``hex_pointy``: the Voronoi cell of a hexagonal lattice, taken
  at pixel centres with a fixed tie-break, so hexes placed on their lattice cover the
  plane exactly once. Hexes are seen from 60° up (a regular hex foreshortened by
  cos 30°), which puts their slanted edges on clean pixel steps: flat tops are W x 3W/4
  with 2:3 edges (W a multiple of 8; 32 -> 32x24), pointy tops W x W with the 2:1 lines
  of isometric art (W a multiple of 4; 32 -> 32x32).
- ``octagon``: a W x W square with 45° corners cut at W/(2+√2) (32 -> 9 px cuts).
- ``oblique``: a W x W square extruded down and to the right, ``lean`` px across per px
  down (cabinet projection: 0.5 ≈ 27°, 1 = 45°).

Depth (the skirt) hangs below every column's lowest top-face pixel. Faces are named by
where they look: ``left`` (down-left, toward the light's side), ``front`` (straight
down) and ``right`` (down-right, in shadow). How deep it is comes from the view:
:func:`depth_for` documents the rule.

Neighbour offsets (``Geometry.neighbours``) are the screen offsets of the tiles across
each edge, in the order the masks use (N, E, S, W for squares and diamonds; hex edges
counter-clockwise from vertex 0), which is what map layouts and the seam tests place
tiles by.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from pixelkiln.engine.tiles_pro.lattice import Lattice

__all__ = [
    "FACE_FRONT",
    "FACE_LEFT",
    "FACE_NONE",
    "FACE_RIGHT",
    "TILE_TYPES",
    "VIEW_RATIOS",
    "Geometry",
    "build_geometry",
    "depth_for",
    "face_height",
    "snap_width",
]

TILE_TYPES = ("square_topdown", "isometric", "hex", "hex_pointy", "octagon", "oblique")

#: Depth as a share of the canvas height, by ``tile_view``.
VIEW_RATIOS = {"top-down": 0.0, "high top-down": 0.15, "low top-down": 0.30, "side": 0.50}
#: Largest depth share honoured (a ratio of 1 would be an infinitely deep tile).
MAX_RATIO = 0.8

FACE_NONE, FACE_LEFT, FACE_FRONT, FACE_RIGHT = 0, 1, 2, 3

SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True)
class Geometry:
    """One tile shape on its canvas.

    ``top`` marks the top face; ``face`` names the side face of each skirt pixel
    (``FACE_*``), ``face_t`` its depth below the top edge (0 = first skirt row) and
    ``face_s`` its position along the edge (lattice-consistent, for side textures).
    """

    tile_type: str
    width: int
    height: int
    face_h: int
    depth: int
    top: np.ndarray
    face: np.ndarray
    face_t: np.ndarray
    face_s: np.ndarray
    lattice: Lattice | None
    #: Screen offsets (dy, dx) of the neighbour across each edge, in mask order.
    neighbours: tuple[tuple[int, int], ...] = ()
    flat_top: int = 0
    lean: float = 0.0
    #: Side-texture period along ``face_s``.
    side_period: int = 32
    extra: dict[str, float] = field(default_factory=dict)

    @property
    def footprint(self) -> np.ndarray:
        """The tile's alpha mask: top face plus side faces."""
        return self.top | (self.face > 0)

    @property
    def shape(self) -> tuple[int, int]:
        return self.height, self.width

    def row_widths(self) -> list[int]:
        """Opaque pixels per row of the footprint (what the tests compare)."""
        return [int(n) for n in self.footprint.sum(axis=1)]

    def ground(self, ys: np.ndarray, xs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Ground coordinates of screen points (pixel units; pixel centres at +0.5).

        Squares, diamonds and oblique tops give cell coordinates ``(u, v)``: the cell
        is [0, 1)², u grows east and v south. Hexes and octagons give pixel offsets
        ``(x, y)`` from the face centre.
        """
        if self.tile_type in ("square_topdown", "oblique"):
            cell = float(self.face_h)  # oblique canvases are wider than their cell
            return xs / cell, ys / cell
        if self.tile_type == "isometric":
            w = float(self.width)
            yc = self.face_h / 2.0
            a = (ys - yc) / (w / 2.0)
            b = (xs - w / 2.0) / w
            return a + b + 0.5, a - b + 0.5
        return xs - self.width / 2.0, ys - self.face_h / 2.0


def snap_width(tile_type: str, size: int) -> int:
    """The canvas width a ``tile_size`` gives: lattices need whole-pixel offsets."""
    if tile_type == "hex":
        return max(16, 8 * round(size / 8))
    if tile_type in ("isometric", "hex_pointy"):
        return max(16, 4 * round(size / 4))
    return int(size)


def _iso_rows(width: int, cap: int) -> list[int]:
    cap = cap + ((width - cap) % 2)  # same parity as the width: symmetric rows
    half = list(range(cap, width + 1, 4))
    if half[-1] == width:
        return half + half[::-1]
    return [*half, width, *half[::-1]]


def _hex_dims(tile_type: str, width: int) -> tuple[int, int]:
    # Seen from 60° up (a regular hex foreshortened by cos 30°): flat tops get 2:3 slanted
    # edges, pointy tops the 2:1 lines of isometric art.
    return (width, 3 * width // 4) if tile_type == "hex" else (width, width)


def face_height(tile_type: str, width: int, flat_top: int = 4) -> int:
    """Rows of the top face."""
    if tile_type == "isometric":
        return len(_iso_rows(width, flat_top))
    if tile_type in ("hex", "hex_pointy"):
        return _hex_dims(tile_type, width)[1]
    return width


def depth_for(
    face_h: int,
    view: str,
    angle: float | None = None,
    ratio: float | None = None,
    tile_height: int | None = None,
) -> int:
    """Skirt depth in pixels.

    Precedence: ``tile_height`` (depth = height - face rows) over ``ratio`` over
    ``angle`` (ratio = 0.5·cos(angle): 90° is top-down, 0° side) over ``view``. The
    ratio is the depth's share of the canvas height, so depth = ratio/(1-ratio)·face.
    A named view snaps the depth to quarters of the face height, the unit blocks stack
    by (a 32 px diamond at low top-down gives the 32x24 half block); an explicit ratio
    or angle is rounded to the pixel.
    """
    if tile_height is not None:
        if tile_height < face_h:
            msg = f"tile_height {tile_height} is less than the {face_h} rows of the top face"
            raise ValueError(msg)
        return int(tile_height - face_h)
    snap = ratio is None and angle is None
    if ratio is None:
        ratio = 0.5 * math.cos(math.radians(angle)) if angle is not None else VIEW_RATIOS[view]
    ratio = min(max(float(ratio), 0.0), MAX_RATIO)
    raw = ratio / (1.0 - ratio) * face_h
    if snap:
        unit = face_h / 4.0
        return round(round(raw / unit) * unit)
    return round(raw)


def _skirt(top: np.ndarray, depth: int, classify: np.ndarray) -> tuple[np.ndarray, ...]:
    """Side-face arrays for a skirt ``depth`` deep under every column's lowest top pixel."""
    h, w = top.shape
    face = np.zeros((h, w), np.int8)
    face_t = np.full((h, w), -1, np.int16)
    if depth <= 0:
        return face, face_t
    rows = np.arange(h)[:, None]
    has = top.any(axis=0)
    bottom = np.where(has, h - 1 - np.argmax(top[::-1], axis=0), -1)
    t = rows - bottom[None, :] - 1
    skirt = has[None, :] & (t >= 0) & (t < depth) & ~top
    face[skirt] = np.broadcast_to(classify[None, :], (h, w))[skirt]
    face_t[skirt] = t[skirt]
    return face, face_t


def _hex_top(tile_type: str, width: int, height: int) -> np.ndarray:
    """The hex Voronoi cell at pixel centres (exact partition of the plane)."""
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float64)
    # A tiny fixed bias breaks ties identically for every tile, so no pixel is shared.
    px = xs + 0.5 - width / 2 + 1e-7
    py = ys + 0.5 - height / 2 + 2.3e-7
    if tile_type == "hex":
        # Normalised so the hex is regular with circumradius 1.
        qx, qy = px / (width / 2), py / (height / 2) * (SQRT3 / 2)
        nbrs = [(1.5, SQRT3 / 2), (1.5, -SQRT3 / 2), (0.0, SQRT3)]
    else:
        qx, qy = px / (width / 2) * (SQRT3 / 2), py / (height / 2)
        nbrs = [(SQRT3 / 2, 1.5), (-SQRT3 / 2, 1.5), (SQRT3, 0.0)]
    own = qx**2 + qy**2
    inside = np.ones((height, width), bool)
    for nx, ny in nbrs:
        for sgn in (1, -1):
            d = (qx - sgn * nx) ** 2 + (qy - sgn * ny) ** 2
            inside &= own < d
    return inside


def _octagon_top(width: int) -> np.ndarray:
    cut = round(width / (2 + math.sqrt(2)))
    ys, xs = np.mgrid[0:width, 0:width]
    dx = np.minimum(xs, width - 1 - xs)
    dy = np.minimum(ys, width - 1 - ys)
    return dx + dy >= cut


def _oblique(width: int, depth: int, lean: float) -> Geometry:
    shift = [round(t * lean) for t in range(depth + 1)]
    cw, ch = width + shift[-1], width + depth
    top = np.zeros((ch, cw), bool)
    top[:width, :width] = True
    body = np.zeros((ch, cw), bool)
    for t in range(depth + 1):
        body[t : t + width, shift[t] : shift[t] + width] = True
    face = np.zeros((ch, cw), np.int8)
    face_t = np.full((ch, cw), -1, np.int16)
    face_s = np.zeros((ch, cw), np.int32)
    for t in range(1, depth + 1):
        y = width - 1 + t
        face[y, shift[t] : shift[t] + width] = FACE_FRONT
        face_t[y, shift[t] : shift[t] + width] = t - 1
        face_s[y, shift[t] : shift[t] + width] = np.arange(width)
    right = body & ~top & (face == 0)
    ys, xs = np.nonzero(right)
    for y, x in zip(ys.tolist(), xs.tolist(), strict=True):
        # The extrusion step whose right edge this column is.
        t = next(k for k in range(1, depth + 1) if width - 1 + shift[k] >= x)
        face[y, x] = FACE_RIGHT
        face_t[y, x] = t - 1
        face_s[y, x] = y - t
    return Geometry(
        tile_type="oblique",
        width=cw,
        height=ch,
        face_h=width,
        depth=depth,
        top=top,
        face=face,
        face_t=face_t,
        face_s=face_s,
        lattice=Lattice.square(width),
        neighbours=((-width, 0), (0, width), (width, 0), (0, -width)),
        lean=lean,
        side_period=width,
        extra={"cell": float(width)},
    )


def build_geometry(
    tile_type: str,
    size: int,
    depth: int,
    flat_top: int | None = None,
    lean: float | None = None,
) -> Geometry:
    """The geometry of one tile type at ``size`` px wide with a skirt ``depth`` deep."""
    width = snap_width(tile_type, size)
    if tile_type == "oblique":
        return _oblique(width, depth, 1.0 if lean is None else float(lean))
    cap = 4 if flat_top is None else int(flat_top)
    if tile_type == "square_topdown":
        face_h = width
        top = np.ones((width, width), bool)
        classify = np.full(width, FACE_FRONT, np.int8)
        lattice: Lattice | None = Lattice.square(width)
        nbrs: tuple[tuple[int, int], ...] = ((-width, 0), (0, width), (width, 0), (0, -width))
        period = width
    elif tile_type == "isometric":
        rows = _iso_rows(width, cap)
        face_h = len(rows)
        top = np.zeros((face_h, width), bool)
        for y, n in enumerate(rows):
            top[y, (width - n) // 2 : (width + n) // 2] = True
        classify = np.where(np.arange(width) < width // 2, FACE_LEFT, FACE_RIGHT).astype(np.int8)
        lattice = Lattice.isometric(width)
        q, hw = width // 4, width // 2
        nbrs = ((-q, hw), (q, hw), (q, -hw), (-q, -hw))
        period = width // 2
    elif tile_type in ("hex", "hex_pointy"):
        width, face_h = _hex_dims(tile_type, width)
        top = _hex_top(tile_type, width, face_h)
        xs = np.arange(width)
        if tile_type == "hex":
            classify = np.where(
                xs < width // 4, FACE_LEFT, np.where(xs >= 3 * width // 4, FACE_RIGHT, FACE_FRONT)
            ).astype(np.int8)
            lattice = Lattice.hex_flat(width, face_h)
            a, b = 3 * width // 4, face_h // 2
            # Edge k faces the direction 30° + 60k (screen y grows downward).
            nbrs = ((-b, a), (-face_h, 0), (-b, -a), (b, -a), (face_h, 0), (b, a))
            period = 3 * width // 4
        else:
            classify = np.where(xs < width // 2, FACE_LEFT, FACE_RIGHT).astype(np.int8)
            lattice = Lattice.hex_pointy(width, face_h)
            a, b = width // 2, 3 * face_h // 4
            # Edge k faces the direction 60° + 60k.
            nbrs = ((-b, a), (-b, -a), (0, -width), (b, -a), (b, a), (0, width))
            period = width // 2
    elif tile_type == "octagon":
        face_h = width
        top = _octagon_top(width)
        cut = round(width / (2 + math.sqrt(2)))
        xs = np.arange(width)
        classify = np.where(
            xs < cut, FACE_LEFT, np.where(xs >= width - cut, FACE_RIGHT, FACE_FRONT)
        ).astype(np.int8)
        lattice = None
        nbrs = ()
        period = width
    else:
        msg = f"unknown tile_type {tile_type!r}; one of {', '.join(TILE_TYPES)}"
        raise ValueError(msg)
    height = face_h + max(0, depth)
    canvas = np.zeros((height, width), bool)
    canvas[:face_h] = top
    face, face_t = _skirt(canvas, depth, classify)
    face_s = np.broadcast_to(np.arange(width)[None, :], (height, width)).astype(np.int32)
    return Geometry(
        tile_type=tile_type,
        width=width,
        height=height,
        face_h=face_h,
        depth=max(0, depth),
        top=canvas,
        face=face,
        face_t=face_t,
        face_s=face_s.copy(),
        lattice=lattice,
        neighbours=nbrs,
        flat_top=cap + ((width - cap) % 2) if tile_type == "isometric" else 0,
        side_period=period,
    )
