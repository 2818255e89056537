"""Geometry: the 2:1 footprint of the grid size, side heights, placement that fits."""

from __future__ import annotations

import numpy as np
import pytest

from pixelkiln.engine.isometric import (
    SHAPES,
    diamond_mask,
    grid_offset,
    render_isometric_tile,
    thickness,
    tile_geometry,
)
from pixelkiln.engine.isometric.scene import Placement, compose, top_coverage


@pytest.mark.parametrize("grid", [16, 32])
def test_footprint_is_a_stepped_2_to_1_diamond_of_the_grid_size(grid: int) -> None:
    mask = diamond_mask(grid)
    assert mask.shape == (grid // 2, grid)
    widths = mask.sum(axis=1)
    quarter = grid // 4
    # 2-px flats at the top and bottom, 4 px wider per row (2 px per side: a 2:1 line).
    assert widths[:quarter].tolist() == [4 * k + 2 for k in range(quarter)]
    assert widths.tolist() == widths[::-1].tolist()
    for row in mask:
        cols = np.flatnonzero(row)
        # Centred on the shared centre column pair, contiguous, even width.
        assert cols[0] + cols[-1] == grid - 1 and len(cols) == cols[-1] - cols[0] + 1
    # One grid cell's area: the lattice (G/2, G/4), (-G/2, G/4) has cells of G*G/4 px.
    assert mask.sum() == grid * grid // 4


@pytest.mark.parametrize("grid", [16, 32])
def test_top_faces_of_a_4x4_grid_meet_with_no_gap_and_no_overlap(grid: int) -> None:
    tile = render_isometric_tile("grass on top of dirt", (grid, grid), grid, "block", seed=3)
    # The tile's opaque pixels are exactly its faces.
    assert np.array_equal(tile.rgba[..., 3] > 0, tile.geometry.body)
    placements = [Placement(gx, gy, tile) for gx in range(4) for gy in range(4)]
    count, (ox, oy) = top_coverage(placements)
    assert count.max() == 1  # no overlap
    # The union is the 4G-wide diamond of the same stepped shape: no gap anywhere inside.
    big = diamond_mask(4 * grid)
    left = ox + tile.geometry.x0 - 3 * grid // 2
    top = oy + tile.geometry.y0
    union = np.zeros_like(count, dtype=bool)
    union[top : top + 2 * grid, left : left + 4 * grid] = big
    assert np.array_equal(count > 0, union)
    # And the composed picture holds every one of those pixels.
    scene = compose(placements, margin=0)
    assert (scene[..., 3] > 0).sum() >= big.sum()


def test_placement_math() -> None:
    assert grid_offset(0, 0, 32) == (0, 0)
    assert grid_offset(1, 0, 32) == (16, 8)
    assert grid_offset(0, 1, 32) == (-16, 8)
    assert grid_offset(2, 3, 16) == (-8, 20)


@pytest.mark.parametrize(
    ("canvas", "grid"),
    [((16, 16), 16), ((32, 32), 32), ((32, 32), 16), ((64, 64), 32), ((48, 40), 32)],
)
@pytest.mark.parametrize("shape", list(SHAPES))
def test_side_heights_are_the_shapes_share_of_the_canvas(
    canvas: tuple[int, int], grid: int, shape: str
) -> None:
    h, w = canvas
    tile = render_isometric_tile("stone", canvas, grid, shape, seed=1)
    alpha = tile.rgba[..., 3] > 0
    # The centre columns hold the diamond's full height (G/2) plus the side height.
    centre = tile.geometry.x0 + grid // 2
    side = int(alpha[:, centre].sum()) - grid // 2
    assert side == thickness(h, shape)
    assert abs(side - SHAPES[shape] * h) <= 0.5
    # Stands on the bottom row, centred, silhouette as wide as the footprint.
    assert alpha[-1].any() and not alpha[: tile.geometry.y0].any()
    cols = np.flatnonzero(alpha.any(axis=0))
    assert cols[0] == tile.geometry.x0 + 1 and cols[-1] == tile.geometry.x0 + grid - 2
    assert (w - grid) // 2 == tile.geometry.x0
    # The top rows of the silhouette are the footprint diamond.
    y0 = tile.geometry.y0
    top = alpha[y0 : y0 + grid // 4, tile.geometry.x0 : tile.geometry.x0 + grid]
    assert np.array_equal(top, diamond_mask(grid)[: grid // 4])


def test_background_is_transparent_and_alpha_is_binary() -> None:
    tile = render_isometric_tile("snow over rock", (40, 48), 32, "thick tile", seed=5)
    alpha = tile.rgba[..., 3]
    assert set(np.unique(alpha).tolist()) == {0, 255}
    for corner in (alpha[0, 0], alpha[0, -1], alpha[-1, 0], alpha[-1, -1]):
        assert corner == 0
    assert not tile.rgba[alpha == 0].any()  # transparent pixels carry no hidden colour


def test_top_face_shows_every_texel_once() -> None:
    for grid in (16, 32):
        geo = tile_geometry((grid, grid), grid, "block")
        _, _, u, v = geo.top_texel()
        assert len(u) == geo.period**2
        assert len(set(zip(u.tolist(), v.tolist(), strict=True))) == geo.period**2


@pytest.mark.parametrize(
    ("canvas", "grid", "shape"),
    [((16, 16), 32, "thin tile"), ((31, 64), 32, "block"), ((24, 32), 32, "block")],
)
def test_a_tile_too_big_for_its_canvas_is_refused(
    canvas: tuple[int, int], grid: int, shape: str
) -> None:
    with pytest.raises(ValueError, match=r"isometric_tile_size.*image_size"):
        tile_geometry(canvas, grid, shape)
