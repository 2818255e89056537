"""Exports without a key: the spritesheet ZIP whose layout JSON describes its PNG cell by
cell, the file ZIP with metadata and states, 423 while drawing, 422 after a failure,
and the engine formats: Aseprite JSON validated against the layout Aseprite writes, a
Godot 4 SpriteFrames resource checked structurally, a Phaser 3 atlas and animations."""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

import jsonschema
import numpy as np
import pytest

from tests.characters.conftest import (
    SMALL,
    create,
    decode,
    fetch_bytes,
    post,
    unzip,
    wait_character,
)

FOUR = ["south", "west", "east", "north"]

#: What Aseprite writes with ``--format json-array`` (and ``--list-tags``,
#: ``--list-layers``, ``--list-slices``), as a JSON Schema.
ASEPRITE_ARRAY = {
    "type": "object",
    "required": ["frames", "meta"],
    "additionalProperties": False,
    "properties": {
        "frames": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": [
                    "filename",
                    "frame",
                    "rotated",
                    "trimmed",
                    "spriteSourceSize",
                    "sourceSize",
                    "duration",
                ],
                "properties": {
                    "filename": {"type": "string"},
                    "frame": {"$ref": "#/$defs/rect"},
                    "rotated": {"type": "boolean"},
                    "trimmed": {"type": "boolean"},
                    "spriteSourceSize": {"$ref": "#/$defs/rect"},
                    "sourceSize": {"$ref": "#/$defs/size"},
                    "duration": {"type": "integer", "minimum": 1},
                },
            },
        },
        "meta": {
            "type": "object",
            "required": ["app", "version", "image", "format", "size", "scale", "frameTags"],
            "properties": {
                "app": {"type": "string"},
                "version": {"type": "string"},
                "image": {"type": "string"},
                "format": {"enum": ["RGBA8888", "I8"]},
                "size": {"$ref": "#/$defs/size"},
                "scale": {"type": "string", "pattern": "^[0-9.]+$"},
                "frameTags": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["name", "from", "to", "direction"],
                        "properties": {
                            "name": {"type": "string"},
                            "from": {"type": "integer", "minimum": 0},
                            "to": {"type": "integer", "minimum": 0},
                            "direction": {
                                "enum": ["forward", "reverse", "pingpong", "pingpong_reverse"]
                            },
                            "color": {"type": "string", "pattern": "^#[0-9a-f]{8}$"},
                        },
                    },
                },
                "layers": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["name"],
                        "properties": {
                            "name": {"type": "string"},
                            "opacity": {"type": "integer", "minimum": 0, "maximum": 255},
                            "blendMode": {"type": "string"},
                        },
                    },
                },
                "slices": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["name", "color", "keys"],
                        "properties": {
                            "name": {"type": "string"},
                            "color": {"type": "string"},
                            "keys": {
                                "type": "array",
                                "items": {
                                    "type": "object",
                                    "additionalProperties": False,
                                    "required": ["frame", "bounds"],
                                    "properties": {
                                        "frame": {"type": "integer", "minimum": 0},
                                        "bounds": {"$ref": "#/$defs/rect"},
                                        "pivot": {"$ref": "#/$defs/point"},
                                        "center": {"$ref": "#/$defs/rect"},
                                    },
                                },
                            },
                        },
                    },
                },
            },
        },
    },
    "$defs": {
        "rect": {
            "type": "object",
            "additionalProperties": False,
            "required": ["x", "y", "w", "h"],
            "properties": {k: {"type": "integer", "minimum": 0} for k in "xywh"},
        },
        "size": {
            "type": "object",
            "additionalProperties": False,
            "required": ["w", "h"],
            "properties": {k: {"type": "integer", "minimum": 1} for k in "wh"},
        },
        "point": {
            "type": "object",
            "additionalProperties": False,
            "required": ["x", "y"],
            "properties": {k: {"type": "integer"} for k in "xy"},
        },
    },
}


