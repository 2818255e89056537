"""The blob store: images by unguessable key, a local folder by default."""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path
from typing import Protocol

__all__ = ["BlobStore", "LocalBlobStore", "new_key"]


def new_key(suffix: str = ".png") -> str:
    """A fresh unguessable key (192 random bits)."""
    return secrets.token_urlsafe(24) + suffix


class BlobStore(Protocol):
    def put(self, data: bytes, suffix: str = ".png") -> str: ...
    def get(self, key: str) -> bytes: ...
    def path(self, key: str) -> Path | None: ...
    def delete(self, key: str) -> None: ...


class LocalBlobStore:
    """Files under one folder, fanned out by the key's first two characters."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.root.mkdir(parents=True, exist_ok=True)

    def _file(self, key: str) -> Path:
        if not key or "/" in key or "\\" in key or key.startswith("."):
            raise KeyError(key)
        return self.root / key[:2] / key

    def put(self, data: bytes, suffix: str = ".png") -> str:
        key = new_key(suffix)
        target = self._file(key)
        target.parent.mkdir(parents=True, exist_ok=True)
        # Write then rename, so a reader never sees half a file.
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-")
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, target)
        return key

    def get(self, key: str) -> bytes:
        try:
            return self._file(key).read_bytes()
        except (OSError, KeyError):
            raise KeyError(key) from None

    def path(self, key: str) -> Path | None:
        try:
            target = self._file(key)
        except KeyError:
            return None
        return target if target.is_file() else None

    def delete(self, key: str) -> None:
        try:
            self._file(key).unlink(missing_ok=True)
        except KeyError:
            pass
