"""The UI endpoints end to end: submit, progress 0 -> 100, completion, failure, list, delete,
single elements."""

from __future__ import annotations

import io
import threading
from typing import Any

import numpy as np
from PIL import Image

from pixelkiln.engine.ui import UIDrawError
from pixelkiln.jobs.types import JobContext
from pixelkiln.service import ui as ui_service
from tests.conftest import decode_b64_png, image_body, wait_for

PANEL = {
    "description": "wooden RPG inventory with gold trim",
    "image_size": {"width": 256, "height": 192},
    "elements": ["window", "icon_button", "icon_button", "icon_button"],
    "seed": 11,
}


def _png(svc, url: str) -> np.ndarray:
    r = svc.client.get(url)
    assert r.status_code == 200 and r.headers["content-type"] == "image/png"
    with Image.open(io.BytesIO(r.content)) as im:
        return np.asarray(im.convert("RGBA"))


def test_a_panel_goes_from_processing_at_0_to_completed(make_service) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=100)
    h = svc.headers(key)
    r = svc.client.post("/v2/create-ui-asset", json=PANEL, headers=h)
    assert r.status_code == 202
    body = r.json()
    assert set(body) == {"ui_asset_id", "background_job_id", "status", "usage"}
    assert body["status"] == "processing" and body["usage"]["generations"] == 20
    url = f"/v2/ui-assets/{body['ui_asset_id']}"
    before = svc.client.get(url, headers=h)
    assert before.status_code == 200  # no 423: progress is reported in a 200
    b = before.json()
    assert b["status"] == "processing" and b["progress_percent"] == 0
    assert b["image_url"] is None and b["regions"] is None and b["eta_seconds"] >= 1
    assert b["size"] == {"width": 256, "height": 192} and b["prompt"] == PANEL["description"]
    svc.ctx.runner.run_pending()
    done = svc.client.get(url, headers=h).json()
    assert done["status"] == "completed"
    assert done["progress_percent"] is None and done["eta_seconds"] is None
    img = _png(svc, done["image_url"])
    assert img.shape == (192, 256, 4)
    assert set(np.unique(img[..., 3])) == {0, 255}
    regions = {r["id"]: r for r in done["regions"]}
    assert set(regions) == {"window-1", "icon_button-1", "icon_button-2", "icon_button-3"}
    win = regions["window-1"]
    assert win["source"] == "element" and win["label"] == "window"
    assert {p["name"] for p in win["parts"]} == {"title_bar", "close_button", "content"}
    box, ns = win["box"], win["nine_slice"]
    crop = img[box["y"] : box["y"] + box["height"], box["x"] : box["x"] + box["width"]]
    assert crop[..., 3].all() or crop[..., 3].mean() > 0.95
    assert ns["left"] + ns["right"] < box["width"] and ns["top"] + ns["bottom"] < box["height"]
    job = svc.client.get(f"/v2/background-jobs/{body['background_job_id']}", headers=h).json()
    assert job["status"] == "completed" and job["progress_percent"] == 100
    assert job["last_response"]["ui_asset_id"] == body["ui_asset_id"]


def test_the_handler_reports_real_progress_from_0_to_100() -> None:
    seen: list[float] = []
    ctx = JobContext(
        job_id="j", account_id="a", asset_id="x", progress=seen.append, read_blob=lambda key: b""
    )
    payload = {**PANEL, "elements": ["window", "button", "button", "icon_button", "toolbar"]}
    out = ui_service.run_ui_asset(payload, ctx)
    assert seen[0] == 0.0 and seen[-1] == 1.0
    assert seen == sorted(seen)  # never goes backwards
    assert len({round(v, 2) for v in seen}) >= 6  # it moves through the work, element by element
    assert "image" in out.files and len(out.result["regions"]) == 5


def test_progress_is_visible_while_the_job_runs(make_service, monkeypatch) -> None:
    svc = make_service(runner="thread")
    key = svc.new_key(generations=100)
    h = svc.headers(key)
    halfway, release = threading.Event(), threading.Event()
    real = ui_service.render_panel

    def paused(spec: Any, progress: Any) -> Any:
        def report(f: float) -> None:
            progress(f)
            if f >= 0.6 and not halfway.is_set():  # past half way once scaled to the job
                halfway.set()
                release.wait(20)

        return real(spec, progress=report)

    monkeypatch.setattr(ui_service, "render_panel", paused)
    body = {**PANEL, "elements": ["panel", "button", "button", "button", "button"]}
    asset = svc.client.post("/v2/create-ui-asset", json=body, headers=h).json()["ui_asset_id"]
    url = f"/v2/ui-assets/{asset}"
    try:
        assert halfway.wait(20)
        wait_for(lambda: (svc.client.get(url, headers=h).json()["progress_percent"] or 0) >= 50)
        mid = svc.client.get(url, headers=h).json()
        assert mid["status"] == "processing" and 50 <= mid["progress_percent"] < 100
        assert mid["eta_seconds"] >= 1 and mid["image_url"] is None
    finally:
        release.set()
    wait_for(lambda: svc.client.get(url, headers=h).json()["status"] == "completed")
    done = svc.client.get(url, headers=h).json()
    assert done["progress_percent"] is None and done["image_url"]