@pytest.fixture(scope="module")
def walker(tmp_path_factory: pytest.TempPathFactory, template_db) -> Any:
    """A 4-direction character with a walk in two directions and an idle in one, plus a
    state; drawn once for the module."""
    import shutil

    from fastapi.testclient import TestClient

    from pixelkiln.api.app import create_app
    from pixelkiln.bootstrap import build_container
    from pixelkiln.config import Settings
    from tests.conftest import Service

    data = tmp_path_factory.mktemp("exports")
    shutil.copy(template_db, data / "pixelkiln.db")
    ctx = build_container(Settings(data_dir=data, runner="thread", workers=2, submit_spacing_s=0.0))
    client = TestClient(create_app(container=ctx), raise_server_exceptions=False)
    client.__enter__()
    svc = Service(client=client, ctx=ctx)
    key = svc.new_key()
    d = create(
        svc,
        key,
        "/create-character-with-4-directions",
        {"description": "Knight of the Red Cape", "image_size": SMALL, "seed": 4},
    )
    cid = d["id"]
    post(
        svc,
        key,
        "/animate-character",
        {"character_id": cid, "template_animation_id": "walk", "directions": ["south", "east"]},
    )
    post(
        svc,
        key,
        "/animate-character",
        {"character_id": cid, "template_animation_id": "breathing-idle", "directions": ["north"]},
    )
    d = wait_character(svc, key, cid)
    st = post(
        svc, key, "/create-character-state", {"character_id": cid, "edit_description": "damaged"}
    ).json()
    state = wait_character(svc, key, st["character_id"])
    yield svc, key, d, state
    client.__exit__(None, None, None)


def test_the_spritesheet_layout_describes_its_png(walker) -> None:
    svc, _, d, _ = walker
    r = svc.client.get(f"/v2/characters/{d['id']}/spritesheet")  # no key
    assert r.status_code == 200 and r.headers["content-type"] == "application/zip"
    files = unzip(r.content)
    assert sorted(files) == ["Knight_of_the_Red_Cape.json", "Knight_of_the_Red_Cape.png"]
    layout = json.loads(files["Knight_of_the_Red_Cape.json"])
    sheet = decode(files["Knight_of_the_Red_Cape.png"])
    assert layout["image"] == "Knight_of_the_Red_Cape.png"
    assert (layout["size"]["width"], layout["size"]["height"]) == (sheet.shape[1], sheet.shape[0])
    cw, ch = layout["cell"]["width"], layout["cell"]["height"]
    assert (cw, ch) == (60, 60)
    rows = layout["rows"]
    assert [r["kind"] for r in rows] == ["rotations", "animation", "animation", "animation"]
    assert rows[0]["directions"] == FOUR
    assert [(r["animation"], r["direction"], r["frame_count"]) for r in rows[1:]] == [
        ("walk", "south", 6),
        ("walk", "east", 6),
        ("breathing-idle", "north", 4),
    ]
    assert sheet.shape == (ch * 4, cw * 6, 4)
    # Every cell holds its image, pixel for pixel.
    expected = {f"rotation_{x}": d["rotation_urls"][x] for x in FOUR}
    for group in d["animations"]:
        for part in group["directions"]:
            for i, url in enumerate(part["frames"]):
                expected[f"{group['animation_type']}_{part['direction']}_{i:03d}"] = url
    seen = 0
    for row in rows:
        for cell in row["frames"]:
            x, y = cell["x"], cell["y"]
            assert (cell["w"], cell["h"]) == (cw, ch) and y == row["row"] * ch
            img = decode(fetch_bytes(svc, expected[cell["key"]]))
            assert np.array_equal(sheet[y : y + ch, x : x + cw], img), cell["key"]
            seen += 1
    assert seen == len(expected) == 4 + 6 + 6 + 4
    # Unused cells are transparent.
    assert sheet[3 * ch :, 4 * cw :, 3].max() == 0


