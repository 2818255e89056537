"""``pixelkiln mcp`` driven by the SDK's own client: over stdio on the local service
(embedded), and over streamable HTTP against a running pixelkiln (remote, ``--url``).

One scenario runs on both: the tool list; a tileset, a character and its walk, a utility
on a file of the project and a UI panel end to end (images decoded, files saved and read
back); then a 422 naming its field, a path outside the root refused before anything is
charged, and a 402. The account holds 30 generations: the assets take 27.1 (the panel 20,
the walk 4, the cut-out 0.1), the Pro tileset asked for last costs 15.
"""

from __future__ import annotations

import base64
import io
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import anyio
import httpx
import httpx2
import numpy as np
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from PIL import Image

from pixelkiln.config import Settings
from pixelkiln.service.accounts import create_account
from pixelkiln.store.db import Database
from tests.browser import serve_live

BIN = str(Path(sys.executable).with_name("pixelkiln"))
TOKEN = "t0ken-for-the-mcp-endpoint"
FAMILY_TOOLS = {
    "create_tileset",
    "create_sidescroller_tileset",
    "create_tiles_pro",
    "create_isometric_tile",
    "create_ui_panel",
    "create_ui_element",
    "reduce_colors",
    "remove_background",
    "image_to_pixelart",
    "normal_map",
    "create_vfx",
    "create_character_8_directions",
    "animate_character",
    "create_object_8_directions",
    "animate_object",
    "create_map_object",
}


def _png(data: bytes) -> np.ndarray:
    with Image.open(io.BytesIO(data)) as im:
        assert im.format == "PNG"
        return np.asarray(im.convert("RGBA")).copy()


def _images(result: Any) -> list[np.ndarray]:
    return [_png(base64.b64decode(b.data)) for b in result.content if b.type == "image"]


async def _balance(client: Client) -> float:
    read = await client.read_resource("pixelkiln://balance")
    return float(json.loads(read.contents[0].text)["subscription"]["generations"])


