"""The document's examples and statuses hold for every operation: each documented request
example succeeds, and an operation documents 402 and 429 exactly when it answers them
(the `BilledDep` marker of `pixelkiln.api.openapi` is what documents them)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.conftest import Service

pytestmark = pytest.mark.slow


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
        funded = svc.headers(svc.new_key(generations=1e6))
        first = svc.client.post("/v2" + path, json=example, headers=funded)
        assert first.status_code in (200, 202), f"{path} example: {first.text[:500]}"
        assert str(first.status_code) in documented
        again = svc.client.post("/v2" + path, json=example, headers=funded)
        assert (again.status_code == 429) == ("429" in documented), f"{path}: {again.text}"
        if again.status_code == 429:
            assert int(again.headers["retry-after"]) >= 1
        poor = svc.client.post("/v2" + path, json=example, headers=broke)
        assert (poor.status_code == 402) == ("402" in documented), f"{path}: {poor.text}"
        broke = svc.headers(svc.new_key(generations=0))  # a fresh key: no spacing wait
        seen += 1
    assert seen >= 20
