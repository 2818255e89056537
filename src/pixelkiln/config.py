"""Settings, read from ``PIXELKILN_*`` environment variables. No instance at import time."""

from __future__ import annotations

import os
from functools import cached_property
from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["Settings"]


class Settings(BaseSettings):
    """Every knob of a deployment. The defaults are the embedded one: SQLite, in-process
    workers and a local image folder under ``./.pixelkiln/``."""

    model_config = SettingsConfigDict(env_prefix="PIXELKILN_", extra="ignore")

    host: str = "127.0.0.1"
    port: int = 8000
    data_dir: Path = Path(".pixelkiln")
    #: SQLAlchemy URL; default ``sqlite:///<data_dir>/pixelkiln.db``. Use
    #: ``postgresql+psycopg://...`` for the scale-out deployment.
    database_url: str | None = None
    #: Celery broker (``redis://...``). When set, jobs go to ``pixelkiln worker`` processes
    #: instead of the in-process pool.
    broker_url: str | None = None
    #: Folder of the local blob store; default ``<data_dir>/blobs``. In a scale-out deployment
    #: every API and worker process must see the same folder (a shared volume).
    blob_dir: Path | None = None
    #: Base of public file URLs (``https://pixels.example.com``); default: the request's own.
    public_url: str | None = None
    #: Least time between two submissions of one API key, in seconds.
    submit_spacing_s: float = Field(default=2.0, ge=0)
    #: How the embedded deployment runs jobs: worker processes (default), threads, or not at
    #: all until told (``manual``: tests hold jobs to observe them while they run).
    runner: Literal["process", "thread", "manual"] = "process"
    #: Worker processes (or threads) of the embedded runner.
    workers: int = Field(default_factory=lambda: max(1, min(4, os.cpu_count() or 1)), ge=1)
    #: A running job's lease; a worker renews it while it works. A job whose lease expired
    #: (its worker died) is run again.
    job_lease_s: float = Field(default=30.0, gt=0)
    #: How often the sweeper looks for lost and expired jobs.
    sweep_interval_s: float = Field(default=5.0, gt=0)
    #: With a broker: a job still queued this long after its dispatch is sent again (a
    #: message lost with an API process or the broker). The sweeper checks every
    #: ``sweep_interval_s``; a redelivered job that already ran does nothing.
    redispatch_after_s: float = Field(default=30.0, gt=0)
    #: A job no worker has taken this long after its submission is failed and refunded
    #: (no worker is running, or the broker keeps losing it), so no client polls forever.
    job_queue_timeout_s: float = Field(default=3600.0, gt=0)
    #: A job whose workers died this many times is failed and refunded.
    job_max_attempts: int = Field(default=3, ge=1)
    #: Map objects (and their files) are deleted by the sweeper this long after creation.
    map_object_ttl_s: float = Field(default=8 * 3600.0, gt=0)
    #: Generations granted to the account created on a first start.
    initial_generations: float = 2000.0
    #: Largest request body accepted, in bytes.
    max_body_bytes: int = 32 * 1024 * 1024
    #: Hosts (``hooks.example.com``, ``*.example.com``) and networks (``10.1.0.0/16``,
    #: ``127.0.0.1``) that webhooks may be sent to, separated by commas; none by default.
    webhook_allow: str = ""
    #: Time allowed for a webhook receiver to connect and answer.
    webhook_timeout_s: float = Field(default=5.0, gt=0)
    #: Wait before a delivery's first retry; it doubles on each further one.
    webhook_retry_base_s: float = Field(default=10.0, gt=0)
    #: A delivery not accepted this long after its event is given up.
    webhook_retry_window_s: float = Field(default=86400.0, gt=0)
    #: When set, ``/metrics`` answers only ``Authorization: Bearer <token>``.
    metrics_token: str | None = None
    #: Folder where every process of a host writes its metric samples (the Prometheus
    #: client's multiprocess mode); default ``<data_dir>/metrics``.
    metrics_dir: Path | None = None
    #: ``json``: one JSON object per log line (requests and jobs with ids, kind, duration
    #: and outcome).
    log_format: Literal["text", "json"] = "text"

    @cached_property
    def resolved_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite:///{(self.data_dir / 'pixelkiln.db').resolve()}"

    @cached_property
    def resolved_blob_dir(self) -> Path:
        return (self.blob_dir or self.data_dir / "blobs").resolve()

    @cached_property
    def resolved_metrics_dir(self) -> Path:
        return (self.metrics_dir or self.data_dir / "metrics").resolve()

    @property
    def is_sqlite(self) -> bool:
        return self.resolved_database_url.startswith("sqlite")