def test_what_the_engine_cannot_draw_is_refused_before_any_charge(make_service) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=100)
    h = svc.headers(key)
    # Valid on the 512-unit canvas, but 4 px wide once scaled to 256 px.
    body = {
        "description": "stone panel",
        "image_size": {"width": 256, "height": 192},
        "pieces": [
            {"id": "box", "kind": "rounded_rect", "x": 40, "y": 40, "w": 200, "h": 200},
            {"id": "sliver", "kind": "rounded_rect", "x": 10, "y": 10, "w": 8, "h": 200},
        ],
    }
    r = svc.client.post("/v2/create-ui-asset", json=body, headers=h)
    assert r.status_code == 422
    [err] = r.json()["detail"]
    assert err["loc"] == ["body", "pieces", 1] and err["type"] == "piece_too_small"
    assert "sliver" in err["msg"] and "at least 6 px" in err["msg"]
    # A style image with nothing to read is refused the same way.
    clear = image_body(np.zeros((8, 8, 4), np.uint8))
    r = svc.client.post(
        "/v2/create-ui-asset", headers=h, json={"description": "stone", "style_image": clear}
    )
    assert r.status_code == 422
    assert r.json()["detail"][0]["loc"] == ["body", "style_image"]
    assert "no opaque pixels" in r.json()["detail"][0]["msg"]
    assert svc.client.get("/v2/balance", headers=h).json()["subscription"]["generations"] == 100
    assert svc.client.get("/v2/ui-assets", headers=h).json()["total"] == 0


def test_a_failing_job_shows_failed_and_is_refunded(make_service, monkeypatch) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=100)
    h = svc.headers(key)
    sub = svc.client.post(
        "/v2/create-ui-asset", json={"description": "stone panel"}, headers=h
    ).json()
    assert svc.client.get("/v2/balance", headers=h).json()["subscription"]["generations"] == 80

    def broken(*_args: object, **_kw: object) -> None:
        raise UIDrawError("the engine stopped drawing")

    monkeypatch.setattr("pixelkiln.service.ui.render_panel", broken)
    svc.ctx.runner.run_pending()
    asset = svc.client.get(f"/v2/ui-assets/{sub['ui_asset_id']}", headers=h).json()
    assert asset["status"] == "failed" and asset["image_url"] is None
    assert "stopped drawing" in asset["error"]
    assert asset["progress_percent"] is None and asset["eta_seconds"] is None
    job = svc.client.get(f"/v2/background-jobs/{sub['background_job_id']}", headers=h).json()
    assert job["status"] == "failed" and job["usage"]["generations"] == 0
    assert svc.client.get("/v2/balance", headers=h).json()["subscription"]["generations"] == 100


def test_list_is_newest_first_with_a_total_and_delete_removes(make_service) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=1000)
    h = svc.headers(key)
    ids = []
    for i in range(3):
        body = {
            "description": f"stone panel {i}",
            "image_size": {"width": 192, "height": 192},
            "name": f"panel {i}",
        }
        ids.append(
            svc.client.post("/v2/create-ui-asset", json=body, headers=h).json()["ui_asset_id"]
        )
    svc.ctx.runner.run_pending()
    listed = svc.client.get("/v2/ui-assets", headers=h).json()
    assert listed["total"] == 3
    assert [a["id"] for a in listed["ui_assets"]] == ids[::-1]
    first = listed["ui_assets"][0]
    assert first["status"] == "completed" and first["name"] == "panel 2" and first["image_url"]
    assert first["size"] == {"width": 192, "height": 192}
    page = svc.client.get("/v2/ui-assets?limit=1&offset=1", headers=h).json()
    assert page["total"] == 3 and [a["id"] for a in page["ui_assets"]] == [ids[1]]
    assert svc.client.get("/v2/ui-assets?limit=0", headers=h).status_code == 422
    # Another account sees none of them.
    other = svc.headers(svc.new_key())
    assert svc.client.get("/v2/ui-assets", headers=other).json()["total"] == 0
    assert svc.client.get(f"/v2/ui-assets/{ids[0]}", headers=other).status_code == 404
    assert svc.client.delete(f"/v2/ui-assets/{ids[0]}", headers=other).status_code == 404
    image_url = svc.client.get(f"/v2/ui-assets/{ids[0]}", headers=h).json()["image_url"]
    r = svc.client.delete(f"/v2/ui-assets/{ids[0]}", headers=h)
    assert r.status_code == 200
    assert r.json()["success"] is True
    assert r.json()["usage"]["type"] == "generations" and r.json()["usage"]["generations"] == 0
    assert svc.client.get(f"/v2/ui-assets/{ids[0]}", headers=h).status_code == 404
    assert svc.client.get(image_url).status_code == 404
    assert svc.client.get("/v2/ui-assets", headers=h).json()["total"] == 2


