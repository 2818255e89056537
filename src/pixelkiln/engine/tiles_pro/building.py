"""Building kits: floor, connectable walls, doorways, pillar, staircase, upper storey.

The kit (22 tiles, in this order; ``tile_rules`` edge/4, connectivity ``same``, terrains
``["wall", "floor"]``):

==========  ==================================================  =========
tiles        piece                                               mask
==========  ==================================================  =========
0-15         wall, connecting toward the set bits                0-15
16           doorway in a west-east wall                          10
17           doorway in a north-south wall                        5
18           floor (a ground tile)                                stamp-only
19           upper storey / roof block (a full-cell wall block)   stamp-only
20           pillar                                               stamp-only
21           staircase rising to the north, to wall height        stamp-only
==========  ==================================================  =========

Walls are a band :data:`THICKNESS` of a cell wide along arms from the cell centre to
each connected edge, standing ``building_wall_tiles`` storeys tall: on squares a storey
shows ``W·cos(angle)`` px of wall face (``building_wall_angle``, else the view: top-down
90°, high 60°, low 41.4°, side 0°), on diamonds and oblique tops W/2 px. Every tile
has the same canvas - the ground tile's canvas with the wall height above it (and, for
oblique, the walls' up-left lean beside it) - so tiles are placed bottom-aligned on the
ground grid and drawn back to front over the ground layer. Wall tiles are transparent
but for the wall: lay them over floor (or grass, outside).

Pieces are ray cast (:mod:`.prism`) with the parts of connected neighbours present as
*ghosts*, which hide what they would hide and tell the outline where the wall goes on,
so neighbouring pieces meet without a line. Faces are read from world-aligned textures:
brick courses count from the ground and joints from the world's columns, so a wall built
from pieces is one wall.

``building_layout``: ``grid`` (the default for diamonds) marks every piece - a joint at
cell borders and between storeys, so the wall reads as stacked blocks; ``materials``
(the default for squares and oblique) paints each surface as one continuous swatch.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from pixelkiln.engine.text import MaterialSpec, parse_description
from pixelkiln.engine.tiles_pro.block import outline_ring, paint_block
from pixelkiln.engine.tiles_pro.geometry import Geometry
from pixelkiln.engine.tiles_pro.lattice import Lattice
from pixelkiln.engine.tiles_pro.painter import Painter, as_spec
from pixelkiln.engine.tiles_pro.prism import EAST, SOUTH, TOP, Box, Hits, Projection, cast
from pixelkiln.engine.tiles_pro.spec import BuildingSpec
from pixelkiln.engine.tiles_pro.surface import Surface

__all__ = ["KIT", "THICKNESS", "Kit", "kit_masks", "view_angle"]

#: Wall thickness in cells, by tile type.
THICKNESS = {"square_topdown": 0.3, "isometric": 0.25, "oblique": 0.3}
#: Kit order: (name, mask or None for stamp-only).
KIT: tuple[tuple[str, int | None], ...] = (
    *((f"wall_{m}", m) for m in range(16)),
    ("doorway_we", 10),
    ("doorway_ns", 5),
    ("floor", None),
    ("upper_storey", None),
    ("pillar", None),
    ("staircase", None),
)
_VIEW_ANGLES = {"top-down": 90.0, "high top-down": 60.0, "low top-down": 41.4, "side": 0.0}
_WALL, _CAP_FLOOR2, _STAIRS, _DOOR = 0, 1, 2, 3
#: What doors are made of (their leaves sit in the doorways, set back in the wall).
_DOOR_MATERIAL = "dark wood planks"
_DEFAULT_WALL = "stone brick"
#: Pixels cast beyond the canvas so outlines know what continues past its edge.
_BORDER = 2
#: A gap (px, in 3D) between the points two neighbouring pixels show that the outline
#: marks: neighbours on one surface are at most ~3 px apart (a diamond's top face, seen
#: at a slant, steps 2.8 px per row); a wall's cap against a face behind it is further.
_DEPTH_STEP = 4.5
_DEFAULT_FLOOR = "wood planks"


def kit_masks() -> list[int | None]:
    """Each kit tile's mask in order (None = stamp-only)."""
    return [m for _, m in KIT]


