"""Image utilities as use cases: synchronous ones charged and run at once (refunded if
they fail), the others queued as background jobs whose ``last_response`` is the result."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pixelkiln.contract.common import Usage
from pixelkiln.contract.utilities import ENDPOINTS, UtilityRequest
from pixelkiln.jobs.types import JobContext, JobOutput
from pixelkiln.service.accounts import Auth
from pixelkiln.service.submit import Submitted, run_sync, submit_job
from pixelkiln.service.utilities.compute import compute
from pixelkiln.service.utilities.costs import quote

if TYPE_CHECKING:
    from pydantic import BaseModel

    from pixelkiln.bootstrap import Container

__all__ = ["JOB_KIND", "run_utility", "run_utility_job", "submit_utility"]

#: The job kind of the utilities that run in the background.
JOB_KIND = "utility"
_BY_PATH = {e.path: e for e in ENDPOINTS}


def run_utility(ctx: Container, auth: Auth, req: UtilityRequest) -> BaseModel:
    """Charge, compute now, and answer with the result and its usage."""
    cost = quote(req)
    result: BaseModel = run_sync(ctx, auth, req.PATH.strip("/"), cost, lambda: compute(req))
    result.usage = Usage(type="generations", generations=cost)  # type: ignore[attr-defined]
    return result


def submit_utility(ctx: Container, auth: Auth, req: UtilityRequest) -> tuple[Submitted, float]:
    """Charge and queue a background utility; the job's ``last_response`` will be its result."""
    cost = quote(req)
    payload = {"path": req.PATH, "request": req.model_dump(mode="json")}
    return submit_job(ctx, auth, JOB_KIND, payload, cost), cost


def run_utility_job(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    """Job handler: rebuild the request, run the engine, keep the result as last_response."""
    endpoint = _BY_PATH[payload["path"]]
    req = endpoint.request.model_validate(payload["request"], strict=False)
    result = compute(req, ctx.progress)
    body = result.model_dump(mode="json")
    return JobOutput(result={"path": endpoint.path}, last_response=body)
