"""Webhooks: one signed delivery per finished job, retries with back-off, the allow list."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from sqlalchemy import select
from typer.testing import CliRunner

from pixelkiln.cli.main import app as cli_app
from pixelkiln.jobs.executor import execute_job
from pixelkiln.service.accounts import Auth
from pixelkiln.service.submit import AssetDraft, submit_job
from pixelkiln.store.models import Job, WebhookDelivery, WebhookEndpoint
from pixelkiln.webhooks.allow import AllowList, Refused
from pixelkiln.webhooks.endpoints import add_endpoint, list_deliveries
from pixelkiln.webhooks.sending import backoff_s
from tests.conftest import Service, wait_for
from tests.core import kinds  # noqa: F401
from tests.operations.receiver import Receiver

FAST = {"webhook_allow": "127.0.0.0/8", "webhook_retry_base_s": 0.2, "sweep_interval_s": 0.2}


def _submit(svc: Service, key, **payload: object) -> str:
    auth = Auth(key.account_id, key.key_id)
    return submit_job(svc.ctx, auth, "test.checker", payload, 1, AssetDraft("test")).job_id


def test_each_finished_job_is_delivered_once_signed_with_its_polled_body(
    make_service: Callable[..., Service],
) -> None:
    svc = make_service(**FAST)
    key = svc.new_key(50)
    with Receiver() as receiver:
        hook = add_endpoint(svc.ctx.settings, svc.ctx.db, key.account_id, receiver.url, None)
        ids = [_submit(svc, key, size=8 + i) for i in range(3)]
        ids.append(_submit(svc, key, fail=True))
        wait_for(lambda: len(receiver.received) >= len(ids))
        bodies = receiver.verified(hook.secret)
        assert sorted(b["id"] for b in bodies) == sorted(ids)
        for body in bodies:
            polled = svc.client.get(f"/v2/background-jobs/{body['id']}", headers=svc.headers(key))
            assert body == polled.json()
        assert {b["status"] for b in bodies} == {"completed", "failed"}
        failed = next(b for b in bodies if b["status"] == "failed")
        assert failed["usage"]["generations"] == 0  # refunded in the same transaction
        events = {r.headers["pixelkiln-event"] for r in receiver.received}
        assert events == {"job.completed", "job.failed"}
        assert len({r.headers["webhook-id"] for r in receiver.received}) == len(ids)
    # The attempt is recorded once the receiver has answered.
    wait_for(lambda: _statuses(svc) == ["delivered"] * len(ids))


def test_a_receiver_that_fails_three_times_gets_the_delivery_on_a_retry(
    make_service: Callable[..., Service],
) -> None:
    svc = make_service(**FAST)
    key = svc.new_key(50)
    with Receiver(fail_first=3) as receiver:
        hook = add_endpoint(
            svc.ctx.settings, svc.ctx.db, key.account_id, receiver.url, ["job.completed"]
        )
        _submit(svc, key, fail=True)  # not subscribed: never sent
        job_id = _submit(svc, key)
        wait_for(lambda: _statuses(svc) == ["delivered"])
        bodies = receiver.verified(hook.secret)
    assert [b["id"] for b in bodies] == [job_id] * 4
    assert len({r.headers["webhook-id"] for r in receiver.received}) == 1
    [view] = list_deliveries(svc.ctx.db, hook.id)
    assert view.status == "delivered" and view.attempts == 4
    assert [code for _, code, _, _ in view.tries] == [500, 500, 500, 204]


def test_back_off_doubles() -> None:
    from pixelkiln.config import Settings

    cfg = Settings(webhook_retry_base_s=10)
    assert [backoff_s(cfg, n) for n in (1, 2, 3, 4)] == [10, 20, 40, 80]
    assert backoff_s(cfg, 40) == 4 * 3600


def test_a_url_outside_the_allow_list_is_refused_and_never_called(
    make_service: Callable[..., Service], monkeypatch: pytest.MonkeyPatch
) -> None:
    svc = make_service(webhook_allow="10.20.0.0/16, hooks.example.com", sweep_interval_s=0.2)
    key = svc.new_key(50)
    with Receiver() as receiver:
        with pytest.raises(Refused):
            add_endpoint(svc.ctx.settings, svc.ctx.db, key.account_id, receiver.url, None)
        monkeypatch.setenv("PIXELKILN_DATA_DIR", str(svc.ctx.settings.data_dir))
        monkeypatch.setenv("PIXELKILN_WEBHOOK_ALLOW", "10.20.0.0/16")
        result = CliRunner().invoke(
            cli_app, ["webhooks", "add", "--account", key.account_id, "--url", receiver.url]
        )
        assert result.exit_code == 1 and "not in PIXELKILN_WEBHOOK_ALLOW" in result.output
        # An endpoint added while the list still admitted it is refused when sent to.
        with svc.ctx.db.write() as s:
            s.add(
                WebhookEndpoint(
                    account_id=key.account_id,
                    url=receiver.url,
                    events=[],
                    secret="whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
                )
            )
        job_id = _submit(svc, key)
        wait_for(lambda: _delivery_status(svc, job_id) == "failed")
        assert receiver.received == []
    [view] = list_deliveries(svc.ctx.db)
    assert view.attempts == 1 and "refused" in (view.tries[0][2] or "")


def _statuses(svc: Service) -> list[str]:
    with svc.ctx.db.read() as s:
        return list(s.scalars(select(WebhookDelivery.status)))


def _delivery_status(svc: Service, job_id: str) -> str | None:
    with svc.ctx.db.read() as s:
        return s.scalar(select(WebhookDelivery.status).where(WebhookDelivery.job_id == job_id))


@pytest.mark.parametrize(
    ("allow", "url", "ok"),
    [
        ("", "http://127.0.0.1/", False),
        ("127.0.0.1", "http://127.0.0.1:9/x", True),
        ("127.0.0.1", "http://127.0.0.2/", False),
        ("10.0.0.0/8", "http://10.1.2.3/", True),
        ("hooks.example.com", "https://hooks.example.com/in", True),
        ("*.example.com", "https://a.b.example.com/in", True),
        ("*.example.com", "https://example.org/in", False),
        ("::1", "http://[::1]:8080/", True),
        ("127.0.0.1", "ftp://127.0.0.1/", False),
        ("127.0.0.1", "http://user:pw@127.0.0.1/", False),
    ],
)
def test_allow_list(allow: str, url: str, ok: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    # Names resolve to a public address here, so only name entries admit them.
    monkeypatch.setattr(
        socket, "getaddrinfo", lambda *a, **k: [(0, 0, 0, "", ("93.184.215.14", 443))]
    )
    allowed = AllowList.parse(allow)
    if ok:
        allowed.check(url)
    else:
        with pytest.raises(Refused):
            allowed.check(url)


def test_a_failed_job_run_by_a_worker_queues_job_failed(
    make_service: Callable[..., Service],
) -> None:
    svc = make_service(runner="manual", webhook_allow="127.0.0.1")
    key = svc.new_key(5)
    hook = add_endpoint(svc.ctx.settings, svc.ctx.db, key.account_id, "http://127.0.0.1:9/", None)
    job_id = _submit(svc, key, fail=True)
    assert execute_job(svc.ctx, job_id).state == "failed"
    with svc.ctx.db.read() as s:
        [row] = s.scalars(select(WebhookDelivery))
        assert (row.endpoint_id, row.event, row.status) == (hook.id, "job.failed", "pending")
        assert json.loads(row.body)["status"] == "failed"
        assert s.get(Job, job_id).status == "failed"


def test_the_cli_adds_tests_lists_and_removes_an_endpoint(
    make_service: Callable[..., Service], monkeypatch: pytest.MonkeyPatch
) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(1)
    monkeypatch.setenv("PIXELKILN_DATA_DIR", str(svc.ctx.settings.data_dir))
    monkeypatch.setenv("PIXELKILN_WEBHOOK_ALLOW", "127.0.0.1")
    cli = CliRunner()
    with Receiver() as receiver:
        added = cli.invoke(
            cli_app,
            ["webhooks", "add", "--account", key.account_id, "--url", receiver.url],
        )
        assert added.exit_code == 0, added.output
        secret = added.stdout.strip().splitlines()[-1]
        [hook] = [
            line.split()[1] for line in added.output.splitlines() if line.startswith("webhook ")
        ]
        listed = cli.invoke(cli_app, ["webhooks", "list"])
        assert hook in listed.stdout and secret not in listed.stdout
        tested = cli.invoke(cli_app, ["webhooks", "test", hook])
        assert tested.exit_code == 0 and "delivered" in tested.stdout
        [body] = receiver.verified(secret)
        assert body["type"] == "webhook.test" and body["webhook_id"] == hook
    log = cli.invoke(cli_app, ["webhooks", "deliveries", "--webhook", hook])
    assert "webhook.test" in log.stdout and "204" in log.stdout
    assert cli.invoke(cli_app, ["webhooks", "remove", hook]).exit_code == 0
    assert hook not in cli.invoke(cli_app, ["webhooks", "list"]).stdout
