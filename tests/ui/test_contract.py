"""The UI contract: aspect tiers, pieces, elements, every bad field named in its 422."""

from __future__ import annotations

import numpy as np
import pytest

from pixelkiln.contract.ui import GENERATE_TIERS, UI_TIERS
from pixelkiln.service.ui import quote
from tests.conftest import image_body

TIER_NAMES = (
    "square up to 512x512",
    "16:9 up to 688x384",
    "9:16 up to 384x688",
    "4:3 up to 600x448",
    "3:4 up to 448x600",
)


@pytest.fixture
def api(make_service):
    # Jobs are held (manual runner): these tests are about what is accepted.
    service = make_service(runner="manual")
    key = service.new_key(generations=100_000)

    def post(body: dict, path: str = "/v2/create-ui-asset"):
        return service.client.post(path, json=body, headers=service.headers(key))

    return post


def _locs(r) -> list[tuple]:
    return [tuple(e["loc"]) for e in r.json()["detail"]]


def test_each_aspect_tier_is_accepted_at_its_ceiling_and_rejected_just_past_it(api) -> None:
    for _name, w, h in UI_TIERS:
        ok = api({"description": "stone panel", "image_size": {"width": w, "height": h}})
        assert ok.status_code == 202, (w, h, ok.text)
        for pw, ph in ((w + 1, h), (w, h + 1)):
            bad = api({"description": "stone panel", "image_size": {"width": pw, "height": ph}})
            assert bad.status_code == 422, (pw, ph)
            detail = bad.json()["detail"][0]
            assert detail["loc"] == ["body", "image_size"]
            # The message lists the five tiers.
            for tier in TIER_NAMES:
                assert tier in detail["msg"], detail["msg"]
    small = api({"description": "x", "image_size": {"width": 191, "height": 256}})
    assert small.status_code == 422 and _locs(small) == [("body", "image_size", "width")]


def test_generate_ui_v2_sizes_run_from_16_to_the_aspect_ceilings(api) -> None:
    path = "/v2/generate-ui-v2"
    for _name, w, h in GENERATE_TIERS:
        assert (
            api(
                {"description": "button", "image_size": {"width": w, "height": h}}, path
            ).status_code
            == 202
        )
        bad = api({"description": "button", "image_size": {"width": w + 1, "height": h}}, path)
        assert bad.status_code == 422 and _locs(bad) == [("body", "image_size")]
        assert "21:9 up to 792x340" in bad.json()["detail"][0]["msg"]
    assert (
        api({"description": "slot", "image_size": {"width": 16, "height": 16}}, path).status_code
        == 202
    )
    r = api({"description": "slot", "image_size": {"width": 15, "height": 16}}, path)
    assert r.status_code == 422 and _locs(r) == [("body", "image_size", "width")]


@pytest.mark.parametrize(
    ("body", "loc"),
    [
        ({"description": ""}, ("body", "description")),
        ({"description": "x" * 2001}, ("body", "description")),
        ({"description": "x", "color_palette": "y" * 201}, ("body", "color_palette")),
        ({"description": "x", "no_background": "sometimes"}, ("body", "no_background")),
        ({"description": "x", "seed": -1}, ("body", "seed")),
        ({"description": "x", "elements": ["button", "spaceship"]}, ("body", "elements", 1)),
        ({"description": "x", "style_image": {"base64": "not base64!"}}, ("body", "style_image")),
        ({"description": "x", "colour": "red"}, ("body", "colour")),
        ({"description": "x", "name": "n" * 201}, ("body", "name")),
        (
            {"description": "x", "image_size": {"width": 256, "height": 256, "depth": 3}},
            ("body", "image_size", "depth"),
        ),
        (
            {"description": "x", "pieces": [{"id": "a", "kind": "star", "x": 1, "y": 1, "r": 4}]},
            ("body", "pieces", 0),
        ),
        (
            {
                "description": "x",
                "pieces": [{"id": "a", "kind": "circle", "x": 600, "y": 1, "r": 4}],
            },
            ("body", "pieces", 0, "circle", "x"),
        ),
        (
            {"description": "x", "pieces": [{"id": "", "kind": "circle", "x": 6, "y": 1, "r": 4}]},
            ("body", "pieces", 0, "circle", "id"),
        ),
        (
            {
                "description": "x",
                "pieces": [{"id": "p", "kind": "polygon", "x": 60, "y": 60, "r": 9, "sides": 2}],
            },
            ("body", "pieces", 0, "polygon", "sides"),
        ),
        (
            {
                "description": "x",
                "pieces": [{"id": "p", "kind": "rounded_rect", "x": 1, "y": 1, "w": 0, "h": 9}],
            },
            ("body", "pieces", 0, "rounded_rect", "w"),
        ),
    ],
)
def test_bad_fields_are_named(api, body: dict, loc: tuple) -> None:
    r = api(body)
    assert r.status_code == 422, r.text
    assert loc in _locs(r), r.json()


