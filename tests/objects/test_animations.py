"""Object animations over HTTP: every prop motion (a chest opening, a flame flickering, a
flag waving, a tree swaying, a coin spinning, a crystal pulsing), frame 0 equal to the
rotation, frame counts, the 400 and 409 rules, extending a group, costs, deletion."""

from __future__ import annotations

import numpy as np
import pytest

from tests.conftest import image_body
from tests.objects.conftest import (
    balance,
    fetch,
    fetch_rgba,
    get,
    post,
    wait_animation,
    wait_object,
)


def _object(svc, key, description: str, size: int = 32) -> dict:
    r = post(svc, key, "/create-8-direction-object", {"description": description, "size": size})
    assert r.status_code == 200, r.text
    obj = wait_object(svc, key, r.json()["object_id"])
    assert obj["status"] == "completed"
    return obj


def _one_direction(svc, key, description: str) -> dict:
    body = {
        "description": description,
        "n_directions": 1,
        "image_size": {"width": 32, "height": 32},
    }
    r = post(svc, key, "/create-object-pro-flash", body)
    assert r.status_code == 202, r.text
    obj = wait_object(svc, key, r.json()["object_id"])
    assert obj["status"] == "completed" and set(obj["storage_urls"]) == {"unknown"}
    return obj


@pytest.mark.parametrize(
    ("description", "action", "motion"),
    [
        ("wooden treasure chest", "the lid opens", "open"),
        ("burning torch", "the flame flickers", "flicker"),
        ("red flag", "waving in the wind", "wave"),
        ("oak tree", "swaying in the breeze", "sway"),
        ("gold coin", "spinning", "spin"),
        ("magic crystal", "pulsing with light", "pulse"),
    ],
)
def test_each_prop_motion(service, description: str, action: str, motion: str) -> None:
    key = service.new_key()
    obj = _object(service, key, description)
    r = post(
        service,
        key,
        f"/objects/{obj['id']}/animations",
        {"animation_description": action, "directions": ["south", "east"], "frame_count": 4},
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["mode"] == "v3" and body["frame_count"] == 4 and body["object_id"] == obj["id"]
    assert [s["direction"] for s in body["submissions"]] == ["south", "east"]
    assert all(s["status"] == "queued" and s["background_job_id"] for s in body["submissions"])
    assert body["usage"]["generations"] == 2
    group = wait_animation(service, key, obj["id"], body["animation_group_id"])
    assert group["animation_type"] == motion and group["description"] == action
    for d in group["directions"]:
        assert d["status"] == "completed"
        frames = [fetch_rgba(service, u) for u in d["storage_urls"]["frames"]]
        assert len(frames) == 5  # frame_count + the kept first frame
        rotation = fetch_rgba(service, obj["rotation_urls"][d["direction"]])
        assert np.array_equal(frames[0], rotation)  # frame 0 is the rotation image
        assert any(not np.array_equal(frames[0], f) for f in frames[1:])  # it moves
        assert {f.shape for f in frames} == {rotation.shape}


def test_a_one_direction_object_animates_without_directions(service) -> None:
    key = service.new_key()
    obj = _one_direction(service, key, "wooden chest")
    oid = obj["id"]
    r = post(
        service,
        key,
        f"/objects/{oid}/animations",
        {"animation_description": "open", "directions": ["south"]},
    )
    assert r.status_code == 400 and "omit" in r.json()["detail"]
    r = post(
        service,
        key,
        f"/objects/{oid}/animations",
        {"animation_description": "opening", "keep_first_frame": False},
    )
    assert r.status_code == 200, r.text
    assert [s["direction"] for s in r.json()["submissions"]] == ["unknown"]
    group = wait_animation(service, key, oid, r.json()["animation_group_id"])
    frames = [fetch_rgba(service, u) for u in group["directions"][0]["storage_urls"]["frames"]]
    assert len(frames) == 8  # no kept first frame: the rest pose is dropped
    still = fetch_rgba(service, obj["storage_urls"]["unknown"])
    assert not np.array_equal(frames[0], still)
    # The spritesheet of a 1-direction object: a one-cell row of rotations, then the animation.
    import io
    import json
    import zipfile

    z = zipfile.ZipFile(
        io.BytesIO(
            service.client.get(
                f"/v2/objects/{oid}/spritesheet", headers=service.headers(key)
            ).content
        )
    )
    layout = json.loads(z.read(next(n for n in z.namelist() if n.endswith(".json"))))
    assert layout["rows"][0]["kind"] == "rotations" and len(layout["rows"][0]["frames"]) == 1
    assert layout["rows"][1]["frame_count"] == 8


def test_rules_of_directions_frames_and_motions(service) -> None:
    key = service.new_key()
    chest = _object(service, key, "wooden treasure chest")
    url = f"/objects/{chest['id']}/animations"
    cases = [
        ({"animation_description": "sway in the wind"}, 400, "it can: open"),
        ({"animation_description": "walk around"}, 400, "cannot walk"),
        ({"directions": ["south"]}, 400, "animation_description is required"),
        ({"animation_description": "open", "frame_count": 5}, 400, "even"),
        ({"animation_description": "open", "frame_count": 18}, 400, "even"),
        ({"animation_description": "open", "mode": "pro", "frame_count": 8}, 400, "16"),
        ({"animation_description": "open", "animation_group_id": "nope"}, 404, "not found"),
        (
            {
                "animation_description": "open",
                "directions": ["south", "east"],
                "end_frame": image_body(np.zeros((32, 32, 4), np.uint8)),
            },
            400,
            "exactly one direction",
        ),
    ]
    for body, status, text in cases:
        r = post(service, key, url, body)
        assert r.status_code == status, (body, r.text)
        assert text in str(r.json()["detail"]), (body, r.json())
    r = post(
        service, key, url, {"animation_description": "open", "mode": "pro", "enhance_prompt": True}
    )
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "enhance_prompt"]
    r = post(service, key, url, {"animation_description": "open", "frame_count": 8, "bogus": 1})
    assert r.status_code == 422
    # An open chest cannot open again: its state is another object.
    opened = post(service, key, f"/objects/{chest['id']}/states", {"edit_description": "open"})
    state = wait_object(service, key, opened.json()["object_id"])
    r = post(
        service,
        key,
        f"/objects/{state['id']}/animations",
        {"animation_description": "the lid opens"},
    )
    assert r.status_code == 400 and "cannot open" in r.json()["detail"]
    # A prop with nothing that moves does not loop one picture: it says so.
    barrel = _object(service, key, "wooden barrel")
    r = post(
        service, key, f"/objects/{barrel['id']}/animations", {"animation_description": "rolling"}
    )
    assert r.status_code == 400 and "nothing on it moves" in r.json()["detail"]
    # An object still in review cannot be animated.
    review = post(service, key, "/create-1-direction-object", {"description": "chest", "size": 64})
    wait_object(service, key, review.json()["object_id"])
    r = post(
        service,
        key,
        f"/objects/{review.json()['object_id']}/animations",
        {"animation_description": "open"},
    )
    assert r.status_code == 400 and "not ready" in r.json()["detail"]


