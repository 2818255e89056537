"""Backups of a deployment: the database and the image folder in one archive.

The database is copied first and the images after: an image is written before the row
that names it is committed, so every image the copied database names is already in the
folder when the folder is read. SQLite is copied with its online backup API (a
consistent snapshot while the service keeps writing); PostgreSQL is left to ``pg_dump``
(the archive then holds the images and says so in its manifest).
"""

from __future__ import annotations

import datetime as dt
import io
import json
import sqlite3
import tarfile
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from sqlalchemy.engine import make_url

from pixelkiln import __version__
from pixelkiln.config import Settings
from pixelkiln.store.migrate import upgrade

__all__ = ["BackupSummary", "NotEmpty", "backup", "restore"]

MANIFEST = "pixelkiln-backup.json"
DB_MEMBER = "database/pixelkiln.db"
BLOBS = "blobs"


class NotEmpty(Exception):
    """A restore was aimed at a data folder that already holds a service's data."""


@dataclass(frozen=True)
class BackupSummary:
    database: str  # "sqlite" (in the archive) or "postgresql" (use pg_dump)
    images: int
    bytes: int


def _sqlite_path(settings: Settings) -> Path | None:
    url = make_url(settings.resolved_database_url)
    if url.get_backend_name() != "sqlite" or not url.database:
        return None
    return Path(url.database)


def _add_bytes(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size, info.mtime, info.mode = len(data), int(dt.datetime.now().timestamp()), 0o600
    tar.addfile(info, io.BytesIO(data))


def backup(
    settings: Settings, out: Path, progress: Callable[[str], None] = lambda _: None
) -> BackupSummary:
    """Write ``out`` (a gzipped tar) while the service may be running."""
    source = _sqlite_path(settings)
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(out.name + ".partial")
    images = 0
    with tarfile.open(partial, "w:gz") as tar:
        if source is not None:
            progress(f"copying the database {source}")
            with tempfile.TemporaryDirectory() as tmp:
                copy = Path(tmp) / "pixelkiln.db"
                src = sqlite3.connect(source, timeout=30)
                dst = sqlite3.connect(copy)
                try:
                    src.backup(dst)
                finally:
                    dst.close()
                    src.close()
                tar.add(copy, DB_MEMBER)
        else:
            progress("PostgreSQL: dump the database with pg_dump (see the README)")
        root = settings.resolved_blob_dir
        progress(f"copying images from {root}")
        for path in sorted(root.rglob("*")) if root.is_dir() else []:
            if not path.is_file() or path.name.startswith(".tmp-"):
                continue
            try:
                data = path.read_bytes()
            except FileNotFoundError:  # deleted since the listing: no row names it any more
                continue
            _add_bytes(tar, f"{BLOBS}/{path.relative_to(root).as_posix()}", data)
            images += 1
        manifest = {
            "format": 1,
            "pixelkiln": __version__,
            "created_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "database": "sqlite" if source is not None else "postgresql",
            "images": images,
        }
        _add_bytes(tar, MANIFEST, json.dumps(manifest, indent=2).encode())
    partial.replace(out)
    return BackupSummary(manifest["database"], images, out.stat().st_size)  # type: ignore[arg-type]


def _safe_name(name: str) -> PurePosixPath:
    path = PurePosixPath(name)
    if path.is_absolute() or ".." in path.parts:
        raise ValueError(f"unsafe path in archive: {name}")
    return path


def restore(
    settings: Settings, archive: Path, progress: Callable[[str], None] = lambda _: None
) -> BackupSummary:
    """Unpack ``archive`` into the configured (empty) data folder and migrate it."""
    target_db = _sqlite_path(settings)
    blob_root = settings.resolved_blob_dir
    if target_db is not None and target_db.exists() and target_db.stat().st_size > 0:
        raise NotEmpty(f"{target_db} exists: restore into an empty data folder")
    if blob_root.is_dir() and any(blob_root.iterdir()):
        raise NotEmpty(f"{blob_root} is not empty: restore into an empty data folder")
    images = 0
    with tarfile.open(archive, "r:*") as tar:
        manifest = json.loads(tar.extractfile(MANIFEST).read())  # type: ignore[union-attr]
        if manifest["database"] == "sqlite" and target_db is None:
            raise ValueError("this archive holds a SQLite database; unset PIXELKILN_DATABASE_URL")
        for member in tar:
            if not member.isfile():
                continue
            name = _safe_name(member.name)
            if member.name == DB_MEMBER and target_db is not None:
                dest = target_db
            elif name.parts[0] == BLOBS and len(name.parts) > 1:
                dest = blob_root.joinpath(*name.parts[1:])
                images += 1
            else:
                continue
            dest.parent.mkdir(parents=True, exist_ok=True)
            source = tar.extractfile(member)
            assert source is not None
            with source, open(dest, "wb") as fh:
                fh.write(source.read())
    if manifest["database"] == "sqlite":
        progress("bringing the database up to date")
        upgrade(settings.resolved_database_url)
    else:
        progress("images restored; restore the database with pg_restore (see the README)")
    return BackupSummary(manifest["database"], images, archive.stat().st_size)
