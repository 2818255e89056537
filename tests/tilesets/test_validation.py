"""Every bad field value is a 422 naming the field; nothing is charged."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.conftest import Service, image_body

BASE = {"lower_description": "grass", "upper_description": "dirt"}
PRO = {**BASE, "mode": "pro"}
SIDE = {"lower_description": "stone"}

TOPDOWN_BAD: list[tuple[dict[str, Any], str]] = [
    ({"upper_description": "dirt"}, "lower_description"),
    ({**BASE, "lower_description": ""}, "lower_description"),
    ({**BASE, "upper_description": ""}, "upper_description"),
    ({**BASE, "mode": "ultra"}, "mode"),
    ({**BASE, "tile_size": {"width": 24, "height": 24}}, "tile_size"),
    ({**BASE, "tile_size": {"width": 16, "height": 32}}, "tile_size"),
    ({**BASE, "tile_size": {"width": 64, "height": 64}}, "tile_size"),
    ({**BASE, "tile_size": {"width": 16, "depth": 2}}, "tile_size"),
    ({**PRO, "shape_style": "round"}, "shape_style"),
    ({**BASE, "shape_style": "hexagonal"}, "shape_style"),
    ({**BASE, "transition_size": 0.3}, "transition_size"),
    ({**BASE, "transition_size": 1.5}, "transition_size"),
    ({**BASE, "shape_style": "round", "transition_size": -0.1}, "transition_size"),
    ({**BASE, "view": "side"}, "view"),
    ({**BASE, "outline": "thick"}, "outline"),
    ({**BASE, "shading": "none"}, "shading"),
    ({**BASE, "detail": "ultra"}, "detail"),
    ({**BASE, "raggedness": 0.5}, "raggedness"),
    ({**BASE, "roundness": 0.1}, "roundness"),
    ({**BASE, "boundary_amplitude": 0.9}, "boundary_amplitude"),
    ({**BASE, "boundary_seed": 4}, "boundary_seed"),
    ({**BASE, "step_slope": 0.1}, "step_slope"),
    ({**BASE, "connect_diagonals": False}, "connect_diagonals"),
    ({**PRO, "raggedness": 1.5}, "raggedness"),
    ({**PRO, "roundness": -0.1}, "roundness"),
    ({**PRO, "boundary_amplitude": 2}, "boundary_amplitude"),
    ({**PRO, "boundary_seed": -1}, "boundary_seed"),
    ({**PRO, "step_slope": 3}, "step_slope"),
    ({**PRO, "connect_diagonals": "sometimes"}, "connect_diagonals"),
    ({**BASE, "spread_x": 2}, "spread_x"),
    ({**BASE, "slope_size": -1}, "slope_size"),
    ({**BASE, "text_guidance_scale": 0.5}, "text_guidance_scale"),
    ({**BASE, "tile_strength": 3}, "tile_strength"),
    ({**BASE, "tileset_adherence": 600}, "tileset_adherence"),
    ({**BASE, "tileset_adherence_freedom": 1000}, "tileset_adherence_freedom"),
    ({**BASE, "enhance": "maybe"}, "enhance"),
    ({**BASE, "seed": -3}, "seed"),
    ({**BASE, "color_image": {"type": "base64", "base64": "not-an-image"}}, "color_image"),
    ({**BASE, "lower_reference_image": {"base64": "%%%"}}, "lower_reference_image"),
    ({**BASE, "upper_reference_image": {"base64": ""}}, "upper_reference_image"),
    ({**BASE, "transition_reference_image": 5}, "transition_reference_image"),
    ({**BASE, "lower_base_tile_id": 5}, "lower_base_tile_id"),
    ({**BASE, "upper_base_tile_id": "x" * 100}, "upper_base_tile_id"),
    ({**BASE, "transition_description": 3}, "transition_description"),
    ({**BASE, "unknown_field": 1}, "unknown_field"),
]

SIDE_BAD: list[tuple[dict[str, Any], str]] = [
    ({}, "lower_description"),
    ({**SIDE, "tile_size": {"width": 64, "height": 64}}, "tile_size"),
    ({**SIDE, "tile_size": {"width": 16, "height": 32}}, "tile_size"),
    ({**SIDE, "transition_size": 0.75}, "transition_size"),
    ({**SIDE, "upper_description": "air"}, "upper_description"),
    ({**SIDE, "mode": "pro"}, "mode"),
    ({**SIDE, "view": "side"}, "view"),
    ({**SIDE, "shape_style": "round"}, "shape_style"),
    ({**SIDE, "upper_base_tile_id": "x"}, "upper_base_tile_id"),
    ({**SIDE, "seed": "abc"}, "seed"),
    ({**SIDE, "outline": "x"}, "outline"),
]


def _assert_names(r: Any, field: str) -> None:
    assert r.status_code == 422, r.text
    locs = [e["loc"] for e in r.json()["detail"]]
    assert any(field in loc for loc in locs), locs


@pytest.mark.parametrize(("body", "field"), TOPDOWN_BAD)
@pytest.mark.parametrize("path", ["/v2/tilesets", "/v2/create-tileset"])
def test_topdown_bad_fields(service: Service, path: str, body: dict[str, Any], field: str) -> None:
    key = service.new_key(generations=50)
    _assert_names(service.client.post(path, json=body, headers=service.headers(key)), field)


@pytest.mark.parametrize(("body", "field"), SIDE_BAD)
@pytest.mark.parametrize("path", ["/v2/tilesets-sidescroller", "/v2/create-tileset-sidescroller"])
def test_sidescroller_bad_fields(
    service: Service, path: str, body: dict[str, Any], field: str
) -> None:
    key = service.new_key(generations=50)
    _assert_names(service.client.post(path, json=body, headers=service.headers(key)), field)


def test_border_controls_at_their_defaults_are_fine_in_standard(service: Service) -> None:
    key = service.new_key()
    body = {
        **BASE,
        "raggedness": 0.0,
        "roundness": 0.7,
        "boundary_amplitude": 0.35,
        "step_slope": 0.5,
        "connect_diagonals": True,
        "spread_x": 0.9,
        "slope_size": 0.4,
        "shape_style": "round",
        "transition_size": 0.4,
        "color_image": image_body(np.full((4, 4, 4), 200, np.uint8)),
    }
    r = service.client.post("/v2/tilesets", json=body, headers=service.headers(key))
    assert r.status_code == 202, r.text


def test_bad_format_is_422(service: Service) -> None:
    key = service.new_key()
    r = service.client.get("/v2/tilesets/abc?format=gif", headers=service.headers(key))
    _assert_names(r, "format")
