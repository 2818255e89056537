"""Footprints (alpha masks) of the six tile types, depth by view, and the lattices."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pixelkiln.engine.tiles_pro import SpecError, TilesProSpec, make_plan
from pixelkiln.engine.tiles_pro.geometry import (
    TILE_TYPES,
    build_geometry,
    depth_for,
    face_height,
    snap_width,
)
from pixelkiln.engine.tiles_pro.layout import cell_position
from tests.tiles_pro.conftest import rendered

ISO_4 = [4, 8, 12, 16, 20, 24, 28, 32, 32, 28, 24, 20, 16, 12, 8, 4]
ISO_2 = [2, 6, 10, 14, 18, 22, 26, 30, 32, 30, 26, 22, 18, 14, 10, 6, 2]
HEX_FLAT = [16, 18, 20, 20, 22, 24, 24, 26, 28, 28, 30, 32]
HEX_POINTY = [2, 6, 10, 14, 18, 22, 26, 30] + [32] * 16 + [30, 26, 22, 18, 14, 10, 6, 2]
OCTAGON = [14, 16, 18, 20, 22, 24, 26, 28, 30] + [32] * 14 + [30, 28, 26, 24, 22, 20, 18, 16, 14]


def _rows(mask: np.ndarray) -> list[int]:
    return [int(n) for n in mask.sum(axis=1)]


def _centred(mask: np.ndarray) -> bool:
    """Every row is one run, symmetric about the canvas centre."""
    w = mask.shape[1]
    for row in mask:
        xs = np.nonzero(row)[0]
        if len(xs) and (xs[-1] - xs[0] + 1 != len(xs) or xs[0] != w - 1 - xs[-1]):
            return False
    return True


@pytest.mark.parametrize(
    ("tile_type", "cap", "rows"),
    [
        ("square_topdown", 4, [32] * 32),
        ("isometric", 4, ISO_4),
        ("isometric", 2, ISO_2),
        ("hex", 4, HEX_FLAT + HEX_FLAT[::-1]),
        ("hex_pointy", 4, HEX_POINTY),
        ("octagon", 4, OCTAGON),
    ],
)
def test_top_faces_have_their_exact_shapes(tile_type: str, cap: int, rows: list[int]) -> None:
    geom = build_geometry(tile_type, 32, 0, cap)
    assert geom.shape == (len(rows), 32)
    assert _rows(geom.top) == rows
    assert _centred(geom.top)


def test_isometric_caps_and_midline() -> None:
    for cap, widest in ((2, [8]), (4, [7, 8]), (6, [7]), (8, [6, 7])):
        geom = build_geometry("isometric", 32, 0, cap)
        rows = _rows(geom.top)
        assert rows[0] == cap
        assert [y for y, n in enumerate(rows) if n == 32] == widest
        assert all(b - a in (4, 2, 0) for a, b in itertools.pairwise(rows) if b > a)


def test_isometric_connectable_set_at_32_is_a_32x24_half_block_with_midline_7() -> None:
    ts = rendered("grass to water", "isometric", "tileset")
    alpha = ts.tiles[0][..., 3] > 0
    assert all(t.shape == (24, 32, 4) for t in ts.tiles)
    rows = _rows(alpha)
    assert rows == ISO_4[:8] + [32] * 8 + ISO_4[8:]
    assert rows.index(32) == 7  # the diamond's midline: first of its two widest rows
    assert _rows(ts.geometry.top[:16]) == ISO_4
    for tile in ts.tiles:
        assert np.array_equal(tile[..., 3] > 0, alpha)


def test_oblique_is_a_square_extruded_down_right() -> None:
    geom = build_geometry("oblique", 16, 4, lean=1.0)
    assert geom.shape == (20, 20)
    assert _rows(geom.top) == [16] * 16 + [0] * 4
    assert _rows(geom.footprint) == [16, 17, 18, 19] + [20] * 12 + [19, 18, 17, 16]
    half = build_geometry("oblique", 16, 4, lean=0.5)
    assert half.shape == (20, 18)
    flat = build_geometry("oblique", 16, 4, lean=0.0)
    assert _rows(flat.footprint) == [16] * 20


@pytest.mark.parametrize(
    "tile_type", ["square_topdown", "isometric", "hex", "hex_pointy", "octagon"]
)
def test_rendered_tiles_have_the_geometry_footprint(tile_type: str) -> None:
    ts = rendered("1). grass 2). water", tile_type)
    for tile in ts.tiles:
        assert np.array_equal(tile[..., 3] == 255, ts.geometry.footprint)
        assert set(np.unique(tile[..., 3]).tolist()) <= {0, 255}


def test_skirts_hang_below_the_lowest_top_pixel_of_each_column() -> None:
    for tile_type in ("square_topdown", "isometric", "hex", "hex_pointy", "octagon"):
        geom = build_geometry(tile_type, 32, 6)
        top = geom.top
        for x in range(geom.width):
            ys = np.nonzero(top[:, x])[0]
            side = np.nonzero(geom.face[:, x])[0]
            assert side.tolist() == list(range(ys.max() + 1, ys.max() + 7)), (tile_type, x)


@pytest.mark.parametrize(
    ("tile_type", "views"),
    [
        ("isometric", {"top-down": 0, "high top-down": 4, "low top-down": 8, "side": 16}),
        ("square_topdown", {"top-down": 0, "high top-down": 8, "low top-down": 16, "side": 32}),
    ],
)
def test_depth_by_view(tile_type: str, views: dict[str, int]) -> None:
    face = face_height(tile_type, 32)
    nominal = {"top-down": 0.0, "high top-down": 0.15, "low top-down": 0.3, "side": 0.5}
    for view, depth in views.items():
        assert depth_for(face, view) == depth
        # The depth's share of the canvas is the view's, to within a quarter block.
        assert abs(depth / (face + depth) - nominal[view]) < 0.08


def test_explicit_depth_overrides_the_view() -> None:
    assert depth_for(16, "side", ratio=0.25) == round(0.25 / 0.75 * 16)
    assert depth_for(16, "side", angle=90) == 0
    assert depth_for(16, "top-down", angle=0) == 16  # 0° is a side view: half the canvas
    assert depth_for(32, "side", ratio=0.2, angle=10) == 8  # the ratio wins over the angle
    assert depth_for(16, "side", tile_height=40) == 24  # tile_height wins over everything
    with pytest.raises(ValueError, match="tile_height"):
        depth_for(32, "top-down", tile_height=20)
    plan = make_plan(TilesProSpec("grass", tile_type="hex_pointy", tile_height=64))
    assert plan.height == 64 and plan.depth == 32


def test_plans_reject_what_they_cannot_draw() -> None:
    cases = [
        (TilesProSpec("grass", tile_type="oblique"), "tile_type"),
        (TilesProSpec("grass", tile_type="hex", feature="roads"), "tile_type"),
        (TilesProSpec("grass", tile_type="octagon", feature="tileset"), "tile_type"),
        (TilesProSpec("grass", tile_type="isometric", feature="roads", tile_size=16), "tile_size"),
        (TilesProSpec("grass", tile_type="hex", feature="tileset", tile_size=16), "tile_size"),
        (
            TilesProSpec("grass", tile_type="square_topdown", feature="building", tile_size=128),
            "tile_size",
        ),
        (TilesProSpec("grass", tile_type="square_topdown", tile_height=16), "tile_height"),
    ]
    for spec, field in cases:
        with pytest.raises(SpecError) as err:
            make_plan(spec)
        assert err.value.field == field


@pytest.mark.parametrize(
    "tile_type", ["square_topdown", "isometric", "hex", "hex_pointy", "oblique"]
)
def test_lattices_tile_the_plane_exactly_once(tile_type: str) -> None:
    geom = build_geometry(tile_type, 32, 0)
    cover = np.zeros((400, 400), np.int64)
    for r in range(-12, 30):
        for c in range(-12, 30):
            y, x = cell_position(geom, r, c)
            y, x = y + 100, x + 100
            if 0 <= y and 0 <= x and y + geom.face_h <= 400 and x + geom.width <= 400:
                cover[y : y + geom.face_h, x : x + geom.width] += geom.top[: geom.face_h]
    inner = cover[160:260, 160:260]
    if tile_type == "isometric":
        # The 4 px caps overlap their neighbours by one pixel along every edge (the
        # lines of neighbouring tiles merge), covering every pixel once or twice.
        assert inner.min() == 1 and inner.max() == 2
        for cap in (2, 4):
            # One lattice cell is 32 x 16 / 2 = 256 px; each tile paints 32 more.
            assert int(build_geometry("isometric", 32, 0, cap).top.sum()) == 256 + 32
    else:
        assert inner.min() == 1 and inner.max() == 1


@pytest.mark.parametrize("tile_type", [t for t in TILE_TYPES if t != "octagon"])
def test_textures_read_through_the_lattice_are_periodic_under_it(tile_type: str) -> None:
    geom = build_geometry(tile_type, 32, 0)
    lat = geom.lattice
    assert lat is not None
    tex = np.arange(lat.shape[0] * lat.shape[1]).reshape(lat.shape)
    ys, xs = np.mgrid[0:40, 0:40]
    for dy, dx in (*lat.periods(), *geom.neighbours):
        assert np.array_equal(lat.sample(tex, ys, xs), lat.sample(tex, ys + dy, xs + dx))
    # Every torus pixel is read exactly once per lattice cell: nothing is resampled.
    (a, b), (c, d) = lat.periods()
    cell = abs(a * d - b * c)
    assert cell == tex.size


def test_octagons_are_single_tiles() -> None:
    geom = build_geometry("octagon", 32, 0)
    assert geom.lattice is None and geom.neighbours == ()


def test_widths_snap_to_whole_pixel_lattices() -> None:
    assert [snap_width("hex", s) for s in (16, 21, 30, 32, 60)] == [16, 24, 32, 32, 64]
    assert [snap_width("isometric", s) for s in (30, 31, 33, 35)] == [32, 32, 32, 36]
    assert snap_width("square_topdown", 33) == 33
