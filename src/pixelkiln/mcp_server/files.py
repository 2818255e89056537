"""The user's project: ``save_to`` writes into it, image arguments may read from it, and
neither ever leaves its root.

The server is started with a root (``--root``, default the folder it starts in). A
``save_to`` folder or an image's ``{"type": "file", "path": ...}`` is resolved against it,
symbolic links included, and refused unless it lies inside; so is every member of an
export archive, which is unpacked into its own subfolder (``tiled/``, ``godot/``,
``aseprite/``).
"""

from __future__ import annotations

import base64
import io
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

__all__ = ["OutsideRoot", "SaveRoot"]


class OutsideRoot(ValueError):
    """A path that resolves outside the configured root."""


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


@dataclass(frozen=True)
class SaveRoot:
    root: Path

    @classmethod
    def at(cls, root: Path) -> SaveRoot:
        return cls(root.expanduser().resolve())

    def folder(self, save_to: str) -> Path:
        """The folder ``save_to`` names (relative to the root, or absolute inside it)."""
        target = Path(save_to).expanduser()
        if not target.is_absolute():
            target = self.root / target
        resolved = target.resolve()
        if not _inside(resolved, self.root):
            msg = f"save_to {save_to!r} is outside the allowed root {self.root}"
            raise OutsideRoot(msg)
        return resolved

    def read(self, path: str) -> bytes:
        """A file the assistant names (relative to the root, or absolute inside it)."""
        resolved = self.folder(path)
        if not resolved.is_file():
            msg = f"no file {path!r} under the root {self.root}"
            raise OutsideRoot(msg)
        return resolved.read_bytes()

    def inline_files(self, value: Any) -> Any:
        """``value`` with every ``{"type": "file", "path": ...}`` replaced by the file as the
        contract's base64 image, so an assistant can pass the project's own pictures."""
        if isinstance(value, dict):
            if value.get("type") == "file" and isinstance(value.get("path"), str):
                data = base64.b64encode(self.read(value["path"])).decode()
                fmt = Path(value["path"]).suffix.lstrip(".").lower() or "png"
                return {"type": "base64", "base64": data, "format": fmt}
            return {k: self.inline_files(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self.inline_files(v) for v in value]
        return value

    def write(self, folder: Path, name: str, data: bytes) -> Path:
        """Write ``data`` to ``folder/name`` (a relative name with subfolders allowed)."""
        parts = [p for p in PurePosixPath(name).parts if p not in ("", ".", "/")]
        if not parts or ".." in parts:
            msg = f"refusing the file name {name!r}"
            raise OutsideRoot(msg)
        path = folder.joinpath(*[re.sub(r"[^A-Za-z0-9_.-]+", "_", p) for p in parts])
        path.parent.mkdir(parents=True, exist_ok=True)
        if not _inside(path.parent.resolve(), self.root):
            msg = f"{path} is outside the allowed root {self.root}"
            raise OutsideRoot(msg)
        path.write_bytes(data)
        return path

    def unpack(self, folder: Path, subfolder: str, archive: bytes) -> list[Path]:
        """The members of a ZIP export, into ``folder/subfolder``."""
        written = []
        with zipfile.ZipFile(io.BytesIO(archive)) as zf:
            for info in zf.infolist():
                if not info.is_dir():
                    written.append(
                        self.write(folder, f"{subfolder}/{info.filename}", zf.read(info))
                    )
        return written
