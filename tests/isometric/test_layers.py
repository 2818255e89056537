"""Reading layered block descriptions."""

from __future__ import annotations

import pytest

from pixelkiln.engine.isometric import parse_layers


@pytest.mark.parametrize(
    ("description", "top", "body"),
    [
        ("grass on top of dirt", "grass", "dirt"),
        ("snow over rock", "snow", "rock"),
        ("moss on stone", "moss", "stone"),
        ("rock under snow", "snow", "rock"),
        ("stone covered in moss", "moss", "stone"),
        ("dirt with grass on top", "grass", "dirt"),
        ("snow-capped rock", "snow", "rock"),
        ("sand block", "sand", "sand"),
        ("a block of ice", "ice", "ice"),
        ("cobblestone", "cobblestone", "cobblestone"),
        ("floor tiles", "floor tiles", "floor tiles"),
        ("roof tiles block", "roof tiles", "roof tiles"),
        ("isometric stone brick block", "stone brick", "stone brick"),
        # Ground cover alone stands on its usual body; lava sits in a rock crust.
        ("grass", "grass", "dirt"),
        ("flowers", "flowers", "dirt"),
        ("lava", "lava", "volcanic rock"),
    ],
)
def test_top_and_body_materials(description: str, top: str, body: str) -> None:
    layers = parse_layers(description, use_model=False)
    assert (layers.top.material, layers.body.material) == (top, body)
    assert layers.layered == (top != body)


def test_each_layer_keeps_its_own_words() -> None:
    layers = parse_layers("lush grass with red flowers on dark soil", use_model=False)
    assert layers.top.material == "grass" and "flowers" in layers.top.features
    assert "red" in layers.top.feature_colors
    assert layers.body.material == "dirt" and "dark" in layers.body.modifiers
