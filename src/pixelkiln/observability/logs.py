"""``PIXELKILN_LOG_FORMAT=json``: one JSON object per line.

Request and job lines carry their facts as ``extra`` fields (ids, kind, duration,
outcome); only the names listed in ``FIELDS`` are written, so a header, a key or an image
passed along by mistake never reaches the log.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import sys
from typing import Any

__all__ = ["FIELDS", "JsonFormatter", "configure_logging"]

#: The extra fields a log line may carry.
FIELDS = (
    "event",
    "request_id",
    "method",
    "route",
    "status",
    "status_code",
    "job_id",
    "asset_id",
    "account_id",
    "delivery_id",
    "kind",
    "outcome",
    "attempts",
    "duration_ms",
    "error",
)


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": dt.datetime.fromtimestamp(record.created, dt.UTC).isoformat(
                timespec="milliseconds"
            ),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in FIELDS:
            value = record.__dict__.get(name)
            if value is not None:
                line[name] = value
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str, ensure_ascii=False)


def configure_logging(fmt: str, level: int = logging.INFO) -> None:
    """Send every log record to stderr in ``fmt`` (once per process)."""
    root = logging.getLogger()
    if any(getattr(h, "_pixelkiln", False) for h in root.handlers):
        return
    handler = logging.StreamHandler(sys.stderr)
    handler._pixelkiln = True  # type: ignore[attr-defined]
    if fmt == "json":
        handler.setFormatter(JsonFormatter())
        # One format per line: earlier plain handlers (basicConfig) would print it twice.
        for old in list(root.handlers):
            root.removeHandler(old)
    root.addHandler(handler)
    if root.level == logging.NOTSET or root.level > level:
        root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "celery"):
        logger = logging.getLogger(name)
        logger.handlers.clear()
        logger.propagate = True