def test_the_zip_holds_files_and_metadata(walker) -> None:
    svc, _, d, state = walker
    r = svc.client.get(f"/v2/characters/{d['id']}/zip")
    assert r.status_code == 200
    files = unzip(r.content)
    names = set(files)
    assert {f"rotations/{x}.png" for x in FOUR} <= names
    walk = {f"animations/walk/{x}/frame_{i:03d}.png" for x in ("south", "east") for i in range(6)}
    assert walk <= names and "animations/breathing-idle/north/frame_003.png" in names
    assert files["rotations/east.png"] == fetch_bytes(svc, d["rotation_urls"]["east"])
    meta = json.loads(files["metadata.json"])
    assert meta["character"]["id"] == d["id"] and meta["character"]["directions"] == FOUR
    assert len(meta["rotations"]["south"]["keypoints"]) == 18
    anim = next(
        a for a in meta["animations"] if a["animation_type"] == "walk" and a["direction"] == "east"
    )
    assert anim["frame_count"] == 6 and len(anim["frames"][2]["keypoints"]) == 18
    assert anim["frames"][2]["file"] == "animations/walk/east/frame_002.png"
    assert all(n in names for a in meta["animations"] for n in (f["file"] for f in a["frames"]))
    # With its state.
    r = svc.client.get(f"/v2/characters/{d['id']}/zip?states={state['id']}")
    files = unzip(r.content)
    assert f"states/{state['id']}/rotations/south.png" in files
    assert json.loads(files["metadata.json"])["states"][0]["character"]["id"] == state["id"]
    assert svc.client.get(f"/v2/characters/{d['id']}/zip?states=nope").status_code == 404


def test_aseprite_json_validates_against_asepritess_layout(walker) -> None:
    svc, _, d, _ = walker
    files = unzip(svc.client.get(f"/v2/characters/{d['id']}/spritesheet?format=aseprite").content)
    assert sorted(files) == ["Knight_of_the_Red_Cape.json", "Knight_of_the_Red_Cape.png"]
    doc = json.loads(files["Knight_of_the_Red_Cape.json"])
    jsonschema.validate(doc, ASEPRITE_ARRAY)
    sheet = decode(files["Knight_of_the_Red_Cape.png"])
    meta, frames = doc["meta"], doc["frames"]
    assert (meta["size"]["w"], meta["size"]["h"]) == (sheet.shape[1], sheet.shape[0])
    for f in frames:
        r = f["frame"]
        assert r["x"] + r["w"] <= meta["size"]["w"] and r["y"] + r["h"] <= meta["size"]["h"]
    tags = {t["name"]: t for t in meta["frameTags"]}
    assert set(tags) == {"rotations", "walk_south", "walk_east", "breathing-idle_north"}
    # Tags cover the frames in order, inclusive ranges, without overlap.
    spans = sorted((t["from"], t["to"]) for t in tags.values())
    assert spans[0][0] == 0 and spans[-1][1] == len(frames) - 1
    assert all(b[0] == a[1] + 1 for a, b in itertools.pairwise(spans))
    assert tags["walk_south"]["to"] - tags["walk_south"]["from"] + 1 == 6
    (pivot,) = meta["slices"]
    assert len(pivot["keys"]) == len(frames)
    for key in pivot["keys"]:
        b, p = key["bounds"], key["pivot"]
        assert 0 <= p["x"] < b["w"] and 0 <= p["y"] <= b["h"]


def _parse_tres(text: str) -> tuple[dict[str, str], list[dict[str, Any]], str]:
    """Header attributes, the resources (kind, attributes, properties) and the body."""
    header = re.match(r"\[gd_resource (.+?)\]", text)
    assert header, text[:80]
    attrs = dict(re.findall(r'(\w+)=("[^"]*"|\S+)', header.group(1)))
    blocks = []
    for m in re.finditer(r"^\[(ext_resource|sub_resource) (.+?)\]\n((?:(?!\[).*\n)*)", text, re.M):
        props = dict(re.findall(r"^(\w+) = (.+)$", m.group(3), re.M))
        blocks.append(
            {
                "kind": m.group(1),
                "attrs": dict(re.findall(r'(\w+)="([^"]*)"', m.group(2))),
                "props": props,
            }
        )
    body = text[text.index("[resource]") :]
    return attrs, blocks, body


