"""Plain tiles: numbered items, variations of one material, outline modes, style tiles,
determinism and the pixel-art gates."""

from __future__ import annotations

import numpy as np
import pytest

from pixelkiln.engine.color import srgb_to_oklab
from pixelkiln.engine.quality import orphan_fraction, palette_adherence, seam_error
from pixelkiln.engine.tiles_pro import SpecError, TilesProSpec, render_tiles_pro
from pixelkiln.engine.tiles_pro.block import outline_ring
from pixelkiln.engine.tiles_pro.geometry import build_geometry
from pixelkiln.engine.tiles_pro.spec import default_count, parse_items, split_road, split_transition
from pixelkiln.engine.tiles_pro.variations import edge_margin, interior_mask
from tests.tiles_pro.conftest import rendered

ITEMS = "1). grass tile 2). stone tile 3). water tile"


def _mean_hue_lab(tile: np.ndarray, mask: np.ndarray) -> np.ndarray:
    return srgb_to_oklab(tile[..., :3][mask]).mean(axis=0)


def test_numbered_descriptions_give_one_tile_per_item_in_order() -> None:
    assert parse_items(ITEMS) == ["grass tile", "stone tile", "water tile"]
    assert parse_items("1) sand 2) snow") == ["sand", "snow"]
    assert parse_items("1. lava 2. ice 3. mud") == ["lava", "ice", "mud"]
    assert parse_items("grass with 2 flowers") is None
    ts = rendered(ITEMS, "isometric")
    assert ts.kind == "tiles" and ts.rules is None and len(ts.tiles) == 3
    top = ts.geometry.top
    # Each tile is its item: the same pixels as that item rendered on its own.
    for i, item in enumerate(("grass tile", "stone tile", "water tile")):
        alone = rendered(f"1). {item}", "isometric").tiles[0]
        assert np.array_equal(ts.tiles[i], alone)
    grass, stone, water = (_mean_hue_lab(t, top) for t in ts.tiles)
    assert grass[1] < -0.05 and water[2] < -0.03 and abs(stone[1]) < 0.03  # green, blue, grey


def test_unnumbered_descriptions_give_the_default_count() -> None:
    assert [default_count(s) for s in (16, 32, 48, 64, 96, 128)] == [8, 8, 5, 4, 2, 2]
    assert len(rendered("dirt", "hex", tile_size=64).tiles) == 4
    assert len(rendered("dirt", "square_topdown").tiles) == 8


@pytest.mark.parametrize("tile_type", ["square_topdown", "isometric", "hex"])
def test_variations_differ_inside_and_share_their_edges(tile_type: str) -> None:
    ts = rendered("grass", tile_type, outline_mode="segmentation")
    top = ts.geometry.top
    margin = edge_margin(ts.geometry)
    band = top & ~interior_mask(top, margin)
    base = ts.tiles[0]
    base_colors = {tuple(c) for c in base[..., :3][top]}
    for k, tile in enumerate(ts.tiles[1:], start=1):
        assert np.array_equal(tile[band], base[band])  # mix freely: every edge is the same
        changed = (tile[..., :3] != base[..., :3]).any(-1) & top
        assert changed.mean() > 0.0 and changed[top].mean() >= 0.03, k  # visibly different
        same = np.mean([tuple(c) in base_colors for c in tile[..., :3][changed]])
        assert same < 1.0 or changed[top].mean() > 0.03
        for other in ts.tiles[k + 1 :]:
            assert not np.array_equal(tile, other)


def test_outline_mode_rings_every_tile_and_segmentation_does_not() -> None:
    outlined = rendered(ITEMS, "square_topdown", tile_view="top-down")
    plain = rendered(ITEMS, "square_topdown", tile_view="top-down", outline_mode="segmentation")
    ring = outline_ring(outlined.geometry.footprint)
    inner = outlined.geometry.footprint & ~ring
    for a, b in zip(outlined.tiles, plain.tiles, strict=True):
        la = srgb_to_oklab(a[..., :3])[..., 0]
        assert la[ring].mean() < la[inner].mean() - 0.1  # a dark border
        assert len({tuple(c) for c in a[ring][:, :3]}) <= 2  # one material's darkest shade
        assert np.array_equal(a[inner], b[inner])
        # Without the border a ground tile is its seamless texture: no seam shows.
        assert seam_error(b) == 0.0


