"""The embedded deployment killed with SIGKILL while a job runs: after a restart the job is
completed, and charged once."""

from __future__ import annotations

import signal
import time
from pathlib import Path

import httpx
import pytest
from sqlalchemy import select

from pixelkiln.service import billing
from pixelkiln.store.db import Database
from pixelkiln.store.models import Job, LedgerEntry
from pixelkiln.testing.cluster import Cluster

pytestmark = pytest.mark.slow


def test_job_of_a_killed_service_is_finished_after_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    env = {
        "PIXELKILN_DATA_DIR": str(data),
        "PIXELKILN_WORKERS": "1",
        "PIXELKILN_SUBMIT_SPACING_S": "0",
    }
    with Cluster(env=env, log_dir=tmp_path / "logs") as cluster:
        url = cluster.start_api(0)
        key = (data / "api-key").read_text().strip()
        headers = {"Authorization": f"Bearer {key}"}
        # A large effect keeps the worker busy long enough to be caught in the act.
        body = {
            "description": "purple portal",
            "image_size": {"width": 256, "height": 256},
            "frame_count": 16,
            "seed": 3,
        }
        jobs = [
            httpx.post(url + "/v2/vfx", json=body, headers=headers).json()["background_job_id"]
            for _ in range(3)
        ]
        db = Database(f"sqlite:///{data / 'pixelkiln.db'}")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with db.read() as s:
                running = s.scalars(select(Job.id).where(Job.status == "running")).all()
            if running:
                break
            time.sleep(0.02)
        assert running, "no job was seen running"
        cluster.kill_api(0, signal.SIGKILL)  # the API and its worker processes
        with db.read() as s:
            assert s.get(Job, running[0]).status == "running"  # left behind, as a crash leaves it

        url = cluster.start_api(0)
        for job_id in jobs:
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                status = httpx.get(f"{url}/v2/background-jobs/{job_id}", headers=headers).json()
                if status["status"] != "processing":
                    break
                time.sleep(0.2)
            assert status["status"] == "completed"
            assert len(status["last_response"]["frames"]) == 16
        with db.read() as s:
            assert s.get(Job, running[0]).attempts >= 2
            for job_id in jobs:
                kinds = s.scalars(
                    select(LedgerEntry.kind).where(LedgerEntry.job_id == job_id)
                ).all()
                assert kinds == ["charge"]
            account_id = s.get(Job, jobs[0]).account_id
            assert billing.balance(s, account_id) == 2000 - 3 * 16
        db.dispose()
