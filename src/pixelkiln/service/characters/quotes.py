"""Prices of the character POST paths from a request alone, for the quote registry
(:mod:`pixelkiln.service.quotes`): each equals what the submission then charges,
including an enhanced prompt's fee. An animation's price depends on its character
(directions, size): it is priced here only when the request says enough (a template
with its ``directions`` listed), otherwise the quote answers 400 saying the rule."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from pixelkiln.contract.characters import (
    CreateCharacterAnimationRequest,
    CreateCharacterProFlashRequest,
    CreateCharacterProRequest,
    CreateCharacterStateRequest,
    CreateCharacterV3Request,
    CreateCharacterWith4DirectionsRequest,
    CreateCharacterWith8DirectionsRequest,
)
from pixelkiln.service.characters import costs
from pixelkiln.service.characters.animate import quote_animation
from pixelkiln.service.characters.create import (
    quote_pro,
    quote_pro_flash,
    quote_v3,
    quote_with_directions,
)

__all__ = ["PRICES"]


def _state(_request: CreateCharacterStateRequest) -> float:
    return costs.STATE


#: POST path -> (request model, price of a validated request).
PRICES: dict[str, tuple[type[BaseModel], Callable[[Any], float]]] = {
    "/create-character-with-4-directions": (
        CreateCharacterWith4DirectionsRequest,
        quote_with_directions,
    ),
    "/create-character-with-8-directions": (
        CreateCharacterWith8DirectionsRequest,
        quote_with_directions,
    ),
    "/create-character-v3": (CreateCharacterV3Request, quote_v3),
    "/create-character-pro": (CreateCharacterProRequest, quote_pro),
    "/create-character-pro-flash": (CreateCharacterProFlashRequest, quote_pro_flash),
    "/create-character-state": (CreateCharacterStateRequest, _state),
    "/animate-character": (CreateCharacterAnimationRequest, quote_animation),
    "/characters/animations": (CreateCharacterAnimationRequest, quote_animation),
}