def test_views_give_depth_and_skirts_shade_darker() -> None:
    flat = rendered("1). sand", "isometric", tile_view="top-down").tiles[0]
    block = rendered("1). sand", "isometric", tile_view="side").tiles[0]
    assert flat.shape == (16, 32, 4) and block.shape == (32, 32, 4)
    geom = build_geometry("isometric", 32, 16)
    light = srgb_to_oklab(block[..., :3])[..., 0]
    top, left, right = geom.top, geom.face == 1, geom.face == 3
    assert light[top].mean() > light[left].mean() > light[right].mean()


def test_same_request_same_pixels_other_seed_other_pixels() -> None:
    spec = TilesProSpec("grass to water", tile_type="hex", feature="tileset", seed=3)
    a, b = render_tiles_pro(spec), render_tiles_pro(spec)
    assert all(np.array_equal(x, y) for x, y in zip(a.tiles, b.tiles, strict=True))
    other = render_tiles_pro(
        TilesProSpec("grass to water", tile_type="hex", feature="tileset", seed=4)
    )
    assert not np.array_equal(a.tiles[31], other.tiles[31])


def test_tiles_pass_the_pixel_art_gates() -> None:
    for tile_type in ("square_topdown", "isometric", "hex_pointy", "octagon"):
        ts = rendered("1). grass 2). cobblestone 3). sand 4). lava", tile_type)
        for tile in ts.tiles:
            opaque = tile[..., 3] > 0
            colors = {tuple(c) for c in tile[..., :3][opaque]}
            assert 4 <= len(colors) <= 20
            assert orphan_fraction(np.where(opaque[..., None], tile, 0), wrap=False) < 0.05


def test_descriptions_of_connectable_sets() -> None:
    assert split_transition("grass to water") == ("grass", "water")
    assert split_transition("sand -> shallow water") == ("sand", "shallow water")
    assert split_transition("1). snow 2). ice") == ("snow", "ice")
    assert split_transition("lava") == ("lava", None)
    assert split_road("cobblestone road through grass") == ("cobblestone road", "grass")
    assert split_road("dirt path on sand") == ("dirt path", "sand")
    ts = rendered("cobblestone road", "square_topdown", "roads")
    assert ts.rules is not None and ts.rules["terrains"] == ["cobblestone road", "grass"]
    lone = rendered("lava", "square_topdown", "tileset")
    assert lone.rules is not None and lone.rules["terrains"] == ["lava", "sand"]


# -- style tiles -------------------------------------------------------------------------


def _reference(tile_type: str, **kw: object) -> np.ndarray:
    return rendered("1). mossy stone", tile_type, seed=99, **kw).tiles[0]


@pytest.mark.parametrize(
    ("tile_type", "kw"),
    [("isometric", {}), ("hex_pointy", {}), ("square_topdown", {"tile_view": "top-down"})],
)
def test_style_tiles_copy_the_reference_geometry(tile_type: str, kw: dict[str, object]) -> None:
    ref = _reference(tile_type, **kw)
    # Padded on a bigger canvas: the canvas and the footprint are both copied.
    canvas = np.zeros((ref.shape[0] + 6, ref.shape[1] + 4, 4), np.uint8)
    canvas[4 : 4 + ref.shape[0], 2 : 2 + ref.shape[1]] = ref
    ts = render_tiles_pro(
        TilesProSpec("1). grass 2). sand", tile_type="octagon", tile_size=96, seed=1),
        style_images=[canvas],
    )
    assert ts.geometry.tile_type == tile_type
    for tile in ts.tiles:
        assert tile.shape == canvas.shape
        assert np.array_equal(tile[..., 3] > 0, canvas[..., 3] > 0)


def test_style_options_copy_the_palette_or_not() -> None:
    ref = _reference("isometric")
    palette = np.unique(ref[..., :3][ref[..., 3] > 0], axis=0)
    spec = TilesProSpec("1). grass 2). water", tile_type="hex", seed=1)
    copied = render_tiles_pro(spec, [ref])
    free = render_tiles_pro(spec, [ref], {"color_palette": False})
    for a, b in zip(copied.tiles, free.tiles, strict=True):
        assert palette_adherence(a, palette) == 1.0
        assert palette_adherence(b, palette) < 0.5
    # outline: the reference is ringed (outline mode), so the copies are too.
    ring = outline_ring(copied.tiles[0][..., 3] > 0)
    light = srgb_to_oklab(copied.tiles[0][..., :3])[..., 0]
    assert light[ring].mean() < light[~ring & (copied.tiles[0][..., 3] > 0)].mean()


def test_style_tiles_and_connectable_features_do_not_mix() -> None:
    with pytest.raises(SpecError, match="connectable features") as err:
        render_tiles_pro(
            TilesProSpec("grass to water", feature="tileset"), style_images=[_reference("hex")]
        )
    assert err.value.field == "tile_feature"
