"""Reading an account's balance."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

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
    with ctx.db.read() as s:
        account = s.get(Account, auth.account_id)
        if account is None:
            raise NotFound("Account not found")
        return Balance(
            generations=from_milli(account.balance_milli),
            total=from_milli(account.granted_milli),
            plan=account.plan,
        )
