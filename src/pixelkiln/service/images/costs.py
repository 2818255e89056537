"""What each single-image, edit and inpaint operation costs, in generations.

The contract gives 1 generation for ``edit-image-pixen``, +0.05 for an enhanced pixen
prompt and five provisional units for each Pro Flash operation (the ``first_image``
stage of :mod:`pixelkiln.service.pro_flash`). The rest is ours and modest: the
synchronous generators and ``inpaint`` cost 1 (their examples' "usd 0.01", the price of
a small image elsewhere in the service), as do ``create-image-pixflux-background`` and
``edit-image``; the Pro endpoints that answer many candidates or images
(``generate-image-v2``, ``generate-with-style-v2``, ``edit-images-v2``) and
``inpaint-v3`` cost 2.
"""

from __future__ import annotations

from pixelkiln.service import pro_flash

__all__ = ["COSTS", "ENHANCE_FEE", "PRO_FLASH"]

ENHANCE_FEE = 0.05
PRO_FLASH = pro_flash.FIRST_IMAGE
COSTS: dict[str, float] = {
    "/create-image-bitforge": 1.0,
    "/create-image-pixen": 1.0,
    "/create-image-pixflux": 1.0,
    "/create-image-pixflux-background": 1.0,
    "/generate-image-v2": 2.0,
    "/generate-with-style-v2": 2.0,
    "/edit-image": 1.0,
    "/edit-image-pixen": 1.0,
    "/edit-images-v2": 2.0,
    "/inpaint": 1.0,
    "/inpaint-v3": 2.0,
    "/create-image-pro-flash": PRO_FLASH,
    "/edit-image-pro-flash": PRO_FLASH,
    "/inpaint-image-pro-flash": PRO_FLASH,
}
