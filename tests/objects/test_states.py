"""States over HTTP: open, broken, lit, covered in snow, a colour; one group; the same
canvas and directions; the 400 rules; the cost."""

from __future__ import annotations

import numpy as np
import pytest

from tests.objects.conftest import balance, box, fetch_rgba, get, post, wait_object


def _object(svc, key, description: str, view: str = "side") -> dict:
    body = {"description": description, "size": 40, "view": view}
    obj = wait_object(
        svc, key, post(svc, key, "/create-8-direction-object", body).json()["object_id"]
    )
    assert obj["status"] == "completed"
    return obj


@pytest.mark.parametrize(
    ("description", "edit"),
    [
        ("wooden treasure chest", "open"),
        ("wooden barrel", "broken"),
        ("unlit torch", "lit"),
        ("pine tree", "covered in snow"),
        ("wooden crate", "make it red"),
    ],
)
def test_a_state_is_a_new_object_in_the_same_group(service, description: str, edit: str) -> None:
    key = service.new_key(generations=100)
    src = _object(service, key, description)
    assert src["group_id"] is None
    r = post(service, key, f"/objects/{src['id']}/states", {"edit_description": edit})
    assert r.status_code == 200, r.text
    assert r.json()["usage"]["generations"] == 20 and r.json()["status"] == "queued"
    assert balance(service, key) == 60
    state = wait_object(service, key, r.json()["object_id"])
    assert state["status"] == "completed" and state["id"] != src["id"]
    assert state["state_name"] == edit[:20] and state["directions"] == 8
    source = get(service, key, f"/objects/{src['id']}").json()
    assert state["group_id"] == source["group_id"] == src["id"]
    before = fetch_rgba(service, src["rotation_urls"]["south"])
    after = fetch_rgba(service, state["rotation_urls"]["south"])
    assert before.shape == after.shape
    assert not np.array_equal(before, after)
    # Side on, the state stands on the source's ground line.
    if edit != "broken":
        assert box(before)[1] == box(after)[1]


def test_states_of_states_share_the_group_and_names(service) -> None:
    key = service.new_key()
    src = _object(service, key, "wooden treasure chest", "low top-down")
    first = post(
        service,
        key,
        f"/objects/{src['id']}/states",
        {"edit_description": "open", "state_name": "opened"},
    )
    first = wait_object(service, key, first.json()["object_id"])
    second = post(
        service,
        key,
        f"/objects/{first['id']}/states",
        {"edit_description": "covered in snow", "seed": 3},
    )
    second = wait_object(service, key, second.json()["object_id"])
    assert first["state_name"] == "opened" and second["state_name"] == "covered in snow"
    assert first["group_id"] == second["group_id"] == src["id"]


def test_state_refusals(service) -> None:
    key = service.new_key()
    src = _object(service, key, "wooden barrel")
    r = post(service, key, f"/objects/{src['id']}/states", {"edit_description": "dance a jig"})
    assert r.status_code == 400 and "changes nothing" in r.json()["detail"]
    assert "broken" in r.json()["detail"]
    r = post(service, key, f"/objects/{src['id']}/states", {"edit_description": ""})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "edit_description"]
    review = post(service, key, "/create-1-direction-object", {"description": "barrel", "size": 64})
    wait_object(service, key, review.json()["object_id"])
    r = post(
        service,
        key,
        f"/objects/{review.json()['object_id']}/states",
        {"edit_description": "broken"},
    )
    assert r.status_code == 400 and "not completed" in r.json()["detail"]
    other = service.new_key()
    r = post(service, other, f"/objects/{src['id']}/states", {"edit_description": "broken"})
    assert r.status_code == 404
    assert balance(service, key) == 2000 - 40 and balance(service, other) == 2000
