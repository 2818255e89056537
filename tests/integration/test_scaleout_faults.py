"""The scale-out deployment under faults, for real: PostgreSQL, Redis, two API processes,
two Celery workers; 100 mixed jobs from 10 keys; a worker SIGKILLed while it holds a job and
an API process killed and restarted mid-run. Afterwards every job is completed, every
ledger exact, nothing charged twice, every image readable."""

from __future__ import annotations

import base64
import io
import itertools
import time
from pathlib import Path

import httpx
import numpy as np
import pytest
import redis
from PIL import Image
from sqlalchemy import func, select

from pixelkiln.service import billing
from pixelkiln.service.accounts import create_account
from pixelkiln.store.db import Database
from pixelkiln.store.models import Account, Job, LedgerEntry
from pixelkiln.testing.cluster import Cluster
from tests.conftest import image_body
from tests.integration.conftest import REDIS_URL, scaleout_env

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def sprite(seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    img = np.zeros((24, 24, 4), np.uint8)
    img[4:20, 6:18] = (*rng.integers(40, 220, 3), 255)
    img[8:12, 8:16] = (*rng.integers(40, 220, 3), 255)
    return img


def job_requests():
    """An endless, varied stream of (path, body) submissions of four families."""
    words = ["grass on top of dirt", "snowy rock", "sand", "cobblestone", "lava", "brick"]
    effects = ["orange fire burst", "green healing sparkles", "dust puff", "purple portal"]
    for i in itertools.count():
        match i % 4:
            case 0:
                yield (
                    "/v2/create-isometric-tile",
                    {
                        "description": words[i % len(words)],
                        "image_size": {"width": 32, "height": 32},
                        "seed": i,
                    },
                )
            case 1:
                yield (
                    "/v2/vfx",
                    {
                        "description": effects[i % len(effects)],
                        "image_size": {"width": 96, "height": 96},
                        "frame_count": 12,
                        "seed": i,
                    },
                )
            case 2:
                yield (
                    "/v2/image-to-pixelart-pro-flash",
                    {
                        "image": image_body(np.kron(sprite(i), np.ones((4, 4, 1), np.uint8))),
                        "output_size": {"width": 24, "height": 24},
                        "seed": i,
                    },
                )
            case _:
                yield "/v2/reduce-colors", {"images": [image_body(sprite(i))], "num_colors": 4}


def worker_children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found |= {int(x) for x in (task / "children").read_text().split()}
        except OSError:
            pass
    return found | {pid}


def readable(png_b64: str) -> tuple[int, int]:
    with Image.open(io.BytesIO(base64.b64decode(png_b64))) as im:
        im.load()
        return im.size


def test_hundred_jobs_survive_a_killed_worker_and_a_restarted_api(
    pg_url: str, tmp_path: Path
) -> None:
    db_index = 11
    broker = f"{REDIS_URL.rsplit('/', 1)[0]}/{db_index}"
    redis.Redis.from_url(broker).flushdb()
    env = scaleout_env(pg_url, broker, tmp_path, JOB_LEASE_S="4", REDISPATCH_AFTER_S="5")
    db = Database(pg_url)
    keys = [create_account(db, f"load-{i}", 200) for i in range(10)]
    submitted: dict[str, tuple[str, int]] = {}  # job id -> (path, key index)
    sync_ok = 0
    with Cluster(env=env, log_dir=tmp_path / "logs") as cluster:
        cluster.start_api(0)
        cluster.start_api(1)
        cluster.start_worker(0)
        cluster.start_worker(1)
        killed_job: str | None = None
        restarted = False
        stream = job_requests()
        with httpx.Client(timeout=30) as client:
            i = 0
            while i < 100:
                path, body = next(stream)
                key_index = i % len(keys)
                api = i % 2 if 1 in cluster.apis else 0
                headers = {"Authorization": f"Bearer {keys[key_index].key}"}
                try:
                    r = client.post(cluster.url(api) + path, json=body, headers=headers)
                except httpx.TransportError:
                    continue  # the API went down under this request: send the next one
                assert r.status_code in (200, 202), r.text
                if r.status_code == 202:
                    submitted[r.json()["background_job_id"]] = (path, key_index)
                else:
                    sync_ok += 1
                i += 1
                # A worker dies while it holds a job.
                if killed_job is None and i >= 25 and 0 in cluster.workers:
                    pids = worker_children(cluster.workers[0].pid)
                    with db.read() as s:
                        running = s.execute(
                            select(Job.id, Job.lease_owner).where(Job.status == "running")
                        ).all()
                    for job_id, owner in running:
                        if int((owner or "x:0").split(":")[1]) in pids:
                            killed_job = job_id
                            cluster.kill_worker(0)
                            break
                # An API process dies and comes back.
                if not restarted and i == 60:
                    cluster.kill_api(1)
                    cluster.start_api(1)
                    restarted = True
            assert killed_job is not None, "worker 0 was never seen holding a job"
            cluster.start_worker(2)

            deadline = time.monotonic() + 240
            pending = set(submitted)
            while pending and time.monotonic() < deadline:
                for job_id in list(pending):
                    key = keys[submitted[job_id][1]]
                    r = client.get(
                        cluster.url(0) + f"/v2/background-jobs/{job_id}",
                        headers={"Authorization": f"Bearer {key.key}"},
                    )
                    if r.json()["status"] != "processing":
                        pending.discard(job_id)
                time.sleep(0.3)
            assert not pending, f"{len(pending)} jobs never finished"

            # Every job completed and every image reads.
            for job_id, (path, key_index) in submitted.items():
                headers = {"Authorization": f"Bearer {keys[key_index].key}"}
                job = client.get(
                    cluster.url(1) + f"/v2/background-jobs/{job_id}", headers=headers
                ).json()
                assert job["status"] == "completed", (path, job)
                last = job["last_response"]
                if path == "/v2/create-isometric-tile":
                    tile = client.get(
                        cluster.url(0) + f"/v2/isometric-tiles/{last['tile_id']}", headers=headers
                    )
                    assert tile.status_code == 200
                    assert readable(tile.json()["image"]["base64"]) == (32, 32)
                elif path == "/v2/vfx":
                    assert [readable(f["base64"]) for f in last["frames"]] == [(96, 96)] * 12
                else:
                    assert readable(last["image"]["base64"]) == (24, 24)

    # Ledgers: exact, never negative, one charge per job, no refunds (nothing failed).
    with db.read() as s:
        for key in keys:
            account = s.get(Account, key.account_id)
            assert account.balance_milli == billing.ledger_sum(s, key.account_id) >= 0
        charges = s.execute(
            select(LedgerEntry.job_id, func.count())
            .where(LedgerEntry.kind == "charge", LedgerEntry.job_id.in_(list(submitted)))
            .group_by(LedgerEntry.job_id)
        ).all()
        assert len(charges) == len(submitted) and all(n == 1 for _, n in charges)
        assert s.scalar(select(func.count()).where(LedgerEntry.kind == "refund")) == 0
        job = s.get(Job, killed_job)
        assert job.status == "completed" and job.attempts >= 2
    assert len(submitted) + sync_ok == 100
    db.dispose()
    redis.Redis.from_url(broker).flushdb()
