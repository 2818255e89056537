"""Sending deliveries: claim the due ones, post each once, record the attempt, and plan
the next try with exponential back-off until the retry window closes.

Any process may send: a claim (``claimed_until``) keeps two senders off one delivery,
and a claim left by a process that died expires, so its delivery is sent by another.
"""

from __future__ import annotations

import datetime as dt
import logging
import time
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

import httpx
from sqlalchemy import or_, select

from pixelkiln import __version__
from pixelkiln.config import Settings
from pixelkiln.observability import record
from pixelkiln.store.db import Database
from pixelkiln.store.models import WebhookAttempt, WebhookDelivery, WebhookEndpoint, utcnow
from pixelkiln.webhooks.allow import AllowList, Refused, Target
from pixelkiln.webhooks.signing import signed_headers

__all__ = ["attempt_delivery", "backoff_s", "claim_due"]

log = logging.getLogger(__name__)

#: The longest wait between two tries, so a day's window still holds several late ones.
MAX_BACKOFF_S = 4 * 3600.0


def backoff_s(settings: Settings, attempts: int) -> float:
    """Wait after the ``attempts``-th failed try: base, 2 x base, 4 x base, ..."""
    return min(MAX_BACKOFF_S, settings.webhook_retry_base_s * 2 ** max(0, attempts - 1))


def _hold_s(settings: Settings) -> float:
    # Longer than one attempt can take (connect + answer), so a live sender keeps its claim.
    return 2 * settings.webhook_timeout_s + 10


def claim_due(
    settings: Settings, db: Database, job_id: str | None = None, limit: int = 100
) -> list[str]:
    """Claim the deliveries due now (those of ``job_id`` only, if given); their ids."""
    now = utcnow()
    due = (
        (WebhookDelivery.status == "pending")
        & (WebhookDelivery.next_attempt_at <= now)
        & or_(WebhookDelivery.claimed_until.is_(None), WebhookDelivery.claimed_until < now)
    )
    if job_id is not None:
        due = due & (WebhookDelivery.job_id == job_id)
    # A cheap read first: most sweeps find nothing, and need not take the write lock.
    with db.read() as s:
        if s.scalar(select(WebhookDelivery.id).where(due).limit(1)) is None:
            return []
    with db.write() as s:
        query = select(WebhookDelivery).where(due).order_by(WebhookDelivery.next_attempt_at)
        if not db.is_sqlite:
            query = query.with_for_update(skip_locked=True)
        rows = list(s.scalars(query.limit(limit)))
        until = now + dt.timedelta(seconds=_hold_s(settings))
        for row in rows:
            row.claimed_until = until
        return [row.id for row in rows]


@dataclass(frozen=True)
class _Message:
    id: str
    url: str
    secret: str
    event: str
    body: str
    created_at: dt.datetime


def _post(target: Target, message: _Message, timeout: float) -> int:
    """POST to the checked address (never a fresh lookup), no redirects, no proxies."""
    parts = urlsplit(target.url)
    host = f"[{target.address}]" if ":" in target.address else target.address
    url = urlunsplit((parts.scheme, f"{host}:{target.port}", parts.path or "/", parts.query, ""))
    now = utcnow()
    headers = {
        "host": parts.netloc,
        "content-type": "application/json",
        "user-agent": f"pixelkiln/{__version__}",
        "pixelkiln-event": message.event,
        **signed_headers(message.secret, message.id, message.body, now),
    }
    extensions = {"sni_hostname": target.host} if target.scheme == "https" else {}
    with httpx.Client(timeout=timeout, follow_redirects=False, trust_env=False) as client:
        response = client.post(
            url, content=message.body.encode(), headers=headers, extensions=extensions
        )
    return response.status_code


def attempt_delivery(settings: Settings, db: Database, delivery_id: str) -> str:
    """Try one delivery once: ``delivered``, ``retry`` (planned), ``failed`` (given up or
    refused by the allow list) or ``skipped`` (not pending any more)."""
    with db.read() as s:
        row = s.get(WebhookDelivery, delivery_id)
        endpoint = s.get(WebhookEndpoint, row.endpoint_id) if row is not None else None
        if row is None or endpoint is None or row.status != "pending":
            return "skipped"
        message = _Message(
            row.id, endpoint.url, endpoint.secret, row.event, row.body, row.created_at
        )
    started = time.monotonic()
    code: int | None = None
    error: str | None = None
    refused = False
    try:
        target = AllowList.parse(settings.webhook_allow).check(message.url)
        code = _post(target, message, settings.webhook_timeout_s)
        if not 200 <= code < 300:
            error = f"answered {code}"
    except Refused as exc:
        refused, error = True, f"refused: {exc}"
    except httpx.HTTPError as exc:
        error = f"{type(exc).__name__}: {exc}"[:1000]
    took_ms = int((time.monotonic() - started) * 1000)
    now = utcnow()
    with db.write() as s:
        row = s.scalar(
            select(WebhookDelivery).where(WebhookDelivery.id == delivery_id).with_for_update()
        )
        if row is None or row.status != "pending":
            return "skipped"
        row.attempts += 1
        row.claimed_until = None
        row.last_status_code, row.last_error = code, error
        s.add(
            WebhookAttempt(
                delivery_id=row.id,
                attempted_at=now,
                status_code=code,
                error=error,
                duration_ms=took_ms,
            )
        )
        if error is None:
            row.status, row.delivered_at, outcome = "delivered", now, "delivered"
        else:
            retry_at = now + dt.timedelta(seconds=backoff_s(settings, row.attempts))
            window_ends = message.created_at + dt.timedelta(seconds=settings.webhook_retry_window_s)
            if refused or retry_at > window_ends:
                row.status, outcome = "failed", "failed"
            else:
                row.next_attempt_at, outcome = retry_at, "retry"
        # Counted before the commit: a delivery that reads as delivered is counted.
        record.delivery_attempt(message.event, outcome)
    _log(message, outcome, code, error, took_ms)
    return outcome


def _log(message: _Message, outcome: str, code: int | None, error: str | None, ms: int) -> None:
    log.info(
        "webhook %s %s: %s",
        message.id,
        message.event,
        outcome,
        extra={
            "event": "webhook",
            "delivery_id": message.id,
            "kind": message.event,
            "outcome": outcome,
            "status_code": code,
            "error": error,
            "duration_ms": ms,
        },
    )
