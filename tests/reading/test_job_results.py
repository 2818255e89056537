"""Job results (and the background job's last response) carry the description's reading."""

from __future__ import annotations

from pixelkiln.contract.tiles_pro import CreateTilesProRequest
from pixelkiln.contract.ui import CreateUIAssetRequest
from pixelkiln.jobs.types import JobContext
from pixelkiln.service.tiles_pro import RELIEF_VIEW, run_tiles_pro, view_of
from pixelkiln.service.ui import run_ui_asset


def _ctx() -> JobContext:
    return JobContext(
        job_id="j", account_id="a", asset_id="x", progress=lambda _f: None, read_blob=bytes
    )


def test_a_ui_result_shows_the_elements_read() -> None:
    req = CreateUIAssetRequest(
        description="pause menu with 4 buttons", image_size={"width": 256, "height": 192}
    )
    out = run_ui_asset(req.model_dump(mode="json"), _ctx())
    assert {"kind": "button", "count": 4} in out.result["reading"]["elements"]
    assert out.last_response["reading"] == out.result["reading"]
    assert sum(r["kind"] == "button" for r in out.result["regions"]) == 4


def test_a_pro_result_shows_the_qualifiers_and_their_effects() -> None:
    req = CreateTilesProRequest(description="charred glorbish planks", tile_size=16)
    out = run_tiles_pro(req.model_dump(mode="json") | {"seed": 1}, _ctx())
    reading = out.result["reading"]
    assert "soot" in reading["effects"]
    assert reading["not_understood"] == ["glorbish"]


def test_a_described_cliff_gets_the_raised_view_unless_chosen() -> None:
    assert view_of(CreateTilesProRequest(description="sandstone cliff")) == RELIEF_VIEW
    chosen = CreateTilesProRequest(description="sandstone cliff", tile_view="high top-down")
    assert view_of(chosen) == "high top-down"
    assert view_of(CreateTilesProRequest(description="grass")) != RELIEF_VIEW
