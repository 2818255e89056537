"""Recording what happened: a metric sample and, for requests and jobs, one log line.

The metrics module is imported on first use, after ``observability.configure`` chose
where samples go.
"""

from __future__ import annotations

import logging
from types import ModuleType
from typing import Any

__all__ = ["delivery_attempt", "job_done", "request_done"]

_requests_log = logging.getLogger("pixelkiln.requests")
_jobs_log = logging.getLogger("pixelkiln.jobs")


def _metrics() -> ModuleType:
    from pixelkiln.observability import metrics

    return metrics


def request_done(method: str, route: str, status: int, seconds: float, request_id: str) -> None:
    m = _metrics()
    m.REQUESTS.labels(method, route, str(status)).inc()
    m.REQUEST_SECONDS.labels(method, route).observe(seconds)
    _requests_log.info(
        "%s %s %d",
        method,
        route,
        status,
        extra={
            "event": "request",
            "request_id": request_id,
            "method": method,
            "route": route,
            "status": status,
            "duration_ms": round(seconds * 1000, 1),
        },
    )


def job_done(job: Any, outcome: str, seconds: float) -> None:
    """A worker finished running ``job`` (a ``store.models.Job``)."""
    m = _metrics()
    m.JOBS_FINISHED.labels(job.kind, outcome).inc()
    m.JOB_SECONDS.labels(job.kind).observe(seconds)
    _jobs_log.info(
        "job %s %s %s",
        job.id,
        job.kind,
        outcome,
        extra={
            "event": "job",
            "job_id": job.id,
            "asset_id": job.asset_id,
            "account_id": job.account_id,
            "kind": job.kind,
            "outcome": outcome,
            "attempts": job.attempts,
            "duration_ms": round(seconds * 1000, 1),
        },
    )


def delivery_attempt(event: str, outcome: str) -> None:
    _metrics().DELIVERY_ATTEMPTS.labels(event, outcome).inc()
