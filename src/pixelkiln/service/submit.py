"""Submissions: spacing, quote, debit, asset and job in ONE transaction, so a submission
is either charged and queued or neither. Synchronous operations are charged the same way
and refunded if their computation fails.

A job that cannot be queued is not a charged job: the runner is asked first whether it can
take one (a broker that is down is a 503 with nothing written), and a send that still fails
after the transaction withdraws the job (failed with the reason, refunded) before the 503.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from pixelkiln.errors import InvalidRequest, QueueUnavailable
from pixelkiln.jobs.executor import SYNC_PREFIX, fail_job, worker_identity
from pixelkiln.service import billing
from pixelkiln.service.accounts import Auth
from pixelkiln.service.money import to_milli
from pixelkiln.service.spacing import claim_submission_slot
from pixelkiln.store.models import Asset, Base, Job, new_id, utcnow

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = ["AssetDraft", "Submitted", "run_sync", "submit_job"]

T = TypeVar("T")

#: A synchronous computation holding its charge longer than this is presumed lost.
SYNC_LEASE_S = 3600.0


@dataclass(frozen=True)
class AssetDraft:
    """The resource a job will fill in (a tileset, a UI panel, ...)."""

    family: str
    name: str | None = None
    description: str | None = None
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Submitted:
    job_id: str
    asset_id: str | None
    cost: float


def submit_job(
    ctx: Container,
    auth: Auth,
    kind: str,
    payload: dict[str, Any],
    cost: float,
    asset: AssetDraft | None = None,
    extra_rows: Sequence[Base] | Callable[[str | None], Sequence[Base]] = (),
) -> Submitted:
    """Charge ``cost`` and queue a job of ``kind`` (and create its asset), atomically.

    ``extra_rows`` are added in the same transaction (a family's own rows, e.g. base
    tiles); pass a function to receive the new asset's id first.
    """
    ctx.runner.check()
    job_id = new_id()
    asset_id = new_id() if asset is not None else None
    with ctx.db.write() as s:
        claim_submission_slot(s, auth.key_id, ctx.settings.submit_spacing_s)
        billing.charge(s, auth.account_id, job_id, to_milli(cost))
        if asset is not None:
            s.add(
                Asset(
                    id=asset_id,
                    account_id=auth.account_id,
                    family=asset.family,
                    status="processing",
                    name=asset.name,
                    description=asset.description,
                    params=asset.params,
                    job_id=job_id,
                )
            )
        s.add_all(extra_rows(asset_id) if callable(extra_rows) else extra_rows)
        s.add(
            Job(
                id=job_id,
                account_id=auth.account_id,
                kind=kind,
                status="queued",
                payload=payload,
                cost_milli=to_milli(cost),
                asset_id=asset_id,
                dispatched_at=utcnow(),
            )
        )
    try:
        ctx.runner.dispatch(job_id)
    except QueueUnavailable as exc:
        _withdraw(ctx, job_id, exc.reason)
        raise
    return Submitted(job_id=job_id, asset_id=asset_id, cost=cost)


def _withdraw(ctx: Container, job_id: str, reason: str) -> None:
    """Fail and refund a job that was charged but could not be queued."""
    with ctx.db.write() as s:
        job = s.get(Job, job_id)
        if job is not None and job.status == "queued":
            fail_job(ctx, job, f"QueueUnavailable: {reason}", s)


def run_sync(ctx: Container, auth: Auth, kind: str, cost: float, compute: Callable[[], T]) -> T:
    """Charge ``cost``, run ``compute`` now, and refund if it fails.

    The charge is recorded against a job row (born running, ended completed or failed) so
    that synchronous work shares the ledger's "charged once, refunded once" rules. The row
    is leased by this process under a ``sync:`` kind: the sweeper never dispatches it, and
    refunds it if this process dies before answering. A ``ValueError`` from the engine
    means the input cannot be processed: it becomes a 422.
    """
    job_id = new_id()
    now = utcnow()
    with ctx.db.write() as s:
        claim_submission_slot(s, auth.key_id, ctx.settings.submit_spacing_s)
        billing.charge(s, auth.account_id, job_id, to_milli(cost))
        s.add(
            Job(
                id=job_id,
                account_id=auth.account_id,
                kind=SYNC_PREFIX + kind,
                status="running",
                payload={},
                cost_milli=to_milli(cost),
                started_at=now,
                attempts=1,
                lease_owner=worker_identity("sync"),
                lease_expires_at=now + dt.timedelta(seconds=SYNC_LEASE_S),
            )
        )
    try:
        result = compute()
    except Exception as exc:
        with ctx.db.write() as s:
            job = s.get(Job, job_id)
            assert job is not None
            job.status, job.finished_at, job.error = "failed", utcnow(), repr(exc)[:2000]
            job.lease_owner = None
            billing.refund(s, auth.account_id, job_id)
        if isinstance(exc, ValueError):
            raise InvalidRequest(("body",), str(exc)) from exc
        raise
    with ctx.db.write() as s:
        job = s.get(Job, job_id)
        assert job is not None
        job.status, job.finished_at, job.progress = "completed", utcnow(), 100
        job.lease_owner = None
    return result
