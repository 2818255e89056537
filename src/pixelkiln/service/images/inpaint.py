"""Inpainting: ``inpaint`` (synchronous), ``inpaint-v3`` and ``inpaint-image-pro-flash``.

White mask pixels are drawn, black ones are kept byte for byte. The described thing is
drawn into the mask in the outline and shading read from the image itself (so it is
outlined and shaded like its surroundings), and what it leaves of the mask is filled from
the image's texture (:mod:`pixelkiln.engine.inpaint`). A context image (``inpaint-v3``,
``inpaint-image-pro-flash``) lends its texture too; with ``inpaint-v3``'s ``crop_to_mask``
false and a ``bounding_box``, the answer is the context image with the painted region
put back where the box says.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pixelkiln.contract.edits import InpaintImageProFlashRequest, InpaintRequest, InpaintV3Request
from pixelkiln.engine.inpaint import inpaint
from pixelkiln.engine.isometric.blend import blend_init
from pixelkiln.engine.subjects.style import SubjectStyle
from pixelkiln.errors import InvalidRequest
from pixelkiln.service.images.common import (
    forced_palette,
    image_style,
    mask_of,
    resized,
    same_size,
)

__all__ = [
    "check_inpaint",
    "check_pro_flash",
    "check_v3",
    "run_inpaint",
    "run_pro_flash",
    "run_v3",
]


def _style(
    image: np.ndarray,
    seed: int,
    outline: str | None = None,
    shading: str | None = None,
    detail: str | None = None,
) -> SubjectStyle:
    st = image_style([image], seed)
    return SubjectStyle(
        outline=outline or st.outline or "single color black outline",
        shading=shading or st.shading or "medium shading",
        detail=detail or "medium detail",
    )


def _old(req: InpaintV3Request, name: str) -> Any:
    """A deprecated field's value (read without the deprecation warning: it still works)."""
    return req.__dict__.get(name)


def check_inpaint(req: InpaintRequest) -> np.ndarray:
    """422s: the image to inpaint, its mask and an init image are all ``image_size``."""
    size = (req.image_size.width, req.image_size.height)
    same_size(req.inpainting_image.pixels, size, ("body", "inpainting_image"), "image_size")
    if req.init_image is not None:
        same_size(req.init_image.pixels, size, ("body", "init_image"), "image_size")
    return mask_of(req.mask_image, size, ("body", "mask_image"), "inpainting_image")


def run_inpaint(req: InpaintRequest, seed: int) -> tuple[np.ndarray, dict[str, object]]:
    mask = check_inpaint(req)
    image = req.inpainting_image.pixels
    style = _style(image, seed, req.outline, req.shading, req.detail)
    view = "high top-down" if req.oblique_projection else (req.view or "side")
    done = inpaint(
        image,
        mask,
        req.description,
        seed,
        style,
        view=view,
        direction=req.direction or "south",
        no_background=req.no_background,
        palette=forced_palette(req.color_image, seed),
    )
    out = done.rgba
    if req.init_image is not None:
        mixed = blend_init(out, req.init_image.pixels, req.init_image_strength / 1000.0, seed)
        out = out.copy()
        out[mask] = mixed[mask]
    return out, {**done.reading, "ramp": [list(map(int, c)) for c in done.ramp]}


def _inpaint_image(img: Any) -> np.ndarray:
    """An image read at its declared ``size`` (scaled to it, nearest neighbour)."""
    return resized(img.image.pixels, img.size.width, img.size.height)


def check_v3(req: InpaintV3Request) -> np.ndarray:
    """422s: the mask's declared size is the image's (the contract: same dimensions)."""
    image = _inpaint_image(req.inpainting_image)
    h, w = image.shape[:2]
    declared = (req.mask_image.size.width, req.mask_image.size.height)
    if declared != (w, h):
        raise InvalidRequest(
            ("body", "mask_image", "size"),
            f"the mask is {declared[0]}x{declared[1]}; it must be the size of "
            f"inpainting_image, {w}x{h}",
        )
    mask = mask_of(_inpaint_image(req.mask_image), (w, h), ("body", "mask_image"))
    context = _old(req, "context_image")
    box = _old(req, "bounding_box")
    if context is not None and box is not None:
        cw, ch = context.size.width, context.size.height
        if box.x + box.width > cw or box.y + box.height > ch:
            raise InvalidRequest(
                ("body", "bounding_box"), "the bounding box must lie on the context image"
            )
    return mask


def run_v3(req: InpaintV3Request, seed: int) -> tuple[np.ndarray, dict[str, object]]:
    mask = check_v3(req)
    image = _inpaint_image(req.inpainting_image)
    old_context = _old(req, "context_image")
    context = _inpaint_image(old_context) if old_context is not None else None
    done = inpaint(
        image,
        mask,
        req.description,
        seed,
        _style(image, seed),
        no_background=bool(req.no_background),
        context=context,
    )
    out = done.rgba
    reading = {**done.reading, "ramp": [list(map(int, c)) for c in done.ramp]}
    box = _old(req, "bounding_box")
    if req.crop_to_mask is False and context is not None and box is not None:
        # The painted region goes back where the box says, scaled to the box if needed.
        whole = context.copy()
        region = whole[box.y : box.y + box.height, box.x : box.x + box.width]
        rh, rw = region.shape[:2]
        painted = resized(out, rw, rh)
        where = resized(mask.astype(np.uint8)[..., None].repeat(4, -1) * 255, rw, rh)[..., 0] > 0
        region[where] = painted[where]
        reading["placed_on_context"] = {"x": box.x, "y": box.y}
        return whole, reading
    return out, reading


def check_pro_flash(req: InpaintImageProFlashRequest) -> np.ndarray:
    w, h = req.image.width, req.image.height
    mask = mask_of(req.mask_image, (w, h), ("body", "mask_image"), "image")
    if req.context_image is not None and req.bounding_box is None:
        raise InvalidRequest(("body", "bounding_box"), "a context image needs a bounding_box")
    if req.context_image is not None and req.bounding_box is not None:
        box = req.bounding_box
        cw, ch = req.context_image.width, req.context_image.height
        if box.x + box.width > cw or box.y + box.height > ch:
            raise InvalidRequest(
                ("body", "bounding_box"), "the bounding box must lie on the context image"
            )
    return mask


def run_pro_flash(
    req: InpaintImageProFlashRequest, seed: int
) -> tuple[np.ndarray, dict[str, object]]:
    mask = check_pro_flash(req)
    image = req.image.pixels
    context = None
    if req.context_image is not None and req.bounding_box is not None:
        b = req.bounding_box
        context = req.context_image.pixels[b.y : b.y + b.height, b.x : b.x + b.width]
    done = inpaint(
        image,
        mask,
        req.description,
        seed,
        _style(image, seed),
        no_background=req.no_background,
        context=context,
    )
    out = done.rgba
    if req.output_method == "changes_only":
        out = out.copy()
        out[~mask] = 0
    return out, {
        **done.reading,
        "ramp": [list(map(int, c)) for c in done.ramp],
        "output_method": req.output_method,
    }
