"""Sprite exports: the contract's sheet and ZIP, Aseprite, Godot and Phaser descriptions."""

from __future__ import annotations

import io
import itertools
import json
import re
import zipfile

import numpy as np
import pytest

from pixelkiln.engine.imageio import decode_image
from pixelkiln.engine.subjects.subject import Look, Subject, animate_subject, draw_subject
from pixelkiln.exports.sprites import (
    AnimationRow,
    Frame,
    SpriteSet,
    aseprite_json,
    contract_zip,
    export_zip,
    files_zip,
    godot_tres,
    phaser_anims,
    phaser_atlas,
    sheet,
)


@pytest.fixture(scope="module")
def sprite_set() -> SpriteSet:
    subject = Subject.from_text("knight with a red cape", 3)
    look = Look(image_size=(48, 48))
    drawing = draw_subject(subject, look, ["south", "east", "north", "west"])
    rotations = {d: Frame(drawing.png(d), drawing.sprites[d].pivot) for d in drawing.sprites}
    rows = []
    for tid in ("walk", "attack"):
        anim = animate_subject(subject, look, tid, ["south", "east"])
        for d in ("south", "east"):
            frames = tuple(
                Frame(anim.png(d, i), anim.frames[d][i].pivot) for i in range(anim.frame_count)
            )
            rows.append(AnimationRow(tid, d, frames, anim.motion.fps, anim.motion.loop, "g-" + tid))
    return SpriteSet("Knight of the Red Cape!", rotations, tuple(rows))


def test_sheet_rows_cells_and_layout_agree(sprite_set: SpriteSet) -> None:
    sh = sheet(sprite_set)
    img = decode_image(sh.png)
    assert img.shape[:2] == (sh.height, sh.width)
    assert len(sh.rows) == 1 + len(sprite_set.animations)
    assert sh.rows[0]["kind"] == "rotations"
    # Every cell holds its frame, centred (cells are the size of the largest frame).
    for row, anim in zip(sh.rows[1:], sprite_set.animations, strict=True):
        assert row["animation"] == anim.name and row["direction"] == anim.direction
        for cell, frame in zip(row["frames"], anim.frames, strict=True):
            want = decode_image(frame.png)
            got = img[cell["y"] : cell["y"] + cell["h"], cell["x"] : cell["x"] + cell["w"]]
            oy, ox = (cell["h"] - want.shape[0]) // 2, (cell["w"] - want.shape[1]) // 2
            assert np.array_equal(got[oy : oy + want.shape[0], ox : ox + want.shape[1]], want)
            assert cell["pivot"] == {
                "x": cell["x"] + ox + frame.pivot[0],
                "y": cell["y"] + oy + frame.pivot[1],
            }


def test_contract_zip_holds_the_sheet_and_its_json(sprite_set: SpriteSet) -> None:
    z = zipfile.ZipFile(io.BytesIO(contract_zip(sprite_set)))
    names = sorted(z.namelist())
    assert names == ["Knight_of_the_Red_Cape.json", "Knight_of_the_Red_Cape.png"]
    layout = json.loads(z.read("Knight_of_the_Red_Cape.json"))
    assert layout["image"] == "Knight_of_the_Red_Cape.png"
    png = decode_image(z.read("Knight_of_the_Red_Cape.png"))
    assert png.shape[1] == layout["size"]["width"] and png.shape[0] == layout["size"]["height"]
    assert layout["rows"][0]["directions"] == ["south", "east", "north", "west"]


def test_aseprite_json_has_tags_durations_and_pivots(sprite_set: SpriteSet) -> None:
    sh = sheet(sprite_set)
    doc = aseprite_json(sprite_set, sh)
    frames, meta = doc["frames"], doc["meta"]
    assert len(frames) == len(sh.cells)
    for f in frames:
        assert set(f) == {
            "filename",
            "frame",
            "rotated",
            "trimmed",
            "spriteSourceSize",
            "sourceSize",
            "duration",
        }
        assert f["duration"] > 0
    tags = {t["name"]: t for t in meta["frameTags"]}
    assert set(tags) == {"rotations", "walk_south", "walk_east", "attack_south", "attack_east"}
    walk = tags["walk_south"]
    assert walk["to"] - walk["from"] + 1 == len(sprite_set.animations[0].frames)
    assert all(t["direction"] == "forward" for t in tags.values())
    # Tags tile the frame list without gaps or overlaps, in order.
    spans = sorted((t["from"], t["to"]) for t in tags.values())
    assert spans[0][0] == 0 and spans[-1][1] == len(frames) - 1
    assert all(b[0] == a[1] + 1 for a, b in itertools.pairwise(spans))
    (pivot,) = meta["slices"]
    assert pivot["name"] == "pivot" and len(pivot["keys"]) == len(frames)
    assert meta["size"] == {"w": sh.width, "h": sh.height} and meta["format"] == "RGBA8888"


def test_godot_sprite_frames_resource(sprite_set: SpriteSet) -> None:
    sh = sheet(sprite_set)
    text = godot_tres(sprite_set, sh)
    assert text.startswith('[gd_resource type="SpriteFrames"')
    assert f"load_steps={len(sh.cells) + 2}" in text
    assert 'path="res://Knight_of_the_Red_Cape.png"' in text
    subs = re.findall(r'\[sub_resource type="AtlasTexture" id="(AtlasTexture_\d+)"\]', text)
    assert len(subs) == len(sh.cells) == len(set(subs))
    for sub in set(re.findall(r'SubResource\("(AtlasTexture_\d+)"\)', text)):
        assert sub in subs
    names = re.findall(r'"name": &"([a-z_-]+)"', text)
    assert names == ["rotations", "walk_south", "walk_east", "attack_south", "attack_east"]
    assert text.count("Rect2(") == len(sh.cells)


def test_phaser_atlas_and_animations(sprite_set: SpriteSet) -> None:
    sh = sheet(sprite_set)
    atlas = phaser_atlas(sprite_set, sh)
    anims = phaser_anims(sprite_set, sh, "knight")
    assert len(atlas["frames"]) == len(sh.cells)
    for f in atlas["frames"].values():
        assert 0 <= f["pivot"]["x"] <= 1 and 0 <= f["pivot"]["y"] <= 1
    keys = {a["key"]: a for a in anims["anims"]}
    assert set(keys) == {"walk_south", "walk_east", "attack_south", "attack_east"}
    assert all(fr["frame"] in atlas["frames"] for a in keys.values() for fr in a["frames"])
    assert keys["walk_south"]["repeat"] == -1
    z = zipfile.ZipFile(io.BytesIO(export_zip(sprite_set, "phaser")))
    assert sorted(z.namelist()) == [
        "Knight_of_the_Red_Cape.anims.json",
        "Knight_of_the_Red_Cape.json",
        "Knight_of_the_Red_Cape.png",
    ]
    with pytest.raises(ValueError, match="format must be one of"):
        export_zip(sprite_set, "unity")


def test_files_zip_paths(sprite_set: SpriteSet) -> None:
    z = zipfile.ZipFile(io.BytesIO(files_zip(sprite_set, {"id": "x"})))
    names = set(z.namelist())
    assert "rotations/south.png" in names and "metadata.json" in names
    assert "animations/walk/east/frame_000.png" in names
    assert json.loads(z.read("metadata.json")) == {"id": "x"}
