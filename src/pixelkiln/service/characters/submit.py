"""Several jobs in one submission, atomically.

An animation answers with one job per direction, and an enhanced prompt is billed
apart from the drawing it describes. :func:`submit_jobs` does what
:func:`pixelkiln.service.submit.submit_job` does for one job (spacing, charge, asset,
job, in ONE transaction), for a list: the key's spacing slot is claimed once, each job
is charged on its own ledger row (so a failed direction refunds only itself), and a
fee (the enhanced prompt) is recorded as a finished job row with its own charge, never
refunded: its product was delivered in the response.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pixelkiln.errors import InsufficientBalance
from pixelkiln.jobs.executor import SYNC_PREFIX
from pixelkiln.service import billing
from pixelkiln.service.accounts import Auth
from pixelkiln.service.money import from_milli, to_milli
from pixelkiln.service.spacing import claim_submission_slot
from pixelkiln.store.models import Asset, Job, new_id, utcnow

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = ["JobDraft", "Queued", "submit_jobs"]


@dataclass(frozen=True)
class JobDraft:
    """One job to queue and, if ``family`` is set, the asset it fills."""

    kind: str
    payload: dict[str, Any]
    cost: float
    family: str | None = None
    name: str | None = None
    description: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    parent_id: str | None = None
    group_id: str | None = None
    tags: list[str] | None = None
    asset_id: str | None = None  # chosen by the caller when other rows must point at it


@dataclass(frozen=True)
class Queued:
    job_ids: list[str]
    asset_ids: list[str | None]
    fee_job_id: str | None


def submit_jobs(
    ctx: Container,
    auth: Auth,
    drafts: Sequence[JobDraft],
    fee: tuple[str, float] | None = None,
) -> Queued:
    """Charge and queue every draft (and ``fee``: a ``(kind, cost)`` billed at once),
    in one transaction; then hand the jobs to the runner."""
    job_ids = [new_id() for _ in drafts]
    asset_ids = [(d.asset_id or new_id()) if d.family is not None else None for d in drafts]
    fee_id = new_id() if fee else None
    now = utcnow()
    with ctx.db.write() as s:
        claim_submission_slot(s, auth.key_id, ctx.settings.submit_spacing_s)
        # All or nothing: a 402 names the whole submission's cost, not one direction's.
        total = sum(to_milli(d.cost) for d in drafts) + (to_milli(fee[1]) if fee else 0)
        account = billing.lock_account(s, auth.account_id)
        if total > account.balance_milli:
            raise InsufficientBalance(from_milli(total), from_milli(account.balance_milli))
        if fee is not None and fee_id is not None:
            kind, cost = fee
            billing.charge(s, auth.account_id, fee_id, to_milli(cost))
            s.add(
                Job(
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
                    last_response={"status": "completed"},
                )
            )
        for d, job_id, asset_id in zip(drafts, job_ids, asset_ids, strict=True):
            billing.charge(s, auth.account_id, job_id, to_milli(d.cost))
            if asset_id is not None:
                s.add(
                    Asset(
                        id=asset_id,
                        account_id=auth.account_id,
                        family=d.family,
                        status="processing",
                        name=d.name,
                        description=d.description,
                        params=d.params,
                        job_id=job_id,
                        parent_id=d.parent_id,
                        group_id=d.group_id,
                        tags=d.tags,
                    )
                )
            s.add(
                Job(
                    id=job_id,
                    account_id=auth.account_id,
                    kind=d.kind,
                    status="queued",
                    payload=d.payload,
                    cost_milli=to_milli(d.cost),
                    asset_id=asset_id,
                    dispatched_at=now,
                )
            )
    for job_id in job_ids:
        ctx.runner.dispatch(job_id)
    return Queued(job_ids, asset_ids, fee_id)
