"""The embedded service as users run it (real ``pixelkiln serve`` processes on SQLite):
a killed process's pending webhook is delivered after a restart, JSON logs, and a backup
taken while jobs run restores into a fresh folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from sqlalchemy import select

from pixelkiln.config import Settings
from pixelkiln.service.accounts import CreatedKey, create_account
from pixelkiln.service.billing import ledger_sum
from pixelkiln.store.db import Database
from pixelkiln.store.models import Account, Asset, Blob, Job, WebhookDelivery
from pixelkiln.testing.cluster import Cluster, free_port
from pixelkiln.webhooks.endpoints import add_endpoint
from tests.conftest import wait_for
from tests.operations.receiver import Receiver

pytestmark = [pytest.mark.slow]

_BIN = Path(sys.executable).with_name("pixelkiln")


def embedded_env(data: Path, **settings: str) -> dict[str, str]:
    env = {
        "PIXELKILN_DATA_DIR": str(data),
        "PIXELKILN_RUNNER": "process",
        "PIXELKILN_WORKERS": "1",
        "PIXELKILN_SUBMIT_SPACING_S": "0",
        "PIXELKILN_SWEEP_INTERVAL_S": "0.5",
        "PIXELKILN_INITIAL_GENERATIONS": "0",
        "PROMETHEUS_MULTIPROC_DIR": str(data.parent / f"metrics-{data.name}"),
    }
    Path(env["PROMETHEUS_MULTIPROC_DIR"]).mkdir(parents=True, exist_ok=True)
    return env | {f"PIXELKILN_{k}": v for k, v in settings.items()}


def submit_tile(http: httpx.Client, url: str, key: CreatedKey, seed: int) -> dict:
    body = {"description": "grass on top of dirt", "image_size": {"width": 32, "height": 32}}
    r = http.post(
        url + "/v2/create-isometric-tile",
        json=body | {"seed": seed},
        headers={"Authorization": f"Bearer {key.key}"},
    )
    assert r.status_code == 202, r.text
    return r.json()


def job_status(http: httpx.Client, url: str, key: CreatedKey, job_id: str) -> str:
    headers = {"Authorization": f"Bearer {key.key}"}
    return http.get(url + f"/v2/background-jobs/{job_id}", headers=headers).json()["status"]


def test_a_killed_process_pending_delivery_is_delivered_after_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    env = embedded_env(data, WEBHOOK_ALLOW="127.0.0.1", WEBHOOK_RETRY_BASE_S="1", LOG_FORMAT="json")
    port = free_port()  # the receiver is down until the service has been killed
    with Cluster(env=env, log_dir=tmp_path / "logs") as cluster, httpx.Client(timeout=30) as http:
        url = cluster.start_api(0)
        db = Database(f"sqlite:///{data / 'pixelkiln.db'}")
        key = create_account(db, "studio", 10)
        hook = add_endpoint(
            Settings(data_dir=data, webhook_allow="127.0.0.1"),
            db,
            key.account_id,
            f"http://127.0.0.1:{port}/hook",
            None,
        )
        job_id = submit_tile(http, url, key, 1)["background_job_id"]
        wait_for(lambda: job_status(http, url, key, job_id) == "completed", timeout=60)

        def tried() -> bool:
            with db.read() as s:
                row = s.scalar(select(WebhookDelivery).where(WebhookDelivery.job_id == job_id))
                return row is not None and row.attempts >= 1 and row.status == "pending"

        wait_for(tried, timeout=30)
        # The job ran in a pool process: its samples reach the API's /metrics.
        metrics = http.get(url + "/metrics").text
        assert 'pixelkiln_jobs_run_total{kind="isometric_tile",status="completed"} 1.0' in metrics
        assert 'pixelkiln_webhook_attempts_total{event="job.completed",outcome="retry"}' in metrics
        cluster.kill_api(0)  # SIGKILL: nothing in memory survives
        with Receiver(port=port) as receiver:
            cluster.start_api(0)
            wait_for(lambda: len(receiver.received) >= 1, timeout=60)
            [body] = receiver.verified(hook.secret)
            # The attempt is recorded once the receiver has answered.
            wait_for(lambda: _delivery_status(db) == "delivered", timeout=30)
        assert body["id"] == job_id and body["status"] == "completed"
        db.dispose()

    lines = [
        json.loads(line)
        for line in (tmp_path / "logs" / "api-0.log").read_text().splitlines()
        if line.startswith("{")
    ]
    requests = [x for x in lines if x.get("event") == "request"]
    jobs = [x for x in lines if x.get("event") == "job"]
    created = next(x for x in requests if x["route"] == "/v2/create-isometric-tile")
    assert created["status"] == 202 and created["duration_ms"] >= 0 and created["request_id"]
    job = next(x for x in jobs if x["job_id"] == job_id)
    assert job["kind"] == "isometric_tile"
    assert job["outcome"] == "completed" and job["duration_ms"] > 0
    log_text = (tmp_path / "logs" / "api-0.log").read_text()
    assert key.key not in log_text and key.key.split(".")[-1] not in log_text


def _delivery_status(db: Database) -> str | None:
    with db.read() as s:
        return s.scalar(select(WebhookDelivery.status))


def _cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(_BIN), *args],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_a_backup_taken_while_jobs_run_restores_into_a_fresh_folder(tmp_path: Path) -> None:
    data, fresh = tmp_path / "data", tmp_path / "fresh"
    env = embedded_env(data, JOB_LEASE_S="3")
    archive = tmp_path / "backup.tar.gz"
    with Cluster(env=env, log_dir=tmp_path / "logs") as cluster, httpx.Client(timeout=30) as http:
        url = cluster.start_api(0)
        db = Database(f"sqlite:///{data / 'pixelkiln.db'}")
        key = create_account(db, "studio", 500)
        first = [submit_tile(http, url, key, seed) for seed in range(2)]
        for sub in first:
            wait_for(
                lambda j=sub["background_job_id"]: job_status(http, url, key, j) == "completed",
                timeout=60,
            )
        # Jobs are submitted (and run) for as long as the backup process lives.
        taking = subprocess.Popen(
            [str(_BIN), "backup", "--out", str(archive)],
            env={**os.environ, **env},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        later = [submit_tile(http, url, key, 2)]
        while taking.poll() is None and len(later) < 30:
            later.append(submit_tile(http, url, key, 2 + len(later)))
            time.sleep(0.05)
        assert taking.wait(timeout=120) == 0
        for sub in later:
            wait_for(
                lambda j=sub["background_job_id"]: job_status(http, url, key, j) != "processing",
                timeout=60,
            )
        headers = {"Authorization": f"Bearer {key.key}"}
        balance_before = http.get(url + "/v2/balance", headers=headers).json()
        db.dispose()

    restored = _cli(embedded_env(fresh), "restore", str(archive))
    assert restored.returncode == 0, restored.stderr
    assert _cli(embedded_env(fresh), "restore", str(archive)).returncode == 1  # not empty

    fresh_db = Database(f"sqlite:///{fresh / 'pixelkiln.db'}")
    with fresh_db.read() as s:
        blobs = list(s.scalars(select(Blob.key)))
        done_ids = list(s.scalars(select(Asset.id).where(Asset.status == "completed")))
        kept_jobs = set(s.scalars(select(Job.id)))
    # The archive holds the database as it was when the backup copied it: jobs submitted
    # after that moment (the archive still writing its images) are not in it.
    in_archive = [sub for sub in later if sub["background_job_id"] in kept_jobs]
    after = [sub for sub in later if sub["background_job_id"] not in kept_jobs]
    assert {sub["tile_id"] for sub in first} <= set(done_ids) and blobs
    print(f"{len(later)} jobs submitted during the backup; {len(done_ids)} done in it")
    env = embedded_env(fresh, JOB_LEASE_S="3")
    with Cluster(env=env, log_dir=tmp_path / "logs2") as cluster, httpx.Client(timeout=30) as http:
        url = cluster.start_api(0)
        headers = {"Authorization": f"Bearer {key.key}"}
        balance = http.get(url + "/v2/balance", headers=headers)
        assert balance.status_code == 200  # the key, its account and its balance are back
        for tile_id in done_ids:
            assert (
                http.get(url + f"/v2/isometric-tiles/{tile_id}", headers=headers).status_code == 200
            )
        for blob in blobs:
            r = http.get(url + f"/files/{blob}")
            assert r.status_code == 200 and r.content[:4] == b"\x89PNG"
        # Jobs that were running when the backup was taken finish in the restored service;
        # the ones submitted after it are unknown there.
        for sub in in_archive:
            wait_for(
                lambda j=sub["background_job_id"]: job_status(http, url, key, j) != "processing",
                timeout=60,
            )
        for sub in after:
            r = http.get(url + f"/v2/background-jobs/{sub['background_job_id']}", headers=headers)
            assert r.status_code == 404
        with fresh_db.read() as s:
            account = s.get(Account, key.account_id)
            assert account.balance_milli == ledger_sum(s, key.account_id)
        # The balance is the one of that moment: the later submissions' charges are not in it.
        restored_generations = balance.json()["subscription"]["generations"]
        later_charges = sum(sub["usage"]["generations"] for sub in after)
        assert restored_generations == pytest.approx(
            balance_before["subscription"]["generations"] + later_charges
        )
    fresh_db.dispose()
