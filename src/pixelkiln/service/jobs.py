"""Reading background jobs: ``GET /v2/background-jobs/{id}``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pixelkiln.errors import NotFound
from pixelkiln.service import billing
from pixelkiln.service.accounts import Auth
from pixelkiln.service.money import from_milli
from pixelkiln.store.models import Job

if TYPE_CHECKING:
    import datetime as dt

    from pixelkiln.bootstrap import Container

__all__ = ["JobView", "get_job", "public_status"]


def public_status(status: str) -> str:
    """queued and running are both ``processing`` on the wire."""
    return status if status in ("completed", "failed") else "processing"


@dataclass(frozen=True)
class JobView:
    id: str
    status: str
    created_at: dt.datetime
    last_response: dict[str, Any] | None
    #: What the account paid for it: the charge, less the refund if the job failed.
    billed: float
    progress: int
    asset_id: str | None


def get_job(ctx: Container, auth: Auth, job_id: str) -> JobView:
    """One of the caller's jobs (NotFound for an unknown id or another account's)."""
    with ctx.db.read() as s:
        job = s.get(Job, job_id)
        if job is None or job.account_id != auth.account_id:
            raise NotFound("Job not found")
        return JobView(
            id=job.id,
            status=public_status(job.status),
            created_at=job.created_at,
            last_response=job.last_response,
            billed=from_milli(billing.net_charged(s, job.id)),
            progress=100 if job.status == "completed" else job.progress,
            asset_id=job.asset_id,
        )
