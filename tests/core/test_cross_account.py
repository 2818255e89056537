"""Another account's job, tile set, tile or panel is a 404 — never its data — on every
family's GET, DELETE and export, and never appears in a list."""

from __future__ import annotations

import pytest

from tests.conftest import wait_for

pytestmark = pytest.mark.slow

#: (create path, body, id field, resource path, list path)
FAMILIES = [
    (
        "/v2/tilesets",
        {"lower_description": "grass", "upper_description": "dirt"},
        "tileset_id",
        "/v2/tilesets/{}",
        "/v2/tilesets",
    ),
    (
        "/v2/tilesets-sidescroller",
        {"lower_description": "stone brick platform"},
        "tileset_id",
        "/v2/tilesets-sidescroller/{}",
        "/v2/tilesets-sidescroller",
    ),
    (
        "/v2/create-tiles-pro",
        {"description": "grass", "tile_type": "square_topdown"},
        "tile_id",
        "/v2/tiles-pro/{}",
        "/v2/tiles-pro",
    ),
    (
        "/v2/create-isometric-tile",
        {"description": "stone", "image_size": {"width": 32, "height": 32}},
        "tile_id",
        "/v2/isometric-tiles/{}",
        "/v2/isometric-tiles",
    ),
    (
        "/v2/create-ui-asset",
        {"description": "wooden panel", "image_size": {"width": 256, "height": 256}},
        "ui_asset_id",
        "/v2/ui-assets/{}",
        "/v2/ui-assets",
    ),
]


@pytest.mark.parametrize(("create", "body", "id_field", "resource", "listing"), FAMILIES)
def test_other_accounts_resources_are_404(
    service, create, body, id_field, resource, listing
) -> None:
    owner, other = service.new_key(name="owner"), service.new_key(name="other")
    r = service.client.post(create, json=body, headers=service.headers(owner))
    assert r.status_code == 202, r.text
    rid, job_id = r.json()[id_field], r.json()["background_job_id"]
    job_url = f"/v2/background-jobs/{job_id}"
    wait_for(
        lambda: (
            service.client.get(job_url, headers=service.headers(owner)).json()["status"]
            == "completed"
        )
    )
    assert (
        service.client.get(resource.format(rid), headers=service.headers(owner)).status_code == 200
    )

    for url in (resource.format(rid), job_url, resource.format(rid) + "?format=png"):
        if "?format" in url and "tilesets" not in url:
            continue
        r = service.client.get(url, headers=service.headers(other))
        assert r.status_code == 404, url
        assert rid not in r.text and "base64" not in r.text
    listed = service.client.get(listing, headers=service.headers(other)).json()
    assert listed["total"] == 0 and rid not in str(listed)
    r = service.client.delete(resource.format(rid), headers=service.headers(other))
    assert r.status_code == 404
    # The owner still has it, untouched.
    assert (
        service.client.get(resource.format(rid), headers=service.headers(owner)).status_code == 200
    )
