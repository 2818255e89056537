"""Timestamps on the wire: ISO 8601, UTC, with a ``Z``."""

from __future__ import annotations

import datetime as dt

__all__ = ["iso"]


def iso(t: dt.datetime) -> str:
    if t.tzinfo is None:
        t = t.replace(tzinfo=dt.UTC)
    return t.astimezone(dt.UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
