"""A job that cannot be queued is not a charged job: with the broker down (a Redis URL on
a closed port) a submission is a 503 with Retry-After and writes nothing; a job no worker
takes in time is failed and refunded."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import func, select

from pixelkiln.errors import QueueUnavailable
from pixelkiln.jobs.sweeper import sweep_once
from pixelkiln.store.models import Asset, Job, LedgerEntry
from tests.conftest import Service, wait_for

BODY = {"lower_description": "grass", "upper_description": "dirt", "seed": 3}
#: Submissions of every kind: 202 jobs, and the contract's 200 answers that queue jobs.
SUBMISSIONS = [
    ("/v2/tilesets", BODY),
    ("/v2/tilesets-sidescroller", {"lower_description": "stone"}),
    (
        "/v2/create-character-with-4-directions",
        {"description": "knight", "image_size": {"width": 32, "height": 32}},
    ),
    ("/v2/create-8-direction-object", {"description": "barrel", "size": 32}),
    ("/v2/map-objects", {"description": "barrel", "image_size": {"width": 32, "height": 32}}),
]


def test_a_submission_the_broker_cannot_take_is_a_503_and_charges_nothing(
    broker_down: Service,
) -> None:
    svc = broker_down
    created = svc.new_key(generations=100)
    for path, body in SUBMISSIONS:
        r = svc.client.post(path, json=body, headers=svc.headers(created))
        assert r.status_code == 503, r.text
        assert int(r.headers["retry-after"]) >= 1
        assert "nothing was charged" in r.json()["detail"]
    balance = svc.client.get("/v2/balance", headers=svc.headers(created)).json()
    assert balance["subscription"]["generations"] == 100
    with svc.ctx.db.read() as s:
        kinds = s.scalars(select(LedgerEntry.kind)).all()
        assert kinds == ["grant"]  # the account's opening grant only: no charge, no refund
        for table in (Job, Asset):
            count = s.scalar(select(func.count()).select_from(table))
            assert count == 0, f"{table.__tablename__} has {count} rows"


def test_a_job_no_worker_takes_is_failed_and_refunded(make_service: Callable[..., Service]) -> None:
    # Jobs are held (no runner takes them), as when no worker is running.
    svc = make_service(runner="manual", job_queue_timeout_s=0.05)
    created = svc.new_key(generations=100)
    h = svc.headers(created)
    sub = svc.client.post("/v2/tilesets", json=BODY, headers=h).json()

    def given_up() -> bool:
        sweep_once(svc.ctx, lambda job_id: None, redispatch_after_s=0.0)
        job = svc.client.get(f"/v2/background-jobs/{sub['background_job_id']}", headers=h)
        return job.json()["status"] == "failed"

    wait_for(given_up, timeout=30)
    job = svc.client.get(f"/v2/background-jobs/{sub['background_job_id']}", headers=h).json()
    assert "no worker took the job" in job["last_response"]["detail"]
    balance = svc.client.get("/v2/balance", headers=h).json()
    assert balance["subscription"]["generations"] == 100


def test_a_submission_of_several_jobs_cut_short_is_withdrawn_whole(
    make_service: Callable[..., Service], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An animation is one job per direction: when the queue fails after the first was
    sent, every job of the submission still queued is failed and refunded."""
    svc = make_service(runner="manual")
    created = svc.new_key(generations=100)
    h = svc.headers(created)
    body = {"description": "wooden treasure chest", "size": 32}
    obj = svc.client.post("/v2/create-8-direction-object", json=body, headers=h).json()
    svc.ctx.runner.run_pending()  # type: ignore[attr-defined]
    before = svc.client.get("/v2/balance", headers=h).json()["subscription"]["generations"]
    sent: list[str] = []

    def flaky(job_id: str) -> None:
        if sent:
            raise QueueUnavailable("the broker went away")
        sent.append(job_id)

    monkeypatch.setattr(svc.ctx.runner, "dispatch", flaky)
    animate = {"animation_description": "the lid opens", "directions": ["south", "east"]}
    r = svc.client.post(f"/v2/objects/{obj['object_id']}/animations", json=animate, headers=h)
    assert r.status_code == 503, r.text
    after = svc.client.get("/v2/balance", headers=h).json()["subscription"]["generations"]
    assert after == before
    with svc.ctx.db.read() as s:
        kinds = s.scalars(select(Job.status).where(Job.kind == "object_animation")).all()
    assert sorted(kinds) == ["failed", "failed"]
