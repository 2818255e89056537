"""Types shared by every family: strict request base, Base64 images, usage, style enums.

Images arrive as ``{type: "base64", base64, format}``, with or without a ``data:`` prefix.
They are decoded while the request is validated, so a bad image is a field-level error
(422) naming the field, and an image over the pixel limit (a decompression bomb, say) is
answered 413 by the API layer, which recognises the ``image_too_large`` error type.
"""

from __future__ import annotations

import base64
import binascii
import io
import re
import warnings
from typing import Annotated, Any, Literal

import numpy as np
from PIL import Image, UnidentifiedImageError
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator
from pydantic_core import PydanticCustomError

__all__ = [
    "DETAILS",
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
    Field(ge=0, le=2**63 - 1, description="Seed; the same request and seed give the same bytes."),
]


class StrictModel(BaseModel):
    """Request models reject unknown fields, as the contract's do, and take values as their
    declared types (no ``false`` for an integer, no ``"3"`` for a number). Payloads the
    service stored itself are re-read with ``strict=False`` (JSON turned tuples into lists).
    """

    model_config = ConfigDict(extra="forbid", strict=True)


class Base64Image(StrictModel):
    """A base64-encoded PNG, JPEG, GIF or WebP image, with or without a ``data:`` prefix."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "example": {"type": "base64", "base64": "iVBORw0KGgo...", "format": "png"}
        },
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
