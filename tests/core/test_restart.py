"""Stopping and starting the service keeps accounts, keys, balances, jobs and images."""

from __future__ import annotations

from fastapi.testclient import TestClient

from pixelkiln.api.app import create_app
from pixelkiln.bootstrap import build_container
from pixelkiln.service.accounts import Auth
from pixelkiln.service.submit import AssetDraft, submit_job
from pixelkiln.store.models import Asset
from tests.conftest import wait_for
from tests.core import kinds  # noqa: F401


def test_state_survives_a_restart(make_settings) -> None:
    settings = make_settings(runner="thread")
    ctx = build_container(settings)
    with TestClient(create_app(container=ctx)) as client:
        from pixelkiln.service.accounts import create_account

        created = create_account(ctx.db, "keep", 10)
        headers = {"Authorization": f"Bearer {created.key}"}
        sub = submit_job(
            ctx, Auth(created.account_id, created.key_id), "test.checker", {}, 4, AssetDraft("test")
        )
        wait_for(
            lambda: (
                client.get(f"/v2/background-jobs/{sub.job_id}", headers=headers).json()["status"]
                == "completed"
            )
        )
        with ctx.db.read() as s:
            key = s.get(Asset, sub.asset_id).files["tile"]
        png = client.get(f"/files/{key}").content
    ctx.db.dispose()

    ctx2 = build_container(make_settings(runner="thread"))
    with TestClient(create_app(container=ctx2)) as client:
        balance = client.get("/v2/balance", headers=headers).json()
        assert balance["subscription"]["generations"] == 6
        job = client.get(f"/v2/background-jobs/{sub.job_id}", headers=headers).json()
        assert job["status"] == "completed" and job["usage"]["generations"] == 4
        assert client.get(f"/files/{key}").content == png
