"""The playground's object previews in Debian's Chromium: the review grid (choose, keep,
dismiss), the 8-direction turntable, and a map object dragged on a painted tileset map."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image

from tests.browser import LiveServer
from tests.conftest import wait_for

pytestmark = pytest.mark.browser

RESULT = "article[data-testid=result]"


def _grass(size: int = 96) -> np.ndarray:
    yy, xx = np.mgrid[0:size, 0:size]
    img = np.zeros((size, size, 4), np.uint8)
    img[..., 3] = 255
    img[..., :3] = np.where(
        (((yy // 3) + (xx // 3)) % 2 == 0)[..., None], (86, 140, 60), (74, 124, 52)
    )
    return img


def _open_form(page: Any, path: str) -> str:
    page.click(f".op-link[data-path='{path}']")
    form = f"form[data-path='{path}']"
    page.wait_for_selector(form)
    return form


def test_review_grid_turntable_and_map_object(
    live: LiveServer, open_page: Any, tmp_path: Path
) -> None:
    key = live.new_key()
    page, console = open_page(live.link(key))

    # A 1-direction request from the form's first example (a forest pack, 16 candidates).
    form = _open_form(page, "/create-1-direction-object")
    page.click(f"{form} [data-testid=submit]")
    grid = page.wait_for_selector("[data-testid=review-grid]", timeout=30_000)
    cells = grid.query_selector_all("[data-testid=candidate]")
    assert len(cells) == 16
    cells[1].click()
    cells[4].click()
    page.fill("[data-testid=common-tag]", "forest")
    page.click("[data-testid=keep]")
    page.wait_for_selector("[data-testid=object-still]")
    page.wait_for_function("document.querySelectorAll('[data-testid=object-still]').length === 2")
    with live.client(key) as c:
        listed = c.get("/v2/objects").json()["objects"]
    kept = [o for o in listed if o["tags"] == ["forest"]]
    assert len(kept) == 2 and all(o["status"] == "completed" for o in kept)
    page.click("[data-testid=dismiss]")
    page.wait_for_selector("[data-testid=dismissed]")

    # An 8-direction object turns on the spot.
    form = _open_form(page, "/create-8-direction-object")
    page.click(f"{form} [data-testid=submit]")
    table = page.wait_for_selector("[data-testid=turntable]", timeout=30_000)
    seen = {table.get_attribute("data-direction")}
    wait_for(lambda: seen.add(table.get_attribute("data-direction")) or len(seen) >= 3)

    # A map object laid on a painted tileset map, dragged to a new place.
    with live.client(key) as c:
        r = c.post(
            "/v2/tilesets",
            json={"lower_description": "grass", "upper_description": "dirt", "seed": 3},
        )
        tid = r.json()["tileset_id"]
        wait_for(lambda: c.get(f"/v2/tilesets/{tid}").status_code == 200)
    form = _open_form(page, "/map-objects")
    # Inpainted into a scene: a centred oval of a grass picture.
    page.click(f"{form} details.more > summary")
    page.select_option(f"{form} [data-field=inpainting] select.union-tag", index=1)
    scene = tmp_path / "grass.png"
    Image.fromarray(_grass()).save(scene)
    page.set_input_files(f"{form} [data-field=background_image] input[type=file]", str(scene))
    page.wait_for_function(
        "document.querySelector(\"[data-testid=cost-value]\")?.textContent === '1'"
    )
    page.click(f"{form} [data-testid=submit]")
    sprite = page.wait_for_selector("[data-testid=placed-object]", timeout=30_000)
    page.wait_for_selector("[data-testid=composite]")
    page.wait_for_selector("[data-testid=tilemap]")
    x0, y0 = int(sprite.get_attribute("data-x")), int(sprite.get_attribute("data-y"))
    sprite.scroll_into_view_if_needed()
    box = sprite.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + 40, box["y"] + box["height"] / 2 + 20, steps=4)
    page.mouse.up()
    assert int(sprite.get_attribute("data-x")) > x0 and int(sprite.get_attribute("data-y")) > y0
    assert console.errors() == []
