"""Exports: the PNG sheet, a Tiled zip rendered by the real ``tmxrasterizer``, a Godot .tres."""

from __future__ import annotations

import base64
import io
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image

from pixelkiln.engine.wang.maps import cell_variants, random_map, repair_tallwall, tallwall_labels
from pixelkiln.exports.sheet import centre_terrain
from tests.conftest import Service
from tests.tilesets.conftest import finished

VAL = {"lower": 0, "upper": 1, "transition": 2}
K = ("NW", "NE", "SW", "SE")


def _png(data: bytes) -> np.ndarray:
    with Image.open(io.BytesIO(data)) as im:
        return np.asarray(im.convert("RGBA")).copy()


def _get(svc: Service, key: Any, tid: str, fmt: str) -> Any:
    r = svc.client.get(f"/v2/tilesets/{tid}?format={fmt}", headers=svc.headers(key))
    assert r.status_code == 200, r.text
    return r


def _make(svc: Service, key: Any, tall: bool) -> dict[str, Any]:
    body = {
        "lower_description": "grass",
        "upper_description": "dirt path",
        "tile_size": {"width": 16, "height": 16},
        "seed": 4,
    }
    if tall:
        body.update(mode="pro", transition_size=1.0, tile_size={"width": 32, "height": 32})
    return finished(svc, key, "/tilesets", body)


@pytest.mark.parametrize("tall", [False, True])
def test_png_sheet_holds_each_tile_at_its_position(tileset_service: Service, tall: bool) -> None:
    svc = tileset_service
    key = svc.new_key()
    body = _make(svc, key, tall)
    r = _get(svc, key, body["id"], "png")
    assert r.headers["content-type"] == "image/png"
    assert ".png" in r.headers["content-disposition"]
    sheet = _png(r.content)
    t = body["tileset"]["tile_size"]["width"]
    assert sheet.shape[:2] == ((8 if tall else 4) * t, 4 * t)
    for tile in body["tileset"]["tiles"]:
        row, col = tile["original_position"]["row"], tile["original_position"]["col"]
        img = _png(base64.b64decode(tile["image"]["base64"]))
        assert np.array_equal(sheet[row * t : (row + 1) * t, col * t : (col + 1) * t], img)


