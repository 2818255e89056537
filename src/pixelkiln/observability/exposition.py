"""``/metrics``: the samples of every process of this host (multiprocess mode) plus
figures read from the database at scrape time, which hold across hosts: jobs by kind and
status, queue depth, webhook deliveries, generations charged and refunded."""

from __future__ import annotations

import os
from collections.abc import Iterator

from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import REGISTRY, Collector
from sqlalchemy import func, select

from pixelkiln.observability import MULTIPROC_ENV
from pixelkiln.store.db import Database
from pixelkiln.store.models import Job, LedgerEntry, WebhookDelivery

__all__ = ["render_metrics"]


class DatabaseCollector(Collector):
    def __init__(self, db: Database) -> None:
        self.db = db

    def collect(self) -> Iterator[Metric]:
        jobs = GaugeMetricFamily(
            "pixelkiln_jobs", "Jobs in the database, by kind and status.", labels=["kind", "status"]
        )
        depth = GaugeMetricFamily(
            "pixelkiln_queue_depth",
            "Jobs waiting for a worker (queued) or being run.",
            labels=["status"],
        )
        deliveries = GaugeMetricFamily(
            "pixelkiln_webhook_deliveries", "Webhook deliveries by status.", labels=["status"]
        )
        charged = CounterMetricFamily(
            "pixelkiln_generations_charged", "Generations charged for work, ever."
        )
        refunded = CounterMetricFamily(
            "pixelkiln_generations_refunded", "Generations refunded for failed work, ever."
        )
        waiting = {"queued": 0, "running": 0}
        with self.db.read() as s:
            for kind, status, n in s.execute(
                select(Job.kind, Job.status, func.count()).group_by(Job.kind, Job.status)
            ):
                jobs.add_metric([kind, status], n)
                if status in waiting:
                    waiting[status] += n
            for status, n in s.execute(
                select(WebhookDelivery.status, func.count()).group_by(WebhookDelivery.status)
            ):
                deliveries.add_metric([status], n)
            sums = dict(
                s.execute(
                    select(LedgerEntry.kind, func.coalesce(func.sum(LedgerEntry.amount_milli), 0))
                    .where(LedgerEntry.kind.in_(("charge", "refund")))
                    .group_by(LedgerEntry.kind)
                ).all()
            )
        for status, n in waiting.items():
            depth.add_metric([status], n)
        charged.add_metric([], -int(sums.get("charge", 0)) / 1000)
        refunded.add_metric([], int(sums.get("refund", 0)) / 1000)
        yield from (jobs, depth, deliveries, charged, refunded)


def _process_collector() -> Collector:
    from prometheus_client import values

    # Multiprocess mode only if the client chose it when first imported (see configure).
    if os.environ.get(MULTIPROC_ENV) and values.ValueClass is not values.MutexValue:
        registry = CollectorRegistry()
        MultiProcessCollector(registry, path=os.environ[MULTIPROC_ENV])
        return registry
    return REGISTRY


def render_metrics(db: Database) -> bytes:
    """The Prometheus text exposition."""
    from pixelkiln.observability import metrics  # noqa: F401 (the families exist at zero)

    registry = CollectorRegistry()
    registry.register(_process_collector())
    registry.register(DatabaseCollector(db))
    return generate_latest(registry)
