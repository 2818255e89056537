"""The ledger: every charge and refund is an append-only row, and the account's balance
column moves with it in the same transaction, so the balance always equals the ledger."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from pixelkiln.errors import InsufficientBalance, NotFound
from pixelkiln.service.money import from_milli, to_milli
from pixelkiln.store.models import Account, LedgerEntry

__all__ = [
    "balance",
    "charge",
    "credit",
    "job_ledger",
    "ledger_sum",
    "lock_account",
    "net_charged",
    "refund",
]


def lock_account(s: Session, account_id: str) -> Account:
    """The account row, locked for the rest of the transaction (FOR UPDATE on PostgreSQL;
    on SQLite the write transaction already holds the database's write lock)."""
    account = s.scalar(select(Account).where(Account.id == account_id).with_for_update())
    if account is None:
        raise NotFound(f"No account {account_id}")
    return account


def balance(s: Session, account_id: str) -> float:
    account = s.get(Account, account_id)
    if account is None:
        raise NotFound(f"No account {account_id}")
    return from_milli(account.balance_milli)


def ledger_sum(s: Session, account_id: str) -> int:
    """Sum of the ledger in thousandths (what the balance must equal)."""
    total = s.scalar(
        select(func.coalesce(func.sum(LedgerEntry.amount_milli), 0)).where(
            LedgerEntry.account_id == account_id
        )
    )
    return int(total or 0)


def credit(s: Session, account_id: str, generations: float, kind: str, note: str = "") -> None:
    """Grant or top up ``generations`` (positive)."""
    milli = to_milli(generations)
    if milli <= 0:
        raise ValueError("a credit must be positive")
    account = lock_account(s, account_id)
    account.balance_milli += milli
    account.granted_milli += milli
    s.add(LedgerEntry(account_id=account_id, amount_milli=milli, kind=kind, note=note[:200]))


def charge(s: Session, account_id: str, job_id: str, cost_milli: int) -> None:
    """Debit a job's cost, or raise InsufficientBalance (nothing written)."""
    account = lock_account(s, account_id)
    if cost_milli > account.balance_milli:
        raise InsufficientBalance(from_milli(cost_milli), from_milli(account.balance_milli))
    account.balance_milli -= cost_milli
    s.add(
        LedgerEntry(account_id=account_id, amount_milli=-cost_milli, kind="charge", job_id=job_id)
    )
    s.flush()


def refund(s: Session, account_id: str, job_id: str) -> bool:
    """Give back what ``job_id`` was charged, once. Returns False when already refunded
    (or never charged)."""
    charged = s.scalar(
        select(LedgerEntry.amount_milli).where(
            LedgerEntry.job_id == job_id, LedgerEntry.kind == "charge"
        )
    )
    if not charged:
        return False
    already = s.scalar(
        select(LedgerEntry.id).where(LedgerEntry.job_id == job_id, LedgerEntry.kind == "refund")
    )
    if already is not None:
        return False
    account = lock_account(s, account_id)
    try:
        with s.begin_nested():
            s.add(
                LedgerEntry(
                    account_id=account_id, amount_milli=-charged, kind="refund", job_id=job_id
                )
            )
    except IntegrityError:  # a concurrent refund won the unique (job_id, kind) race
        return False
    account.balance_milli += -charged
    return True


def job_ledger(job_id: Any) -> Any:
    """The signed sum of a job's ledger rows (charge and refund) as a scalar subquery,
    for ``job_id`` a value or a column of the enclosing select; negated, what it costs."""
    return (
        select(func.coalesce(func.sum(LedgerEntry.amount_milli), 0))
        .where(LedgerEntry.job_id == job_id)
        .scalar_subquery()
    )


def net_charged(s: Session, job_id: str) -> int:
    """What a job costs its account now (its charge less any refund), in thousandths."""
    return -int(s.scalar(select(job_ledger(job_id))) or 0)
