"""The document's examples and statuses hold for every operation: each documented request
example succeeds, and an operation documents 402 and 429 exactly when it answers them
(the `BilledDep` marker of `pixelkiln.api.openapi` is what documents them).

An operation on an existing character or object is sent its example against a real one,
drawn first (in the state the operation needs), owned by the key's account."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pixelkiln.service.accounts import CreatedKey, create_key
from tests.conftest import Service

pytestmark = pytest.mark.slow

#: What an operation on an existing resource is sent against: the request that makes
#: one (drawn at once: the service holds jobs until asked) and where its id goes.
_MAKE: dict[str, tuple[str, dict[str, Any], str]] = {
    "character": (
        "/v2/create-character-with-4-directions",
        {"description": "knight", "image_size": {"width": 32, "height": 32}},
        "character_id",
    ),
    "object": (
        "/v2/create-8-direction-object",
        {"description": "wooden treasure chest", "size": 24},
        "object_id",
    ),
    "review": ("/v2/create-1-direction-object", {"description": "potion", "size": 64}, "object_id"),
}
_NEEDS = {
    "/animate-character": "character",
    "/characters/animations": "character",
    "/create-character-state": "character",
    "/objects/{object_id}/animations": "object",
    "/objects/{object_id}/states": "object",
    "/objects/{object_id}/select-frames": "review",
    "/objects/{object_id}/dismiss-review": "review",
}


#: Objects the examples speak of where a chest would not do (a chest opens; a tree sways).
_OBJECT_FOR = {"swaying in the wind": "oak tree"}


def _made(
    svc: Service,
    need: str,
    example: dict[str, Any],
    generations: float | None = None,
    account: str | None = None,
) -> tuple[CreatedKey, str, float]:
    """A drawn resource of kind ``need`` in a new account holding ``generations`` more
    (default ample), or in ``account``; a fresh key of that account (no spacing wait),
    the resource's id and what it cost."""
    path, body, field = _MAKE[need]
    wanted = _OBJECT_FOR.get(str(example.get("animation_description")))
    if need == "object" and wanted:
        body = {**body, "description": wanted}
    if account is None:
        key = svc.new_key(generations=1e6 if generations is None else generations)
    else:
        key = create_key(svc.ctx.db, "maker", account_id=account)
    made = svc.client.post(path, json=body, headers=svc.headers(key))
    assert made.status_code in (200, 202), made.text
    svc.ctx.runner.run_pending()  # type: ignore[attr-defined]
    fresh = create_key(svc.ctx.db, "second", account_id=key.account_id)
    return fresh, made.json()[field], float(made.json()["usage"]["generations"])


def _aim(path: str, example: dict[str, Any], rid: str) -> tuple[str, dict[str, Any]]:
    """The example sent to resource ``rid``: in the path, or as its ``character_id``."""
    if "character_id" in example:
        return path, {**example, "character_id": rid}
    return path.replace("{object_id}", rid), example


def _examples(doc: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any], dict[str, Any]]]:
    """(path, operation, example) for every request example of every operation."""
    for path, item in doc["paths"].items():
        for method, op in item.items():
            content = op.get("requestBody", {}).get("content", {}).get("application/json")
            if method != "post" or not content:
                continue
            ref = content["schema"]["$ref"].rsplit("/", 1)[-1]
            schema = doc["components"]["schemas"][ref]
            for example in [schema.get("example"), *schema.get("examples", [])]:
                if example is not None:
                    yield path, op, example


def test_every_request_example_succeeds_and_billing_answers_are_documented(
    make_service: Callable[..., Service],
) -> None:
    # Spacing on (60 s) so that a second submission of one key is a 429.
    svc = make_service(submit_spacing_s=60.0, runner="manual")
    doc = svc.client.get("/v2/openapi.json").json()
    broke = svc.headers(svc.new_key(generations=0))
    seen = 0
    for path, op, example in _examples(doc):
        documented = set(op["responses"])
        target, poor_target, poor_example = path, path, example
        again_target, again_example = path, example
        if path in _NEEDS:
            key, rid, cost = _made(svc, _NEEDS[path], example)
            # The repeat goes to a second resource: the first one's state has changed.
            _, rid2, _ = _made(svc, _NEEDS[path], example, account=key.account_id)
            again_target, again_example = _aim(path, example, rid2)
            target, example = _aim(path, example, rid)
            # An account whose balance the same resource took to nothing.
            poor_key, poor_rid, _ = _made(svc, _NEEDS[path], example, generations=cost)
            poor_target, poor_example = _aim(path, example, poor_rid)
            funded, broke = svc.headers(key), svc.headers(poor_key)
        else:
            funded = svc.headers(svc.new_key(generations=1e6))
        first = svc.client.post("/v2" + target, json=example, headers=funded)
        assert first.status_code in (200, 202), f"{path} example: {first.text[:500]}"
        assert str(first.status_code) in documented
        again = svc.client.post("/v2" + again_target, json=again_example, headers=funded)
        assert (again.status_code == 429) == ("429" in documented), f"{path}: {again.text}"
        if again.status_code == 429:
            assert int(again.headers["retry-after"]) >= 1
        poor = svc.client.post("/v2" + poor_target, json=poor_example, headers=broke)
        assert (poor.status_code == 402) == ("402" in documented), f"{path}: {poor.text}"
        broke = svc.headers(svc.new_key(generations=0))  # a fresh key: no spacing wait
        seen += 1
    assert seen >= 20