def test_same_request_same_image_and_the_default_seed_follows_the_request(make_service) -> None:
    svc = make_service(runner="manual")
    h = svc.headers(svc.new_key(generations=1000))
    body = {
        "description": "crystal magic panel",
        "image_size": {"width": 192, "height": 192},
        "elements": ["panel", "hexagon", "button"],
    }
    ids = [
        svc.client.post("/v2/create-ui-asset", json=b, headers=h).json()["ui_asset_id"]
        for b in (body, body, {**body, "description": "crystal magic panel!"})
    ]
    svc.ctx.runner.run_pending()
    urls = [svc.client.get(f"/v2/ui-assets/{i}", headers=h).json()["image_url"] for i in ids]
    raw = [svc.client.get(u).content for u in urls]
    assert raw[0] == raw[1]
    assert raw[0] != raw[2]


def test_generate_ui_v2_draws_a_named_panel_with_its_elements(make_service) -> None:
    """The words that make create-ui-asset draw a panel with two bars do the same here."""
    svc = make_service(runner="manual")
    key = svc.new_key(generations=100)
    h = svc.headers(key)
    body = {
        "description": "status panel with stamina and experience bars",
        "image_size": {"width": 128, "height": 96},
        "seed": 4,
    }
    r = svc.client.post("/v2/generate-ui-v2", json=body, headers=h)
    assert r.status_code == 202
    svc.ctx.runner.run_pending()
    job = svc.client.get(f"/v2/background-jobs/{r.json()['background_job_id']}", headers=h)
    last = job.json()["last_response"]
    assert last["element"] == "panel"
    assert [g["kind"] for g in last["regions"]] == ["panel", "health_bar", "health_bar"]
    img = decode_b64_png(last["images"][0]["base64"])
    fills = []
    for bar in last["regions"][1:]:
        fill = next(p["box"] for p in bar["parts"] if p["name"] == "fill")
        assert last["box"]["y"] < fill["y"] < last["box"]["y"] + last["box"]["height"]
        patch = img[fill["y"] : fill["y"] + fill["height"], fill["x"] : fill["x"] + 8, :3]
        fills.append(patch.reshape(-1, 3).astype(float).mean(0))
    assert np.abs(fills[0] - fills[1]).sum() > 60  # stamina and experience, two colours


def test_generate_ui_v2_returns_the_element_in_last_response(make_service) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=100)
    h = svc.headers(key)
    body = {
        "description": "sci-fi health bar",
        "image_size": {"width": 320, "height": 64},
        "seed": 5,
    }
    r = svc.client.post("/v2/generate-ui-v2", json=body, headers=h)
    assert r.status_code == 202
    assert set(r.json()) == {"background_job_id", "status", "usage"}
    assert r.json()["usage"]["generations"] == 20
    job_url = f"/v2/background-jobs/{r.json()['background_job_id']}"
    assert svc.client.get(job_url, headers=h).json()["status"] == "processing"
    svc.ctx.runner.run_pending()
    job = svc.client.get(job_url, headers=h).json()
    assert job["status"] == "completed"
    last = job["last_response"]
    assert last["element"] == "health_bar"
    img = decode_b64_png(last["images"][0]["base64"])
    assert img.shape == (64, 320, 4)
    assert set(np.unique(img[..., 3])) == {0, 255}
    assert last["nine_slice"]["top"] == 0 and last["nine_slice"]["left"] > 0
    fill = next(p["box"] for p in last["parts"] if p["name"] == "fill")
    row = img[fill["y"] + 1, fill["x"] : fill["x"] + fill["width"] // 3, :3].astype(int)
    assert (row[:, 0] > row[:, 2]).mean() > 0.6  # a red health fill
    concept = np.zeros((16, 16, 4), np.uint8)
    concept[..., :3], concept[..., 3] = (30, 160, 60), 255
    body = {
        "description": "stone button",
        "no_background": False,
        "concept_image": {"image": image_body(concept), "size": {"width": 16, "height": 16}},
    }
    r = svc.client.post("/v2/generate-ui-v2", json=body, headers=h)
    svc.ctx.runner.run_pending()
    last = svc.client.get(f"/v2/background-jobs/{r.json()['background_job_id']}", headers=h).json()[
        "last_response"
    ]
    img = decode_b64_png(last["images"][0]["base64"])
    assert img.shape == (256, 256, 4) and (img[..., 3] == 255).all()
