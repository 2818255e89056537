"""resize: exact integer upscales; downscales keep outlines closed and details alive."""

from __future__ import annotations

import numpy as np
import pytest

from pixelkiln.engine.cleanup import resize_pixelart
from tests.utilities.art import RAMPS, sprite


def colors(img: np.ndarray) -> set[tuple[int, ...]]:
    return {tuple(c) for c in img[img[..., 3] > 0][:, :3]}


def outline_closed(img: np.ndarray, outline: tuple[int, int, int]) -> bool:
    """No non-outline opaque pixel touches transparency (or the canvas edge) 4-wise."""
    opaque = img[..., 3] > 0
    fill = opaque & ~(img[..., :3] == outline).all(axis=-1)
    outside = ~np.pad(opaque, 1)
    h, w = opaque.shape
    touching = np.zeros_like(fill)
    for dy, dx in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        touching |= outside[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w]
    return not (fill & touching).any()


@pytest.mark.parametrize("factor", [2, 3])
def test_integer_upscale_is_exact(factor: int) -> None:
    s = sprite(1, 24, "blue")
    out = resize_pixelart(s, (24 * factor, 24 * factor))
    np.testing.assert_array_equal(out, s.repeat(factor, 0).repeat(factor, 1))


def test_non_square_and_non_integer_upscale_invent_no_colours() -> None:
    s = sprite(2, 20, "red")
    out = resize_pixelart(s, (50, 31))
    assert out.shape == (31, 50, 4)
    assert colors(out) == colors(s)
    assert set(np.unique(out[..., 3])) <= {0, 255}


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("target", [16, 21, 24, 11])
def test_downscale_keeps_one_pixel_outline_closed(seed: int, target: int) -> None:
    ramp = list(RAMPS)[seed % len(RAMPS)]
    s = sprite(seed, 32, ramp)
    outline = RAMPS[ramp][0]
    assert outline_closed(s, outline)
    out = resize_pixelart(s, (target, target))
    assert out.shape == (target, target, 4)
    assert outline_closed(out, outline)
    assert colors(out) <= colors(s)  # picks existing colours, never averages


def test_downscale_keeps_single_pixel_details() -> None:
    s = sprite(5, 32, "gold")
    glint = (255, 255, 240)
    assert glint in colors(s)
    for t in (16, 20, 24):
        assert glint in colors(resize_pixelart(s, (t, t)))


def test_averaging_would_lose_what_the_vote_keeps() -> None:
    # A 1 px dark line on a light field, shrunk 3x: box averaging greys it out.
    img = np.full((30, 30, 4), 255, np.uint8)
    img[:, 14, :3] = (20, 20, 30)
    out = resize_pixelart(img, (10, 10))
    assert (out[:, :, :3] == (20, 20, 30)).all(axis=-1).any(axis=1).all()


def test_rejects_empty_target() -> None:
    with pytest.raises(ValueError):
        resize_pixelart(sprite(0, 16), (0, 8))
