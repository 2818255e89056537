"""``GET /background-jobs/{job_id}``."""

from __future__ import annotations

from fastapi import APIRouter

from pixelkiln.api.deps import AuthDep, ContainerDep
from pixelkiln.api.timefmt import iso
from pixelkiln.contract.common import Usage
from pixelkiln.contract.jobs import BackgroundJobResponse
from pixelkiln.service.jobs import get_job

router = APIRouter(tags=["Jobs"])


@router.get(
    "/background-jobs/{job_id}",
    response_model=BackgroundJobResponse,
    summary="Get background job status",
    responses={404: {"description": "Job not found or doesn't belong to the caller"}},
)
def background_job(job_id: str, auth: AuthDep, ctx: ContainerDep) -> BackgroundJobResponse:
    """Status, result (``last_response``) and billed usage of one of the caller's jobs."""
    job = get_job(ctx, auth, job_id)
    return BackgroundJobResponse(
        id=job.id,
        status=job.status,
        created_at=iso(job.created_at),
        last_response=job.last_response,
        usage=Usage(type="generations", generations=job.billed),
        progress_percent=job.progress,
    )
