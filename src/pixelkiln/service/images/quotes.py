"""Prices of the single-image, edit and inpaint POST paths from a request alone, for the
quote registry (:mod:`pixelkiln.service.quotes`): each equals what the route charges,
an enhanced pixen prompt's fee and Pro Flash's first-image stage included."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from pixelkiln.contract.edits import InpaintRequest
from pixelkiln.contract.images import (
    CreateImageBitforgeRequest,
    CreateImagePixenRequest,
    CreateImagePixfluxRequest,
)
from pixelkiln.service import pro_flash
from pixelkiln.service.images.costs import COSTS, ENHANCE_FEE
from pixelkiln.service.images.operations import PRO_FLASH_OPERATIONS, REQUESTS, size_of

__all__ = ["PRICES"]

_SYNC: dict[str, type[BaseModel]] = {
    "/create-image-bitforge": CreateImageBitforgeRequest,
    "/create-image-pixen": CreateImagePixenRequest,
    "/create-image-pixflux": CreateImagePixfluxRequest,
    "/inpaint": InpaintRequest,
}


def _price(path: str) -> Callable[[Any], float]:
    def price(req: Any) -> float:
        operation = PRO_FLASH_OPERATIONS.get(path)
        if operation is not None:
            w, h = size_of(path, req)
            stages = pro_flash.quote(operation, w, h, 1).stages
            return float(sum(s["generations"] for s in stages if s["stage"] == "first_image"))
        fee = ENHANCE_FEE if getattr(req, "enhance_prompt", False) else 0.0
        return COSTS[path] + fee

    return price


#: POST path -> (request model, price of a validated request).
PRICES: dict[str, tuple[type[BaseModel], Callable[[Any], float]]] = {
    path: (model, _price(path)) for path, model in {**_SYNC, **REQUESTS}.items()
}