def test_409_replace_existing_and_extending_a_group(service) -> None:
    key = service.new_key(generations=200)
    obj = _object(service, key, "red flag")
    url = f"/objects/{obj['id']}/animations"
    first = post(
        service, key, url, {"animation_description": "waving", "directions": ["south"]}
    ).json()
    gid = first["animation_group_id"]
    wait_animation(service, key, obj["id"], gid)
    old_frames = get(service, key, f"/objects/{obj['id']}").json()["animations"][0]["directions"][0]
    # Same motion, same direction: 409; with replace_existing it is redrawn in its group.
    r = post(service, key, url, {"animation_description": "flag waving", "directions": ["south"]})
    assert r.status_code == 409 and "south" in r.json()["detail"]
    before = balance(service, key)
    r = post(
        service,
        key,
        url,
        {
            "animation_description": "flag waving",
            "directions": ["south"],
            "replace_existing": True,
            "frame_count": 6,
        },
    )
    assert r.status_code == 200 and r.json()["animation_group_id"] == gid
    assert balance(service, key) == before - 1
    group = wait_animation(service, key, obj["id"], gid)
    assert [d["direction"] for d in group["directions"]] == ["south"]
    assert len(group["directions"][0]["storage_urls"]["frames"]) == 7
    r = service.client.get("/" + old_frames["storage_urls"]["frames"][0].split("/", 3)[3])
    assert r.status_code == 404  # the replaced direction's files are gone
    # Extending the group: its description is inherited; the missing directions are drawn.
    r = post(service, key, url, {"animation_group_id": gid})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["description"] == "flag waving" and len(body["submissions"]) == 7
    assert "south" not in [s["direction"] for s in body["submissions"]]
    group = wait_animation(service, key, obj["id"], gid)
    assert len(group["directions"]) == 8
    r = post(service, key, url, {"animation_group_id": gid})
    assert r.status_code == 409
    # A different display name is a different animation.
    r = post(
        service,
        key,
        url,
        {"animation_description": "waving", "display_name": "wave-slow", "directions": ["south"]},
    )
    assert r.status_code == 200 and r.json()["animation_group_id"] != gid


