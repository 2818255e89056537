"""A ``tEXt`` chunk in a PNG: written without re-encoding, read without decoding.

The rotations the service answers from a stored model carry a ``pixelkiln`` chunk
naming the asset and file they are (:data:`KEY`), so such an image is recognised when it
comes back even where its pixels no longer hash the same. The chunk goes just before
``IEND`` and the image data is left as it is (Pillow would re-encode it to add one), so
the bytes up to the chunk, the pixels and their hash are the same as without it.
Stored files carry none: a stored PNG is kept byte for byte as drawn (a reference as
sent, the same request giving the same bytes), and is recognised by its pixel hash.
"""

from __future__ import annotations

import struct
import zlib

__all__ = ["KEY", "add_text", "read_text"]

KEY = "pixelkiln"
_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunks(png: bytes) -> list[tuple[int, bytes, bytes]]:
    """(offset, type, data) of every chunk; empty when ``png`` is not a whole PNG."""
    if not png.startswith(_SIGNATURE):
        return []
    out, at = [], len(_SIGNATURE)
    while at + 12 <= len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        kind = png[at + 4 : at + 8]
        if at + 12 + length > len(png):
            return []
        out.append((at, kind, png[at + 8 : at + 8 + length]))
        at += 12 + length
        if kind == b"IEND":
            return out
    return []


def add_text(png: bytes, key: str, value: str) -> bytes:
    """``png`` with a ``tEXt`` chunk ``key`` = ``value`` (replacing one of that key);
    bytes that are not a PNG are returned as they are."""
    chunks = _chunks(png)
    if not chunks:
        return png
    body = key.encode("latin-1") + b"\0" + value.encode("latin-1")
    chunk = struct.pack(">I", len(body)) + b"tEXt" + body
    chunk += struct.pack(">I", zlib.crc32(b"tEXt" + body) & 0xFFFFFFFF)
    parts = [png[: len(_SIGNATURE)]]
    for at, kind, data in chunks:
        if kind == b"tEXt" and data.split(b"\0", 1)[0] == key.encode("latin-1"):
            continue
        if kind == b"IEND":
            parts.append(chunk)
        parts.append(png[at : at + 12 + len(data)])
    return b"".join(parts)


def read_text(png: bytes, key: str) -> str | None:
    """The value of ``png``'s ``tEXt`` chunk ``key``, if it has one."""
    for _, kind, data in _chunks(png):
        if kind == b"tEXt":
            name, _, value = data.partition(b"\0")
            if name == key.encode("latin-1"):
                return value.decode("latin-1")
    return None
