"""A described sidescroller top is the top layer, not moss patches in the platform."""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.reading import read_material
from pixelkiln.engine.wang import SideParams, SideSet, TerrainSpec

TEXT = "stone platform with a moss top"


def _green(rgba: np.ndarray) -> np.ndarray:
    rgb = rgba[..., :3].astype(int)
    return (rgba[..., 3] > 0) & (rgb[..., 1] > rgb[..., 0] + 12) & (rgb[..., 1] > rgb[..., 2] + 12)


def test_the_top_is_read_apart_from_the_platform() -> None:
    found = read_material(TEXT)
    assert found.top == "moss" and found.base == "stone"
    assert "moss" not in found.spec.features


def test_a_described_top_draws_a_green_top_on_a_grey_platform() -> None:
    top = read_material(TEXT).top
    assert top is not None
    labels = np.ones((3, 4), int)
    labels[1:] = 0  # solid below, open above (0 is the platform)
    with_top = SideSet(SideParams(TerrainSpec(TEXT, 3, 16), TerrainSpec(top, 4, 16), 16, 0.25))
    bare = SideSet(SideParams(TerrainSpec(TEXT, 3, 16), None, 16, 0.25))
    green, plain = _green(with_top.render_map(labels)), _green(bare.render_map(labels))
    rows = green.mean(1)
    surface = int(np.argmax(with_top.render_map(labels)[..., 3].max(1) > 0))
    # The top rows of the platform are green, the body below is not, the bare one has none.
    assert rows[surface : surface + 3].max() > 0.3
    assert green[surface + 8 :].mean() < 0.02
    assert plain.mean() < 0.01
