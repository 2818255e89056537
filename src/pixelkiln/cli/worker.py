"""``pixelkiln worker``: a Celery worker of the scale-out deployment."""

from __future__ import annotations

import os

import typer

from pixelkiln.cli.common import err, settings


def worker(
    concurrency: int = typer.Option(2, min=1, help="Worker processes."),
    loglevel: str = typer.Option("info", help="Celery log level."),
) -> None:
    """Run a Celery worker that executes jobs (needs PIXELKILN_BROKER_URL)."""
    cfg = settings()
    if not cfg.broker_url:
        err.print(
            "[red]PIXELKILN_BROKER_URL is not set: the embedded deployment needs no worker[/red]"
        )
        raise typer.Exit(2)
    from pixelkiln.bootstrap import worker_container
    from pixelkiln.jobs.celery_app import QUEUE, make_celery

    app = make_celery(cfg, make_context=worker_container)
    app.worker_main(
        [
            "worker",
            f"--concurrency={concurrency}",
            f"--loglevel={loglevel}",
            f"--queues={QUEUE}",
            "--without-gossip",
            "--without-mingle",
            f"--hostname=pixelkiln-{os.getpid()}@%h",
        ]
    )
