"""Single images from a description: what it asks for (:mod:`.intent`) and the drawing
of it with every generator field (:mod:`.generate`)."""

from pixelkiln.engine.images.generate import (
    ImageAsk,
    Picture,
    candidate_count,
    draw_candidates,
    draw_image,
)
from pixelkiln.engine.images.intent import Intent, read_intent

__all__ = [
    "ImageAsk",
    "Intent",
    "Picture",
    "candidate_count",
    "draw_candidates",
    "draw_image",
    "read_intent",
]
