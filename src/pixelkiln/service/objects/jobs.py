"""Queuing the family's jobs: several jobs (an animation's directions) in one submission.

``service.submit.submit_job`` queues one job and claims the key's submission slot; an
animation is one job per direction, and claiming the slot per direction would refuse
the second direction of the same request (429). Here one transaction claims the slot
once, charges each job (its own ledger row, so a failed direction is refunded alone),
inserts every asset (with the parent, group, tags and expiry the family needs) and every
job; then each job is dispatched. ``inside`` runs in that transaction first (re-checks
and rows to change, such as the directions a ``replace_existing`` removes) and returns
blob keys to delete once it has committed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from pixelkiln.service import billing
from pixelkiln.service.accounts import Auth
from pixelkiln.service.money import to_milli
from pixelkiln.service.spacing import claim_submission_slot
from pixelkiln.store.models import Asset, Blob, Job, new_id, utcnow

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = ["Draft", "Queued", "drop_assets", "queue"]


@dataclass
class Draft:
    """One job to queue and the asset it fills."""

    kind: str
    payload: dict[str, Any]
    cost: float
    family: str
    name: str | None = None
    description: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    parent_id: str | None = None
    group_id: str | None = None
    tags: list[str] | None = None
    expires_at: dt.datetime | None = None
    asset_id: str = field(default_factory=new_id)
    job_id: str = field(default_factory=new_id)


@dataclass(frozen=True)
class Queued:
    job_id: str
    asset_id: str
    cost: float


def drop_assets(s: Session, ids: Sequence[str]) -> list[str]:
    """Delete assets and their blob rows in ``s``; the blob keys to remove after commit."""
    if not ids:
        return []
    keys = list(s.scalars(select(Blob.key).where(Blob.asset_id.in_(list(ids)))))
    s.execute(delete(Blob).where(Blob.asset_id.in_(list(ids))))
    s.execute(delete(Asset).where(Asset.id.in_(list(ids))))
    return keys


def queue(
    ctx: Container,
    auth: Auth,
    drafts: Sequence[Draft],
    inside: Callable[[Session], Sequence[str] | None] | None = None,
) -> list[Queued]:
    """Charge and queue ``drafts`` atomically (see the module docstring)."""
    doomed: list[str] = []
    with ctx.db.write() as s:
        claim_submission_slot(s, auth.key_id, ctx.settings.submit_spacing_s)
        if inside is not None:
            doomed = list(inside(s) or [])
        now = utcnow()
        for d in drafts:
            billing.charge(s, auth.account_id, d.job_id, to_milli(d.cost))
            s.add(
                Asset(
                    id=d.asset_id,
                    account_id=auth.account_id,
                    family=d.family,
                    status="processing",
                    name=d.name,
                    description=d.description,
                    params=d.params,
                    job_id=d.job_id,
                    parent_id=d.parent_id,
                    group_id=d.group_id,
                    tags=d.tags,
                    expires_at=d.expires_at,
                    created_at=now,
                )
            )
            s.add(
                Job(
                    id=d.job_id,
                    account_id=auth.account_id,
                    kind=d.kind,
                    status="queued",
                    payload=d.payload,
                    cost_milli=to_milli(d.cost),
                    asset_id=d.asset_id,
                    dispatched_at=now,
                    created_at=now,
                )
            )
    for key in doomed:
        ctx.blobs.delete(key)
    for d in drafts:
        ctx.runner.dispatch(d.job_id)
    return [Queued(d.job_id, d.asset_id, d.cost) for d in drafts]
