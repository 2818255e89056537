"""Backup archives: PostgreSQL deployments archive their images (rows go to pg_dump), a
restore needs an empty folder, and an archive cannot write outside it."""

from __future__ import annotations

import io
import json
import tarfile
from pathlib import Path

import pytest

from pixelkiln.config import Settings
from pixelkiln.store.backup import NotEmpty, backup, restore
from pixelkiln.store.blobs import LocalBlobStore

PG = "postgresql+psycopg://pixelkiln@db.invalid:5432/pixelkiln"


def test_a_postgresql_deployment_archives_its_images(tmp_path: Path) -> None:
    source = Settings(data_dir=tmp_path / "a", database_url=PG, blob_dir=tmp_path / "blobs-a")
    store = LocalBlobStore(source.resolved_blob_dir)
    keys = {store.put(bytes([i]) * 10): bytes([i]) * 10 for i in range(3)}
    archive = tmp_path / "images.tar.gz"
    summary = backup(source, archive)
    assert (summary.database, summary.images) == ("postgresql", 3)

    target = Settings(data_dir=tmp_path / "b", database_url=PG, blob_dir=tmp_path / "blobs-b")
    assert restore(target, archive).images == 3
    restored = LocalBlobStore(target.resolved_blob_dir)
    assert {k: restored.get(k) for k in keys} == keys
    with pytest.raises(NotEmpty):
        restore(target, archive)


def test_an_archive_cannot_write_outside_the_data_folder(tmp_path: Path) -> None:
    archive = tmp_path / "evil.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        for name, data in (
            ("pixelkiln-backup.json", json.dumps({"database": "postgresql"}).encode()),
            ("blobs/../../escaped.png", b"x"),
        ):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    target = Settings(data_dir=tmp_path / "b", database_url=PG, blob_dir=tmp_path / "b" / "blobs")
    with pytest.raises(ValueError, match="unsafe"):
        restore(target, archive)
    assert not (tmp_path / "escaped.png").exists()
