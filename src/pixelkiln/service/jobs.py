"""Reading background jobs: ``GET /v2/background-jobs/{id}``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import bindparam, case, null, select, type_coerce

from pixelkiln.errors import NotFound
from pixelkiln.service import billing
from pixelkiln.service.accounts import Auth
from pixelkiln.service.assets import Prepared, prepare, prepared_once
from pixelkiln.service.money import from_milli
from pixelkiln.store.models import Job, Json

if TYPE_CHECKING:
    import datetime as dt

    from pixelkiln.bootstrap import Container

__all__ = ["JobView", "public_status", "read_job"]


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


_TERMINAL = ("completed", "failed")

#: A poll's one query: the light columns, the charge, and the result only while the job
#: runs (a finished job's result, which can hold many images, is read once, then stored).
_STATE = select(
    Job.account_id,
    Job.status,
    Job.created_at,
    Job.progress,
    Job.asset_id,
    Job.finished_at,
    type_coerce(case((Job.status.in_(_TERMINAL), null()), else_=Job.last_response), Json).label(
        "live_response"
    ),
    billing.job_ledger(Job.id).label("ledger"),
).where(Job.id == bindparam("job_id"))


def _view(job_id: str, row: Any, last_response: dict[str, Any] | None) -> JobView:
    return JobView(
        id=job_id,
        status=public_status(row.status),
        created_at=row.created_at,
        last_response=last_response,
        billed=from_milli(-int(row.ledger)),
        progress=100 if row.status == "completed" else row.progress,
        asset_id=row.asset_id,
    )


def read_job(
    ctx: Container, auth: Auth, job_id: str, render: Callable[[JobView], bytes]
) -> Prepared:
    """One of the caller's jobs as ``render`` encodes it (NotFound for an unknown id or
    another account's). A finished job is encoded at its first read and served from then
    on; its status, finish time and charge (a refund moves it) key the stored answer."""
    with ctx.db.lookup() as conn:
        row = conn.execute(_STATE, {"job_id": job_id}).one_or_none()
        if row is None or row.account_id != auth.account_id:
            raise NotFound("Job not found")
        if row.status not in _TERMINAL:
            return prepare(render(_view(job_id, row, row.live_response)))
        key = (ctx.db.url, "job", job_id, row.status, row.finished_at, int(row.ledger))

        def build() -> bytes:
            last = conn.scalar(select(Job.last_response).where(Job.id == job_id))
            return render(_view(job_id, row, last))

        return prepared_once(key, build)
