"""Account: ``GET /balance``."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

__all__ = ["BalanceResponse", "Credits", "Subscription"]


class Credits(BaseModel):
    """USD credit balance (a self-hosted service bills in generations; this stays 0)."""

    type: Literal["usd"] = "usd"
    usd: float


class Subscription(BaseModel):
    """The generation balance."""

    type: Literal["generations"] = "generations"
    status: str
    #: Generations remaining.
    generations: float
    #: Generations granted in all.
    total: float
    plan: str | None = None


class BalanceResponse(BaseModel):
    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "credits": {"type": "usd", "usd": 0.0},
                "subscription": {
                    "type": "generations",
                    "status": "active",
                    "generations": 1997,
                    "total": 2000,
                    "plan": "Self-hosted",
                },
            }
        }
    )

    credits: Credits
    subscription: Subscription
