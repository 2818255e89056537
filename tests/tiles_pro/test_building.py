"""Building kits: the kit's order and rules, masks true of the pixels, and pieces that,
stamped at their cells, give exactly one render of the assembled building."""

from __future__ import annotations

import math

import numpy as np
import pytest

from pixelkiln.engine.style import Style
from pixelkiln.engine.tiles_pro.building import KIT, Kit
from pixelkiln.engine.tiles_pro.geometry import build_geometry, depth_for, face_height
from pixelkiln.engine.tiles_pro.layout import compose, compose_layers, edge_masks
from pixelkiln.engine.tiles_pro.painter import Painter
from pixelkiln.engine.tiles_pro.prism import cast
from pixelkiln.engine.tiles_pro.spec import BuildingSpec
from tests.tiles_pro.conftest import rendered

KIT_TYPES = ("square_topdown", "isometric", "oblique")
NAMES = {name: i for i, (name, _) in enumerate(KIT)}

# A building with corners, T-junctions, straights and doorways both ways; and a cross
# of dead ends around a crossing.
PLAN = [
    "#######",
    "#..#..#",
    "#..D..#",
    "####..#",
    "#.....D",
    "#.....#",
    "###D###",
]
CROSS = [".#.", "###", ".#."]


def _kit(tile_type: str, outline: bool, **building: object) -> Kit:
    face = face_height(tile_type, 32)
    geom = build_geometry(tile_type, 32, depth_for(face, "low top-down"), lean=1.0)
    painter = Painter(geom, 7, Style(), outline=outline)
    return Kit(painter, "stone tower", BuildingSpec(**building))  # type: ignore[arg-type]


def _cells(kit: Kit, plan: list[str]) -> dict[tuple[int, int], int]:
    member = {(r, c): ch in "#D" for r, row in enumerate(plan) for c, ch in enumerate(row)}
    masks = edge_masks(kit.painter.geom, member)
    cells = {}
    for cell in member:
        ch = plan[cell[0]][cell[1]]
        if ch == "#":
            cells[cell] = masks[cell]
        elif ch == "D":
            assert masks[cell] in (5, 10)
            cells[cell] = NAMES["doorway_we" if masks[cell] == 10 else "doorway_ns"]
        elif ch in "PS":
            cells[cell] = NAMES["pillar" if ch == "P" else "staircase"]
    return cells


def test_kit_order_and_rules() -> None:
    ts = rendered("stone cottage", "isometric", "building")
    assert ts.kind == "building" and len(ts.tiles) == 22
    assert ts.names[16:] == [
        "doorway_we",
        "doorway_ns",
        "floor",
        "upper_storey",
        "pillar",
        "staircase",
    ]
    assert ts.rules == {
        "rule_type": "edge",
        "arity": 4,
        "connectivity": "same",
        "terrains": ["wall", "floor"],
        "tiles": {**{f"tile_{m}": m for m in range(16)}, "tile_16": 10, "tile_17": 5},
    }
    shapes = {t.shape for t in ts.tiles}
    assert len(shapes) == 1  # one canvas for the whole kit: bottom-aligned on the grid
    # Two storeys of W/2 on diamonds, over the 32x24 ground block.
    assert shapes == {(32 + 24, 32, 4)} and ts.offset == (-32, 0)
    floor = ts.tiles[NAMES["floor"]]
    assert not floor[:32, :, 3].any() and np.array_equal(
        floor[32:, :, 3] > 0, ts.geometry.footprint
    )


@pytest.mark.parametrize(
    ("angle", "storeys", "rise"),
    [(None, None, 2 * round(32 * math.cos(math.radians(41.4)))), (60, 1, 16), (90, 3, 6)],
)
def test_square_wall_height_follows_storeys_and_angle(
    angle: float | None, storeys: int | None, rise: int
) -> None:
    kit = _kit("square_topdown", True, wall_angle=angle, wall_tiles=storeys)
    assert kit.height == rise
    assert kit.shape == (rise + 32 + 16, 32)


@pytest.mark.parametrize("tile_type", KIT_TYPES)
def test_wall_masks_say_where_the_wall_goes(tile_type: str) -> None:
    kit = _kit(tile_type, True)
    h, w = kit.shape
    for mask in range(16):
        boxes = [b for b in kit.solids(f"wall_{mask}", mask) if b.owner == 0]
        hits = cast(kit.proj, kit.solids(f"wall_{mask}", mask), (h, w))
        tile = kit.piece(f"wall_{mask}", mask)
        own = np.array([b.owner for b in kit.solids(f"wall_{mask}", mask)] + [-1])[hits.box] == 0
        assert np.array_equal(own, tile[..., 3] > 0)  # the pixels are the wall's hits
        u, v = hits.u[own], hits.v[own]
        reach = {0: v.min() < 0.02, 1: u.max() > 0.98, 2: v.max() > 0.98, 3: u.min() < 0.02}
        for bit, reached in reach.items():
            assert reached == bool(mask >> bit & 1), (tile_type, mask, bit)
        assert len(boxes) == 1 + bin(mask).count("1")


@pytest.mark.parametrize("tile_type", KIT_TYPES)
@pytest.mark.parametrize("outline", [True, False])
def test_stamped_pieces_are_one_render_of_the_building(tile_type: str, outline: bool) -> None:
    kit = _kit(tile_type, outline, layout="grid" if outline else "materials")
    tiles = kit.tiles()
    for plan in (PLAN, CROSS, ["P.S", "...", "S.P"]):
        cells = _cells(kit, plan)
        placed = {cell: tiles[index] for cell, index in cells.items()}
        stamped = compose(kit.painter.geom, placed, offset=(-kit.height, -kit.proj.left))
        scene, _ = kit.scene(cells)
        assert stamped.shape == scene.shape
        assert np.array_equal(stamped, scene)
        assert (scene[..., 3] > 0).mean() > 0.05


def test_walls_stand_over_the_floor_layer() -> None:
    ts = rendered("stone cottage", "square_topdown", "building", outline_mode="segmentation")
    floor = ts.tiles[NAMES["floor"]][-ts.offset[0] :]
    grounds = {(r, c): floor for r in range(3) for c in range(3)}
    walls = {(0, 0): ts.tiles[6], (0, 1): ts.tiles[10], (0, 2): ts.tiles[12]}
    img = compose_layers(ts.geometry, [(grounds, (0, 0)), (walls, ts.offset)])
    # The wall rises above its cell (the canvas grows upward) and is drawn over the floor.
    assert img.shape[0] == 3 * 32 + ts.geometry.depth - ts.offset[0]
    wall_rows = img[: -ts.offset[0]]
    assert (wall_rows[..., 3] > 0).any() and (img[..., 3] == 255).sum() > 3 * 32 * 32
