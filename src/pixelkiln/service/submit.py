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

from pixelkiln.errors import InsufficientBalance, InvalidRequest, QueueUnavailable
from pixelkiln.jobs.executor import SYNC_PREFIX, fail_job, worker_identity
from pixelkiln.service import billing
from pixelkiln.service.accounts import Auth
from pixelkiln.service.money import from_milli, to_milli
from pixelkiln.service.spacing import claim_submission_slot
from pixelkiln.store.models import Asset, Base, Job, new_id, utcnow

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from pixelkiln.bootstrap import Container

__all__ = ["AssetDraft", "JobDraft", "Submitted", "run_sync", "submit_job", "submit_jobs"]

T = TypeVar("T")

#: A synchronous computation holding its charge longer than this is presumed lost.
SYNC_LEASE_S = 3600.0


@dataclass(frozen=True)
class AssetDraft:
    """The resource a job will fill in (a tileset, a character, an animation direction...)
    and where it sits: under a parent (an animation under its character), in a group (the
    directions of one animation, the states of one character), until an expiry."""

    family: str
    name: str | None = None
    description: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    parent_id: str | None = None
    group_id: str | None = None
    tags: list[str] | None = None
    expires_at: dt.datetime | None = None
    #: Chosen here so that the caller can point other rows (or the answer) at it.
    id: str = field(default_factory=new_id)


@dataclass(frozen=True)
class JobDraft:
    """One job of a submission and the asset it fills, if any."""

    kind: str
    payload: dict[str, Any]
    cost: float
    asset: AssetDraft | None = None
    id: str = field(default_factory=new_id)


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
    asset_id = asset.id if asset is not None else None
    rows = extra_rows(asset_id) if callable(extra_rows) else extra_rows
    (done,) = submit_jobs(ctx, auth, [JobDraft(kind, payload, cost, asset)], extra_rows=rows)
    return done


def submit_jobs(
    ctx: Container,
    auth: Auth,
    drafts: Sequence[JobDraft],
    *,
    fee: tuple[str, float] | None = None,
    inside: Callable[[Session], Sequence[str] | None] | None = None,
    extra_rows: Sequence[Base] = (),
) -> list[Submitted]:
    """Charge and queue several jobs as ONE submission (an animation's directions).

    The key's spacing slot is claimed once; the balance must cover the whole submission
    (a 402 names its total); each job is charged on its own ledger row, so a failed
    direction refunds only itself. ``fee`` is a ``(kind, cost)`` delivered in the answer
    itself (an enhanced prompt): a finished job row with its own charge, never refunded
    once the submission is queued. ``inside`` runs first in the transaction (re-checks,
    rows to remove) and returns blob keys to delete once it has committed;
    ``extra_rows`` (a family's own rows, which may point at the new assets) come last.
    """
    ctx.runner.check()
    now = utcnow()
    fee_id = new_id() if fee is not None else None
    with ctx.db.write() as s:
        claim_submission_slot(s, auth.key_id, ctx.settings.submit_spacing_s)
        doomed = list(inside(s) or []) if inside is not None else []
        total = sum(to_milli(d.cost) for d in drafts) + (to_milli(fee[1]) if fee else 0)
        account = billing.lock_account(s, auth.account_id)
        if total > account.balance_milli:
            raise InsufficientBalance(from_milli(total), from_milli(account.balance_milli))
        if fee is not None and fee_id is not None:
            s.add(_fee_job(auth, fee_id, fee, now))
            s.flush()
            billing.charge(s, auth.account_id, fee_id, to_milli(fee[1]))
        for d in drafts:
            billing.charge(s, auth.account_id, d.id, to_milli(d.cost))
            if d.asset is not None:
                s.add(_asset_row(auth, d, now))
            s.add(
                Job(
                    id=d.id,
                    account_id=auth.account_id,
                    kind=d.kind,
                    status="queued",
                    payload=d.payload,
                    cost_milli=to_milli(d.cost),
                    asset_id=d.asset.id if d.asset is not None else None,
                    dispatched_at=now,
                    created_at=now,
                )
            )
        s.add_all(extra_rows)
    for key in doomed:
        ctx.blobs.delete(key)
    try:
        for d in drafts:
            ctx.runner.dispatch(d.id)
    except QueueUnavailable as exc:
        _withdraw(ctx, [d.id for d in drafts] + ([fee_id] if fee_id else []), exc.reason)
        raise
    return [Submitted(d.id, d.asset.id if d.asset else None, d.cost) for d in drafts]


def _asset_row(auth: Auth, d: JobDraft, now: dt.datetime) -> Asset:
    a = d.asset
    assert a is not None
    return Asset(
        id=a.id,
        account_id=auth.account_id,
        family=a.family,
        status="processing",
        name=a.name,
        description=a.description,
        params=a.params,
        job_id=d.id,
        parent_id=a.parent_id,
        group_id=a.group_id,
        tags=a.tags,
        expires_at=a.expires_at,
        created_at=now,
    )


def _fee_job(auth: Auth, fee_id: str, fee: tuple[str, float], now: dt.datetime) -> Job:
    kind, cost = fee
    return Job(
        id=fee_id,
        account_id=auth.account_id,
        kind=SYNC_PREFIX + kind,
        status="completed",
        payload={},
        cost_milli=to_milli(cost),
        progress=100,
        attempts=1,
        started_at=now,
        finished_at=now,
        created_at=now,
        last_response={"status": "completed"},
    )


def _withdraw(ctx: Container, job_ids: Sequence[str], reason: str) -> None:
    """Fail and refund a submission's jobs that were charged but could not all be queued
    (one that a worker has already taken is left to finish)."""
    with ctx.db.write() as s:
        for job_id in job_ids:
            job = s.get(Job, job_id)
            if job is None:
                continue
            if job.status == "queued":
                fail_job(ctx, job, f"QueueUnavailable: {reason}", s)
            elif job.kind.startswith(SYNC_PREFIX) and job.status == "completed":
                billing.refund(s, job.account_id, job.id)  # the fee of a withdrawn submission


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
