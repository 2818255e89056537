"""API-side runner of the scale-out deployment: jobs go to Celery workers by name."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from pixelkiln.jobs.celery_app import QUEUE, TASK_NAME, make_celery
from pixelkiln.jobs.sweeper import Sweeper

if TYPE_CHECKING:
    from pixelkiln.jobs.types import JobsContext

__all__ = ["CeleryRunner"]

log = logging.getLogger(__name__)


class CeleryRunner:
    def __init__(self, ctx: JobsContext) -> None:
        self.ctx = ctx
        self.app = make_celery(ctx.settings)
        self._sweeper = Sweeper(
            ctx,
            self.dispatch,
            interval=ctx.settings.sweep_interval_s,
            redispatch_after_s=ctx.settings.redispatch_after_s,
        )

    def start(self) -> None:
        self._sweeper.start()

    def stop(self) -> None:
        self._sweeper.stop()

    def dispatch(self, job_id: str) -> None:
        try:
            self.app.send_task(TASK_NAME, args=[job_id], queue=QUEUE)
        except Exception:  # the broker is down: the sweeper dispatches it again later
            log.warning("could not enqueue job %s", job_id, exc_info=True)