async def scenario(client: Client, root: Path) -> None:
    tools = {t.name: t for t in (await client.list_tools()).tools}
    assert FAMILY_TOOLS <= set(tools)
    # The schema is the contract's request model, plus save_to.
    tileset_schema = tools["create_tileset"].input_schema
    assert {"lower_description", "upper_description", "tile_size", "save_to"} <= set(
        tileset_schema["properties"]
    )
    assert "generation" in (tools["create_tileset"].description or "")
    assert "object_id" in tools["animate_object"].input_schema["required"]

    # A tileset: progress reported, the sheet and tiles inline, the engine exports saved.
    progress: list[float] = []

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        progress.append(done)

    result = await client.call_tool(
        "create_tileset",
        {
            "lower_description": "grass",
            "upper_description": "dirt",
            "tile_size": {"width": 16, "height": 16},
            "save_to": "assets/tiles",
        },
        progress_callback=on_progress,
    )
    assert not result.is_error, result.content[0].text
    assert progress and progress[-1] == 100.0
    sheet, *tiles = _images(result)
    assert sheet.shape[0] >= 64 and sheet.shape[1] >= 64
    assert tiles and all(t.shape == (16, 16, 4) for t in tiles)
    folder = root / "assets" / "tiles"
    saved = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    assert "sheet.png" in saved and sum(n.startswith("wang_") for n in saved) == 16
    assert _png((folder / "wang_0.png").read_bytes()).shape == (16, 16, 4)
    tsx = next(folder.glob("tiled/*.tsx"))
    assert ET.parse(tsx).getroot().tag == "tileset"
    assert next(folder.glob("godot/*.tres")).read_text().startswith("[gd_resource")

    # A character: its four rotations inline and linked to public files, exports saved.
    result = await client.call_tool(
        "create_character_4_directions",
        {
            "description": "knight with a red cape",
            "image_size": {"width": 32, "height": 32},
            "save_to": str(root / "assets" / "knight"),
        },
    )
    assert not result.is_error, result.content[0].text
    rotations = _images(result)
    assert len(rotations) == 4
    for rgba in rotations:
        assert rgba.shape == (60, 60, 4)  # image_size + 28
        assert (rgba[..., 3] == 0).any() and (rgba[..., 3] == 255).sum() > 100
    links = [b for b in result.content if b.type == "resource_link"]
    assert len(links) == 4 and all("/files/" in str(b.uri) for b in links)
    knight = root / "assets" / "knight"
    assert {p.name for p in knight.glob("*.png")} == {
        "south.png",
        "west.png",
        "east.png",
        "north.png",
    }
    assert np.array_equal(_png((knight / "south.png").read_bytes()), rotations[0])
    assert json.loads(next(knight.glob("aseprite/*.json")).read_text())["frames"]
    assert next(knight.glob("godot/*.tres")).is_file()
    # A resource link reads back through MCP as the same PNG (no server needed).
    read = await client.read_resource(str(links[0].uri))
    assert np.array_equal(_png(base64.b64decode(read.contents[0].blob)), rotations[0])

    # Its walk cycle: the character's id from the answer, frames per direction, and the
    # Aseprite export now tagging the walk in every direction.
    character_id = result.structured_content["submission"]["character_id"]
    result = await client.call_tool(
        "animate_character",
        {"character_id": character_id, "template_animation_id": "walk", "save_to": "assets/knight"},
    )
    assert not result.is_error, result.content[0].text
    frames = [i["name"] for i in result.structured_content["images"] if "frames" in i["name"]]
    per_direction = {n.split("/frames/")[0] for n in frames}
    assert len(per_direction) == 4 and len(frames) % 4 == 0 and len(frames) >= 16
    assert all(f.shape == (60, 60, 4) for f in _images(result))
    sheet_json = json.loads(next(knight.glob("aseprite/*.json")).read_text())
    tags = {t["name"] for t in sheet_json["meta"]["frameTags"]}
    assert {"walk_south", "walk_north", "walk_east", "walk_west"} <= tags

    # A utility on a file of the project: the knight, its backdrop already clear.
    result = await client.call_tool(
        "remove_background",
        {
            "image": {"type": "file", "path": "assets/knight/south.png"},
            "image_size": {"width": 60, "height": 60},
        },
    )
    assert not result.is_error, result.content[0].text
    (cut,) = _images(result)
    assert cut.shape == (60, 60, 4) and (cut[..., 3] == 255).sum() > 100
    result = await client.call_tool(
        "remove_background",
        {"image": {"type": "file", "path": "../x.png"}, "image_size": {"width": 8, "height": 8}},
    )
    assert result.is_error and "outside" in result.content[0].text

    # The same file animated as a sprite we did not draw: frame 0 is the file itself.
    result = await client.call_tool(
        "animate_sprite",
        {
            "first_frame": {"type": "file", "path": "assets/knight/south.png"},
            "action": "walk",
            "frame_count": 4,
            "save_to": "assets/knight_walk",
        },
    )
    assert not result.is_error, result.content[0].text
    frames = _images(result)
    south = _png((root / "assets" / "knight" / "south.png").read_bytes())
    assert len(frames) == 5 and all(f.shape == south.shape for f in frames)
    assert np.array_equal(frames[0], south)
    assert len(list((root / "assets" / "knight_walk").glob("*.png"))) == 5

    # A UI panel.
    result = await client.call_tool(
        "create_ui_panel",
        {
            "description": "wooden inventory window",
            "image_size": {"width": 192, "height": 192},
            "save_to": "assets/ui",
        },
    )
    assert not result.is_error, result.content[0].text
    (panel,) = _images(result)
    assert panel.shape == (192, 192, 4) and (panel[..., 3] == 255).any()
    assert _png((root / "assets" / "ui" / "image.png").read_bytes()).shape == (192, 192, 4)

    # 422: the contract's validation, naming the field.
    result = await client.call_tool(
        "create_tileset",
        {"lower_description": "grass", "upper_description": "dirt", "tile_size": {"width": 17}},
    )
    assert result.is_error
    assert "422" in result.content[0].text and "tile_size" in result.content[0].text

    # A folder outside the root: refused before anything is charged.
    before = await _balance(client)
    result = await client.call_tool(
        "create_isometric_tile",
        {"description": "grass on top of dirt", "save_to": "../outside"},
    )
    assert result.is_error and "outside" in result.content[0].text
    assert not (root.parent / "outside").exists()
    assert await _balance(client) == before

    # 402: more than the account holds.
    result = await client.call_tool(
        "create_tileset",
        {
            "lower_description": "grass",
            "upper_description": "water",
            "mode": "pro",
            "tile_size": {"width": 32, "height": 32},
        },
    )
    assert result.is_error and "402" in result.content[0].text
    assert await _balance(client) == before

    # Resources and prompts.
    index = await client.read_resource("pixelkiln://llms.txt")
    assert "/v2/tilesets" in index.contents[0].text
    page = (await client.read_resource("pixelkiln://gallery")).contents[0].text
    picture = page.split("](pixelkiln://gallery/", 1)[1].split(")", 1)[0]
    read = await client.read_resource(f"pixelkiln://gallery/{picture}")
    assert base64.b64decode(read.contents[0].blob)[:4] in (b"\x89PNG", b"GIF8")
    prompts = {p.name for p in (await client.list_prompts()).prompts}
    assert prompts == {"make-tileset-for-map", "make-character-with-walk-cycle"}
    prompt = await client.get_prompt("make-character-with-walk-cycle", {"character": "elf archer"})
    assert "animate_character" in prompt.messages[0].content.text


