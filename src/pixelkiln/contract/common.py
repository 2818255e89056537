"""Types shared by every family: strict request base, Base64 images, usage, style enums.

Images arrive as ``{type: "base64", base64, format}``, with or without a ``data:`` prefix.
They are decoded while the request is validated, so a bad image is a field-level error
(422) naming the field, and an image over the pixel limit (a decompression bomb, say) is
answered 413 by the API layer, which recognises the ``image_too_large`` error type.
"""

from __future__ import annotations

import base64
import binascii
import functools
import io
import re
import types
import typing
import warnings
from typing import Annotated, Any, Literal

import numpy as np
from PIL import Image, UnidentifiedImageError
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator
from pydantic_core import PydanticCustomError

__all__ = [
    "DETAILS",
    "EXAMPLE_IMAGE",
    "IMAGE_TOO_LARGE",
    "MAX_IMAGE_PIXELS",
    "OUTLINES",
    "SHADINGS",
    "Base64Image",
    "Detail",
    "Outline",
    "Seed",
    "Shading",
    "Size",
    "StrictModel",
    "Usage",
    "example_png",
]

#: Largest image any endpoint decodes (4096 x 4096). Bigger ones are refused before their
#: pixels are decoded, so a small file that inflates to gigabytes never reaches memory.
MAX_IMAGE_PIXELS = 4096 * 4096
#: The validation error type the API layer maps to 413 Payload Too Large.
IMAGE_TOO_LARGE = "image_too_large"

_DATA_URI = re.compile(r"^data:[\w/+.-]*(;[\w=.-]+)*;base64,", re.IGNORECASE)

OUTLINES = ("single color black outline", "single color outline", "selective outline", "lineless")
SHADINGS = (
    "flat shading",
    "basic shading",
    "medium shading",
    "detailed shading",
    "highly detailed shading",
)
DETAILS = ("low detail", "medium detail", "highly detailed")

Outline = Literal[
    "single color black outline", "single color outline", "selective outline", "lineless"
]
Shading = Literal[
    "flat shading", "basic shading", "medium shading", "detailed shading", "highly detailed shading"
]
Detail = Literal["low detail", "medium detail", "highly detailed"]
Seed = Annotated[
    int,
    # 2**53 - 1: the largest integer every JSON reader (and JSON Schema validator) holds
    # exactly; a bound past it would document seeds that readers round.
    Field(ge=0, le=2**53 - 1, description="Seed; the same request and seed give the same bytes."),
]


def example_png(width: int = 32, height: int = 32) -> str:
    """Base64 PNG of a small sprite for documented examples: a shaded, outlined disc on a
    transparent background (a real image, so that every example is a request that works)."""
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float64)
    cy, cx = (height - 1) / 2, (width - 1) / 2
    radius = 0.42 * min(width, height)
    dist = np.hypot((yy - cy), (xx - cx)) / max(radius, 1.0)
    light = np.hypot(yy - cy + radius * 0.35, xx - cx + radius * 0.35) / max(radius, 1.0)
    rgba = np.zeros((height, width, 4), np.uint8)
    ramp = np.array([[32, 24, 48], [150, 60, 40], [210, 110, 60], [250, 190, 120]], np.uint8)
    shade = np.where(light < 0.45, 3, np.where(light < 0.95, 2, 1))
    rgba[..., :3] = ramp[shade]
    rgba[..., :3][dist > 0.85] = ramp[0]
    rgba[..., 3] = np.where(dist <= 1.0, 255, 0)
    buf = io.BytesIO()
    Image.fromarray(rgba).save(buf, format="PNG", optimize=True)
    return base64.b64encode(buf.getvalue()).decode("ascii")


#: A real 32x32 PNG for request examples.
EXAMPLE_IMAGE: dict[str, str] = {"type": "base64", "base64": example_png(), "format": "png"}


class StrictModel(BaseModel):
    """Request models reject unknown fields, as the contract's do, and take values as their
    declared types (no ``false`` for an integer, no ``"3"`` for a number). Payloads the
    service stored itself are re-read with ``strict=False`` (JSON turned tuples into lists).
    """

    model_config = ConfigDict(extra="forbid", strict=True)

    @model_validator(mode="before")
    @classmethod
    def _integral_floats(cls, data: Any) -> Any:
        # JSON Schema's "integer" admits 3.0 (JSON has one number type), so an integer
        # field documented as such takes an integral number however it is written.
        if not isinstance(data, dict):
            return data
        ints = _integer_fields(cls)
        fixed = {
            k: int(v) if k in ints and isinstance(v, float) and v.is_integer() else v
            for k, v in data.items()
        }
        return fixed


