"""Running one job by id: claim it under a lease, run its handler, store what it made.

``execute_job`` is what every runner calls, in a worker process, a thread or a Celery
task. It is idempotent: a job that is finished, or running under someone else's live
lease, is left alone, so a redelivered message does nothing.
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import socket
import threading
import time
from dataclasses import dataclass

from sqlalchemy import select

from pixelkiln.jobs.registry import handler_for
from pixelkiln.jobs.sweeper import owner_is_dead
from pixelkiln.jobs.types import JobContext, JobOutput, JobsContext
from pixelkiln.observability.record import job_done
from pixelkiln.service import billing
from pixelkiln.store.hashing import file_hash
from pixelkiln.store.models import Asset, Blob, Job, utcnow
from pixelkiln.webhooks.events import queue_job_event

__all__ = ["SYNC_PREFIX", "Outcome", "execute_job", "fail_job", "worker_identity"]

#: Kind prefix of the job rows that record synchronous work (never dispatched).
SYNC_PREFIX = "sync:"

log = logging.getLogger(__name__)

_HOST = socket.gethostname()


def worker_identity(tag: str = "") -> str:
    """``host:pid:tag``; the sweeper uses host and pid to spot owners that have died."""
    return f"{_HOST}:{os.getpid()}:{tag or threading.get_ident()}"


@dataclass(frozen=True)
class Outcome:
    job_id: str
    #: claimed-and-completed, claimed-and-failed, or skipped (not ours to run).
    state: str


def fail_job(ctx: JobsContext, job: Job, reason: str, s: object) -> None:
    """Mark a job (and its asset) failed and refund its charge once; inside a write
    transaction ``s`` that holds the job row."""
    from sqlalchemy.orm import Session

    assert isinstance(s, Session)
    job.status = "failed"
    job.finished_at = utcnow()
    job.lease_owner = None
    job.error = reason[:4000]
    job.last_response = {"detail": "Generation failed: " + reason.split(": ", 1)[-1][:500]}
    if job.asset_id:
        asset = s.get(Asset, job.asset_id)
        if asset is not None:
            asset.status = "failed"
    billing.refund(s, job.account_id, job.id)
    if not job.kind.startswith(SYNC_PREFIX):
        queue_job_event(s, job)  # in the transaction that fails the job: never lost


def _claim(ctx: JobsContext, job_id: str, me: str) -> Job | None:
    """Take the job's lease if it is queued or its lease has expired."""
    now = utcnow()
    with ctx.db.write() as s:
        job = s.scalar(select(Job).where(Job.id == job_id).with_for_update())
        if job is None or job.status in ("completed", "failed") or job.kind.startswith(SYNC_PREFIX):
            return None
        if (
            job.status == "running"
            and job.lease_expires_at
            and job.lease_expires_at > now
            and not owner_is_dead(job.lease_owner)
        ):
            return None
        if job.attempts >= ctx.settings.job_max_attempts:
            fail_job(ctx, job, f"WorkerLost: the job's worker stopped {job.attempts} times", s)
            return None
        job.status = "running"
        job.lease_owner = me
        job.lease_expires_at = now + dt.timedelta(seconds=ctx.settings.job_lease_s)
        job.attempts += 1
        job.started_at = job.started_at or now
        s.flush()
        s.expunge(job)
        return job


