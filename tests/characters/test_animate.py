"""Animations over HTTP: templates in every direction (frame 0 is the rotation image),
free-text v3 actions with kept first and end frames, pro, quadruped templates, the
enhanced prompt, costs per direction, and the documented errors."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from pixelkiln.engine.subjects.motion.templates import templates_for
from tests.characters.conftest import (
    SMALL,
    balance,
    create,
    fetch_bytes,
    fetch_png,
    post,
    wait_character,
    wait_job,
)
from tests.conftest import image_body

EIGHT = ["south", "south-east", "east", "north-east", "north", "north-west", "west", "south-west"]


@pytest.fixture
def knight(svc) -> tuple[Any, Any, dict]:
    key = svc.new_key(generations=200)
    d = create(
        svc,
        key,
        "/create-character-with-8-directions",
        {"description": "knight with a red cape", "image_size": SMALL, "seed": 2},
    )
    return svc, key, d


def _group(d: dict, group_id: str) -> dict:
    return next(g for g in d["animations"] if g["animation_group_id"] == group_id)


def test_a_template_walk_in_every_direction(knight) -> None:
    svc, key, d = knight
    before = balance(svc, key)
    r = post(
        svc, key, "/animate-character", {"character_id": d["id"], "template_animation_id": "walk"}
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["directions"] == EIGHT and len(set(body["background_job_ids"])) == 8
    assert body["usage"]["generations"] == 8 and balance(svc, key) == before - 8
    d = wait_character(svc, key, d["id"])
    group = _group(d, body["animation_group_id"])
    assert group["animation_type"] == "walk" and d["animation_count"] == 1
    frames = templates_for("mannequin")["walk"].frames
    assert frames == 6
    for part in group["directions"]:
        assert part["status"] == "completed" and part["frame_count"] == frames
        assert len(part["frames"]) == frames
        # Frame 0 of a template is the rotation image, byte for byte.
        first = fetch_bytes(svc, part["frames"][0])
        assert first == fetch_bytes(svc, d["rotation_urls"][part["direction"]])
        shapes = {fetch_png(svc, u).shape for u in part["frames"]}
        assert shapes == {(60, 60, 4)}
    south = [fetch_png(svc, u) for u in group["directions"][0]["frames"]]
    assert any(not np.array_equal(south[0], f) for f in south[1:])  # it moves


def test_characters_animations_is_the_same_operation(knight) -> None:
    svc, key, d = knight
    r = post(
        svc,
        key,
        "/characters/animations",
        {
            "character_id": d["id"],
            "template_animation_id": "breathing-idle",
            "directions": ["east", "east", "west"],
        },
    )
    assert r.status_code == 200 and r.json()["directions"] == ["east", "west"]
    assert r.json()["usage"]["generations"] == 2
    d = wait_character(svc, key, d["id"])
    group = _group(d, r.json()["animation_group_id"])
    assert [p["frame_count"] for p in group["directions"]] == [4, 4]


def test_v3_action_keeps_the_first_frame_and_an_end_frame(knight) -> None:
    svc, key, d = knight
    before = balance(svc, key)
    r = post(
        svc,
        key,
        "/animate-character",
        {
            "character_id": d["id"],
            "action_description": "wave hello",
            "frame_count": 6,
            "enhance_prompt": True,
        },
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["directions"] == ["south"]  # custom modes: south unless asked
    assert body["usage"]["generations"] == 20 and body["enhance_usage"]["generations"] == 0.05
    assert "wave" in body["enhanced_prompt"] and "7 frames" in body["enhanced_prompt"]
    assert balance(svc, key) == pytest.approx(before - 20.05)
    d = wait_character(svc, key, d["id"])
    part = _group(d, body["animation_group_id"])["directions"][0]
    assert part["frame_count"] == 7  # keep_first_frame: N + 1
    assert fetch_bytes(svc, part["frames"][0]) == fetch_bytes(svc, d["rotation_urls"]["south"])
    # Without keeping the first frame: N; with an end frame, it is the last one.
    end = np.zeros((60, 60, 4), np.uint8)
    end[20:50, 25:35] = (250, 200, 0, 255)
    r = post(
        svc,
        key,
        "/animate-character",
        {
            "character_id": d["id"],
            "action_description": "bow politely",
            "frame_count": 4,
            "keep_first_frame": False,
            "end_frame": image_body(end),
            "directions": ["east"],
        },
    )
    d = wait_character(svc, key, d["id"])
    part = _group(d, r.json()["animation_group_id"])["directions"][0]
    assert part["frame_count"] == 4 and part["direction"] == "east"
    assert np.array_equal(fetch_png(svc, part["frames"][-1]), end)


def test_v3_custom_start_frame(knight) -> None:
    svc, key, d = knight
    start = fetch_png(svc, d["rotation_urls"]["west"])
    start[5:8, 5:8] = (0, 255, 0, 255)
    r = post(
        svc,
        key,
        "/animate-character",
        {
            "character_id": d["id"],
            "action_description": "jump",
            "frame_count": 4,
            "directions": ["west"],
            "custom_start_frame": image_body(start),
        },
    )
    assert r.status_code == 200, r.text
    d = wait_character(svc, key, d["id"])
    part = _group(d, r.json()["animation_group_id"])["directions"][0]
    assert part["frame_count"] == 5 and np.array_equal(fetch_png(svc, part["frames"][0]), start)


def test_pro_mode_draws_sixteen_frames(knight) -> None:
    svc, key, d = knight
    r = post(
        svc,
        key,
        "/animate-character",
        {"character_id": d["id"], "mode": "pro", "action_description": "swing the sword overhead"},
    )
    assert r.json()["usage"]["generations"] == 20
    d = wait_character(svc, key, d["id"])
    assert _group(d, r.json()["animation_group_id"])["directions"][0]["frame_count"] == 16


def test_quadruped_templates(svc) -> None:
    key = svc.new_key()
    dog = create(
        svc,
        key,
        "/create-character-with-4-directions",
        {"description": "a brown dog", "image_size": SMALL, "template_id": "dog"},
    )
    r = post(
        svc,
        key,
        "/animate-character",
        {"character_id": dog["id"], "template_animation_id": "walk-4-frames"},
    )
    assert r.status_code == 200 and r.json()["directions"] == ["south", "west", "east", "north"]
    dog = wait_character(svc, key, dog["id"])
    assert {p["frame_count"] for p in dog["animations"][0]["directions"]} == {4}
    r = post(
        svc,
        key,
        "/animate-character",
        {"character_id": dog["id"], "template_animation_id": "backflip"},
    )
    assert r.status_code == 422
    err = r.json()["detail"][0]
    assert err["loc"] == ["body", "template_animation_id"] and "bark" in err["msg"]


@pytest.mark.parametrize(
    ("fields", "loc"),
    [
        ({"template_animation_id": "moonwalk"}, "template_animation_id"),
        ({"template_animation_id": "walk", "enhance_prompt": True}, "enhance_prompt"),
        ({"mode": "v3"}, "action_description"),
        ({"action_description": "wave", "frame_count": 5}, "frame_count"),
        ({"action_description": "wave", "frame_count": 18}, "frame_count"),
        ({"action_description": "wave", "directions": ["up"]}, "directions"),
        (
            {
                "action_description": "wave",
                "directions": ["south", "east"],
                "custom_start_frame": "FRAME",
            },
            "custom_start_frame",
        ),
        ({"action_description": "wave", "custom_start_frame": "SMALL"}, "custom_start_frame"),
        ({"action_description": "wave", "end_frame": "SMALL"}, "end_frame"),
    ],
)
def test_animation_errors_are_422(knight, fields: dict, loc: str) -> None:
    svc, key, d = knight
    images = {
        "FRAME": image_body(np.full((60, 60, 4), 255, np.uint8)),
        "SMALL": image_body(np.full((32, 32, 4), 255, np.uint8)),
    }
    body = {
        "character_id": d["id"],
        **{k: images.get(v, v) if isinstance(v, str) else v for k, v in fields.items()},
    }
    before = balance(svc, key)
    r = post(svc, key, "/animate-character", body)
    assert r.status_code == 422, r.text
    assert loc in map(str, r.json()["detail"][0]["loc"]), r.json()
    assert balance(svc, key) == before


def test_a_four_direction_character_has_no_diagonals(svc) -> None:
    key = svc.new_key()
    d = create(
        svc,
        key,
        "/create-character-with-4-directions",
        {"description": "ninja", "image_size": SMALL},
    )
    r = post(
        svc,
        key,
        "/animate-character",
        {"character_id": d["id"], "template_animation_id": "walk", "directions": ["south-east"]},
    )
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "directions"]


def test_animating_a_pending_character_is_400_and_unknown_is_404(make_service) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key()
    cid = post(
        svc,
        key,
        "/create-character-with-4-directions",
        {"description": "knight", "image_size": SMALL},
    ).json()["character_id"]
    r = post(svc, key, "/animate-character", {"character_id": cid, "template_animation_id": "walk"})
    assert r.status_code == 400
    r = post(
        svc, key, "/animate-character", {"character_id": "nope", "template_animation_id": "walk"}
    )
    assert r.status_code == 404


def test_a_short_balance_for_every_direction_is_402(svc) -> None:
    key = svc.new_key(generations=30)
    d = create(
        svc,
        key,
        "/create-character-with-4-directions",
        {"description": "monk", "image_size": SMALL},
    )
    body = {"character_id": d["id"], "action_description": "wave", "directions": ["south", "east"]}
    r = post(svc, key, "/animate-character", body)
    assert r.status_code == 402 and r.json()["cost"] == 40 and balance(svc, key) == 29
    r = post(svc, key, "/animate-character", {**body, "directions": ["south"]})
    assert r.status_code == 200 and balance(svc, key) == 9
    assert wait_job(svc, key, r.json()["background_job_ids"][0])["status"] == "completed"
