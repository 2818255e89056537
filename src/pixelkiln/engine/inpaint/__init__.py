"""Inpainting: the described thing drawn into a mask, the rest of the mask filled by
copying patches of the image's own texture (:mod:`.synthesis`), so nothing outside the
mask changes and no colour appears that is neither the image's nor the thing's."""

from pixelkiln.engine.inpaint.fill import Inpainted, inpaint
from pixelkiln.engine.inpaint.synthesis import synthesize

__all__ = ["Inpainted", "inpaint", "synthesize"]
