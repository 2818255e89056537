"""Operations on the scale-out deployment, for real: 2 API processes and 2 Celery workers
on PostgreSQL and Redis. /metrics (read from either API) counts every request and job of
every process, and each finished job's webhook is delivered, signed, through Celery."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
import redis
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import select

from pixelkiln.config import Settings
from pixelkiln.service.accounts import create_account
from pixelkiln.store.db import Database
from pixelkiln.store.models import WebhookDelivery
from pixelkiln.testing.cluster import Cluster
from pixelkiln.webhooks.endpoints import add_endpoint
from tests.conftest import wait_for
from tests.integration.conftest import REDIS_URL, scaleout_env
from tests.operations.receiver import Receiver

pytestmark = [pytest.mark.integration, pytest.mark.slow]

JOBS = 6


def _total(text: str, name: str, **labels: str) -> float:
    return sum(
        s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
        if s.name == name and all(s.labels.get(k) == v for k, v in labels.items())
    )


def _delivered(db: Database) -> int:
    with db.read() as s:
        return len(
            list(s.scalars(select(WebhookDelivery.id).where(WebhookDelivery.status == "delivered")))
        )


def test_metrics_and_webhooks_across_two_apis_and_two_workers(pg_url: str, tmp_path: Path) -> None:
    queue = redis.Redis.from_url(REDIS_URL)
    queue.flushdb()
    metrics_dir = tmp_path / "metrics"
    metrics_dir.mkdir()
    env = scaleout_env(
        pg_url, REDIS_URL, tmp_path, WEBHOOK_ALLOW="127.0.0.1", METRICS_TOKEN="scrape-me"
    ) | {"PROMETHEUS_MULTIPROC_DIR": str(metrics_dir)}
    db = Database(pg_url)
    key = create_account(db, "studio", 100)
    headers = {"Authorization": f"Bearer {key.key}"}
    scrape = {"Authorization": "Bearer scrape-me"}
    with (
        Receiver() as receiver,
        Cluster(env=env, log_dir=tmp_path / "logs") as cluster,
        httpx.Client(timeout=30) as http,
    ):
        hook = add_endpoint(
            Settings(webhook_allow="127.0.0.1"), db, key.account_id, receiver.url, None
        )
        urls = [cluster.start_api(0), cluster.start_api(1)]
        cluster.start_worker(0)
        cluster.start_worker(1)
        ids = []
        for i in range(JOBS):
            body = {
                "description": "stone path",
                "image_size": {"width": 32, "height": 32},
                "seed": i,
            }
            r = http.post(urls[i % 2] + "/v2/create-isometric-tile", json=body, headers=headers)
            assert r.status_code == 202, r.text
            ids.append(r.json()["background_job_id"])

        def finished() -> bool:
            return all(
                http.get(urls[0] + f"/v2/background-jobs/{j}", headers=headers).json()["status"]
                == "completed"
                for j in ids
            )

        wait_for(finished, timeout=120, interval=0.3)
        wait_for(lambda: len(receiver.received) >= JOBS, timeout=60)
        # Attempts are recorded once the receiver has answered.
        wait_for(lambda: _delivered(db) == JOBS, timeout=30)
        assert sorted(b["id"] for b in receiver.verified(hook.secret)) == sorted(ids)

        assert http.get(urls[1] + "/metrics").status_code == 401
        texts = [http.get(u + "/metrics", headers=scrape).text for u in urls]
    db.dispose()
    queue.flushdb()

    for text in texts:  # both APIs read every process's samples
        assert _total(text, "pixelkiln_jobs_run_total", status="completed") == JOBS
        assert _total(text, "pixelkiln_job_run_seconds_count", kind="isometric_tile") == JOBS
        assert _total(text, "pixelkiln_jobs", kind="isometric_tile", status="completed") == JOBS
        created = _total(
            text, "pixelkiln_http_requests_total", route="/v2/create-isometric-tile", status="202"
        )
        assert created == JOBS  # half through each API
        assert _total(text, "pixelkiln_webhook_attempts_total", outcome="delivered") == JOBS
        assert _total(text, "pixelkiln_webhook_deliveries", status="delivered") == JOBS
        assert _total(text, "pixelkiln_generations_charged_total") > 0
