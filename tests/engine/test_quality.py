"""The quality metrics separate noise soup, seams and drift from clean tiles."""

from __future__ import annotations

import numpy as np
from scipy import ndimage

from pixelkiln.engine.materials.canvas import quantize
from pixelkiln.engine.quality import (
    calmest_cut,
    check_texture,
    cluster_min,
    cluster_sizes,
    color_count,
    edge_fraction,
    index_image,
    mean_cluster,
    orphan_fraction,
    palette_adherence,
    seam_error,
    texture_report,
    value_range,
)

RAMP = np.array([[40, 60, 30], [60, 100, 40], [90, 140, 50], [130, 180, 70], [180, 220, 110]],
                np.uint8)  # fmt: skip


def _rgba(index: np.ndarray) -> np.ndarray:
    rgba = np.empty((*index.shape, 4), np.uint8)
    rgba[..., :3] = RAMP[index]
    rgba[..., 3] = 255
    return rgba


def _smooth_noise(seed: int, size: int, wrap: bool) -> np.ndarray:
    field = np.random.default_rng(seed).random((size, size))
    mode = "wrap" if wrap else "reflect"
    return quantize(ndimage.gaussian_filter(field, size / 8, mode=mode), 5)


def test_noise_soup_fails_and_clusters_pass() -> None:
    soup = _rgba(np.random.default_rng(0).integers(0, 5, (32, 32)))
    assert orphan_fraction(soup) > 0.1
    assert mean_cluster(soup) < 5
    assert edge_fraction(soup) > 0.6
    assert check_texture(soup)
    clean = _rgba(_smooth_noise(0, 32, wrap=True))
    assert orphan_fraction(clean) < 0.02
    assert mean_cluster(clean) >= cluster_min((32, 32))
    assert edge_fraction(clean) < 0.45
    assert check_texture(clean) == []


def test_clusters_are_counted_on_the_torus() -> None:
    index = np.zeros((8, 8), np.int64)
    index[3, :] = 1  # a band across the tile: one cluster through the wrap
    index[:, 5] = 2  # a column crossing it
    sizes = sorted(cluster_sizes(index).tolist())
    assert sizes == [7, 8, 49]
    # Without wrap the background splits in two on each side of the band.
    assert len(cluster_sizes(index, wrap=False)) > 3
    # A pixel alone in a corner has same-colour neighbours across the wrap.
    corner = np.zeros((6, 6), np.int64)
    corner[0, 0] = corner[5, 5] = 1
    assert orphan_fraction(corner) == 0
    assert orphan_fraction(corner, wrap=False) > 0


def test_seam_error() -> None:
    # Periodic smooth noise, cut at its calmest line, has no seam.
    for seed in range(10):
        tile = _rgba(_smooth_noise(seed, 32, wrap=True))
        tile = np.roll(tile, calmest_cut(tile), axis=(0, 1))
        assert seam_error(tile) == 0
    # Non-periodic smooth noise shows its seam: the wrap is its hardest line.
    seams = [seam_error(_rgba(_smooth_noise(s, size, wrap=False)))
             for s in range(10) for size in (16, 32, 64)]  # fmt: skip
    assert np.mean([e > 0 for e in seams]) > 0.8
    ramp = _rgba(np.repeat(np.arange(5), 7)[None, :].repeat(35, 0))  # a gradient
    assert seam_error(ramp) > 0


def test_palette_colour_and_value_metrics() -> None:
    tile = _rgba(_smooth_noise(1, 16, wrap=True))
    assert palette_adherence(tile, RAMP) == 1.0
    assert palette_adherence(tile, RAMP[:2]) < 1.0
    assert color_count(tile) == len(np.unique(tile.reshape(-1, 4), axis=0))
    assert 0.3 < value_range(tile) < 0.7
    index, colors = index_image(tile)
    assert index.min() == 0 and len(colors) == color_count(tile)
    transparent = tile.copy()
    transparent[:4, :, 3] = 0
    assert (index_image(transparent)[0][:4] == -1).all()
    report = texture_report(tile)
    assert report.size == (16, 16) and report.colors == color_count(tile)
