"""Finding jobs that need a (new) dispatch: queued ones whose message was lost, and running
ones whose worker died (lease expired, or its process is gone from this host)."""

from __future__ import annotations

import datetime as dt
import logging
import os
import socket
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from sqlalchemy import or_, select

from pixelkiln.errors import QueueUnavailable
from pixelkiln.store.models import Asset, Job, utcnow
from pixelkiln.store.removal import drop_assets

if TYPE_CHECKING:
    from pixelkiln.jobs.types import JobsContext

__all__ = ["Sweeper", "expire_assets", "owner_is_dead", "sweep_once"]

log = logging.getLogger(__name__)
_HOST = socket.gethostname()


def owner_is_dead(owner: str | None) -> bool:
    """True when the lease owner was a process on this host that no longer exists."""
    if not owner:
        return True
    host, _, rest = owner.partition(":")
    pid_text = rest.split(":", 1)[0]
    if host != _HOST or not pid_text.isdigit():
        return False
    try:
        os.kill(int(pid_text), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def sweep_once(
    ctx: JobsContext, dispatch: Callable[[str], None], redispatch_after_s: float
) -> list[str]:
    """Dispatch every job that should be running and may not be; returns their ids."""
    from pixelkiln.jobs.executor import SYNC_PREFIX, fail_job

    now = utcnow()
    stale = now - dt.timedelta(seconds=redispatch_after_s)
    with ctx.db.write() as s:
        query = select(Job).where(
            or_(
                (Job.status == "queued")
                & (or_(Job.dispatched_at.is_(None), Job.dispatched_at < stale)),
                Job.status == "running",
            )
        )
        if not ctx.db.is_sqlite:
            query = query.with_for_update(skip_locked=True)
        due: list[str] = []
        give_up = now - dt.timedelta(seconds=ctx.settings.job_queue_timeout_s)
        for job in s.scalars(query):
            if job.status == "queued" and job.created_at < give_up:
                waited = ctx.settings.job_queue_timeout_s
                fail_job(ctx, job, f"NotPickedUp: no worker took the job within {waited:g} s", s)
                continue
            if job.status == "running":
                expired = job.lease_expires_at is None or job.lease_expires_at <= now
                if not expired and not owner_is_dead(job.lease_owner):
                    continue
                if job.kind.startswith(SYNC_PREFIX):
                    # Its process died before answering: the caller got no result.
                    fail_job(ctx, job, "WorkerLost: the request's process stopped", s)
                    continue
                if not expired:
                    job.lease_expires_at = now  # its owner is gone: free the lease at once
                if job.dispatched_at is not None and job.dispatched_at > stale:
                    continue
            job.dispatched_at = now
            due.append(job.id)
    for job_id in due:
        try:
            dispatch(job_id)
        except QueueUnavailable as exc:  # still queued: tried again on a later sweep
            log.warning("could not dispatch job %s: %s", job_id, exc.reason)
    if due:
        log.info("sweeper dispatched %d job(s)", len(due))
    return due


def expire_assets(ctx: JobsContext) -> list[str]:
    """Delete the assets whose ``expires_at`` has passed (map objects) and their files;
    returns their ids. A cheap read first: most sweeps find nothing to write."""
    now = utcnow()
    expired = (Asset.expires_at.is_not(None)) & (Asset.expires_at <= now)
    with ctx.db.read() as s:
        if s.scalar(select(Asset.id).where(expired).limit(1)) is None:
            return []
    with ctx.db.write() as s:
        query = select(Asset.id).where(expired)
        if not ctx.db.is_sqlite:
            query = query.with_for_update(skip_locked=True)
        ids = list(s.scalars(query))
        keys = drop_assets(s, ids)
    for key in keys:
        ctx.blobs.delete(key)
    log.info("sweeper deleted %d expired asset(s)", len(ids))
    return ids


class Sweeper:
    """Runs ``sweep_once`` every ``interval`` seconds in a daemon thread, and hands the
    webhook deliveries that are due to ``deliver`` (see ``pixelkiln.webhooks``)."""

    def __init__(
        self,
        ctx: JobsContext,
        dispatch: Callable[[str], None],
        interval: float,
        redispatch_after_s: float,
        deliver: Callable[[str], None] | None = None,
    ) -> None:
        self.ctx, self.dispatch, self.deliver = ctx, dispatch, deliver
        self.interval, self.redispatch_after_s = interval, redispatch_after_s
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="pixelkiln-sweeper", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def wake(self) -> None:
        """Hand out due webhook deliveries now rather than at the next tick (a job just
        finished); the job sweep itself keeps its interval."""
        self._wake.set()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread.is_alive():
            self._thread.join(timeout=10)

    def _loop(self) -> None:
        # The first sweep runs at once: it is the start-up recovery of crashed work.
        next_sweep = 0.0
        while True:
            try:
                if time.monotonic() >= next_sweep:
                    next_sweep = time.monotonic() + self.interval
                    sweep_once(self.ctx, self.dispatch, self.redispatch_after_s)
                    expire_assets(self.ctx)
                self._hand_out_deliveries()
            except Exception:
                log.warning("sweep failed", exc_info=True)
            self._wake.wait(max(0.0, next_sweep - time.monotonic()))
            self._wake.clear()
            if self._stop.is_set():
                return

    def _hand_out_deliveries(self) -> None:
        if self.deliver is None:
            return
        from pixelkiln.webhooks.sending import claim_due

        for delivery_id in claim_due(self.ctx.settings, self.ctx.db):
            try:
                self.deliver(delivery_id)
            except Exception:  # its claim expires and a later sweep hands it out again
                log.warning("could not hand out webhook %s", delivery_id, exc_info=True)
