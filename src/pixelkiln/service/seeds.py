"""The seed of a request that sent none: derived from everything else it says, so the same
request draws the same picture every time (and different requests different ones)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable

from pydantic import BaseModel

__all__ = ["content_seed"]


def content_seed(request: BaseModel, ignore: Iterable[str] = ()) -> int:
    """The request's ``seed``, or a 31-bit seed hashed from its other fields (``ignore``
    names fields that do not change the picture, such as a display name)."""
    seed = getattr(request, "seed", None)
    if seed is not None:
        return int(seed)
    body = request.model_dump(mode="json", exclude={"seed", *ignore})
    digest = hashlib.blake2b(json.dumps(body, sort_keys=True).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") & (2**31 - 1)