def test_duplicate_piece_ids_are_rejected(api) -> None:
    piece = {"kind": "circle", "x": 100, "y": 100, "r": 30}
    r = api({"description": "x", "pieces": [{"id": "a", **piece}, {"id": "a", **piece}]})
    assert r.status_code == 422
    detail = r.json()["detail"][0]
    assert detail["loc"] == ["body", "pieces"] and "duplicate piece id 'a'" in detail["msg"]
    assert (
        api(
            {"description": "x", "pieces": [{"id": "a", **piece}, {"id": "b", **piece}]}
        ).status_code
        == 202
    )


def test_pieces_outside_the_virtual_canvas_are_rejected(api) -> None:
    # 16:9 gives a 512 x 288 canvas: y = 300 is below it.
    body = {
        "description": "x",
        "image_size": {"width": 512, "height": 288},
        "pieces": [{"id": "low", "kind": "rounded_rect", "x": 10, "y": 300, "w": 40, "h": 40}],
    }
    r = api(body)
    assert r.status_code == 422 and "512x288 virtual canvas" in r.json()["detail"][0]["msg"]
    body["image_size"] = {"width": 384, "height": 512}  # 3:4 -> 384 x 512: y = 300 is inside
    assert api(body).status_code == 202


def test_piece_objects_ignore_unknown_keys_as_the_published_schema_does(api) -> None:
    piece = {"id": "a", "kind": "circle", "x": 100, "y": 100, "r": 30, "color": "red"}
    assert api({"description": "x", "pieces": [piece]}).status_code == 202


def test_concept_image_size_must_match_the_image(api) -> None:
    img = np.zeros((8, 8, 4), np.uint8)
    img[..., 3] = 255
    body = {
        "description": "button",
        "concept_image": {"image": image_body(img), "size": {"width": 9, "height": 8}},
    }
    r = api(body, "/v2/generate-ui-v2")
    assert r.status_code == 422 and _locs(r) == [("body", "concept_image")]
    body["concept_image"]["size"] = {"width": 8, "height": 8}
    assert api(body, "/v2/generate-ui-v2").status_code == 202


@pytest.mark.parametrize(
    ("size", "cost"),
    [
        ((256, 192), 20),
        ((256, 256), 20),
        ((257, 256), 30),
        ((384, 384), 30),
        ((385, 384), 40),
        ((512, 512), 40),
        ((688, 384), 40),
        ((16, 16), 20),
    ],
)
def test_cost_tiers_by_area(size: tuple[int, int], cost: float) -> None:
    assert quote(*size) == cost


def test_submit_charges_the_quote(make_service) -> None:
    service = make_service(runner="manual")
    key = service.new_key(generations=100)
    h = service.headers(key)
    r = service.client.post(
        "/v2/create-ui-asset",
        headers=h,
        json={"description": "wood", "image_size": {"width": 384, "height": 288}},
    )
    assert r.status_code == 202
    usage = r.json()["usage"]
    assert usage["type"] == "generations" and usage["generations"] == 30
    assert r.json()["status"] == "processing"
    balance = service.client.get("/v2/balance", headers=h).json()["subscription"]["generations"]
    assert balance == 70
    poor = service.new_key(generations=19)
    r = service.client.post(
        "/v2/create-ui-asset", headers=service.headers(poor), json={"description": "wood"}
    )
    assert r.status_code == 402


def test_openapi_documents_the_family(service) -> None:
    doc = service.client.get("/v2/openapi.json").json()
    paths = doc["paths"]
    assert paths["/create-ui-asset"]["post"]["summary"] == "Create UI panel (Pro)"
    assert "202" in paths["/create-ui-asset"]["post"]["responses"]
    assert set(paths["/ui-assets/{ui_asset_id}"]) == {"get", "delete"}
    assert "423" not in paths["/ui-assets/{ui_asset_id}"]["get"]["responses"]
    assert paths["/generate-ui-v2"]["post"]["summary"] == "Generate UI (Pro)"
    schemas = doc["components"]["schemas"]
    detail = schemas["UIAssetDetail"]["properties"]
    assert "nine-slice" in detail["regions"]["description"]
    assert "examples" in schemas["CreateUIAssetRequest"]
    assert schemas["UINineSlice"]["properties"].keys() == {"left", "top", "right", "bottom"}
