"""The utilities' computations: a validated request in, the response (or job result) out.

Pure glue between the wire models and the engine; billing and jobs are the caller's.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any

import numpy as np

from pixelkiln.contract.common import Base64Image, Size
from pixelkiln.contract.utilities import (
    CorrectPixelartRequest,
    CorrectPixelartResponse,
    ImageToPixelartProFlashRequest,
    ImageToPixelartProFlashResult,
    ImageToPixelartProRequest,
    ImageToPixelartProResult,
    ImageToPixelartRequest,
    ImageToPixelartResponse,
    NormalMapRequest,
    NormalMapResponse,
    ReduceColorsRequest,
    ReduceColorsResponse,
    RemoveBackgroundRequest,
    RemoveBackgroundResponse,
    ResizeRequest,
    ResizeResponse,
    UnzoomRequest,
    UnzoomResponse,
    UtilityRequest,
    VfxRequest,
    VfxResult,
)
from pixelkiln.engine import cleanup, convert, vfx
from pixelkiln.engine.cleanup.reduce_colors import DITHERING_MODES
from pixelkiln.engine.color import hex_to_rgb
from pixelkiln.engine.imageio import encode_png
from pixelkiln.engine.normal_map import normal_map as _normal_map
from pixelkiln.service.utilities.costs import image_to_pixelart_pro_flash_size

__all__ = ["COMPUTE", "Progress", "compute", "png_image"]

Progress = Callable[[float], None]


def png_image(rgba: np.ndarray) -> Base64Image:
    """A response image from engine pixels: a deterministic PNG, not decoded again."""
    data = base64.b64encode(encode_png(rgba)).decode("ascii")
    return Base64Image.model_construct(type="base64", base64=data, format="png")


def _strip(palette: np.ndarray) -> Base64Image:
    strip = np.full((1, max(1, len(palette)), 4), 0, np.uint8)
    strip[0, : len(palette), :3] = palette
    strip[0, : len(palette), 3] = 255
    return png_image(strip)


def reduce_colors(
    req: ReduceColorsRequest, progress: Progress | None = None
) -> ReduceColorsResponse:
    palette = None
    if req.palette_image is not None:
        palette = cleanup.palette_from_image(req.palette_image.pixels)
    r = cleanup.reduce_colors(
        [im.pixels for im in req.images],
        req.num_colors,
        palette,
        req.dithering,
        req.dithering_strength,
    )
    return ReduceColorsResponse(
        images=[png_image(i) for i in r.images],
        palette=png_image(r.palette_strip()),
        n_colors=r.n_colors,
    )


def correct_pixelart(
    req: CorrectPixelartRequest, progress: Progress | None = None
) -> CorrectPixelartResponse:
    r = cleanup.correct_pixelart([im.pixels for im in req.images], req.strength)
    return CorrectPixelartResponse(images=[png_image(i) for i in r.images])


def unzoom(req: UnzoomRequest, progress: Progress | None = None) -> UnzoomResponse:
    r = cleanup.unzoom(req.image.pixels, req.quantize)
    return UnzoomResponse(
        image=png_image(r.image),
        original_size=Size(width=r.original_size[0], height=r.original_size[1]),
        unzoomed_size=Size(width=r.unzoomed_size[0], height=r.unzoomed_size[1]),
        zoom_factor_detected=round(r.zoom_factor, 3),
    )


def resize(req: ResizeRequest, progress: Progress | None = None) -> ResizeResponse:
    size = (req.target_size.width, req.target_size.height)
    out = cleanup.resize_pixelart(req.reference_image.pixels, size)
    if req.no_background:
        out = cleanup.remove_background(out, "simple").image
    return ResizeResponse(image=png_image(out))


def remove_background(
    req: RemoveBackgroundRequest, progress: Progress | None = None
) -> RemoveBackgroundResponse:
    mode = "complex" if req.background_removal_task == "remove_complex_background" else "simple"
    return RemoveBackgroundResponse(
        image=png_image(cleanup.remove_background(req.image.pixels, mode).image)
    )


def image_to_pixelart(
    req: ImageToPixelartRequest, progress: Progress | None = None
) -> ImageToPixelartResponse:
    r = convert.image_to_pixelart(
        req.image.pixels,
        (req.output_size.width, req.output_size.height),
        fixer=req.fixer,
        init_image_strength=req.init_image_strength,
        text_guidance_scale=8.0 if req.text_guidance_scale is None else req.text_guidance_scale,
        seed=req.seed or 0,
    )
    return ImageToPixelartResponse(image=png_image(r.image))


def image_to_pixelart_pro(
    req: ImageToPixelartProRequest, progress: Progress | None = None
) -> ImageToPixelartProResult:
    r = convert.image_to_pixelart_pro(req.image.pixels, req.description, req.seed or 0, progress)
    return ImageToPixelartProResult(
        image=png_image(r.image),
        size=Size(width=r.size[0], height=r.size[1]),
        palette=_strip(r.palette),
        n_colors=len(r.palette),
        source=r.source,  # type: ignore[arg-type]
    )


def image_to_pixelart_pro_flash(
    req: ImageToPixelartProFlashRequest, progress: Progress | None = None
) -> ImageToPixelartProFlashResult:
    r = convert.image_to_pixelart_pro_flash(
        req.image.pixels,
        output_size=image_to_pixelart_pro_flash_size(req),
        palette_size=req.palette_size,
        dithering=DITHERING_MODES[req.dithering],
        dithering_strength=req.dithering_strength,
        outline=req.outline,
        description=req.description,
        seed=req.seed or 0,
        progress=progress,
    )
    return ImageToPixelartProFlashResult(
        image=png_image(r.image),
        size=Size(width=r.size[0], height=r.size[1]),
        palette=_strip(r.palette),
        n_colors=len(r.palette),
        source="photo",
    )


def normal_map(req: NormalMapRequest, progress: Progress | None = None) -> NormalMapResponse:
    out = _normal_map(
        req.image.pixels,
        strength=req.strength,
        bevel=req.bevel,
        detail=req.detail,
        invert_y=req.invert_y,
        quantize=req.quantize,
    )
    return NormalMapResponse(image=png_image(out))


def vfx_effect(req: VfxRequest, progress: Progress | None = None) -> VfxResult:
    size = (req.image_size.width, req.image_size.height)
    r = vfx.render_vfx(
        req.description,
        size,
        req.frame_count,
        seed=req.seed or 0,
        color=hex_to_rgb(req.color) if req.color else None,
        kind=req.effect,
        progress=progress,
    )
    strip = np.zeros((1, max(1, len(r.palette)), 4), np.uint8)
    strip[0, : len(r.palette), :3] = r.palette
    strip[0, : len(r.palette), 3] = 255
    return VfxResult(
        frames=[png_image(f) for f in r.frames],
        spritesheet=png_image(r.sheet),
        frame_count=r.frame_count,
        frame_size=Size(width=size[0], height=size[1]),
        effect=r.spec.kind,  # type: ignore[arg-type]
        palette=png_image(strip),
        n_colors=len(r.palette),
    )


COMPUTE: dict[type[UtilityRequest], Callable[..., Any]] = {
    ReduceColorsRequest: reduce_colors,
    CorrectPixelartRequest: correct_pixelart,
    UnzoomRequest: unzoom,
    ResizeRequest: resize,
    RemoveBackgroundRequest: remove_background,
    ImageToPixelartRequest: image_to_pixelart,
    ImageToPixelartProRequest: image_to_pixelart_pro,
    ImageToPixelartProFlashRequest: image_to_pixelart_pro_flash,
    NormalMapRequest: normal_map,
    VfxRequest: vfx_effect,
}


def compute(req: UtilityRequest, progress: Progress | None = None) -> Any:
    """Run the engine for ``req``: the sync response, or a job's ``last_response`` model."""
    return COMPUTE[type(req)](req, progress)
