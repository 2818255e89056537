"""Running jobs: completion, failure with refund, idempotence, crash recovery by lease."""

from __future__ import annotations

import datetime as dt

from pixelkiln.jobs.executor import execute_job
from pixelkiln.jobs.sweeper import sweep_once
from pixelkiln.service import billing
from pixelkiln.service.accounts import Auth
from pixelkiln.service.submit import AssetDraft, submit_job
from pixelkiln.store.models import Asset, Blob, Job, LedgerEntry, utcnow
from tests.conftest import wait_for
from tests.core import kinds  # noqa: F401


def auth_of(created) -> Auth:
    return Auth(account_id=created.account_id, key_id=created.key_id)


def test_job_completes_and_stores_its_image(make_service) -> None:
    svc = make_service(runner="manual")
    created = svc.new_key(generations=5)
    sub = submit_job(svc.ctx, auth_of(created), "test.checker", {"size": 6}, 2, AssetDraft("test"))
    [outcome] = svc.ctx.runner.run_pending()
    assert outcome.state == "completed"
    with svc.ctx.db.read() as s:
        job, asset = s.get(Job, sub.job_id), s.get(Asset, sub.asset_id)
        assert job.status == "completed" and job.progress == 100
        assert asset.status == "completed" and asset.result == {"size": 6}
        key = asset.files["tile"]
        assert s.get(Blob, key).account_id == created.account_id
    png = svc.ctx.blobs.get(key)
    assert png.startswith(b"\x89PNG")
    r = svc.client.get(f"/files/{key}")
    assert r.status_code == 200 and r.content == png
    assert "immutable" in r.headers["cache-control"]
    # A second delivery of the same job does nothing.
    assert execute_job(svc.ctx, sub.job_id).state == "skipped"


def test_failed_job_is_refunded_and_reports_why(make_service) -> None:
    svc = make_service(runner="manual")
    created = svc.new_key(generations=5)
    sub = submit_job(
        svc.ctx, auth_of(created), "test.checker", {"fail": True}, 2, AssetDraft("test")
    )
    [outcome] = svc.ctx.runner.run_pending()
    assert outcome.state == "failed"
    r = svc.client.get(f"/v2/background-jobs/{sub.job_id}", headers=svc.headers(created))
    body = r.json()
    assert body["status"] == "failed"
    assert "asked to fail" in body["last_response"]["detail"]
    assert body["usage"] == {"type": "generations", "usd": 0.0, "generations": 0.0}
    with svc.ctx.db.read() as s:
        assert s.get(Asset, sub.asset_id).status == "failed"
        assert billing.balance(s, created.account_id) == 5


def test_job_of_a_dead_worker_is_run_again_and_charged_once(make_service) -> None:
    svc = make_service(runner="manual")
    created = svc.new_key(generations=5)
    sub = submit_job(svc.ctx, auth_of(created), "test.checker", {}, 2, AssetDraft("test"))
    svc.ctx.runner.pending.clear()
    # What a worker killed mid-job leaves behind: running, leased by a process that is gone.
    with svc.ctx.db.write() as s:
        job = s.get(Job, sub.job_id)
        job.status, job.attempts = "running", 1
        job.lease_owner = "nohost-that-exists:1:x"
        job.lease_expires_at = utcnow() - dt.timedelta(seconds=1)
        job.dispatched_at = utcnow() - dt.timedelta(minutes=5)
    assert sweep_once(svc.ctx, svc.ctx.runner.dispatch, redispatch_after_s=1) == [sub.job_id]
    [outcome] = svc.ctx.runner.run_pending()
    assert outcome.state == "completed"
    with svc.ctx.db.read() as s:
        assert s.get(Job, sub.job_id).attempts == 2
        charges = s.query(LedgerEntry).filter_by(job_id=sub.job_id).all()
        assert [c.kind for c in charges] == ["charge"]
        assert billing.balance(s, created.account_id) == 3


def test_live_lease_is_not_stolen(make_service) -> None:
    svc = make_service(runner="manual")
    created = svc.new_key(generations=5)
    sub = submit_job(svc.ctx, auth_of(created), "test.checker", {}, 1)
    svc.ctx.runner.pending.clear()
    with svc.ctx.db.write() as s:
        job = s.get(Job, sub.job_id)
        job.status, job.lease_owner = "running", "elsewhere:1:x"
        job.lease_expires_at = utcnow() + dt.timedelta(minutes=5)
        job.dispatched_at = utcnow() - dt.timedelta(minutes=5)
    assert sweep_once(svc.ctx, svc.ctx.runner.dispatch, redispatch_after_s=1) == []
    assert execute_job(svc.ctx, sub.job_id).state == "skipped"


def test_job_that_keeps_killing_workers_fails_and_refunds(make_service) -> None:
    svc = make_service(runner="manual", job_max_attempts=2)
    created = svc.new_key(generations=5)
    sub = submit_job(svc.ctx, auth_of(created), "test.checker", {}, 2, AssetDraft("test"))
    with svc.ctx.db.write() as s:
        job = s.get(Job, sub.job_id)
        job.status, job.attempts, job.lease_owner = "running", 2, "gone:1:x"
        job.lease_expires_at = utcnow() - dt.timedelta(seconds=1)
    assert execute_job(svc.ctx, sub.job_id).state == "skipped"
    with svc.ctx.db.read() as s:
        assert s.get(Job, sub.job_id).status == "failed"
        assert billing.balance(s, created.account_id) == 5


def test_thread_runner_runs_jobs_and_reports_progress(make_service) -> None:
    svc = make_service(runner="thread")
    created = svc.new_key(generations=5)
    sub = submit_job(svc.ctx, auth_of(created), "test.checker", {}, 1, AssetDraft("test"))

    def done() -> bool:
        r = svc.client.get(f"/v2/background-jobs/{sub.job_id}", headers=svc.headers(created))
        return r.json()["status"] == "completed"

    wait_for(done)
    r = svc.client.get(f"/v2/background-jobs/{sub.job_id}", headers=svc.headers(created))
    assert r.json()["progress_percent"] == 100
    assert r.json()["usage"]["generations"] == 1
    other = svc.new_key()
    r = svc.client.get(f"/v2/background-jobs/{sub.job_id}", headers=svc.headers(other))
    assert r.status_code == 404 and r.json() == {"detail": "Job not found"}


def test_sync_work_of_a_dead_process_is_refunded_not_dispatched(make_service) -> None:
    from pixelkiln.jobs.executor import SYNC_PREFIX
    from pixelkiln.service.money import to_milli
    from pixelkiln.store.models import new_id

    svc = make_service(runner="manual")
    created = svc.new_key(generations=5)
    job_id = new_id()
    # What run_sync leaves behind when its API process dies mid-computation.
    with svc.ctx.db.write() as s:
        billing.charge(s, created.account_id, job_id, to_milli(0.1))
        s.add(
            Job(
                id=job_id,
                account_id=created.account_id,
                kind=SYNC_PREFIX + "reduce-colors",
                status="running",
                payload={},
                lease_owner="nohost:1:sync",
                lease_expires_at=utcnow() - dt.timedelta(seconds=1),
            )
        )
    assert sweep_once(svc.ctx, svc.ctx.runner.dispatch, redispatch_after_s=1) == []
    assert svc.ctx.runner.pending == []
    with svc.ctx.db.read() as s:
        assert s.get(Job, job_id).status == "failed"
        assert billing.balance(s, created.account_id) == 5
