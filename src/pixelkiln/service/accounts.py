"""Accounts and API keys: create, list, revoke, top up, authenticate."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session

from pixelkiln.errors import NotFound, Unauthorized
from pixelkiln.service import billing
from pixelkiln.service.keys import generate_key, hash_key, parse_key, verify_key
from pixelkiln.service.money import from_milli
from pixelkiln.store.db import Database
from pixelkiln.store.models import Account, ApiKey, utcnow

__all__ = [
    "Auth",
    "CreatedKey",
    "KeyInfo",
    "authenticate",
    "count_accounts",
    "create_account",
    "create_key",
    "list_keys",
    "revoke_key",
    "topup",
]


@dataclass(frozen=True)
class Auth:
    """Who is calling: the account and the key it used."""

    account_id: str
    key_id: str


@dataclass(frozen=True)
class CreatedKey:
    account_id: str
    key_id: str
    key: str


@dataclass(frozen=True)
class KeyInfo:
    id: str
    account_id: str
    name: str
    created_at: str
    revoked: bool
    balance: float


def count_accounts(db: Database) -> int:
    with db.read() as s:
        return int(s.scalar(select(func.count()).select_from(Account)) or 0)


def _new_key(s: Session, account_id: str, name: str) -> tuple[ApiKey, str]:
    key, lookup = generate_key()
    row = ApiKey(account_id=account_id, name=name, lookup=lookup, secret_hash=hash_key(key))
    s.add(row)
    s.flush()
    return row, key


def create_account(db: Database, name: str, generations: float) -> CreatedKey:
    """A new account with ``generations`` granted, and its first API key."""
    with db.write() as s:
        account = Account(name=name, plan="Self-hosted")
        s.add(account)
        s.flush()
        if generations:
            billing.credit(s, account.id, generations, kind="grant", note="initial grant")
        row, key = _new_key(s, account.id, name)
        return CreatedKey(account_id=account.id, key_id=row.id, key=key)


def create_key(
    db: Database, name: str, generations: float = 0.0, account_id: str | None = None
) -> CreatedKey:
    """A key on an existing account, or on a new account holding ``generations``."""
    if account_id is None:
        return create_account(db, name, generations)
    with db.write() as s:
        if s.get(Account, account_id) is None:
            raise NotFound(f"No account {account_id}")
        if generations:
            billing.credit(s, account_id, generations, kind="topup", note=f"key {name}")
        row, key = _new_key(s, account_id, name)
        return CreatedKey(account_id=account_id, key_id=row.id, key=key)


def list_keys(db: Database) -> list[KeyInfo]:
    with db.read() as s:
        rows = s.execute(
            select(ApiKey, Account.balance_milli)
            .join(Account, Account.id == ApiKey.account_id)
            .order_by(ApiKey.created_at)
        ).all()
        return [
            KeyInfo(
                id=k.id,
                account_id=k.account_id,
                name=k.name,
                created_at=k.created_at.isoformat(),
                revoked=k.revoked_at is not None,
                balance=from_milli(bal),
            )
            for k, bal in rows
        ]


def revoke_key(db: Database, key_id: str) -> None:
    with db.write() as s:
        row = s.get(ApiKey, key_id)
        if row is None:
            raise NotFound(f"No API key {key_id}")
        if row.revoked_at is None:
            row.revoked_at = utcnow()


def topup(db: Database, account_id: str, generations: float) -> float:
    """Add generations to an account; returns the new balance."""
    with db.write() as s:
        billing.lock_account(s, account_id)
        billing.credit(s, account_id, generations, kind="topup", note="top-up")
        return billing.balance(s, account_id)


#: A key's row by its lookup part (built once: a poll does not rebuild the statement).
_KEY_ROW = select(ApiKey.id, ApiKey.account_id, ApiKey.secret_hash, ApiKey.revoked_at).where(
    ApiKey.lookup == bindparam("lookup")
)


def authenticate(db: Database, presented: str | None) -> Auth:
    """The caller behind a bearer key; Unauthorized for a missing, malformed, unknown or
    revoked key (one message for all, so the answer says nothing about which it was)."""
    parsed = parse_key(presented) if presented else None
    if parsed is None:
        raise Unauthorized("Invalid or missing API key")
    # One indexed lookup (the unique ``lookup`` column), no ORM session, no write.
    with db.lookup() as conn:
        row = conn.execute(_KEY_ROW, {"lookup": parsed.lookup}).one_or_none()
    stored = row.secret_hash if row is not None else hash_key("")
    ok = verify_key(parsed.full, stored)  # compared even when the row is missing
    if row is None or not ok or row.revoked_at is not None:
        raise Unauthorized("Invalid or missing API key")
    return Auth(account_id=row.account_id, key_id=row.id)
