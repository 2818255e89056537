"""unzoom: exact recovery of nearest-neighbour upscales, robust recovery of resampled ones."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from pixelkiln.engine.cleanup import unzoom
from pixelkiln.engine.color import srgb_to_oklab
from tests.utilities.art import blur, jpeg, on_backdrop, sprite

PALETTE = np.array(
    [[0, 0, 0, 0], [20, 18, 30, 255], [200, 60, 50, 255], [250, 220, 120, 255],
     [60, 140, 90, 255], [90, 120, 220, 255], [240, 240, 240, 255]], dtype=np.uint8,
)  # fmt: skip


def is_own_upscale(img: np.ndarray) -> bool:
    """Whether a sprite is itself stretched along an axis (then "the original" is ambiguous)."""
    cols = np.flatnonzero(np.any(img[:, 1:] != img[:, :-1], axis=(0, 2))) + 1
    rows = np.flatnonzero(np.any(img[1:] != img[:-1], axis=(1, 2))) + 1
    if len(cols) == 0 or len(rows) == 0:
        return True
    gx = np.gcd.reduce(np.concatenate([cols, [img.shape[1]]]))
    gy = np.gcd.reduce(np.concatenate([rows, [img.shape[0]]]))
    return bool(gx >= 2 or gy >= 2)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    idx=arrays(
        np.int64, st.tuples(st.integers(3, 24), st.integers(3, 24)), elements=st.integers(0, 6)
    ),
    factor=st.integers(2, 8),
)
def test_exact_after_nearest_upscale(idx: np.ndarray, factor: int) -> None:
    sprite_ = PALETTE[idx]
    assume(not is_own_upscale(sprite_))
    up = sprite_.repeat(factor, 0).repeat(factor, 1)
    r = unzoom(up, quantize=0)
    np.testing.assert_array_equal(r.image, sprite_)
    assert r.zoom_factor == factor
    assert r.original_size == (up.shape[1], up.shape[0])
    assert r.unzoomed_size == (sprite_.shape[1], sprite_.shape[0])


@pytest.mark.parametrize("factor", [2, 3, 4, 5, 6, 7, 8])
def test_exact_for_every_factor_on_a_drawn_sprite(factor: int) -> None:
    s = sprite(factor, 20, "blue")
    r = unzoom(s.repeat(factor, 0).repeat(factor, 1), quantize=-1)
    np.testing.assert_array_equal(r.image, s)
    assert r.grid.exact


def test_small_inputs_are_accepted() -> None:
    s = sprite(1, 16, "gold")
    r = unzoom(s.repeat(4, 0).repeat(4, 1))  # 64x64, far under 256x256
    np.testing.assert_array_equal(r.image, s)
    tiny = PALETTE[np.array([[1, 2], [3, 4]])]
    np.testing.assert_array_equal(unzoom(tiny).image, tiny)  # native 2x2: zoom 1


def test_cropped_upscale_with_offset() -> None:
    s = on_backdrop(sprite(2, 20, "red"), (20, 30, 40))
    up = s.repeat(5, 0).repeat(5, 1)[2:, 3:]  # grid no longer starts at 0
    r = unzoom(up)
    assert r.zoom_factor == pytest.approx(5, abs=0.5)
    np.testing.assert_array_equal(r.image[1:, 1:], s[1:, 1:])


@pytest.mark.parametrize("factor", [4, 6, 8])
def test_resampled_jpeg_upscale_is_recovered(factor: int) -> None:
    s = on_backdrop(sprite(factor, 24, "green"), (230, 230, 220))
    noisy = jpeg(blur(s.repeat(factor, 0).repeat(factor, 1), 0.7), 75)
    r = unzoom(noisy, quantize=0)
    assert r.image.shape == s.shape
    assert r.zoom_factor == pytest.approx(factor)
    err = np.linalg.norm(srgb_to_oklab(r.image[..., :3]) - srgb_to_oklab(s[..., :3]), axis=-1)
    assert (err < 0.05).mean() >= 0.98
    colors = np.unique(r.image.reshape(-1, 4), axis=0)
    assert len(colors) <= len(np.unique(s.reshape(-1, 4), axis=0)) + 1


def test_quantize_to_n_and_keep_alpha() -> None:
    s = sprite(5, 24, "red")
    r = unzoom(s.repeat(3, 0).repeat(3, 1), quantize=3)
    assert len(np.unique(r.image[r.image[..., 3] > 0][:, :3], axis=0)) <= 3
    np.testing.assert_array_equal(r.image[..., 3] > 0, s[..., 3] > 0)


def test_rejects_degenerate_input() -> None:
    with pytest.raises(ValueError):
        unzoom(np.zeros((1, 5, 4), np.uint8))
