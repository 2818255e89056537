"""The playground's character preview in Chromium: a character made from its form turns
through its 8 directions; an animation made from the animate form plays in the player
(direction pad, frames per second, pause and step, onion skin); the export links answer
without a key. No error in the console."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import LiveServer, serve_live

pytestmark = pytest.mark.browser

RESULT = "article[data-testid=result]"


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory, template_db: Path) -> Iterator[LiveServer]:
    yield from serve_live(tmp_path_factory.mktemp("characters-live"), template_db)


def _submit(page: Any, path: str) -> Any:
    before = page.locator(RESULT).count()
    page.click(f"form[data-path='{path}'] [data-testid=submit]")
    page.wait_for_function(f"document.querySelectorAll('{RESULT}').length > {before}")
    card = page.locator(RESULT).first
    page.wait_for_function(
        "el => ['completed', 'failed'].includes(el.dataset.status)", arg=card.element_handle()
    )
    assert card.get_attribute("data-status") == "completed", card.inner_text()
    return card


def test_turnaround_player_and_downloads(live: LiveServer, open_page: Any) -> None:
    key = live.new_key()
    page, console = open_page(live.link(key))
    path = "/create-character-with-8-directions"
    page.click(f".op-link[data-path='{path}']")
    form = f"form[data-path='{path}']"
    assert page.input_value(f"{form} [data-field=description] textarea") == (
        "orc knight with a red cape"
    )
    page.wait_for_function(
        "document.querySelector(\"[data-testid=cost-value]\")?.textContent === '1'"
    )
    card = _submit(page, path)
    cid = card.get_attribute("data-id")
    card.locator("[data-testid=turnaround]").wait_for()
    assert card.locator("[data-testid=rotation]").count() == 8
    turn = card.locator("[data-testid=turnaround]")
    turn.evaluate(
        """c => { window.__dirs = new Set([c.dataset.direction]);
        new MutationObserver(() => window.__dirs.add(c.dataset.direction))
          .observe(c, {attributes: true}); }"""
    )
    page.wait_for_function("window.__dirs.size === 8", timeout=30_000)
    assert turn.evaluate("c => getComputedStyle(c).imageRendering") == "pixelated"
    assert "No animation yet" in card.inner_text()

    # Animate it from the animate form: the card follows the directions as they finish.
    anim = "/animate-character"
    page.click(f".op-link[data-path='{anim}']")
    aform = f"form[data-path='{anim}']"
    page.fill(f"{aform} [data-field=character_id] input", cid)
    page.fill(f"{aform} [data-field=template_animation_id] input", "walk")
    card = _submit(page, anim)
    player = card.locator("[data-testid=animation-player]")
    player.wait_for(timeout=30_000)
    assert player.get_attribute("data-animation") == "walk"
    assert player.get_attribute("data-frames") == "6"
    assert player.get_attribute("data-direction") == "south"
    page.wait_for_function(
        "c => c.dataset.frame !== '0'", arg=player.element_handle(), timeout=30_000
    )  # it plays
    card.locator("[data-testid=direction-pad] [data-direction=east]").click()
    page.wait_for_function("c => c.dataset.direction === 'east'", arg=player.element_handle())
    card.locator("[data-testid=play]").click()  # pause
    frame = player.get_attribute("data-frame")
    card.locator("button[aria-label='next frame']").click()
    assert player.get_attribute("data-frame") == str((int(frame) + 1) % 6)
    card.locator("[data-testid=onion]").check()
    assert player.get_attribute("data-onion") == "1"
    card.locator("[data-testid=fps]").fill("4")
    assert "4 fps" in card.locator("[data-testid=frame-info]").inner_text()

    # The export links are key-free.
    for testid, member in (
        ("download-zip", "metadata.json"),
        ("download-spritesheet", ".json"),
        ("download-aseprite", ".json"),
        ("download-godot", ".tres"),
        ("download-phaser", ".anims.json"),
    ):
        href = card.locator(f"[data-testid={testid}]").get_attribute("href")
        r = page.request.get(f"{live.url}{href}")  # the page's key is never sent
        assert r.status == 200, testid
        with zipfile.ZipFile(io.BytesIO(r.body())) as z:
            assert any(n.endswith(member) for n in z.namelist()), (testid, z.namelist())
    # The animate form's quote is a 400 saying the rule (its price needs the character);
    # Chromium logs every 4xx fetch.
    assert "per direction" in page.inner_text(f"{aform} [data-testid=cost]")
    assert console.errors(allowed_statuses=(400,)) == []