def test_godot_sprite_frames_resource(walker) -> None:
    svc, _, d, _ = walker
    files = unzip(svc.client.get(f"/v2/characters/{d['id']}/spritesheet?format=godot").content)
    assert sorted(files) == ["Knight_of_the_Red_Cape.png", "Knight_of_the_Red_Cape.tres"]
    text = files["Knight_of_the_Red_Cape.tres"].decode()
    sheet = decode(files["Knight_of_the_Red_Cape.png"])
    attrs, blocks, body = _parse_tres(text)
    assert attrs["type"] == '"SpriteFrames"' and attrs["format"] == "3"
    ext = [b for b in blocks if b["kind"] == "ext_resource"]
    subs = [b for b in blocks if b["kind"] == "sub_resource"]
    assert int(attrs["load_steps"]) == len(ext) + len(subs) + 1
    (tex,) = ext
    assert (
        tex["attrs"]["type"] == "Texture2D"
        and tex["attrs"]["path"] == "res://Knight_of_the_Red_Cape.png"
    )
    ids = set()
    for sub in subs:
        assert sub["attrs"]["type"] == "AtlasTexture"
        assert sub["props"]["atlas"] == f'ExtResource("{tex["attrs"]["id"]}")'
        x, y, w, h = map(
            int, re.match(r"Rect2\((\d+), (\d+), (\d+), (\d+)\)", sub["props"]["region"]).groups()
        )
        assert x + w <= sheet.shape[1] and y + h <= sheet.shape[0] and (w, h) == (60, 60)
        ids.add(sub["attrs"]["id"])
    names = re.findall(r'"name": &"([^"]+)"', body)
    assert names == ["rotations", "walk_south", "walk_east", "breathing-idle_north"]
    used = set(re.findall(r'SubResource\("([^"]+)"\)', body))
    assert used == ids
    walk = body[body.index('&"walk_south"') - 400 : body.index('&"walk_south"')]
    assert walk.count("SubResource") >= 6
    assert re.search(r'"speed": \d+\.\d', body) and '"loop": true' in body


def test_phaser_atlas_and_animations(walker) -> None:
    svc, _, d, _ = walker
    files = unzip(svc.client.get(f"/v2/characters/{d['id']}/spritesheet?format=phaser").content)
    stem = "Knight_of_the_Red_Cape"
    assert sorted(files) == [f"{stem}.anims.json", f"{stem}.json", f"{stem}.png"]
    atlas, anims = json.loads(files[f"{stem}.json"]), json.loads(files[f"{stem}.anims.json"])
    assert atlas["meta"]["image"] == f"{stem}.png" and "walk_south_005" in atlas["frames"]
    keys = {a["key"]: a for a in anims["anims"]}
    assert set(keys) == {"walk_south", "walk_east", "breathing-idle_north"}
    assert [f["frame"] for f in keys["walk_south"]["frames"]] == [
        f"walk_south_{i:03d}" for i in range(6)
    ]
    assert all(f["frame"] in atlas["frames"] for a in anims["anims"] for f in a["frames"])


def test_exports_answer_404_423_and_422(make_service) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key()
    assert svc.client.get("/v2/characters/nope/spritesheet").status_code == 404
    cid = post(
        svc,
        key,
        "/create-character-with-4-directions",
        {"description": "knight", "image_size": SMALL},
    ).json()["character_id"]
    for suffix in ("spritesheet", "zip", "spritesheet?format=godot"):
        r = svc.client.get(f"/v2/characters/{cid}/{suffix}")
        assert r.status_code == 423 and int(r.headers["retry-after"]) >= 1
    svc.ctx.runner.run_pending()
    post(
        svc,
        key,
        "/animate-character",
        {"character_id": cid, "template_animation_id": "walk", "directions": ["south"]},
    )
    # An animation still being drawn holds the export back too.
    assert svc.client.get(f"/v2/characters/{cid}/spritesheet").status_code == 423
    svc.ctx.runner.run_pending()
    assert svc.client.get(f"/v2/characters/{cid}/spritesheet").status_code == 200
    assert svc.client.get(f"/v2/characters/{cid}/spritesheet?format=unity").status_code == 422
