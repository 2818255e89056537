"""The process-side metrics (counted where things happen, summed over processes).

Imported only after ``observability.configure``: see the package's docstring.
"""

from __future__ import annotations

from prometheus_client import Counter, Histogram

__all__ = ["DELIVERY_ATTEMPTS", "JOBS_FINISHED", "JOB_SECONDS", "REQUESTS", "REQUEST_SECONDS"]

REQUESTS = Counter(
    "pixelkiln_http_requests",
    "HTTP requests answered, by route template and status.",
    ["method", "route", "status"],
)
REQUEST_SECONDS = Histogram(
    "pixelkiln_http_request_duration_seconds",
    "Time to answer an HTTP request, by route template.",
    ["method", "route"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
JOBS_FINISHED = Counter(
    "pixelkiln_jobs_run",
    "Jobs run by a worker, by kind and outcome (completed, failed, skipped).",
    ["kind", "status"],
)
JOB_SECONDS = Histogram(
    "pixelkiln_job_run_seconds",
    "Time a worker spent on a job, by kind.",
    ["kind"],
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300),
)
DELIVERY_ATTEMPTS = Counter(
    "pixelkiln_webhook_attempts",
    "Webhook delivery attempts, by event and outcome (delivered, retry, failed).",
    ["event", "outcome"],
)
