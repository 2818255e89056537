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
    key = s.scalar(select(ApiKey).where(ApiKey.id == key_id).with_for_update())
    if key is None or key.revoked_at is not None:
        raise Unauthorized("Invalid or missing API key")
    # The clock is read once the lock is held: read before it, a submission that waited for
    # the lock would compare an older time with the newer one its rival just wrote.
    now = time.time() if now is None else now
    if spacing_s > 0 and key.last_submit_at is not None:
        elapsed = now - key.last_submit_at
        # A slightly negative gap is another host's clock running ahead: still too soon. A
        # gap more negative than the spacing is a clock set back, which must not lock the key.
        if -spacing_s <= elapsed < spacing_s:
            wait = min(spacing_s, spacing_s - elapsed)
            raise TooSoon(retry_after=wait, spacing=spacing_s)
    key.last_submit_at = now
