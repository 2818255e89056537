"""What character work costs, in generations (the contract's statements, written down).

======================================  ==============================================
operation                               generations
======================================  ==============================================
4 or 8 directions, standard             1
8 directions ``mode: pro``,             the Pro ladder by the larger side of
create-character-pro                    ``image_size``: up to 64 px 20, up to 128 25,
                                        above 40
create-character-v3, reference          ``ceil(w * h * 8 / 65536)`` of the reference
create-character-v3, from scratch       ``1 + ceil(s * s * 8 / 65536)``, s the larger side
create-character-pro-flash              first image 5 (0 with ``first_frame`` or a paid
                                        ``source_image_id``) + rotations
                                        ``ceil(w * h * 8 / 65536)``
create-character-state                  1 (the source model redrawn with the edit)
animation, template                     1 per direction
animation, v3 or pro                    the Pro ladder by the character's size, per
                                        direction
``enhance_prompt``                      +0.05, charged apart (``enhance_usage``)
======================================  ==============================================

The Pro ladder is the contract's 20/25/40; the specification notes that release 0.4.128
lowered every Pro tool to 10/15/25, which is one change to :data:`PRO_LADDER`.
A state's price is not in the contract: it redraws a stored model, so it costs what a
standard character costs.
"""

from __future__ import annotations

import math

from pixelkiln.service import pro_flash

__all__ = [
    "ENHANCE",
    "PRO_LADDER",
    "PRO_TOP",
    "STANDARD",
    "STATE",
    "TEMPLATE_PER_DIRECTION",
    "animation_cost",
    "pro_cost",
    "v3_cost",
]

STANDARD = 1.0
STATE = 1.0
TEMPLATE_PER_DIRECTION = 1.0
ENHANCE = 0.05
#: (largest side up to, generations) rungs of the Pro ladder; above the last, PRO_TOP.
PRO_LADDER: tuple[tuple[int, float], ...] = ((64, 20.0), (128, 25.0))
PRO_TOP = 40.0


def pro_cost(width: int, height: int) -> float:
    """The Pro ladder for a character of this size."""
    side = max(width, height)
    return next((cost for ceiling, cost in PRO_LADDER if side <= ceiling), PRO_TOP)


def v3_cost(width: int, height: int, reference: bool) -> float:
    """create-character-v3: the reference's area, or 1 (the first sprite) plus the area
    of the square canvas."""
    if reference:
        return float(math.ceil(width * height * 8 / 65536))
    s = max(width, height)
    return 1.0 + math.ceil(s * s * 8 / 65536)


def animation_cost(mode: str, directions: int, width: int, height: int) -> float:
    """An animation of ``directions`` directions of a character of this image size."""
    per = TEMPLATE_PER_DIRECTION if mode == "template" else pro_cost(width, height)
    return per * directions


def pro_flash_quote(width: int, height: int, reuse: bool) -> pro_flash.Quote:
    """A Pro Flash character's stages."""
    return pro_flash.quote("character", width, height, 8, reuse=reuse)