def test_costs_pro_enhance_and_deletion(service) -> None:
    key = service.new_key(generations=200)
    obj = _object(service, key, "magic crystal")
    url = f"/objects/{obj['id']}/animations"
    start = balance(service, key)
    r = post(
        service,
        key,
        url,
        {"animation_description": "pulsing", "mode": "pro", "directions": ["south", "west"]},
    )
    assert r.status_code == 200, r.text
    assert r.json()["frame_count"] == 16 and r.json()["usage"]["generations"] == 40
    assert balance(service, key) == start - 40
    pro = wait_animation(service, key, obj["id"], r.json()["animation_group_id"])
    assert len(pro["directions"][0]["storage_urls"]["frames"]) == 16
    r = post(
        service,
        key,
        url,
        {
            "animation_description": "glowing softly",
            "display_name": "glow",
            "directions": ["north"],
            "enhance_prompt": True,
        },
    )
    body = r.json()
    assert body["usage"]["generations"] == 1.05 and body["enhance_usage"]["generations"] == 0.05
    assert "pulse" in body["enhanced_prompt"]
    assert balance(service, key) == pytest.approx(start - 41.05)
    wait_animation(service, key, obj["id"], body["animation_group_id"])

    d = f"/v2/objects/{obj['id']}/animations"
    h = service.headers(key)
    assert service.client.delete(d, headers=h).status_code == 400
    r = service.client.delete(f"{d}?animation_type=glow&direction=east", headers=h)
    assert r.status_code == 200 and r.json()["deleted_count"] == 0
    r = service.client.delete(f"{d}?animation_type=pulse&direction=west", headers=h)
    assert r.json()["deleted_count"] == 1
    r = service.client.delete(f"{d}?animation_group_id={body['animation_group_id']}", headers=h)
    assert r.json() == {
        "success": True,
        "deleted_count": 1,
        "error": None,
        "label": "glow",
        "storage_errors": 0,
        "usage": {"type": "generations", "usd": 0.0, "generations": 0.0},
    }
    left = get(service, key, f"/objects/{obj['id']}").json()["animations"]
    assert [[x["direction"] for x in g["directions"]] for g in left] == [["south"]]


def test_start_and_end_frames(service) -> None:
    key = service.new_key()
    obj = _one_direction(service, key, "gold coin")
    start = fetch(service, obj["storage_urls"]["unknown"])
    import base64

    still = fetch_rgba(service, obj["storage_urls"]["unknown"])
    end = np.zeros_like(still)
    end[8:24, 8:24] = (250, 220, 60, 255)
    r = post(
        service,
        key,
        f"/objects/{obj['id']}/animations",
        {
            "animation_description": "spin",
            "custom_start_frame": {"type": "base64", "base64": base64.b64encode(start).decode()},
            "end_frame": image_body(end),
            "frame_count": 6,
        },
    )
    assert r.status_code == 200, r.text
    group = wait_animation(service, key, obj["id"], r.json()["animation_group_id"])
    urls = group["directions"][0]["storage_urls"]["frames"]
    assert len(urls) == 7
    assert fetch(service, urls[0]) == start  # the start frame, byte for byte
    assert np.array_equal(fetch_rgba(service, urls[-1]), end)  # arrives at the end frame
    middle = fetch_rgba(service, urls[3])
    assert (middle[8:24, 8:24] == end[8:24, 8:24]).all(-1).any()  # on its way there
