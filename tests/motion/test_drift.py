"""drift_threshold: a frame whose subject wandered too far is moved back."""

from __future__ import annotations

import numpy as np

from pixelkiln.service.motion.animate import hold_drift
from pixelkiln.service.motion.costs import pixminimax_cost, rotations_v3_cost, text_v3_cost


def _blob(x: int, y: int) -> np.ndarray:
    img = np.zeros((32, 32, 4), np.uint8)
    img[y : y + 6, x : x + 4] = (200, 40, 40, 255)
    return img


def _centre(img: np.ndarray) -> np.ndarray:
    ys, xs = np.nonzero(img[..., 3])
    return np.array([xs.mean(), ys.mean()])


def test_frames_past_the_threshold_come_back_within_it() -> None:
    frames = [_blob(10, 10), _blob(11, 10), _blob(20, 14)]
    held = hold_drift(frames, 2.0)
    assert np.array_equal(held[1], frames[1])  # within the threshold: untouched
    assert np.linalg.norm(_centre(held[2]) - _centre(frames[0])) <= 2.5
    assert (held[2][..., 3] > 0).sum() == (frames[2][..., 3] > 0).sum()  # moved, not cut


def test_costs_follow_the_stated_rules() -> None:
    assert rotations_v3_cost(64, 64) == 1 and rotations_v3_cost(256, 256) == 8
    assert text_v3_cost(64, 64, 8) == 1 and text_v3_cost(128, 128, 16) == 4
    assert [pixminimax_cost(64, 64, n) for n in (4, 8, 16, 40)] == [1, 1, 2, 6]
    assert pixminimax_cost(128, 128, 8) == 4
