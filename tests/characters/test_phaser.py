"""The Phaser 3 export loaded by Phaser itself: Chromium (Debian's, through Playwright)
runs Phaser 3 from the npm registry (``tests/web/engines``, ``npm ci`` on first use) on
its Canvas renderer, loads the exported atlas and animations, plays ``walk_south``, and
the pixels it draws for every frame are the exported frames, exactly.

Skipped, saying why, without Chromium or npm; with ``PIXELKILN_REQUIRE_SYSTEM_DEPS=1``
(CI) a missing tool is a failure instead.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests.characters.conftest import SMALL, create, decode, post, unzip, wait_character

pytestmark = pytest.mark.browser

ENGINES = Path(__file__).resolve().parents[1] / "web" / "engines"
PHASER = ENGINES / "node_modules" / "phaser" / "dist" / "phaser.min.js"

PAGE = """<!doctype html>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<body style="margin:0">
<script src="phaser.min.js"></script>
<script>
const KEY = %(key)s, W = %(w)d, H = %(h)d, PX = %(px)d, PY = %(py)d;
window.seen = [];
class Play extends Phaser.Scene {
  preload() {
    this.load.atlas(KEY, "sheet.png", "atlas.json");
    this.load.json("anims", "anims.json");
  }
  create() {
    this.anims.fromJSON(this.cache.json.get("anims"));
    // The atlas gives each frame its pivot (the feet): Phaser makes it the origin, so
    // the sprite stands at the pivot's place on the canvas.
    const sprite = this.add.sprite(PX, PY, KEY);
    sprite.on("animationstart", (anim, frame) => window.seen.push(frame.textureFrame));
    sprite.on("animationupdate", (anim, frame) => window.seen.push(frame.textureFrame));
    sprite.play("walk_south");
    window.sprite = sprite;
    window.ready = true;
  }
}
window.game = new Phaser.Game({
  type: Phaser.CANVAS, width: W, height: H, transparent: true, pixelArt: true,
  banner: false, audio: { noAudio: true }, scene: Play,
});
</script>
"""

SHOW_FRAME = """async (i) => {
  const sprite = window.sprite;
  sprite.anims.pause();
  sprite.anims.setCurrentFrame(sprite.anims.currentAnim.frames[i]);
  const rendered = () => new Promise((r) => window.game.events.once("postrender", r));
  await rendered();
  await rendered();
  const canvas = window.game.canvas;
  const pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
  return { name: sprite.frame.name, data: Array.from(pixels.data) };
}"""


def _need(ok: bool, why: str) -> None:
    if not ok:
        if os.environ.get("PIXELKILN_REQUIRE_SYSTEM_DEPS") == "1":
            pytest.fail(why)
        pytest.skip(why)


@pytest.fixture(scope="module")
def phaser() -> Path:
    """Phaser 3 from the npm registry, installed from the lock file on first use."""
    if not PHASER.exists():
        npm = shutil.which("npm")
        _need(npm is not None, "npm is not installed (needed to fetch Phaser 3)")
        done = subprocess.run(
            [str(npm), "ci", "--no-audit", "--no-fund"],
            cwd=ENGINES,
            capture_output=True,
            text=True,
            timeout=600,
        )
        _need(done.returncode == 0, f"npm ci failed: {done.stderr[-400:]}")
    return PHASER


def _serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def test_phaser_plays_walk_south_with_the_exported_frames(
    svc, phaser: Path, browser: Any, tmp_path: Path
) -> None:
    key = svc.new_key()
    d = create(
        svc,
        key,
        "/create-character-with-4-directions",
        {"description": "knight with a red cape", "image_size": SMALL, "seed": 6},
    )
    post(svc, key, "/animate-character", {"character_id": d["id"], "template_animation_id": "walk"})
    wait_character(svc, key, d["id"])
    r = svc.client.get(f"/v2/characters/{d['id']}/spritesheet?format=phaser")
    files = unzip(r.content)
    stem = "knight_with_a_red_cape"
    atlas = json.loads(files[f"{stem}.json"])
    anims = json.loads(files[f"{stem}.anims.json"])
    sheet = decode(files[f"{stem}.png"])
    walk = next(a for a in anims["anims"] if a["key"] == "walk_south")
    names = [f["frame"] for f in walk["frames"]]
    assert len(names) == 6
    cell = atlas["frames"][names[0]]["frame"]
    w, h = cell["w"], cell["h"]

    (tmp_path / "sheet.png").write_bytes(files[f"{stem}.png"])
    (tmp_path / "atlas.json").write_bytes(files[f"{stem}.json"])
    (tmp_path / "anims.json").write_bytes(files[f"{stem}.anims.json"])
    shutil.copy(phaser, tmp_path / "phaser.min.js")
    texture = walk["frames"][0]["key"]
    pivot = atlas["frames"][names[0]]["pivot"]
    px, py = round(pivot["x"] * w), round(pivot["y"] * h)
    assert all(atlas["frames"][n]["pivot"] == pivot for n in names)
    values = {"key": json.dumps(texture), "w": w, "h": h, "px": px, "py": py}
    (tmp_path / "index.html").write_text(PAGE % values)
    server, url = _serve(tmp_path)
    errors: list[str] = []
    page = browser.new_page()
    try:
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(f"{url}/index.html")
        page.wait_for_function("window.ready === true", timeout=20_000)
        assert page.evaluate("window.game.renderer.type") == page.evaluate("Phaser.CANVAS")
        # It plays: the frames come in the animation's order, looping.
        page.wait_for_function(f"window.seen.length >= {len(names) + 3}", timeout=20_000)
        seen = page.evaluate("window.seen")
        start = names.index(seen[0])
        assert seen[: len(names) + 3] == [
            names[(start + i) % len(names)] for i in range(len(names) + 3)
        ]
        # Every frame Phaser draws is the exported frame, pixel for pixel.
        for i, name in enumerate(names):
            shown = page.evaluate(SHOW_FRAME, i)
            assert shown["name"] == name
            drawn = np.array(shown["data"], np.uint8).reshape(h, w, 4)
            box = atlas["frames"][name]["frame"]
            want = sheet[box["y"] : box["y"] + h, box["x"] : box["x"] + w]
            assert np.array_equal(drawn[..., 3] > 0, want[..., 3] > 0), name
            opaque = want[..., 3] == 255
            assert np.array_equal(drawn[opaque, :3], want[opaque, :3]), name
        assert page.evaluate("[window.sprite.originX, window.sprite.originY]") == [
            pivot["x"],
            pivot["y"],
        ]
        assert not errors, errors
    finally:
        page.close()
        server.shutdown()
        server.server_close()
