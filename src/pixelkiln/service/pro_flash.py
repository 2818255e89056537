"""Pro-flash pricing and the paid first images that later operations may reuse.

Every pro-flash operation is billed in stages, reported itemised on the job
(``billing_stages``) and quoted beforehand by ``GET /pro-flash/cost``:

- ``first_image``: drawing the first (south) image, :data:`FIRST_IMAGE` generations
  (the contract's "five image generation units provisionally"), for ``create``,
  ``edit``, ``inpaint``, ``character`` and ``object``;
- ``rotations``: the other directions of an 8-direction character or object, priced as
  the v3 rotation formula ``ceil(width * height * 8 / 65536)`` (1 generation at 64 x 64);
- ``finalize``: turning a first image into a 1-direction object: free.

A first image that was paid for is stored as a ``pro_flash_image`` asset; passing its id
as ``source_image_id`` (or the same picture as ``first_frame``) skips the first stage, so
finishing an already-paid preview charges only its rotations.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pixelkiln.errors import NotFound
from pixelkiln.service.accounts import Auth
from pixelkiln.store.models import Asset

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = [
    "FAMILY",
    "FIRST_IMAGE",
    "OPERATIONS",
    "Quote",
    "owned_source_image",
    "quote",
    "rotation_cost",
]

FAMILY = "pro_flash_image"
FIRST_IMAGE = 5.0
OPERATIONS = ("create", "edit", "inpaint", "character", "object")


def rotation_cost(width: int, height: int) -> float:
    """Generations for the 7 other directions of a subject of this size."""
    return float(math.ceil(width * height * 8 / 65536))


@dataclass(frozen=True)
class Quote:
    """A pro-flash price, stage by stage."""

    operation: str
    width: int
    height: int
    n_directions: int
    stages: list[dict[str, Any]] = field(default_factory=list)

    @property
    def total(self) -> float:
        return float(sum(s["generations"] for s in self.stages))

    def to_dict(self) -> dict[str, Any]:
        return {
            "operation": self.operation,
            "width": self.width,
            "height": self.height,
            "n_directions": self.n_directions,
            "billing_stages": self.stages,
            "estimated_generations": self.total,
            "provisional": True,
            "reuse": (
                "Reusing a paid first image (source_image_id, or the same first_frame) "
                "charges only the rotations; finishing a 1-direction object is free."
            ),
        }


def quote(
    operation: str, width: int, height: int, n_directions: int = 8, reuse: bool = False
) -> Quote:
    """The price of a pro-flash operation (``reuse``: the first image is already paid)."""
    if operation not in OPERATIONS:
        msg = f"operation must be one of {', '.join(OPERATIONS)}; got {operation!r}"
        raise ValueError(msg)
    stages: list[dict[str, Any]] = []
    stages.append(
        {
            "stage": "first_image",
            "generations": 0.0 if reuse else FIRST_IMAGE,
            "reused": reuse,
        }
    )
    if operation in ("character", "object"):
        if n_directions == 8:
            stages.append({"stage": "rotations", "generations": rotation_cost(width, height)})
        else:
            stages.append({"stage": "finalize", "generations": 0.0})
    return Quote(operation, width, height, n_directions, stages)


def owned_source_image(ctx: Container, auth: Auth, image_id: str) -> Asset:
    """The caller's completed pro-flash first image (404 for anything else)."""
    with ctx.db.read() as s:
        asset = s.get(Asset, image_id)
        if (
            asset is None
            or asset.account_id != auth.account_id
            or asset.family != FAMILY
            or asset.status != "completed"
        ):
            raise NotFound("source image not found")
        s.expunge(asset)
        return asset
