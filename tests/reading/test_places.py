"""Place, land-use and plant nouns draw as their material with their covers."""

from __future__ import annotations

import numpy as np
import pytest

from pixelkiln.engine.color import oklab_to_oklch, srgb_to_oklab
from pixelkiln.engine.materials import render_material
from pixelkiln.engine.reading import read_material

SEED = 5


def _lch(text: str, size: int = 32) -> np.ndarray:
    rgb = render_material(text, size, SEED).rgba[..., :3]
    return oklab_to_oklch(srgb_to_oklab(rgb))


def _green_share(text: str) -> float:
    lch = _lch(text)
    return float(((np.abs(lch[..., 2] - 140) < 30) & (lch[..., 1] > 0.06)).mean())


def _row_contrast(text: str) -> float:
    """How much the tile changes from row to row against within rows (furrows, strata)."""
    light = _lch(text)[..., 0]
    return float(light.mean(1).std() / light.mean(0).std())


@pytest.mark.parametrize(
    ("text", "base", "drawn"),
    [
        ("farmland", "dirt", "furrows"),
        ("vineyard rows", "dirt", "vine rows"),
        ("rice paddy with seedlings", "shallow water", "seedlings"),
        ("tundra", "dry grass", "frost"),
        ("vines over a brick wall", "brick", "ivy"),
        ("seaweed on wet sand", "wet sand", "seaweed"),
        ("sandstone", "stone", "strata"),
        ("parquet", "wood planks", None),
        ("magma rock", "volcanic rock", None),
        ("terracotta", "floor tiles", None),
        ("sewer floor", "stone brick", "scum"),
    ],
)
def test_a_place_noun_reads_as_its_material_and_cover(
    text: str, base: str, drawn: str | None
) -> None:
    found = read_material(text)
    assert found.base == base
    if drawn:
        assert drawn in found.spec.features


def test_furrows_and_strata_run_across_the_tile() -> None:
    assert _row_contrast("farmland") > 2 * _row_contrast("dirt")
    assert _row_contrast("sandstone") > 2 * _row_contrast("tan stone")


def test_plants_lay_green_over_their_base() -> None:
    assert _green_share("vines over a brick wall") > _green_share("brick wall") + 0.05
    assert _green_share("rice paddy with seedlings") > _green_share("shallow water") + 0.02
    assert _green_share("vineyard rows") > _green_share("dirt") + 0.05


def test_terracotta_is_a_darker_warmer_tile() -> None:
    plain, clay = _lch("floor tiles"), _lch("terracotta")
    assert clay[..., 0].mean() < plain[..., 0].mean() - 0.05
    assert clay[..., 1].mean() > plain[..., 1].mean() + 0.03