@functools.cache
def _integer_fields(model: type[BaseModel]) -> frozenset[str]:
    """Names (and aliases) of ``model``'s fields whose type admits integers only."""
    out = set()
    for name, field in model.model_fields.items():
        if _integral(field.annotation):
            out.update({name, field.alias or name})
    return frozenset(out)


def _integral(annotation: Any) -> bool:
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if annotation is int:
        return True
    if origin is Literal:
        return bool(args) and all(type(a) is int for a in args)
    if origin is Annotated:
        return _integral(args[0])
    if origin in (typing.Union, types.UnionType):
        real = [a for a in args if a is not type(None)]
        return bool(real) and all(_integral(a) for a in real)
    return False


class Base64Image(StrictModel):
    """A base64-encoded PNG, JPEG, GIF or WebP image, with or without a ``data:`` prefix."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"example": EXAMPLE_IMAGE},
    )

    type: Literal["base64"] = "base64"
    base64: str = Field(description="Base64 image data; a data URI prefix is accepted.")
    format: str = Field(default="png", description="Image format hint, e.g. png or jpeg.")

    _pixels: np.ndarray | None = PrivateAttr(default=None)

    @model_validator(mode="after")
    def _decode(self) -> Base64Image:
        raw = _DATA_URI.sub("", self.base64.strip(), count=1)
        try:
            data = base64.b64decode(re.sub(r"\s+", "", raw), validate=True)
        except (binascii.Error, ValueError):
            raise PydanticCustomError("image_base64", "base64 data could not be decoded") from None
        if not data:
            raise PydanticCustomError("image_base64", "base64 data is empty")
        try:
            with warnings.catch_warnings():
                # Pillow warns (then refuses) on huge images at open time: both mean "too large".
                warnings.simplefilter("error", Image.DecompressionBombWarning)
                im = Image.open(io.BytesIO(data))
        except (Image.DecompressionBombWarning, Image.DecompressionBombError):
            raise PydanticCustomError(
                IMAGE_TOO_LARGE,
                "image is over the limit of {limit} pixels",
                {"limit": MAX_IMAGE_PIXELS},
            ) from None
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
            raise PydanticCustomError(
                "image_format", "data is not a readable PNG, JPEG, GIF or WebP image"
            ) from None
        try:
            with im:
                width, height = im.size
                if width * height > MAX_IMAGE_PIXELS:
                    raise PydanticCustomError(
                        IMAGE_TOO_LARGE,
                        "image is {width}x{height}, over the limit of {limit} pixels",
                        {"width": width, "height": height, "limit": MAX_IMAGE_PIXELS},
                    )
                im.seek(0)
                im.load()
                self._pixels = np.asarray(im.convert("RGBA"), dtype=np.uint8).copy()
        except PydanticCustomError:
            raise
        except (OSError, SyntaxError, ValueError, EOFError):
            raise PydanticCustomError(
                "image_format", "data is not a readable PNG, JPEG, GIF or WebP image"
            ) from None
        return self

    @property
    def pixels(self) -> np.ndarray:
        """The decoded image as an ``(H, W, 4)`` uint8 RGBA array."""
        assert self._pixels is not None
        return self._pixels

    @property
    def width(self) -> int:
        return int(self.pixels.shape[1])

    @property
    def height(self) -> int:
        return int(self.pixels.shape[0])

    @classmethod
    def from_png(cls, png: bytes) -> Base64Image:
        """Wrap PNG bytes for a response."""
        return cls(base64=base64.b64encode(png).decode("ascii"), format="png")


def png_b64(png: bytes) -> dict[str, Any]:
    """A Base64Image body for PNG bytes, without re-validating it (for stored results)."""
    return {"type": "base64", "base64": base64.b64encode(png).decode("ascii"), "format": "png"}


class Usage(BaseModel):
    """What a request was billed: ``{type: "generations", generations: N}``.

    Billing is in generations; ``usd`` is always 0.0 rather than null, so that clients
    that read it as a number keep working.
    """

    model_config = ConfigDict(
        json_schema_extra={"examples": [{"type": "generations", "generations": 1, "usd": 0.0}]}
    )

    type: Literal["usd", "generations"] = "generations"
    usd: float | None = 0.0
    generations: float | None = None


class Size(BaseModel):
    """A width and height in pixels."""

    width: int
    height: int
