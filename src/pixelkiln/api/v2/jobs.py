"""``GET /background-jobs/{job_id}``."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from pixelkiln.api.deps import AuthDep, ContainerDep, db_call
from pixelkiln.api.prepared import NOT_MODIFIED, answer, encoder
from pixelkiln.api.timefmt import iso
from pixelkiln.contract.common import Usage
from pixelkiln.contract.jobs import BackgroundJobResponse
from pixelkiln.service.jobs import JobView, read_job

router = APIRouter(tags=["Jobs"])


def _body(job: JobView) -> BackgroundJobResponse:
    return BackgroundJobResponse(
        id=job.id,
        status=job.status,
        created_at=iso(job.created_at),
        last_response=job.last_response,
        usage=Usage(type="generations", generations=job.billed),
        progress_percent=job.progress,
    )


_encode = encoder(BackgroundJobResponse, _body)


@router.get(
    "/background-jobs/{job_id}",
    response_model=BackgroundJobResponse,
    summary="Get background job status",
    responses={
        404: {"description": "Job not found or doesn't belong to the caller"},
        **NOT_MODIFIED,
    },
)
async def background_job(
    job_id: str, request: Request, auth: AuthDep, ctx: ContainerDep
) -> Response:
    """Status, result (``last_response``) and billed usage of one of the caller's jobs.
    A finished job's answer is encoded once and carries an ``ETag``."""
    return answer(request, await db_call(ctx, read_job, ctx, auth, job_id, _encode))
