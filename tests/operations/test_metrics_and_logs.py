"""/metrics in the Prometheus text format (token-protected when configured), and JSON log
lines that carry ids, kind, duration and outcome but nothing secret."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable

from prometheus_client.parser import text_string_to_metric_families

from pixelkiln.observability.logs import JsonFormatter
from pixelkiln.service.accounts import Auth
from pixelkiln.service.submit import AssetDraft, submit_job
from tests.conftest import Service, wait_for
from tests.core import kinds  # noqa: F401


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    found = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            found[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return found


def total(found: dict, name: str, **labels: str) -> float:
    return sum(
        v
        for (n, ls), v in found.items()
        if n == name and all(dict(ls).get(k) == want for k, want in labels.items())
    )


def test_metrics_count_requests_jobs_and_generations(make_service: Callable[..., Service]) -> None:
    svc = make_service()
    key = svc.new_key(20)
    before = samples(svc.client.get("/metrics").text)
    auth = Auth(key.account_id, key.key_id)
    ids = [
        submit_job(svc.ctx, auth, "test.checker", p, 2, AssetDraft("test")).job_id
        for p in ({}, {"fail": True})
    ]
    for job_id in ids:
        wait_for(
            lambda j=job_id: (
                svc.client.get(f"/v2/background-jobs/{j}", headers=svc.headers(key)).json()[
                    "status"
                ]
                != "processing"
            )
        )

    def runs(found: dict, status: str) -> float:
        return total(found, "pixelkiln_jobs_run_total", kind="test.checker", status=status)

    # A worker counts its run just after the job's row is final.
    def counted() -> bool:
        now = samples(svc.client.get("/metrics").text)
        return all(runs(now, s) - runs(before, s) == 1 for s in ("completed", "failed"))

    wait_for(counted, timeout=10)
    after = samples(svc.client.get("/metrics").text)

    route = "/v2/background-jobs/{job_id}"
    polled = [
        total(found, "pixelkiln_http_requests_total", route=route, status="200")
        for found in (before, after)
    ]
    assert polled[1] - polled[0] >= 2
    assert total(after, "pixelkiln_http_request_duration_seconds_count", route=route) >= 2
    for status in ("completed", "failed"):
        assert runs(after, status) - runs(before, status) == 1
        assert total(after, "pixelkiln_jobs", kind="test.checker", status=status) == 1
    assert total(after, "pixelkiln_job_run_seconds_count", kind="test.checker") >= 2
    assert total(after, "pixelkiln_generations_charged_total") == 4
    assert total(after, "pixelkiln_generations_refunded_total") == 2
    assert total(after, "pixelkiln_queue_depth", status="queued") == 0
    # Paths are never labels: ids would make a series per job.
    assert not any(job_id in str(k) for k in after for job_id in ids)


def test_a_metrics_token_is_required_when_set(make_service: Callable[..., Service]) -> None:
    svc = make_service(metrics_token="s3cret-token")
    assert svc.client.get("/metrics").status_code == 401
    assert svc.client.get("/metrics", headers={"Authorization": "Bearer nope"}).status_code == 401
    ok = svc.client.get("/metrics", headers={"Authorization": "Bearer s3cret-token"})
    assert ok.status_code == 200 and "pixelkiln_queue_depth" in ok.text
    assert "/metrics" not in svc.client.get("/v2/openapi.json").text


def test_json_lines_keep_listed_fields_only() -> None:
    record = logging.LogRecord("pixelkiln.jobs", logging.INFO, __file__, 1, "job %s", ("j1",), None)
    record.__dict__.update(job_id="j1", kind="test.checker", outcome="completed", duration_ms=3.5)
    record.__dict__.update(authorization="Bearer secret", image=b"\x89PNG")
    line = json.loads(JsonFormatter().format(record))
    assert line["message"] == "job j1" and line["job_id"] == "j1" and line["duration_ms"] == 3.5
    assert "authorization" not in line and "image" not in line
