"""From a validated request to a job payload: layout, cost, seeds and terrain specs.

Decisions (documented in ``docs/families/tilesets.md``):

- **Layout**: the 25-tile tall-wall layout when ``transition_size`` > 0.5 (1.0, or a
  ``shape_style`` value above 0.5), and for Pro 64 px sets at 0.5; otherwise 16 tiles.
  A tall-wall set reports ``metadata.transition_size`` 1.0 (the requested value is kept
  in ``generation_parameters``).
- **Cost** (generations): standard 16 px 2, 32 px 3; Pro up to 32 px 15, 64 px 25;
  sidescroller 16 px 3, 32 px 4.
- **Seed**: when none is sent, it is derived from the request's content (a hash of the
  request without ``seed``), so the same request gives the same set; the seed used is
  reported in ``generation_parameters.seed``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pixelkiln.contract.common import Base64Image
from pixelkiln.contract.tilesets import CreateTilesetRequest, CreateTilesetSidescrollerRequest
from pixelkiln.engine.palette import palette_from_image, unique_colors
from pixelkiln.engine.reference import Reference
from pixelkiln.engine.rng import derive_seed
from pixelkiln.engine.wang.terrain import TerrainSpec

__all__ = [
    "NO_EFFECT",
    "palette_of",
    "quote_sidescroller",
    "quote_topdown",
    "reference_of",
    "tall_wall",
    "terrain_spec",
]

#: Fields accepted for compatibility that change nothing procedurally.
NO_EFFECT = (
    "text_guidance_scale",
    "tile_strength",
    "tileset_adherence_freedom",
    "enhance",
    "spread_x",
    "slope_size",
)
_MAX_PALETTE = 32


def tall_wall(req: CreateTilesetRequest) -> bool:
    """Whether a top-down request gets the 25-tile tall-wall layout."""
    ts, size = req.transition_size, req.tile_size.width
    return ts > 0.5 or (req.mode == "pro" and size == 64 and ts >= 0.5)


def quote_topdown(req: CreateTilesetRequest) -> float:
    size = req.tile_size.width
    if req.mode == "pro":
        return 25.0 if size == 64 else 15.0
    return 3.0 if size == 32 else 2.0


def quote_sidescroller(req: CreateTilesetSidescrollerRequest) -> float:
    return 4.0 if req.tile_size.width == 32 else 3.0


def palette_of(image: Base64Image | None) -> tuple[str, ...]:
    """A ``color_image``'s palette (its colours, or up to 32 representative ones)."""
    if image is None:
        return ()
    colors, _ = unique_colors(image.pixels)
    if len(colors) > _MAX_PALETTE:
        colors = palette_from_image(image.pixels, max_colors=_MAX_PALETTE, seed=0)
    return TerrainSpec.palette_hex(np.asarray(colors, np.uint8))


def reference_of(image: Base64Image | None, adherence: float) -> dict[str, Any] | None:
    """A reference image's statistics; ``tileset_adherence`` 0..500 sets its pull 0.2..0.95."""
    if image is None:
        return None
    strength = 0.2 + 0.75 * min(1.0, adherence / 500.0)
    return TerrainSpec.reference_stats(Reference.from_image(image.pixels, strength=strength))


def terrain_spec(
    description: str,
    seed: int,
    stream: str,
    tile: int,
    req: CreateTilesetRequest | CreateTilesetSidescrollerRequest,
    palette: tuple[str, ...],
    reference: Base64Image | None,
) -> TerrainSpec:
    """The spec of one terrain of a new set."""
    return TerrainSpec(
        description=description,
        seed=derive_seed(seed, stream),
        tile=tile,
        outline=req.outline or "lineless",
        shading=req.shading or "basic shading",
        detail=req.detail or "medium detail",
        palette=palette,
        reference=reference_of(reference, req.tileset_adherence),
    )
