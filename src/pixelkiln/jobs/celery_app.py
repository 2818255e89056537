"""The Celery side of the scale-out deployment.

The API enqueues by task *name* with the job id only (``pixelkiln.run_job``); the job row
holds everything else. Tasks are acknowledged late with a prefetch of 1, so a message is
only gone once its job has been run; ``execute_job`` is idempotent, so a redelivered
message for a finished job does nothing.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from celery import Celery
from celery.signals import worker_process_init

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container
    from pixelkiln.config import Settings

__all__ = ["TASK_NAME", "make_celery"]

TASK_NAME = "pixelkiln.run_job"
QUEUE = "pixelkiln"


def make_celery(settings: Settings) -> Celery:
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
        worker_hijack_root_logger=False,
        # The sweeper re-dispatches lost work; the broker need not hold messages for long.
        broker_transport_options={"visibility_timeout": 3600},
    )

    @app.task(name=TASK_NAME, ignore_result=True)
    def run_job(job_id: str) -> str:
        from pixelkiln.jobs.executor import execute_job

        return execute_job(_worker_container(settings.model_dump_json()), job_id).state

    return app


@cache
def _worker_container(settings_json: str) -> Container:
    from pixelkiln.bootstrap import build_container
    from pixelkiln.config import Settings

    return build_container(Settings.model_validate_json(settings_json), with_runner=False)


@worker_process_init.connect
def _fresh_connections(**_: Any) -> None:
    # A forked pool child must not share its parent's database connections.
    _worker_container.cache_clear()
