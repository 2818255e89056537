"""Connectable ground sets: every mask is true of its pixels, and any two tiles the rules
let touch meet with the same pixels along the shared edge, whoever they are.

The seam check composes every legal pair on its lattice (back to front, as a game draws
them) and takes the pixels within two of the seam: all pairs with the same code on that
edge must show the same pixels there, so any map built by the rules looks the same along
every seam as along its most ordinary one. The ordinary ones are anchored separately:
tiles whose two opposite edges share a code wrap seamlessly on themselves, and on
diamonds, whose tiles overlap by a pixel, both tiles paint the same colour there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from pixelkiln.engine.quality import seam_error
from pixelkiln.engine.tiles_pro import TileSet
from pixelkiln.engine.tiles_pro.fields import hex_vertices, segment_distance
from pixelkiln.engine.tiles_pro.rules import COAST_MASKS, edge_opposite
from tests.tiles_pro.conftest import hex_corner_zone, joint, legal_pairs, pair, rendered, top_only

# Corners on each edge (N, E, S, W) of a corner mask NW<<3 | NE<<2 | SW<<1 | SE, listed
# along the edge so that the same position means the same corner point of the seam.
_EDGE_CORNERS = {0: (3, 2), 1: (2, 0), 2: (1, 0), 3: (3, 1)}

ROAD_SETS = [
    ("cobblestone road through grass", "square_topdown"),
    ("dirt path through grass", "isometric"),
]
CORNER_SETS = [
    ("grass to water", "square_topdown"),
    ("grass to dirt", "isometric"),
    ("sand to water", "oblique"),
]
COAST_SETS = [("grass to water", "hex"), ("sand to water", "hex_pointy")]


def _edge_code(mask: int, k: int) -> int:
    return (mask >> k) & 1


def _corner_code(mask: int, k: int) -> tuple[int, int]:
    a, b = _EDGE_CORNERS[k]
    return (mask >> a) & 1, (mask >> b) & 1


def _ground(ts: TileSet) -> tuple[np.ndarray, np.ndarray]:
    geom = ts.geometry
    ys, xs = np.mgrid[0 : geom.height, 0 : geom.width]
    return geom.ground(ys + 0.5, xs + 0.5)


# -- masks are true ----------------------------------------------------------------------


@pytest.mark.parametrize(("description", "tile_type"), ROAD_SETS)
def test_road_masks_say_where_the_road_leaves(description: str, tile_type: str) -> None:
    ts = rendered(description, tile_type, "roads")
    assert ts.kind == "paths" and len(ts.tiles) == 18
    assert ts.rules is not None
    assert ts.rules["rule_type"] == "edge" and ts.rules["arity"] == 4
    assert ts.rules["connectivity"] == "same"
    assert ts.rules["tiles"] == {f"tile_{m}": m for m in range(16)}  # 16, 17: stamp-only
    u, v = _ground(ts)
    w = ts.geometry.width
    band = 2.5 / w
    edges = {0: v < band, 1: u > 1 - band, 2: v > 1 - band, 3: u < band}
    for i, mask in enumerate(ts.masks):
        road = ts.classes[i] == 1
        for k, strip in edges.items():
            strip = strip & ts.geometry.top
            on = bool(mask is not None and mask >> k & 1)
            assert road[strip].any() == on, (i, k)
            if on:
                # The road crosses the edge at its middle, with its full width.
                along = u if k in (0, 2) else v
                assert np.all(np.abs(along[strip & road] - 0.5) < 0.36)
                assert (strip & road).sum() >= 0.3 * strip.sum()
    # Mask 0 is a lone patch; the plain ground tiles have no road at all.
    assert ts.classes[0].max() == 1 and ts.classes[16].max() == 0 and ts.classes[17].max() == 0


@pytest.mark.parametrize(("description", "tile_type"), CORNER_SETS)
def test_corner_masks_say_which_terrain_owns_each_corner(description: str, tile_type: str) -> None:
    ts = rendered(description, tile_type, "tileset")
    assert ts.kind == "tileset" and len(ts.tiles) == 16
    assert ts.rules is not None
    assert (ts.rules["rule_type"], ts.rules["arity"], ts.rules["connectivity"]) == (
        "corner",
        4,
        "other",
    )
    assert ts.rules["terrains"] == description.split(" to ")
    u, v = _ground(ts)
    zones = {
        3: (u < 0.14) & (v < 0.14),
        2: (u > 0.86) & (v < 0.14),
        1: (u < 0.14) & (v > 0.86),
        0: (u > 0.86) & (v > 0.86),
    }
    for i, mask in enumerate(ts.masks):
        assert ts.rules["tiles"][f"tile_{i}"] == mask == i
        for bit, zone in zones.items():
            zone = zone & ts.geometry.top
            assert zone.sum() >= 3
            assert np.all(ts.classes[i][zone] == (mask >> bit & 1)), (i, bit)
    assert ts.classes[0].max() == 0 and ts.classes[15].min(initial=1, where=ts.geometry.top) == 1


@pytest.mark.parametrize(("description", "tile_type"), COAST_SETS)
def test_coast_masks_say_which_edges_are_land(description: str, tile_type: str) -> None:
    ts = rendered(description, tile_type, "tileset")
    assert ts.kind == "coastline" and len(ts.tiles) == 32
    assert ts.rules is not None and ts.rules["arity"] == 6 and ts.rules["rule_type"] == "edge"
    assert len(set(ts.masks)) == 32 and ts.masks == list(COAST_MASKS)
    geom = ts.geometry
    verts = hex_vertices(tile_type == "hex_pointy", geom.width, geom.face_h)
    x, y = _ground(ts)
    for k in range(6):
        a, b = verts[k], verts[(k + 1) % 6]
        length = float(np.hypot(b[0] - a[0], b[1] - a[1]))
        near_edge = segment_distance(x, y, a, b) < 1.6
        away = (np.hypot(x - a[0], y - a[1]) > 0.3 * length) & (
            np.hypot(x - b[0], y - b[1]) > 0.3 * length
        )
        strip = near_edge & away & geom.top
        assert strip.sum() >= 4
        for i, mask in enumerate(ts.masks):
            assert np.all(ts.classes[i][strip] == (mask >> k & 1)), (i, k)


# -- seams -------------------------------------------------------------------------------


def _check_seams(
    ts: TileSet,
    code: Callable[[int, int], Any],
    arity: int,
    codes: int,
    exclude: Callable[[int, tuple[int, int], int, int], np.ndarray] | None = None,
    radius: int = 1,
) -> int:
    """Every legal pair across every edge shows its code's pixels at the seam: the edge
    pixels of both tiles (those 4-adjacent to the other tile), or with ``radius`` 2 every
    pixel within two of the seam."""
    masks = [m for m in ts.masks if m is not None]
    tops = [top_only(ts, i) for i in range(len(masks))]
    diamond = ts.geometry.tile_type == "isometric"
    checked = 0
    for k in range(arity):
        opposite = edge_opposite(k, arity)
        seen: dict[Any, np.ndarray] = {}
        region = None
        for i, j, c in legal_pairs(masks, k, code, opposite):
            img, owner = pair(ts.geometry, tops[i], tops[j], k)
            if region is None:
                region = joint(owner, radius, square=radius > 1)
                if exclude is not None:
                    dy, dx = ts.geometry.neighbours[k]
                    region &= ~exclude(k, owner.shape, min(0, dy), min(0, dx))
                assert region.sum() > 0
            strip = img[region]
            if c in seen:
                assert np.array_equal(strip, seen[c]), (k, c, i, j)
            else:
                seen[c] = strip
            if diamond:
                # Diamonds overlap their neighbours by a pixel along the seam: whichever
                # is drawn last, the picture is the same, so both paint the same there.
                assert np.array_equal(img, pair(ts.geometry, tops[i], tops[j], k, True)[0])
            checked += 1
        assert len(seen) == codes
    return checked


@pytest.mark.parametrize(("description", "tile_type"), ROAD_SETS)
def test_road_seams(description: str, tile_type: str) -> None:
    ts = rendered(description, tile_type, "roads", outline_mode="segmentation")
    assert _check_seams(ts, _edge_code, 4, codes=2) == 4 * 128
    if tile_type == "square_topdown":
        assert _check_seams(ts, _edge_code, 4, codes=2, radius=2) == 4 * 128


@pytest.mark.parametrize(("description", "tile_type"), CORNER_SETS)
def test_corner_seams(description: str, tile_type: str) -> None:
    ts = rendered(description, tile_type, "tileset", outline_mode="segmentation")
    assert _check_seams(ts, _corner_code, 4, codes=4) == 4 * 64
    assert _check_seams(ts, _corner_code, 4, codes=4, radius=2) == 4 * 64


@pytest.mark.parametrize(("description", "tile_type"), COAST_SETS)
def test_coast_seams(description: str, tile_type: str) -> None:
    ts = rendered(description, tile_type, "tileset", outline_mode="segmentation")
    geom = ts.geometry

    def corners(k: int, shape: tuple[int, int], dy0: int, dx0: int) -> np.ndarray:
        # Three hexes meet at a corner, where the coast passes: within 4 px of it the
        # pixels depend on the two edges they touch, not on one.
        return hex_corner_zone(geom, k, shape, dy0, dx0, radius=4.0)

    checked = _check_seams(ts, _edge_code, 6, codes=2, exclude=corners)
    assert checked == 6 * 2 * 16 * 16


@pytest.mark.parametrize(
    ("description", "tile_type", "feature", "periodic"),
    [
        ("cobblestone road through grass", "square_topdown", "roads", (0, 5, 10, 15, 16, 17)),
        ("grass to water", "square_topdown", "tileset", (0, 15)),
    ],
)
def test_tiles_whose_opposite_edges_match_wrap_without_a_seam(
    description: str, tile_type: str, feature: str, periodic: tuple[int, ...]
) -> None:
    # Segmentation mode: the outline mode rings every tile with a dark line by design (each
    # tile reads on its own), which is a drawn border, not a seam.
    ts = rendered(description, tile_type, feature, outline_mode="segmentation")
    w = ts.geometry.width
    for i in periodic:
        top = ts.tiles[i][:w, :w]
        # The seam (the tile against itself) is no harder than any line inside it.
        assert seam_error(top) == 0.0, i
