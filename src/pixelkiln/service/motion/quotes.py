"""Prices of the motion POST paths from a request alone, for the quote registry
(:mod:`pixelkiln.service.quotes`): each equals what the submission charges, an enhanced
prompt's fee included (the playground and the MCP tools show it before sending)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from pixelkiln.contract.motion import (
    AnimatePixminimaxRequest,
    AnimateWithTextV3Request,
    EditAnimationV2Request,
    Generate8RotationsV2Request,
    Generate8RotationsV3Request,
    InterpolationV2Request,
    RotateRequest,
    TransferOutfitV2Request,
)
from pixelkiln.service.motion import costs

__all__ = ["PRICES"]


def _rotations_v3(r: Generate8RotationsV3Request) -> float:
    return costs.rotations_v3_cost(r.first_frame.width, r.first_frame.height)


def _sized(r: Any) -> float:
    return costs.pro_cost(r.image_size.width, r.image_size.height)


def _rotate(_r: RotateRequest) -> float:
    return costs.ROTATE


def _fee(r: Any) -> float:
    return costs.ENHANCE if r.enhance_prompt else 0.0


def _text_v3(r: AnimateWithTextV3Request) -> float:
    img = r.first_frame
    return costs.text_v3_cost(img.width, img.height, r.frame_count) + _fee(r)


def _pixminimax(r: AnimatePixminimaxRequest) -> float:
    img = r.first_frame
    return costs.pixminimax_cost(img.width, img.height, r.frame_count) + _fee(r)


#: POST path -> (request model, price of a validated request).
PRICES: dict[str, tuple[type[BaseModel], Callable[[Any], float]]] = {
    "/generate-8-rotations-v3": (Generate8RotationsV3Request, _rotations_v3),
    "/generate-8-rotations-v2": (Generate8RotationsV2Request, _sized),
    "/rotate": (RotateRequest, _rotate),
    "/animate-with-text-v3": (AnimateWithTextV3Request, _text_v3),
    "/animate-pixminimax": (AnimatePixminimaxRequest, _pixminimax),
    "/interpolation-v2": (InterpolationV2Request, _sized),
    "/edit-animation-v2": (EditAnimationV2Request, _sized),
    "/transfer-outfit-v2": (TransferOutfitV2Request, _sized),
}
