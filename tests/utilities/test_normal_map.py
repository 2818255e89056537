"""normal-map: unit normals, exact flat value, alpha of the sprite, conventions."""

from __future__ import annotations

import numpy as np
import pytest

from pixelkiln.engine.normal_map import FLAT_NORMAL, decode_normals, normal_map
from tests.utilities.art import sprite


def square(size: int = 40, inset: int = 4) -> np.ndarray:
    img = np.zeros((size, size, 4), np.uint8)
    img[inset:-inset, inset:-inset] = (200, 60, 60, 255)
    return img


@pytest.mark.parametrize("quantize", [True, False])
@pytest.mark.parametrize("seed", [0, 3])
def test_unit_normals_and_alpha(seed: int, quantize: bool) -> None:
    s = sprite(seed, 32, "gold")
    nm = normal_map(s, strength=1.5, quantize=quantize)
    inside = s[..., 3] >= 128
    np.testing.assert_array_equal(nm[..., 3] == 255, inside)
    assert (nm[~inside] == 0).all()
    n = decode_normals(nm)[inside]
    assert np.abs(np.linalg.norm(n, axis=1) - 1).max() < 0.015  # 8-bit quantisation
    assert (n[:, 2] > 0).all()  # all facing the viewer


def test_flat_regions_are_exactly_flat() -> None:
    img = square()
    nm = normal_map(img, bevel=3)
    core = nm[4 + 5 : -4 - 5, 4 + 5 : -4 - 5]
    assert (core[..., :3] == FLAT_NORMAL).all()
    assert (core[..., 3] == 255).all()
    zero = normal_map(sprite(2, 32), strength=0.0)
    opaque = zero[..., 3] == 255
    assert (zero[opaque][:, :3] == FLAT_NORMAL).all()


def test_rim_points_outwards_with_y_up() -> None:
    nm = decode_normals(normal_map(square(), bevel=4, quantize=False))
    mid = 20
    assert nm[mid, 5, 0] < -0.2  # left rim faces left
    assert nm[mid, 34, 0] > 0.2  # right rim faces right
    assert nm[5, mid, 1] > 0.2  # top rim faces up (+Y up, OpenGL)
    assert nm[34, mid, 1] < -0.2
    flipped = decode_normals(normal_map(square(), bevel=4, quantize=False, invert_y=True))
    assert flipped[5, mid, 1] < -0.2  # DirectX: +Y down


def test_quantised_normals_take_few_directions_and_strength_tilts_more() -> None:
    s = sprite(4, 32, "blue")
    q = normal_map(s)
    dirs = np.unique(q[q[..., 3] > 0][:, :3], axis=0)
    assert len(dirs) <= 8 * 4 + 1  # 8 azimuths x tilts up to 60 deg, plus flat
    soft = decode_normals(normal_map(s, strength=0.5, quantize=False))
    hard = decode_normals(normal_map(s, strength=2.0, quantize=False))
    inside = s[..., 3] > 0
    assert hard[inside, 2].mean() < soft[inside, 2].mean()


def test_deterministic_and_validates() -> None:
    s = sprite(1, 24)
    np.testing.assert_array_equal(normal_map(s), normal_map(s))
    assert (normal_map(np.zeros((8, 8, 4), np.uint8)) == 0).all()
    with pytest.raises(ValueError):
        normal_map(np.zeros((8, 8, 3), np.uint8))
