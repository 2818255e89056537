"""On PostgreSQL, concurrent submissions from many connections never overdraw, double-charge
or slip past the submission spacing (row locks)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from pixelkiln.bootstrap import build_container
from pixelkiln.config import Settings
from pixelkiln.errors import InsufficientBalance, TooSoon
from pixelkiln.service import billing
from pixelkiln.service.accounts import Auth, create_account, create_key
from pixelkiln.service.submit import submit_job
from pixelkiln.store.models import Account, LedgerEntry
from tests.core import kinds  # noqa: F401

pytestmark = pytest.mark.integration


def ctx_for(pg_url: str, tmp_path: Path, **kw):
    settings = Settings(
        database_url=pg_url, data_dir=tmp_path, runner="manual", submit_spacing_s=0, **kw
    )
    return build_container(settings)


def test_concurrent_charges_on_postgres(pg_url: str, tmp_path: Path) -> None:
    ctx = ctx_for(pg_url, tmp_path)
    a = create_account(ctx.db, "a", 40)
    b = create_account(ctx.db, "b", 25)
    extra = [create_key(ctx.db, f"k{i}", account_id=(a, b)[i % 2].account_id) for i in range(6)]
    keys = [a, b, *extra]

    def one(i: int) -> str:
        key = keys[i % len(keys)]
        try:
            submit_job(ctx, Auth(key.account_id, key.key_id), "test.checker", {}, 3)
            return "ok"
        except InsufficientBalance:
            return "402"

    with ThreadPoolExecutor(20) as pool:
        outcomes = list(pool.map(one, range(60)))
    assert outcomes.count("ok") == 13 + 8
    with ctx.db.read() as s:
        for created in (a, b):
            account = s.get(Account, created.account_id)
            assert account.balance_milli == billing.ledger_sum(s, created.account_id) == 1000
        assert s.query(LedgerEntry).filter_by(kind="charge").count() == 21
    ctx.db.dispose()


def test_spacing_holds_across_connections_on_postgres(pg_url: str, tmp_path: Path) -> None:
    ctx = ctx_for(pg_url, tmp_path)
    ctx.settings.submit_spacing_s = 60
    created = create_account(ctx.db, "a", 100)
    auth = Auth(created.account_id, created.key_id)

    def one(_: int) -> str:
        try:
            submit_job(ctx, auth, "test.checker", {}, 1)
            return "ok"
        except TooSoon:
            return "429"

    with ThreadPoolExecutor(12) as pool:
        outcomes = list(pool.map(one, range(24)))
    assert outcomes.count("ok") == 1 and outcomes.count("429") == 23
    with ctx.db.read() as s:
        assert billing.balance(s, created.account_id) == 99
    ctx.db.dispose()
