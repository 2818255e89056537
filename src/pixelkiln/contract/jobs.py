"""Background jobs: ``GET /background-jobs/{job_id}``."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from pixelkiln.contract.common import Usage

__all__ = ["BackgroundJobResponse"]


class BackgroundJobResponse(BaseModel):
    """The status of a background job; ``usage.generations`` is what it was billed (a
    failed job's charge is refunded, so it reads 0)."""

    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "id": "123e4567-e89b-12d3-a456-426614174000",
                "status": "completed",
                "created_at": "2026-11-23T10:30:00Z",
                "last_response": {"status": "completed", "asset_id": "9f1c..."},
                "usage": {"type": "generations", "generations": 3},
                "progress_percent": 100,
            }
        }
    )

    id: str
    status: str = Field(description="processing | completed | failed")
    created_at: str = Field(description="ISO 8601 time of submission (UTC)")
    last_response: dict[str, Any] | None = Field(
        default=None,
        description="The job's latest response: its result, or {detail} when it failed.",
    )
    usage: Usage | None = None
    progress_percent: int | None = Field(
        default=None, description="Progress 0-100 (an addition to the published contract)."
    )
