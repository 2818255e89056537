"""`GET /pro-flash/cost`: the provisional price of a Pro Flash operation, by stage."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query

from pixelkiln.api.deps import AuthDep
from pixelkiln.errors import InvalidRequest
from pixelkiln.service import pro_flash

router = APIRouter(tags=["Create Image"])


@router.get(
    "/pro-flash/cost",
    summary="Estimate Pro Flash generation cost",
    response_model=dict[str, Any],
    responses={
        200: {
            "description": "The stages and their generations",
            "content": {
                "application/json": {
                    "example": {
                        "operation": "character",
                        "width": 64,
                        "height": 64,
                        "n_directions": 8,
                        "billing_stages": [
                            {"stage": "first_image", "generations": 5.0, "reused": False},
                            {"stage": "rotations", "generations": 1.0},
                        ],
                        "estimated_generations": 6.0,
                        "provisional": True,
                        "reuse": "Reusing a paid first image ... charges only the rotations",
                    }
                }
            },
        }
    },
)
def pro_flash_cost(
    auth: AuthDep,
    operation: Annotated[Literal["create", "edit", "inpaint", "character", "object"], Query()],
    width: Annotated[int, Query(gt=0, le=4096, description="Image width in pixels")],
    height: Annotated[int, Query(gt=0, le=4096, description="Image height in pixels")],
    n_directions: Annotated[
        int, Query(ge=1, le=8, description="1 or 8 (objects); characters have 8")
    ] = 8,
) -> dict[str, Any]:
    """The first image (5 generations; free when a paid one is reused), then for
    characters and 8-direction objects the rotations `ceil(w * h * 8 / 65536)`;
    finishing a 1-direction object is free. The job reports what was charged."""
    if n_directions not in (1, 8):
        raise InvalidRequest(("query", "n_directions"), "n_directions must be 1 or 8")
    return pro_flash.quote(operation, width, height, n_directions).to_dict()
