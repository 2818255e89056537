"""reduce-colors: shared OKLab palette, at most N colours, better than naive RGB quantising."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from pixelkiln.engine.cleanup import palette_from_image, reduce_colors
from pixelkiln.engine.cleanup.dither import bayer_matrix
from pixelkiln.engine.color import srgb_to_oklab
from tests.utilities.art import jpeg, on_backdrop, photo, sprite


def colors(img: np.ndarray) -> set[tuple[int, ...]]:
    opaque = img[..., 3] > 0
    return {tuple(c) for c in img[opaque][:, :3]}


def oklab_error(a: np.ndarray, b: np.ndarray) -> float:
    return float(
        np.linalg.norm(srgb_to_oklab(a[..., :3]) - srgb_to_oklab(b[..., :3]), axis=-1).mean()
    )


def uniform_rgb(img: np.ndarray, n: int) -> np.ndarray:
    """Naive quantiser: the nearest of a uniform RGB grid with at most ``n`` colours."""
    levels = max(2, int(np.floor(n ** (1 / 3))))
    step = 255 / (levels - 1)
    out = img.copy()
    out[..., :3] = (np.rint(img[..., :3] / step) * step).astype(np.uint8)
    return out


@pytest.mark.parametrize("n", [4, 8, 16, 32])
def test_at_most_n_colors_and_beats_naive_rgb(n: int) -> None:
    img = photo(seed=n)
    r = reduce_colors([img], num_colors=n, seed=1)
    out = r.images[0]
    assert len(colors(out)) <= n
    assert r.n_colors == len(colors(out))
    median_cut = Image.fromarray(img[..., :3]).quantize(
        n, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
    )
    mc = np.dstack([np.asarray(median_cut.convert("RGB")), img[..., 3]])
    ours = oklab_error(out, img)
    assert ours < oklab_error(mc, img)
    assert ours < oklab_error(uniform_rgb(img, n), img)


def test_one_palette_across_frames() -> None:
    frames = [
        photo(seed=1),
        photo(seed=2)[::-1].copy(),
        on_backdrop(sprite(3, 160), (9, 9, 9))[:120],
    ]
    r = reduce_colors(frames, num_colors=12, seed=0)
    strip = r.palette_strip()
    assert strip.shape == (1, r.n_colors, 4)
    pal = colors(strip)
    union = set().union(*(colors(f) for f in r.images))
    assert union == pal
    assert len(pal) <= 12
    # Most frequent first.
    assert list(r.counts) == sorted(r.counts, reverse=True)


def test_palette_image_forces_colors_and_round_trips() -> None:
    img = photo(seed=5)
    first = reduce_colors([img], num_colors=6, seed=0)
    forced = palette_from_image(first.palette_strip())
    again = reduce_colors([img], palette=forced, seed=0)
    assert colors(again.images[0]) <= {tuple(c) for c in forced}
    np.testing.assert_array_equal(again.images[0], first.images[0])


def test_auto_mode_recovers_a_noisy_palette() -> None:
    art = on_backdrop(sprite(4, 32, "green"), (230, 220, 200)).repeat(4, 0).repeat(4, 1)
    truth = len(colors(art))
    noisy = jpeg(art, 90)
    r = reduce_colors([noisy], seed=0)
    assert r.n_colors == truth
    assert oklab_error(r.images[0], art) < 0.02


def test_auto_mode_on_a_photo_is_bounded() -> None:
    r = reduce_colors([photo(seed=3)], seed=0)
    assert 4 <= r.n_colors <= 64


def test_alpha_is_binary_and_transparent_pixels_ignored() -> None:
    img = sprite(1, 24, "blue")
    img[..., 3] = np.where(img[..., 3] > 0, 200, 40)  # soft alpha in, binary out
    img[img[..., 3] == 40, :3] = (255, 0, 255)  # hidden colour must not reach the palette
    r = reduce_colors([img], num_colors=4)
    out = r.images[0]
    assert set(np.unique(out[..., 3])) <= {0, 255}
    np.testing.assert_array_equal(out[..., 3] == 255, img[..., 3] >= 128)
    assert (255, 0, 255) not in colors(out)


@pytest.mark.parametrize("mode", ["2x2", "4x4", "8x8"])
def test_ordered_dithering_stays_in_palette_and_only_in_bands(mode: str) -> None:
    _y, x = np.mgrid[0:32, 0:128]
    ramp = np.zeros((32, 128, 4), np.uint8)
    ramp[..., :3] = (x * 2)[..., None]
    ramp[..., 3] = 255
    plain = reduce_colors([ramp], num_colors=4, seed=0)
    dith = reduce_colors([ramp], num_colors=4, dithering=mode, dithering_strength=10, seed=0)
    assert colors(dith.images[0]) <= colors(plain.images[0]) | colors(dith.images[0])
    assert len(colors(dith.images[0])) <= 4
    # Dithering mixes colours within columns of the ramp (the plain result never does).
    mixed_cols = [len(np.unique(dith.images[0][:, c, 0])) > 1 for c in range(128)]
    assert not any(len(np.unique(plain.images[0][:, c, 0])) > 1 for c in range(128))
    assert sum(mixed_cols) > 20
    zero = reduce_colors([ramp], num_colors=4, dithering=mode, dithering_strength=0, seed=0)
    np.testing.assert_array_equal(zero.images[0], plain.images[0])


def test_bayer_matrix_is_a_permutation_of_thresholds() -> None:
    for n in (2, 4, 8):
        m = bayer_matrix(n)
        assert sorted(((m * n * n) - 0.5).round().astype(int).ravel()) == list(range(n * n))


def test_deterministic_and_rejects_bad_input() -> None:
    img = photo(seed=9)
    a = reduce_colors([img], num_colors=8, seed=4).images[0]
    b = reduce_colors([img], num_colors=8, seed=4).images[0]
    np.testing.assert_array_equal(a, b)
    with pytest.raises(ValueError, match="same size"):
        reduce_colors([img, img[:10]], num_colors=8)
    with pytest.raises(ValueError, match="dithering"):
        reduce_colors([img], dithering="3x3")
