"""A lost broker message, for real: jobs are queued while no Celery worker runs, the
broker forgets every message (Redis flushed), and a worker starts. The sweeper sends the
jobs again once they have waited ``PIXELKILN_REDISPATCH_AFTER_S``; every one completes,
charged once."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest
import redis
from sqlalchemy import func, select

from pixelkiln.jobs.celery_app import QUEUE
from pixelkiln.service.accounts import create_account
from pixelkiln.store.db import Database
from pixelkiln.store.models import Job, LedgerEntry
from pixelkiln.testing.cluster import Cluster
from tests.integration.conftest import REDIS_URL, scaleout_env

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def test_jobs_whose_messages_were_lost_are_sent_again(pg_url: str, tmp_path: Path) -> None:
    broker = f"{REDIS_URL.rsplit('/', 1)[0]}/12"
    queue = redis.Redis.from_url(broker)
    queue.flushdb()
    env = scaleout_env(pg_url, broker, tmp_path, REDISPATCH_AFTER_S="2")
    db = Database(pg_url)
    key = create_account(db, "lost", 100)
    headers = {"Authorization": f"Bearer {key.key}"}
    with Cluster(env=env, log_dir=tmp_path / "logs") as cluster, httpx.Client(timeout=30) as http:
        url = cluster.start_api(0)
        ids = []
        for i in range(6):
            body = {
                "description": "grass on top of dirt",
                "image_size": {"width": 32, "height": 32},
                "seed": i,
            }
            r = http.post(url + "/v2/create-isometric-tile", json=body, headers=headers)
            assert r.status_code == 202, r.text
            ids.append(r.json()["background_job_id"])
        assert queue.llen(QUEUE) >= len(ids)  # the messages are in the broker...
        queue.flushdb()  # ...and now they are gone
        cluster.start_worker(0)

        deadline = time.monotonic() + 90
        done: dict[str, str] = {}
        while len(done) < len(ids) and time.monotonic() < deadline:
            for job_id in ids:
                r = http.get(url + f"/v2/background-jobs/{job_id}", headers=headers)
                if r.json()["status"] != "processing":
                    done[job_id] = r.json()["status"]
            time.sleep(0.3)
        assert done == dict.fromkeys(ids, "completed")

    with db.read() as s:
        charges = s.execute(
            select(LedgerEntry.job_id, func.count())
            .where(LedgerEntry.kind == "charge")
            .group_by(LedgerEntry.job_id)
        ).all()
        assert sorted(j for j, _ in charges) == sorted(ids) and all(n == 1 for _, n in charges)
        for job in s.scalars(select(Job).where(Job.id.in_(ids))):
            assert job.dispatched_at > job.created_at  # sent again by the sweeper
    db.dispose()
    queue.flushdb()
