"""Images the service drew are recognised when they come back, by their pixels."""

from __future__ import annotations

import io
import time

import numpy as np
from PIL import Image

from pixelkiln.engine.imageio import decode_image
from pixelkiln.service.accounts import Auth
from pixelkiln.service.provenance import find_drawn
from pixelkiln.store.hashing import pixel_hash
from pixelkiln.store.models import Blob


def test_a_drawn_image_is_found_by_its_pixels_and_only_by_its_owner(make_service) -> None:
    svc = make_service(runner="thread")
    key = svc.new_key(generations=10)
    other = svc.new_key(generations=10)
    r = svc.client.post(
        "/v2/create-isometric-tile",
        json={"description": "stone", "image_size": {"width": 32, "height": 32}, "seed": 3},
        headers=svc.headers(key),
    )
    tile_id = r.json()["tile_id"]
    for _ in range(400):
        answer = svc.client.get(f"/v2/isometric-tiles/{tile_id}", headers=svc.headers(key))
        if answer.status_code == 200:
            break
        time.sleep(0.05)
    with svc.ctx.db.read() as s:
        blob = s.query(Blob).filter(Blob.asset_id == tile_id).one()
        stored = svc.ctx.blobs.get(blob.key)
        assert blob.content_hash == pixel_hash(decode_image(stored))
    rgba = decode_image(stored)
    # Re-encoded as plain RGBA (another encoder, another byte stream): still recognised.
    buf = io.BytesIO()
    Image.fromarray(rgba, "RGBA").save(buf, format="PNG", compress_level=1)
    again = decode_image(buf.getvalue())
    mine = Auth(account_id=key.account_id, key_id=key.key_id)
    found = find_drawn(svc.ctx, mine, again)
    assert found is not None and found.asset_id == tile_id and found.family == "isometric_tile"
    assert found.file == "tile"
    theirs = Auth(account_id=other.account_id, key_id=other.key_id)
    assert find_drawn(svc.ctx, theirs, again) is None
    changed = again.copy()
    changed[np.nonzero(changed[..., 3])[0][0], np.nonzero(changed[..., 3])[1][0], 0] ^= 1
    assert find_drawn(svc.ctx, mine, changed) is None
