"""Managing an account's webhook endpoints (the operator's CLI), and the deliveries log."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import select

from pixelkiln.config import Settings
from pixelkiln.errors import NotFound
from pixelkiln.store.db import Database
from pixelkiln.store.models import (
    Account,
    WebhookAttempt,
    WebhookDelivery,
    WebhookEndpoint,
    utcnow,
)
from pixelkiln.webhooks.allow import AllowList
from pixelkiln.webhooks.events import EVENTS, TEST_EVENT, queue_event
from pixelkiln.webhooks.signing import new_secret

__all__ = [
    "AddedEndpoint",
    "DeliveryView",
    "EndpointView",
    "add_endpoint",
    "list_deliveries",
    "list_endpoints",
    "queue_test",
    "remove_endpoint",
]


@dataclass(frozen=True)
class AddedEndpoint:
    id: str
    url: str
    events: list[str]
    #: Shown once: only the database keeps it.
    secret: str


def add_endpoint(
    settings: Settings, db: Database, account_id: str, url: str, events: list[str] | None
) -> AddedEndpoint:
    """Add an endpoint; ``Refused`` if the allow list does not admit its URL, ValueError
    for an unknown event, NotFound for an unknown account."""
    chosen = list(dict.fromkeys(events or EVENTS))
    unknown = [e for e in chosen if e not in EVENTS]
    if unknown:
        raise ValueError(f"unknown event {unknown[0]!r} (known: {', '.join(EVENTS)})")
    AllowList.parse(settings.webhook_allow).check(url)
    with db.write() as s:
        if s.get(Account, account_id) is None:
            raise NotFound(f"No account {account_id}")
        endpoint = WebhookEndpoint(
            account_id=account_id, url=url, events=chosen, secret=new_secret()
        )
        s.add(endpoint)
        s.flush()
        return AddedEndpoint(endpoint.id, url, chosen, endpoint.secret)


@dataclass(frozen=True)
class EndpointView:
    id: str
    account_id: str
    url: str
    events: list[str]
    created_at: dt.datetime


def list_endpoints(db: Database, account_id: str | None = None) -> list[EndpointView]:
    with db.read() as s:
        query = select(WebhookEndpoint).order_by(WebhookEndpoint.created_at)
        if account_id:
            query = query.where(WebhookEndpoint.account_id == account_id)
        return [
            EndpointView(e.id, e.account_id, e.url, list(e.events or EVENTS), e.created_at)
            for e in s.scalars(query)
        ]


def remove_endpoint(db: Database, endpoint_id: str) -> None:
    """Remove an endpoint and its deliveries (pending ones are not sent)."""
    with db.write() as s:
        endpoint = s.get(WebhookEndpoint, endpoint_id)
        if endpoint is None:
            raise NotFound(f"No webhook {endpoint_id}")
        s.delete(endpoint)


def queue_test(db: Database, endpoint_id: str) -> str:
    """Queue a ``webhook.test`` event for the endpoint; its delivery id."""
    with db.write() as s:
        endpoint = s.get(WebhookEndpoint, endpoint_id)
        if endpoint is None:
            raise NotFound(f"No webhook {endpoint_id}")
        body = {"type": TEST_EVENT, "webhook_id": endpoint.id, "sent_at": utcnow().isoformat()}
        return queue_event(s, endpoint, TEST_EVENT, body)


@dataclass(frozen=True)
class DeliveryView:
    id: str
    endpoint_id: str
    event: str
    job_id: str | None
    status: str
    attempts: int
    next_attempt_at: dt.datetime
    created_at: dt.datetime
    #: (time, status code, error, milliseconds) of each try, oldest first.
    tries: list[tuple[dt.datetime, int | None, str | None, int]]


def list_deliveries(
    db: Database, endpoint_id: str | None = None, limit: int = 50
) -> list[DeliveryView]:
    """The latest deliveries (of one endpoint), newest first, with their attempts."""
    with db.read() as s:
        query = select(WebhookDelivery).order_by(WebhookDelivery.created_at.desc()).limit(limit)
        if endpoint_id:
            query = query.where(WebhookDelivery.endpoint_id == endpoint_id)
        rows = list(s.scalars(query))
        tries: dict[str, list[tuple[dt.datetime, int | None, str | None, int]]] = {}
        if rows:
            for a in s.scalars(
                select(WebhookAttempt)
                .where(WebhookAttempt.delivery_id.in_([r.id for r in rows]))
                .order_by(WebhookAttempt.id)
            ):
                tries.setdefault(a.delivery_id, []).append(
                    (a.attempted_at, a.status_code, a.error, a.duration_ms)
                )
        return [
            DeliveryView(
                r.id,
                r.endpoint_id,
                r.event,
                r.job_id,
                r.status,
                r.attempts,
                r.next_attempt_at,
                r.created_at,
                tries.get(r.id, []),
            )
            for r in rows
        ]