@pytest.fixture
def data(tmp_path: Path, template_db: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    shutil.copy(template_db, folder / "pixelkiln.db")
    return folder


def _env(data: Path) -> dict[str, str]:
    return {
        **os.environ,
        "PIXELKILN_DATA_DIR": str(data),
        "PIXELKILN_RUNNER": "thread",
        "PIXELKILN_WORKERS": "2",
        "PIXELKILN_SUBMIT_SPACING_S": "0",
    }


def _key(data: Path, generations: float) -> str:
    db = Database(Settings(data_dir=data).resolved_database_url)
    try:
        return create_account(db, "mcp", generations).key
    finally:
        db.dispose()


def test_stdio_embedded(tmp_path: Path, data: Path) -> None:
    root = tmp_path / "project"
    root.mkdir()
    key = _key(data, 30.0)
    params = StdioServerParameters(
        command=BIN, args=["mcp", "--key", key, "--root", str(root)], env=_env(data)
    )

    async def main() -> None:
        async with Client(params, read_timeout_seconds=120) as client:
            await scenario(client, root)

    _run(main)


def _run(main: Callable[[], Awaitable[None]]) -> None:
    """``main`` on a fresh event loop in its own thread (a test worker's thread may
    already run one, e.g. a browser test's Playwright before it)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(anyio.run, main).result()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def http_server(tmp_path: Path, template_db: Path) -> Iterator[tuple[str, Path]]:
    """A running pixelkiln, and ``pixelkiln mcp --http --token`` in front of it (remote
    mode)."""
    root = tmp_path / "project"
    root.mkdir()
    for live in serve_live(tmp_path / "service", template_db):
        key = live.new_key(30.0, "mcp")
        port = _free_port()
        cmd = [BIN, "mcp", "--http", "--port", str(port), "--url", live.url, "--root", str(root)]
        env = {**os.environ, "PIXELKILN_API_KEY": key, "PIXELKILN_MCP_TOKEN": TOKEN}
        proc = subprocess.Popen(cmd, env=env, cwd=tmp_path, stderr=subprocess.PIPE)
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    # Without the token: refused.
                    assert httpx.get(f"http://127.0.0.1:{port}/mcp", timeout=1).status_code == 401
                    break
                except httpx.TransportError:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError(proc.stderr.read().decode()) from None
                    time.sleep(0.1)
            yield f"http://127.0.0.1:{port}/mcp", root
        finally:
            proc.terminate()
            proc.wait(timeout=20)


def test_http_remote(http_server: tuple[str, Path]) -> None:
    url, root = http_server

    async def main() -> None:
        # The initialize handshake most editors speak today (stdio above negotiates the
        # newest protocol).
        http = httpx2.AsyncClient(
            headers={"Authorization": f"Bearer {TOKEN}"}, timeout=httpx2.Timeout(120.0)
        )
        transport = streamable_http_client(url, http_client=http)
        async with http, Client(transport, read_timeout_seconds=120, mode="legacy") as client:
            assert client.protocol_version == "2025-11-25"
            await scenario(client, root)

    _run(main)