@pytest.mark.skipif(shutil.which("tmxrasterizer") is None, reason="Debian's tiled is not installed")
@pytest.mark.parametrize("tall", [False, True])
def test_tiled_export_renders_in_tmxrasterizer(
    tileset_service: Service, tmp_path: Path, tall: bool
) -> None:
    svc = tileset_service
    key = svc.new_key()
    body = _make(svc, key, tall)
    r = _get(svc, key, body["id"], "tiled")
    assert r.headers["content-type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(r.content)) as z:
        names = z.namelist()
        z.extractall(tmp_path)
    tsx = next(n for n in names if n.endswith(".tsx"))
    root = ET.parse(tmp_path / tsx).getroot()
    ws = root.find("wangsets/wangset")
    assert ws is not None and ws.get("type") == "corner"
    colors = [c.get("name") for c in ws.findall("wangcolor")]
    assert colors == body["metadata"]["edge_types"]
    cols = int(root.get("columns", "0"))
    by_id = {}
    for tile in body["tileset"]["tiles"]:
        tid = tile["original_position"]["row"] * cols + tile["original_position"]["col"]
        by_id[tid] = tile
    for wt in ws.findall("wangtile"):
        tile = by_id[int(wt.get("tileid", "-1"))]
        c = [VAL[tile["corners"][k]] + 1 for k in K]
        assert wt.get("wangid") == f"0,{c[1]},0,{c[3]},0,{c[2]},0,{c[0]}"
    assert len(ws.findall("wangtile")) == len(body["tileset"]["tiles"])

    # A map painted from a random corner grid, referencing the exported .tsx.
    rng = np.random.default_rng(8)
    rows, ncols = 5, 6
    grid = random_map(rng, rows, ncols, smooth=1.0 if tall else 0.0)
    variants = np.zeros((rows, ncols), np.int8)
    if tall:
        grid = tallwall_labels(repair_tallwall(grid))
        variants = cell_variants(grid)
    lookup = {}
    for tid, tile in by_id.items():
        corners = tuple(VAL[tile["corners"][k]] for k in K)
        variant = 0
        if tile["name"].endswith("_closed"):
            variant = -1
        elif tile["name"].endswith("_stepped"):
            variant = 1
        lookup[(corners, variant)] = tid
    t = body["tileset"]["tile_size"]["width"]
    gids, expect = [], np.zeros((rows * t, ncols * t, 4), np.uint8)
    for i in range(rows):
        for j in range(ncols):
            corners = (grid[i, j], grid[i, j + 1], grid[i + 1, j], grid[i + 1, j + 1])
            tid = lookup[(tuple(int(v) for v in corners), int(variants[i, j]))]
            gids.append(tid + 1)
            img = _png(base64.b64decode(by_id[tid]["image"]["base64"]))
            expect[i * t : (i + 1) * t, j * t : (j + 1) * t] = img
    csv = ",".join(map(str, gids))
    (tmp_path / "map.tmx").write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" orientation="orthogonal" renderorder="right-down" '
        f'width="{ncols}" height="{rows}" tilewidth="{t}" tileheight="{t}" infinite="0">\n'
        f' <tileset firstgid="1" source="{tsx}"/>\n'
        f' <layer id="1" name="ground" width="{ncols}" height="{rows}">\n'
        f'  <data encoding="csv">{csv}</data>\n </layer>\n</map>\n'
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = tmp_path / "map.png"
    subprocess.run(
        ["tmxrasterizer", str(tmp_path / "map.tmx"), str(out)],
        check=True,
        env=env,
        capture_output=True,
        timeout=60,
    )
    with Image.open(out) as im:
        rendered = np.asarray(im.convert("RGBA")).copy()
    assert rendered.shape == expect.shape
    assert np.array_equal(rendered, expect)


def _tres_blocks(text: str) -> dict[str, dict[str, str]]:
    blocks: dict[str, dict[str, str]] = {}
    for line in text.splitlines():
        m = re.match(r"^(\d+:\d+)/0(?:/(.+))? = (.+)$", line)
        if m:
            blocks.setdefault(m.group(1), {})[m.group(2) or ""] = m.group(3)
    return blocks


@pytest.mark.parametrize("tall", [False, True])
def test_godot_export_is_a_match_corners_terrain_set(tileset_service: Service, tall: bool) -> None:
    svc = tileset_service
    key = svc.new_key()
    body = _make(svc, key, tall)
    r = _get(svc, key, body["id"], "godot")
    with zipfile.ZipFile(io.BytesIO(r.content)) as z:
        tres_name = next(n for n in z.namelist() if n.endswith(".tres"))
        png_name = next(n for n in z.namelist() if n.endswith(".png"))
        text = z.read(tres_name).decode()
    assert f'path="res://{png_name}"' in text
    assert "terrain_set_0/mode = 1" in text
    t = body["tileset"]["tile_size"]["width"]
    assert f"texture_region_size = Vector2i({t}, {t})" in text
    for k, name in enumerate(body["metadata"]["edge_types"]):
        assert f'terrain_set_0/terrain_{k}/name = "{name}"' in text
    assert text.index("terrain_set_0/mode") < text.index("sources/0")
    blocks = _tres_blocks(text)
    assert len(blocks) == len(body["tileset"]["tiles"])
    bits = {
        "top_left_corner": "NW",
        "top_right_corner": "NE",
        "bottom_left_corner": "SW",
        "bottom_right_corner": "SE",
    }
    for tile in body["tileset"]["tiles"]:
        pos = f"{tile['original_position']['col']}:{tile['original_position']['row']}"
        b = blocks[pos]
        corners = [VAL[tile["corners"][k]] for k in K]
        assert b[""] == "0" and b["terrain_set"] == "0"
        assert int(b["terrain"]) == centre_terrain(corners)
        for bit, corner in bits.items():
            assert int(b[f"terrains_peering_bit/{bit}"]) == VAL[tile["corners"][corner]]
        assert ("probability" in b) == tile["name"].endswith("_stepped")


def test_centre_terrain_rule() -> None:
    assert centre_terrain((1, 1, 1, 0)) == 1
    assert centre_terrain((1, 1, 0, 0)) == 0
    assert centre_terrain((0, 0, 0, 0)) == 0
    assert centre_terrain((1, 1, 2, 2)) == 2
    assert centre_terrain((2, 0, 0, 0)) == 0
