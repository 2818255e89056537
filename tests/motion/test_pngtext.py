"""Our PNG text chunk: written without touching the pixels, read back, replaced."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

from pixelkiln.engine.imageio import decode_image, encode_png
from pixelkiln.engine.pngtext import KEY, add_text, read_text
from pixelkiln.gallery.hand_made import knight


def test_the_chunk_keeps_the_pixels_and_is_read_back() -> None:
    png = encode_png(knight())
    assert read_text(png, KEY) is None
    marked = add_text(png, KEY, "asset=a1;file=south")
    assert read_text(marked, KEY) == "asset=a1;file=south"
    assert np.array_equal(decode_image(marked), decode_image(png))  # pixels untouched
    with Image.open(io.BytesIO(marked)) as im:  # a PNG reader sees it too
        im.load()
        assert im.info[KEY] == "asset=a1;file=south"
    again = add_text(marked, KEY, "asset=a2;file=east")
    assert read_text(again, KEY) == "asset=a2;file=east"
    assert again.count(b"tEXt" + KEY.encode()) == 1  # replaced, not added twice
    assert add_text(b"not a png", KEY, "x") == b"not a png"
