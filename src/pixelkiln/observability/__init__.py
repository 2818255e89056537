"""What operators see: Prometheus metrics (every process of a host writes its samples to
one folder, the client's multiprocess mode) and structured logs.

``configure(settings)`` runs in every process before any metric is touched (the
composition root calls it), because the Prometheus client picks its storage once, when
it is first imported.
"""

from __future__ import annotations

import os

from pixelkiln.config import Settings
from pixelkiln.observability.logs import configure_logging

__all__ = ["clear_metrics_dir", "configure"]

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"


def configure(settings: Settings) -> None:
    """Point this process's metrics at the shared folder and set the log format. A folder
    already chosen (by a parent process, or the environment) is kept: child processes
    must write where their parent reads."""
    if MULTIPROC_ENV not in os.environ:
        os.environ[MULTIPROC_ENV] = str(settings.resolved_metrics_dir)
    os.makedirs(os.environ[MULTIPROC_ENV], exist_ok=True)
    if settings.log_format == "json":
        configure_logging("json")


def clear_metrics_dir(settings: Settings) -> None:
    """Forget the samples of an earlier run (the embedded service owns its folder; in a
    scale-out deployment empty each host's folder when its processes start)."""
    if MULTIPROC_ENV in os.environ:
        return  # chosen outside: whoever chose it owns its life
    for stale in settings.resolved_metrics_dir.glob("*.db"):
        stale.unlink(missing_ok=True)
