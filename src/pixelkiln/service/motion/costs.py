"""What the motion tools cost, in generations.

The contract states the Pro ladder for Pro tools, PixMiniMax's 64x64 table and the
example usage of ``/rotate``; the rest is written down here, modest and by area:

=========================  =========================================================
operation                  generations
=========================  =========================================================
rotate                     1 (the contract's synchronous tools answer 0.01 USD)
generate-8-rotations-v3    ``ceil(w * h * 8 / 65536)`` of first_frame, at least 1
                           (create-character-v3's rotation price)
generate-8-rotations-v2    the Pro ladder by image_size: up to 64 px 20, 128 25, 40
animate-with-text-v3       ``ceil(w * h * frame_count / 65536)``, at least 1
animate-pixminimax         64x64: 4 or 8 frames 1, 16 frames 2, 40 frames 6
                           (the contract's table; between, 2 + ceil((n - 16) / 6));
                           times ``ceil(w * h / 4096)``
interpolation-v2,          the Pro ladder by image_size
edit-animation-v2,
transfer-outfit-v2
enhance_prompt             +0.05, charged apart
=========================  =========================================================
"""

from __future__ import annotations

import math

from pixelkiln.service.characters.costs import ENHANCE, pro_cost

__all__ = ["ENHANCE", "ROTATE", "pixminimax_cost", "pro_cost", "rotations_v3_cost", "text_v3_cost"]

ROTATE = 1.0


def rotations_v3_cost(width: int, height: int) -> float:
    return float(max(1, math.ceil(width * height * 8 / 65536)))


def text_v3_cost(width: int, height: int, frames: int) -> float:
    return float(max(1, math.ceil(width * height * frames / 65536)))


def pixminimax_cost(width: int, height: int, frames: int) -> float:
    base = 1 if frames <= 8 else 2 if frames <= 16 else 2 + math.ceil((frames - 16) / 6)
    return float(base * max(1, math.ceil(width * height / 4096)))
