"""Runners carry job ids to ``execute_job``.

- ``PoolRunner("process")``: the embedded default; CPU work in worker processes, off the
  API's event loop. A worker killed mid-job breaks the pool: it is rebuilt, and the job's
  expired lease brings it back through the sweeper.
- ``PoolRunner("thread")``: the same in threads (tests; tiny deployments).
- ``ManualRunner``: runs nothing until told (tests that watch a job while it is running).
- ``CeleryRunner`` (``pixelkiln.jobs.celery_runner``): scale-out workers fed by a broker.
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Literal

from pixelkiln.config import Settings
from pixelkiln.jobs.executor import Outcome, execute_job
from pixelkiln.jobs.sweeper import Sweeper
from pixelkiln.jobs.types import ContextFactory, JobsContext, Runner
from pixelkiln.webhooks.sending import attempt_delivery

__all__ = ["ManualRunner", "PoolRunner", "Runner"]

log = logging.getLogger(__name__)


# --- worker-process side -------------------------------------------------------------

_worker_ctx: JobsContext | None = None


def _init_worker(make_context: ContextFactory, settings_json: dict[str, Any]) -> None:
    global _worker_ctx
    _worker_ctx = make_context(Settings(**settings_json))


def _run_in_worker(job_id: str) -> Outcome:
    assert _worker_ctx is not None
    return execute_job(_worker_ctx, job_id)


# --- API-process side ----------------------------------------------------------------


class PoolRunner:
    """Jobs in a local pool of processes or threads, plus the sweeper.

    ``make_context`` builds each worker process's own context from the settings.
    """

    def __init__(
        self,
        ctx: JobsContext,
        mode: Literal["process", "thread"],
        workers: int,
        make_context: ContextFactory,
    ) -> None:
        self.ctx, self.mode, self.workers = ctx, mode, workers
        self.make_context = make_context
        self._lock = threading.Lock()
        self._inflight: set[str] = set()
        self._pool: Executor | None = None
        self._closed = False
        # Webhooks are sent from this process: waiting on receivers is I/O, not CPU work.
        self._senders = ThreadPoolExecutor(2, thread_name_prefix="pixelkiln-webhook")
        self._sweeper = Sweeper(
            ctx,
            self.dispatch,
            interval=ctx.settings.sweep_interval_s,
            redispatch_after_s=ctx.settings.sweep_interval_s,
            deliver=self._deliver,
        )

    def _new_pool(self) -> Executor:
        if self.mode == "thread":
            return ThreadPoolExecutor(self.workers, thread_name_prefix="pixelkiln-job")
        settings_json = self.ctx.settings.model_dump(mode="json")
        return ProcessPoolExecutor(
            self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_init_worker,
            initargs=(self.make_context, settings_json),
        )

    def start(self) -> None:
        with self._lock:
            self._pool = self._new_pool()
        self._sweeper.start()

    def stop(self) -> None:
        self._sweeper.stop()
        with self._lock:
            self._closed = True
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        self._senders.shutdown(wait=True, cancel_futures=True)

    def _deliver(self, delivery_id: str) -> None:
        self._senders.submit(attempt_delivery, self.ctx.settings, self.ctx.db, delivery_id)

    def check(self) -> None:
        pass  # an in-process pool always takes work (a broken pool is rebuilt)

    def dispatch(self, job_id: str) -> None:
        with self._lock:
            if self._closed or self._pool is None or job_id in self._inflight:
                return
            self._inflight.add(job_id)
            try:
                if self.mode == "thread":
                    fut = self._pool.submit(execute_job, self.ctx, job_id)
                else:
                    fut = self._pool.submit(_run_in_worker, job_id)
            except (BrokenProcessPool, RuntimeError):
                self._inflight.discard(job_id)
                self._rebuild_locked()
                return  # the sweeper dispatches it again
        fut.add_done_callback(lambda f: self._done(job_id, f))

    def _done(self, job_id: str, fut: Future[Outcome]) -> None:
        with self._lock:
            self._inflight.discard(job_id)
            exc = fut.exception() if not fut.cancelled() else None
            if isinstance(exc, BrokenProcessPool):
                log.warning(
                    "a job worker died; rebuilding the pool (job %s will be retried)", job_id
                )
                self._rebuild_locked()
            elif exc is not None:
                log.error("job %s crashed its runner: %r", job_id, exc)
            elif not fut.cancelled() and fut.result().state != "skipped":
                self._sweeper.wake()  # its webhooks are due now

    def _rebuild_locked(self) -> None:
        if self._closed:
            return
        old, self._pool = self._pool, self._new_pool()
        if old is not None:
            old.shutdown(wait=False, cancel_futures=True)


class ManualRunner:
    """Holds dispatched jobs until ``run_pending`` (for tests that observe running jobs)."""

    def __init__(self, ctx: JobsContext) -> None:
        self.ctx = ctx
        self.pending: list[str] = []
        self._lock = threading.Lock()

    def start(self) -> None:
        pass

    def stop(self) -> None:
        pass

    def check(self) -> None:
        pass

    def dispatch(self, job_id: str) -> None:
        with self._lock:
            if job_id not in self.pending:
                self.pending.append(job_id)

    def run_pending(self) -> list[Outcome]:
        """Run every held job now, in this thread."""
        with self._lock:
            ids, self.pending = self.pending, []
        return [execute_job(self.ctx, job_id) for job_id in ids]
