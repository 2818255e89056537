"""What objects and map objects cost, in generations, and how many candidates a size gives.

The contract prices objects at 20-40 generations a call by size and Pro object
animations at 20-40 a direction; this is the ladder, by the larger side of the canvas:

=================  ======
canvas side        price
=================  ======
up to 64 px        20
65-128 px          25
above 128 px       40
=================  ======

- ``create-1-direction-object`` and ``create-8-direction-object``: one rung of the ladder
  per call, whatever the number of candidates or directions.
- a state (``POST /objects/{id}/states``): one rung, by the object's size (it is a new
  object drawn in all of the source's directions).
- animations: ``mode=v3`` 1 generation a direction (+0.05 with ``enhance_prompt``);
  ``mode=pro`` one rung a direction.
- ``create-object-pro-flash``: the pro-flash stages (:mod:`pixelkiln.service.pro_flash`):
  5 for the first image unless one is sent or reused, ``ceil(w*h*8/65536)`` for the other
  7 directions, finishing a 1-direction object free.
- map objects (cheaper and faster than objects): 1 generation up to 128 x 128 pixels of
  area, 2 above.
- ``select-frames`` and ``dismiss-review``: free.

A failed job is refunded in full (the executor does it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from pixelkiln.contract.objects import (
    AnimateObjectRequest,
    Create1DirectionObjectRequest,
    Create8DirectionObjectRequest,
    CreateMapObjectRequest,
    CreateObjectProFlashRequest,
    CreateObjectStateRequest,
    DismissReviewRequest,
    SelectObjectFramesRequest,
)
from pixelkiln.errors import InvalidRequest
from pixelkiln.service import pro_flash

__all__ = [
    "ENHANCE_COST",
    "MAP_OBJECT_BASE_AREA",
    "V3_PER_DIRECTION",
    "candidate_count",
    "ladder",
    "map_object_cost",
    "object_quotes",
    "one_direction_size",
    "pro_flash_quote",
]

#: A v3 object animation, per direction.
V3_PER_DIRECTION = 1.0
#: ``enhance_prompt`` on a v3 animation.
ENHANCE_COST = 0.05
#: Map object area covered by the base price of one generation.
MAP_OBJECT_BASE_AREA = 128 * 128


def ladder(side: int) -> float:
    """The Pro price of an object whose larger side is ``side`` pixels."""
    return 20.0 if side <= 64 else 25.0 if side <= 128 else 40.0


def candidate_count(size: int) -> int:
    """Candidates of a 1-direction object of this effective size (the contract's rule)."""
    return 64 if size <= 42 else 16 if size <= 85 else 4 if size <= 170 else 1


def one_direction_size(request: Create1DirectionObjectRequest) -> int:
    """The effective size: ``size``, the largest style image's larger side, or 64."""
    if request.style_images:
        largest = max(max(i.width, i.height) for i in request.style_images)
        return max(16, min(256, largest))
    return request.size or 64


def eight_direction_size(request: Create8DirectionObjectRequest) -> tuple[int, int]:
    """(width, height) of an 8-direction object's canvas."""
    if request.reference_image is not None:
        return request.reference_image.width, request.reference_image.height
    if request.style_image is not None:
        side = max(request.style_image.width, request.style_image.height)
        return side, side
    side = request.size or 64
    return side, side


def pro_flash_size(request: CreateObjectProFlashRequest) -> tuple[int, int]:
    """(width, height) of a pro-flash object's canvas."""
    if request.image_size is not None:
        return request.image_size.width, request.image_size.height
    if request.first_frame is not None:
        return request.first_frame.width, request.first_frame.height
    return 64, 64


def pro_flash_quote(request: CreateObjectProFlashRequest) -> pro_flash.Quote:
    """The staged price of a pro-flash object (a first image sent or reused is free)."""
    w, h = pro_flash_size(request)
    reuse = request.first_frame is not None or request.source_image_id is not None
    return pro_flash.quote("object", w, h, request.n_directions, reuse=reuse)


def map_object_cost(width: int, height: int) -> float:
    """1 generation up to 128 x 128 pixels of area, 2 above."""
    return 1.0 if width * height <= MAP_OBJECT_BASE_AREA else 2.0


def animation_cost(mode: str, side: int, directions: int, enhance: bool) -> float:
    """The price of ``directions`` directions of an animation of an object of ``side`` px."""
    per = V3_PER_DIRECTION if mode == "v3" else ladder(side)
    return per * directions + (ENHANCE_COST if enhance and mode == "v3" else 0.0)


# --- the playground's quote registry ------------------------------------------------------


def _one(req: Create1DirectionObjectRequest) -> float:
    from pixelkiln.service.objects.create import check_one_direction

    check_one_direction(req)
    return ladder(one_direction_size(req))


def _eight(req: Create8DirectionObjectRequest) -> float:
    from pixelkiln.service.objects.create import check_eight_direction

    check_eight_direction(req)
    return ladder(max(eight_direction_size(req)))


def _pro(req: CreateObjectProFlashRequest) -> float:
    from pixelkiln.service.objects.create import check_pro_flash

    check_pro_flash(req)
    return pro_flash_quote(req).total


def _map(req: CreateMapObjectRequest) -> float:
    from pixelkiln.service.objects.map_objects import canvas_size, check_map_object

    check_map_object(req)
    return map_object_cost(*canvas_size(req))


def _state(req: CreateObjectStateRequest) -> float:
    raise InvalidRequest(
        ("path", "object_id"),
        "A state costs what its object did: 20 generations up to 64 px, 25 up to 128 px, "
        "40 above (the price needs the object, so it is shown when you send it).",
    )


def _animation(req: AnimateObjectRequest) -> float:
    if req.mode == "v3" and req.directions:
        return V3_PER_DIRECTION * len(set(req.directions)) + (
            ENHANCE_COST if req.enhance_prompt else 0.0
        )
    raise InvalidRequest(
        ("path", "object_id"),
        "v3: 1 generation a direction (+0.05 with enhance_prompt); pro: 20-40 a direction "
        "by the object's size. The count of directions needs the object when none are listed.",
    )


def _free(req: BaseModel) -> float:
    return 0.0


def object_quotes() -> dict[str, tuple[type[BaseModel], Callable[[Any], float]]]:
    """The family's POST paths, their request models and price functions."""
    return {
        "/create-1-direction-object": (Create1DirectionObjectRequest, _one),
        "/create-8-direction-object": (Create8DirectionObjectRequest, _eight),
        "/create-object-pro-flash": (CreateObjectProFlashRequest, _pro),
        "/map-objects": (CreateMapObjectRequest, _map),
        "/objects/{object_id}/states": (CreateObjectStateRequest, _state),
        "/objects/{object_id}/animations": (AnimateObjectRequest, _animation),
        "/objects/{object_id}/select-frames": (SelectObjectFramesRequest, _free),
        "/objects/{object_id}/dismiss-review": (DismissReviewRequest, _free),
    }
