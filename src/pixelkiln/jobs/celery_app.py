"""The Celery side of the scale-out deployment.

The API enqueues by task *name* with the job id only (``pixelkiln.run_job``); the job row
holds everything else. Tasks are acknowledged late with a prefetch of 1, so a message is
only gone once its job has been run; ``execute_job`` is idempotent, so a redelivered
message for a finished job does nothing.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import Celery
from celery.signals import worker_process_init

from pixelkiln.config import Settings
from pixelkiln.jobs.types import ContextFactory, JobsContext

__all__ = ["DELIVER_TASK_NAME", "QUEUE", "TASK_NAME", "broker_problem", "make_celery"]

TASK_NAME = "pixelkiln.run_job"
#: Sends one webhook delivery (``pixelkiln.webhooks.sending.attempt_delivery``).
DELIVER_TASK_NAME = "pixelkiln.deliver_webhook"
QUEUE = "pixelkiln"

log = logging.getLogger(__name__)

#: The worker process's context, built on its first task (per forked pool child).
_contexts: dict[str, JobsContext] = {}


def make_celery(settings: Settings, make_context: ContextFactory | None = None) -> Celery:
    """The Celery app. Workers pass ``make_context`` to run tasks; the API only sends."""
    app = Celery("pixelkiln", broker=settings.broker_url)
    app.conf.update(
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_serializer="json",
        accept_content=["json"],
        task_ignore_result=True,
        task_default_queue=QUEUE,
        broker_connection_retry_on_startup=True,
        # A broker that does not answer must not hold a request for long.
        broker_connection_timeout=3,
        worker_hijack_root_logger=False,
        # The sweeper re-dispatches lost work; the broker need not hold messages for long.
        broker_transport_options={"visibility_timeout": 3600},
    )

    @app.task(name=TASK_NAME, ignore_result=True)
    def run_job(job_id: str) -> str:
        from pixelkiln.jobs.executor import execute_job

        ctx = _context(settings, make_context)
        state = execute_job(ctx, job_id).state
        if state != "skipped":
            # The job's webhooks are due now: send them rather than wait for a sweep.
            from pixelkiln.webhooks.sending import claim_due

            try:
                for delivery_id in claim_due(ctx.settings, ctx.db, job_id=job_id):
                    deliver_webhook.delay(delivery_id)
            except Exception:  # the job is done; a sweeper sends them once claims expire
                log.warning("could not queue the webhooks of job %s", job_id, exc_info=True)
        return state

    @app.task(name=DELIVER_TASK_NAME, ignore_result=True)
    def deliver_webhook(delivery_id: str) -> str:
        from pixelkiln.webhooks.sending import attempt_delivery

        ctx = _context(settings, make_context)
        return attempt_delivery(ctx.settings, ctx.db, delivery_id)

    return app


def _context(settings: Settings, make_context: ContextFactory | None) -> JobsContext:
    if make_context is None:
        msg = "this Celery app only sends tasks (make_celery without make_context)"
        raise RuntimeError(msg)
    key = settings.model_dump_json()
    if key not in _contexts:
        _contexts[key] = make_context(Settings.model_validate_json(key))
    return _contexts[key]


@worker_process_init.connect
def _fresh_connections(**_: Any) -> None:
    # A forked pool child must not share its parent's database connections.
    _contexts.clear()


def broker_problem(app: Celery, timeout: float = 3.0) -> str | None:
    """Why the broker cannot take a message now (its transport will not load, or it does
    not answer), or None when it can."""
    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, interval_start=0, timeout=timeout)
    except ImportError as exc:  # a transport whose dependencies are not installed
        return f"the broker transport cannot be loaded: {exc}"
    except Exception as exc:
        return f"the broker at {_safe_url(app)} does not answer: {type(exc).__name__}: {exc}"
    return None


def _safe_url(app: Celery) -> str:
    url = str(app.conf.broker_url or "")
    scheme, sep, rest = url.partition("://")
    return scheme + sep + rest.rpartition("@")[2] if sep else url
