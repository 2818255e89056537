"""Image utilities: the clean-up tier, image to pixel art, normal maps and VFX.

Ten endpoints. Seven answer synchronously with the image in the response
(reduce-colors, correct-pixelart, unzoom, resize, remove-background, image-to-pixelart,
normal-map); three are background jobs answering 202 with a ``background_job_id`` whose
``last_response`` is the result model (image-to-pixelart-pro, image-to-pixelart-pro-flash,
vfx).

Every request class (a :class:`UtilityRequest`) carries its ``PATH`` and whether it is
``SYNC``; :data:`ENDPOINTS` lists them with their response and result models. The
computations and prices are in :mod:`pixelkiln.service.utilities`. Images are decoded
while the request is validated; ``image_size``-style fields are checked against their
bounds but the decoded size is what is used. Per-endpoint pixel limits raise
``image_too_large`` (413, naming the field) as the global limit does.

Proposed costs in generations (the specification fixes only the first two):

================================  =====  ==========================================
endpoint                          mode   cost
================================  =====  ==========================================
/reduce-colors                    sync   0.1
/correct-pixelart                 sync   0.1
/unzoom                           sync   0.1
/resize                           sync   0.1
/remove-background                sync   0.1
/normal-map                       sync   0.1
/image-to-pixelart                sync   1
/image-to-pixelart-pro            job    2; 3 for inputs over 1024x1024 px
/image-to-pixelart-pro-flash      job    1; 2 for outputs over 128x128 px
/vfx                              job    max(1, ceil(w * h * frames / 65536))
================================  =====  ==========================================
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from pixelkiln.contract.utilities.base import (
    ImageToPixelartImageSize,
    JobSubmitted,
    OutputSize,
    ProFlashOutputSize,
    RemoveBackgroundImageSize,
    ResizeImageSize,
    UtilityRequest,
    VfxImageSize,
)
from pixelkiln.contract.utilities.cleanup import (
    CorrectPixelartRequest,
    CorrectPixelartResponse,
    ReduceColorsRequest,
    ReduceColorsResponse,
    RemoveBackgroundRequest,
    RemoveBackgroundResponse,
    ResizeRequest,
    ResizeResponse,
    UnzoomRequest,
    UnzoomResponse,
)
from pixelkiln.contract.utilities.convert import (
    ImageToPixelartProFlashRequest,
    ImageToPixelartProFlashResult,
    ImageToPixelartProRequest,
    ImageToPixelartProResponse,
    ImageToPixelartProResult,
    ImageToPixelartRequest,
    ImageToPixelartResponse,
)
from pixelkiln.contract.utilities.effects import (
    EffectKind,
    NormalMapRequest,
    NormalMapResponse,
    VfxRequest,
    VfxResponse,
    VfxResult,
)

__all__ = [
    "ENDPOINTS",
    "CorrectPixelartRequest",
    "CorrectPixelartResponse",
    "EffectKind",
    "Endpoint",
    "ImageToPixelartImageSize",
    "ImageToPixelartProFlashRequest",
    "ImageToPixelartProFlashResult",
    "ImageToPixelartProRequest",
    "ImageToPixelartProResponse",
    "ImageToPixelartProResult",
    "ImageToPixelartRequest",
    "ImageToPixelartResponse",
    "JobSubmitted",
    "NormalMapRequest",
    "NormalMapResponse",
    "OutputSize",
    "ProFlashOutputSize",
    "ReduceColorsRequest",
    "ReduceColorsResponse",
    "RemoveBackgroundImageSize",
    "RemoveBackgroundRequest",
    "RemoveBackgroundResponse",
    "ResizeImageSize",
    "ResizeRequest",
    "ResizeResponse",
    "UnzoomRequest",
    "UnzoomResponse",
    "UtilityRequest",
    "VfxImageSize",
    "VfxRequest",
    "VfxResponse",
    "VfxResult",
]


@dataclass(frozen=True)
class Endpoint:
    """One utility endpoint for the router and job wiring.

    ``response`` is the HTTP answer (200 for sync, 202 :class:`JobSubmitted` for jobs);
    ``result`` is what the computation returns (the response itself for sync endpoints,
    the job's ``last_response`` for jobs).
    """

    path: str
    summary: str
    request: type[UtilityRequest]
    response: type[BaseModel]
    result: type[BaseModel]

    @property
    def sync(self) -> bool:
        """True when the endpoint answers with the result, False when it queues a job."""
        return self.request.SYNC


def _sync(summary: str, request: type[UtilityRequest], response: type[BaseModel]) -> Endpoint:
    return Endpoint(request.PATH, summary, request, response, response)


def _job(
    summary: str, request: type[UtilityRequest], submitted: type[BaseModel], result: type[BaseModel]
) -> Endpoint:
    return Endpoint(request.PATH, summary, request, submitted, result)


#: Every utility endpoint, in the order of the documentation.
ENDPOINTS: tuple[Endpoint, ...] = (
    _sync("Reduce colors", ReduceColorsRequest, ReduceColorsResponse),
    _sync("Correct pixel art", CorrectPixelartRequest, CorrectPixelartResponse),
    _sync("Unzoom pixel art", UnzoomRequest, UnzoomResponse),
    _sync("Resize pixel art image", ResizeRequest, ResizeResponse),
    _sync("Remove background", RemoveBackgroundRequest, RemoveBackgroundResponse),
    _sync("Convert image to pixel art", ImageToPixelartRequest, ImageToPixelartResponse),
    _job(
        "Convert image to pixel art (Pro)",
        ImageToPixelartProRequest,
        ImageToPixelartProResponse,
        ImageToPixelartProResult,
    ),
    _job(
        "Convert image to pixel art (Pro flash)",
        ImageToPixelartProFlashRequest,
        JobSubmitted,
        ImageToPixelartProFlashResult,
    ),
    _sync("Normal map of a sprite", NormalMapRequest, NormalMapResponse),
    _job("Visual effect animation", VfxRequest, VfxResponse, VfxResult),
)
