"""API-side runner of the scale-out deployment: jobs go to Celery workers by name.

A submission first asks :meth:`CeleryRunner.check` (a round trip to the broker), so a
broker that is down is a 503 before anything is charged; a send that fails after that is
reported as :class:`~pixelkiln.errors.QueueUnavailable` too, and the submission withdraws
its job (failed, refunded). Publishing never retries here: a client waiting on a 202 must
not wait out a broker's reconnection back-off.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from pixelkiln.errors import QueueUnavailable
from pixelkiln.jobs.celery_app import (
    DELIVER_TASK_NAME,
    QUEUE,
    TASK_NAME,
    broker_problem,
    make_celery,
)
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
            deliver=self._deliver,
        )

    def start(self) -> None:
        self._sweeper.start()

    def stop(self) -> None:
        self._sweeper.stop()

    def check(self) -> None:
        problem = broker_problem(self.app)
        if problem:
            raise QueueUnavailable(problem)

    def dispatch(self, job_id: str) -> None:
        try:
            self.app.send_task(TASK_NAME, args=[job_id], queue=QUEUE, retry=False)
        except Exception as exc:
            raise QueueUnavailable(f"{type(exc).__name__}: {exc}") from exc

    def _deliver(self, delivery_id: str) -> None:
        self.app.send_task(DELIVER_TASK_NAME, args=[delivery_id], queue=QUEUE, retry=False)