def view_angle(view: str, angle: float | None) -> float:
    """The wall storey camera angle of a square kit (degrees above the horizon)."""
    return float(angle) if angle is not None else _VIEW_ANGLES[view]


def _wall_spec(description: str, given: str | None) -> MaterialSpec:
    if given:
        return as_spec(given)
    spec = parse_description(description)
    return spec if spec.matched_by in ("lexicon", "key", "fuzzy") else as_spec(_DEFAULT_WALL)


@dataclass
class Kit:
    """Draws a building kit over a ground geometry."""

    painter: Painter
    description: str
    building: BuildingSpec
    view: str = "low top-down"

    def __post_init__(self) -> None:
        geom = self.painter.geom
        b = self.building
        self.wall = _wall_spec(self.description, b.wall)
        self.floor = as_spec(b.floor or _DEFAULT_FLOOR)
        self.floor2 = as_spec(b.floor2) if b.floor2 else self.wall
        self.layout = b.layout or ("grid" if geom.tile_type == "isometric" else "materials")
        storeys = b.wall_tiles or 2
        cell = geom.face_h if geom.tile_type == "oblique" else geom.width
        if geom.tile_type == "square_topdown":
            angle = view_angle(self.view, b.wall_angle)
            self.storey = max(2, round(cell * math.cos(math.radians(angle))))
        else:
            self.storey = cell // 2
        self.height = self.storey * storeys
        self.cell = cell
        self.thick = THICKNESS[geom.tile_type]
        self.proj = Projection.of(geom, self.height)
        self.shape = (self.height + geom.height, geom.width + self.proj.left)
        lat = geom.lattice or Lattice.square(geom.width)
        period = geom.side_period if geom.tile_type == "isometric" else cell
        self.face_lattice = Lattice((max(16, cell // 2), period), 0)
        p = self.painter
        self.faces = Surface.render(
            self.wall, self.face_lattice, p.sub_seed("wall face"), p.style, p.reference, p.palette
        )
        self.door = Surface.render(
            _DOOR_MATERIAL, self.face_lattice, p.sub_seed("door"), p.style, p.reference, p.palette
        )
        self.cap = p.surface(self.floor2)
        self.floor_top = p.surface(self.floor)
        self.ground_lattice = lat

    # -- solids ----------------------------------------------------------------------------

    def _band(self, mask: int, owner: int, du: float = 0.0, dv: float = 0.0) -> list[Box]:
        """A wall's boxes: the centre post and an arm toward every set bit."""
        a, b, h = 0.5 - self.thick / 2, 0.5 + self.thick / 2, float(self.height)
        boxes = [Box(a + du, b + du, a + dv, b + dv, 0, h, owner)]
        arms = {0: (a, b, 0.0, a), 1: (b, 1.0, a, b), 2: (a, b, b, 1.0), 3: (0.0, a, a, b)}
        for bit, (u0, u1, v0, v1) in arms.items():
            if mask >> bit & 1:
                boxes.append(Box(u0 + du, u1 + du, v0 + dv, v1 + dv, 0, h, owner))
        return boxes

    def _ghosts(self, mask: int) -> list[Box]:
        """Connected neighbours' arms toward this cell (and their centre posts)."""
        out: list[Box] = []
        for bit, (du, dv, back) in enumerate(((0, -1, 2), (1, 0, 3), (0, 1, 0), (-1, 0, 1))):
            if mask >> bit & 1:
                out += self._band(1 << back, owner=1, du=du, dv=dv)
        return out

    def _doorway(self, along_u: bool) -> list[Box]:
        """Two jambs, a lintel, and a door leaf set back in the opening."""
        a, b, h = 0.5 - self.thick / 2, 0.5 + self.thick / 2, float(self.height)
        gap = 0.24
        door = max(2.0, round(0.72 * h))
        leaf = (0.5 - 0.03, 0.5 + 0.03)
        spans = [
            (0.0, 0.5 - gap, 0, h, _WALL),
            (0.5 + gap, 1.0, 0, h, _WALL),
            (0.5 - gap, 0.5 + gap, door, h, _WALL),
        ]
        if along_u:
            boxes = [Box(u0, u1, a, b, z0, z1, part=p) for u0, u1, z0, z1, p in spans]
            return [*boxes, Box(0.5 - gap, 0.5 + gap, *leaf, 0, door, part=_DOOR)]
        boxes = [Box(a, b, v0, v1, z0, z1, part=p) for v0, v1, z0, z1, p in spans]
        return [*boxes, Box(*leaf, 0.5 - gap, 0.5 + gap, 0, door, part=_DOOR)]

    def _pillar(self) -> list[Box]:
        h = float(self.height)
        r, rb = 0.11, 0.16
        lip = max(2.0, round(h / 10))
        c = 0.5
        return [
            Box(c - r, c + r, c - r, c + r, 0, h),
            Box(c - rb, c + rb, c - rb, c + rb, 0, lip),
            Box(c - rb, c + rb, c - rb, c + rb, h - lip, h),
        ]

    def _stairs(self) -> list[Box]:
        h = float(self.height)
        n = max(3, round(h / 7))
        return [
            Box(0.12, 0.88, 1 - (k + 1) / n, 1 - k / n, 0, (k + 1) * h / n, part=_STAIRS)
            for k in range(n)
        ]

    def solids(self, name: str, mask: int | None) -> list[Box]:
        """The boxes of a kit piece, neighbours' ghosts included."""
        if name.startswith("wall_"):
            assert mask is not None
            return self._band(mask, 0) + self._ghosts(mask)
        if name == "doorway_we":
            return self._doorway(True) + self._ghosts(10)
        if name == "doorway_ns":
            return self._doorway(False) + self._ghosts(5)
        if name == "pillar":
            return self._pillar()
        if name == "staircase":
            return self._stairs()
        if name == "upper_storey":
            return [Box(0.0, 1.0, 0.0, 1.0, 0, float(self.height), part=_CAP_FLOOR2)]
        msg = f"unknown kit piece {name!r}"
        raise ValueError(msg)

    # -- painting --------------------------------------------------------------------------

    def _face_colors(
        self,
        boxes: list[Box],
        hits_box: np.ndarray,
        face: np.ndarray,
        z: np.ndarray,
        u: np.ndarray,
        v: np.ndarray,
        cols: np.ndarray,
    ) -> np.ndarray:
        """Colours of visible box faces (top: cap or floor; sides: the wall texture).

        ``cols`` is each pixel's screen column counted from the ground canvas of cell
        (0, 0): side textures of diamonds are read by it, so pieces and whole scenes agree.
        """
        out = np.zeros((*face.shape, 3), np.uint8)
        cell = self.cell
        gy, gx = self.proj.ground_pixel(u, v)
        part = np.array([b.part for b in boxes] + [0])[hits_box]
        top = face == TOP
        grid = self.layout == "grid"
        joint_u = np.abs(u - np.rint(u)) * cell < 0.75
        joint_v = np.abs(v - np.rint(v)) * cell < 0.75
        for surface, sel in (
            (self.floor_top, top & (part == _STAIRS)),
            (self.cap, top & (part != _STAIRS) & (part != _DOOR)),
            (self.door, top & (part == _DOOR)),
        ):
            if sel.any():
                shift = np.where(grid & (joint_u | joint_v)[sel], -1, 0) if grid else 0
                out[sel] = surface.colors(gy[sel], gx[sel], shift)
        side = (face == SOUTH) | (face == EAST)
        if side.any():
            t = np.floor(z + 1e-6).astype(np.int64)
            if self.proj.kind == "isometric":
                s = cols
            else:
                s = np.where(face == SOUTH, np.floor(u * cell + 1e-6), np.floor(v * cell + 1e-6))
            s = s.astype(np.int64)
            rows = self.face_lattice.shape[0]
            shift = np.where(face == EAST, -2, -1)
            if grid:
                storey_line = (t % self.storey) == self.storey - 1
                joint = np.where(face == SOUTH, joint_u, joint_v)
                shift = shift - (storey_line | joint).astype(np.int64)
            for surface, sel in (
                (self.faces, side & (part != _DOOR)),
                (self.door, side & (part == _DOOR)),
            ):
                if sel.any():
                    out[sel] = surface.colors((-t[sel] - 1) % rows, s[sel], shift[sel])
        return out

    def _lines(self, hits: Hits, own: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Outline pixels (ring) and creases of a piece's visible pixels.

        The ring is the piece's silhouette, ghosts included (no line where the wall goes
        on into the next tile), plus the near side of every occluding edge (a wall's cap
        in front of a face further back); a crease is a side-face pixel under a top.
        """
        solid = hits.box >= 0
        pts = self.proj.points(hits.u, hits.v, hits.z)
        near = pts @ self.proj.toward_viewer()
        ring = outline_ring(solid) & own
        for dy, dx in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            nb_solid = np.roll(solid, (dy, dx), axis=(0, 1))
            gap = np.linalg.norm(pts - np.roll(pts, (dy, dx), axis=(0, 1)), axis=-1)
            nearer = near > np.roll(near, (dy, dx), axis=(0, 1))
            ring |= own & nb_solid & (gap > _DEPTH_STEP) & nearer
        above_top = np.zeros_like(own)
        above_top[1:] = hits.face[:-1] == TOP
        crease = own & above_top & (hits.face != TOP) & ~ring
        return ring, crease

    def _draw(self, boxes: list[Box], proj: Projection, shape: tuple[int, int]) -> np.ndarray:
        """Cast and paint boxes on a canvas; only boxes of owner 0 are drawn."""
        hits = cast(proj, boxes, shape)
        own = np.array([b.owner for b in boxes] + [-1])[hits.box] == 0
        cols = np.broadcast_to(np.arange(shape[1])[None, :] - proj.left, shape)
        rgb = self._face_colors(boxes, hits.box, hits.face, hits.z, hits.u, hits.v, cols)
        rgba = np.zeros((*shape, 4), np.uint8)
        rgba[own, :3] = rgb[own]
        rgba[own, 3] = 255
        if self.painter.outline:
            ring, crease = self._lines(hits, own)
            rgba[ring, :3] = self.faces.level_color(0)
            rgba[crease, :3] = self.faces.level_color(1)
        return rgba

    def piece(self, name: str, mask: int | None) -> np.ndarray:
        """One kit tile (RGBA) on the kit canvas.

        The pixels are cast over the canvas plus a border of :data:`_BORDER` pixels, so
        the outline sees the ghosts beyond the canvas edge and does not draw a line where
        the wall goes on into the next tile.
        """
        if name == "floor":
            return self._floor()
        m = _BORDER
        proj = replace(self.proj, rise=self.proj.rise + m, left=self.proj.left + m)
        h, w = self.shape
        rgba = self._draw(self.solids(name, mask), proj, (h + 2 * m, w + 2 * m))
        return self.painter.finish(rgba[m : m + h, m : m + w])

    def scene(self, cells: dict[tuple[int, int], int]) -> tuple[np.ndarray, tuple[int, int]]:
        """One render of a whole structure: kit tile indices at (row, column) cells.

        Returns the image and the screen position of its top-left corner (in the
        coordinates of :func:`.layout.cell_position`, where cell (0, 0)'s ground canvas
        is at the origin). Stamping the pieces at their cells gives the same pixels when
        every connected edge has its neighbour - what the seam tests check.
        """
        from pixelkiln.engine.tiles_pro.layout import cell_position

        geom = self.painter.geom
        boxes: list[Box] = []
        owners: list[tuple[int, int]] = []
        tops, lefts, bottoms, rights = [], [], [], []
        h, w = self.shape
        for (r, c), index in cells.items():
            name, mask = KIT[index]
            if name == "floor":
                continue
            for b in self.solids(name, mask):
                if b.owner == 0:
                    boxes.append(replace(b, u0=b.u0 + c, u1=b.u1 + c, v0=b.v0 + r, v1=b.v1 + r))
                    owners.append((r, c))
            y, x = cell_position(geom, r, c)
            tops.append(y - self.proj.rise)
            lefts.append(x - self.proj.left)
            bottoms.append(y - self.proj.rise + h)
            rights.append(x - self.proj.left + w)
        y0, x0 = min(tops), min(lefts)
        proj = replace(self.proj, rise=-y0, left=-x0)
        shape = (max(bottoms) - y0, max(rights) - x0)
        # Visibility from one cast of everything: nearest box wins, whatever its cell.
        hits = cast(proj, boxes, shape)
        cols = np.broadcast_to(np.arange(shape[1])[None, :] - proj.left, shape)
        visible = hits.box >= 0
        rgb = self._face_colors(boxes, hits.box, hits.face, hits.z, hits.u, hits.v, cols)
        rgba = np.zeros((*shape, 4), np.uint8)
        rgba[visible, :3] = rgb[visible]
        rgba[visible, 3] = 255
        if self.painter.outline:
            # A line belongs to the piece it is drawn on: each cell decides its own
            # pixels' lines from what it knows (itself and its connected neighbours).
            cell_of = np.array([*owners, (-1, -1)])[hits.box]
            m = _BORDER
            for (r, c), index in cells.items():
                name, mask = KIT[index]
                if name == "floor":
                    continue
                # Its pixels lie on its own canvas: cast that, with a border, clipped to
                # the scene (beyond which there is nothing).
                y, x = cell_position(geom, r, c)
                top, left = y - self.proj.rise - y0 - m, x - self.proj.left - x0 - m
                ya, xa = max(0, top), max(0, left)
                yb, xb = min(shape[0], top + h + 2 * m), min(shape[1], left + w + 2 * m)
                window = replace(proj, rise=proj.rise - ya, left=proj.left - xa)
                local = [
                    replace(b, u0=b.u0 + c, u1=b.u1 + c, v0=b.v0 + r, v1=b.v1 + r)
                    for b in self.solids(name, mask)
                ]
                sub = (slice(ya, yb), slice(xa, xb))
                mine = visible[sub] & (cell_of[sub][..., 0] == r) & (cell_of[sub][..., 1] == c)
                ring, crease = self._lines(cast(window, local, (yb - ya, xb - xa)), mine)
                rgba[sub][ring, :3] = self.faces.level_color(0)
                rgba[sub][crease, :3] = self.faces.level_color(1)
        return self.painter.finish(rgba), (y0, x0)

    def _floor(self) -> np.ndarray:
        geom: Geometry = self.painter.geom
        layer = self.painter.layer(self.floor)
        ys, xs = self.painter.canvas()
        top_rgb, _ = layer.top.read(ys, xs)
        tile = paint_block(
            geom,
            top_rgb,
            np.zeros(geom.shape, np.int64),
            [layer],
            self.painter.outline,
            lip_noise=self.painter.noise(3.0, "lip"),
        )
        out = np.zeros((*self.shape, 4), np.uint8)
        out[self.height :, self.proj.left :] = tile
        return self.painter.finish(out)

    def tiles(self) -> list[np.ndarray]:
        """All kit tiles in kit order."""
        return [self.piece(name, mask) for name, mask in KIT]
