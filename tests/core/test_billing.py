"""The ledger: charges at submission, refunds once, balance always equal to the ledger."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from pixelkiln.errors import InsufficientBalance, TooSoon
from pixelkiln.service import billing
from pixelkiln.service.accounts import Auth, create_key
from pixelkiln.service.submit import AssetDraft, submit_job
from pixelkiln.store.models import Account, LedgerEntry
from tests.core import kinds  # noqa: F401  (registers the test job kinds)


def auth_of(created) -> Auth:
    return Auth(account_id=created.account_id, key_id=created.key_id)


def assert_ledger_exact(ctx, account_id: str) -> int:
    with ctx.db.read() as s:
        account = s.get(Account, account_id)
        assert account is not None
        assert account.balance_milli == billing.ledger_sum(s, account_id)
        assert account.balance_milli >= 0
        return account.balance_milli


def test_charge_and_refund_once(make_service) -> None:
    svc = make_service(runner="manual")
    created = svc.new_key(generations=10)
    sub = submit_job(svc.ctx, auth_of(created), "test.checker", {"fail": True}, 3.5)
    assert assert_ledger_exact(svc.ctx, created.account_id) == 6500
    svc.ctx.runner.run_pending()
    assert assert_ledger_exact(svc.ctx, created.account_id) == 10000
    with svc.ctx.db.write() as s:
        assert billing.refund(s, created.account_id, sub.job_id) is False  # not twice
    assert assert_ledger_exact(svc.ctx, created.account_id) == 10000


def test_insufficient_balance_writes_nothing(make_service) -> None:
    svc = make_service(runner="manual")
    created = svc.new_key(generations=2)
    with pytest.raises(InsufficientBalance) as err:
        submit_job(svc.ctx, auth_of(created), "test.checker", {}, 3, AssetDraft("test"))
    assert err.value.cost == 3 and err.value.balance == 2
    assert svc.ctx.runner.pending == []
    with svc.ctx.db.read() as s:
        assert s.query(LedgerEntry).filter_by(kind="charge").count() == 0
    assert assert_ledger_exact(svc.ctx, created.account_id) == 2000


def test_fractional_charges_add_up_exactly(make_service) -> None:
    svc = make_service(runner="manual")
    created = svc.new_key(generations=1)
    for _ in range(10):
        submit_job(svc.ctx, auth_of(created), "test.checker", {}, 0.1)
    assert assert_ledger_exact(svc.ctx, created.account_id) == 0
    with pytest.raises(InsufficientBalance):
        submit_job(svc.ctx, auth_of(created), "test.checker", {}, 0.1)


def test_fifty_concurrent_submissions_never_overdraw(make_service) -> None:
    svc = make_service(runner="manual")
    # Two accounts, several keys each; each account can afford only some of the requests.
    a = svc.new_key(generations=40, name="a")
    b = svc.new_key(generations=25, name="b")
    extra = [
        create_key(svc.ctx.db, f"k{i}", account_id=(a if i % 2 else b).account_id) for i in range(4)
    ]
    keys = [a, b, *extra]

    def one(i: int) -> str:
        key = keys[i % len(keys)]
        try:
            submit_job(svc.ctx, auth_of(key), "test.checker", {"i": i}, 3)
            return "ok"
        except InsufficientBalance:
            return "402"

    with ThreadPoolExecutor(16) as pool:
        outcomes = list(pool.map(one, range(50)))
    with svc.ctx.db.read() as s:
        charges = {
            acc: s.query(LedgerEntry).filter_by(kind="charge", account_id=acc).count()
            for acc in (a.account_id, b.account_id)
        }
    assert charges[a.account_id] == 13 and charges[b.account_id] == 8  # floor(40/3), floor(25/3)
    assert outcomes.count("ok") == 21 and outcomes.count("402") == 29
    assert assert_ledger_exact(svc.ctx, a.account_id) == 1000
    assert assert_ledger_exact(svc.ctx, b.account_id) == 1000


def test_spacing_refuses_close_submissions(make_service) -> None:
    svc = make_service(runner="manual", submit_spacing_s=30)
    created = svc.new_key(generations=100)
    submit_job(svc.ctx, auth_of(created), "test.checker", {}, 1)
    with pytest.raises(TooSoon) as err:
        submit_job(svc.ctx, auth_of(created), "test.checker", {}, 1)
    assert 29 < err.value.retry_after <= 30
    # The refused submission was not charged, and another key is not held back.
    assert assert_ledger_exact(svc.ctx, created.account_id) == 99000
    other = create_key(svc.ctx.db, "other", account_id=created.account_id)
    submit_job(svc.ctx, auth_of(other), "test.checker", {}, 1)
