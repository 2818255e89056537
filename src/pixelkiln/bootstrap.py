"""The composition root: settings -> database, blob store, job runner."""

from __future__ import annotations

from dataclasses import dataclass, field

from pixelkiln.config import Settings
from pixelkiln.jobs.runners import ManualRunner, PoolRunner
from pixelkiln.jobs.types import Runner
from pixelkiln.observability import configure as configure_observability
from pixelkiln.store.blobs import BlobStore, LocalBlobStore
from pixelkiln.store.db import Database

__all__ = ["Container", "build_container", "worker_container"]


class _NoRunner:
    """For processes that only execute jobs (workers) or only read (the CLI)."""

    def start(self) -> None:
        pass

    def stop(self) -> None:
        pass

    def check(self) -> None:
        raise RuntimeError("this process does not dispatch jobs")

    def dispatch(self, job_id: str) -> None:
        raise RuntimeError("this process does not dispatch jobs")


@dataclass
class Container:
    settings: Settings
    db: Database
    blobs: BlobStore
    runner: Runner = field(default_factory=_NoRunner)


def build_container(settings: Settings, with_runner: bool = True) -> Container:
    """Everything a process needs, built from its settings."""
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    configure_observability(settings)
    ctx = Container(
        settings=settings,
        db=Database(settings.resolved_database_url),
        blobs=LocalBlobStore(settings.resolved_blob_dir),
    )
    if with_runner:
        ctx.runner = make_runner(ctx)
    return ctx


def worker_container(settings: Settings) -> Container:
    """The context of a process that executes jobs (a pool worker, a Celery worker)."""
    return build_container(settings, with_runner=False)


def make_runner(ctx: Container) -> Runner:
    settings = ctx.settings
    if settings.broker_url:
        from pixelkiln.jobs.celery_runner import CeleryRunner

        return CeleryRunner(ctx)
    if settings.runner == "manual":
        return ManualRunner(ctx)
    return PoolRunner(ctx, settings.runner, settings.workers, make_context=worker_container)
