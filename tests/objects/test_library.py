"""The object library over HTTP: progress while pending, the list, tags, deletion,
spritesheet exports, and another account's ids reading as missing everywhere."""

from __future__ import annotations

import io
import json
import zipfile

from tests.objects.conftest import fetch, get, post, wait_object


def test_pending_objects_report_progress(manual) -> None:
    svc = manual
    key = svc.new_key()
    oid = post(
        svc, key, "/create-8-direction-object", {"description": "barrel", "size": 32}
    ).json()["object_id"]
    body = get(svc, key, f"/objects/{oid}").json()
    assert body["status"] == "pending"
    assert body["progress_percent"] == 0 and body["eta_seconds"] >= 1
    assert all(v is None for v in body["rotation_urls"].values()) and body["storage_urls"] == {}
    r = svc.client.get(f"/v2/objects/{oid}/spritesheet", headers=svc.headers(key))
    assert r.status_code == 400 and r.json() == {"detail": "Object has no rotation images"}
    r = post(svc, key, f"/objects/{oid}/animations", {"animation_description": "idle"})
    assert r.status_code == 400
    listed = get(svc, key, "/objects").json()
    assert (
        listed["objects"][0]["status"] == "pending" and listed["objects"][0]["preview_url"] is None
    )
    svc.ctx.runner.run_pending()
    body = get(svc, key, f"/objects/{oid}").json()
    assert body["status"] == "completed"
    assert body["progress_percent"] is None and body["eta_seconds"] is None


def test_list_tags_and_delete(service) -> None:
    key, other = service.new_key(), service.new_key()
    ids = []
    for d in ("barrel", "crate", "rock"):
        r = post(service, key, "/create-8-direction-object", {"description": d, "size": 24})
        ids.append(r.json()["object_id"])
    for i in ids:
        wait_object(service, key, i)
    page = get(service, key, "/objects?limit=2").json()
    assert page["total"] == 3 and [o["id"] for o in page["objects"]] == ids[::-1][:2]
    first = page["objects"][0]
    assert first["prompt"] == "rock" and first["directions"] == 8
    assert first["size"] == {"width": 24, "height": 24} and first["created_at"].endswith("Z")
    assert fetch(service, first["preview_url"])
    assert [o["id"] for o in get(service, key, "/objects?offset=2").json()["objects"]] == [ids[0]]
    assert get(service, other, "/objects").json() == {"objects": [], "total": 0, "usage": None}
    for bad in ("limit=0", "limit=101", "offset=-1"):
        assert get(service, key, f"/objects?{bad}").status_code == 422

    url = f"/v2/objects/{ids[0]}/tags"
    h = service.headers(key)
    r = service.client.patch(url, json={"tags": [" Forest ", "forest", "", "props"]}, headers=h)
    assert r.status_code == 200 and r.json()["tags"] == ["Forest", "props"]
    assert get(service, key, f"/objects/{ids[0]}").json()["tags"] == ["Forest", "props"]
    r = service.client.patch(url, json={"tags": ["x" * 51]}, headers=h)
    assert r.status_code == 400 and r.json()["detail"].startswith("Invalid tag format")
    assert service.client.patch(url, json={"tags": ["t"] * 21}, headers=h).status_code == 422

    obj = get(service, key, f"/objects/{ids[1]}").json()
    r = service.client.delete(f"/v2/objects/{ids[1]}", headers=h)
    assert r.status_code == 200 and r.json()["success"] and r.json()["object_id"] == ids[1]
    assert get(service, key, f"/objects/{ids[1]}").status_code == 404
    gone = service.client.get("/" + obj["rotation_urls"]["south"].split("/", 3)[3])
    assert gone.status_code == 404
    assert get(service, key, "/objects").json()["total"] == 2


def test_spritesheet_exports(service) -> None:
    key = service.new_key()
    oid = post(
        service, key, "/create-8-direction-object", {"description": "gold coin", "size": 32}
    ).json()["object_id"]
    wait_object(service, key, oid)
    r = post(
        service,
        key,
        f"/objects/{oid}/animations",
        {"animation_description": "spin", "directions": ["south"], "frame_count": 4},
    )
    gid = r.json()["animation_group_id"]
    from tests.objects.conftest import wait_animation

    wait_animation(service, key, oid, gid)
    url = f"/v2/objects/{oid}/spritesheet"
    assert service.client.get(url).status_code == 401  # unlike characters, it needs a key
    r = service.client.get(url, headers=service.headers(key))
    assert r.status_code == 200 and r.headers["content-type"] == "application/zip"
    z = zipfile.ZipFile(io.BytesIO(r.content))
    assert sorted(z.namelist()) == ["gold_coin.json", "gold_coin.png"]
    layout = json.loads(z.read("gold_coin.json"))
    assert layout["cell"] == {"width": 32, "height": 32}
    assert [len(row["frames"]) for row in layout["rows"]] == [8, 5]
    assert layout["rows"][1]["animation"] == "spin"
    names = {
        "aseprite": {"gold_coin.json", "gold_coin.png"},
        "godot": {"gold_coin.tres", "gold_coin.png"},
        "phaser": {"gold_coin.json", "gold_coin.anims.json", "gold_coin.png"},
    }
    for fmt, files in names.items():
        r = service.client.get(f"{url}?format={fmt}", headers=service.headers(key))
        assert r.status_code == 200
        assert set(zipfile.ZipFile(io.BytesIO(r.content)).namelist()) == files
    assert (
        service.client.get(f"{url}?format=unity", headers=service.headers(key)).status_code == 422
    )


def test_another_accounts_object_is_404_everywhere(service) -> None:
    owner, other = service.new_key(), service.new_key()
    oid = post(
        service, owner, "/create-8-direction-object", {"description": "barrel", "size": 24}
    ).json()["object_id"]
    review = post(
        service, owner, "/create-1-direction-object", {"description": "rock", "size": 64}
    ).json()["object_id"]
    wait_object(service, owner, oid)
    wait_object(service, owner, review)
    h = service.headers(other)
    c = service.client
    answers = [
        c.get(f"/v2/objects/{oid}", headers=h),
        c.delete(f"/v2/objects/{oid}", headers=h),
        c.patch(f"/v2/objects/{oid}/tags", json={"tags": ["x"]}, headers=h),
        c.get(f"/v2/objects/{oid}/spritesheet", headers=h),
        c.post(f"/v2/objects/{oid}/states", json={"edit_description": "broken"}, headers=h),
        c.post(f"/v2/objects/{oid}/animations", json={"animation_description": "idle"}, headers=h),
        c.delete(f"/v2/objects/{oid}/animations?animation_type=idle", headers=h),
        c.post(f"/v2/objects/{review}/select-frames", json={"indices": [0]}, headers=h),
        c.post(f"/v2/objects/{review}/dismiss-review", headers=h),
        c.get(f"/v2/objects/{review}", headers=h),
    ]
    for r in answers:
        assert r.status_code == 404, (r.request.url, r.status_code)
        assert oid not in r.text and review not in r.text and "files" not in r.text
    assert get(service, owner, f"/objects/{oid}").status_code == 200
    assert get(service, owner, f"/objects/{review}").json()["status"] == "review"