class _Lease:
    """Renews the lease in the background while the handler runs, and records progress."""

    def __init__(self, ctx: JobsContext, job_id: str, me: str) -> None:
        self.ctx, self.job_id, self.me = ctx, job_id, me
        self._stop = threading.Event()
        self._pending: int | None = None
        self._written = -1
        self._last_write = 0.0
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._loop, name=f"lease-{job_id[:8]}", daemon=True)

    def __enter__(self) -> _Lease:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def progress(self, fraction: float) -> None:
        pct = max(0, min(99, int(fraction * 100)))
        with self._lock:
            self._pending = pct
        # Writes are throttled: a handler may report thousands of times a second.
        if pct - self._written >= 5 and time.monotonic() - self._last_write > 0.2:
            self._renew()

    def _loop(self) -> None:
        interval = max(0.2, self.ctx.settings.job_lease_s / 3)
        while not self._stop.wait(interval):
            self._renew()

    def _renew(self) -> None:
        with self._lock:
            pct, self._pending = self._pending, None
            self._last_write = time.monotonic()
        try:
            with self.ctx.db.write() as s:
                job = s.scalar(select(Job).where(Job.id == self.job_id).with_for_update())
                if job is None or job.lease_owner != self.me or job.status != "running":
                    return
                job.lease_expires_at = utcnow() + dt.timedelta(
                    seconds=self.ctx.settings.job_lease_s
                )
                if pct is not None and pct > job.progress:
                    job.progress = pct
                    self._written = pct
        except Exception:  # a missed renewal is retried on the next tick
            log.warning("lease renewal for job %s failed", self.job_id, exc_info=True)


def _store(ctx: JobsContext, job: Job, out: JobOutput, me: str) -> bool:
    """Write the output if we still hold the lease; False (and files removed) if not."""
    keys = {name: ctx.blobs.put(data) for name, data in out.files.items()}
    sizes = {name: len(data) for name, data in out.files.items()}
    hashes = {name: file_hash(data) for name, data in out.files.items()}
    try:
        with ctx.db.write() as s:
            row = s.scalar(select(Job).where(Job.id == job.id).with_for_update())
            if row is None or row.status != "running" or row.lease_owner != me:
                raise _LostLease
            asset = s.get(Asset, row.asset_id) if row.asset_id else None
            if row.asset_id and asset is None:
                raise _LostLease  # deleted while it was being drawn
            for name, key in keys.items():
                s.add(
                    Blob(
                        key=key,
                        account_id=row.account_id,
                        asset_id=row.asset_id,
                        size=sizes[name],
                        content_hash=hashes[name],
                    )
                )
            if asset is not None:
                asset.status = "completed"
                asset.result = out.result
                asset.files = keys
            row.status = "completed"
            row.progress = 100
            row.finished_at = utcnow()
            row.lease_owner = None
            row.last_response = (
                out.last_response
                if out.last_response is not None
                else {"status": "completed", "asset_id": row.asset_id}
            )
            queue_job_event(s, row)  # in the transaction that completes the job: never lost
        return True
    except _LostLease:
        for key in keys.values():
            ctx.blobs.delete(key)
        return False
    except Exception:
        for key in keys.values():
            ctx.blobs.delete(key)
        raise


class _LostLease(Exception):
    pass


def execute_job(ctx: JobsContext, job_id: str, me: str | None = None) -> Outcome:
    """Run the job ``job_id`` if it is ours to run."""
    me = me or worker_identity()
    job = _claim(ctx, job_id, me)
    if job is None:
        return Outcome(job_id, "skipped")
    started = time.monotonic()
    outcome = _run_claimed(ctx, job, me)
    job_done(job, outcome.state, time.monotonic() - started)
    return outcome


def _run_claimed(ctx: JobsContext, job: Job, me: str) -> Outcome:
    job_id = job.id
    with _Lease(ctx, job_id, me) as lease:
        jctx = JobContext(
            job_id=job.id,
            account_id=job.account_id,
            asset_id=job.asset_id,
            progress=lease.progress,
            read_blob=ctx.blobs.get,
        )
        try:
            out = handler_for(job.kind)(dict(job.payload or {}), jctx)
            error = None
        except Exception as exc:
            log.warning("job %s (%s) failed: %s", job_id, job.kind, exc, exc_info=True)
            error = f"{type(exc).__name__}: {exc}"
    if error is None:
        return Outcome(job_id, "completed" if _store(ctx, job, out, me) else "skipped")
    with ctx.db.write() as s:
        row = s.scalar(select(Job).where(Job.id == job_id).with_for_update())
        if row is not None and row.status == "running" and row.lease_owner == me:
            fail_job(ctx, row, error, s)
    return Outcome(job_id, "failed")
