"""Queueing events: a delivery row per subscribed endpoint, written in the caller's
transaction (the one that finishes the job), so an event is never lost with a process."""

from __future__ import annotations

import datetime as dt
import json
import uuid
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from pixelkiln.contract.common import Usage
from pixelkiln.contract.jobs import BackgroundJobResponse
from pixelkiln.service import billing
from pixelkiln.service.money import from_milli
from pixelkiln.store.models import Job, WebhookDelivery, WebhookEndpoint, utcnow

__all__ = ["EVENTS", "TEST_EVENT", "job_body", "new_message_id", "queue_event", "queue_job_event"]

#: The events an endpoint can subscribe to.
EVENTS = ("job.completed", "job.failed")
#: Sent by ``pixelkiln webhooks test`` only.
TEST_EVENT = "webhook.test"


def new_message_id() -> str:
    return "msg_" + uuid.uuid4().hex


def _iso(t: dt.datetime) -> str:
    # The wire's timestamp format (as api.timefmt.iso): UTC, seconds, a Z.
    return t.astimezone(dt.UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def job_body(s: Session, job: Job) -> dict[str, Any]:
    """What ``GET /v2/background-jobs/{id}`` answers for a finished job (the same model)."""
    return BackgroundJobResponse(
        id=job.id,
        status=job.status,
        created_at=_iso(job.created_at),
        last_response=job.last_response,
        usage=Usage(type="generations", generations=from_milli(billing.net_charged(s, job.id))),
        progress_percent=100 if job.status == "completed" else job.progress,
    ).model_dump(mode="json")


def queue_event(s: Session, endpoint: WebhookEndpoint, event: str, body: dict[str, Any]) -> str:
    delivery = WebhookDelivery(
        id=new_message_id(),
        endpoint_id=endpoint.id,
        account_id=endpoint.account_id,
        event=event,
        job_id=body.get("id") if event != TEST_EVENT else None,
        body=json.dumps(body, separators=(",", ":"), ensure_ascii=False),
        status="pending",
        attempts=0,
        next_attempt_at=utcnow(),
    )
    s.add(delivery)
    return delivery.id


def queue_job_event(s: Session, job: Job) -> int:
    """Queue ``job.completed`` or ``job.failed`` for the job's account's endpoints; inside
    the write transaction that just finished the job. Returns how many were queued."""
    event = f"job.{job.status}"
    endpoints = [
        e
        for e in s.scalars(
            select(WebhookEndpoint).where(WebhookEndpoint.account_id == job.account_id)
        )
        if event in (e.events or EVENTS)
    ]
    if not endpoints:
        return 0
    s.flush()  # the refund of a failed job must count in the body's usage
    body = job_body(s, job)
    for endpoint in endpoints:
        queue_event(s, endpoint, event, body)
    return len(endpoints)
