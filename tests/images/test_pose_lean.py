"""Skeleton keypoints pose the spine and head too: a skeleton leaning to one side leans
the figure that way, an upright one keeps it upright."""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.images import ImageAsk, draw_image


def _skeleton(dx: float) -> tuple[tuple[float, float, str], ...]:
    """A standing skeleton whose upper body is shifted ``dx`` px over still hips."""
    return (
        (24 + dx, 10, "NOSE"),
        (24 + dx * 0.8, 15, "NECK"),
        (19 + dx * 0.7, 16, "RIGHT SHOULDER"),
        (18 + dx * 0.5, 22, "RIGHT ELBOW"),
        (18 + dx * 0.3, 28, "RIGHT ARM"),
        (29 + dx * 0.7, 16, "LEFT SHOULDER"),
        (30 + dx * 0.5, 22, "LEFT ELBOW"),
        (30 + dx * 0.3, 28, "LEFT ARM"),
        (21, 28, "RIGHT HIP"),
        (21, 36, "RIGHT KNEE"),
        (21, 44, "RIGHT LEG"),
        (27, 28, "LEFT HIP"),
        (27, 36, "LEFT KNEE"),
        (27, 44, "LEFT LEG"),
    )


def _lean(rgba: np.ndarray) -> float:
    """How far the head's columns sit right of the feet's."""
    solid = rgba[..., 3] > 0
    ys = np.nonzero(solid.any(1))[0]
    head = np.nonzero(solid[ys[0] : ys[0] + 6])[1].mean()
    feet = np.nonzero(solid[ys[-1] - 3 : ys[-1] + 1])[1].mean()
    return float(head - feet)


def test_the_spine_leans_as_the_skeleton_does() -> None:
    leans = {
        dx: _lean(
            draw_image(
                ImageAsk("monk", 48, 48, 1, no_background=True, keypoints=_skeleton(dx))
            ).rgba
        )
        for dx in (0, 8, -8)
    }
    assert abs(leans[0]) <= 1.5
    assert leans[8] >= leans[0] + 4
    assert leans[-8] <= leans[0] - 4
