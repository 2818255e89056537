"""The character library: list and paging, details, tags, deleting characters and
animations (by type, by group, one direction; 400, 409, 0), and another account's
characters reading as missing everywhere."""

from __future__ import annotations

import pytest

from tests.characters.conftest import SMALL, create, detail, fetch_bytes, post, wait_character


def _quick(svc, key, text: str) -> dict:
    return create(
        svc, key, "/create-character-with-4-directions", {"description": text, "image_size": SMALL}
    )


def test_list_pages_and_totals(make_service) -> None:
    svc = make_service(runner="manual")
    key, other = svc.new_key(), svc.new_key()
    ids = [
        post(
            svc, key, "/create-character-with-4-directions", {"description": t, "image_size": SMALL}
        ).json()["character_id"]
        for t in ("knight", "wizard", "rogue")
    ]
    svc.ctx.runner.run_pending()
    r = svc.client.get("/v2/characters", headers=svc.headers(key))
    assert r.status_code == 200
    body = r.json()
    assert body["total"] == 3 and [c["id"] for c in body["characters"]] == ids[::-1]
    first = body["characters"][0]
    assert (
        first["prompt"] == "rogue" and first["status"] == "completed" and first["directions"] == 4
    )
    assert first["preview_url"].startswith("http") and first["size"] == {"width": 60, "height": 60}
    assert first["template_id"] == "mannequin" and first["created_at"].endswith("Z")
    page = svc.client.get("/v2/characters?limit=1&offset=1", headers=svc.headers(key)).json()
    assert page["total"] == 3 and [c["id"] for c in page["characters"]] == [ids[1]]
    assert svc.client.get("/v2/characters", headers=svc.headers(other)).json() == {
        "characters": [],
        "total": 0,
        "usage": None,
    }
    for bad in ("limit=0", "limit=101", "offset=-1"):
        assert svc.client.get(f"/v2/characters?{bad}", headers=svc.headers(key)).status_code == 422


def test_tags_replace_trim_and_dedupe(svc) -> None:
    key, other = svc.new_key(), svc.new_key()
    d = _quick(svc, key, "bard")
    url = f"/v2/characters/{d['id']}/tags"
    r = svc.client.patch(
        url,
        json={"tags": ["  Hero ", "hero", "", "act 1", "HERO", "npc"]},
        headers=svc.headers(key),
    )
    assert r.status_code == 200 and r.json()["tags"] == ["Hero", "act 1", "npc"]
    assert detail(svc, key, d["id"])["tags"] == ["Hero", "act 1", "npc"]
    # Replace, not add.
    assert svc.client.patch(url, json={"tags": ["boss"]}, headers=svc.headers(key)).json()[
        "tags"
    ] == ["boss"]
    # 21 spellings of 20 tags is fine; 21 tags or a 51-character tag is not.
    twenty = [f"t{i}" for i in range(20)]
    assert (
        svc.client.patch(url, json={"tags": [*twenty, "T0"]}, headers=svc.headers(key)).status_code
        == 200
    )
    for tags in ([*twenty, "extra"], ["x" * 51]):
        r = svc.client.patch(url, json={"tags": tags}, headers=svc.headers(key))
        assert r.status_code == 400 and "Invalid tag format" in r.json()["detail"]
    assert svc.client.patch(url, json={"tags": [1, 2]}, headers=svc.headers(key)).status_code == 422
    assert (
        svc.client.patch(url, json={"tags": ["x"]}, headers=svc.headers(other)).status_code == 404
    )
    listed = svc.client.get("/v2/characters", headers=svc.headers(key)).json()
    assert listed["characters"][0]["tags"] == twenty


def test_delete_animations_by_type_group_and_direction(svc) -> None:
    key = svc.new_key(generations=500)
    d = _quick(svc, key, "knight")
    cid = d["id"]
    walk1 = post(
        svc, key, "/animate-character", {"character_id": cid, "template_animation_id": "walk"}
    ).json()
    walk2 = post(
        svc,
        key,
        "/animate-character",
        {"character_id": cid, "template_animation_id": "walk", "directions": ["south"]},
    ).json()
    idle = post(
        svc,
        key,
        "/animate-character",
        {"character_id": cid, "template_animation_id": "breathing-idle"},
    ).json()
    d = wait_character(svc, key, cid)
    assert d["animation_count"] == 3
    url = f"/v2/characters/{cid}/animations"
    h = svc.headers(key)
    assert svc.client.delete(url, headers=h).status_code == 400  # neither filter
    r = svc.client.delete(f"{url}?animation_type=walk", headers=h)
    assert r.status_code == 409  # two walks: name the group
    r = svc.client.delete(
        f"{url}?animation_group_id={walk1['animation_group_id']}&direction=east", headers=h
    )
    assert r.status_code == 200 and r.json()["deleted_count"] == 1 and r.json()["label"] == "walk"
    r = svc.client.delete(f"{url}?animation_group_id={walk2['animation_group_id']}", headers=h)
    assert r.json()["deleted_count"] == 1
    r = svc.client.delete(f"{url}?animation_type=walk", headers=h)  # one walk left: no conflict
    assert r.json() == {
        "success": True,
        "deleted_count": 3,
        "error": None,
        "label": "walk",
        "storage_errors": 0,
        "usage": {"type": "generations", "usd": 0.0, "generations": 0.0},
    }
    r = svc.client.delete(f"{url}?animation_type=walk", headers=h)
    assert r.status_code == 200 and r.json()["deleted_count"] == 0
    d = detail(svc, key, cid)
    assert [g["animation_group_id"] for g in d["animations"]] == [idle["animation_group_id"]]
    assert svc.client.delete(f"{url}?animation_group_id=not-a-uuid", headers=h).status_code == 422


def test_delete_a_character_and_its_files(svc) -> None:
    key, other = svc.new_key(), svc.new_key()
    d = _quick(svc, key, "cleric")
    post(
        svc,
        key,
        "/animate-character",
        {"character_id": d["id"], "template_animation_id": "breathing-idle"},
    )
    d = wait_character(svc, key, d["id"])
    south = d["rotation_urls"]["south"]
    assert fetch_bytes(svc, south)
    assert (
        svc.client.delete(f"/v2/characters/{d['id']}", headers=svc.headers(other)).status_code
        == 404
    )
    r = svc.client.delete(f"/v2/characters/{d['id']}", headers=svc.headers(key))
    assert r.status_code == 200
    body = r.json()
    assert body["success"] and body["character_id"] == d["id"] and body["animations_deleted"] == 4
    assert body["files_deleted"] == 4 + 4 * 4  # rotations + 4 directions of a 4-frame idle
    assert svc.client.get(f"/v2/characters/{d['id']}", headers=svc.headers(key)).status_code == 404
    path = "/" + south.split("://", 1)[1].split("/", 1)[1]
    assert svc.client.get(path).status_code == 404
    assert svc.client.get(f"/v2/characters/{d['id']}/zip").status_code == 404
    assert (
        svc.client.delete(f"/v2/characters/{d['id']}", headers=svc.headers(key)).status_code == 404
    )


@pytest.mark.parametrize(
    ("method", "suffix"),
    [("get", ""), ("delete", ""), ("delete", "/animations?animation_type=walk")],
)
def test_another_accounts_character_is_404(svc, method: str, suffix: str) -> None:
    key, other = svc.new_key(), svc.new_key()
    d = _quick(svc, key, "paladin")
    r = getattr(svc.client, method)(f"/v2/characters/{d['id']}{suffix}", headers=svc.headers(other))
    assert r.status_code == 404 and "paladin" not in r.text
    assert detail(svc, key, d["id"])["status"] == "completed"
