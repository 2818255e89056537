"""Submission spacing: per API key, a submission closer than the limit to the previous
accepted one is refused with the time left to wait. The last time is a column of the key's
row, read and written under the row lock, so it holds across API processes."""

from __future__ import annotations

import time

from sqlalchemy import select
from sqlalchemy.orm import Session

from pixelkiln.errors import TooSoon, Unauthorized
from pixelkiln.store.models import ApiKey

__all__ = ["claim_submission_slot"]


def claim_submission_slot(
    s: Session, key_id: str, spacing_s: float, now: float | None = None
) -> None:
    """Record a submission now, or raise TooSoon with the seconds left to wait."""
    now = time.time() if now is None else now
    key = s.scalar(select(ApiKey).where(ApiKey.id == key_id).with_for_update())
    if key is None or key.revoked_at is not None:
        raise Unauthorized("Invalid or missing API key")
    if spacing_s > 0 and key.last_submit_at is not None:
        elapsed = now - key.last_submit_at
        if 0 <= elapsed < spacing_s:
            raise TooSoon(retry_after=spacing_s - elapsed, spacing=spacing_s)
    key.last_submit_at = now
