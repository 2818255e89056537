"""Reading an account's balance."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlalchemy import select

from pixelkiln.errors import NotFound
from pixelkiln.service.accounts import Auth
from pixelkiln.service.money import from_milli
from pixelkiln.store.models import Account

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = ["Balance", "get_balance"]


@dataclass(frozen=True)
class Balance:
    generations: float
    total: float
    plan: str | None


def get_balance(ctx: Container, auth: Auth) -> Balance:
    # A poll: one primary-key select of three columns, no ORM session.
    with ctx.db.lookup() as conn:
        row = conn.execute(
            select(Account.balance_milli, Account.granted_milli, Account.plan).where(
                Account.id == auth.account_id
            )
        ).one_or_none()
    if row is None:
        raise NotFound("Account not found")
    return Balance(
        generations=from_milli(row.balance_milli),
        total=from_milli(row.granted_milli),
        plan=row.plan,
    )
