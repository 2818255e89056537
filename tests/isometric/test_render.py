"""Drawing: faces shaded for a top-left light, layers, outlines, clean edges,
image-to-image, forced palettes, determinism."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pixelkiln.engine.color import oklab_to_oklch, srgb_to_oklab
from pixelkiln.engine.imageio import encode_png
from pixelkiln.engine.isometric import render_isometric_tile
from pixelkiln.engine.isometric.finish import outer_edge
from pixelkiln.engine.quality import index_image, palette_adherence
from pixelkiln.engine.style import Style

DOZEN = (
    "grass on top of dirt",
    "stone",
    "sand block",
    "snow over rock",
    "water",
    "lava",
    "brick",
    "wood planks",
    "ice",
    "moss on stone",
    "cobblestone",
    "crystal",
)


def _lightness(rgba: np.ndarray, mask: np.ndarray) -> float:
    return float(srgb_to_oklab(rgba[..., :3][mask])[:, 0].mean())


def _hue_chroma(rgba: np.ndarray, mask: np.ndarray) -> tuple[float, float]:
    lch = oklab_to_oklch(srgb_to_oklab(rgba[..., :3][mask].astype(np.float64)))
    return float(np.median(lch[:, 2])), float(lch[:, 1].mean())


def test_same_seed_same_bytes_other_seed_other_bytes() -> None:
    kw = {"style": Style(outline="selective outline")}
    a = encode_png(render_isometric_tile("moss on stone", (32, 32), 32, "block", 9, **kw).rgba)
    b = encode_png(render_isometric_tile("moss on stone", (32, 32), 32, "block", 9, **kw).rgba)
    c = encode_png(render_isometric_tile("moss on stone", (32, 32), 32, "block", 10, **kw).rgba)
    assert a == b and a != c


@pytest.mark.parametrize("description", DOZEN)
def test_top_is_lightest_left_mid_right_darkest(description: str) -> None:
    tile = render_isometric_tile(description, (32, 32), 32, "block", seed=2)
    geo = tile.geometry
    top, left, right = (_lightness(tile.rgba, m) for m in (geo.top, geo.left, geo.right))
    assert top > left + 0.04 and left > right + 0.04, (top, left, right)


def test_layered_description_puts_grass_on_top_and_dirt_on_the_sides() -> None:
    tile = render_isometric_tile("grass on top of dirt", (32, 32), 32, "block", seed=4)
    geo = tile.geometry
    assert tile.layers.top.material == "grass" and tile.layers.body.material == "dirt"
    top_hue, _ = _hue_chroma(tile.rgba, geo.top)
    assert 110 < top_hue < 160  # green
    # Below the lip (the top quarter of the sides), the sides are brown dirt.
    rows = np.arange(geo.canvas_h)[:, None] - geo.face_top_row[None, :]
    low = (geo.left | geo.right) & (rows >= geo.thickness // 2)
    side_hue, _ = _hue_chroma(tile.rgba, low)
    assert 30 < side_hue < 90  # orange-brown
    # The lip: the first side row is mostly grass-green.
    lip = (geo.left | geo.right) & (rows == 0)
    lip_hue, _ = _hue_chroma(tile.rgba, lip)
    assert 100 < lip_hue < 170


def _lone_pixels(rgba: np.ndarray, faces: np.ndarray) -> np.ndarray:
    """Opaque pixels with no same-colour 8-neighbour in the same face."""
    index, _ = index_image(rgba)
    key = np.where(index >= 0, index * 4 + faces, -1)
    padded = np.pad(key, 1, constant_values=-2)
    h, w = key.shape
    same = np.zeros(key.shape, bool)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dy or dx:
                same |= padded[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w] == key
    return (index >= 0) & ~same


@pytest.mark.parametrize("outline", ["lineless", "single color outline", "selective outline"])
def test_no_stray_pixels_along_the_diamond_and_face_edges(outline: str) -> None:
    for description in DOZEN:
        for shape in ("thin tile", "block"):
            tile = render_isometric_tile(
                description, (32, 32), 32, shape, seed=1, style=Style(outline=outline)
            )
            geo = tile.geometry
            faces = geo.top * 1 + geo.left * 2 + geo.right * 3
            edges = np.zeros(faces.shape, bool)
            for m in (geo.top, geo.left, geo.right):
                edges |= m & ~(
                    np.roll(m, 1, 0) & np.roll(m, -1, 0) & np.roll(m, 1, 1) & np.roll(m, -1, 1)
                )
            stray = _lone_pixels(tile.rgba, faces) & edges
            assert not stray.any(), (description, shape, np.argwhere(stray).tolist())


def test_outline_modes() -> None:
    tiles = {
        mode: render_isometric_tile(
            "brick", (32, 32), 32, "block", seed=6, style=Style(outline=mode)
        ).rgba
        for mode in ("lineless", "single color outline", "selective outline")
    }
    edge = outer_edge(tiles["lineless"][..., 3] > 0)
    inside = (tiles["lineless"][..., 3] > 0) & ~edge
    single = tiles["single color outline"]
    line = np.unique(single[edge][:, :3], axis=0)
    assert len(line) == 1  # one colour all round
    assert _lightness(single, edge) < srgb_to_oklab(single[inside][:, :3])[:, 0].min()
    selective = tiles["selective outline"]
    assert len(np.unique(selective[edge][:, :3], axis=0)) > 1  # follows faces and light
    assert _lightness(selective, edge) < _lightness(selective, inside)
    lineless = tiles["lineless"]
    assert _lightness(lineless, edge) > _lightness(single, edge) + 0.1


def _distance(a: np.ndarray, b: np.ndarray) -> float:
    """Mean OKLab distance over pixels, a shape mismatch counting as distance 1."""
    oa, ob = a[..., 3] > 0, b[..., 3] > 0
    both = oa & ob
    colour = np.linalg.norm(srgb_to_oklab(a[..., :3]) - srgb_to_oklab(b[..., :3]), axis=-1)
    per_pixel = np.where(both, colour, np.where(oa != ob, 1.0, 0.0))
    return float(per_pixel[oa | ob].mean())


def _init_image() -> np.ndarray:
    yy, xx = np.mgrid[:32, :32]
    init = np.zeros((32, 32, 4), np.uint8)
    disc = (yy - 18) ** 2 + (xx - 15) ** 2 < 13**2
    init[disc] = (196, 52, 48, 255)
    init[disc & (yy < 14)] = (236, 196, 72, 255)
    init[disc & (xx > 20)] = (112, 28, 64, 255)
    return init


def test_init_image_is_kept_in_proportion_to_its_strength() -> None:
    init = _init_image()
    strengths = (1, 150, 300, 500, 700, 900, 999)
    distances = [
        _distance(
            render_isometric_tile(
                "grass on top of dirt",
                (32, 32),
                32,
                "block",
                3,
                init_image=init,
                init_strength=s / 1000,
            ).rgba,
            init,
        )
        for s in strengths
    ]
    assert all(a >= b for a, b in itertools.pairwise(distances)), distances
    assert distances[0] > 0.2
    assert distances[-1] < 0.01  # at high strength it stays close to the init image
    # An init image of another size is scaled to the canvas.
    big = np.repeat(np.repeat(init, 2, axis=0), 2, axis=1)
    tile = render_isometric_tile(
        "stone", (32, 32), 32, "block", 3, init_image=big, init_strength=0.999
    )
    assert tile.rgba.shape == (32, 32, 4) and _distance(tile.rgba, init) < 0.01


@pytest.mark.parametrize("outline", ["lineless", "selective outline"])
def test_color_image_palette_is_forced_exactly(outline: str) -> None:
    palette = np.array(
        [(26, 28, 44), (93, 39, 93), (177, 62, 83), (239, 125, 87), (255, 205, 117)], np.uint8
    )
    for description in ("grass on top of dirt", "lava", "crystal", "snow over rock"):
        tile = render_isometric_tile(
            description, (32, 32), 32, "block", 4, style=Style(outline=outline), palette=palette
        )
        assert palette_adherence(tile.rgba, palette) == 1.0
        used = {tuple(c) for c in tile.rgba[tile.rgba[..., 3] > 0][:, :3].tolist()}
        assert used <= {tuple(c) for c in palette.tolist()}
        assert len(used) >= 3  # faces still read apart


def test_text_guidance_scale_sets_how_vivid_the_colours_are() -> None:
    chroma = []
    for guidance in (1.0, 8.0, 20.0):
        tile = render_isometric_tile("water", (32, 32), 32, "block", 2, guidance=guidance)
        chroma.append(_hue_chroma(tile.rgba, tile.geometry.top)[1])
    assert chroma[0] < chroma[1] < chroma[2]
