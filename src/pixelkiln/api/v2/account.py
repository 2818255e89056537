"""``GET /balance``."""

from __future__ import annotations

from fastapi import APIRouter

from pixelkiln.api.deps import AuthDep, ContainerDep, db_call
from pixelkiln.contract.account import BalanceResponse, Credits, Subscription
from pixelkiln.service.balance import get_balance

router = APIRouter(tags=["Account"])


@router.get("/balance", response_model=BalanceResponse, summary="Get balance")
async def balance(auth: AuthDep, ctx: ContainerDep) -> BalanceResponse:
    """The generations left on the caller's account."""
    b = await db_call(ctx, get_balance, ctx, auth)
    return BalanceResponse(
        credits=Credits(usd=0.0),
        subscription=Subscription(
            status="active" if b.generations > 0 else "none",
            generations=b.generations,
            total=b.total,
            plan=b.plan,
        ),
    )
